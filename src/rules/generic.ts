/**
 * @module rules/generic
 * Credentials without a provider prefix, found through the name they are assigned to: `key/secret/token/password
 * = value` in dotenv, YAML, JSON, shell and source code, a name and its value as two members of one object, a
 * generated value under a `*_KEY` name, a key quoted right after its name in prose. These rules are gated by
 * entropy, length and placeholder checks, because a name alone also matches `token: ${{ secrets.X }}` and
 * prose. `NOT_VALUES`, the names and words that are no values, serves the other context rules too (`web`,
 * `commands`, `config-files`).
 */
import { escapeRegex } from '../core/regex.js';
import { ASSIGN, charBefore, gated } from './assignments.js';
import { UUID, withLetterAndDigit } from './shapes.js';
import type { SecretRule } from './types.js';

/**
 * Key-name endings that mark a secret. The regex starts here (the rule is anchored at the keyword hit), so
 * `SECRET_NAME`, `max_tokens` or `keyPressed` fail at once: the assignment must follow the name directly.
 */
const SECRET_NAMES = [
  'token',
  'secret',
  // `pass` only after a separator or an opening quote (`DB_PASS`, `"pass":`): `bypass` and `compass` are no
  // keys, and `PASS: <test>` is a test runner's line (`pass-parameter` reads `pass=`).
  '_pass',
  '-pass',
  // Joomla's configuration.php (`public $smtppass = '…';`), offlineimap's `remotepass`, SSSD's
  // `ldap_default_authtok`, Kamailio's kamctlrc (`DBRWPW=`, `DBROPW=`).
  'smtppass',
  'remotepass',
  // keytool's and Android's signing (`-storepass`, `AndroidSigningStorePass`, `AndroidSigningKeyPass`): not `keypass`
  // alone, which every `keypassword` holds with `password` (two runs of the rules at each).
  'storepass',
  'signingkeypass',
  // Azure Storage's account key as SDK code names it (`var accountKey = "…"`).
  'accountkey',
  'authtok',
  'dbrwpw',
  'dbropw',
  // SIP's HA1 (MD5 of user, realm and password), which authenticates as the password does: Asterisk's
  // `md5_cred`, FreeSWITCH's `a1-hash`.
  'md5_cred',
  'a1-hash',
  '"pass',
  "'pass",
  'passwd',
  'password',
  'passphrase',
  'pwd',
  'api_key',
  'api-key',
  'apikey',
  // Prose and issue text spell them out (`my api key: …`, `Secret key = …`).
  'api key',
  'secret key',
  'access key',
  'access_key',
  'access-key',
  'accesskey',
  'access_id',
  'accessid',
  'secret_key',
  'secret-key',
  'secretkey',
  'private_key',
  'private-key',
  'privatekey',
  'client_secret',
  'credential',
  'credentials',
  'creds',
  'auth',
  'auth_key',
  // A header's (`X-Auth-Key: …`, Cloudflare's global key).
  'auth-key',
  'authkey',
  'signing_key',
  'encryption_key',
  'license_key',
  'master_key',
  'app_key',
  // Strapi's list of keys (`APP_KEYS=…,…`) and its salts, Drupal's `hash_salt`: salts an HMAC is keyed with.
  'app_keys',
  'token_salt',
  'hash_salt',
  // Rails' `secret_key_base`, whose ending no other name has.
  'secret_key_base',
  // `ADMIN_PW`, `LDAP_BIND_PW`, after a separator as `pass` is; and a passcode.
  '_pw',
  '-pw',
  'passcode',
  // A pre-shared key: a Wi-Fi network's (`WIFI_PSK`, wpa_supplicant's `psk="…"`, indented by a tab or spaces
  // or at a line's start, or commented out as wpa_passphrase prints the passphrase: `#psk="…"`), a quoted
  // `psk`. Not any `_PSK`: code names TLS's PSK modes so (`"Cryptography_HAS_PSK": cryptography_has_psk`).
  'wifi_psk',
  'wpa_psk',
  // With a hyphen, as ifupdown names it, assigned in a map (`wpa-psk: …`); ifupdown's own `wpa-psk <value>`
  // is `interfaces-wpa-psk`'s, and nmcli's `key-mgmt wpa-psk` assigns nothing.
  'wpa-psk',
  '"psk',
  "'psk",
  ' psk',
  '\tpsk',
  '\npsk',
  '#psk',
  // NetworkManager's, as `nmcli --show-secrets` prints it (`802-11-wireless-security.psk:`).
  'security.psk',
  'pre_shared_key',
  'preshared_key',
  'pre-shared-key',
  // WireGuard's `PresharedKey = …` beside a peer's PublicKey.
  'presharedkey',
  // A one-time-password generator's seed, in base32, as password managers export a login (`"totp": "…"`).
  'totp',
  // Notes' and chats' short word for a password (`MySQL root pw: …`), as a word of its own.
  ' pw',
  '\npw',
  // Names in camelCase of keys named above with an underscore (Kibana's `xpack.security.encryptionKey`), and a
  // property's dotted one (Hadoop's `fs.s3a.secret.key`).
  'encryptionkey',
  'signingkey',
  'hmackey',
  'masterkey',
  'secret.key',
];

/**
 * A value alone on the line under its name, indented further: YAML allows it, and Salt's nested output
 * prints every value so (`password:\n            hndh4nfs…`). Only a whole line of one word is read there; a
 * map or list under the name (`password:\n    type: string`, `- name: x`) is none.
 */
const VALUE_BELOW = String.raw`(?<=:)[ \t]{0,4}\r?\n[ \t]{4,32}(?=[^\s:#-][^\s:]{5,199}[ \t]{0,4}(?:\r?\n|$))`;

/**
 * What may end a key name after its secret word: a number (`TOKEN2`, `some_api_token_123`), a string type
 * (`mySecretString`, `passwordStr`), the environment or platform it is for (`STRIPE_SECRET_KEY_PROD`,
 * `CODEPUSH_KEY_IOS`), a version (SES's `ses_smtp_password_v4`) or a form's repeat of it (Rails'
 * `password_confirmation`). Any other ending names something else (`token_type`, `secret_name`).
 */
const NAME_END =
  '(?:[_-]?\\d{1,3}|[_-]?str(?:ing)?|[_-](?:prod|production|dev|staging|stage|test|live|sandbox|ios|android|web|local|v\\d{1,2}|confirm(?:ation)?))?';
/** The longest `NAME_END` (`_confirmation`), for the gates' reach. */
const NAME_END_MAX = 13;

/**
 * Words before a secret-named key that say its value is no secret: a public key or token (`publicToken`,
 * `PUBLIC_API_KEY`, .NET's `publicKeyToken` of an assembly), and the anti-forgery tokens a web page carries in
 * every form (`csrf-token`, `X-XSRF-TOKEN`, Rails' `authenticity_token`). And an account's number: an ARN names a
 * resource type after it (`arn:aws:secretsmanager:eu-west-1:482915736204:secret:prod/db-Xa1b2C`).
 */
const NOT_SECRET_BEFORE = '(?<!(?:public(?:[_-]?key)?|csrf|xsrf|authenticity)[_-]?|:\\d{12}:)';

/**
 * Names before `_key` that say the key is no secret (a database's or a lookup's key, a public or an
 * identifying one, a key into a table of messages; `public`, `publishable` or `anon` anywhere in the name,
 * `NEXT_PUBLIC_STRIPE_KEY`), or that `generic-secret-assignment` reads already
 * (`api_key`, `secret_key`, ...: both rules tried each, and 1 MB of `"api-key": "` took 54 ms instead of 31).
 * For `key-name-assignment`.
 */
const NOT_SECRET_KEY = `(?<!(?:api|secret|access|private|auth|signing|encryption|license|master|app|primary|foreign|sort|partition|range|hash|row|composite|natural|unique|index|idx|shard|cache|lock|lookup|group|map|bucket|object|idempotency|dedup|dedupe|routing|message|cursor|public|pub|site|ssh|gpg|pgp|kms|hot|sequence|schema|i18n|translation|label|state|store|query|event|item|entry|field|column|table|record|node|parent|child|sub|foo|my)[_-]?)(?<!(?:public|publishable|anon)[\\w-]{0,40})`;

/**
 * A value that looks generated: 16-256 characters of base64 or hex holding a digit and a letter. No dots:
 * code names a constant by its path (`nid_key = self._lib.NID_pbe_WithSHA1And3_Key_TripleDES_CBC`).
 */
const GENERATED = withLetterAndDigit('[A-Za-z0-9+/_=-]', 16, 256);

/** An alphabet written out (`_keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef…"`, base64's in a decoder). */
const ALPHABET = /ABCDEFGH|abcdefgh|01234567/;

/**
 * The key names in the regex. A name for an id (`access_id`) is no key when its value is a UUID
 * (`report_access_id: e8e4df51-…`, in either case: the regex has the `i` flag): that identifies a resource.
 * Under any other name a UUID may be the key.
 */
const NAME_PATTERNS = SECRET_NAMES.map(escapeRegex)
  .map((name) => (name.endsWith('id') ? `${name}(?!${ASSIGN}["']?${UUID}(?![\\w-]))` : name))
  .join('|');

/**
 * A string's prefix and opening quote: Python's (`app.secret_key = b'…'`, `token = r"…"`), Rust's owned string
 * (`token: String::from("…")`).
 */
const STRING_PREFIX = `(?:[bBrRuU]{1,2}['"]|String::from\\(")?`;

/**
 * A value: no whitespace, quotes, brackets or separators; 8-500 characters (between quotes, see `quoted`).
 * A value that is the rest of its line (dotenv, YAML, properties, ini) may hold those, up to 40 characters
 * that do not end as a statement, a block, an opening or a closing does (`;`, `:`, `(`, `)`, `>`, ...):
 * `DB_PASSWORD=p(ss)W0rd12345` went through whole. It is tried last: where eight characters or more come before
 * the first such character, the plain value matches and `continues` masks the rest of its line. A run longer
 * than 40 is turned away first, by one read of 41 characters (`pwd=a&` over 1 MB read 40 and went back over
 * them at every hit: 2.5x the time).
 */
const LINE_VALUE = `(?![^\\s'"\`\\\\]{41})(?=[^\\s'"\`\\\\&;,(){}\\[\\]<>]{0,39}[&;,(){}\\[\\]<>])[^\\s'"\`\\\\]{7,39}[^\\s'"\`\\\\;:,(){}\\[\\]<>](?=[ \\t]{0,8}(?:[\\r\\n]|$))`;
/**
 * A value between quotes, read by one of three alternatives after the test of its first eight characters all
 * values share (`FIRST_EIGHT`; 1 MB of `"pwd": "` repeated went from 36 to 48 ms with each alternative testing
 * them itself):
 * - Between plain double quotes it may hold escapes (`\"`, `\\`), as JSON and shell strings write a quote or a
 *   backslash in a password: `{"password":"J7k\"Lm9nP0q"}` went through whole, the value stopping at its
 *   backslash. After an escaped quote (`{\"token\": \"…\"}`, JSON text inside a JSON string) the next escaped
 *   quote closes the value instead.
 * - A value of no spaces, up to its quote: any of the characters that end an unquoted value in code
 *   (`"v:O}wfH!3YS"`, `'sk_9J7*Nr+<JtI=yO<T'`), since passwords are made of them.
 * - A value with spaces in it, up to its closing quote on the same line (100 characters at most): a password
 *   may hold one (`"Tr0ub4dor&3 xyz"` kept `&3 xyz`). Its first eight characters hold none, as the plain
 *   value's do, so a quoted value is read no earlier than before; quoted prose is refused by `PROSE`.
 *
 * A string holding JSON (`"SecretString": "{\"username\":…,\"password\":\"…\"}"`, as AWS returns a secret) is
 * no value: read as one, it was refused as a `{name}` placeholder, and the password's own hit inside it, in
 * the refused match, was never tried.
 */
const quoted = (q: string): string => {
  const char = `[^${q}\\s\\\\]`;
  const escaped = q === '"' ? `(?<!\\\\")(?:${char}|\\\\\\S){8,500}(?=")|` : '';
  return `(?<=${q})(?![{[]\\\\?["{[])(?:${escaped}${char}{8,500}(?=\\\\?${q})|${char}{8}[^${q}\\r\\n\\\\]{0,91}${char}(?=\\\\?${q}))`;
};
/**
 * A Google account's app password as Google shows it and SMTP settings keep it (`EMAIL_HOST_PASSWORD`,
 * `spring.mail.password: abcd efgh ijkl mnop`): four groups of four letters, quoted or not, which no other form
 * reads (a space in the first eight) and `PROSE` would call words.
 */
const APP_GROUPS = '[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}';
const APP_PASSWORD = `${APP_GROUPS}(?![ \\t]?[a-z])`;
/**
 * What every form of a value holds in its first eight characters, tested once before them: no space, quote,
 * backtick or backslash, but that a value after `"` may hold a single quote, a backtick and escapes, and one
 * after `'` a double quote and a backtick; or an app password's four groups. A secret's name repeated with no
 * value after it (`"PASS=`, `"apikey": "`) had each form read its eight characters, at every place the quotes
 * and spaces before a value let it start: 1 MB of those took 19-28 ms of this rule's regex, 10-17 with the test.
 */
const FIRST_EIGHT = `(?:(?<=")(?=(?:[^\\s"\\\\]|\\\\\\S){8})|(?<=')(?=[^\\s'\\\\]{8})|(?<!["'])(?=[^\\s'"\`\\\\]{8})|(?=${APP_PASSWORD}))`;
const VALUE = `${FIRST_EIGHT}(?:${quoted('"')}|${quoted("'")}|[^\\s'"\`<>;,&(){}\\[\\]\\\\]{8,500}|${LINE_VALUE}|${APP_PASSWORD})`;

/**
 * A quoted value that is prose: words of letters (a capital first at most, or an acronym) with punctuation
 * between them and a space among them (`correct-horse-battery` is a value). Messages are filed under
 * secret-named keys (`"reset_password": "successfully reset your password"`); a value with a space in it is
 * only ever read between quotes.
 */
const WORD = '(?:[A-Z]?[a-z]+|[A-Z]{2,})';
const PROSE = new RegExp(
  `^(?!${APP_GROUPS}$)(?:${WORD}[-'’/])*${WORD}[,:;]? +${WORD}(?:(?:[,:;]? +|[-'’/])${WORD})*[.!?…]?$`,
);

/**
 * A name and its value as two members of one object, the name's value a secret's name: a Kubernetes
 * container's `env` (`- name: DB_PASSWORD` then `value: …` on the next line), Terraform's `set` blocks of a
 * Helm release (`name = "adminPassword"` then `value = "…"`, maybe marked `+` or `~` in a plan), and the JSON
 * of ECS task definitions, CloudFormation parameters, Postman and HAR files (`{"name": "X-Api-Key", "value":
 * "…"}`, `"ParameterKey": "DbPassword", "ParameterValue": "…"`), Hadoop's and Hive's XML properties
 * (`<name>javax.jdo.option.ConnectionPassword</name>` then `<value>…</value>`). The name comes first, as those
 * tools write it.
 */
const NAME_VALUE_PAIR = `(?:["']?[ \\t]{0,4}\\r?\\n[ \\t]{0,16}(?:[+~][ \\t]{1,4})?value[ \\t]{0,4}[:=][ \\t]{0,4}|<\\/name>\\s{0,16}<value>|["']\\s{0,4},\\s{0,16}["'](?:value|parametervalue)["']\\s{0,4}:\\s{0,4})["']?`;

/**
 * A name whose value is an object holding the value under `value`, with a few short members before it:
 * `terraform output -json` prints `{"db_password": {"sensitive": true, "type": "string", "value": "…"}}`, each
 * member on a line of its own; or
 * under `Default`, as a CloudFormation template's parameter (`"DBPassword": {"Type": "String", "NoEcho":
 * "true", "Default": "…"}`).
 */
const NESTED_VALUE = `["']\\s{0,4}:\\s{0,4}\\{(?:\\s{0,16}["'][\\w-]{1,20}["']\\s{0,4}:\\s{0,4}(?:"[\\w-]{0,20}"|true|false|null|\\d{1,10})\\s{0,4},){0,4}\\s{0,16}["'](?:value|default)["']\\s{0,4}:\\s{0,4}["']`;

/**
 * A CloudFormation parameter named for a secret, in YAML, its `Default` the value, a few of the parameter's
 * other properties before it (`DBPassword:` then `Type: String`, `NoEcho: true`, `Default: …`).
 */
const PARAMETER_DEFAULT = `:[ \\t]{0,4}\\r?\\n(?:[ \\t]{2,16}(?:Type|NoEcho|Description|MinLength|MaxLength|AllowedPattern|ConstraintDescription)[ \\t]{0,4}:[^\\r\\n]{0,200}\\r?\\n){0,6}[ \\t]{2,16}Default[ \\t]{0,4}:[ \\t]{0,4}["']?`;

/**
 * An element named as a secret, its text the value (`<password>…</password>`), maybe on a line of its own
 * between the tags, and closed: a placeholder in a command or a header (`Authorization: Bearer <token>`) is
 * written the same way, and what follows it (the next line's `X-Request-Id:`) is no value. Jenkins puts its
 * encrypted secrets in braces (`<password>{AQAAABAAAAAQ…=}</password>`): the value is what they hold. Windows'
 * answer files put it in a `<Value>` inside (`<AdministratorPassword>` then `<Value>…</Value>`), and
 * PowerShell's `Select-String -Context` marks the lines that matched with a `>`.
 */
const ELEMENT_TEXT = `>(?:[ \\t]{0,8}\\r?\\n>?[ \\t]{0,40})?(?:<value>)?(?=[^\\s<'"][^\\s<]{0,499}\\s{0,16}</)(?:\\{(?=[A-Za-z0-9+/]{12,256}={0,2}\\}))?`;

/**
 * A Markdown table's row, the name in one cell and the value alone in the next (`| DB_PASSWORD | … |`), as
 * READMEs and issues list settings, each maybe in backticks (`` `API_TOKEN` ``). The cell must hold one word:
 * a cell of prose describes the setting (`| token | Base64-encoded token |`). No other quotes: a union of
 * strings is no table (`'ietf-token' | 'quoted-printable'`). A tool's table pads its columns (`wp config list`:
 * `| DB_PASSWORD         | … |`).
 */
const TABLE_CELL = `\`?[ \\t]{1,32}\\|(?=[ \\t]{1,8}\`?[^\\s|\`'"]{8,500}\`?[ \\t]{1,80}\\|)[ \\t]{1,8}\`?`;

/**
 * A CSV row of a name and its value (`apiToken,…,`): the next cell, the comma right after the name, holding a
 * digit, and a comma or the line's end after it. A header row (`id,apiToken,created_at`) has no digit there.
 * Nor is a cell that opens as a reference, a path or a glob a value (vim's lists of names and files:
 * `contains=dNestTokenString,@dTokens`, a `*` before `/etc/passwd-`, `$VAR`).
 */
const CSV_CELL = `,(?![@*/$%{])(?=[^\\s,'"\`]{0,499}\\d)(?=[^\\s,'"\`]{8,500}(?:,|\\r?\\n|$))`;

/**
 * An HTML table's row, the name in one cell and the value alone in the next
 * (`<td>DB_PASSWORD</td><td>…</td>`), either maybe in `<code>`: a rendered README or wiki page lists settings so.
 */
const HTML_CELL = `(?:</code>)?</t[dh]>[ \\t\\r\\n]{0,16}<td(?:[ \\t][^<>]{0,60})?>[ \\t\\r\\n]{0,16}(?:<code>)?(?=[^\\s<'"]{8,500}(?:</code>)?[ \\t\\r\\n]{0,16}</td>)`;

/**
 * An element named by an attribute that is a secret's name, its text the value: Java properties in XML
 * (`<entry key="jdbc.password">…</entry>`), Android resources (`<string name="api_key">…</string>`), .NET
 * settings (`<setting name="Password"><value>…</value></setting>`). Known by the element that closes it: a
 * `class` names a style, and code highlighters mark every token so (`<span class="token">punctuation</span>`).
 * Two short attributes may follow the name (`type="string"`); spelled out, not skipped over, so that a hit
 * with no tag after it (`"auth"=` repeated) fails at its next character.
 */
const VALUE_ELEMENT = `(?:[ \\t]{0,8}\\r?\\n?[ \\t]{0,16}<value>)?`;
const KEYED_ELEMENT = `["'](?:[ \\t]{1,4}[\\w:-]{1,20}=["'][^"'<>]{0,20}["']){0,2}[ \\t]{0,4}(?=>${VALUE_ELEMENT}[^\\s<'"]{8,500}</(?:entry|param|parameter|property|setting|value|item|string)>)>${VALUE_ELEMENT}`;

/**
 * A listing's line, its values aligned in a column (`heroku config`, `nmcli --show-secrets`, `dokku config`):
 * more spaces after the colon than `ASSIGN` allows, or before it (Asterisk's `pjsip show auth`: `password
 * <15 blanks>: …`). Tabs and no colon are `tab-aligned-secret`'s.
 */
const ALIGNED = `(?:[ \\t]{0,4}:[ \\t]{6,48}|[ \\t]{13,32}:[ \\t]{1,48})(?=[^\\s'"])`;

/**
 * PHP's dumps of an array: `print_r` (`[password] => …`, the value unquoted) and `var_dump`
 * (`["password"]=>` and, on the next line, `string(12) "…"`).
 */
const PHP_DUMP = `(?:\\][ \\t]=>[ \\t]|["']\\]=>\\s{1,16}string\\(\\d{1,5}\\)[ \\t]")`;

/** R's assignment (`db_password <- "…"`, `<<-`), to a quoted string: Go sends to a channel so too, names mostly. */
const R_ASSIGN = `[ \\t]{1,4}<<?-[ \\t]{0,4}["']`;

/**
 * A call of a function named for a secret with one quoted string (`client.setApiKey("…")`,
 * `sdk.WithAPIKey("…")`, `builder.token("…")`, `conn.set_password('…')`), or a setter's last of two or three
 * (after a service and an account: `keyring.set_password("github", "ada", "…")`, `keytar.setPassword(SERVICE, account, "…")`;
 * other calls take a name and what is no secret so, `createToken('GTLT', '((?:<|>)?=?)')`): SDKs set
 * credentials so. Not getters and lookups, which are called so with what names a secret
 * (`getPassword("DB_PASSWORD")`, `getToken("default-audience-123")`, `get_secret("prod/db")`,
 * `FetchSecret("billing-v2")`), nor `credentials(…)`: Jenkins pipelines name a stored credential by its id so
 * (`credentials('aws-prod')`).
 */
const LOOKUP_CALL = `(?:^|[^A-Za-z])(?:[gG]et|[fF]etch|[lL]oad|[rR]ead|[lL]ookup|[fF]ind|[hH]as|[dD]elete|[rR]emove|[rR]evoke|[dD]escribe)[_A-Z]\\w{0,60}`;
/** Inside a setter's brackets (`set_password(`, `setPassword(`): where arguments before the last may stand. */
const SETTER_CALL = `(?<=(?:^|[^A-Za-z])[sS]et[_A-Z]\\w{0,60}\\([ \\t]{0,4})`;
const CALL_ARGUMENT = `(?<!credentials?|${LOOKUP_CALL})\\([ \\t]{0,4}(?:${SETTER_CALL}(?:(?:["'][^"'\\r\\n]{0,100}["']|[A-Za-z_][\\w.]{0,60})[ \\t]{0,4},[ \\t]{0,4}){1,2})?["'](?=[^"'\\r\\n]{8,500}["'][ \\t]{0,4}\\))`;

/**
 * Code that a line's value can be (see `LINE_VALUE`): a chain of names with a call or an index in it
 * (`cfg[env].token`, `lexStates[state].key`), a name closing a call around its key (`f(token=a.key).x`) and
 * a condition (`ready&&token`). Names that start in lower case, as variables do: the allowlist reads quoted
 * values too, and `"Xk9Secret(2024)"` is a password.
 */
const LINE_CODE: readonly RegExp[] = [
  /^[a-z_$][\w$.]*\)/,
  /^[a-z_$#][\w$#]*(?:\??\.[\w$#]+)*(?:\[[^\]]*\]|\([^)]*\))(?:\??\.[\w$#]+|\[[^\]]*\]|\([^)]*\))*[!?]?$/,
  /^[a-z_$][\w$.]*&&/,
];

/**
 * A word of `letters` holding digits in two runs at most, as names do (`ed25519`, `Ed25519PrivateKey`,
 * `x509Cert2`, `node_modules`, `v2`). A generated value cut by dots or slashes has more (`ekAyED3lCeR3mFZa5Ra`).
 */
const named = (letters: string): string => `${letters}{1,61}(?:\\d{1,8}${letters}{1,60})?\\d{0,8}`;
/** A name in code. */
const NAME = named('[A-Za-z_$]');
/** A part of a relative path in lower case. */
const PATH_PART = named('[a-z_.-]');
/**
 * Vault's tokens of 24 after a dot (`s.…` service, `b.…` batch, `r.…` recovery, `hvs.…` since 1.10): shaped
 * like a dotted name when the 24 hold one run of digits or none.
 */
const VAULT_TOKEN = '(?:hv)?[sbr]\\.[A-Za-z0-9]{24}$';
/**
 * Capitalised words joined by dots, a number at the end of one of them: a password people make up
 * (`Harbor.Orca33`, `Maple.Lagoon37!`, `Jaro2024.Lhota`), shaped like a dotted name, which code rarely
 * numbers so.
 */
const WORDS_AND_NUMBER =
  '(?:[A-Z][a-z]{2,15}\\.){0,2}[A-Z][a-z]{2,15}(?:\\d{2,6}(?:\\.[A-Z][a-z]{2,15}\\d{0,6}){1,2}|\\.[A-Z][a-z]{2,15}\\d{2,6})!?$';

/**
 * Code and prose, not values: dotted identifiers (`self.password`, `process.env.TOKEN!`, `options?.token`,
 * `this.#options.apiKey`; see `NAME`; not `WORDS_AND_NUMBER`), names of one to five words in camelCase or capitalised, maybe after an
 * acronym (`token = authToken;`, `auth: AuthService`, `token: Settings > Tokens`, Python's `creds:
 * HTTPAuthorizationCredentials`), build-time constants (`__WS_TOKEN__`), absolute and home paths (`PWD:
 * '/Users/ada'`, git's `signingkey = ~/.ssh/id_ed25519.pub`, systemd's `LoadCredential=token:/etc/app/token`,
 * Windows' `C:\\keys\\pw.txt` and `\\\\host\\share`, their backslashes escaped or not) and relative ones in lower
 * case (`token: "node_modules/.cache"`; base64 has capitals), links with no password in them (`session
 * token:\nhttps://…` in a string, where the escape's `n` comes along), lone lower-case words, packages at a
 * version (`io.jsonwebtoken:jjwt-jackson-0.11.2`), fetch's `credentials: 'same-origin'`, PowerShell's cmdlets
 * (`$password = ConvertTo-SecureString …`, `$cred = Get-Credential`), names joined by `::` (`AEK_PAUTH |
 * AArch64::AEK_BTI`, Ruby's `HttpAuthentication::Token::ControllerMethods`, read from the name's second colon on)
 * and Ruby's symbols, upper-case constants (`WGPEER_A_PRESHARED_KEY: NLA_BINARY`, `token: GITHUB_TOKEN`, a shell's
 * `${JWT_SECRET:?JWT_SECRET must be set}`; a generated value has no underscores between capitals) and a shell's
 * message for an unset variable (`${WIFI_PASS:?missing}`), a token's prefix alone (`| Anthropic API key |
 * \`sk-ant-api03-\` |` in a table of formats) and names in lower case that hold a secret's word
 * (`ContentEncoding["IETFToken"] = "ietf-token"`, `header = "x-api-key"`), or the next key (`password: \`password:
 * \``, `PASSWORD: \`PASSWORD:`, `secret: \`=secret:`).
 */
/** A short word in lower case: in English text, a word after a name, not a value. */
const LOWER_WORD = /^[a-z]{1,9}$/;

export const NOT_VALUES: readonly RegExp[] = [
  new RegExp(`^(?!${VAULT_TOKEN}|${WORDS_AND_NUMBER})#?${NAME}(?:\\??\\.#?${NAME}){1,8}!?$`),
  /^(?:[a-z]{0,15}|[A-Z]{2,6})(?:[A-Z][a-z]{1,15}){1,5}$/,
  /^__[A-Za-z0-9_]{1,60}__$/,
  // Not AWS's 40 characters of base64, which may open with a slash (a path's dot, dash or underscore aside).
  /^(?![A-Za-z0-9+/]{40}$)(?:\/[\w.@~-]{1,60}){2,12}\/?$/,
  /^~(?:\/[\w.@~-]{1,60}){1,12}\/?$/,
  /^[\w.-]{1,64}:(?:\/[\w.@~-]{1,60}){1,12}\/?$/,
  /^(?:[A-Za-z]:|\\{2,4}[\w.$-]{1,60})(?:\\{1,2}[\w .@~$-]{1,60}){1,12}\\{0,2}$/,
  new RegExp(`^(?:\\.{1,2}\\/)?${PATH_PART}(?:\\/${PATH_PART}){1,12}\\/?$`),
  /^n?[a-z][a-z0-9+.-]{1,20}:\/\/[^@]{1,500}$/,
  LOWER_WORD,
  /^[a-z][a-z0-9]{0,30}(?:[-.][a-z][a-z0-9]{0,30}){0,6}[-@:]v?\d{1,4}(?:\.\d{1,4}){1,3}$/,
  /^(?:true|false|null|none|undefined|required|optional|disabled|enabled|string|number|boolean|same-origin)$/i,
  /^(?:password|passwd|secret|token|credentials?|changeme|example|sample|dummy|test|testing|passwort|kennwort|wachtwoord|senha|parola|passord|heslo|salasana)[\w-]{0,3}$/i,
  // No ASCII letter or digit at all: prose in another script (`"forgotPassword": "パスワードをお忘れの方"`).
  /^[^A-Za-z0-9\x80-\uffff]*[^\x00-\x7f][^A-Za-z0-9]*$/,
  /^(?:[A-Z][a-z]{1,15}){1,2}-[A-Z][A-Za-z]{1,40}$/,
  /^[A-Za-z_]\w{0,60}(?:::[A-Za-z_]\w{0,60}){1,8}$/,
  /^:[A-Za-z_]\w{0,60}(?:::[A-Za-z_]\w{0,60}){0,8}$/,
  /^[A-Za-z0-9]{1,12}(?:[-_][A-Za-z0-9]{1,12}){0,3}[-_]$/,
  /^[?:+-]{0,2}[A-Z][A-Z0-9]{0,30}(?:_[A-Z0-9]{1,30}){1,8}$/,
  /^\?[A-Za-z_.-]{1,60}$/,
  /^[=:]?(?:[a-z]{1,20}[-_.]){0,4}(?:token|secret|password|passwd|key|auth|credentials?)(?:[-_.][a-z]{1,20}){0,4}:?$/i,
  // The next line's name and its colon (`X-Request-Id:`, `security.psk:`), read where a value was looked for.
  /^[A-Za-z][\w.-]{0,60}:$/,
  // What Windows setup writes over a password in the answer file it keeps (`<Value>*SENSITIVE*DATA*DELETED*`).
  /^\*SENSITIVE\*DATA\*DELETED\*$/,
];

/**
 * Words that name a secret in prose (`secret-in-prose`). Not `key` alone: prose names too many keys that are
 * none (`primary key`, `cache key 5d41…`, `public key AAAAC3…`).
 */
const PROSE_NAMES = [
  'token',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'credential',
  'api key',
  'apikey',
  'access key',
  'secret key',
];

/** Tokens in prose that are no secrets: pagination's (`next page token …`), anti-forgery ones, public keys. */
const NOT_PROSE_BEFORE = '(?<!(?:page|next|continuation|sync|cursor|csrf|xsrf|public|publishable)[ _-]?)';

/** A character of a value written in prose, a dot aside (it may end the sentence). */
const PROSE_CHAR = '[a-z0-9+/=_~|%-]';
/** The characters of a value in prose before the digit or letter looked for, its dots among them. */
const PROSE_RUN = '[a-z0-9+/=_~|%.-]{0,255}';
/**
 * A value written in prose, as the secret group: generated-looking (a letter and a digit, 12 characters or
 * more, no spaces; under 16, `SHORT_PLAIN` asks for more); a dot or a closing punctuation mark after it ends
 * the sentence, not the value.
 */
const PROSE_VALUE = `(?=${PROSE_RUN}\\d)(?=${PROSE_RUN}[a-z])([a-z0-9+_](?:${PROSE_CHAR}|\\.(?=[a-z0-9])){11,255})(?!${PROSE_CHAR}|\\.[a-z0-9])`;
/**
 * A value in prose under 16 characters without capitals, small letters and a digit all three: a password
 * people choose and pass on in chat is 12 to 15 (`the staging db password is S6tRx9kLm2pQw7`), and so are
 * names with a number (`token v2-migration-2024`, `secret build42release`).
 */
const SHORT_PLAIN = /^(?:[^A-Z]{0,15}|[^a-z]{0,15}|\D{0,15})$/;
/** A value without capitals, small letters and a digit all three (see `pass-colon`). */
const NOT_MIXED = /^(?:[^A-Z]*|[^a-z]*|\D*)$/;

/**
 * Words between a secret's name and the colon before its value in a message, spaces or `(` before each; not
 * words that make the value something of the secret's (`token id: …`, `secret version for app: projects/…`).
 * Judged at the start of each word, not at every character: the message rule's cost is per word.
 */
const ABOUT_A_SECRET =
  'ids?|names?|types?|versions?|counts?|usage|limits?|length|endpoints?|urls?|uris?|paths?|files?|hash|policy|format|algorithm|scopes?|prefix|status|expir[a-z]{0,6}|created at|rotated at';
const CLAUSE_WORDS = 4;
const CLAUSE_WORD = 24;
/** A remark in brackets before the colon (`Access token (copy it now, it won't be shown again): …`). */
const PROSE_REMARK = 80;
const PROSE_CLAUSE = `(?:(?:[ \\t(]{1,4}(?!(?:${ABOUT_A_SECRET})(?![a-z]))[^\\s:(]{1,${CLAUSE_WORD}}){1,${CLAUSE_WORDS}}|[ \\t]{1,4}\\((?!(?:${ABOUT_A_SECRET})(?![a-z]))[^()\\r\\n:]{1,${PROSE_REMARK}}\\))`;
/** The message rule's colon, with the blank its regex reads after it. */
const COLON_BEFORE_BLANK = charBefore(':', ' \t');
/** How far the message rule's colon may lie from the name's end. */
const PROSE_CLAUSE_MAX = Math.max(CLAUSE_WORDS * (4 + CLAUSE_WORD), 4 + 1 + PROSE_REMARK + 1);

/**
 * A name of lower-case words and numbers or versions (`db-credentials-2024`, `my-app-tls-cert-v2`,
 * `min-length-12-chars`): each part all letters or all digits, where a generated value mixes them.
 */
const KEBAB_NAME = /^(?:[a-z]{2,}|v?\d{1,8})(?:[-_.](?:[a-z]{2,}|v?\d{1,8}))+$/;
/** A key and its value (`prompt_tokens=1234`): a value in prose holds `=` only as base64's padding. */
const KEY_VALUE = /^[A-Za-z_][\w.-]{0,40}=[^=]/;

/**
 * Password labels in other languages written in Latin letters (see `foreign-password-label`), as keywords:
 * `contrase` of contraseña, `senord` of lösenord, `parol` of parola, parolă, parole and parool.
 */
const FOREIGN_PASSWORD = [
  'passwort',
  'kennwort',
  'contrase',
  'mot de passe',
  'senha',
  'wachtwoord',
  'senord',
  'passord',
  'adgangskode',
  'salasana',
  'heslo',
  'jelsz',
  'parol',
  'hasło',
  'slaptažodis',
  'geslo',
  'lozinka',
  'şifre',
  'sifre',
  'lykilorð',
  'mật khẩu',
];

/** Password labels in scripts other than Latin, as a regex alternation (see `non-latin-password-label`). */
const NON_LATIN_PASSWORD =
  'パスワード|暗号化キー|密码|密碼|口令|비밀번호|패스워드|암호|пароль|гасло|лозинка|парола|κωδικός|كلمة المرور|كلمة السر|رمز عبور|סיסמה|סיסמא|पासवर्ड|รหัสผ่าน';

/** Labels of API keys and tokens in those scripts (see `non-latin-key-label`). */
const NON_LATIN_KEY = 'apiキー|トークン|シークレット|密钥|秘钥|令牌|인증키|토큰|токен';

/** What ends such a label before its value: a colon or equals sign (full-width too), or the word for "is". */
const LABEL_ENDS = ':：=＝是为為は는은';

/**
 * A printable ASCII character but a quote, a backtick, a backslash or a square bracket: a mask's label
 * (`[REDACTED:…]`) read as a value made masking a second time mask again.
 */
const ASCII_VALUE = String.raw`[!#-&(-Z\^_a-~]`;

/**
 * A `value` after one of `labels` in a script other than Latin: on the label's line, after a few more of its
 * characters (`初期パスワード（仮）`) and one of LABEL_ENDS, maybe a bracket or a quote; or alone at the end
 * of the line after a gap of blanks, as a router's settings page aligns it; or alone on the next line. Texts
 * in these scripts put their own punctuation after a value (。，、), which ends it; an ASCII full stop or
 * comma at its end is left out. Gated on those ends or a line break within reach (of the longest value):
 * 1 MB of `パスワード` repeated ran the regex at every one (35 ms, 16 gated).
 */
function afterNonLatinLabel(labels: string, value: string): RegExp {
  const endsLine = String.raw`(?=${value}[ \t\u3000]{0,8}(?:\r?\n|$))`;
  return gated(
    new RegExp(
      String.raw`(?:${labels})(?:[^\n${LABEL_ENDS}]{0,30}[${LABEL_ENDS}][:：]?[ \t\u3000]{0,4}[「『“"'(（【]?|[ \t\u3000]{2,40}${endsLine}|[ \t\u3000]{0,8}\r?\n[ \t\u3000]{0,8}${endsLine})(${value}(?<![.,;:)]))`,
      'iu',
    ),
    labels,
    40 + 64 + 8,
    `${LABEL_ENDS}\n`,
    true,
  );
}

export const rules: readonly SecretRule[] = [
  {
    id: 'generic-secret-assignment',
    description: 'A secret-named key (…token, …secret, …password, …api_key) assigned a high-entropy value',
    family: 'generic',
    keywords: SECRET_NAMES,
    // The first `=`, `:` or `>`: after the name's end (NAME_END_MAX), 12 quotes or spaces and a `.` (ASSIGN),
    // or after `" value ` (NAME_END_MAX + 12). `>` alone closes an element's name (see ELEMENT_TEXT).
    // A YAML block scalar (`password: |`) puts the value on the next line, indented, and so does a plain
    // scalar alone on the next line (see VALUE_BELOW).
    regex: gated(
      new RegExp(
        `${NOT_SECRET_BEFORE}(?:${NAME_PATTERNS})${NAME_END}(?:${ASSIGN}(?:[|>][-+]?[ \\t]{0,4}\\r?\\n[ \\t]{1,16}|${VALUE_BELOW})?|["']\\s{1,4}value\\s{0,2}=\\s{0,2}["']|${NAME_VALUE_PAIR}|${NESTED_VALUE}|${TABLE_CELL}|${CSV_CELL}|${HTML_CELL}|${KEYED_ELEMENT}|${CALL_ARGUMENT}|${R_ASSIGN}|${ELEMENT_TEXT}|${ALIGNED}|${PHP_DUMP}|${PARAMETER_DEFAULT})${STRING_PREFIX}(${VALUE})`,
        'i',
      ),
      SECRET_NAMES.map(escapeRegex).join('|'),
      // The `:` or `=` after a pair's `value`: NAME_END_MAX + 1 + 4 + 2 + 16 + 5 + 5 + 4 characters on (see
      // NAME_VALUE_PAIR: a plan's `+ ` before it); the
      // `>` of a keyed element NAME_END_MAX + 1 + 4 on or its next attribute's `=` NAME_END_MAX + 1 + 4 + 20,
      // a table cell's `|` NAME_END_MAX + 1 + 32; the `(` of a call and the `>` of an HTML cell's `</td>`
      // NAME_END_MAX + 1 and NAME_END_MAX + 11, a nested value's `:` NAME_END_MAX + 1 + 4, R's `<-`
      // NAME_END_MAX + 1 + 4.
      NAME_END_MAX + 1 + 4 + 2 + 16 + 5 + 5 + 4,
      '=:,>|(<',
    ),
    secretGroup: 1,
    anchored: true,
    // A value longer than VALUE's 500 characters (a session token, a base64 blob) is masked to its end. So is
    // one that stops at what ends a value in code (`&`, `;`, `,`, brackets) while the rest of its line is more
    // of it: a config line's value runs to the line's end, and `password: Tr0ub4dor&3xyzQ` kept `&3xyzQ`.
    // Not when the line ends as a statement or a call does (`token = abcdefgh1234;`, `…)`).
    // A list of keys after it goes with it, each 16 to 88 characters of base64 (Strapi's `APP_KEYS=…,…,…`).
    continues:
      /(?:,[A-Za-z0-9+/_-]{16,88}={0,2}(?=[,\s'"]|$)){1,16}|[^\s'"`<>;,&(){}[\]\\]*(?:[&;,(){}[\]<>][^\s'"`\\]{0,31}[^\s'"`\\;,([{)\]}<>](?=[ \t]{0,8}(?:[\r\n]|$)))?/,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, ...LINE_CODE, PROSE] },
    // A call (`getToken(user)`), or type arguments (`OAuth2TokenCredential<TFlows>`): `<` before a capital
    // only, since `</` closes an element (`<password>…</password>`) and `<br>` after a value is markup. A
    // quoted word with a colon after its quote is the next key (`"password": "ldappasswd": …`), no value.
    notBefore: /\(|<[A-Z]|\\?"[ \t]{0,4}:/,
    examples: {
      positive: [
        'web01.prod:\n    db:\n        password:\n            «a20»\n        user:\n            webshop',
        '{"password":"Harbor.Orca33","remember":true}',
        'let config = Config { token: String::from("«a20»"), ..Default::default() };',
        'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: «a16»\n',
        '"DBPassword": {"Type": "String", "NoEcho": "true", "Default": "«a16»"}',
        'spring:\n  mail:\n    password: «s4» «s4» «s4» «s4»\n',
        'EMAIL_HOST_PASSWORD = "«s4» «s4» «s4» «s4»"',
        'export JIRA_API_TOKEN=«a24»',
        'network={\n\tssid="HomeNet"\n\tpsk="«a14»"\n}',
        'ssid=HomeNet\npsk=«a14»',
        '{"credentials" : "«h64»"}',
        "discordToken = '«d32»'",
        'password       = "«a12»"',
        '<add key="ClearTextPassword" value="«a10»%«a6»" />',
        'data:\n  password: «a16»\n',
        'db:\n  password: |\n    «a20»\n  user: app\n',
        'api_key: >-\n  «a32»\n',
        '{\\"aws_secret_access_key\\": \\"«a40»\\"}',
        '<password>«a14»</password>',
        '<apiToken>\n    «a32»\n</apiToken>',
        '<password>{AQAAABAAAAAQ«a40»=}</password>',
        'password: "{AQAAABAAAAAQ«a40»=}"',
        '802-11-wireless-security.psk:           «a14»',
        'DATABASE_URL:         postgres://example\nSENDGRID_PASSWORD:    «a14»\nWEB_CONCURRENCY:      2',
        'var deployToken string = "«a24»"',
        'DEPLOY_TOKEN ::= "«a24»"',
        'DEPLOY_TOKEN :::= "«a24»"',
        'DEPLOY_TOKEN ?= "«a24»"',
        'DEPLOY_TOKEN += "«a24»"',
        'const apiKey: string = "«a24»";',
        'New password: «a14»<br>Keep it safe.',
        "export DB_PASS='«a14»'",
        'pwdToken="v:O}wf«a8»H!3YS"',
        "'secret_key' => 'sk_9J7«a6»*Nr+<JtI=yO<T',",
        '{"user": "app", "pass": "«a14»"}',
        'I tried again with my API key: «a24» and still got a 401',
        'accessToken = "EG«d3»S«a14»L.ek«a18»"',
        'utils.GetEnvOrDefault("api_token", "«h8»-«h4»-«h4»-«h4»-«h12»")',
        'ACCESS_ID=«a20»',
        'some_api_token_123 = "«a60»"',
        'creds = «a30»',
        'private-key: «a6».«a14».y=«a4».«w40»',
        'mySecretString=«a30»',
        'secretToken := `b6p«d2»z/2«l12»9«l12»/9«l6»`',
        'password: Tr0ub4«a4»&3xyzQ\nuser: app',
        'DB_PASSWORD=«a10»;«a4»<«a3»',
        'DB_PASSWORD=p(ss)«a8»12\nDB_USER=app',
        'MASTER_KEY=«a3»{«a6»}«a3»',
        'smtp_pass = «a4»,«a4»,«a4»\r\n',
        '{"token": "Xk9«a6»(2024)"}',
        '        env:\n        - name: DB_PASSWORD\n          value: «a16»\n',
        '- name: API_TOKEN\n  value: "«a20»"',
        '"environment": [{"name": "STRIPE_SECRET", "value": "«a24»"}]',
        '{"ParameterKey": "DbPassword", "ParameterValue": "«a14»"}',
        '{"key": "api_key", "value": "«a24»", "type": "string"}',
        '"token": "Tr0ub4«a4»&3 xyz"',
        "password: '«a12» «a4»'",
        '{\\"secret\\": \\"«a10» «a6»\\"}',
        '{"password":"J7k\\"«a8»"}',
        '{"db_pass": "«a6»\\\\«a6»"}',
        'WIFI_PSK="«a14»"',
        'wifi:\n  ssid: Greenhouse\n  wpa-psk: «a4»-«a4»«d2»sb3',
        '| DB_PASSWORD | «a14» |',
        '| `API_TOKEN` | `«a24»` | staging |',
        '<tr><td>DB_PASSWORD</td><td>«a14»</td></tr>',
        '{"db_password": {"sensitive": true, "type": "string", "value": "«a16»"}}',
        '<tr>\n  <td><code>API_TOKEN</code></td>\n  <td class="value"><code>«a24»</code></td>\n</tr>',
        '<entry key="jdbc.password">«a12»</entry>',
        '<param name="apiToken" type="string">«a20»</param>',
        '<string name="maps_api_key">«a39»</string>',
        '<setting name="ServicePassword" serializeAs="String">\n  <value>«a16»</value>\n</setting>',
        'os.environ["SERVICE_TOKEN"] = "«a20»"',
        "ENV['API_SECRET'] ||= '«a20»'",
        'options.apiToken ??= "«a24»";',
        "app.secret_key = b'«a24»'",
        'client.setApiKey("«a20»");',
        // A link is no value; the token in its query is one.
        'Reset your password: https://app.example.com/reset?token=«a32»',
        'api := sdk.New(sdk.WithAPIKey("«a24»"))',
        "builder.token('«a20»').build()",
        "conn.set_password( '«a14»' )",
        'keyring.set_password("github", "ada", "«a16»")',
        'keyring.set_password(SERVICE, "smtp", "«a9»-«a4»«d2»")',
        'db_password <- "«a16»"',
        'Array\n(\n    [username] => admin\n    [password] => «a14»\n)',
        'array(2) {\n  ["username"]=>\n  string(5) "admin"\n  ["api_token"]=>\n  string(20) "«a20»"\n}',
        "await keytar.setPassword('deploy-cli', 'ada@example.com', '«a20»');",
        // Vault's legacy token, letters alone after its dot: no dotted name.
        'client_token: "s.«s8»«A8»«s8»"',
        '      + set {\n          + name  = "adminPassword"\n          + value = "«a16»"\n        }',
        '{\n  "db_master_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "«a20»"\n  }\n}',
        '"login": {"username": "ada@example.com", "totp": "«u32»"}',
        '* MySQL root pw: «a10»-«a6»',
        'STRIPE_SECRET_TOKEN_PROD=«a32»',
        '<property>\n  <name>fs.s3a.secret.key</name>\n  <value>«a40»</value>\n</property>',
        'xpack.security.encryptionKey: "«a32»"',
        '<AdministratorPassword>\n                    <Value>«a8»!«a5»</Value>\n    <PlainText>true</PlainText>\n</AdministratorPassword>',
        '"passwords": [\n    {\n      "name": "password2",\n      "value": "«a52»"\n    }\n  ]',
      ],
      negative: [
        'password:\n    type: string\n    required: true',
        'nmcli connection modify home wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PSK"',
        'wifi:\n  key-mgmt: wpa-psk\n  ssid: Greenhouse',
        'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n',
        '"WEBHOOK_SECRET_ARN": "arn:aws:secretsmanager:eu-west-1:«d12»:secret:prod/webhook-Xa1b2C"',
        'JWT_SECRET: ${JWT_SECRET:?JWT_SECRET must be set}',
        'async def current_user(creds: HTTPAuthorizationCredentials | None = Depends(bearer_scheme)):',
        '  include ActionController::HttpAuthentication::Token::ControllerMethods',
        'LoadCredential=api_token:/etc/exporter/token',
        '<component name="Microsoft-Windows-Shell-Setup" publicKeyToken="31bf3856ad364e35" language="neutral">',
        '<AdministratorPassword>\n          <Value>*SENSITIVE*DATA*DELETED*</Value>',
        '[user]\n\tsigningkey = ~/.ssh/id_ed25519.pub',
        'JWT_SECRET=change-me-to-64-random-hex-chars',
        '| Anthropic API key | `sk-ant-api03-` | `sk-ant-api03-<base64url>AA` |',
        'password: "this will take time to load"',
        'reset_password: "send link to mail"',
        'LLM_SECRET_NAME = "NEXUS-GPT4-API-KEY"',
        'PASSWORD: `PASSWORD: `',
        'secret: `=secret: `=',
        '{"password": "ldappasswd": "x"}',
        'Authorization: Bearer <token>\nX-Request-Id: «h8»-«h4»-«h4»-«h4»-«h12»',
        'gh auth login --with-token <token>\nEnterprise-Hostname: ghe.example.com',
        'security.psk: security.psk: security.psk:',
        'max_tokens=1024, temperature=0.2',
        'token: ${{ secrets.GITHUB_TOKEN }}',
        'password = "${aws_db_instance.default.password}"',
        'token = config.auth0.clientSecretV2',
        'SECRET_KEY=%(SECRET_KEY)s',
        'OPENAI_API_KEY=YOUR_API_KEY',
        'sumo_access_key   = "<SUMOLOGIC ACCESS KEY>"',
        'Forgot your password? Click "Reset password" to receive a secure link.',
        'password: required',
        'db_password = config.database.password',
        'jobCredentialsId: "«h8»-«h4»-«h4»-«h4»-«h12»"',
        'const apiKey = loadApiKey();',
        'token = TokenCredential(DefaultAzureCredential())',
        'let token = Token::new(&config);',
        'password: PasswordHasher<Argon2>',
        'private_key: PrivateKey,',
        'resumptionToken: lastEventId,',
        'const apiKey = this.#options.apiKey ?? getDefaultKey();',
        'onresumptiontoken: options?.onresumptiontoken',
        'const wsToken = __WS_TOKEN__;',
        "PWD: '/Users/ada/projects'",
        'const castCredential = credential;',
        'apiKey: process.env.AZURE_OPENAI_KEY!,',
        'credential: OAuth2TokenCredential<TFlows>;',
        'throw new Error("create an ephemeral session token:\\nhttps://platform.example.com/docs/sessions")',
        'List<Token> tokenList = new ArrayList<>();',
        '<span class="token">punctuation</span>',
        'bypass: true',
        'proxy_bypass = "*.corp.example.com"',
        'compass: north-north-east',
        'Create a token: Settings > Developer settings > Tokens',
        'API key: Required',
        'token: |\n  ${{ secrets.DEPLOY_TOKEN }}\n',
        'const MONGO_NO_AUTH = "mongodb://localhost:27017/database";',
        "fetch(url, { credentials: 'same-origin' })",
        'cache_token: "node_modules/.cache/tool"',
        'secret_path = "prod/v2/db_credentials"',
        'publicToken = "«a43»"',
        'csrf-token=«a86»==',
        'X-CSRF-Token: «a32»',
        '<input type="hidden" name="authenticity_token" value="«w86»" autocomplete="off" />',
        'notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"',
        'GITHUB_API_KEY=\nDYNATRACE_API_KEY=',
        'snowflake.password=\njdbc.snowflake.url=jdbc:snowflake://acme.snowflakecomputing.com',
        'report_access_id: «h8»-«h4»-«h4»-«h4»-«h12»',
        'token_type = "Bearer"',
        'secret_name = "prod/db/credentials"',
        'const creds = getCredentials(profile);',
        'token=cfg[env].token',
        'conn = Client(address, authkey=self._authkey)',
        '                request_token=request.resource_owner_key):',
        'auth=session&&session.user',
        'password = bytes(memoryview(password))',
        'token = self._fp.read(1)[0]',
        '<privateKey>/path/to/private/key</privateKey>',
        '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password',
        '{"name": "token", "value": "${TOKEN}"}',
        '<label for="password">Password</label>',
        '"reset_password": "successfully reset your password"',
        '"new_password": "Passwords must match exactly, try again."',
        "token_help: 'Personal API tokens: create one in Settings'",
        '{"private_key": "C:\\\\keys\\\\server.pem"}',
        '{"credentials": "\\\\\\\\fileserver\\\\share\\\\aws\\\\credentials"}',
        '| token | Base64-encoded token |',
        '| GITHUB_TOKEN | ${{ secrets.GITHUB_TOKEN }} |',
        '| api_key | string | Your key |',
        '<tr><td>token</td><td>A token string used for auth</td></tr>',
        '<tr><th>Password</th><td>required</td></tr>',
        '<span class="token keyword">Authorization123</span>',
        '<entry key="password">${db.password}</entry>',
        "type Encoding = 'ietf-token' | 'quoted-printable' | 'x-token';",
        '"Cryptography_HAS_PSK": cryptography_has_psk,',
        '  AArch64::AEK_PAUTH | AArch64::AEK_SSBS | AArch64::AEK_SB,',
        ' *    WGDEVICE_A_PRIVATE_KEY: NLA_EXACT_LEN, len WG_KEY_LEN',
        '$password = ConvertTo-SecureString $plain -AsPlainText -Force',
        'config.setPassword(System.getenv("DB_PASSWORD"));',
        'const token = getToken("default-audience-123");',
        'await vault.FetchSecret("billing-v2-2024")',
        'if (client.hasApiKey("tenant-42-eu")) {',
        'secrets.get_secret("prod/db/password")',
        'keyring.get_password("myapp", "alice")',
        'keyring.set_password("myapp", "alice", password)',
        'db_password <- Sys.getenv("DB_PASSWORD")',
        "createToken('NUMERICIDENTIFIERLOOSE', '\\\\d+[a-z]{0,4}')",
        'token <- "<your token here>"',
        'String secret = readSecret("SLACK_SIGNING_SECRET");',
        "environment { AWS_CREDS = credentials('jenkins-aws-prod') }",
        'ContentEncoding["IETFToken"] = "ietf-token";',
        'password: `password: `token: `',
      ],
    },
  },
  {
    id: 'key-name-assignment',
    description:
      'A value that looks generated under a name ending in _key or -key (SERVICE_KEY=…, weather-key: …)',
    family: 'generic',
    keywords: ['_key', '-key'],
    // `key` alone names too much to be a secret's name (`primary_key`, `sort_key`, `cache_key`): here the name
    // ends in it after a separator, no name of a database, lookup or public key stands before it, and the
    // value holds a digit and a letter, as generated keys do and column names do not.
    regex: gated(
      new RegExp(`${NOT_SECRET_KEY}[_-]key${NAME_END}${ASSIGN}(${GENERATED})(?![\\w+/=.-])`, 'i'),
      '[_-]key',
      NAME_END_MAX + 13,
    ),
    secretGroup: 1,
    anchored: true,
    // Hex keys of 32 random digits fall under 3.5 bits a character often enough to miss some.
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, ALPHABET] },
    examples: {
      positive: [
        'SERVICE_KEY=«a28»',
        'export WEATHER_KEY=«h32»',
        'CODEPUSH_KEY_IOS=«w36»',
        '  subscription-key: "«h32»"',
        '{"storage_key": "«a44»=="}',
      ],
      negative: [
        'primary_key: «a16»1',
        'PUBLIC_KEY=«a24»1',
        'idempotency_key = "«h32»"',
        'sort_key: created_at_2024_v1',
        'ssh_key: ~/.ssh/id_ed25519',
        'CACHE_KEY=user-profile-v2',
        'KMS_KEY=«h8»-«h4»-«h4»-«h4»-«h12»',
        'var _keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";',
        'nid_key = self._lib.NID_pbe_WithSHA1And3_Key_TripleDES_CBC',
        'STRIPE_PUBLISHABLE_KEY=pk_live_«a24»',
        'NEXT_PUBLIC_MAPS_BROWSER_KEY=«a32»',
      ],
    },
  },
  {
    id: 'quoted-key-in-prose',
    description: 'A key or token quoted as inline code right after its name in prose (my key `<value>`)',
    family: 'generic',
    // The name with what may stand before the backtick, so that prose naming a key without one (`token` in
    // every log line) makes no hit at all.
    keywords: ['key', 'keys', 'token', 'password', 'secret'].flatMap((name) => [
      `${name} \``,
      `${name}: \``,
      `${name} is \``,
    ]),
    // Issue and chat text: `I run the script with my key \`…\``. Only a value that looks generated (a letter
    // and a digit, 16 characters or more, no spaces): code spans of names and commands (`key \`user_id\``,
    // `token \`--verbose\``) are not values.
    regex:
      /(?:key|token|password|secret)s?(?: |: | is )`(?=[^`\s]{0,255}[0-9])(?=[^`\s]{0,255}[A-Za-z])([A-Za-z0-9+_][A-Za-z0-9+/=_.~|-]{15,255})`/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    // A file's path is named in code spans too (`config/v2/settings.json`).
    allowlist: { regexes: [...NOT_VALUES, /^(?:[\w.~-]+\/)+[\w.-]+\.[A-Za-z0-9]{1,6}$/] },
    examples: {
      positive: [
        'I get a 401 when I run the script with my key `«a32»` -- any idea what is wrong?',
        'The token `«w40»` was rejected',
        'password is `«a20»`',
        'my key `«d16»|«w32»` fails',
      ],
      negative: [
        'Set the key `user_id_2` in the config',
        'pass the token `--verbose-output-2024`',
        'the key `Ctrl+Shift+P1` opens the palette',
        'run with key `node_modules/.bin/tool`',
        'the key `config/v2/settings.json` holds it',
      ],
    },
  },
  {
    id: 'query-key-parameter',
    description:
      'A generated value in a URL query as key= or code= (an API key, an OAuth authorization code)',
    family: 'generic',
    keywords: ['?key=', '&key=', '?code=', '&code=', '?servicekey=', '&servicekey='],
    // `key` and `code` name too much else to be secret names anywhere (`primary key`, `exit code`); in a
    // query, with a value that looks generated (a digit and a letter, 16 characters or more), they name an
    // API key (`maps?key=…`) or an authorization code on its way to a redirect URI. The digit comes before
    // any `%`: the digits of an escape (`?key=value%23still-query`) are no sign of a generated value.
    // Korea's public data portal names its key `serviceKey`.
    regex:
      /[?&](?:key|code|service[Kk]ey)=(?=[\w.~+/-]{0,511}\d)(?=[\w.~%+/-]{0,511}[A-Za-z])([\w.~%+/-]{16,512})/,
    secretGroup: 1,
    entropy: 3.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'GET /v1/data?key=«a32»&format=json',
        'https://app.example.com/oauth/callback?code=4%2F0«a40»&state=xyz',
        'http://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=«a40»%2F«a30»&pageNo=1',
      ],
      negative: [
        'https://docs.example.com/start?key=getting-started-guide',
        'https://example.com/search?q=token&key=value',
        'https://ci.example.org/runs?code=ERR_BUILD_FAILED',
        'x:/resource?key=value%23still-query#first',
      ],
    },
  },
  {
    id: 'pass-parameter',
    description: 'A password given as pass=<value>: a query string, the key=value pairs of a log line',
    family: 'generic',
    keywords: ['pass='],
    // Only with `=` and a word of its own: `PASS: gas/i386/x86-64-relax-2` and Go's `--- PASS: TestFoo` are
    // test runners' lines, `bypass=` and `compass=` other words.
    regex: /(?<![\w.-])pass=([^\s&;,'"<>]{8,200})/i,
    secretGroup: 1,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'login ok: user=admin pass=«a14»',
        'GET /login?user=admin&pass=«a14» HTTP/1.1',
        'PASS=«a16»',
      ],
      negative: [
        'PASS: gas/i386/x86-64-align-branch-2c',
        '--- PASS: TestParseConfig (0.00s)',
        'bypass=«a14» compass=«a14»',
        'first pass=done, pass=true, pass=${DB_PASSWORD}',
      ],
    },
  },
  {
    id: 'pass-colon',
    description:
      'A password given as pass: <value>, in small letters, the value mixing capitals, small letters, digits',
    family: 'generic',
    keywords: ['pass:'],
    // Test runners print `PASS: TestParseConfig2` and `PASS: gas/i386/x86-64-relax-2`, and prose says `second
    // pass: reindexed 1024 documents`: a value in small letters only or with no digit is none. No `:` in it,
    // so that `pass:pass:` repeated is no value 200 characters long at each hit.
    regex: /(?<![\w.-])pass:[ \t]{0,4}([^\s&;,'"<>:]{8,200})/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, NOT_MIXED] },
    examples: {
      positive: ['pass: S6tRx9kLm2pQw7', 'host: db.internal\nuser: ada\npass: «a10»7Qz'],
      negative: [
        'PASS: TestParseConfig2 (0.01s)',
        'pass: ${SMTP_PASSWORD}',
        'second pass: reindexed 1024 documents',
        'pass: build-2024-12-06',
      ],
    },
  },
  {
    id: 'secret-in-prose',
    description:
      'A token, password or secret named in prose and written right after its name (credential <value>)',
    family: 'generic',
    // The generic rule's own names: the scan looks for no more words than before.
    keywords: PROSE_NAMES,
    // Log lines and chat text name a credential and then print it, with no operator or quotes: `initialised
    // with credential …`, `the password is …`, `use token … for staging`. Only a value that looks generated
    // (a letter and a digit, 16 characters or more, no spaces), as `quoted-key-in-prose` reads one between
    // backticks; a dot or a closing punctuation mark after it ends the sentence, not the value.
    // Gated by a digit, which every value holds: prose with no digit in reach of the name (`the token is
    // valid`, 1 MB of `token ` repeated) does not run the regex at all.
    regex: gated(
      new RegExp(
        `${NOT_PROSE_BEFORE}(?:${PROSE_NAMES.join('|')})s? (?:(?:is|was):?[ \\t]{1,4})?[\`'"]?${PROSE_VALUE}`,
        'i',
      ),
      PROSE_NAMES.join('|'),
      // `s`, a space, `was:` and four spaces or tabs, a quote, then a value of 256 characters at most.
      1 + 1 + 4 + 4 + 1 + 256,
      '0123456789',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, KEBAB_NAME, KEY_VALUE, SHORT_PLAIN] },
    // A type's name in a TypeScript guard (`credential is OAuth2TokenCredential<OAuth2Flow>`) or a call.
    notBefore: /[(<]/,
    examples: {
      positive: [
        '2024-05-14T10:22:31.418Z INFO  [vault-client] initialised with credential s.«a24» (request_id=8f3a1c)',
        '[facebook-client] initialised with credential «d15»|«a27» (request_id=8f3a1c)',
        'The password is «a6»7«a12», please change it.',
        'my password was «a10»9«a6»',
        'use token «a20»8 for the staging api',
        'hey @channel, the staging db password is S6tRx9kLm2pQw7, please do not share',
        'Your new API key is: «a24»7',
        'Here are the API keys «a30»1.',
        'The profile zip is encrypted, the pwd is `Fjord_Velvet_31`.',
        // A UUID is a key as often as an id (Heroku's API keys, Snyk's tokens): after these names, a key.
        'session token «h8»-«h4»-«h4»-«h4»-«h12» expired',
      ],
      negative: [
        'The token is valid for 3600 seconds.',
        'kubectl describe secret db-credentials-2024',
        'Deleted secret my-app-tls-cert-v2.',
        'next page token «a20»8',
        'public key «a64»1',
        'the password reset link expires in 24 hours',
        'rotate the token v2-migration-2024 next week',
        'the secret build42release is gone',
        'token usage: 1234 prompt, 5678 completion',
        'Token counts: prompt_tokens=1234 completion_tokens=56',
        'function isOAuth2(credential: Credential): credential is OAuth2TokenCredential<OAuth2Flow>;',
      ],
    },
  },
  {
    id: 'secret-in-message',
    description:
      'A token, password or secret a message hands out after a few words and a colon (API key created: <value>)',
    family: 'generic',
    keywords: PROSE_NAMES,
    // What tools print when they make a credential: `Your API key has been created: …`, `Generated password for
    // ada: …`, `Access token (shown only once): …`. The value as `secret-in-prose` reads it; the words between
    // name and colon say nothing about a property of the secret (`token id: …`, `secret version for app: …`).
    // Gated by the colon and the blank after it: prose with none in reach (1 MB of `token 1 `) does not run the
    // regex, whose words would be read on to look for one, nor do a log's times (`10:22:31`). A rule of its own,
    // not a branch of `secret-in-prose`: that one is gated by a digit, and with these words in its reach it cost
    // twice as much on `token 1 `.
    regex: gated(
      new RegExp(
        `${NOT_PROSE_BEFORE}(?:${PROSE_NAMES.join('|')})s?${PROSE_CLAUSE}:[ \\t]{1,4}${PROSE_VALUE}`,
        'i',
      ),
      PROSE_NAMES.join('|'),
      PROSE_CLAUSE_MAX,
      COLON_BEFORE_BLANK,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, KEBAB_NAME, KEY_VALUE, SHORT_PLAIN] },
    examples: {
      positive: [
        'Your API key has been created: «a30»4',
        'Access token (shown only once): «a36»2',
        "Access token (copy it now, it won't be shown again): «a36»2",
        'Generated password for ada@example.com: S6tRx9kLm2pQw7',
        'Generated password for ada@example.com: «a14»5«a3»',
      ],
      negative: [
        'Password policy for the org: min-length-12-chars',
        'token expired at: 2024-05-14T10:22:31Z',
        'Secret rotated for service: payments-api-v2',
        'token id: 1234567890abcdef1234',
        'secret version for app-config: projects/123456/secrets/app-config/versions/7',
        'Token counts: prompt_tokens=1234 completion_tokens=56',
        'The token for build 20241206.3: expired',
        'Token (id): a1b2c3d4e5f6a7b8c9d0',
        'Secret (version 7, rotated yesterday): projects-123456-app-config-v7',
      ],
    },
  },
  {
    id: 'login-slash-password',
    description:
      'A password handed on after its login and a slash (ada@example.com / <password>, admin: root / <password>)',
    family: 'generic',
    keywords: [' / '],
    // Chats, notes and tickets pass an account on as `user / password`: after an email address, or after a
    // label that names an account (`Staging admin: admin / …`). The value must look chosen or generated
    // (small and capital letters, and a digit or a mark) and end its line: `read / write`, `TCP / UDP443` and
    // `ada@example.com / Engineering` are none.
    regex:
      /(?:[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}|(?<![\w-])(?:admin|user(?:name)?|login|account|creds?|credentials)\b[^\r\n:]{0,40}:[ \t]{1,4}[\w.@+-]{1,64})[ \t]{1,3}\/[ \t]{1,3}(?=\S{0,63}[a-z])(?=\S{0,63}[A-Z])(?=\S{0,63}[\d!#$%&*+=?@^_~-])([^\s'"`<>]{8,64})(?=[ \t]{0,8}(?:\r?\n|$))/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 256, after: 80 },
    allowlist: { regexes: [...NOT_VALUES, /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/] },
    examples: {
      positive: [
        '[10:04] Greta: analytics@example.com / «a6»3!«a5»\n[10:05] Olu: got it, thanks',
        '- Staging admin: admin / «s4»8«A3»«s3»',
        '- Demo customer user: demo.user@example.com / Copper&Falcon2024',
      ],
      negative: [
        'Permissions: read / write',
        'Owner: ada@example.com / Engineering',
        'contact ada@example.com / bob@example.com',
        'Login: admin / ${ADMIN_PASSWORD}',
        'user: ada / see the vault entry',
      ],
    },
  },
  {
    id: 'client-constructor-key',
    description:
      'A key written into an SDK client\'s constructor (messagebird.New("…"), Mailchimp\'s Client("…"))',
    family: 'generic',
    keywords: ['.new(', 'client(', 'keycredential('],
    // SDKs take the key as their client's only argument: Go's `<package>.New("…")`, Python's and Ruby's
    // `<Package>.Client("…")`, `new <Name>Client('…')`, Azure's and OpenAI's .NET `new AzureKeyCredential("…")`. A generated value, letters and digits mixed, is the key.
    regex:
      /(?:(?<![\w.])[a-z][a-z0-9]{2,30}\.New|(?<![\w.])[A-Z][A-Za-z0-9]{1,40}\.Client|(?<![\w.])(?:new[ \t]{1,4})?[A-Z][A-Za-z0-9]{0,40}(?:Client|KeyCredential))\([ \t]{0,4}(["'])((?=[A-Za-z_-]{0,99}\d)(?=[\d_-]{0,99}[A-Za-z])[A-Za-z0-9_-]{20,100})\1[ \t]{0,4}\)/,
    secretGroup: 2,
    entropy: 3,
    window: { before: 80, after: 140 },
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '\tclient := messagebird.New("«a25»")',
        'transactional = MailchimpTransactional.Client("md-«a22»")',
        "const client = new PostmarkClient('«h8»-«h4»-«h4»-«h4»-«h12»');",
        'var credential = new AzureKeyCredential("«h32»");',
      ],
      negative: [
        'return errors.New("unauthorized")',
        'client = OpenAI.Client(os.environ["OPENAI_API_KEY"])',
        'const c = new HttpClient("https://api.example.com/v1")',
      ],
    },
  },
  {
    id: 'tab-aligned-secret',
    description: "A secret in a CLI's listing of fields, a tab after the name (DEFAULT PASSWORD<tab>…)",
    family: 'generic',
    keywords: ['password\t', 'passwd\t', 'secret\t', 'token\t'],
    // vultr-cli and others print a resource's fields one a line, the name first and its value after tabs. The
    // name opens its line and the value ends it, a digit or a symbol in it: the next name in a TSV header
    // (`api_key\tcreated_at`) is none. Keyed on the tab itself, so that the hits of these words elsewhere
    // cost nothing more.
    // The gate skips a hit with no line break within reach (1 MB of `"passwd\t": "` repeated).
    regex: gated(
      /(?<=(?:^|\n)[ \t]{0,8}(?:[A-Za-z][\w.-]{0,20}[ _-]){0,3})(?:password|passwd|secret|token)\t{1,4}(?=[^\t\r\n"\\]{0,500}[\d!#$%&*+/=?@^~-])([^\s'"\\][^\t\r\n"\\]{5,500}?)(?=[ \t]{0,8}(?:\r?\n|$))/i,
      'password|passwd|secret|token',
      4 + 500 + 8,
      '\n',
      true,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ['REGION\t\t\tams\nDEFAULT PASSWORD\t«a8»#«a7»\nSTATUS\t\t\tactive'],
      negative: ['name\tapi_key\tcreated_at\tnote', 'id\tpassword\n1\t«a8»', 'DEFAULT PASSWORD\t(not shown)'],
    },
  },
  {
    id: 'foreign-password-label',
    description:
      'A password after its name in another language written in Latin letters (Passwort: …, contraseña = …)',
    family: 'generic',
    // German, Spanish, French, Portuguese, Dutch, Swedish, Norwegian, Danish, Finnish, Czech and Slovak,
    // Hungarian, Italian, Romanian, Estonian and Latvian (`parol…`), Polish, Lithuanian, Slovenian, Croatian,
    // Turkish, Icelandic and Vietnamese.
    keywords: FOREIGN_PASSWORD,
    // Then a colon, an equals sign or PHP's `=>`, maybe after a few words (`Passwort für den Server:`), French
    // typography's no-break space before the colon and guillemets around the value, and a value that looks
    // made: a letter and a digit, no blank. The digit comes before any `=` or `:` in it: looked for to the
    // value's end, `hasło=` repeated read 63 characters at each (1 MB: 110 ms, 16 so).
    // Gated on a colon or an equals sign within reach: `hasło ` repeated read the words after each (72 ms).
    // Those words are read once, to the colon (a look-ahead's group, then its back-reference), not given back
    // a character at a time: `hasło 1 ` seven times before a colon, repeated, 70 -> 60 ms.
    regex: gated(
      /(?:(?<![\p{L}\d])(?:passwort|kennwort|contrase(?:ñ|n)a|mot de passe|senha|wachtwoord|passord|adgangskode|salasana|heslo|jelsz(?:ó|o)|parol[aăe]|parool|hasło|slaptažodis|geslo|lozinka|[şs]ifre|lykilorð|mật khẩu)|(?<=(?<![\p{L}\d])l[öo])senord)["']?(?:[ \t](?=([^\n:=]{1,40}))\1)?[ \t\u00a0\u202f]{0,4}(?:=>|[:=])[ \t\u00a0\u202f]{0,4}(?:["'`„“]|«[ \u00a0\u202f]?)?((?=[^\s"'`=:]{0,63}\d)(?=[^\s"'`]{0,63}\p{L})[^\s"'`]{6,64})/iu,
      FOREIGN_PASSWORD.join('|'),
      1 + 41 + 4 + 2,
      ':=',
    ),
    secretGroup: 2,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'Zugangsdaten für den Testserver:\nBenutzer: admin\nPasswort: «a6»7«a5»',
        'usuario: soporte\ncontraseña = «a10»3',
        'Identifiant : jdupont\nMot de passe : «a8»4!',
        'Lösenord för wifi: «s6»«d4»',
        'Mot de passe\u202f: « «a8»-«d4» »',
        "    'wachtwoord' => '«a10»@k3',",
        'Login: jkowalski\nHasło: «a8»«d3»',
        'Kullanıcı adı: admin\nŞifre: «a6»«d4»',
        'Parolă: «a7»«d2»#',
      ],
      negative: [
        'Passwort: ********',
        'Passwort vergessen? Klicken Sie hier.',
        'parola: ciao',
        'senha: ${SENHA_DB}',
      ],
    },
  },
  {
    id: 'non-latin-password-label',
    description:
      'A password after its name in a script other than Latin (パスワード：…, 密码是 …, пароль: …)',
    family: 'generic',
    // Japanese, Chinese, Korean, Russian and its neighbours, Greek, Arabic, Persian, Hebrew, Hindi and Thai.
    // Found in lower case, capitalised or upper case (see `caseForms`).
    keywords: NON_LATIN_PASSWORD.split('|'),
    // A value that looks made: a letter, and a digit or eight characters or more (a router's PPPoE password).
    regex: afterNonLatinLabel(
      NON_LATIN_PASSWORD,
      String.raw`(?:(?=${ASCII_VALUE}{0,63}\d)|(?=${ASCII_VALUE}{8}))(?=${ASCII_VALUE}{0,63}[A-Za-z])${ASCII_VALUE}{6,64}`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    // After a label in another script, eight lower-case letters are no English word but a password (a
    // router's PPPoE one).
    allowlist: { regexes: NOT_VALUES.filter((re) => re !== LOWER_WORD) },
    examples: {
      positive: [
        'ログイン情報\nID：admin\nパスワード：«a6»«d4»!',
        '您好，您的初始密码是：«a6»@«d4»，请登录后及时修改。',
        'Логин: support\nПароль: «a8»«d3»',
        '관리자 비밀번호는 «a7»«d3» 입니다.',
        'كلمة المرور: «a8»«d4»',
        'WiFi密碼 = «a6»«d4»',
        '接続先設定\n  ユーザー名          ：user@example.ne.jp\n  パスワード          ：«l8»\n',
        '  네트워크 암호              «l6»«d4»\n  [ 암호 보기 ]',
        'パスワード／Password／密码\n\u3000\u3000«l6»«d4»\n\n・客室でご利用いただけます。',
      ],
      negative: [
        'パスワード：********',
        '密码长度至少8位，必须包含字母和数字',
        '请输入密码：',
        'пароль: <ваш_пароль>',
        'パスワード: ${DB_PASSWORD}',
        '비밀번호를 잊으셨나요?',
      ],
    },
  },
  {
    id: 'non-latin-key-label',
    description:
      'An API key or a token after its name in a script other than Latin (APIキー：…, 密钥 = …, 토큰: …)',
    family: 'generic',
    keywords: NON_LATIN_KEY.split('|'),
    regex: afterNonLatinLabel(NON_LATIN_KEY, withLetterAndDigit('[A-Za-z0-9_+/=.-]', 16, 256)),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'Backlogの件です。\nAPIキー：«a64»',
        "const APIトークン = '«h32»';",
        '阿里云访问密钥 = «a30»',
        '토큰: «a20»«d8»',
      ],
      negative: ['トークン：（発行後に記入）', '令牌有效期为 7200 秒', 'APIキー: ${BACKLOG_API_KEY}'],
    },
  },
  {
    id: 'env-fallback-literal',
    description:
      'A secret written as the fallback of a secret-named environment variable (process.env.API_KEY ?? "…")',
    family: 'generic',
    keywords: ['process.env'],
    // The variable's name says what the literal after `??` or `||` is: the key itself, for when the
    // variable is unset (`apiKey: process.env.FIREWORKS_API_KEY ?? "fw_…"`).
    regex: new RegExp(
      String.raw`process\.env(?:\.|\[["'])[A-Z0-9_]{0,40}(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]{0,20}(?:["']\])?[ \t]{0,4}(?:\?\?|\|\|)[ \t]{0,4}(["'${'`'}])(${withLetterAndDigit(String.raw`[^"'${'`'}\s]`, 8, 200)})\1`,
    ),
    secretGroup: 2,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'apiKey: process.env.FIREWORKS_API_KEY ?? "fw_«a24»",',
        "const token = process.env['GITHUB_TOKEN'] || '«a36»';",
      ],
      negative: [
        'const port = process.env.PORT || "3000";',
        'const url = process.env.API_KEY_URL ?? "https://api.example.com/v1";',
        'const key = process.env.API_KEY ?? "";',
      ],
    },
  },
];
