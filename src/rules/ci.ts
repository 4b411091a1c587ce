/**
 * @module rules/ci
 * CI/CD, code-quality and developer-workflow services: CircleCI, Travis CI, Jenkins, Buildkite, Drone,
 * Codecov, Snyk, SonarQube/SonarCloud, Infracost, Doppler, Octopus Deploy, Harness, TeamCity, Prefect, and
 * the values a GitHub Actions step masks.
 */
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'circleci-personal-access-token',
    description: 'CircleCI personal API token (CCIPAT_)',
    family: 'ci',
    keywords: ['ccipat_'],
    regex: /(?<![A-Za-z0-9])CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}(?![a-f0-9])/,
    examples: {
      positive: ['CIRCLECI_TOKEN=CCIPAT_ByRqPqn3wNlQjxc3K8LaMw_8b8e565c210b1353a2159789030bdc19eeda7d11'],
      negative: ['CIRCLECI_TOKEN=CCIPAT_...'],
    },
  },
  {
    id: 'circleci-api-token',
    description: 'CircleCI legacy API token (40 hex) next to a circle key name',
    family: 'ci',
    keywords: ['circle'],
    regex: assigned('circle', '[a-f0-9]{40}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['CIRCLE_TOKEN="103026934e0c6a2e5cc0fec6fd0d6162d8aa0c22"'],
      negative: ['CIRCLE_SHA1=${CIRCLE_SHA1}', 'circle_radius: 40'],
    },
  },
  {
    id: 'travisci-access-token',
    description: 'Travis CI access token next to a travis key name',
    family: 'ci',
    keywords: ['travis'],
    regex: assigned('travis', '[a-z0-9]{22}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['TRAVIS_API_TOKEN=tcj4bvhago1bSeVeQFMc8j'],
      negative: ['TRAVIS_BRANCH=main', 'TRAVIS_API_TOKEN=xxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'jenkins-api-token',
    description: 'Jenkins user API token (32-34 hex) next to a jenkins key name',
    family: 'ci',
    keywords: ['jenkins'],
    regex: assigned('jenkins', '[a-f0-9]{32,34}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['JENKINS_API_TOKEN=115dc3f82440fd0e914fa33e44c3eebfb3'],
      negative: [
        'JENKINS_URL=https://ci.internal.test/',
        'jenkins_build_sha: dcbf12c8cb71078aab6df923d2024552a4053beb',
      ],
    },
  },
  {
    id: 'buildkite-api-token',
    description: 'Buildkite user API access token (bkua_)',
    family: 'ci',
    keywords: ['bkua_'],
    regex: /(?<![A-Za-z0-9])bkua_[a-f0-9]{40}(?![a-f0-9])/,
    examples: {
      positive: ['BUILDKITE_API_TOKEN=bkua_105eda2f3218a00a69d45743239ba132cf52d87b'],
      negative: ['BUILDKITE_API_TOKEN=bkua_...'],
    },
  },
  {
    id: 'buildkite-agent-token',
    description: 'Buildkite agent registration token next to a buildkite key name',
    family: 'ci',
    keywords: ['buildkite'],
    regex: assigned('buildkite', '[a-f0-9]{50}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['BUILDKITE_AGENT_TOKEN="b16f3209a562e5dca4908fbbc4b17fda1cee8aaf3c12ef635b"'],
      negative: ['BUILDKITE_AGENT_NAME="builder-1"'],
    },
  },
  {
    id: 'droneci-access-token',
    description: 'Drone CI access token next to a drone key name',
    family: 'ci',
    keywords: ['drone'],
    regex: assigned('drone', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['DRONE_TOKEN=tn7vdvbb4vjfkmtlccytd1vl8carql7m'],
      negative: [
        'DRONE_SERVER=https://drone.internal.test',
        'drone_commit_sha = "d631cd29076745ef73f5f99e9e12c97c101f981c"',
      ],
    },
  },
  {
    id: 'codecov-access-token',
    description: 'Codecov upload/API token next to a codecov key name',
    family: 'ci',
    keywords: ['codecov'],
    regex: assigned('codecov', `(?:${UUID}|[a-z0-9]{32})`),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'CODECOV_TOKEN=836be49e-107b-405b-a47d-fa819130e434',
        'codecov_token: pfhugyx3g8r50x4gx6evbekcn63y5bd4',
      ],
      negative: ['CODECOV_TOKEN=${{ secrets.CODECOV_TOKEN }}'],
    },
  },
  {
    id: 'snyk-api-token',
    description: 'Snyk API token (UUID) next to a snyk key name',
    family: 'ci',
    keywords: ['snyk'],
    regex: assigned('snyk', UUID),
    secretGroup: 1,
    examples: {
      positive: [
        'const SNYK_TOKEN = "0d064f27-ab57-48c3-9620-720bbd461024"',
        'snyk_api_key: 05fbfb89-b506-49be-a176-28d2eeb8849e',
      ],
      negative: ['SNYK_ORG=acme', 'snyk-project 3103c778-6508-4237-8ea1-7a5706f9e22e'],
    },
  },
  {
    id: 'sonar-api-token',
    description: 'SonarQube/SonarCloud token (squ_/sqp_/sqa_)',
    family: 'ci',
    keywords: ['squ_', 'sqp_', 'sqa_'],
    regex: /(?<![A-Za-z0-9])sq[upa]_[A-Za-z0-9]{40}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'SONAR_TOKEN=squ_9d43fdf7bea1b73135d70c059e0e2f9d810f4adc',
        'sonar.login=sqp_CdSfCdpiZOwcbHtc4kOwXddJuyN8Tq0QWGnVK21y',
      ],
      negative: ['SONAR_TOKEN=squ_...', 'sqa_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'sonar-legacy-api-token',
    description: 'SonarQube legacy token (40 hex) next to a sonar key name',
    family: 'ci',
    keywords: ['sonar'],
    regex: assigned('sonar', '[a-z0-9=_-]{40}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['SONAR_LOGIN=259ccfe7e0625a7c9a21e79672a2c21a13d5631a'],
      negative: ['sonar.projectKey=acme_api', 'SONAR_LOGIN=$SONAR_TOKEN'],
    },
  },
  {
    id: 'infracost-api-token',
    description: 'Infracost API key (ico-)',
    family: 'ci',
    keywords: ['ico-'],
    // Not after a `.`: `video_box.ico-<md5>.png` is a file name with a fingerprint.
    regex: /(?<![A-Za-z0-9.])ico-[A-Za-z0-9]{32}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['INFRACOST_API_KEY=ico-0B0ke7dWgE8MGdQcGqpD4EdaZZQHCsFu'],
      negative: [
        'ico-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
        'favicon-hFMrGm3oKYUJYvRtCMXvrFd8vioPMfup.png',
        'assets/video_box.ico-«h32».png',
      ],
    },
  },
  {
    id: 'doppler-api-token',
    description: 'Doppler token (dp.pt./dp.st./dp.ct./dp.sa./dp.scim./dp.audit.)',
    family: 'ci',
    keywords: ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
    // A service token names its config between (`dp.st.prd.…`), as the CLI prints one it makes.
    regex:
      /(?<![A-Za-z0-9])dp\.(?:pt|st(?:\.[a-z0-9_-]{2,35})?|ct|sa|scim|audit)\.[A-Za-z0-9_-]{40,44}(?![A-Za-z0-9_-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'DOPPLER_TOKEN=dp.st.fKm4oCsHNk3XqQP9eRpQ5jS6OHr6cmdIhVKZa35fqhc',
        'doppler login --token dp.pt.DZkPglvpybQS5Xaf0YQGGCZ0BfPwSOnUozLJPf88HYs',
        '$ doppler configs tokens create ci --project api --config prd --plain\ndp.st.prd.«a43»',
      ],
      negative: ['DOPPLER_TOKEN=dp.st.dev', 'dp.pt.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'octopus-deploy-api-key',
    description: 'Octopus Deploy API key (API- + 26/27 upper-case alnum)',
    family: 'ci',
    keywords: ['api-'],
    regex: /(?<![A-Za-z0-9-])API-[A-Z0-9]{26,27}(?![A-Za-z0-9])/,
    entropy: 3,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['OCTOPUS_API_KEY=API-5IPTCBZ4I7Y9SFKORNGGW3A0WYS'],
      negative: [
        'https://acme.notion.site/API-0C22810EB7D39D982754DA78BBCE4981',
        'project=Acme_API-CalculadoraDeInvestimentos',
        'OCTOPUS_API_KEY=API-XXXXXXXXXXXXXXXXXXXXXXXXXX',
      ],
    },
  },
  {
    id: 'harness-api-key',
    description: 'Harness personal or service-account token (pat./sat.)',
    family: 'ci',
    keywords: ['pat.', 'sat.'],
    regex: /(?<![A-Za-z0-9])(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}(?![A-Za-z0-9])/,
    examples: {
      positive: ['HARNESS_API_KEY=pat.ho-aECt6Mqsfrzpf67zKg_.VtrUXOHcUieXGJwm1ObigXjw.ZCOdNKbLKtntTNvNqpWc'],
      negative: ['see pat.harness for docs'],
    },
  },
  {
    id: 'teamcity-access-token',
    description: 'TeamCity access token (JWT-like, header {"typ": "TCV2"})',
    family: 'ci',
    keywords: ['eyj0exaioiaivenwmij9'],
    regex: /eyJ0eXAiOiAiVENWMiJ9\.[A-Za-z0-9_-]{30,60}\.[A-Za-z0-9_-]{40,80}/,
    examples: {
      positive: [
        'Authorization: Bearer eyJ0eXAiOiAiVENWMiJ9.__XKKe1e41kwvoJ8F3IxwJxY8MPrUVbTpIQa.fhjg60rqcmpZERCJz58485bv4m1DY25rbInplMjWPAFo898h',
      ],
      negative: ['Authorization: Bearer eyJ0eXAiOiAiVENWMiJ9.short.token'],
    },
  },
  {
    id: 'prefect-api-token',
    description: 'Prefect Cloud API key (pnu_)',
    family: 'ci',
    keywords: ['pnu_'],
    regex: /(?<![A-Za-z0-9])pnu_[A-Za-z0-9]{36}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['PREFECT_API_KEY="pnu_ch5jLPRGUdQoDFRAkTxKk7Hbbex2XsHgKLjv"'],
      negative: ['PREFECT_API_KEY = "pnu_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"'],
    },
  },
  {
    id: 'github-actions-add-mask',
    description:
      'A value a GitHub Actions step asks to have masked in its log (`::add-mask::`), echoed as it is',
    family: 'ci',
    keywords: ['add-mask::'],
    // Whatever follows is secret by the step's own word; a variable or an expression is what it should be
    // (`${{ secrets.X }}`, `$TOKEN`, `%TOKEN%`), and the runner's log shows `***` in its place.
    regex: /add-mask::(?![$%{<*])([^\s"'`]{6,500})/,
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: ['echo "::add-mask::«a14»"', 'Write-Output "::add-mask::«w24»"\n'],
      negative: [
        'echo "::add-mask::${{ secrets.DEPLOY_TOKEN }}"',
        'echo "::add-mask::$TOKEN"',
        '::add-mask::***',
      ],
    },
  },
];
