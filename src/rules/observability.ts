/**
 * @module rules/observability
 * Monitoring, logging and incident vendors: Datadog, New Relic (every key kind), Sentry, Grafana, Honeycomb,
 * Dynatrace, Splunk, PagerDuty, Opsgenie, Sumo Logic, Elastic, Lightstep, Rollbar, Bugsnag, Axiom.
 */
import { gated } from './assignments.js';
import { assigned, GATED_PLACEHOLDERS, PLACEHOLDERS, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'datadog-access-token',
    description: 'Datadog application key (40 alnum) next to a datadog/dd key name',
    family: 'observability',
    keywords: ['datadog', 'dd_app', 'dd_api'],
    regex: assigned('datadog|dd_app|dd_api', '[a-z0-9]{40}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'string datadogToken = "9emyxczr3t32rb0fsdr4qyb7oql84m1r8vh4lwnr";',
        'DD_APP_KEY=8f786d835645f6b86c417b62683839deb6613d8a',
      ],
      negative: [
        'DATADOG_SITE=datadoghq.eu',
        'datadog_agent_sha = "247f9c950e886392c7856abdf20327c6e05c9510237a8a39a1cccdb2b848b124"',
      ],
    },
  },
  {
    id: 'datadog-api-key',
    description: 'Datadog API key (32 hex) next to a datadog/dd key name',
    family: 'observability',
    keywords: ['datadog', 'dd_api'],
    regex: assigned('datadog|dd_api', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'DD_API_KEY=a29e8b4764411587357a08015fbd07ef',
        'datadog_api_key: cb9c9ee9850e8e28d0daaebce02ff00d',
      ],
      negative: ['DD_API_KEY=<DATADOG_API_KEY>'],
    },
  },
  {
    id: 'new-relic-user-api-key',
    description: 'New Relic user API key (NRAK-)',
    family: 'observability',
    keywords: ['nrak-'],
    regex: /(?<![A-Za-z0-9])NRAK-[A-Za-z0-9]{27}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['NEW_RELIC_API_KEY=NRAK-0OYWP62KRIQF4VO0SIXUGS5QFHZ'],
      negative: ['NEW_RELIC_API_KEY=NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX', 'NRAK-SHORT'],
    },
  },
  {
    id: 'new-relic-user-api-id',
    description: 'New Relic user API id next to a new relic key name',
    family: 'observability',
    keywords: ['new_relic', 'new-relic', 'newrelic'],
    regex: assigned('new[_-]?relic', '[A-Z0-9]{64}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['NEWRELIC_USER_ID=X9R9QM8B0BGRL7BE8L7PDQPVU9T1UOTGQFWPZJMI69HEOMHJ4PLDJE1RU33N62O2'],
      negative: ['NEW_RELIC_APP_NAME=checkout-api'],
    },
  },
  {
    id: 'new-relic-browser-api-token',
    description: 'New Relic browser API token (NRJS-)',
    family: 'observability',
    keywords: ['nrjs-'],
    regex: /(?<![A-Za-z0-9])NRJS-[a-fA-F0-9]{19}(?![a-fA-F0-9])/,
    examples: {
      positive: ['NRJS-«H19»', 'licenseKey: "NRJS-9d1b4f5bc5fe4c0ead0"'],
      negative: ['licenseKey: "NRJS-<key>"'],
    },
  },
  {
    id: 'new-relic-insert-key',
    description: 'New Relic insights insert key (NRII-)',
    family: 'observability',
    keywords: ['nrii-'],
    regex: /(?<![A-Za-z0-9])NRII-[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['X-Insert-Key: NRII-EWm4zmH_upS31c0ve4_nq13VdaNrIglm'],
      negative: ['X-Insert-Key: NRII-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'new-relic-license-key',
    description: 'New Relic ingest license key (40 chars ending in NRAL)',
    family: 'observability',
    keywords: ['nral'],
    regex: /(?<![A-Za-z0-9])[a-f0-9]{36}NRAL(?![A-Za-z0-9])/,
    entropy: 3,
    examples: {
      positive: ['NEW_RELIC_LICENSE_KEY=21ae02985ed810c9cfad12b63b25a110de35NRAL'],
      negative: ['NEW_RELIC_LICENSE_KEY=000000000000000000000000000000000000NRAL', 'NRAL is the suffix'],
    },
  },
  {
    id: 'sentry-access-token',
    description: 'Sentry auth token (64 hex) next to a sentry key name',
    family: 'observability',
    keywords: ['sentry'],
    regex: assigned('sentry', '[a-f0-9]{64}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['SENTRY_AUTH_TOKEN=14c198a5fbb2c09473169888952ac5c00d8b90af71689d8d7e693b9a451a49aa'],
      negative: ['SENTRY_DSN=https://public@o0.ingest.sentry.io/0', 'SENTRY_AUTH_TOKEN=${SENTRY_AUTH_TOKEN}'],
    },
  },
  {
    id: 'sentry-org-token',
    description: 'Sentry organization auth token (sntrys_)',
    family: 'observability',
    keywords: ['sntrys_'],
    // The tail is 43 characters; a longer one is masked to its end, not cut with its last characters shown.
    regex: /sntrys_eyJ[A-Za-z0-9+/=]{30,1000}_[A-Za-z0-9+/]{43,200}/,
    examples: {
      positive: [
        'SENTRY_AUTH_TOKEN="sntrys_eyJtBkWhBFTOTOtUFCC9CBjZTKRLlQitK5rYrMtRkwBzaiUM7bYxGIRVXez8FdA3RtMrpscTVNaIcdIAbnMGK03gEo1nor4v6JpsX9jM2XzamlgkQlC4JMTyrGU=_KtLY59BupTOmcfhI/HqgCPW5wvm+MIOUS7B5xzFnrbj"',
      ],
      negative: ['SENTRY_AUTH_TOKEN="sntrys_..."'],
    },
  },
  {
    id: 'sentry-user-token',
    description: 'Sentry user auth token (sntryu_)',
    family: 'observability',
    keywords: ['sntryu_'],
    regex: /(?<![A-Za-z0-9])sntryu_[a-f0-9]{64}(?![a-f0-9])/,
    examples: {
      positive: ['SENTRY_AUTH_TOKEN=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'],
      negative: ['SENTRY_AUTH_TOKEN=sntryu_<token>'],
    },
  },
  {
    id: 'grafana-api-key',
    description: 'Grafana API key (eyJrIjoi…, base64 JSON with a "k" field)',
    family: 'observability',
    keywords: ['eyjrijoi'],
    regex: /eyJrIjoi[A-Za-z0-9]{70,400}={0,2}/,
    entropy: 3,
    examples: {
      positive: [
        'GRAFANA_API_KEY=eyJrIjoizQt6gwursuDbK7uPnu8sIJtcVGU9piUaW9rlFrUoAqEHR4AtfqqnpvCpERTs3FCQECNel4qKLB875tIN==',
      ],
      negative: ['GRAFANA_API_KEY=eyJrIjoi...'],
    },
  },
  {
    id: 'grafana-cloud-api-token',
    description: 'Grafana Cloud access policy token (glc_)',
    family: 'observability',
    keywords: ['glc_'],
    regex: /(?<![A-Za-z0-9])glc_[A-Za-z0-9+/]{32,400}={0,2}/,
    entropy: 3,
    examples: {
      positive: [
        'loki_key: glc_eyJrNacE24idVIosV+JuOCD/OiIxjWr3W5GPobnhiQSqCwCdVd2EyC2a9Qnisnb109Is6KaDg==',
        '{"grafana": "glc_gEAAK4uncRcVmvYCzPjuJhMvgsVx7XFycVoMOEBBGmaLaUOJ"}',
      ],
      negative: ['   API_KEY="glc_111111111111111111111111111111111111111111="'],
    },
  },
  {
    id: 'grafana-service-account-token',
    description: 'Grafana service account token (glsa_)',
    family: 'observability',
    keywords: ['glsa_'],
    regex: /(?<![A-Za-z0-9])glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Za-z0-9])/,
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ["'Authorization': 'Bearer glsa_VRw66y84WdGcsbigBYROUjqrnsq3cUHm_19d089d9'"],
      negative: ['glsa_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_AAAAAAAA'],
    },
  },
  {
    id: 'honeycomb-api-key',
    description: 'Honeycomb API/ingest key next to a honeycomb key name',
    family: 'observability',
    keywords: ['honeycomb'],
    regex: assigned('honeycomb', '(?:hca[imx]k_[A-Za-z0-9]{58}|[A-Za-z0-9]{22}(?:[A-Za-z0-9]{10})?)'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'HONEYCOMB_API_KEY=wo9G6ZO7W9jq0jmpX0MT7N',
        'honeycomb_write_key: 74af85c1de7f64c589e1b743aa5e0f28',
      ],
      negative: ['HONEYCOMB_DATASET=production-traces'],
    },
  },
  {
    id: 'dynatrace-api-token',
    description: 'Dynatrace API token (dt0c01.)',
    family: 'observability',
    keywords: ['dt0c01.', 'dt0s01.', 'dt0s16.'],
    regex: /(?<![A-Za-z0-9])dt0[a-z][0-9]{2}\.[A-Z0-9]{24}\.[A-Z0-9]{64}(?![A-Z0-9])/i,
    examples: {
      positive: [
        'Authorization: Api-Token dt0c01.K0CTXDIMB5WLZP82JJR5ZBM6.7893C9UROBHTLWEI8980WFF1WSY5U87MZD5TGTGGJRFKZYFZG8UALZ81AV79IQSV',
      ],
      negative: ['Authorization: Api-Token dt0c01.<public>.<secret>'],
    },
  },
  {
    id: 'splunk-hec-token',
    description: 'Splunk HTTP Event Collector token (UUID) next to a splunk/hec key name',
    family: 'observability',
    keywords: ['splunk', 'hec_token', 'hec-token'],
    // The operator is optional so that the `Authorization: Splunk <token>` header form also matches; so the
    // gate is the UUID's first dash, after 8 hex digits: after 30 name characters, 3 quotes, a 2-character
    // operator, 5 spaces and the 8 digits. A dash alone is in the `hec-token` keyword itself. The dash is
    // looked for first and the digits behind it: `[0-9a-f]{8}-` read 8 digits at every place of a hex run
    // (`splunk=` and 1 MB of `A`: 117 -> 44 ms).
    regex: gated(
      new RegExp(
        `(?:splunk|hec[_-]token)[\\w.\\- \\t]{0,30}?[\\s'"\`]{0,3}(?:=>|:=|[=:,])?[\\s'"\`]{0,5}(${UUID})(?![\\w-])`,
        'i',
      ),
      'splunk|hec[_-]token',
      30 + 3 + 2 + 5 + 8,
      /-(?<=[0-9a-f]{8}-)/i,
    ),
    secretGroup: 1,
    examples: {
      positive: [
        'SPLUNK_HEC_TOKEN=739cad4f-3eb9-4ebe-8957-9abe9a95ce59',
        'Authorization: Splunk 2013a662-2629-4d69-8c53-97ad6981f33f',
      ],
      negative: ['SPLUNK_INDEX=main', 'event_id: 09ab11f3-71da-4bd1-b974-4c5bbdbde365'],
    },
  },
  {
    id: 'pagerduty-integration-key',
    description:
      "A PagerDuty integration key (Events API routing_key, v1's service_key) in an alerting config",
    family: 'observability',
    // Alertmanager's `pagerduty_configs` and Grafana's contact points hold it so: 32 characters, which send
    // and resolve incidents on the service. AMQP's routing keys are names (`orders.created`), not 32 of these.
    keywords: ['routing_key', 'service_key', 'integration_key'],
    regex: assigned('routing_key|service_key|integration_key', '[0-9a-z]{32}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'pagerduty_configs:\n  - routing_key: «h32»\n    severity: critical',
        '"service_key": "«l32»"',
      ],
      negative: ['routing_key: orders.created.v1', 'routing_key: <your-integration-key>'],
    },
  },
  {
    id: 'pagerduty-api-key',
    description: 'PagerDuty REST API key next to a pagerduty key name',
    family: 'observability',
    keywords: ['pagerduty', 'pager_duty', 'pager-duty', 'pd_token', 'pd_api'],
    regex: assigned('pager[_-]?duty|pd_token|pd_api', '(?:u\\+)?[A-Za-z0-9_+-]{20}'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['PAGERDUTY_API_KEY=eHKcuyLuIiEkKEhYIcnm', 'pd_token: u+urbOkesfgF0Bcs4K7RpJ'],
      negative: ['PAGERDUTY_SERVICE=checkout-oncall', 'PAGERDUTY_API_KEY=aaaaaaaaaaaaaaaaaaaa'],
    },
  },
  {
    id: 'opsgenie-api-key',
    description: 'Opsgenie API key (UUID) next to an opsgenie key name',
    family: 'observability',
    keywords: ['opsgenie'],
    regex: assigned('opsgenie', UUID),
    secretGroup: 1,
    examples: {
      positive: ['OPSGENIE_API_KEY: 309361e3-b9d8-4a81-9fe0-42bb739ff671'],
      negative: ['OPSGENIE_TEAM=platform'],
    },
  },
  {
    id: 'sumologic-access-id',
    description: 'Sumo Logic access id (su + 12) next to a sumo key name',
    family: 'observability',
    keywords: ['sumo'],
    regex: assigned('sumo', 'su[A-Za-z0-9]{12}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['sumologic.accessId = "su0C0PeYzYWI2b"', 'export SUMO_ACCESS_ID=suPkXKNpm3tXBA'],
      negative: [
        '- (NSInteger)sumOfValuesInRange:(NSRange)range;',
        'export SUMOLOGIC_ACCESSID=XXXXXXXXXXXXXX',
      ],
    },
  },
  {
    id: 'sumologic-access-token',
    description: 'Sumo Logic access key (64 alnum) next to a sumo key name',
    family: 'observability',
    keywords: ['sumo'],
    regex: assigned('sumo', '[A-Za-z0-9]{64}'),
    secretGroup: 1,
    entropy: 3,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: ['SUMO_ACCESS_KEY: 1E5kOpJQrMt8Jk4Y35t8BoOe7GG5qM1j4z37lGj0P5af3Ntpvzb8qUGiXI58ej6i'],
      negative: [
        'SUMO_ACCESS_KEY={SumoAccessKey}',
        'SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}',
        'sumo_access_key = "<SUMOLOGIC ACCESS KEY>"',
      ],
    },
  },
  {
    id: 'elastic-api-key',
    description: 'Elasticsearch/Kibana API key in an "Authorization: ApiKey" header',
    family: 'observability',
    keywords: ['apikey'],
    regex: /Authorization["']?[ \t]{0,3}:[ \t]{0,3}["']?ApiKey[ \t]{1,3}([A-Za-z0-9+/_-]{40,200}={0,2})/i,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: [
        'curl -H "Authorization: ApiKey zloDpnb3BG1miklh+VLoe/zYusn4hrzyB1U0MQC+J46MldHZZOsQ3y5Y==" https://es.internal.test:9200',
      ],
      negative: ['Authorization: ApiKey $ES_API_KEY', 'const apiKey = config.apiKey;'],
    },
  },
  {
    id: 'lightstep-access-token',
    description: 'Lightstep (ServiceNow Cloud Observability) access token next to a lightstep key name',
    family: 'observability',
    keywords: ['lightstep'],
    regex: assigned('lightstep', '[A-Za-z0-9+/]{84}(?:={0,2})'),
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { stopwords: GATED_PLACEHOLDERS },
    examples: {
      positive: [
        'LIGHTSTEP_ACCESS_TOKEN=DKHfm19EgPvtl1zFBLuqvV0+bcN1StTTy4a2zOhDA7K92qAdb8s50x0X2jsTadOV0PI6cfSr8BrdrTvt3Bzu',
      ],
      negative: ['LIGHTSTEP_PROJECT=checkout'],
    },
  },
  {
    id: 'rollbar-access-token',
    description: 'Rollbar access token (32 hex) next to a rollbar key name',
    family: 'observability',
    keywords: ['rollbar'],
    regex: assigned('rollbar', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['ROLLBAR_ACCESS_TOKEN=4155f9c524ec3b0cb24a308192ef4389'],
      negative: ['ROLLBAR_ENV=production'],
    },
  },
  {
    id: 'bugsnag-api-key',
    description: 'Bugsnag API key (32 hex) next to a bugsnag key name',
    family: 'observability',
    keywords: ['bugsnag'],
    regex: assigned('bugsnag', '[a-f0-9]{32}'),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['BUGSNAG_API_KEY=819f3864621ab5fb5904a04191505c26'],
      negative: ['BUGSNAG_RELEASE_STAGE=staging'],
    },
  },
  {
    id: 'axiom-api-token',
    description: 'Axiom API or personal token (xaat-/xapt-)',
    family: 'observability',
    keywords: ['xaat-', 'xapt-'],
    regex: new RegExp(`(?<![A-Za-z0-9])xa[ap]t-${UUID}(?![0-9a-f])`),
    examples: {
      positive: ['AXIOM_TOKEN=xaat-7fe68119-7d2a-45cf-b451-72d1283645d0'],
      negative: ['AXIOM_TOKEN=xaat-<uuid>'],
    },
  },
  {
    id: 'elasticsearch-generated-password',
    description:
      "The password Elasticsearch generates for a user (first start's banner, elasticsearch-reset-password's New value:)",
    family: 'observability',
    keywords: ['user successfully reset', 'password for the elastic user'],
    // Security auto-configuration prints the elastic user's password on the line after its heading, and the
    // reset tool after `New value:`.
    regex:
      /(?:user[ \t]successfully[ \t]reset\.?\s{0,8}New[ \t]value:|password[ \t]for[ \t]the[ \t]elastic[ \t]user[^\r\n]{0,120}:[ \t]{0,4}\r?\n)[ \t]{0,8}([^\s"'\\]{8,256})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    examples: {
      positive: [
        'Password for the [elastic] user successfully reset.\nNew value: «a4»=«a14»',
        'ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  --«a8»-«a9»',
      ],
      negative: ['Password for the [elastic] user successfully reset.\n'],
    },
  },
  {
    id: 'elasticsearch-enrollment-token',
    description:
      'An Elasticsearch enrollment token (base64 of {"ver":…,"adr":…,"fgr":…,"key":…}): it holds an API key',
    family: 'observability',
    keywords: ['eyj2zxiioii'],
    regex: /eyJ2ZXIiOiI[A-Za-z0-9+/]{60,1000}={0,2}/,
    entropy: 3,
    examples: {
      positive: [
        'Copy the following enrollment token and paste it into Kibana:\n  eyJ2ZXIiOiI4LjEzLjIi«a200»=',
      ],
      negative: ['an enrollment token starts with eyJ2ZXIiOiI'],
    },
  },
];
