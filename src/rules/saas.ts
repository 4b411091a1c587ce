/**
 * @module rules/saas
 * SaaS and platform APIs: HashiCorp Vault (tokens, AppRole secret IDs) and Terraform Cloud, 1Password, Okta,
 * Auth0, Atlassian, Notion, Linear, Airtable, Asana, Dropbox, Mapbox, Contentful, Postman, Pulumi, Figma,
 * Sidekiq, MaxMind, Adobe, LinkedIn, Facebook, Twitter/X, Etsy, Flickr, Finnhub, NYTimes, Looker, Confluent,
 * Fastly, SettleMint, 42 Intra, Typeform, Algolia, Zapier, Twitch, HubSpot, Segment, ReadMe, LaunchDarkly,
 * Frame.io, Authress, Chief Tools, RapidAPI.
 */

import { gated } from './assignments.js';
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'bitrix24-webhook',
    description:
      "A Bitrix24 inbound webhook's secret code (https://<portal>.bitrix24.<tld>/rest/<user>/<code>/)",
    family: 'saas',
    keywords: ['.bitrix24.'],
    // The URL alone calls the portal's REST API as the user who made it: the code in its path is the secret.
    regex: /\.bitrix24\.[a-z]{2,3}(?:\.[a-z]{2})?\/rest\/\d{1,10}\/([a-z0-9]{16})(?![A-Za-z0-9])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        'BITRIX_WEBHOOK=https://example.bitrix24.ru/rest/1/«l16»/',
        'POST https://acme.bitrix24.com/rest/17/«l16»/crm.lead.add.json',
      ],
      negative: [
        'https://example.bitrix24.ru/rest/api/crm.lead.add',
        'https://helpdesk.bitrix24.com/open/17/',
      ],
    },
  },
  {
    id: 'onesignal-api-key',
    description: 'OneSignal REST API key of an app or an organisation (os_v2_app_, os_v2_org_)',
    family: 'saas',
    keywords: ['os_v2_app_', 'os_v2_org_'],
    // The prefix, then the app's or organisation's id and the key's, in lower-case base32: over a hundred
    // characters.
    regex: /(?<![A-Za-z0-9_])os_v2_(?:app|org)_[a-z2-7]{100,140}(?![A-Za-z0-9_])/,
    entropy: 3,
    examples: {
      positive: [
        "static const String oneSignalRestApiKey =\n    'os_v2_app_«z113»';",
        'ONESIGNAL_REST_API_KEY=os_v2_org_«z113»',
      ],
      negative: ['ONESIGNAL_REST_API_KEY=os_v2_app_<your-key>', 'os_v2_app_xxxxxxxx'],
    },
  },
  {
    id: 'vault-service-token',
    description: 'HashiCorp Vault service token (hvs.), and a recovery token (hvr.) of the same shape',
    family: 'saas',
    keywords: ['hvs.', 'hvr.'],
    // Long, or 24 alphanumerics: the short form is what a dev server prints as its root token (`Root Token:`).
    regex: /(?<![A-Za-z0-9])hv[sr]\.(?:[A-Za-z0-9_-]{90,120}|[A-Za-z0-9]{24})(?![A-Za-z0-9_-])/,
    entropy: 3,
    examples: {
      positive: [
        'level=debug msg="vault login succeeded" token=hvs.«a24» ttl=768h',
        'VAULT_RECOVERY_TOKEN=hvr.3WskR14ts7U3oTURLM-EWl0ZwGlmVKurmA0VF3krh2SCPQnvJxK90RlqJBAJYNZK29ZU_I5RUZkqnjUQ3d_6bLEEBiKT6Yg',
        'VAULT_TOKEN=hvs.iWv-TA7v8aSOuFikfnrlUqz0zwBPxuwIAOI1w9IxNSdBhRKLyWwQQH5SnQDKwQTn8f__FZH98IWcqpnYECYVOx6nUVT_61l',
      ],
      negative: [
        'VAULT_TOKEN=hvs.short',
        'hvr.placeholder',
        'hvx.LvReErltVX37ASkw_24tWn1O_tDL3WJXNZwimgVpW8xrE6gxy8uRm-thR0D7qRxoDLjRqJs_tqKJcbvHalYHV9bqZIvragc',
      ],
    },
  },
  {
    id: 'vault-legacy-service-token',
    description: 'HashiCorp Vault legacy service token (s. + 24) next to a vault key name',
    family: 'saas',
    // Under a name with `token` and no `vault` (`token = "s.…"`, `client_token: s.…`) the generic rule masks it:
    // keyed on `token` too, this rule ran at every `token` in prose (W1: 8,000 gate searches, 2,200 regex calls).
    keywords: ['vault'],
    regex: assigned('vault', 's\\.[A-Za-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['vault_api_token = "s.QhIM2aDCFE4WXDZ86w4kcNXx"'],
      negative: ['vault_path = "s.aaaaaaaaaaaaaaaaaaaaaaaa"', 'VAULT_ADDR=https://vault.internal.test'],
    },
  },
  {
    id: 'vault-batch-token',
    description: 'HashiCorp Vault batch token (hvb.)',
    family: 'saas',
    keywords: ['hvb.'],
    regex: /(?<![A-Za-z0-9])hvb\.[A-Za-z0-9_-]{138,300}(?![A-Za-z0-9_-])/,
    examples: {
      positive: [
        '{"vault_batch_token": "hvb.kixM81_32jq9YBINBosrRN8SFVgIDRrj318kmawtyqNqbIYgIz14QSOzhZYmYIT0Wc3H8G9PVKBlGEvzBgdQHnN7mrsUTvG-5pTlx2rD1lBlolQ9op48UhNLjR1yyGwcCM0ygMLgayhVST_IHIOs2bXdFuKQ2q02I-FUigdIBrgaKmHvJj5oGS9BhTTnDpDOyJXAWR7f"}',
      ],
      negative: ['hvb.tooshortxxx'],
    },
  },
  {
    id: 'vault-approle-secret-id',
    description:
      'HashiCorp Vault AppRole secret ID (a UUID under `secret_id`) as Vault prints it, beside its accessor',
    family: 'saas',
    // `vault write -f auth/approle/role/<role>/secret-id` prints `secret_id  <uuid>` in its Key/Value table (and
    // `"secret_id": "<uuid>"` as JSON), then `secret_id_accessor`, which only names it. The accessor says whose
    // `secret_id` it is: elsewhere a UUID under that name may be an identifier (a secrets manager's id of a
    // secret), as under any name ending in `_id`, and stays. Keyed on the accessor's tail: `secret_id` holds the
    // generic rule's `secret`, and as a keyword cost 10-18 ms a megabyte of `secret_id ` or `vault_secret_id=`.
    keywords: ['id_accessor'],
    regex: new RegExp(
      `(?<![A-Za-z0-9_-])secret_id["']?(?:[ \\t]{1,40}|[ \\t]{0,4}[:=][ \\t]{0,4}["']?)(${UUID})["']?,?\\s{1,40}["']?secret_id_accessor`,
      'i',
    ),
    secretGroup: 1,
    window: { before: 160, after: 16 },
    examples: {
      positive: [
        'Key                   Value\n---                   -----\nsecret_id             «h8»-«h4»-«h4»-«h4»-«h12»\nsecret_id_accessor    0e7b1c9a-2f4d-4e8a-9b3c-5d6e7f8a9b0c',
        '{"data": {"secret_id": "«h8»-«h4»-«h4»-«h4»-«h12»", "secret_id_accessor": "0e7b1c9a-2f4d-4e8a-9b3c-5d6e7f8a9b0c"}}',
      ],
      negative: [
        'secret_id_accessor    «h8»-«h4»-«h4»-«h4»-«h12»',
        'client_secret_id: «h8»-«h4»-«h4»-«h4»-«h12»\nsecret_id_accessor: none',
        'secret_id: <secret-id>\nsecret_id_accessor: <accessor>',
      ],
    },
  },
  {
    id: 'hashicorp-tf-api-token',
    description: 'Terraform Cloud/Enterprise API token (<14>.atlasv1.<60-70>)',
    family: 'saas',
    keywords: ['atlasv1'],
    regex: /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'token = "znh3KYe1bUjGXe.atlasv1.zmT9UKzSmITVKHREqJTtVsq0nkJ6uxhALwt3hOrT2PxWziaU0N7FkWFcXAInCThAliE"',
      ],
      negative: [
        'token        = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
      ],
    },
  },
  {
    id: 'hashicorp-tf-password',
    description: 'Password attribute assigned a literal in Terraform/HCL (password = "…")',
    family: 'saas',
    keywords: ['password'],
    // HCL style: line-leading attribute, aligned `=`, a double-quoted literal without interpolation.
    regex: /^[ \t]{0,20}[a-z_-]{0,30}password[a-z_-]{0,30}[ \t]{0,30}=[ \t]{0,30}"([^"$\s]{8,100})"/im,
    secretGroup: 1,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'resource "aws_db_instance" "db" {\n  password       = "LpazZtyIlZbr4i"\n}',
        'admin_password = "aqgT5tz1lqZ6"',
      ],
      negative: ['password = "${aws_db_instance.default.password}"', 'password = var.db_password'],
    },
  },
  {
    id: '1password-secret-key',
    description: '1Password account secret key (A3-…)',
    family: 'saas',
    keywords: ['a3-'],
    regex:
      /(?<![A-Za-z0-9-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9])/,
    examples: {
      positive: [
        '{"1password_secret_key": "A3-XYQNHV-U65MSB-CSFXD-PZM5E-9WM1Q-TQF8U"}',
        'OP_SECRET_KEY=A3-JN25YX-887H1QT751I-9PJSM-CKK54-YS90Y',
      ],
      negative: ['A3-SIZED paper', 'model A3-100-200'],
    },
  },
  {
    id: '1password-service-account-token',
    description: '1Password service account token (ops_eyJ…)',
    family: 'saas',
    keywords: ['ops_eyj'],
    regex: /(?<![A-Za-z0-9])ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}/,
    entropy: 4,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        'export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJtu9h1Zz5g3nDWPbrBe7ukBO0TOMd4qHZ/yXUtom/Rt7u816SRPi98dd5EV3pyRLOAoYi0GJxHu/OnPRcEXzwTB6BUCF8jaxaZ3PbI5OQDx7/Yt4RrcsIT8wbhPTXgzhUOp3uiMgZ57jMChSRwVNEJP9HIBy8nlPxLLv17JZGbS2svj6UhaDoLSzTHcVbQdxfoOeoTthVClIfVuJwRioGZXyQCVng64mQKYEz8q5qAhSOuSBBa6eDMfc0aPBwNbMIvlEQtMStxF9EvvKUFOO/LXdDWOE5s/3auLkKc/itcsjR',
      ],
      negative: [
        'OP_SERVICE_ACCOUNT_TOKEN=ops_eyJxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'okta-access-token',
    description: 'Okta API token (00 + 40) next to an okta key name',
    family: 'saas',
    keywords: ['okta'],
    regex: assigned('okta', '00[A-Za-z0-9=_-]{40}'),
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ["oktaToken = '00YcSQMcswpnHGJpz7o1iDvUUR6gf3bsj8c0Rz1_kX'"],
      negative: ['oktaKey = 00000000000000000000000000000000000TUVWXYZ', 'OKTA_DOMAIN=acme.okta.com'],
    },
  },
  {
    id: 'auth0-client-secret',
    description: 'Auth0 application client secret next to an auth0 key name',
    family: 'saas',
    keywords: ['auth0'],
    regex: assigned('auth0', '[A-Za-z0-9_-]{64}'),
    secretGroup: 1,
    entropy: 4,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['AUTH0_CLIENT_SECRET=waoCrtZ-IF1mYOdcC-3zGYYTqdfXmKWw9PIU9qrmsVFXStpcsttOoICzD7EYLPNv'],
      negative: [
        'AUTH0_DOMAIN=acme.eu.auth0.com',
        'AUTH0_CLIENT_SECRET=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      ],
    },
  },
  {
    id: 'atlassian-api-token',
    description:
      'Atlassian (Jira/Confluence) API token (24 alnum) next to an atlassian/jira/confluence key name',
    family: 'saas',
    keywords: ['atlassian', 'jira', 'confluence'],
    regex: assigned('atlassian|jira|confluence', '[A-Za-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['JIRA_API_TOKEN=FHUD75omz9xcKw5td7aVCMBv'],
      negative: ['JIRA_PROJECT=PLATFORM', 'JIRA_API_TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa'],
    },
  },
  {
    id: 'atlassian-scoped-api-token',
    description: 'Atlassian API token (ATATT3…)',
    family: 'saas',
    keywords: ['atatt3'],
    regex: /(?<![A-Za-z0-9])ATATT3[A-Za-z0-9_=-]{180,200}(?![A-Za-z0-9_=-])/,
    examples: {
      positive: [
        'CONFLUENCE_TOKEN=ATATT3dvXj8FFpzsx2rTLBGurUl4uAwAn5UT77tyDdB2EVWQFfuBIvdI_ZNOB1ZluNEj3qkV8xg8QF7NiqagSrGI14p5ODcMnrade4F2WvI8wOgX9Ar2pv-iryhforl9yDF8BgW0GJWaietBhZzNDHn50Sw4HPoATaRBFqmhQ4vg-wVeHPaSY_vJQleZcin9',
      ],
      negative: ['CONFLUENCE_TOKEN=ATATT3...'],
    },
  },
  {
    id: 'notion-api-token',
    description: 'Notion integration token (ntn_)',
    family: 'saas',
    keywords: ['ntn_'],
    regex: /(?<![A-Za-z0-9])ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])/,
    examples: {
      positive: ['NOTION_API_TOKEN="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"'],
      negative: ['https://api.notion.com/v1/databases', 'NOTION_API_TOKEN=ntn_...'],
    },
  },
  {
    id: 'notion-legacy-integration-token',
    description: 'Notion legacy integration secret (secret_ + 43) next to a notion key name',
    family: 'saas',
    keywords: ['notion'],
    regex: assigned('notion', 'secret_[A-Za-z0-9]{43}'),
    secretGroup: 1,
    examples: {
      positive: ['NOTION_TOKEN=secret_2cj9bZ5CW9O2KFGJODalyCtJqVQJkoPUgiX8PTEzqyG'],
      negative: ['NOTION_TOKEN=secret_...'],
    },
  },
  {
    id: 'linear-api-key',
    description: 'Linear personal API key (lin_api_)',
    family: 'saas',
    keywords: ['lin_api_'],
    // No `example` stopword: documentation-style keys still must not leak.
    regex: /(?<![A-Za-z0-9])lin_api_[A-Za-z0-9]{40,64}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['linear = "lin_api_DRg5NMME1DOa1dIVnaF2Ny8zjO6EQEtC1lnqQijY"'],
      negative: ['LINEAR_API_KEY=lin_api_...', 'lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'airtable-personal-access-token',
    description: 'Airtable personal access token (pat<14>.<64 hex>)',
    family: 'saas',
    keywords: ['pat'],
    regex: /(?<![A-Za-z0-9])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![a-f0-9])/,
    examples: {
      positive: [
        'AIRTABLE_TOKEN=patLXAWdAa8oT78I7.15afba7c66a62345ae0e1382008a8899d55b59f28d250cbd959770317bee1302',
      ],
      negative: [
        'pattern.a3f269473befecd7938608a3850cb896ecebbb95317019532242420bdcca176cx',
        'patch.97d74b2652284a2e7f5a0fd022d252e89bc996d4176662dd326de8ee4841d33e',
      ],
    },
  },
  {
    id: 'airtable-api-key',
    description: 'Airtable legacy API key (key + 14) next to an airtable key name',
    family: 'saas',
    keywords: ['airtable'],
    // `key` + 14 in Airtable's format; gitleaks reads any 17. Base ids (`app` + 14) are public.
    regex: assigned('airtable', '(?!app)[A-Za-z0-9]{17}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['AIRTABLE_API_KEY=keyJ4yNskOB24ynLD'],
      negative: ['AIRTABLE_BASE=appn2n6CKyxMcAW2L'],
    },
  },
  {
    id: 'asana-client-id',
    description: 'Asana client id (16 digits) next to an asana key name',
    family: 'saas',
    keywords: ['asana'],
    regex: assigned('asana', '[0-9]{16}'),
    secretGroup: 1,
    allowlist: { regexes: [/^0{16}$/] },
    examples: {
      positive: ['asanaClientId := `2630346124501472`'],
      negative: ['asana_workspace: "engineering"', 'asana_id = 0000000000000000'],
    },
  },
  {
    id: 'asana-client-secret',
    description: 'Asana client secret (32 alnum) next to an asana key name',
    family: 'saas',
    keywords: ['asana'],
    regex: assigned('asana', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['ASANA_CLIENT_SECRET=eb4fhsil60m36g9czllksd955wkcurjq'],
      negative: ['ASANA_CLIENT_SECRET=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'dropbox-api-token',
    description: 'Dropbox app key/secret (15 alnum) next to a dropbox key name',
    family: 'saas',
    keywords: ['dropbox'],
    regex: assigned('dropbox', '[a-z0-9]{15}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['String dropboxToken = "buvhk05fwo65kq8";'],
      negative: ['DROPBOX_FOLDER=/team/shared'],
    },
  },
  {
    id: 'dropbox-short-lived-api-token',
    description: 'Dropbox short-lived access token (sl. + 135+) next to a dropbox key name',
    family: 'saas',
    keywords: ['dropbox'],
    regex: assigned('dropbox', 'sl\\.[A-Za-z0-9_=-]{130,1200}'),
    secretGroup: 1,
    examples: {
      positive: [
        'DROPBOX_ACCESS_TOKEN=sl.s2BQxyBRwM9A_8hijqXrqs-QvxmJtNNsVYqApc_xSkH8ZeKZZeKK6lopdJ-JkvuISEdBcQFn-uj_X4HI1ACZqW_fpnZbKhLHPa450c14uIacaLS_LJHfEwOzv8sH45dCDzUzKjjNZy1d',
      ],
      negative: ['DROPBOX_ACCESS_TOKEN=sl.…'],
    },
  },
  {
    id: 'dropbox-long-lived-api-token',
    description: 'Dropbox long-lived access token (…AAAAAAAAAA…) next to a dropbox key name',
    family: 'saas',
    keywords: ['dropbox'],
    regex: assigned('dropbox', '[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}'),
    secretGroup: 1,
    examples: {
      positive: ['DROPBOX_TOKEN="iGIxjDpR2naAAAAAAAAAAMv9vkNwo9rZqsaU8DoMGQNWul6IUGtoT3Gay-pSDq_H"'],
      negative: ['DROPBOX_TOKEN="${DROPBOX_TOKEN}"'],
    },
  },
  {
    id: 'mapbox-api-token',
    description: 'Mapbox public token (pk.eyJ…)',
    family: 'saas',
    // `pk.` alone: gitleaks' format has no `eyJ` (`pk.<60>.<22>`), found without a mapbox name near.
    keywords: ['pk.', 'mapbox'],
    regex:
      /(?<![A-Za-z0-9])pk\.(?:eyJ[A-Za-z0-9_-]{50,200}|[A-Za-z0-9]{60})\.[A-Za-z0-9_-]{20,30}(?![A-Za-z0-9_-])/,
    examples: {
      positive: [
        'pk.«a60».«a22»',
        'mapboxgl.accessToken = "pk.eyJCkBh1gR1wR77xk_J4vqlrDxS0ve-SxfzYpYhPt_A7D8gHlQKis4naEanYmvG.AATuQSRKEipGY8EnRB0xtY";',
        'pk.i9md9infqx51hhpbldxlj1xpg0plh217he1i6qvbt5z0h07lpneqcvuas1z1.rzlbreo250bsgonl6guiy6',
      ],
      negative: ['mapboxgl.accessToken = "pk.eyJ...";'],
    },
  },
  {
    id: 'mapbox-secret-token',
    description: 'Mapbox secret or temporary token (sk.eyJ…/tk.eyJ…)',
    family: 'saas',
    keywords: ['sk.eyj', 'tk.eyj'],
    regex: /(?<![A-Za-z0-9])[st]k\.eyJ[A-Za-z0-9_-]{50,200}\.[A-Za-z0-9_-]{20,30}(?![A-Za-z0-9_-])/,
    examples: {
      positive: [
        'MAPBOX_DOWNLOADS_TOKEN=sk.eyJlufD68cTSZkzbK8HmmddPleQfq1cK_NySh5G4UPGzZdffy-3UQ9C6UdDujlR.OihqMaTneZSQTCVeKid1oS',
      ],
      negative: ['MAPBOX_DOWNLOADS_TOKEN=sk.eyJ...'],
    },
  },
  {
    id: 'contentful-delivery-api-token',
    description: 'Contentful delivery/preview token (43) next to a contentful key name',
    family: 'saas',
    keywords: ['contentful'],
    regex: assigned('contentful', '[A-Za-z0-9=_-]{43}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['CONTENTFUL_ACCESS_TOKEN=pEZxvOpB238P1DB5MZANHhRixpJoHjLE_11a5dFMqyn'],
      negative: ['CONTENTFUL_ENVIRONMENT=master'],
    },
  },
  {
    id: 'contentful-personal-access-token',
    description: 'Contentful management personal access token (CFPAT-)',
    family: 'saas',
    keywords: ['cfpat-'],
    regex: /(?<![A-Za-z0-9])CFPAT-[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
    examples: {
      positive: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-H8Osfhpa3Nhs5eUdHLvRlYJ40VKF-XU9wStdgXSNOo3'],
      negative: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-…'],
    },
  },
  {
    id: 'postman-api-token',
    description: 'Postman API key (PMAK-)',
    family: 'saas',
    keywords: ['pmak-'],
    regex: /(?<![A-Za-z0-9])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![a-f0-9])/i,
    examples: {
      positive: ['X-Api-Key: PMAK-9ba6c51fa4b889b5905e0ade-3ab7f120ab84c9e97f18217085bfa03fb9'],
      negative: ['X-Api-Key: PMAK-<key>'],
    },
  },
  {
    id: 'pulumi-api-token',
    description: 'Pulumi access token (pul-)',
    family: 'saas',
    keywords: ['pul-'],
    regex: /(?<![A-Za-z0-9-])pul-[a-fA-F0-9]{40}(?![a-fA-F0-9])/,
    examples: {
      positive: ['PULUMI_ACCESS_TOKEN=pul-2e07a985e0535e0f1b7fc9a834e984c158be9c1f'],
      negative: [
        '<img src="./assets/vipul-6d25306aec625ef5be4fecfd5d63b83fb9d67b60c51bd7fa8af4edad5a93dc15.png">',
      ],
    },
  },
  {
    id: 'figma-personal-access-token',
    description: 'Figma personal access token (figd_)',
    family: 'saas',
    keywords: ['figd_'],
    regex: /(?<![A-Za-z0-9_-])figd_[A-Za-z0-9_-]{36,100}(?![A-Za-z0-9_-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['FIGMA_TOKEN=figd_8BAH_XfJVqTvLC35aeWVJDk9BCdnWyyIJ_x1e5gnHSk'],
      negative: ['FIGMA_TOKEN=figd_...', 'figd_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'sidekiq-secret',
    description: 'Sidekiq Pro/Enterprise gem credentials (<8 hex>:<8 hex>) next to the contribsys key name',
    family: 'saas',
    keywords: ['contribsys'],
    regex: assigned('contribsys', '[a-f0-9]{8}:[a-f0-9]{8}'),
    secretGroup: 1,
    examples: {
      positive: ['export BUNDLE_ENTERPRISE__CONTRIBSYS__COM=ae8126b6:0c842979'],
      negative: ['source "https://enterprise.contribsys.com/"'],
    },
  },
  {
    id: 'sidekiq-sensitive-url',
    description: 'Sidekiq gem source URL with embedded credentials',
    family: 'saas',
    keywords: ['contribsys.com'],
    regex: /https?:\/\/([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com/i,
    secretGroup: 1,
    examples: {
      positive: ['source "https://6e5530a7:a5973d20@gems.contribsys.com/" do'],
      negative: ['source "https://gems.contribsys.com/" do'],
    },
  },
  {
    id: 'maxmind-license-key',
    description: 'MaxMind license key (<6>_<29>_mmk)',
    family: 'saas',
    keywords: ['_mmk'],
    regex: /(?<![A-Za-z0-9])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk(?![A-Za-z0-9])/,
    examples: {
      positive: ["maxmindKey = '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'"],
      negative: ['geoip_db_mmk = true'],
    },
  },
  {
    id: 'adobe-client-id',
    description: 'Adobe client id (32 hex) next to an adobe key name',
    family: 'saas',
    keywords: ['adobe'],
    regex: assigned('adobe', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 2,
    examples: {
      positive: ['{"adobe_client_id": "d582af634cc1fe9d1161f06a30a5a27f"}'],
      negative: ['adobe_font = "source-sans-pro"'],
    },
  },
  {
    id: 'adobe-client-secret',
    description: 'Adobe client secret (p8e-)',
    family: 'saas',
    keywords: ['p8e-'],
    regex: /(?<![A-Za-z0-9])p8e-[A-Za-z0-9]{32}(?![A-Za-z0-9])/,
    entropy: 2,
    examples: {
      positive: ['ADOBE_CLIENT_SECRET=p8e-OEp7LgBFwrYmL7bcizULsBJmT8x284xW'],
      negative: ['ADOBE_CLIENT_SECRET=p8e-<secret>'],
    },
  },
  {
    id: 'linkedin-client-id',
    description: 'LinkedIn client id (14 alnum) next to a linkedin key name',
    family: 'saas',
    keywords: ['linkedin', 'linked_in', 'linked-in'],
    regex: assigned('linked[_-]?in', '[a-z0-9]{14}'),
    secretGroup: 1,
    entropy: 2,
    examples: {
      positive: ['linkedinClientId=ymdx3dxluy2k65'],
      negative: ['linkedin_url=https://www.linkedin.com/in/someone'],
    },
  },
  {
    id: 'linkedin-client-secret',
    description: 'LinkedIn client secret (16 alnum) next to a linkedin key name',
    family: 'saas',
    keywords: ['linkedin', 'linked_in', 'linked-in'],
    regex: assigned('linked[_-]?in', '[a-z0-9]{16}'),
    secretGroup: 1,
    entropy: 2,
    examples: {
      positive: ['linkedin_client_secret = "qKvt3fLfhwIPgEw1"'],
      negative: ['linkedin_client_secret = "${LINKEDIN_SECRET}"'],
    },
  },
  {
    id: 'facebook-access-token',
    description: 'Facebook app access token (<app id>|<secret>) near a facebook key name',
    family: 'saas',
    keywords: ['facebook', 'fb'],
    // Like `assigned`, but the operator is optional: `facebook <app id>|<secret>` is a common log form. So
    // the gate is the `|` (or `%`) after the app id's digits: after 30 name characters, 3 quotes, a
    // 2-character operator, 5 spaces and 16 digits. Without one, every hit walked the name tail (1 MB of
    // `facebook` repeated: 55 ms).
    regex: gated(
      /(?:facebook|\bfb)[\w.\- \t]{0,30}?[\s'"`]{0,3}(?:=>|:=|[=:,])?[\s'"`]{0,5}([0-9]{15,16}(?:\||%)[A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_-])/i,
      'facebook|\\bfb',
      30 + 3 + 2 + 5 + 16,
      /[|%](?<=[0-9]{15}[|%])/,
    ),
    secretGroup: 1,
    examples: {
      positive: [
        '{"facebook_access_token":"367231536213018|ivDyiyF-48X9TfcBhKf-MFQyi6b","token_type":"bearer"}',
        'facebook 2160661328061673|CJgNM5sqZ1qpyN-ROJ5sH7T1x0J',
      ],
      negative: ['facebook page id 123456789012345', 'fb_app_id = "670616073166274"'],
    },
  },
  {
    id: 'facebook-page-access-token',
    description: 'Facebook (Meta Graph API) user/page access token (EAA…)',
    family: 'saas',
    keywords: ['eaa'],
    regex: /(?<![A-Za-z0-9])EAA[A-Za-z0-9]{100,400}(?![A-Za-z0-9])/,
    entropy: 4,
    examples: {
      positive: [
        'FACEBOOK_PAGE_ACCESS_TOKEN="EAAMFKYUtCRmtOYtwAbCIX66sHjoIsOQE95ZbtKlpV4LCV4TWI3YnRkHAzboXENtlVdPfr8ooruCWp3YRTteewBh1TZGrgTf9unAvYcGFUT3kfAHnVVJg5djSAQEOX4Mo6Q8xjNIbNVbWu1rcIVn1F9uWTo35jJc2ghqh9tCBRBKwVrLmcFjlQuN"',
      ],
      negative: [
        'EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ],
    },
  },
  {
    id: 'facebook-secret',
    description: 'Facebook app secret (32 hex) next to a facebook key name',
    family: 'saas',
    keywords: ['facebook'],
    regex: assigned('facebook', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['FACEBOOK_APP_SECRET=69bf906e76dde710ad45cf33be67f090'],
      negative: ['FACEBOOK_APP_ID=938378794420902'],
    },
  },
  {
    id: 'twitter-api-key',
    description: 'Twitter/X consumer key (25 alnum) next to a twitter key name',
    family: 'saas',
    keywords: ['twitter'],
    regex: assigned('twitter', '[a-z0-9]{25}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['var twitterApiKey = "QyHrtg2FLuOcyUhunmGecBzfY"'],
      negative: ['twitter_handle = "@acme_support_team_2024x"'],
    },
  },
  {
    id: 'twitter-api-secret',
    description: 'Twitter/X consumer secret (50 alnum) next to a twitter key name',
    family: 'saas',
    keywords: ['twitter'],
    regex: assigned('twitter', '[a-z0-9]{50}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['TWITTER_API_SECRET=NQTWVmYvhSg5fZMiBlXIMwJsIILqNTnA3iPG6vPzSFzaNcRwLX'],
      negative: ['TWITTER_API_SECRET=$TWITTER_API_SECRET'],
    },
  },
  {
    id: 'twitter-access-token',
    description: 'Twitter/X OAuth 1.0a access token (<user id>-<secret>) next to a twitter key name',
    family: 'saas',
    keywords: ['twitter'],
    regex: assigned('twitter', '[0-9]{15,25}-[a-zA-Z0-9]{20,40}'),
    secretGroup: 1,
    examples: {
      positive: ['TWITTER_ACCESS_TOKEN=7141050405084516117-kdGLW7irH23ERZYjD6vmb3Puk56KkD'],
      negative: ['TWITTER_ACCESS_TOKEN=12345-short'],
    },
  },
  {
    id: 'twitter-bearer-token',
    description: 'Twitter/X app bearer token (AAAAAAAAAAAAAAAAAAAAA…)',
    family: 'saas',
    keywords: ['aaaaaaaaaaaaaaaaaaaaa'],
    regex: /(?<![A-Za-z0-9])A{21}[A-Za-z0-9%]{30,120}(?![A-Za-z0-9%])/,
    entropy: 3,
    examples: {
      positive: [
        'Authorization: Bearer AAAAAAAAAAAAAAAAAAAAA05Vr7CMT19G8nEVa6d%3DPmnRAGyJ4QAzz5XxPyqiMmVzvasApPgMbiX7sd8g5PvfPEhcm4',
      ],
      negative: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    },
  },
  {
    id: 'etsy-access-token',
    description: 'Etsy API key (24 alnum) next to an etsy key name',
    family: 'saas',
    keywords: ['etsy'],
    regex: assigned('etsy', '[a-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['ETSY_API_KEY = "3b3gueyt0g376j0zazzrltmq"'],
      negative: ['\tif err := sysctl.SetSysctl(sysctlBridgeCallIPTables); err != nil {'],
    },
  },
  {
    id: 'flickr-access-token',
    description: 'Flickr API key (32 alnum) next to a flickr key name',
    family: 'saas',
    keywords: ['flickr'],
    regex: assigned('flickr', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ["flickr_api_key = 'chbj1isrm0pqrsl2xh4tr8lspag8d6s8'"],
      negative: ['flickr_album = "summer-2024"'],
    },
  },
  {
    id: 'finnhub-access-token',
    description: 'Finnhub API key (20 alnum) next to a finnhub key name',
    family: 'saas',
    keywords: ['finnhub'],
    regex: assigned('finnhub', '[a-z0-9]{20}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['FINNHUB_TOKEN = "6s64enbx0q5jz2dvy2nz"'],
      negative: ['finnhub_symbol = "AAPL"'],
    },
  },
  {
    id: 'nytimes-access-token',
    description: 'New York Times API key (32) next to a nytimes key name',
    family: 'saas',
    keywords: ['nytimes', 'new-york-times', 'newyorktimes'],
    regex: assigned('nytimes|new-york-times|newyorktimes', '[a-z0-9=_-]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['NYTIMES_API_KEY := "azmy4fx307y54mbmnfu4xcrsdef6aecp"'],
      negative: ['nytimes_section = "technology"'],
    },
  },
  {
    id: 'looker-client-id',
    description: 'Looker API client id (20 alnum) next to a looker key name',
    family: 'saas',
    keywords: ['looker'],
    regex: assigned('looker', '[a-z0-9]{20}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['var lookerClientId string = "sFpezWCCOEAkGizffTdM"'],
      negative: ['LOOKER_BASE_URL=https://acme.looker.com'],
    },
  },
  {
    id: 'looker-client-secret',
    description: 'Looker API client secret (24 alnum) next to a looker key name',
    family: 'saas',
    keywords: ['looker'],
    regex: assigned('looker', '[a-z0-9]{24}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['LOOKERSDK_CLIENT_SECRET=uss8MCyi7QmtjBHFkazHoZQk'],
      negative: ['LOOKERSDK_VERIFY_SSL=true'],
    },
  },
  {
    id: 'confluent-access-token',
    description: 'Confluent Cloud API key (16 alnum) next to a confluent key name',
    family: 'saas',
    keywords: ['confluent'],
    regex: assigned('confluent', '[a-z0-9]{16}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['var confluentKey = "95ZBJHU2MWFP3YS0"'],
      negative: ['confluent_env = "production"'],
    },
  },
  {
    id: 'confluent-secret-key',
    description: 'Confluent Cloud API secret (64) next to a confluent key name',
    family: 'saas',
    keywords: ['confluent'],
    regex: assigned('confluent', '[A-Za-z0-9+/]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: [
        'CONFLUENT_CLOUD_API_SECRET=hjxC/BW9N0ecotA8+meqjvCCQTlSAEJHhKDQUA0ZVVzA5kzibmbENe7KybPNneHB',
      ],
      negative: ['CONFLUENT_CLOUD_API_SECRET=${CONFLUENT_SECRET}'],
    },
  },
  {
    id: 'fastly-api-token',
    description: 'Fastly API token (32) next to a fastly key name',
    family: 'saas',
    keywords: ['fastly'],
    regex: assigned('fastly', '[a-z0-9=_-]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['fastlyToken := `LJMWHQs4tZoxALtEaPrUkv1XOQL55MmJ`'],
      negative: ['FASTLY_SERVICE_ID=${FASTLY_SERVICE_ID}'],
    },
  },
  {
    id: 'settlemint-application-access-token',
    description: 'SettleMint application access token (sm_aat_)',
    family: 'saas',
    keywords: ['sm_aat_'],
    regex: /(?<![A-Za-z0-9])sm_aat_[A-Za-z0-9]{12,64}(?![A-Za-z0-9])/,
    examples: {
      positive: ['String settlemintToken = "sm_aat_al1bfjiofnuoc1z9";'],
      negative: ['sm_aat_short'],
    },
  },
  {
    id: 'settlemint-personal-access-token',
    description: 'SettleMint personal access token (sm_pat_)',
    family: 'saas',
    keywords: ['sm_pat_'],
    regex: /(?<![A-Za-z0-9])sm_pat_[A-Za-z0-9]{12,64}(?![A-Za-z0-9])/,
    examples: {
      positive: ['sm_pat_«a12»', 'SETTLEMINT_ACCESS_TOKEN=sm_pat_BGhlTruFnT9R9PT1'],
      negative: ['SETTLEMINT_ACCESS_TOKEN=sm_pat_...'],
    },
  },
  {
    id: 'settlemint-service-access-token',
    description: 'SettleMint service access token (sm_sat_)',
    family: 'saas',
    keywords: ['sm_sat_'],
    regex: /(?<![A-Za-z0-9])sm_sat_[A-Za-z0-9]{12,64}(?![A-Za-z0-9])/,
    examples: {
      positive: ['token: sm_sat_E7fswbFpDBoaBAhj'],
      negative: ['token: sm_sat_<token>'],
    },
  },
  {
    id: 'intra42-client-secret',
    description: '42 Intra API client secret (s-s4t2ud-/s-s4t2af-)',
    family: 'saas',
    keywords: ['s-s4t2ud-', 's-s4t2af-'],
    regex: /(?<![A-Za-z0-9-])s-s4t2(?:ud|af)-[a-fA-F0-9]{64}(?![a-fA-F0-9])/,
    examples: {
      positive: [
        'export INTRA42_CLIENT_SECRET=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',
      ],
      negative: ['export INTRA42_CLIENT_SECRET=s-s4t2ud-<secret>'],
    },
  },
  {
    id: 'typeform-api-token',
    description: 'Typeform personal access token (tfp_)',
    family: 'saas',
    keywords: ['tfp_'],
    regex: /(?<![A-Za-z0-9_.-])tfp_[A-Za-z0-9_.=-]{59}(?![A-Za-z0-9_.=-])/,
    examples: {
      positive: ['TYPEFORM_TOKEN=tfp_83U7QLAliBUoYLrPyPJAYBFHtf1HDGPmep3LXzGCFrmsuDdaJ8-C5k0wMjz'],
      negative: ['TYPEFORM_TOKEN=tfp_...'],
    },
  },
  {
    id: 'algolia-api-key',
    description: 'Algolia admin/search API key (32 alnum) next to an algolia key name',
    family: 'saas',
    keywords: ['algolia'],
    regex: assigned('algolia', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['ALGOLIA_ADMIN_KEY=7ff0021155570ce04b414b973e5d71ba'],
      negative: ['ALGOLIA_INDEX=products_production'],
    },
  },
  {
    id: 'zapier-webhook-url',
    description: 'Zapier catch-hook URL (acts as a bearer credential)',
    family: 'saas',
    keywords: ['hooks.zapier.com'],
    regex: /https:\/\/hooks\.zapier\.com\/hooks\/catch\/[0-9]{4,12}\/[A-Za-z0-9]{5,12}\/?/,
    examples: {
      positive: ['ZAPIER_HOOK=https://hooks.zapier.com/hooks/catch/4096457/1r84dib/'],
      negative: ['see https://hooks.zapier.com/hooks/catch/ for webhooks'],
    },
  },
  {
    id: 'twitch-api-token',
    description: 'Twitch API token (30 alnum) next to a twitch key name',
    family: 'saas',
    keywords: ['twitch'],
    regex: assigned('twitch', '[a-z0-9]{30}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['TWITCH_CLIENT_SECRET=vnojjzh11kmh2u7abwnl0vhbvf6p1y'],
      negative: ['TWITCH_CHANNEL=acme_streams'],
    },
  },
  {
    id: 'hubspot-private-app-token',
    description: 'HubSpot private app access token (pat-na1-/pat-eu1-)',
    family: 'saas',
    keywords: ['pat-na1-', 'pat-eu1-'],
    regex: new RegExp(`(?<![A-Za-z0-9])pat-(?:na|eu)1-${UUID}(?![0-9a-f])`),
    examples: {
      positive: ['HUBSPOT_ACCESS_TOKEN=pat-na1-18643737-ae2b-4a97-bb75-e8d349716c47'],
      negative: ['HUBSPOT_ACCESS_TOKEN=pat-na1-<uuid>'],
    },
  },
  {
    id: 'hubspot-api-key',
    description: 'HubSpot legacy API key (UUID) next to a hubspot key name',
    family: 'saas',
    keywords: ['hubspot'],
    regex: assigned('hubspot', UUID),
    secretGroup: 1,
    examples: {
      positive: ['HUBSPOT_API_KEY=84e6990a-0980-4c55-98d3-7de934b8ee50'],
      negative: ['HUBSPOT_PORTAL=acme'],
    },
  },
  {
    id: 'segment-public-api-token',
    description: 'Segment public API token (sgp_)',
    family: 'saas',
    keywords: ['sgp_'],
    regex: /(?<![A-Za-z0-9])sgp_[A-Za-z0-9]{64}(?![A-Za-z0-9])/,
    examples: {
      positive: ['SEGMENT_TOKEN=sgp_WeFq8TxiI15LF5sOw6FG17l3ToDVx7oGOfhw7QQX3caFcW2Vu9AIpiiNfgkC4KoK'],
      negative: ['SEGMENT_TOKEN=sgp_...'],
    },
  },
  {
    id: 'readme-api-token',
    description: 'ReadMe API key (rdme_)',
    family: 'saas',
    keywords: ['rdme_'],
    regex: /(?<![A-Za-z0-9])rdme_[a-z0-9]{70}(?![a-z0-9])/i,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: [
        "const API_KEY = 'rdme_mouv5qpaptg285ixwbc5rvpv5jv28ob5twb73kiyrxk41h618oz6du6h28nfix2c1f7z2a';",
      ],
      negative: [
        "const API_KEY = 'rdme_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';",
      ],
    },
  },
  {
    id: 'launchdarkly-access-token',
    description: 'LaunchDarkly access token (api-/sdk-<uuid> or 40) next to a launchdarkly key name',
    family: 'saas',
    keywords: ['launchdarkly'],
    regex: assigned('launchdarkly', `(?:(?:api|sdk)-${UUID}|[a-z0-9=_-]{40})`),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'LAUNCHDARKLY_SDK_KEY=sdk-e8300bf7-8d20-4bfc-a652-67a684a25e5f',
        'LAUNCHDARKLY_ACCESS_TOKEN=lp6JNVYDVvz69okcGaoSmKbitVLbByPC-xWDp0Vx',
      ],
      negative: ['LAUNCHDARKLY_PROJECT=default'],
    },
  },
  {
    id: 'launchdarkly-sdk-key',
    description: 'LaunchDarkly server-side SDK key (sdk-<uuid>), by its shape',
    family: 'saas',
    // The key a server connects its SDK with; found where the product's name is not next to it
    // (`launchdarkly:` a line above `sdkKey: sdk-…` in a values file).
    keywords: ['sdk-'],
    regex: new RegExp(`(?<![\\w-])(sdk-${UUID})(?![\\w-])`),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: ['featureFlags:\n  launchdarkly:\n    sdkKey: sdk-«h8»-«h4»-4«h3»-a«h3»-«h12»'],
      negative: ['aws-sdk-2.1692.0', 'sdk-00000000-0000-0000-0000-000000000000'],
    },
  },
  {
    id: 'salesforce-access-token',
    description: "Salesforce access (session) token: the org's id, `!`, then the token (sf org display)",
    family: 'saas',
    keywords: ['00d'],
    regex: /(?<![\w!])(00D[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?![A-Za-z0-9._]{80,300})(?![\w.])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: [' Access Token     00D«a12»!«a6».«a5».«a80»\n Api Version      62.0'],
      negative: ['Id               00D5g000004Rb9LCAD', 'sha 00d4e1f2c3b4a5968778695a4b3c2d1e0f'],
    },
  },
  {
    id: 'frameio-api-token',
    description: 'Frame.io developer token (fio-u-)',
    family: 'saas',
    keywords: ['fio-u-'],
    regex: /(?<![A-Za-z0-9])fio-u-[A-Za-z0-9_=-]{64}(?![A-Za-z0-9_=-])/,
    examples: {
      positive: ['FRAMEIO_TOKEN=fio-u-aqo0_UIwL_f_ZCWlkZEkO84x4PgwfP5aKqFndYDlPGC_gaVWyIAbCeOfkqFFTYK-'],
      negative: ['FRAMEIO_TOKEN=fio-u-...'],
    },
  },
  {
    id: 'twitter-access-secret',
    description: 'Twitter/X OAuth 1.0a access token secret (45 alnum) next to a twitter key name',
    family: 'saas',
    keywords: ['twitter'],
    regex: assigned('twitter', '[a-z0-9]{45}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['TWITTER_ACCESS_SECRET=2RRXeykFwnDX1XHOkEQaKwH2u1kHpUKef0R4IScgIMYiV'],
      negative: ['TWITTER_ACCESS_SECRET=${TWITTER_ACCESS_SECRET}'],
    },
  },
  {
    id: 'linear-client-secret',
    description: 'Linear OAuth client secret (32 hex) next to a linear key name',
    family: 'saas',
    keywords: ['linear'],
    regex: assigned('linear', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['LINEAR_CLIENT_SECRET=2b46d656a55586a8d5f859b061a996c5'],
      negative: ['linear_team = "ENG"', 'linear-gradient(90deg, #fff, #000)'],
    },
  },
  {
    id: 'privateai-api-token',
    description: 'Private AI API key (32 alnum) next to a privateai key name',
    family: 'saas',
    keywords: ['privateai', 'private_ai', 'private-ai'],
    regex: assigned('private[_-]?ai', '[a-z0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['const privateaiToken = "vvq2wgvoslvwg848c557pzq448rybihg";'],
      negative: ['const privateaiToken = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";'],
    },
  },
  {
    id: 'authress-service-client-access-key',
    description: 'Authress service client access key (sc_/ext_/scauth_/authress_ <id>.<id>.acc_<id>.<key>)',
    family: 'saas',
    // The dots make it look like a dotted identifier to the generic rule, which lets such values go.
    keywords: ['.acc_', '.acc-'],
    regex:
      /(?<![A-Za-z0-9_])(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}(?![A-Za-z0-9+/_=-])/,
    entropy: 3.5,
    examples: {
      positive: [
        'authressToken := "sc_k3v9q2m7w1zp.h4t8r.acc_n6b2x9c4v7m1q5w8e3r0.Q2hvb3NlIGEgcmFuZG9tIGtleSBmb3IgdGhlIHRlc3Qgb25seS4xMjM0"',
        'AUTHRESS_KEY=authress_Tq7Wm2Kp.9fGh.acc-u4y8i2o6p0a3s7d1.Zx-Cv_Bn8Mq2Wr4Ty6Ui0Op3As5Df7Gh9Jk1Lz',
      ],
      negative: [
        'desc_example.value.acc_short.x',
        'sc_aaaaa.bbbb.acc_cccccccccc.dddddddddddddddddddddddddddddd',
      ],
    },
  },
  {
    id: 'adafruit-api-key',
    description: 'Adafruit IO key (32 characters) next to an adafruit key name',
    family: 'saas',
    keywords: ['adafruit'],
    regex: assigned('adafruit', '[a-z0-9_-]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'ADAFRUIT_IO_KEY=a0bbz2lg79eqj9bz1z0vovgcmru7m6yf',
        'adafruit_key = "41fa6u763ped_w50dmih7gxnm1r2op3i"',
      ],
      negative: ['adafruit_username = "makers-united-lab"', 'ADAFRUIT_IO_KEY=${AIO_KEY}'],
    },
  },
  {
    id: 'beamer-api-token',
    description: 'Beamer API key (b_ + 44) next to a beamer key name',
    family: 'saas',
    keywords: ['beamer'],
    regex: assigned('beamer', 'b_[a-z0-9=_\\-]{44}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['BEAMER_API_KEY="b_84mgkov0naaruusfc6fo-77kk0ztpp173acgkn3skrpy"'],
      negative: ['beamer_product_id = "b_dashboard"'],
    },
  },
  {
    id: 'freshbooks-access-token',
    description: 'FreshBooks access token (64 alnum) next to a freshbooks key name',
    family: 'saas',
    keywords: ['freshbooks'],
    regex: assigned('freshbooks', '[a-z0-9]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['freshbooks_token: 0tufsp1zjacoe8h5g53xgp3bvv2frcuvmcji8b4684yo29zata1o1h6511is844g'],
      negative: ['freshbooks_account_id: "ab12cd"'],
    },
  },
  {
    id: 'lob-api-key',
    description: 'Lob API key (live_/test_ + 35 hex) next to a lob key name',
    family: 'saas',
    keywords: ['lob'],
    regex: assigned('lob', '(?:live|test)_[a-f0-9]{35}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'LOB_API_KEY=test_11309ae654d8d8fe7c6a2d11fcd503dfa2f',
        'lob_key = "live_4d5b1bc6670a71ba5f7afb3f5b19189a23d"',
      ],
      negative: ['lob_env = "test_environment"', 'global_lob=live_00000000000000000000000000000000000'],
    },
  },
  {
    id: 'lob-pub-api-key',
    description: 'Lob publishable key (live_pub_/test_pub_ + 31 hex) next to a lob key name',
    family: 'saas',
    keywords: ['lob'],
    regex: assigned('lob', '(?:live|test)_pub_[a-f0-9]{31}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['LOB_PUBLISHABLE_KEY=test_pub_3f20d0d3c6b58a68a09098ad5e7ce89'],
      negative: ['lob_key = "test_pub_key"'],
    },
  },
  {
    id: 'squarespace-access-token',
    description: 'Squarespace API key (a UUID) next to a squarespace key name',
    family: 'saas',
    keywords: ['squarespace'],
    regex: assigned('squarespace', UUID),
    secretGroup: 1,
    examples: {
      positive: ['SQUARESPACE_API_KEY=78039e21-8e55-7cb2-6536-bc83b6c97e05'],
      negative: ['squarespace_site = "my-shop"'],
    },
  },
  {
    id: 'cisco-meraki-api-key',
    description: 'Cisco Meraki dashboard API key (40 hex) next to a meraki key name',
    family: 'saas',
    keywords: ['meraki'],
    regex: assigned('meraki', '[0-9a-f]{40}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['MERAKI_DASHBOARD_API_KEY=97c67a329cc46c88de3ffed2fbc145b4f6fc62cf'],
      negative: ['meraki_network = "L_250091581773"'],
    },
  },
  {
    id: 'chief-tools-token',
    description: 'Chief Tools personal access, access or refresh token (ctp_/cto_/ctr_ + 30-248)',
    family: 'saas',
    keywords: ['ctp_', 'cto_', 'ctr_'],
    regex: /(?<![A-Za-z0-9_])ct[opr]_[A-Za-z0-9]{30,248}(?![A-Za-z0-9_])/,
    entropy: 3,
    examples: {
      positive: ['CHIEF_TOOLS_TOKEN=ctp_«a36»', 'Authorization: Bearer cto_«a40»', 'refresh: ctr_«a64»'],
      negative: ['ctp_short', 'ctr_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    },
  },
  {
    id: 'rapidapi-key',
    description: 'RapidAPI application key (10 hex, msh, 15 hex, p, 6 hex, jsn, 12 hex)',
    family: 'saas',
    keywords: ['msh'],
    // The key's own shape, wherever it stands: code sends it as `X-RapidAPI-Key` in every request.
    regex: /(?<![\w-])[0-9a-f]{10}msh[0-9a-f]{15}p[0-9a-f]{6}jsn[0-9a-f]{12}(?![\w-])/,
    entropy: 3,
    examples: {
      positive: [
        "headers: { 'X-RapidAPI-Key': '«h10»msh«h15»p1«h5»jsn«h12»' }",
        'curl -H "x-rapidapi-key: «h10»msh«h15»p1«h5»jsn«h12»" https://weatherapi-com.p.rapidapi.com/',
      ],
      negative: ["'X-RapidAPI-Key': 'YOUR_RAPIDAPI_KEY'", 'tmsh list ltm pool all-properties'],
    },
  },
  {
    id: 'rapidapi-access-token',
    description: 'RapidAPI key (50 of [a-z0-9_-]) next to a rapidapi key name',
    family: 'saas',
    keywords: ['rapidapi'],
    regex: assigned('rapidapi', '[a-z0-9_-]{50}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['RAPIDAPI=«l50»', 'rapidapi_webhook: «l50»'],
      negative: ["'x-rapidapi-host': 'weatherapi-com.p.rapidapi.com'", 'RAPIDAPI_KEY=${RAPIDAPI_KEY}'],
    },
  },
  {
    id: 'kaggle-api-key',
    description: "Kaggle's API key (32 hex digits) in kaggle.json or as KAGGLE_KEY, near the word kaggle",
    family: 'saas',
    keywords: ['kaggle'],
    // kaggle.json is `{"username":"…","key":"…"}`: a member named `key` alone, so the file's name or the
    // tool's around it says whose.
    regex: /(?:"key"\s{0,4}:\s{0,4}"|KAGGLE_KEY["']?\]?\s{0,4}[=:]\s{0,4}["']?)([0-9a-f]{32})(?![0-9a-f])/i,
    secretGroup: 1,
    entropy: 3,
    window: { before: 512, after: 512 },
    examples: {
      positive: [
        '!cat ~/.kaggle/kaggle.json\n{"username":"priyanshu_ds","key":"«h32»"}',
        "os.environ['KAGGLE_KEY'] = '«h32»'",
      ],
      negative: ['kaggle.json: {"username":"<user>","key":"<key>"}'],
    },
  },
  {
    id: 'ghost-admin-api-key',
    description: 'A Ghost Admin API key (<24 hex id>:<64 hex secret>) near the word ghost',
    family: 'saas',
    keywords: ['ghost'],
    // The secret half signs the JWTs the Admin API takes; the id before it names the key.
    regex: /(?<![0-9a-f])[0-9a-f]{24}:([0-9a-f]{64})(?![0-9a-f])/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 512, after: 512 },
    examples: {
      positive: [
        "const GhostAdminAPI = require('@tryghost/admin-api');\nconst api = new GhostAdminAPI({\n  url: 'https://journal.example.org',\n  key: '65f1c0d2a9e4b7c3d8e1f2a0:«h64»',",
      ],
      negative: [
        "const api = new GhostAdminAPI({ url, key: process.env.GHOST_ADMIN_KEY, version: 'v5.0' });",
      ],
    },
  },
];
