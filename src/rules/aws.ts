/**
 * @module rules/aws
 * Amazon Web Services: access key ids (the four-letter type prefix of the documented key id format), secret
 * access keys and session tokens (recognised through their key names, since the value alone is 40 base64-ish
 * characters), Bedrock API keys, MWS tokens, Login with Amazon client secrets and AppSync API keys.
 */
import { keyed } from './assignments.js';
import { ID_THEN_SECRET, withLetterAndDigit } from './shapes.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'aws-access-key-id',
    description: 'AWS access key id (AKIA long-term, ASIA temporary, and the other documented type prefixes)',
    family: 'aws',
    keywords: ['akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva', 'apka', 'a3t'],
    regex:
      /(?<![A-Z0-9])((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16})(?![A-Z0-9])/,
    secretGroup: 1,
    // Low for 20 characters on purpose: one random key id in about ten thousand falls below 3 bits (the
    // prefix repeats an A). Filler such as `AKIA2345…` is caught as a placeholder, not by this floor.
    entropy: 2.5,
    examples: {
      positive: ['aws_access_key_id = AKIA«u16»', '{"AccessKeyId": "ASIA«u16»"}'],
      negative: ['if (key.startsWith("AKIA")) warn()', 'AKIAXXXXXXXXXXXXXXXX', `AKIA${'2345'.repeat(4)}`],
    },
  },
  {
    id: 'aws-secret-access-key',
    description:
      'AWS secret access key, found through its key name (aws_secret_access_key, SecretAccessKey, ...)',
    family: 'aws',
    keywords: [
      'secret_access_key',
      'secretaccesskey',
      'secret-access-key',
      'aws_secret',
      'aws-secret',
      'awssecret',
    ],
    regex: keyed(
      'secret_access_key|secretaccesskey|secret-access-key|aws_secret|aws-secret|awssecret',
      '[A-Za-z0-9/+]{40}',
      '[\\w.-]{0,20}?',
    ),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: [
        'aws_secret_access_key = «a40»',
        '{"SecretAccessKey": "«a20»/«a19»"}',
        'export AWS_SECRET_ACCESS_KEY=«a40»',
      ],
      negative: [
        'aws_secret_access_key = ${AWS_SECRET}',
        'aws_secret_access_key: YOUR_SECRET_ACCESS_KEY_GOES_HERE__',
      ],
    },
  },
  {
    id: 'aws-session-token',
    description: 'AWS temporary session token (aws_session_token / SessionToken / x-amz-security-token)',
    family: 'aws',
    keywords: [
      'session_token',
      'sessiontoken',
      'security-token',
      'security_token',
      'aws_session_token',
      'x-amz-security-token',
    ],
    regex: keyed(
      'aws_session_token|sessiontoken|session_token|x-amz-security-token|security_token',
      '[A-Za-z0-9/+]{100,2000}={0,2}',
      '[\\w.-]{0,12}?',
    ),
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['aws_session_token = IQoJb3JpZ2luX2Vj«a120»/«a60»+«a40»=='],
      negative: ['"SessionToken": "<session-token>"', 'session_token = short'],
    },
  },
  {
    id: 'aws-session-token-prefixed',
    description:
      'AWS temporary session token known by its start (IQoJb3JpZ2luX2Vj, FwoGZXIvYXdzE…): base64 of its binary header',
    family: 'aws',
    // STS's tokens open with the same bytes, so their base64 opens with the same characters: `IQoJb3JpZ2luX2Vj`
    // from regional endpoints, `FwoGZXIvYXdzE` / `FQoGZXIvYXdzE` from the global one, `AQoDYXdzE` in older
    // ones (and AWS's documentation). Found without a name: `--output text` prints it in a column, a
    // presigned link carries it percent-encoded (`%2F`, `%2B`, `%3D`).
    keywords: ['iqojb3jpz2lux2vj', 'fwogzxivyxdze', 'fqogzxivyxdze', 'aqodyxdze'],
    regex:
      /(?<![A-Za-z0-9+/%])((?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE|FQoGZXIvYXdzE|AQoDYXdzE)(?:[A-Za-z0-9+/]|%2[BF]){80,2000}(?:={0,2}|(?:%3D){0,2}))(?![A-Za-z0-9+/=%])/,
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: [
        'CREDENTIALS\tAKIAIOSFODNN7EXAMPLE\t2025-03-05T02:11:58+00:00\t-\tIQoJb3JpZ2luX2Vj«a200»=',
        'x-amz-security-token: FwoGZXIvYXdzE«a120»/«a80»+«a40»',
        '?X-Amz-Security-Token=FwoGZXIvYXdzE«a60»%2B«a60»%2F«a40»%3D&X-Amz-Signature=«h64»',
      ],
      negative: ['if (token.startsWith("IQoJb3JpZ2luX2Vj")) refresh()', 'FwoGZXIvYXdzE...'],
    },
  },
  {
    id: 'aws-secret-beside-key-id',
    description:
      "An AWS secret access key shown right after its key id (a console's table, a CSV row, a note)",
    family: 'aws',
    keywords: ['akia', 'asia'],
    regex: new RegExp(
      String.raw`(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}${ID_THEN_SECRET}(${withLetterAndDigit('[A-Za-z0-9/+]', 40, 40)})(?![A-Za-z0-9/+=])`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: [
        'アクセスキー                シークレットアクセスキー\nAKIA2OGYBAH6RSZMX4LQ        «a20»/«a19»  非表示',
        'Access key ID,Secret access key\nAKIA2OGYBAH6RSZMX4LQ,«a18»+«a21»',
        'Access key ID: AKIA2OGYBAH6RSZMX4LQ\nSecret access key: «a40»',
      ],
      negative: [
        'AKIA2OGYBAH6RSZMX4LQ  2024-05-14  Active',
        'AKIA2OGYBAH6RSZMX4LQ,ci-deploy,2024-05-14T07:13:02Z,Active,arn:aws:iam::123',
      ],
    },
  },
  {
    id: 'aws-cli-text-secret-key',
    description:
      "A secret access key in the AWS CLI's `--output text` (CREDENTIALS or ACCESSKEY, key id, date, secret)",
    family: 'aws',
    // `aws sts assume-role … --output text` prints `CREDENTIALS <key id> <expiration> <secret> <token>` and
    // `aws iam create-access-key … --output text` `ACCESSKEY <key id> <created> <secret> Active <user>`, tab
    // between columns: the secret has no name of its own there.
    keywords: ['credentials\t', 'accesskey\t'],
    regex:
      /(?<![\w-])(?:CREDENTIALS|ACCESSKEY)\t(?:AKIA|ASIA)[A-Z0-9]{16}\t[\dT:.+Z-]{10,40}\t([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: [
        'ACCESSKEY\tAKIAIOSFODNN7EXAMPLE\t2025-01-02T10:00:00+00:00\t«a40»\tActive\tci-deploy',
        'CREDENTIALS\tAKIAIOSFODNN7EXAMPLE\t2025-03-05T02:11:58+00:00\t«a40»\t-',
      ],
      negative: ['ACCESSKEYMETADATA\tAKIA«u16»\t2025-01-02T10:00:00+00:00\tActive\tci-deploy'],
    },
  },
  {
    id: 'aws-bedrock-api-key-long-lived',
    description: 'Amazon Bedrock long-term API key (ABSK prefix, base64 of "BedrockAPIKey-")',
    family: 'aws',
    keywords: ['absk'],
    regex: /(?<![A-Za-z0-9+/])(ABSK[A-Za-z0-9+/]{109,269}={0,2})(?![A-Za-z0-9+/=])/,
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['bedrock_api_key = "ABSKQmVkcm9ja0FQSUtleS1«a130»"'],
      negative: ['ABSKQmVkcm9ja0FQSUtleS1', 'The ABSK prefix marks Bedrock keys'],
    },
  },
  {
    id: 'aws-bedrock-api-key-short-lived',
    description: 'Amazon Bedrock short-term API key (bedrock-api-key- + base64 of the presigned URL)',
    family: 'aws',
    keywords: ['bedrock-api-key-'],
    regex: /(?<![A-Za-z0-9-])(bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%-]{40,4000})/,
    secretGroup: 1,
    examples: {
      positive: ['AWS_BEARER_TOKEN_BEDROCK=bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t«a200»'],
      negative: ['bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t', 'see bedrock-api-key-docs'],
    },
  },
  {
    id: 'aws-mws-auth-token',
    description: 'Amazon Marketplace Web Service auth token (amzn.mws.<uuid>)',
    family: 'aws',
    keywords: ['amzn.mws.'],
    regex: /(?<![\w.])(amzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/,
    secretGroup: 1,
    examples: {
      positive: ['MWS_AUTH_TOKEN=amzn.mws.«h8»-«h4»-«h4»-«h4»-«h12»'],
      negative: ['amzn.mws.<auth-token>', 'amzn.mws.1234'],
    },
  },
  {
    id: 'amazon-oauth-client-secret',
    description: 'Login with Amazon / Selling Partner API client secret (amzn1.oa2-cs.v1.)',
    family: 'aws',
    keywords: ['amzn1.oa2-cs.v1.'],
    regex: /(?<![\w.])(amzn1\.oa2-cs\.v1\.[0-9a-f]{64})(?![0-9a-f])/,
    secretGroup: 1,
    examples: {
      positive: ['LWA_CLIENT_SECRET=amzn1.oa2-cs.v1.«h64»'],
      negative: ['amzn1.application-oa2-client.«h32»', 'amzn1.oa2-cs.v1.'],
    },
  },
  {
    id: 'aws-appsync-api-key',
    description: 'AWS AppSync GraphQL API key (da2- prefix)',
    family: 'aws',
    keywords: ['da2-'],
    regex: /(?<![\w-])(da2-[a-z0-9]{26})(?![\w-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['"x-api-key": "da2-«l26»"'],
      negative: ['da2-short', 'model da2-xl rev 3'],
    },
  },
  {
    id: 'aws-ssm-secure-string',
    description: 'The value of an SSM SecureString parameter, decrypted (get-parameter --with-decryption)',
    family: 'aws',
    keywords: ['securestring'],
    // The parameter says it is a secret; its value, printed right after its type as the CLI and SDKs
    // order them, goes whatever it looks like: a short password or a connection string as much as a key.
    regex:
      /SecureString["']?[ \t]{0,4},?\s{0,32}["']?Value["']?[ \t]{0,4}:[ \t]{0,4}["']?((?:[^"'\\\r\n]|\\.){1,4096})/,
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: [
        '{\n    "Parameter": {\n        "Name": "/prod/db/url",\n        "Type": "SecureString",\n        "Value": "postgres://app:«a12»@db/app",\n        "Version": 3\n    }\n}',
        'Name: /app/license\nType: SecureString\nValue: «a20»\n',
        '{"Name":"/x","Type":"SecureString","Value":"«a10»"}',
      ],
      negative: [
        '{"Name": "/prod/db/host", "Type": "String", "Value": "db.internal"}',
        'Type: SecureString\nValue: ${DB_PASSWORD}',
      ],
    },
  },
  {
    id: 'aws-presigned-url-signature',
    description:
      'The signature of an S3 presigned URL (X-Amz-Signature=): the URL grants access until it expires',
    family: 'aws',
    keywords: ['x-amz-signature='],
    // SigV4 signs with HMAC-SHA256: 64 hex digits. Whoever holds the URL can do what it was signed for.
    regex: /X-Amz-Signature=([0-9a-f]{64})(?![0-9a-f])/i,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'https://b.s3.amazonaws.com/k.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=«h64»',
      ],
      negative: ['X-Amz-Signature=<signature>', `X-Amz-Signature=${'0'.repeat(64)}`],
    },
  },
];
