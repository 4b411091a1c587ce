/**
 * @module rules/github
 * GitHub tokens: classic personal access (ghp_), OAuth (gho_), user-to-server (ghu_), server-to-server
 * (ghs_), refresh (ghr_), fine-grained PATs (github_pat_), plus OAuth app client secrets next to a github
 * key name. Prefixed tokens are 36 base62 characters after the prefix (the last six are a checksum).
 */
import { keyed } from './assignments.js';
import type { SecretRule } from './types.js';

/** Placeholders written with a GitHub prefix: `ghp_xxxx…` and friends are caught by the engine already. */
const GH_STOP = ['your', 'token'] as const;

export const rules: readonly SecretRule[] = [
  {
    id: 'github-pat',
    description: 'GitHub classic personal access token (ghp_)',
    family: 'github',
    keywords: ['ghp_'],
    regex: /(?<![A-Za-z0-9_])(ghp_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/,
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GH_STOP },
    examples: {
      positive: ['export GITHUB_TOKEN=ghp_«a36»', 'my key `ghp_«a36»` fails'],
      negative: ['ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'the ghp_ prefix', 'ghp_«a20»'],
    },
  },
  {
    id: 'github-oauth',
    description: 'GitHub OAuth access token (gho_)',
    family: 'github',
    keywords: ['gho_'],
    regex: /(?<![A-Za-z0-9_])(gho_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/,
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GH_STOP },
    examples: {
      positive: ['System.setProperty("GITHUB_TOKEN", "gho_«a36»")'],
      negative: ['gho_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'gho_short'],
    },
  },
  {
    id: 'github-app-token',
    description: 'GitHub App user-to-server (ghu_) or installation (ghs_) token',
    family: 'github',
    keywords: ['ghu_', 'ghs_'],
    // Installation tokens also come as `ghs_<app id>_<JWT>`.
    regex:
      /(?<![A-Za-z0-9_])(gh[us]_(?:[A-Za-z0-9]{36}|\d{1,12}_ey[\w-]{10,2048}\.ey[\w-]{10,8192}\.[\w-]{0,2048}))(?![\w.-])/,
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GH_STOP },
    examples: {
      positive: ['"token": "ghs_«a36»"', 'ghu_«a36»', 'GH_TOKEN=ghs_«d5»_eyJ«w40».eyJ«w80».«w43»'],
      negative: ['ghs_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ghs_«a30»'],
    },
  },
  {
    id: 'github-refresh-token',
    description: 'GitHub refresh token (ghr_)',
    family: 'github',
    keywords: ['ghr_'],
    regex: /(?<![A-Za-z0-9_])(ghr_[A-Za-z0-9]{36,76})(?![A-Za-z0-9_])/,
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GH_STOP },
    examples: {
      positive: ['"refresh_token": "ghr_«a36»"'],
      negative: ['ghr_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ghr_short'],
    },
  },
  {
    id: 'github-fine-grained-pat',
    description: 'GitHub fine-grained personal access token (github_pat_ + 82 characters)',
    family: 'github',
    keywords: ['github_pat_'],
    regex: /(?<![A-Za-z0-9_])(github_pat_[A-Za-z0-9_]{82})(?![A-Za-z0-9_])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ["githubToken = 'github_pat_«a22»_«a59»'"],
      negative: [
        'github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        'github_pat_short',
      ],
    },
  },
  {
    id: 'github-oauth-client-secret',
    description: 'GitHub OAuth app client secret (40 hex next to a github secret key name)',
    family: 'github',
    keywords: ['github'],
    regex: keyed('github', '[a-f0-9]{40}', '[\\w.-]{0,20}?secret'),
    secretGroup: 1,
    examples: {
      positive: ['GITHUB_CLIENT_SECRET=«h40»'],
      negative: ['GITHUB_SHA=«h40»', 'github_commit: «h40»'],
    },
  },
];
