/**
 * @module rules/cloud
 * Other clouds and platforms: DigitalOcean, Heroku, Cloudflare, Alibaba Cloud, IBM Cloud, Linode, Fly.io,
 * Vercel, Netlify, Databricks, Tailscale, Scaleway, Supabase, Render, Vultr, Hetzner, OpenShift, Scalingo,
 * Yandex Cloud, Defined Networking and CAST AI (HashiCorp Vault and Terraform are the saas family's). Prefixed formats
 * stand alone; unprefixed ones need the provider's name in the key.
 */
import { keyed } from './assignments.js';
import { ID_THEN_SECRET, withLetterAndDigit } from './shapes.js';
import type { SecretRule } from './types.js';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const rules: readonly SecretRule[] = [
  {
    id: 'digitalocean-token',
    description: 'DigitalOcean personal access, OAuth or refresh token (dop_v1_ / doo_v1_ / dor_v1_)',
    family: 'cloud',
    keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    // Hex in either case: gitleaks reads these without regard to case.
    regex: /(?<![\w-])(do[opr]_v1_[a-fA-F0-9]{64})(?![\w-])/,
    secretGroup: 1,
    examples: {
      positive: [
        'DIGITALOCEAN_TOKEN=dor_v1_«H64»',
        'DIGITALOCEAN_TOKEN=dop_v1_«h64»',
        '"refresh_token": "dor_v1_«h64»"',
      ],
      negative: ['dop_v1_<token>', 'dop_v1_abc'],
    },
  },
  {
    id: 'heroku-api-key',
    description: 'Heroku API key (a UUID next to a heroku key name)',
    family: 'cloud',
    keywords: ['heroku'],
    regex: keyed('heroku', UUID),
    secretGroup: 1,
    examples: {
      positive: ['HEROKU_API_KEY=«h8»-«h4»-«h4»-«h4»-«h12»'],
      negative: ['heroku_app_name = my-app', 'HEROKU_API_KEY=$HEROKU_API_KEY'],
    },
  },
  {
    id: 'heroku-api-key-v2',
    description: 'Heroku API key, current format (HRKU-AA prefix)',
    family: 'cloud',
    keywords: ['hrku-'],
    regex: /(?<![\w-])(HRKU-AA[0-9a-zA-Z_-]{58})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['API_Key = "HRKU-AA«w58»"'],
      negative: ['HRKU-AA<your-key>', 'HRKU-AAshort'],
    },
  },
  {
    id: 'cloudflare-api-token',
    description: 'Cloudflare API token (40 characters next to a cloudflare key name)',
    family: 'cloud',
    keywords: ['cloudflare', 'cf_api'],
    regex: keyed('cloudflare|cf_api', '[A-Za-z0-9_-]{40}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['CLOUDFLARE_API_TOKEN=«w40»'],
      negative: ['cloudflare_zone: example.com', 'CLOUDFLARE_API_TOKEN=${{ secrets.CF }}'],
    },
  },
  {
    id: 'cloudflare-global-api-key',
    description: 'Cloudflare global API key (37 hex characters next to a cloudflare key name)',
    family: 'cloud',
    keywords: ['cloudflare', 'cf_api'],
    regex: keyed('cloudflare|cf_api', '[a-f0-9]{37}'),
    secretGroup: 1,
    examples: {
      positive: ['cloudflare: "«h37»"', 'CLOUDFLARE_GLOBAL_API_KEY=«h37»'],
      negative: ['cloudflare: "enabled"', 'https://api.cloudflare.com/client/v4/zones'],
    },
  },
  {
    id: 'cloudflare-origin-ca-key',
    description: 'Cloudflare Origin CA key (v1.0- + 24 hex + 146 hex)',
    family: 'cloud',
    keywords: ['v1.0-'],
    regex: /(?<![\w.-])(v1\.0-[a-f0-9]{24}-[a-f0-9]{146})(?![\w-])/,
    secretGroup: 1,
    examples: {
      positive: ['CLOUDFLARE_ORIGIN_CA: v1.0-«h24»-«h146»'],
      negative: ['version v1.0-beta', 'v1.0-«h24»'],
    },
  },
  {
    id: 'cloudflare-user-api-token',
    description:
      'Cloudflare user or account API token or global API key, prefixed format (cfut_ / cfat_ / cfk_)',
    family: 'cloud',
    keywords: ['cfut_', 'cfat_', 'cfk_'],
    // 40 random characters, then a checksum of 8 hex digits: one character more is no token.
    regex: /(?<![\w-])(cf(?:[ua]t|k)_[A-Za-z0-9]{40}[0-9a-f]{8})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['CLOUDFLARE="cfut_«a40»«h8»"', 'cfk_«a40»«h8»'],
      negative: ['cfut_short', 'cfut_<token>', 'cfat_aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStT03fa099bZ'],
    },
  },
  {
    id: 'alibaba-secret-beside-key-id',
    description:
      "An Alibaba Cloud AccessKey secret shown right after its LTAI id (the console's CSV, a note)",
    family: 'cloud',
    keywords: ['ltai'],
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{12,20}${ID_THEN_SECRET}(${withLetterAndDigit('[A-Za-z0-9]', 30, 30)})(?![A-Za-z0-9])`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: [
        'UserPrincipalName,AccessKeyId,AccessKeySecret\noss@1849.onaliyun.com,LTAI5tQ8xVb2nKdLmP3rWsZy,«a30»',
        'AccessKey ID：LTAI5tQ8xVb2nKdLmP3rWsZy\nAccessKey Secret：«a30»',
      ],
      negative: [
        'LTAI5tQ8xVb2nKdLmP3rWsZy,2024-05-14,Active',
        'AccessKey ID：LTAI5tQ8xVb2nKdLmP3rWsZy\nAccessKey Secret：（未设置）',
      ],
    },
  },
  {
    id: 'alibaba-access-key-id',
    description: 'Alibaba Cloud AccessKey id (LTAI prefix)',
    family: 'cloud',
    keywords: ['ltai'],
    regex: /(?<![A-Za-z0-9])(LTAI[A-Za-z0-9]{20})(?![A-Za-z0-9])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI«a20»'],
      negative: ['LTAIxxxxxxxxxxxxxxxxxxxx', 'the LTAI prefix'],
    },
  },
  {
    id: 'tencent-cloud-secret-id',
    description: 'Tencent Cloud API SecretId (AKID prefix)',
    family: 'cloud',
    keywords: ['akid'],
    regex: /(?<![A-Za-z0-9])(AKID[A-Za-z0-9]{32})(?![A-Za-z0-9])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['provider "tencentcloud" {\n  secret_id  = "AKID«a32»"\n}'],
      negative: ['AKIDxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'the AKID prefix marks a SecretId'],
    },
  },
  {
    id: 'alibaba-access-key-secret',
    description: 'Alibaba Cloud AccessKey secret (30 characters next to an alibaba/aliyun key name)',
    family: 'cloud',
    keywords: ['alibaba', 'aliyun', 'alicloud'],
    regex: keyed('alibaba|aliyun|alicloud', '[A-Za-z0-9]{30}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['ALIBABA_CLOUD_ACCESS_KEY_SECRET=«a30»'],
      negative: ['aliyun_region = cn-hangzhou', 'ALIBABA_CLOUD_ACCESS_KEY_SECRET=<secret>'],
    },
  },
  {
    id: 'ibm-cloud-api-key',
    description: 'IBM Cloud IAM API key (44 characters next to an ibm key name)',
    family: 'cloud',
    keywords: ['ibm'],
    regex: keyed('ibm', '[A-Za-z0-9_-]{44}', '[\\w.-]{0,20}?(?:key|token|secret)'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['IBMCLOUD_API_KEY=«w44»'],
      negative: ['IBM_REGION=us-south', 'ibm_api_key = ${var.ibm_key}'],
    },
  },
  {
    id: 'linode-pat',
    description: 'Linode (Akamai Cloud) personal access token (64 hex next to a linode key name)',
    family: 'cloud',
    keywords: ['linode'],
    regex: keyed('linode', '[a-f0-9]{64}'),
    secretGroup: 1,
    examples: {
      positive: ['LINODE_TOKEN=«h64»'],
      negative: ['linode_region = us-east', 'LINODE_TOKEN=<token>'],
    },
  },
  {
    id: 'flyio-access-token',
    description: 'Fly.io macaroon or organization token (fm1a_/fm1r_/fm2_/fo1_)',
    family: 'cloud',
    keywords: ['fm1a_', 'fm1r_', 'fm2_', 'fo1_'],
    regex: /(?<![\w-])((?:fm1[ar]|fm2|fo1)_[\w+/-]{40,4000}={0,3})(?![\w+/=-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ["flyToken = 'fm1a_«a60»+«a40»/«a20»=='", 'FLY_API_TOKEN=fo1_«a43»', 'credential fo1_«w43»'],
      negative: ['api_key = "fo1_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'fm2_short'],
    },
  },
  {
    id: 'vercel-token',
    description: 'Vercel access, integration, app or AI Gateway token (vcp_/vci_/vca_/vcr_/vck_)',
    family: 'cloud',
    keywords: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    regex: /(?<![\w-])(vc[piark]_[A-Za-z0-9]{24,80})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['Authorization: Bearer vca_«a56»', 'VERCEL_TOKEN=vcp_«a48»'],
      negative: ['vcp_abc', 'vck_<gateway-key>'],
    },
  },
  {
    id: 'vercel-legacy-token',
    description: 'Vercel token, legacy 24-character format next to a vercel key name',
    family: 'cloud',
    keywords: ['vercel'],
    regex: keyed('vercel', '[A-Za-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['VERCEL_TOKEN=«a24»'],
      negative: ['VERCEL_ORG_ID=team_abc', 'vercel_project = "my-project-name-here-now"'],
    },
  },
  {
    id: 'netlify-access-token',
    description: 'Netlify personal access token (40-46 characters next to a netlify key name)',
    family: 'cloud',
    keywords: ['netlify'],
    regex: keyed('netlify', '[A-Za-z0-9=_-]{40,46}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['NETLIFY_AUTH_TOKEN=«a43»'],
      negative: ['netlify_site = my-site', 'NETLIFY_AUTH_TOKEN=${{ secrets.NETLIFY }}'],
    },
  },
  {
    id: 'netlify-pat',
    description: 'Netlify personal access token, prefixed format (nfp_)',
    family: 'cloud',
    keywords: ['nfp_'],
    regex: /(?<![\w-])(nfp_[A-Za-z0-9]{36,40})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['token nfp_«a36»'],
      negative: ['nfp_short', 'nfp_<token>'],
    },
  },
  {
    id: 'databricks-api-token',
    description: 'Databricks personal access token (dapi + 32 hex, optional -N suffix)',
    family: 'cloud',
    keywords: ['dapi'],
    regex: /(?<![A-Za-z0-9_-])(dapi[a-fA-F0-9]{32}(?:-\d)?)(?![A-Za-z0-9_-])/,
    secretGroup: 1,
    examples: {
      positive: ['DATABRICKS_TOKEN=dapi«h32»', 'token: "dapi«H32»-3"'],
      negative: ['mydapi«h32»', 'dapi«h20»'],
    },
  },
  {
    id: 'tailscale-key',
    description: 'Tailscale key of any kind: auth, API, OAuth client, webhook, SCIM (tskey-<kind>-)',
    family: 'cloud',
    keywords: ['tskey-'],
    // Parts of any length in gitleaks' format, `_` among their characters.
    regex: /(?<![A-Za-z-])(tskey-[a-z]{3,12}-\w{1,64}-\w{1,64})(?![\w-])/,
    secretGroup: 1,
    examples: {
      positive: [
        'TS_AUTHKEY=tskey-auth-«a12»-«a24»',
        'tskey-client-«a12»-«a32»',
        'KEY_0tskey-api-«a12»-«a24»',
        'tskey-future-«a12»-«a24»',
      ],
      negative: ['tskey-api-<id>-<secret>', 'tskey-auth-short'],
    },
  },
  {
    id: 'scaleway-secret-key',
    description: 'Scaleway secret key (a UUID next to an scw key name)',
    family: 'cloud',
    keywords: ['scw_', 'scaleway'],
    regex: keyed('scw_|scaleway', UUID, '[\\w.-]{0,20}?(?:secret|key|token)'),
    secretGroup: 1,
    examples: {
      positive: ['SCW_SECRET_KEY=«h8»-«h4»-«h4»-«h4»-«h12»'],
      negative: ['SCW_DEFAULT_PROJECT_ID=«h8»-«h4»-«h4»-«h4»-«h12»', 'SCW_SECRET_KEY=<secret>'],
    },
  },
  {
    id: 'supabase-token',
    description: 'Supabase personal access token (sbp_) or secret API key (sb_secret_)',
    family: 'cloud',
    keywords: ['sbp_', 'sb_secret_'],
    regex: /(?<![\w-])(sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,64})(?![\w-])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['SUPABASE_ACCESS_TOKEN=sbp_«h40»', 'SUPABASE_SECRET_KEY=sb_secret_«a31»'],
      negative: ['sbp_<token>', 'sb_publishable_«a31»'],
    },
  },
  {
    id: 'render-api-key',
    description: 'Render API key (rnd_ prefix)',
    family: 'cloud',
    keywords: ['rnd_'],
    regex: /(?<![\w-])(rnd_[A-Za-z0-9]{32})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['RENDER_API_KEY=rnd_«a32»'],
      negative: ['rnd_seed = 42', 'rnd_<key>'],
    },
  },
  {
    id: 'vultr-api-key',
    description: 'Vultr API key (36 upper-case characters next to a vultr key name)',
    family: 'cloud',
    keywords: ['vultr'],
    regex: keyed('vultr', '[A-Z0-9]{36}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['VULTR_API_KEY=«u36»'],
      negative: ['vultr_region = ewr', 'VULTR_API_KEY=${VULTR_API_KEY}'],
    },
  },
  {
    id: 'hetzner-cloud-token',
    description: 'Hetzner Cloud API token (64 characters next to an hcloud/hetzner key name)',
    family: 'cloud',
    keywords: ['hcloud', 'hetzner'],
    regex: keyed('hcloud|hetzner', '[A-Za-z0-9]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['HCLOUD_TOKEN=«a64»'],
      negative: ['hcloud_location = fsn1', 'HCLOUD_TOKEN=<token>'],
    },
  },
  {
    id: 'openshift-user-token',
    description: 'OpenShift OAuth user token (sha256~ + 43 characters)',
    family: 'cloud',
    keywords: ['sha256~'],
    regex: /(?<![\w~])(sha256~[A-Za-z0-9_-]{43})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['oc login --token=sha256~«w43»'],
      negative: ['oc login --token=sha256~_xxxxxx_xxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxx-X', 'sha256:«h64»'],
    },
  },
  {
    id: 'scalingo-api-token',
    description: 'Scalingo API token (tk-us- + 48)',
    family: 'cloud',
    keywords: ['tk-us-'],
    regex: /(?<![\w-])tk-us-[\w-]{48}(?![\w-])/,
    entropy: 3.5,
    examples: {
      positive: ['SCALINGO_API_TOKEN=tk-us-«w48»'],
      negative: ['tk-us-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'tk-us-short'],
    },
  },
  {
    id: 'yandex-cloud-api-key',
    description: 'Yandex Cloud API key (AQVN + 35-38)',
    family: 'cloud',
    keywords: ['aqvn'],
    regex: /(?<![\w-])AQVN[A-Za-z0-9_-]{35,38}(?![\w-])/,
    entropy: 3.5,
    examples: {
      positive: ['YC_API_KEY=AQVN«w36»'],
      negative: ['AQVNxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'AQVN is the prefix of Yandex Cloud API keys'],
    },
  },
  {
    id: 'yandex-cloud-static-key',
    description: 'Yandex Cloud static access key id (YC + 38) or IAM token (t1.…) next to a yandex key name',
    family: 'cloud',
    keywords: ['yandex'],
    regex: keyed('yandex', 'YC[A-Za-z0-9_-]{38}|t1\\.[A-Za-z0-9_-]{1,200}={0,2}\\.[A-Za-z0-9_-]{86}={0,2}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['yandex_access_key_id = "YC«w38»"', 'YANDEX_IAM_TOKEN=t1.«a20».«w86»'],
      negative: ['yandex_folder_id = "b1g«l17»"', 'YANDEX_TOKEN=${YANDEX_TOKEN}'],
    },
  },
  {
    id: 'defined-networking-api-token',
    description: 'Defined Networking (Nebula) API token (dnkey- + 26 + 52)',
    family: 'cloud',
    keywords: ['dnkey-'],
    regex: /(?<![\w-])dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}(?![\w-])/i,
    entropy: 3.5,
    examples: {
      positive: ['DN_API_KEY=dnkey-«l26»-«l52»'],
      negative: ['dnkey-xxxxxxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'castai-api-key',
    description: 'CAST AI API key (castai_v1_ + 64 + _ + 8)',
    family: 'cloud',
    keywords: ['castai_v1_'],
    regex: /(?<![\w-])castai_v1_[A-Za-z0-9]{64}_[A-Za-z0-9]{8}(?![\w-])/,
    entropy: 3,
    examples: {
      positive: ['CASTAI_API_TOKEN=castai_v1_«a64»_«a8»'],
      negative: ['key = test_v1_«h64»_«h8»', 'CASTAI_API_TOKEN=castai_v1_<token>'],
    },
  },
];
