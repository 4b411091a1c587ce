/**
 * @module rules/password-hashes
 * Password hashes in the modular crypt format (`$<id>$<salt>$<hash>`): /etc/shadow lines, .htpasswd files, user
 * tables dumped by a database tool, Cisco's type 8 and 9 secrets, the ASA's and Mosquitto's PBKDF2 hashes; MySQL's
 * native hashes (`*<40 hex>`) beside their column's name, ClickHouse's in users.xml; Windows LM/NT hashes in
 * pwdump lines and Samba's; LDAP's and Dovecot's `{SCHEME}` values, LDIF's `userPassword::`, Kerberos keys as
 * `klist -k -K` prints them. A hash is not the password, but whoever holds it can guess the password offline at
 * their own pace, so it is credential material as much as a key is. The format is distinctive enough to need no
 * key name: the id, the salt and the hash each have a fixed alphabet and length. The salt and hash are masked and
 * the id left (`$2b$12$[REDACTED:bcrypt-hash]`): a value starting with `$` reads as a variable reference to the
 * placeholder checks, and the id says what was there.
 */
import type { SecretRule } from './types.js';

/** The crypt alphabet of salts and hashes. */
const CRYPT = '[./A-Za-z0-9]';

export const rules: readonly SecretRule[] = [
  {
    id: 'bcrypt-hash',
    description: 'bcrypt password hash ($2a$, $2b$, $2y$ and a cost, then 53 characters of salt and hash)',
    family: 'password-hashes',
    keywords: ['$2a$', '$2b$', '$2x$', '$2y$'],
    regex: new RegExp(`\\$2[abxy]\\$\\d{2}\\$(${CRYPT}{53})(?!${CRYPT})`),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        '"password_hash": "$2b$12$«a53»"',
        "INSERT INTO users (email, pw) VALUES ('ada@example.com', '$2y$10$«a53»');",
      ],
      negative: ['hashes look like $2b$12$<salt><hash>', `$2b$12$${'.'.repeat(53)}`],
    },
  },
  {
    id: 'crypt-password-hash',
    description:
      'MD5, SHA-256 and SHA-512 crypt and yescrypt password hashes ($1$, $apr1$, $5$, $6$, $y$): shadow and htpasswd lines',
    family: 'password-hashes',
    keywords: ['$1$', '$apr1$', '$5$', '$6$', '$y$'],
    // The salt and the hash go, the id stays (`$6$[REDACTED:…]`): the hash is 22 characters (MD5), 43
    // (SHA-256, yescrypt) or 86 (SHA-512) long and ends the field, after a salt of up to 16 (22 for yescrypt)
    // and, for SHA, an optional `rounds=N$`; yescrypt puts its parameters before the salt.
    regex: new RegExp(
      `\\$(?:1|apr1|5|6|y)\\$((?:rounds=\\d{1,9}\\$)?(?:${CRYPT}{1,32}\\$)?${CRYPT}{1,22}\\$(?:${CRYPT}{86}|${CRYPT}{43}|${CRYPT}{22}))(?![./A-Za-z0-9$])`,
    ),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'root:$6$«a16»$«a64»«a22»:19000:0:99999:7:::',
        'ada:$apr1$«a8»$«a22»',
        'deploy:$y$j9T$«a22»$«a43»:19500:0:99999:7:::',
        'hash = "$5$rounds=5000$«a16»$«a43»"',
      ],
      negative: [
        'root:*:19000:0:99999:7:::',
        'daemon:!:19000::::::',
        'price: $1$ per unit, $5$ for six',
        'sha512crypt hashes start with $6$ and a salt',
      ],
    },
  },
  {
    id: 'cisco-type8-type9-hash',
    description:
      "Cisco's type 8 (PBKDF2-SHA256) and type 9 (scrypt) password hashes ($8$ or $9$, salt, hash)",
    family: 'password-hashes',
    keywords: ['$8$', '$9$'],
    // A 14-character salt and a 43-character hash in the crypt alphabet (`username admin secret 9 $9$…$…`).
    regex: new RegExp(`\\$[89]\\$(${CRYPT}{14}\\$${CRYPT}{43})(?![./A-Za-z0-9$])`),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['username admin privilege 15 secret 9 $9$«a14»$«a43»', ' secret 8 $8$«a14»$«a43»'],
      negative: ['secret 9 $9$<salt>$<hash>'],
    },
  },
  {
    id: 'pbkdf2-base64-hash',
    description:
      "A PBKDF2 password hash in base64 with its iterations (the Cisco ASA's $sha512$5000$…$…, Mosquitto's $7$101$…$…)",
    family: 'password-hashes',
    keywords: ['$sha512$', '$7$'],
    regex:
      /\$(?:sha512|7)\$\d{1,7}\$([A-Za-z0-9+/]{12,44}={0,2}\$[A-Za-z0-9+/]{16,100}={0,2})(?![A-Za-z0-9+/=$])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'username admin password $sha512$5000$«a22»==$«a22»== pbkdf2 privilege 15',
        'homeassistant:$7$101$«a16»$«a86»==',
      ],
      negative: ['password_file hashes look like $7$101$<salt>$<hash>'],
    },
  },
  {
    id: 'clickhouse-password-hash',
    description:
      "A ClickHouse user's password hash in users.xml (<password_sha256_hex>, <password_double_sha1_hex>)",
    family: 'password-hashes',
    keywords: ['password_sha256_hex', 'password_double_sha1_hex'],
    // Unsalted: a list of common passwords finds most of them in a moment.
    regex:
      /(?<=<)password_(?:sha256_hex|double_sha1_hex)>[ \t]{0,4}([0-9A-Fa-f]{64}|[0-9A-Fa-f]{40})[ \t]{0,4}</,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: ['<grafana_ro>\n    <password_sha256_hex>«h64»</password_sha256_hex>'],
      negative: ['<password_sha256_hex></password_sha256_hex>'],
    },
  },
  {
    id: 'scheme-prefixed-password',
    description:
      'A password or its hash after an LDAP or Dovecot scheme ({SSHA}…, {SHA512-CRYPT}…, {CRAM-MD5}…, {PLAIN}…)',
    family: 'password-hashes',
    keywords: [
      '{ssha',
      '{sha',
      '{smd5',
      '{md5',
      '{cram-md5',
      '{plain',
      '{cleartext',
      '{pbkdf2',
      '{crypt',
      '{blf-crypt',
    ],
    // slapd's rootpw and userPassword, Dovecot's passwd-file and `doveadm pw`: the scheme in braces, then the
    // hash in base64 or hex (or the password itself, under PLAIN). A `:` ends it in a passwd-file's line; a
    // crypt hash after the scheme (`{CRYPT}$6$…`) is crypt-password-hash's. Code indexes a hash so
    // (`$bits{crypt}{…}`): a word or `$` before the brace is no scheme, nor a `]` (a mask's end: a key glued
    // to the scheme was kept whole, then its mask let the scheme's value be masked on a second pass).
    regex:
      /(?<![\w$\]])\{(?:S?SHA(?:256|384|512)?|SMD5|MD5|CRAM-MD5|PLAIN|CLEARTEXT|PBKDF2(?:-SHA\d{1,3})?|CRYPT|BLF-CRYPT|SHA(?:256|512)-CRYPT)\}([^\s:'"{}[\]()$][^\s:'"]{3,511})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: [
        '60:rootpw\t\t{SSHA}«a32»',
        'alice@example.net:{PLAIN}«a14»:5000:5000::/var/vmail/example.net/alice::',
        'chiara@example.net:{CRAM-MD5}«h64»:5000:5000::',
        '{SSHA512}«a96»',
      ],
      negative: [
        'default_pass_scheme = {SSHA512}',
        'rootpw {SSHA}<hash from slappasswd>',
        '@{$bits{crypt}{qw(a b c d)}} = ($bf[4], $bf[4], $bf[4], $bf[4]);',
      ],
    },
  },
  {
    id: 'ldif-user-password',
    description: 'A password or its hash in an LDIF entry, base64-encoded (userPassword:: e1NTSEF9…)',
    family: 'password-hashes',
    keywords: ['userpassword::', 'olcrootpw::'],
    // LDIF's base64 is padded to whole groups of four, and nothing of a name follows it (a `:`): read as a
    // value, the next name was judged at every hit of a line of them, and a run of 19 letters masked at each.
    regex:
      /(?:userPassword|olcRootPW)::[ \t]{0,4}((?:[A-Za-z0-9+/]{4}){2,256}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)(?![A-Za-z0-9+/=:])/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    examples: {
      positive: ['replace: userPassword\nuserPassword:: e1NTSEF9«a40»'],
      negative: ['# userPassword:: is base64, as any value with a colon'],
    },
  },
  {
    id: 'kerberos-key',
    description: 'A Kerberos key as klist -k -K and ktutil print it ((aes256-cts-hmac-sha1-96)  (0x…))',
    family: 'password-hashes',
    keywords: ['-cts-hmac-', 'arcfour-hmac', 'des3-cbc', 'des-cbc'],
    // A keytab's key authenticates as its principal without the password it came from.
    regex:
      /(?:aes(?:128|256)-cts-hmac-sha(?:1-96|256-128|384-192)|camellia(?:128|256)-cts-cmac|arcfour-hmac(?:-md5)?|des3-cbc-sha1|des-cbc-(?:crc|md5))\)[ \t]{1,8}\(0x([0-9A-Fa-f]{16,128})\)/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 24, after: 160 },
    examples: {
      positive: [
        '   4 02/11/2024 14:31:07 host/web03.example.org@EXAMPLE.ORG (aes256-cts-hmac-sha1-96)  (0x«h64»)',
        '   4 02/11/2024 14:31:07 WEB03$@EXAMPLE.ORG (arcfour-hmac)  (0x«h32»)',
      ],
      negative: ['   4 02/11/2024 14:31:07 host/web03.example.org@EXAMPLE.ORG (aes256-cts-hmac-sha1-96)'],
    },
  },
  {
    id: 'samba-password-hash',
    description: "Samba's NT hash in smbpasswd and pdbedit -Lw lines (user:uid:LM:NT:[flags]:LCT-…)",
    family: 'password-hashes',
    // Each line ends in the last change's time, `LCT-<hex>`: the keyword. The NT hash logs in as it is; the
    // LM hash is nearly always X's (none stored).
    keywords: [':lct-'],
    regex:
      /(?<![^\s])[^\s:]{1,64}:\d{1,10}:(?:[0-9A-Fa-f]{32}|X{32}):([0-9A-Fa-f]{32}):\[[A-Z ]{1,16}\]:LCT-/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 180, after: 8 },
    examples: {
      positive: ['gmoreau:1104:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:«H32»:[U          ]:LCT-54443669:'],
      negative: [
        'gmoreau:1104:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:[DU         ]:LCT-00000000:',
      ],
    },
  },
  {
    id: 'argon2-hash',
    description: 'Argon2 password hash ($argon2id$v=19$m=…,t=…,p=…$salt$hash)',
    family: 'password-hashes',
    keywords: ['$argon2'],
    regex:
      /\$argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,8},t=\d{1,4},p=\d{1,3}\$([A-Za-z0-9+/]{11,64}\$[A-Za-z0-9+/]{16,128})(?![A-Za-z0-9+/])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['"hash": "$argon2id$v=19$m=65536,t=3,p=4$«a22»$«a43»"'],
      negative: ['$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>'],
    },
  },
  {
    id: 'mysql-native-password-hash',
    description:
      "MySQL's mysql_native_password hash (* and 40 hex digits) in a user table's authentication_string",
    family: 'password-hashes',
    // `*` and 40 capital hex digits, SHA1(SHA1(password)), as a dump of mysql.user prints them. A lone `*` is
    // no keyword, so the column's name is; the rows under it may run on for a while. Not the plugin's name
    // (`mysql_native_password`): it holds other rules' keywords (`mysql`, `password`), whose rules each of its
    // hits would then run at a place of their own (1 MB of it, +6-8 ms).
    keywords: ['authentication_string'],
    regex: /(?<![\w*])\*([0-9A-F]{40})(?![0-9A-Za-z])/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 256, after: 8192 },
    examples: {
      positive: [
        'mysql> SELECT user, authentication_string FROM mysql.user;\n| root | *«H40» |',
        '| user | plugin                | authentication_string |\n| app  | mysql_native_password | *«H40» |',
      ],
      negative: [
        'authentication_string: *THE-HASH-GOES-HERE',
        `| app | authentication_string | *${'0'.repeat(40)} |`,
      ],
    },
  },
  {
    id: 'ntlm-hash-dump',
    description:
      "Windows LM and NT hashes as pwdump and secretsdump print them (user:RID:LM:NT:::), each a password's equal",
    family: 'password-hashes',
    // The NT hash authenticates as it is (pass-the-hash), so the pair goes, the user and RID stay. The LM hash
    // is nearly always the one of no password (`aad3b435…`: LM hashes are off by default since Vista), and
    // secretsdump heads its lines with `(uid:rid:lmhash:nthash)`: those are the keywords. Not the `:::` every
    // line ends in: a megabyte of it is a million hits, 34 ms at the least.
    keywords: ['aad3b435b51404ee', 'lmhash:nthash'],
    regex: /(?<![^\s])[^\s:]{1,64}:\d{1,10}:([0-9A-Fa-f]{32}:[0-9A-Fa-f]{32}):::/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 96, after: 8192 },
    examples: {
      positive: [
        'Administrator:500:aad3b435b51404eeaad3b435b51404ee:«h32»:::',
        'CORP.LOCAL\\svc_sql:1105:aad3b435b51404eeaad3b435b51404ee:«h32»:::\nkrbtgt:502:aad3b435b51404eeaad3b435b51404ee:«h32»:::',
        '[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\nold:1001:«h32»:«h32»:::',
      ],
      negative: ['Guest:501:<LM>:<NT>:::', 'the empty LM hash is aad3b435b51404eeaad3b435b51404ee'],
    },
  },
];
