/**
 * @module rules/azure
 * Microsoft Azure: Entra ID (Azure AD) client secrets (the `Q~` marker of the current format), storage and
 * Cosmos DB account keys and Service Bus / Event Hubs shared access keys in connection strings, SAS token
 * signatures, Azure DevOps personal access tokens, App Configuration secrets, Functions keys,
 * Data Factory integration runtime keys, and the access keys the CLI lists.
 */
import { keyed } from './assignments.js';
import { assigned, UUID } from './shapes.js';
import type { SecretRule } from './types.js';

/** `azure_tenant`, `AZURE-CLIENT`, `aadtenant`, `ARM_CLIENT`…: the names Azure's tools read a principal from. */
const IDENTITY_NAMES = ['azure', 'ad', 'aad', 'arm'].flatMap((owner) =>
  ['_', '-', ''].flatMap((sep) => ['tenant', 'client'].map((what) => `${owner}${sep}${what}`)),
);

export const rules: readonly SecretRule[] = [
  {
    id: 'azure-identity-id',
    description:
      "Azure AD tenant or client ID under an Azure name (AZURE_TENANT_ID, AZURE_CLIENT_ID): half of a service principal's login",
    family: 'azure',
    keywords: IDENTITY_NAMES,
    // Only under an Azure name, as secretlint's Azure rule reads them: a `clientId` or `tenant` of anything
    // else is an id like any other (gitleaks keeps `clientId = "<uuid>"` as no secret).
    regex: assigned('(?:azure|a?ad|arm)[_-]?(?:tenant|client)[_-]?id', UUID),
    secretGroup: 1,
    examples: {
      positive: [
        'AZURE_CLIENT_ID=dac6fb3d-713c-4555-8a97-4089aa3849be',
        'ad_tenant_id: "dac6fb3d-713c-4555-8a97-4089aa3849be"',
        'export ARM_TENANT_ID="72f988bf-86f1-41af-91ab-2d7cd011db47"',
      ],
      negative: ['clientId = "73082700-1f09-405b-80d0-3131bfd6272d"', 'AZURE_TENANT_ID=${TENANT}'],
    },
  },
  {
    id: 'azure-ad-client-secret',
    description:
      'Microsoft Entra ID (Azure AD) application client secret (3 chars, a digit, Q~, 31-34 chars)',
    family: 'azure',
    keywords: ['q~'],
    regex: /(?<![\w~.-])([A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![\w~.-])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['client_secret=«a3»8Q~«a20».«a13»', '<value>~«a2»8Q~«a20»_«a13»</value>'],
      negative: ['Q~ is the marker', 'abc8Q~short'],
    },
  },
  {
    id: 'azure-storage-account-key',
    description:
      'Azure Storage or Cosmos DB account key (AccountKey= in a connection string, 88 base64 chars)',
    family: 'azure',
    keywords: ['accountkey'],
    regex: /AccountKey\s{0,2}=\s{0,2}([A-Za-z0-9+/]{86}==)/i,
    secretGroup: 1,
    examples: {
      positive: [
        'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=«a86»==;EndpointSuffix=core.windows.net',
      ],
      negative: ['AccountKey=<account-key>', 'AccountKey=${STORAGE_KEY}'],
    },
  },
  {
    id: 'azure-storage-fs-account-key',
    description:
      "An Azure Storage account key in Hadoop's and Spark's settings (fs.azure.account.key.<account>.… = <88 base64>)",
    family: 'azure',
    keywords: ['fs.azure.account.key'],
    // Set in core-site.xml (`<name>` then `<value>`), spark-defaults.conf (a blank between), a notebook's
    // `spark.conf.set("…", "…")`, or `--conf …=…`.
    regex:
      /fs\.azure\.account\.key\.[\w{}$-]{1,64}\.(?:blob|dfs|file|queue|table)\.core\.[\w.]{1,40}["']?(?:\s{0,8}[,=:]\s{0,8}|[ \t]{1,8}|<\/name>\s{0,16}<value>)["']?([A-Za-z0-9+/]{86}==)/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        'spark.conf.set(\n    f"fs.azure.account.key.{storage_account}.dfs.core.windows.net",\n    "«a86»=="\n)',
        'spark.hadoop.fs.azure.account.key.acme.blob.core.windows.net «a86»==',
      ],
      negative: ['fs.azure.account.key.acme.blob.core.windows.net=${AZURE_KEY}'],
    },
  },
  {
    id: 'azure-shared-access-key',
    description:
      'Azure Service Bus / Event Hubs / IoT Hub shared access key (SharedAccessKey= in a connection string)',
    family: 'azure',
    keywords: ['sharedaccesskey='],
    regex: /SharedAccessKey\s{0,2}=\s{0,2}([A-Za-z0-9+/]{42,86}=)/i,
    secretGroup: 1,
    examples: {
      positive: [
        'Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=«a43»=',
      ],
      negative: ['SharedAccessKeyName=RootManageSharedAccessKey', 'SharedAccessKey=<key>'],
    },
  },
  {
    id: 'azure-sas-token',
    description: 'Azure shared access signature (sig= of a SAS URL or token, next to sv=/se=/sp=)',
    family: 'azure',
    keywords: ['sig='],
    regex: /[?&;]sig=([A-Za-z0-9%+/]{43,100}(?:%3D|=))/i,
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: [
        'https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2030-01-01&sp=r&sig=«a40»%2B«a20»%3D',
      ],
      negative: ['?sig=abc', 'sig=<signature>'],
    },
  },
  {
    id: 'azure-devops-pat',
    description: 'Azure DevOps personal access token (new 84-character format with the AZDO marker)',
    family: 'azure',
    keywords: ['azdo'],
    regex: /(?<![A-Za-z0-9])([A-Za-z0-9]{52}AZDO[A-Za-z0-9]{28})(?![A-Za-z0-9])/,
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['AZURE_DEVOPS_EXT_PAT=«a52»AZDO«a28»'],
      negative: ['AZDO_ORG_SERVICE_URL=https://dev.azure.com/acme', 'the AZDO marker'],
    },
  },
  {
    id: 'azure-devops-pat-legacy',
    description:
      'Azure DevOps personal access token, legacy 52-character base32 format, next to an ADO key name',
    family: 'azure',
    keywords: ['azure_devops', 'azure-devops', 'azuredevops', 'ado_', 'devops_'],
    regex: keyed('azure_devops|azure-devops|azuredevops|ado_|devops_', '[a-z2-7]{52}'),
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['AZURE_DEVOPS_PAT=«z52»'],
      negative: ['AZURE_DEVOPS_ORG=acme', 'ado_token = ${{ secrets.ADO_TOKEN }}'],
    },
  },
  {
    id: 'azure-app-configuration-secret',
    description: 'Azure App Configuration connection string secret (Endpoint=…;Id=…;Secret=…)',
    family: 'azure',
    keywords: ['azconfig.io'],
    regex: /azconfig\.io;Id=[\w:+/=-]{1,64};Secret=([A-Za-z0-9+/]{40,88}=?)/i,
    secretGroup: 1,
    examples: {
      positive: ['Endpoint=https://acme.azconfig.io;Id=acme-l0-s0:primary;Secret=«a43»='],
      negative: [
        'Endpoint=https://acme.azconfig.io',
        'Endpoint=https://acme.azconfig.io;Id=x;Secret=<secret>',
      ],
    },
  },
  {
    id: 'azure-functions-key',
    description:
      'Azure Functions access key (x-functions-key header or code= query parameter on azurewebsites.net)',
    family: 'azure',
    keywords: ['x-functions-key', 'azurewebsites.net'],
    regex:
      /(?:x-functions-key["']?\s{0,3}[:=]\s{0,3}["']?|azurewebsites\.net\/api\/[\w/-]{1,100}\?(?:[\w.-]{1,40}=[^&\s]{0,100}&){0,5}code=)([A-Za-z0-9_-]{40,60}={0,2})/i,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['x-functions-key: «w54»==', 'https://acme.azurewebsites.net/api/hello?code=«w54»=='],
      negative: ['x-functions-key: <key>', 'https://acme.azurewebsites.net/api/hello?name=x'],
    },
  },
  {
    id: 'azure-data-factory-shir-key',
    description:
      'Azure Data Factory self-hosted integration runtime key (IR@<guid>@<factory>@<region>@<base64 44>)',
    family: 'azure',
    keywords: ['ir@'],
    regex: /(?<![\w@])IR@[0-9a-zA-Z-]{36}@[\w.-]{1,100}@[\w=-]{0,60}@[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])/,
    entropy: 3.5,
    examples: {
      positive: ['authKey: IR@«h8»-«h4»-«h4»-«h4»-«h12»@adf-acme-001@we@«a42»A='],
      negative: ['IR@<guid>@<factory>@<region>@<key>', 'IR@«h8»-«h4»-«h4»-«h4»-«h12»@adf@we@'],
    },
  },
  {
    id: 'azure-listed-access-key',
    description:
      'Azure access keys as the CLI and the management API list them (Cosmos DB, Service Bus, Event Hubs, IoT Hub, Redis, Search: primaryKey, secondaryMasterKey, ...)',
    family: 'azure',
    keywords: ['primarykey"', 'secondarykey"', 'masterkey"'],
    // The names as Azure writes them, in camelCase: a database schema's `primary_key` names a column. The
    // value is base64 of 32 or 64 random bytes; a hex id under such a name stays below the entropy.
    regex: /"(?:primary|secondary)(?:Readonly)?(?:Master)?Key"\s{0,4}:\s{0,4}"([A-Za-z0-9+/]{40,86}={0,2})"/,
    secretGroup: 1,
    entropy: 4.2,
    examples: {
      positive: [
        '{"primaryMasterKey": "«a86»==", "primaryReadonlyMasterKey": "«a86»=="}',
        '{\n  "keyName": "RootManageSharedAccessKey",\n  "primaryKey": "«a43»=",\n  "secondaryKey": "«a43»="\n}',
      ],
      negative: [
        '{"primaryKey": "id", "sortKey": "createdAt"}',
        '{"primaryKey": "«h40»"}',
        '{"primaryKey": "<primary-key>"}',
      ],
    },
  },
  {
    id: 'azure-listed-storage-key',
    description:
      'Azure Storage account key as `az storage account keys list` prints it (keyName key1/key2, value)',
    family: 'azure',
    keywords: ['"keyname"'],
    // The CLI sorts an object's members: creationTime, keyName, permissions, value.
    regex:
      /"keyName"\s{0,4}:\s{0,4}"key[12]",(?:\s{0,16}"\w{1,20}"\s{0,4}:\s{0,4}"[^"\r\n]{0,40}",){0,3}\s{0,16}"value"\s{0,4}:\s{0,4}"([A-Za-z0-9+/]{86}==)"/,
    secretGroup: 1,
    entropy: 4.2,
    examples: {
      positive: [
        '[\n  {\n    "creationTime": "2024-05-01T10:00:00+00:00",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "«a86»=="\n  }\n]',
      ],
      negative: ['{"keyName": "key1", "permissions": "FULL", "value": "<storage-key>"}'],
    },
  },
];
