/**
 * @module rules/gitlab
 * GitLab tokens. Since GitLab 14-16 every token type carries its own prefix (glpat-, gldt-, glrt-, glptt-,
 * gloas-, glft-, glimt-, glagent-, glcbt-, glsoat-, glffct-), optionally with the `<payload>.<version><crc>`
 * routable suffix; legacy runner registration tokens start GR1348941. The session cookie is `_gitlab_session`.
 */
import type { SecretRule } from './types.js';

/**
 * One prefixed GitLab token type: prefix, shortest body and description. A routable token's body (GitLab 17+)
 * carries its routing payload, up to 310 characters, then `.<version><crc>`.
 */
function gitlab(id: string, prefix: string, min: number, what: string, example: string): SecretRule {
  const p = prefix.replace(/[-.]/g, '\\$&');
  return {
    id,
    description: `GitLab ${what} (${prefix})`,
    family: 'gitlab',
    keywords: [prefix.toLowerCase()],
    regex: new RegExp(
      `(?<![\\w-])(${p}[A-Za-z0-9_-]{${min},310}(?:\\.[A-Za-z0-9]{2}\\.?[A-Za-z0-9]{7,9})?)(?![\\w.-])`,
    ),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [example, `routable: ${prefix}«w60».«l9»`, `${prefix}«w60».01.«l7»`],
      negative: [`${prefix}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, `the ${prefix} prefix`],
    },
  };
}

export const rules: readonly SecretRule[] = [
  gitlab(
    'gitlab-pat',
    'glpat-',
    20,
    'personal, project or group access token',
    'gitlab_TOKEN := "glpat-«a20»"',
  ),
  gitlab('gitlab-deploy-token', 'gldt-', 20, 'deploy token', 'CI_DEPLOY_PASSWORD=gldt-«a20»'),
  gitlab('gitlab-runner-auth-token', 'glrt-', 20, 'runner authentication token', 'token = "glrt-«a20»"'),
  gitlab('gitlab-pipeline-trigger-token', 'glptt-', 20, 'pipeline trigger token', 'TRIGGER=glptt-«h40»'),
  gitlab('gitlab-oauth-app-secret', 'gloas-', 40, 'OAuth application secret', 'secret: gloas-«h64»'),
  gitlab('gitlab-feed-token', 'glft-', 20, 'feed token', 'https://gitlab.com/u.atom?feed_token=glft-«a20»'),
  gitlab('gitlab-incoming-mail-token', 'glimt-', 25, 'incoming mail token', '<t>\n  glimt-«l25»\n</t>'),
  gitlab('gitlab-agent-token', 'glagent-', 50, 'Kubernetes agent token', 'token: glagent-«w50»'),
  gitlab('gitlab-ci-build-token', 'glcbt-', 20, 'CI/CD job token', 'CI_JOB_TOKEN=glcbt-«h2»_«a20»'),
  gitlab('gitlab-scim-token', 'glsoat-', 20, 'SCIM OAuth token', '{"c": "GITLAB_TOKEN=glsoat-«a20»\\nX=1"}'),
  gitlab(
    'gitlab-feature-flag-token',
    'glffct-',
    20,
    'feature-flags client token',
    'UNLEASH_TOKEN=glffct-«a20»',
  ),
  gitlab(
    'gitlab-runner-registration-token',
    'GR1348941',
    20,
    'legacy runner registration token',
    'registration-token GR1348941«a20»',
  ),
  {
    id: 'gitlab-session-cookie',
    description: 'GitLab session cookie (_gitlab_session=, 32 lower-case hex or alphanumerics)',
    family: 'gitlab',
    keywords: ['_gitlab_session='],
    regex: /_gitlab_session=([0-9a-z]{32})(?![0-9a-z])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['Cookie: _gitlab_session=«h32»; known_sign_in=1'],
      negative: ['_gitlab_session=<session>', 'the _gitlab_session= cookie'],
    },
  },
];
