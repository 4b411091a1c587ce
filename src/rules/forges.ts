/**
 * @module rules/forges
 * Source forges other than GitHub and GitLab: Bitbucket (OAuth consumers, app passwords, access tokens),
 * Gitea/Forgejo/Codeberg, Gitter, SourceHut, Sourcegraph. Atlassian account API tokens are the saas family's.
 */
import { keyed } from './assignments.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'bitbucket-client-id',
    description: 'Bitbucket OAuth consumer key (32 characters next to a bitbucket key name)',
    family: 'forges',
    keywords: ['bitbucket'],
    regex: keyed('bitbucket', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ["bitbucketToken = '«l32»'"],
      negative: ['bitbucket_workspace = "my-team"', 'bitbucketToken = "${BB_TOKEN}"'],
    },
  },
  {
    id: 'bitbucket-client-secret',
    description: 'Bitbucket OAuth consumer secret (64 characters next to a bitbucket key name)',
    family: 'forges',
    keywords: ['bitbucket'],
    regex: keyed('bitbucket', '[a-z0-9=_-]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['bitbucketToken := `«l64»`'],
      negative: ['bitbucket_url = https://bitbucket.org/team/repo', 'bitbucketSecret = <secret>'],
    },
  },
  {
    id: 'bitbucket-app-password',
    description: 'Bitbucket app password or access token (ATBB / ATCTT3 prefixes)',
    family: 'forges',
    keywords: ['atbb', 'atctt3'],
    regex: /(?<![\w-])((?:ATBB[A-Za-z0-9_=.-]{28,36}|ATCTT3xFfGN0[A-Za-z0-9_=-]{160,240}))(?![\w=.-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['BITBUCKET_APP_PASSWORD=ATBB«a32»', 'Bearer ATCTT3xFfGN0«w180»'],
      negative: ['ATBB prefix', 'ATBBshort'],
    },
  },
  {
    id: 'gitea-access-token',
    description: 'Gitea / Forgejo / Codeberg access token (40 hex next to the forge name)',
    family: 'forges',
    keywords: ['gitea', 'forgejo', 'codeberg'],
    regex: keyed('gitea|forgejo|codeberg', '[a-f0-9]{40}', '[\\w.-]{0,20}?(?:token|key|secret|password|pat)'),
    secretGroup: 1,
    examples: {
      positive: ['GITEA_TOKEN=«h40»', 'forgejo_access_token: "«h40»"'],
      negative: ['GITEA_COMMIT=«h40»', 'gitea_url: https://gitea.example.com'],
    },
  },
  {
    id: 'gitter-access-token',
    description: 'Gitter access token (40 characters next to a gitter key name)',
    family: 'forges',
    keywords: ['gitter'],
    regex: keyed('gitter', '[a-z0-9_-]{40}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['gitterToken = "«l40»"'],
      negative: ['gitter_room = acme/community', 'gitterToken = "<token>"'],
    },
  },
  {
    id: 'sourcehut-token',
    description: 'SourceHut personal access token (next to a srht/sourcehut key name)',
    family: 'forges',
    keywords: ['srht', 'sourcehut'],
    regex: keyed('srht|sourcehut', '[A-Za-z0-9+/]{80,120}={0,2}'),
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['SRHT_TOKEN=«a100»'],
      negative: ['srht_host = git.sr.ht', 'SRHT_TOKEN=$TOKEN'],
    },
  },
  {
    id: 'sourcegraph-access-token',
    description:
      'Sourcegraph access token (sgp_ + 40 hex, optionally with a 16-hex or `local` instance part)',
    family: 'forges',
    keywords: ['sgp_'],
    regex: /(?<![\w-])sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}(?![\w-])/,
    entropy: 3,
    examples: {
      positive: ['SRC_ACCESS_TOKEN=sgp_«h16»_«h40»', 'token: sgp_local_«h40»', 'sgp_«h40»'],
      negative: ['sgp_<token>', 'sgp_0000000000000000000000000000000000000000'],
    },
  },
  {
    id: 'sourcegraph-legacy-access-token',
    description: 'Sourcegraph access token of the older format (40 hex) next to a sourcegraph key name',
    family: 'forges',
    keywords: ['sourcegraph'],
    regex: keyed('sourcegraph', '[a-fA-F0-9]{40}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['sourcegraph: «h40»', 'SOURCEGRAPH_TOKEN="«H40»"'],
      negative: ['sourcegraph_commit: ${GIT_SHA}', 'sourcegraph: 0000000000000000000000000000000000000000'],
    },
  },
];
