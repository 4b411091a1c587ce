/**
 * @module rules/config-files
 * Credentials by the file that holds them, whatever their names: a `.netrc` entry's password, a `.pgpass`
 * line's, an LDAP client's or server's bind password (`bindpw`, `rootpw`), keepalived's and SNMP's secrets after
 * their directives, a TSIG key's in BIND's configuration, WordPress' keys and salts in
 * `wp-config.php`, ASP.NET's machine keys, FileZilla's saved sites, a Remote Desktop file's saved password, a
 * JWT section's signing key, the data of a Kubernetes Secret, as
 * YAML or as JSON, the ciphertext of an Ansible Vault, the default of a Terraform variable named for a
 * secret, and hiera-eyaml's decrypted values.
 */
import { NOT_VALUES } from './generic.js';
import { SHELL_VARIABLE, WORD_PASSWORDS } from './shapes.js';
import type { SecretRule } from './types.js';

/**
 * What both forms of a Kubernetes Secret share: the value's group and entropy, the window around `kind`
 * (kubectl prints `data` before it, YAML authors after), and what is no data. Words (`app: nginxserver`) are
 * labels, not base64 data; nor are names and paths (`kind: ReplicationController`, `key: secret/mysecret`) of
 * the manifests after a `---` in the window.
 */
const SECRET_MANIFEST = {
  secretGroup: 1,
  entropy: 2.5,
  allowlist: { regexes: [/^[a-z]{1,40}$/, /^[A-Z][a-z]{1,40}$/, ...NOT_VALUES] },
  window: { before: 8192, after: 8192 },
} as const;

/** A line break, as text or as a JSON string's escape. */
/**
 * A directive at a line's start, maybe indented: two look-behinds, the first (a space or nothing before) the
 * one the keyword pass reads, reporting no hit after any other character (see `openingClass`; `bindpw=a&` over
 * 1 MB was a regex call a hit), the second saying where a line starts.
 */
const DIRECTIVE_START = String.raw`(?<![^\s])(?<=^|[\r\n][ \t]{0,16})`;

const LINE_BREAK = String.raw`(?:\r?\n|(?:\\r)?\\n)`;

export const rules: readonly SecretRule[] = [
  {
    id: 'netrc-password',
    description: 'The password of a .netrc entry (machine <host> login <user> password <password>)',
    family: 'config-files',
    keywords: ['machine ', 'default '],
    // Tokens of a .netrc are separated by any whitespace, on one line or several; `login`, `account` or
    // `port` stand between the host and the password (without one, `the default password callback` is prose).
    // The password ends at a quote or a backslash too: in JSON text (`"…password Xf7…"]}`) the rest is the JSON's.
    regex:
      /(?:machine[ \t]{1,8}[^\s]{1,253}|default)(?:\s{1,16}(?:login|account|port)[ \t]{1,8}[^\s]{1,256}){1,3}\s{1,16}password[ \t]{1,8}([^\s"\\]{4,256})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: {
      regexes: [WORD_PASSWORDS, SHELL_VARIABLE],
    },
    examples: {
      positive: [
        'machine api.example.com login ada password «a16»',
        'machine github.com\n  login ada\n  password «w40»\n',
        'default login anonymous password «a12»',
      ],
      negative: [
        'machine api.example.com login ada password $NETRC_PASSWORD',
        'The machine learning model asks for a password before login.',
        'machine example.com login user password password',
        '# the default password callback if you pass an encrypted private key',
      ],
    },
  },
  {
    id: 'pgpass-password',
    description: 'The password of a PostgreSQL .pgpass line (host:port:database:user:password)',
    family: 'config-files',
    keywords: [':5432:', ':5433:', ':*:'],
    // A line of five fields, the port PostgreSQL's own or `*`: colon-separated records of other kinds (passwd,
    // group, crontab-like lines) have another field count or no port there.
    // The password ends at its line's end, or at the quote that ends a JSON string holding the file. A colon or
    // a backslash inside it is escaped with a backslash.
    regex:
      /(?<=^|[\r\n])[^\s:#][^\s:]{0,252}:(?:5432|5433|\*):[^\s:]{1,63}:[^\s:]{1,63}:((?:[^\s:"\\]|\\[:\\]){4,256})(?=\r?\n|$|")/,
    secretGroup: 1,
    entropy: 1.5,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [
        '# ~/.pgpass\ndb.internal:5432:app:app_user:«a16»\n',
        'localhost:*:*:postgres:«a12»\n*:5432:*:replicator:«a20»',
        'db-prod.internal:5432:*:postgres:«a8»\\:«a8»55',
      ],
      negative: [
        'db.internal:5432:app:app_user:password',
        'postgres:x:115:121::/var/lib/postgresql:/bin/bash',
      ],
    },
  },
  {
    id: 'ldap-config-password',
    description:
      "An LDAP bind or root password in a client's or server's configuration (bindpw, rootpw, olcRootPW)",
    family: 'config-files',
    keywords: ['bindpw', 'rootpw', 'olcrootpw:'],
    // nslcd.conf, pam_ldap and sssd (`ldap_default_authtok` is the generic rule's) write `bindpw <password>`,
    // slapd.conf `rootpw <password or {SSHA} hash>`, cn=config `olcRootPW: …`. A hash's `{SCHEME}` stays.
    regex: new RegExp(
      String.raw`${DIRECTIVE_START}(?:bindpw|rootpw|olcrootpw:)[ \t]{1,8}["']?(?:\{[A-Z0-9-]{2,20}\})?([^\s"']{4,256})`,
      'i',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: {
      regexes: [WORD_PASSWORDS, SHELL_VARIABLE],
    },
    examples: {
      positive: [
        'uri ldap://dc1.corp\nbindpw «a16»',
        'rootpw    {SSHA}«a32»',
        'dn: olcDatabase={1}mdb,cn=config\nolcRootPW: «a14»',
      ],
      negative: ['bindpw secret', '# bindpw is read from /etc/nslcd.secret'],
    },
  },
  {
    id: 'config-directive-secret',
    description:
      "A secret a daemon's configuration gives after its directive: keepalived's auth_pass, an SNMP community (rocommunity, rwcommunity)",
    family: 'config-files',
    keywords: ['auth_pass', 'rocommunity', 'rwcommunity'],
    // Each at a line's start, its value after spaces: keepalived's VRRP password (eight characters at most)
    // and snmpd.conf's community strings, which are SNMP v1/v2c's passwords (`public` and `private` are the
    // defaults every device ships).
    regex: new RegExp(
      String.raw`${DIRECTIVE_START}(?:auth_pass|r[ow]community6?)[ \t]{1,8}["']?([^\s"';]{4,256})`,
      'i',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [WORD_PASSWORDS, SHELL_VARIABLE, /^(?:public|private)$/i] },
    examples: {
      positive: [
        'vrrp_instance VI_1 {\n  authentication {\n    auth_type PASS\n    auth_pass «a8»\n  }\n}',
        'rocommunity «a12» 10.0.0.0/8',
        'rwcommunity6 «a16» fd00::/8',
      ],
      negative: [
        'rocommunity public default -V systemonly',
        'rwcommunity private',
        '# auth_pass takes eight characters at most',
      ],
    },
  },
  {
    id: 'spaced-directive-secret',
    description:
      "A password or key after its name and spaces on a configuration line (Fluent Bit's HTTP_Passwd, spark-defaults.conf, Symfony's listings)",
    family: 'config-files',
    keywords: ['passwd', 'password', 'passphrase', 'shared_key', 'secret'],
    // Formats that separate a key from its value by spaces alone: Fluent Bit's classic sections (`HTTP_Passwd
    // …`, `Shared_Key …`), spark-defaults.conf (`spark.hadoop.fs.s3a.secret.key …`), Java properties written
    // so, and tools list settings so (Symfony's `debug:dotenv` and `secrets:list --reveal`, the value then in
    // columns: `APP_SECRET   …   …   n/a`). The name opens its line and ends in the keyword; the value is one
    // word, the rest of the line or a column, with a letter and a digit or a mark in it (a sentence's line may
    // open so: `password combination.`). The blank after the name (two after `secret`, which prose puts
    // before a word: `"secret key": "`) is tested before the line's start is looked for behind it: that look
    // reads back up to 76 characters, at every hit (1 MB of `password` repeated: 350 ms, 20 with the blank
    // first).
    regex:
      /(?=(?:passwd|password|passphrase|shared_key)[ \t]|secret(?:\.key)?[ \t]{2})(?<=(?:^|[\r\n])[ \t]{0,16}[\w.-]{0,60})(?:passwd|password|passphrase|shared_key|secret(?:\.key)?)[ \t]{1,48}["']?(?=[^\s"']{0,255}[A-Za-z])(?=[^\s"']{0,255}[\d!#$%&*+=?@^~])([^\s"']{8,256})["']?(?=[ \t]{0,8}(?:\r?\n|$)|[ \t]{2})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, WORD_PASSWORDS, SHELL_VARIABLE] },
    examples: {
      positive: [
        '[OUTPUT]\n    Name            es\n    HTTP_User       fluentbit\n    HTTP_Passwd     «a10»!«a4»\n    tls             On',
        '    Shared_Key  «a86»==\n    Log_Type    K8sAudit',
        'spark.hadoop.fs.s3a.secret.key                 «a40»\nspark.serializer org.apache.spark.serializer.KryoSerializer',
        'spark.hadoop.javax.jdo.option.ConnectionPassword «a10»#«a4»',
        '  APP_SECRET   «h32»   n/a',
        '  JWT_PASSPHRASE      "«a32»"',
      ],
      negative: [
        '    HTTP_Passwd     ${ES_PASSWORD}',
        'Reset your password    https://example.com/reset',
        'password  required',
        'password combination.\n\nR5: Regulatory--21',
        'the password is set by the installer',
        'Secret sauce7 is the part we keep.',
      ],
    },
  },
  {
    id: 'tsig-key-secret',
    description: "A TSIG key's secret in BIND's named.conf, rndc.conf or tsig-keygen's output",
    family: 'config-files',
    keywords: ['algorithm hmac-'],
    // `key "name" { algorithm hmac-sha256; secret "<base64>"; };`: the HMAC key that signs zone transfers,
    // dynamic updates and rndc's commands. Keyed on its algorithm, which comes with every such key: `secret "`
    // alone holds the generic rule's `secret`, and each of its hits ran that rule a second time.
    regex: /(?<![\w-])secret[ \t]{1,8}"([A-Za-z0-9+/]{16,512}={0,2})"/,
    secretGroup: 1,
    window: { before: 256, after: 256 },
    examples: {
      positive: [
        'key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "«a43»=";\n};',
        'key "xfr" { secret "«a43»="; algorithm hmac-sha512; };',
      ],
      negative: ['key "tsig" {\n\talgorithm hmac-sha256;\n\tsecret "${TSIG_SECRET}";\n};'],
    },
  },
  {
    id: 'wordpress-auth-key',
    description: "WordPress' authentication keys and salts in wp-config.php (define('AUTH_KEY', '…'))",
    family: 'config-files',
    keywords: ['auth_key', 'logged_in_key', 'nonce_key', 'auth_salt', 'logged_in_salt', 'nonce_salt'],
    // The eight keys sign WordPress' cookies and nonces; the generator writes 64 characters of any printable
    // punctuation but quotes and backslashes, and the names are aligned with spaces. `SECURE_AUTH_KEY` is
    // found by its `AUTH_KEY`.
    regex: /(?:auth|logged_in|nonce)_(?:key|salt)['"][ \t]{0,32},[ \t]{0,32}['"]([^'"\r\n]{16,128})['"]/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [/^put your unique phrase here$/i] },
    examples: {
      positive: [
        "define( 'AUTH_KEY',         '«a20»#«a10»!«a12»^«a16»' );",
        "define('SECURE_AUTH_SALT', '«a30»@«a30»');",
      ],
      negative: ["define( 'AUTH_KEY',         'put your unique phrase here' );"],
    },
  },
  {
    id: 'basic-auth-user-info',
    description:
      "A Schema Registry's credentials in a Kafka client's properties (basic.auth.user.info=<key>:<secret>)",
    family: 'config-files',
    keywords: ['basic.auth.user.info'],
    regex: /basic\.auth\.user\.info[ \t]{0,4}[=:][ \t]{0,4}["']?[^\s:"']{1,128}:([^\s"']{8,256})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [SHELL_VARIABLE] },
    examples: {
      positive: ['ksql.schema.registry.basic.auth.user.info=sr-reader:«a64»'],
      negative: ['basic.auth.user.info=${SR_KEY}:${SR_SECRET}', 'basic.auth.credentials.source=USER_INFO'],
    },
  },
  {
    id: 'aspnet-machine-key',
    description: 'ASP.NET\'s machine keys in web.config (<machineKey validationKey="…" decryptionKey="…">)',
    family: 'config-files',
    keywords: ['validationkey', 'decryptionkey'],
    // They sign and encrypt the forms-authentication cookie and view state: whoever has them forges both. Hex
    // when set by hand; `AutoGenerate,IsolateApps` when not.
    regex: /(?<![\w-])(?:validation|decryption)Key[ \t]{0,4}=[ \t]{0,4}"([0-9A-Fa-f]{32,256})"/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        '<machineKey validationKey="«H128»" decryptionKey="«H64»" validation="HMACSHA256" decryption="AES" />',
      ],
      negative: [
        '<machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" />',
      ],
    },
  },
  {
    id: 'filezilla-saved-password',
    description:
      'A password FileZilla saved for a site (<Pass encoding="base64">…</Pass> in sitemanager.xml)',
    family: 'config-files',
    keywords: ['<pass encoding'],
    // base64 is FileZilla's encoding, not its encryption: the password is one decode away.
    regex: /<Pass[ \t]{1,4}encoding="base64"[ \t]{0,4}>([A-Za-z0-9+/]{4,1024}={0,2})<\/Pass>/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: ['            <User>nw_catalog</User>\n            <Pass encoding="base64">«a19»=</Pass>'],
      negative: ['<Pass encoding="crypt" pubkey="«a40»">«a40»</Pass>'],
    },
  },
  {
    id: 'rdp-file-password',
    description:
      "A password saved in a Remote Desktop file (password 51:b:<hex>, encrypted to the user's DPAPI key)",
    family: 'config-files',
    keywords: ['password 51:b:'],
    // The user's own account decrypts it, and so does any process that runs as them.
    regex: /(?<![^\s])password 51:b:([0-9A-Fa-f]{32,8192})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: [
        'username:s:CONTOSO\\rds-admin\npassword 51:b:01000000D08C9DDF0115D1118C7A00C04FC297EB«H320»',
      ],
      negative: ['prompt for credentials:i:1\npassword 51:b:'],
    },
  },
  {
    id: 'magento-crypt-key',
    description:
      "Magento's encryption key in app/etc/env.php ('crypt' => ['key' => '…']), one key a line when rotated",
    family: 'config-files',
    keywords: ["'crypt'"],
    // It encrypts the payment and integration secrets Magento stores: a rotated key keeps the old ones on
    // lines before it, inside the one string.
    regex: /'crypt'\s{0,8}=>\s{0,8}(?:\[|array\s{0,4}\()\s{0,16}'key'\s{0,8}=>\s{0,8}'([^'\\]{16,2048})'/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        "    'crypt' => [\n        'key' => '«h32»\nbase64«a43»='\n    ],",
        "'crypt' => array ( 'key' => '«h32»', ),",
      ],
      negative: ["'crypt' => [\n        'key' => ''\n    ],"],
    },
  },
  {
    id: 'jwt-settings-key',
    description: 'The signing key of a JWT section in JSON settings ("Jwt": {"Issuer": …, "Key": "…"})',
    family: 'config-files',
    keywords: ['"jwt'],
    // ASP.NET's appsettings.json names it `Key` inside the section, a name too plain to mask anywhere else; a
    // few members (issuer, audience, lifetimes) may come before it.
    regex:
      /"jwt(?:settings|options|config|bearer)?"\s{0,4}:\s{0,4}\{(?:\s{0,8}"[\w-]{1,30}"\s{0,4}:\s{0,4}(?:"[^"\r\n]{0,200}"|\d{1,10}|true|false|null)\s{0,4},){0,8}\s{0,8}"(?:key|signingkey|issuersigningkey|secret)"\s{0,4}:\s{0,4}"([^"\s]{16,512})"/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '"Jwt": {\n    "Issuer": "https://shop.example.com",\n    "Audience": "shop-api",\n    "Key": "«a48»",\n    "ExpiresMinutes": 60\n  }',
        '{"JwtSettings": {"SigningKey": "«a32»"}}',
      ],
      negative: ['"Jwt": {\n    "Issuer": "https://shop.example.com",\n    "Key": "${JWT_KEY}"\n  }'],
    },
  },
  {
    id: 'kubernetes-secret-data',
    description: 'Base64 values under data: in a Kubernetes Secret manifest',
    family: 'config-files',
    keywords: ['kind: secret', "kind: 'secret'", 'kind: "secret"'],
    // A value plain or quoted, or a block scalar's (`.dockercfg: |`) on the next line.
    regex: /^[ \t]+[\w.-]+:[ \t]+(?:[|>][-+]?[ \t]*\r?\n[ \t]+)?["']?([A-Za-z0-9+/]{8,}={0,2})["']?[ \t]*$/m,
    ...SECRET_MANIFEST,
    examples: {
      positive: [
        'apiVersion: v1\nkind: Secret\ndata:\n  tls.key: «a40»\n  ca.crt: «a58»==\nmetadata:\n  name: x',
        "apiVersion: 'v1'\ndata:\n\textra: '«a24»='\nkind: 'Secret'\n",
        'kind: Secret\ndata:\n  .dockercfg: |\n    «a60»=\n',
      ],
      negative: [
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: my-nginx-svc\n  labels:\n    app: nginx',
        'kind: Secret\nmetadata:\n  name: registry-auth\n---\nkind: ConfigMap\ndata:\n  key: secret/mysecret\n  owner: ReplicationController\n',
      ],
    },
  },
  {
    id: 'kubernetes-secret-data-json',
    description: 'Base64 values in a Kubernetes Secret printed as JSON (kubectl get secret -o json)',
    family: 'config-files',
    keywords: ['"kind": "secret"', '"kind":"secret"'],
    // An entry is a JSON member whose value is base64 alone.
    regex: /[{,][ \t\r\n]*"[\w.-]+"[ \t]*:[ \t]*"([A-Za-z0-9+/]{8,}={0,2})"/,
    ...SECRET_MANIFEST,
    examples: {
      positive: [
        '{\n    "apiVersion": "v1",\n    "data": {\n        "DB_URL": "«a40»",\n        "config.yaml": "«a60»=="\n    },\n    "kind": "Secret"\n}',
        '{"kind":"Secret","data":{"extra":"«a24»="}}',
      ],
      negative: [
        '{\n    "apiVersion": "v1",\n    "kind": "Secret",\n    "metadata": {\n        "name": "registry",\n        "namespace": "production"\n    },\n    "type": "Opaque"\n}',
        '{"kind": "ConfigMap", "data": {"mode": "«a24»"}}',
      ],
    },
  },
  {
    id: 'ansible-vault-ciphertext',
    description:
      'The body of an Ansible Vault file or inline !vault value ($ANSIBLE_VAULT;1.x;AES256 + hex lines)',
    family: 'config-files',
    keywords: ['ansible_vault;'],
    // Encrypted, but a leaked body can be attacked offline against a weak vault password. The header may name a
    // vault id (`1.2;AES256;prod`); an inline `!vault |` value indents every line; in JSON the lines are `\n`
    // escapes. The body ends where a line holds more than hex (the next YAML key).
    regex: new RegExp(
      `ANSIBLE_VAULT;\\d\\.\\d;AES256;?[\\w-]*[ \\t]*${LINE_BREAK}[ \\t]*([0-9a-f]+(?:[ \\t]*${LINE_BREAK}[ \\t]*[0-9a-f]+)*)[ \\t]*(?:${LINE_BREAK}|["']|$)`,
    ),
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: [
        '$ANSIBLE_VAULT;1.1;AES256\n«h80»\n«h80»\n«h42»\n',
        'db_password: !vault |\n    $ANSIBLE_VAULT;1.2;AES256;prod\n    «h80»\n    «h64»\n',
        'ANSIBLE_VAULT;1.0;AES256;\n«d32»',
        '{"vault": "$ANSIBLE_VAULT;1.1;AES256\\n«h80»\\n«h40»\\n"}',
      ],
      negative: [
        'Files start with $ANSIBLE_VAULT;1.1;AES256 and hex lines follow.',
        '$ANSIBLE_VAULT;1.1;AES256\nbackup: true',
      ],
    },
  },
  {
    id: 'terraform-variable-default',
    description:
      'The default of a Terraform variable named for a secret (variable "db_password" { default = "…" })',
    family: 'config-files',
    keywords: ['variable "'],
    // The name is the block's label, the value its `default`, a few lines into the block (after a description,
    // a type, `sensitive = true`).
    regex:
      /variable[ \t]{1,8}"[\w-]{0,40}(?:password|passwd|secret|token|api_key|apikey|private_key|access_key|credentials?)[\w-]{0,40}"[ \t]{0,8}\{(?:[ \t]{0,8}\r?\n[ \t]{0,16}\w{1,30}[ \t]{0,8}=[^\r\n]{0,200}){0,6}?[ \t]{0,8}\r?\n[ \t]{0,16}default[ \t]{0,8}=[ \t]{0,8}"([^"\s]{8,500})"/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, /^\$\{[^}]{1,200}\}$/] },
    examples: {
      positive: [
        'variable "db_password" {\n  default = "«a14»"\n}',
        'variable "api_token" {\n  description = "The API token"\n  type        = string\n  sensitive   = true\n  default     = "«w32»"\n}',
      ],
      negative: [
        'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
        'variable "token_ttl" {\n  default = "3600s"\n}',
        'variable "db_password" {\n  default = "${var.fallback}"\n}',
      ],
    },
  },
  {
    id: 'mail-relay-credentials',
    description:
      "A relay's password in Postfix's sasl_passwd ([host]:port user:password) or Exim's passwd.client (host:user:password)",
    family: 'config-files',
    keywords: ['sasl_passwd', 'passwd.client'],
    // Lines of the file, shown after its name (`cat /etc/postfix/sasl_passwd`, a map's `postmap` run): a host
    // or a sender, then the login and the password after its last `:`. Comments and blank lines aside. The
    // newline is read, not looked behind for: a look-behind is tried at every character of the window.
    regex:
      /\n(?:\[[^\]\s]{1,253}\](?::\d{1,5})?[ \t]{1,40}|[^\s:#[]{1,253}[ \t]{1,40}|[^\s:#[]{1,253}:)[^\s:]{1,128}:([^\s"'\\]{4,256})(?=[ \t]{0,8}(?:\r?\n|$))/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 0, after: 2048 },
    allowlist: { regexes: [SHELL_VARIABLE] },
    examples: {
      positive: [
        '$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:SG.«w22».«w43»\n',
        '# /etc/exim4/passwd.client\n*.messagingengine.com:erik@example.se:«l16»\n',
      ],
      negative: ['smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_auth_enable = yes'],
    },
  },
  {
    id: 'sip-register-password',
    description:
      "A SIP trunk's password in Asterisk's register line (register => user:password@host/extension)",
    family: 'config-files',
    keywords: ['register =>', 'register=>'],
    regex: /register[ \t]{0,4}=>[ \t]{0,4}[^\s:@/]{1,64}:([^\s:@/]{4,128})(?::[^\s@]{1,64})?@/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: ['register => 4420917:«a12»@sip.example-trunk.net/4420917'],
      negative: ['register => 4420917@sip.example-trunk.net/4420917'],
    },
  },
  {
    id: 'dovecot-debug-password',
    description:
      "The password Dovecot's debug log prints when it does not match (SHA512-CRYPT(<password>) != '<hash>')",
    family: 'config-files',
    keywords: [") != '"],
    // With auth_debug_passwords, a mismatch is logged as the scheme applied to what the client sent.
    regex: /(?<![\w-])[A-Z][A-Z0-9-]{2,20}\(([^()\s]{1,128})\)[ \t]!=[ \t]'/,
    secretGroup: 1,
    entropy: 1.5,
    window: { before: 160, after: 16 },
    examples: {
      positive: [
        "dovecot: auth-worker(3321): Debug: sql(ada@example.io,203.0.113.9,<P2bjb9nG>): SHA512-CRYPT(«a13») != '<hash>'",
      ],
      negative: ["dovecot: auth: Debug: passwd-file: SHA512-CRYPT(<hidden>) != '<hidden>'"],
    },
  },
  {
    id: 'nagios-resource-macro',
    description:
      "A secret in Nagios' resource.cfg ($USERn$=…, the macros that carry passwords to the checks)",
    family: 'config-files',
    keywords: ['$user'],
    // $USER1$ is the plugins' directory by convention; the others hold what the checks log in with.
    regex: /(?<![^\s])\$USER\d{1,3}\$[ \t]{0,4}=[ \t]{0,4}([^\s"'\\]{4,256})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ['$USER1$=/usr/lib/nagios/plugins\n$USER3$=«a16»\n$USER4$=«a12»'],
      negative: ['$USER1$=/usr/lib/nagios/plugins'],
    },
  },
  {
    id: 'quoted-password-word',
    description:
      'A password in quotes after the words with password (fetchmail\'s user "…" there with password "…")',
    family: 'config-files',
    keywords: ['with password'],
    // .fetchmailrc writes `user "…" there with password "…"`. One word in the quotes: a sentence there is a
    // label. Keyed on `with password`, not `password "`: that keyword doubled the hits of every `password`
    // (1 MB of `password "` repeated: 34 ms, 92 with it).
    regex: /with[ \t]password[ \t]{1,4}(["'])([^\s"']{6,128})\1/i,
    secretGroup: 2,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE, WORD_PASSWORDS] },
    examples: {
      positive: [
        'poll imap.gmx.net protocol IMAP\n    user "k.meyer@gmx.de" there with password "«a8».«a6»#" is "kmeyer" here',
      ],
      negative: [
        'user "k.meyer" there with password "$IMAP_PASSWORD"',
        'log in with password "Password" shown',
      ],
    },
  },
  {
    id: 'eyaml-decrypted-value',
    description: 'A value hiera-eyaml shows decrypted for editing (DEC::PKCS7[…]!)',
    family: 'config-files',
    keywords: ['dec::', 'dec('],
    // `eyaml decrypt` and `eyaml edit` write each encrypted value decrypted, between the block's markers
    // (`DEC(1)::PKCS7[…]!` while editing); the `ENC[…]` they were read from is ciphertext and stays.
    regex: /(?<![\w-])DEC(?:\(\d{1,4}\))?::[A-Z0-9]{2,12}\[([^[\]\r\n"\\]{1,1024})\]!/,
    secretGroup: 1,
    examples: {
      positive: [
        'jira::service_desk_license: >\n    DEC::PKCS7[«A5»-«A5»-«A5»-«A5»]!',
        'db_pass: DEC(3)::PKCS7[«a14»]!',
      ],
      negative: ['db_pass: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw]'],
    },
  },
  {
    id: 'ipsec-secret',
    description: "A pre-shared key or a user's password in strongSwan's or Libreswan's ipsec.secrets",
    family: 'config-files',
    keywords: [': psk', ': eap', ': xauth', ': ntlm'],
    // `[ids] : PSK "…"`, `carol : EAP "…"`, `: XAUTH "…"`; a key written as hex (`0x…`) or base64 (`0s…`) goes
    // unquoted. Private keys (`: RSA file.pem`) are files, not secrets written here.
    regex:
      /(?<=^|\s):[ \t]{1,4}(?:PSK|EAP|XAUTH|NTLM)[ \t]{1,4}["']?((?<=["'])[^"'\r\n]{4,256}(?=["'])|0[xs][A-Za-z0-9+/=]{8,512}(?![^\s#]))/i,
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '# /etc/ipsec.secrets\n: PSK "«a8»-«a8»-«d4»"\ncarol : EAP "«a7»«d2»!J"\n',
        '192.168.0.1 %any : PSK 0x«h64»',
        '@sun.example.net @moon.example.net : PSK 0s«a32»',
      ],
      negative: [': RSA moonKey.pem', 'carol : EAP %prompt', '# : PSK "<your pre-shared key>"'],
    },
  },
  {
    id: 'interfaces-wpa-psk',
    description: "A Wi-Fi passphrase in Debian's /etc/network/interfaces (wpa-psk, wpa-password)",
    family: 'config-files',
    keywords: ['wpa-psk', 'wpa-password'],
    // ifupdown's wpasupplicant hooks take `wpa-psk <passphrase or 64 hex>` and `wpa-password <EAP password>`,
    // the value after blanks, maybe quoted, the option opening its line. `wpa-key-mgmt WPA-PSK` names no value,
    // nor does nmcli's `wifi-sec.key-mgmt wpa-psk`.
    regex: /(?<=(?:^|\n)[ \t]{0,12})wpa-(?:psk|password)[ \t]{1,8}(["']?)([^\s"']{8,64})\1(?![^\s#])/i,
    secretGroup: 2,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'iface wlan0 inet dhcp\n    wpa-ssid "Greenhouse"\n    wpa-psk "«a4»-«a4»«d2»sb3"',
        '  wpa-psk «h64»',
      ],
      negative: [
        '    wpa-key-mgmt WPA-PSK',
        '    wpa-psk $WIFI_PSK',
        'nmcli connection modify home wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PSK"',
        '    wpa-conf /etc/wpa_supplicant/wpa_supplicant.conf',
      ],
    },
  },
  {
    id: 'dpapi-blob',
    description:
      "A secret protected by Windows' DPAPI, as ConvertFrom-SecureString and Export-Clixml write it",
    family: 'config-files',
    keywords: ['01000000d08c9ddf0115d111'],
    // A DPAPI blob in hex starts with its version and the provider's GUID (df9d8cd0-1501-11d1-8c7a-00c04fc297eb).
    // It opens with the key of the user or the machine that wrote it, so whoever reaches either reads the secret:
    // the file is as good as the password on the host it came from.
    regex: /01000000d08c9ddf0115d1118c7a00c04fc297eb[0-9a-f]{64,8192}/i,
    secretGroup: 0,
    anchored: true,
    examples: {
      positive: ['<SS N="Password">01000000d08c9ddf0115d1118c7a00c04fc297eb«h128»</SS>'],
      negative: ['01000000d08c9ddf0115d1118c7a00c04fc297eb'],
    },
  },
  {
    id: 'rclone-obscured-password',
    description: "A password in rclone's config, obscured (reversibly: rclone reveal prints it)",
    family: 'config-files',
    keywords: ['pass =', 'pass='],
    // rclone.conf writes `pass = <obscured>` (sftp, ftp, smb, webdav): base64url of a random IV and the
    // password encrypted with a key rclone publishes, so anyone can reveal it. `pass` alone opens its line:
    // elsewhere it is no name (`bypass`, a test's `PASS`). Crypt's `password = ` and `password2 = ` are the
    // generic rule's: keyed on `password2 =` too, `PASSWORD2 ==` repeated ran this rule at every one (+12 ms).
    regex:
      /(?<=(?:^|\n)[ \t]{0,8})pass[ \t]{0,4}=[ \t]{0,4}((?=[A-Za-z0-9_-]{0,199}\d)[A-Za-z0-9_-]{22,200})(?![A-Za-z0-9_=+/-])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: ['[nas]\ntype = sftp\nhost = nas.local\nuser = hana\npass = «w46»\n'],
      negative: ['pass = true', 'bypass = «w30»', 'PASS = tests/unit/test_auth.py::test_login_flow'],
    },
  },
];
