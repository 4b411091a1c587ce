/**
 * @module rules/commands
 * Credentials on a command line: `curl -u user:password` (and an API key as the user), a secret after its
 * flag (`--password <value>`, `--db-password <value>`), the password of a login command (`docker login -u …
 * -p …`, `sshpass -p`, `xfreerdp /p:…`), one piped into it (`echo … | docker login --password-stdin`, `| sudo
 * -S`), one PowerShell turns into a secure string, one `htpasswd -b` stores, ssh-keygen's passphrases, and a
 * secret-named variable a command defines (`#define`, `setx`, fish's `set -x`).
 * Database clients' flags are in `databases`. Where a rule reads a command's words up to its flag, a
 * backslash that ends a line goes on to the next, as scripts and READMEs break long commands (`docker login
 * host \` and then `  -p '…'`).
 */
import { gated } from './assignments.js';
import { NOT_VALUES } from './generic.js';
import { SHELL_VARIABLE, wordsToFlag } from './shapes.js';
import type { SecretRule } from './types.js';

/** `echo` or `printf '%s'` and the opening quote of what they print into a pipe. */
const ECHOED = String.raw`(?<![\w-])(?:echo(?:[ \t]{1,4}-[ne]{1,2})?|printf(?:[ \t]{1,4}["']%s(?:\\n)?["'])?)[ \t]{1,4}["']?`;

/**
 * A variable's name that ends in a secret's word, maybe numbered (`WIFI_PASSWORD`, `API_KEY2`, `SECRET_PASS`),
 * its words joined by `-` in Lisp (`smtpmail-auth-password`), maybe in its earmuffs (`*api-token*`).
 */
const VARIABLE = String.raw`[\w*-]{0,40}?(?:token|secret|password|passwd|pwd|[_-]pass|[_-]pw|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|credentials?|auth)(?:[_-]?\d{1,3})?\*?`;

/** Lisp's forms that set or define a variable (Emacs Lisp, Common Lisp); `setenv` takes the name quoted. */
const LISP_SET = '\\((?:setq(?:-default|-local)?|setf|defvar|defconst|defcustom|defparameter|setenv)';

/** What a flag's name ends in when a secret is its value (`--password`, `--bot-token`, `--client_secret`). */
const FLAG_SECRETS = [
  'password',
  'passwd',
  'pass',
  'passphrase',
  'token',
  'api[-_]?key',
  'secret',
  'secret[-_]key',
  'secret[-_]access[-_]key',
  // Azure's storage account key (`az storage … --account-key '…'`).
  'account[-_]key',
].join('|');

/** The flag that takes the value in `gh secret set`, `az keyvault secret set`, the AWS secret stores, doctl. */
const SECRET_SET_FLAG = '-(?:-body|b|-value|-secret-string|t)';

/** A cmd.exe variable standing where the value goes (`%SHARE_PASSWORD%`): no value. */
const CMD_VARIABLE = /^%\w+%$/;

/** One of htpasswd's flags (`-b`, `-cbB`, `-C 12`), the flags before a later one, an argument after them. */
const HTPASSWD_FLAG = String.raw`(?:[ \t]{1,4}-[A-Za-z]{1,8}(?:[ \t]{1,4}\d{1,2})?)`;
const HTPASSWD_FLAGS = `${HTPASSWD_FLAG}{0,4}?`;
const HTPASSWD_ARG = String.raw`(?:[ \t]{1,4}["']?[^\s"'-][^\s"']{0,200}["']?)`;

/**
 * Login commands and tools whose `-p` is a password (after `-u <user>`): registry and cluster logins,
 * sshpass, remote desktop and remote execution on Windows hosts.
 */
const LOGIN_TOOLS = [
  'docker login',
  'podman login',
  'buildah login',
  'skopeo login',
  'nerdctl login',
  'oras login',
  'oc login',
  'cf login',
  'az login',
  'sshpass',
  'rdesktop',
  'xfreerdp',
  'wlfreerdp',
  'psexec',
  'paexec',
  'winrs',
  'winrm',
  // Active Directory's dsadd and dsmod take a user's password after `-pwd`.
  'dsadd',
  'dsmod',
  // Dovecot's `doveadm pw -p`, and kadmin's `addprinc -pw` and `cpw -pw` (a principal's new password).
  'doveadm pw',
  'addprinc',
  'add_principal',
  'cpw',
  'schtasks',
  'ncftp',
  'plink',
  'pscp',
  'psftp',
  // Login testers and remote-execution tools that take one password with `-p` (`-P` names a list of them).
  'hydra',
  'medusa',
  'crackmapexec',
  'netexec',
  'nxc',
  'evil-winrm',
  // Code signing and publishing: signtool's `/p` and certutil's `-p` open a PFX, vsce's and ovsx's `-p` is the
  // marketplace's token, macOS keychains are made and unlocked with `-p`.
  'signtool',
  'certutil',
  'vsce publish',
  'ovsx publish',
  'security create-keychain',
  'security unlock-keychain',
];
/** The tools as their makers spell them (keywords are lower-case; the flags' case matters, so the pattern's does). */
const LOGIN_TOOL_NAMES = [...LOGIN_TOOLS, 'PsExec', 'PaExec'].join('|');
/**
 * Their password flags: `-p`, `-p<password>`, `-p=`, PuTTY's `-pw`, dsadd's `-pwd`, and Windows' `/p:`, `-p:`,
 * `/rp`, `/p`.
 */
const LOGIN_FLAG = String.raw`(?:[-/]p:|-pwd?[ \t]|-p[ \t=]?|/r?p[ \t])`;

/**
 * A value of `min` to `max` characters as the secret group, quoted (spaces inside: `'correct horse battery'`)
 * or one word that is no flag (`hunter22`).
 */
function quotedOrWord(min: number, max: number): string {
  return String.raw`["']?((?<=["'])[^"'\n]{${min},${max}}(?=["'])|(?<!["'])[^\s'"${'`'}-][^\s'"${'`'}]{${min - 1},${max - 1}})`;
}

/**
 * A key's passphrase on ssh-keygen's command line, after `-N` (the new one) or `-P` (the old one): a rule for
 * each, since `ssh-keygen -p -P <old> -N <new>` holds both and a rule reads one flag a hit. `-N ''` is a key
 * without one.
 */
function keygenPassphrase(flag: 'N' | 'P', which: 'new' | 'old'): SecretRule {
  const other = flag === 'N' ? 'P' : 'N';
  return {
    id: `ssh-keygen-${which}-passphrase`,
    description: `A key's ${which} passphrase on ssh-keygen's command line (-${flag} <passphrase>)`,
    family: 'commands',
    keywords: ['ssh-keygen'],
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])ssh-keygen${wordsToFlag(`-${flag}`, 200, String.raw`-${flag}[ \t]`)}[ \t]{1,4}${quotedOrWord(4, 256)}`,
      ),
      'ssh-keygen',
      200,
      new RegExp(`[ \\t]-${flag}`),
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        `ssh-keygen -t ed25519 -${flag} '«a14»' -f ~/.ssh/deploy`,
        `ssh-keygen -p -${other} "$KEY_PASSPHRASE" -${flag} «a14» -f id_rsa`,
        `ssh-keygen -t rsa -b 4096 -${flag} 'correct horse «a8»' -C ci`,
      ],
      negative: [
        `ssh-keygen -t ed25519 -${flag} '' -f ~/.ssh/deploy`,
        `ssh-keygen -${flag} "$KEY_PASSPHRASE" -f k`,
      ],
    },
  };
}

/**
 * The rest of a command's line, then what it printed: a secret alone on the next line, which ends it, or the
 * string that holds the transcript (JSON text decoded: `…-w\n<secret>"]}`), or meets the next prompt where the
 * value had no newline (`| base64 -d` of a Secret's data: `P24fYVEsST$ kubectl …`). The rest of the line is
 * read once (a look-ahead's group, then its back-reference): a line of a command repeated was read again from
 * each hit as the read gave back character by character (1 MB of `vault kv get ` repeated: 40 ms, 33 atomic).
 * Group 1 is that read, group 2 the secret.
 */
const PRINTED_ALONE = String.raw`(?=([^\r\n]{0,120}))\1\r?\n[ \t]{0,4}([^\s"'\x60\\]{6,1024})(?=[ \t]{0,8}(?:\r?\n|$)|["'\\]|\$[ \t])`;

/**
 * A rule's matching parts for a secret a command prints alone on the next line: `command` (a regex source, each
 * of its texts starting with one of `keys`), then `PRINTED_ALONE`. Gated on a line break within `reach` of the
 * command's start; group 2 is the secret.
 */
function printedAlone(
  command: string,
  keys: string,
  reach: number,
  flags = '',
): Pick<SecretRule, 'regex' | 'secretGroup' | 'anchored' | 'entropy' | 'allowlist'> {
  return {
    regex: gated(new RegExp(`${command}${PRINTED_ALONE}`, flags), keys, reach, '\n'),
    secretGroup: 2,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
  };
}

export const rules: readonly SecretRule[] = [
  {
    id: 'curl-user-token',
    description:
      'An API key given to curl as the user, with no password or an X (curl -u <key>:X, -u <key>:)',
    family: 'commands',
    keywords: ['-u ', '--user'],
    // Freshdesk, Harvest, BambooHR and others take the key as Basic auth's user and ignore the password, which
    // their docs write as `X`; others leave it empty. A user of letters and digits mixed, 16 or more, is the
    // key then; a name or an e-mail address is no key.
    regex: gated(
      /(?:-u|--user)[ \t=]{1,3}["']?((?=[A-Za-z_-]{0,127}\d)(?=[\d_-]{0,127}[A-Za-z])[A-Za-z0-9_-]{16,128}):[xX]?(?=["']?(?:\s|$))/,
      '-u|--user',
      3 + 1 + 128,
      ':',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'curl -v -u «a20»:X -H "Content-Type: application/json" https://acme.freshdesk.com/api/v2/tickets',
        "curl https://api.example.com/v1/charges -u '«a32»:'",
      ],
      negative: ['curl -u admin:X https://example.com', 'curl -u deploy-bot-account:x https://ci.internal/'],
    },
  },
  {
    id: 'curl-user-password',
    description: 'Password in curl -u / --user user:password (and wget --password, httpie -a)',
    family: 'commands',
    keywords: ['-u ', '--user', '-a '],
    // The `:` between user and password: at most 3 + 1 + 128 characters after the flag.
    // The user may be quoted apart from the password (`"user":"password"`), and is often an e-mail address.
    regex: gated(
      /(?:-u|--user|-a)[\s=]{1,3}["']?[^\s:"'$[\]]{0,128}["']?:["']?([^\s"'[\]]{3,256})/,
      '-u|--user|-a',
      3 + 1 + 128 + 1,
      ':',
    ),
    secretGroup: 1,
    anchored: true,
    // The words docs write for a password (`-u username:token`, `-u <user:password>`, `-u 'test:test'`).
    allowlist: { regexes: [/^(?:password|passwd|pass|pwd|secret|token|test|\*+)>?$/i] },
    examples: {
      positive: [
        'curl -u ":«a12»" https://localhost:9200',
        'curl --user admin:«a12» https://api.internal/',
        'curl --user ada@example.com:«a10» https://api.internal/',
        "curl --user ada:'«a16»' -X PATCH",
        'curl -X POST --user "{app-id}":"{Zq«a4»«d3»kV«a3»}" --header "Accept: application/json"',
      ],
      negative: [
        'curl -u "${username}":"${password}"',
        'curl -k -X POST -I -u "SRVC_JENKINS:${APPID}"',
        'curl -X POST --user "$(cat ./login.txt):$(cat ./password.txt)"',
        'curl --mail-from "a@b.c" --user "src@gmail.com" --upload-file out.txt',
        "curl -i -u 'test:test'",
        'curl -u <user:password> https://test.com/endpoint',
        'curl -u username:token',
      ],
    },
  },
  {
    id: 'curl-user-key',
    description: 'An API key sent as the curl -u / --user name with an empty password (-u "<key>:")',
    family: 'commands',
    keywords: ['-u ', '--user'],
    // Stripe, Elastic and others take the key as the user name; the `:` then ends the argument, at most
    // 3 + 1 + 128 characters after the flag (without that gate, 1 MB of `--user=` took 70 ms).
    regex: gated(
      /(?:-u|--user)[\s=]{1,3}["']?([^\s:"'$[\]`()<>]{8,128}):(?=["'\s]|$)/,
      '-u|--user',
      3 + 1 + 128,
      ':',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'curl -u "«a12»:" https://localhost:9200',
        'curl https://api.example.com/v1/charges -u «w32»:',
      ],
      negative: [
        'curl -u elastic: https://localhost:9200',
        'curl -u "$API_KEY:" https://api.example.com',
        'Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):',
      ],
    },
  },
  {
    id: 'cli-secret-flag',
    description:
      'A secret on a command line after its flag and a space (--password <value>, --db-password <value>)',
    family: 'commands',
    // Every flag's start: a flag names its secret at its end (`--token`, `--slack-bot-token`, `--db_password`),
    // after words the keyword scanner could not list. `--` inside a word or a run of dashes is no flag's start:
    // the look-behind has the scanner report no hit there (1 MB of `-`: no hit but the first).
    keywords: ['--'],
    // With `=` (`--password=…`) the assignment rule finds it; here the flag's value is its next word, which
    // is no flag (`--token --verbose` gives none). Pagination's tokens are none (`--starting-token`).
    regex: new RegExp(
      String.raw`(?<![\w-])--(?!(?:next|starting|page|continuation|sync|cursor)[-_]token)(?:[a-z][\w-]{0,40}?[-_])?(?:${FLAG_SECRETS})[ \t]{1,3}["']?([^\s'"${'`'}-][^\s'"${'`'}]{7,255})`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    // Help texts name the value in capitals (`--token TOKEN`, `--client-secret CLIENT_SECRET`); a manual's
    // sentence runs on past a flag (`--proxy-password respectively,`).
    // BuildKit's `--secret` takes where a secret comes from (`id=npm_token,env=NPM_TOKEN`), not the secret.
    allowlist: {
      regexes: [
        ...NOT_VALUES,
        /^[A-Z][A-Z_-]*$/,
        /^[A-Za-z]+[.,;:!?)]$/,
        /^(?:id|type|src|source|env|target)=/,
      ],
    },
    examples: {
      positive: [
        'docker login --username ci --password «a16» registry.internal',
        "vault login --token '«w24»'",
        'deploy-tool push --api-key «a32» --region eu',
        's3cmd --access_key=AK --secret-key «a40» ls',
        'gpg --batch --passphrase «a16» -d backup.gpg',
        'bot run --telegram-bot-token 765422640:«w35» --debug',
        'migrate --db_password «a14» up',
        'gh-release --github-token «a40»',
      ],
      negative: [
        '  -p, --password string   Password',
        '      --client-secret CLIENT_SECRET   the OAuth client secret',
        'echo "$PW" | docker login --password-stdin',
        'tool --token "$(cat token.txt)"',
        'aws s3api list-objects --bucket b --starting-token eyJNYXJrZXIiOiBudWxsfQ==',
        'llm --max-tokens 4096 --token-file /run/secrets/token',
        'a long --- rule --token-ttl 3600',
        'renamed to --http-password and --proxy-password respectively, and',
        'docker buildx build --secret id=npm_token,env=NPM_TOKEN --secret id=sentry,src=$HOME/.sentryclirc .',
      ],
    },
  },
  {
    id: 'cli-single-dash-secret',
    description:
      'A secret after a one-dash long flag and a space (Unity -password <value>, Go tools -token <value>)',
    family: 'commands',
    keywords: ['-password', '-passwd', '-token', '-secret', '-apikey', '-api-key', '-api_key'],
    // Go's flag package, Unity's and Java's tools spell long flags with one dash. The flag starts a word (a
    // space before it): `--token` is `cli-secret-flag`'s, and `db-password` is a name.
    regex:
      /(?<=[ \t])-(?:password|passwd|token|secret|apikey|api-key|api_key)[ \t]{1,3}["']?([^\s'"`({<[-][^\s'"`]{7,255})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, /^[A-Z][A-Z_-]*$/, SHELL_VARIABLE] },
    examples: {
      positive: [
        "Unity -batchmode -quit -username build@example.com -password '«a10»!«a4»#9'",
        'vault-sync -addr https://vault.internal -token «a26» -path kv/app',
      ],
      negative: [
        'app -token $VAULT_TOKEN -path kv/app',
        '  -password string   the password (required)',
        '  [-display <DisplayName>] [-pwd {<Password> | *}] [-mustchpwd {yes | no}]',
      ],
    },
  },
  {
    id: 'mosquitto-password',
    description:
      "A password given to Mosquitto's tools: mosquitto_sub/pub's -P, the one mosquitto_passwd -b stores",
    family: 'commands',
    keywords: ['mosquitto_sub', 'mosquitto_pub', 'mosquitto_rr', 'mosquitto_passwd'],
    // `-p` is the port here, `-P` the password; `mosquitto_passwd -b <file> <user> <password>`.
    // The words before `-P` are read up to 300 characters; the gate skips a name with no such flag in reach
    // (1 MB of `mosquitto_rr ` repeated read them from each hit: 104 ms).
    regex: gated(
      new RegExp(
        String.raw`(?:(?<![\w-])mosquitto_(?:sub|pub|rr)${wordsToFlag('-P', 300, String.raw`-P[ \t]`)}|(?<![\w-])mosquitto_passwd[ \t]{1,4}(?:-c[ \t]{1,4})?-b(?:[ \t]{1,4}-c)?[ \t]{1,4}[^\s]{1,200}[ \t]{1,4}[^\s]{1,64})[ \t]{1,4}["']?([^\s"'-][^\s"']{3,255})`,
      ),
      'mosquitto_sub|mosquitto_pub|mosquitto_rr|mosquitto_passwd',
      300,
      /[ \t]-[Pb][ \t]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        "root@mqtt:~# mosquitto_sub -h 127.0.0.1 -p 1883 -u shelly -P '«a8»-«a7»' -t 'shellies/#' -v",
        "root@mqtt:~# mosquitto_passwd -b /etc/mosquitto/passwd shelly '«a8»-«a7»'",
      ],
      negative: [
        'mosquitto_sub -h broker -p 1883 -u shelly -P "$MQTT_PASSWORD" -t test',
        'mosquitto_passwd -c /etc/mosquitto/passwd shelly',
      ],
    },
  },
  {
    id: 'slappasswd-secret',
    description: 'The password slappasswd is given to hash (slappasswd -s <password>)',
    family: 'commands',
    keywords: ['slappasswd'],
    // The value holds something besides small letters: a word there (`-s secret`) is the manual's.
    regex:
      /(?<![\w-])slappasswd(?:[ \t]{1,4}-[hcnuv](?:[ \t]{1,4}[^\s-][^\s]{0,64})?){0,4}[ \t]{1,4}-s[ \t]{1,4}["']?(?=[a-z]{0,254}[^\sa-z"'])([^\s"']{4,255})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ["root@ldap01:~# slappasswd -s '«a10»25'", 'slappasswd -h {SSHA} -s «a12»'],
      negative: ['slappasswd -s "$LDAP_ROOT_PW"', 'slappasswd -T /run/secrets/rootpw'],
    },
  },
  {
    id: 'keychain-import-passphrase',
    description:
      "A passphrase macOS's security tool is given: a PKCS#12's on import (-P), the keychain's to set a key's ACL (-k)",
    family: 'commands',
    keywords: ['security import', 'set-key-partition-list'],
    // In `import` `-k` is the keychain's path and `-P` the file's passphrase; in `set-key-partition-list`
    // `-k` is the keychain's password.
    // The words before the flag are read up to 300 characters; the gate skips a hit with no flag in reach
    // (1 MB of `security import=` repeated: 84 ms).
    regex: gated(
      new RegExp(
        String.raw`(?:(?<![\w-])security[ \t]{1,4}import${wordsToFlag('-P', 300, String.raw`-P[ \t]`)}|set-key-partition-list${wordsToFlag('-k', 300, String.raw`-k[ \t]`)})[ \t]{1,4}["']?([^\s"']{4,255})`,
      ),
      'security import|set-key-partition-list',
      300,
      /[ \t]-[Pk][ \t]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        '+ security import /tmp/dist_cert.p12 -k build.keychain -P "«a8»7!«a5»" -T /usr/bin/codesign',
        '+ security set-key-partition-list -S apple-tool:,apple: -s -k "kc-«a12»" build.keychain',
      ],
      negative: ['security import cert.p12 -k build.keychain -P "$P12_PASSWORD" -T /usr/bin/codesign'],
    },
  },
  {
    id: 'steamcmd-login-password',
    description: "A Steam account's password on steamcmd's command line (+login <user> <password>)",
    family: 'commands',
    keywords: ['+login'],
    regex: /\+login[ \t]{1,4}[^\s+"']{1,64}[ \t]{1,4}["']?([^\s"'+][^\s"']{3,255})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ["$ ./steamcmd.sh +login ci_build '«a8»!«a6»' +run_app_build /builds/app_build.vdf +quit"],
      negative: [
        'steamcmd +login anonymous +app_update 740 +quit',
        'steamcmd +login ci_build "$STEAM_PASSWORD" +quit',
      ],
    },
  },
  {
    id: 'minio-client-secret',
    description:
      "The secret key given to MinIO's client with an alias (mc alias set <name> <url> <access> <secret>)",
    family: 'commands',
    keywords: ['mc alias set', 'mc config host add'],
    regex:
      /(?<![\w-])mc[ \t]{1,4}(?:alias[ \t]{1,4}set|config[ \t]{1,4}host[ \t]{1,4}add)[ \t]{1,4}[^\s]{1,64}[ \t]{1,4}[a-z]{2,10}:\/\/[^\s]{1,256}[ \t]{1,4}["']?[^\s"']{3,128}["']?[ \t]{1,4}["']?([^\s"']{8,128})/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ['$ mc alias set lake https://s3.lake.internal ci-writer «a40»'],
      negative: ['mc alias set lake https://s3.lake.internal "$MINIO_ACCESS" "$MINIO_SECRET"'],
    },
  },
  {
    id: 'cli-login-password',
    description:
      'A password after -p on a login command line (docker/podman/oc/cf/az login -u <user> -p <password>, sshpass -p, rdesktop, psexec, PuTTY -pw)',
    family: 'commands',
    keywords: LOGIN_TOOLS,
    // `-p` takes the next word here (`mysql -p<password>` is mysql-password-flag's, `--password <value>`
    // cli-secret-flag's); Windows tools write it `/p:` or `-p:` (xfreerdp, winrs) and schtasks `/rp` or `/p`.
    // The words before it are read up to the line's first such flag and no further, so an attempt tries
    // one; the gate skips a hit with none within reach (1 MB of `docker login` repeated).
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])(?:${LOGIN_TOOL_NAMES})${wordsToFlag(LOGIN_FLAG, 200)}["']?([^\s'"${'`'}:=({<[-][^\s'"${'`'}]{5,255})`,
      ),
      LOGIN_TOOLS.join('|'),
      200,
      /[ \t][-/]r?p/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    // CI scripts pass a variable (`-p $CI_REGISTRY_PASSWORD`, `%RDP_PASSWORD%`), which is no value.
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE, CMD_VARIABLE] },
    examples: {
      positive: [
        'docker login -u ci -p «a20» registry.example.test',
        "podman login quay.io -u robot+deploy -p '«w32»'",
        'signtool.exe sign /f codesign.pfx /p "«a8»#«a5»" /fd sha256 dist\\Setup.exe',
        'certutil -f -p "«a8»!«a4»" -importpfx codesign.pfx',
        'npx @vscode/vsce publish -p «l52» --packagePath ext.vsix',
        '+ security unlock-keychain -p "kc-«a12»" build.keychain',
        "docker login fra.ocir.io \\\n  -u 'ns/svc-ci@example.com' \\\n  -p '«a18»{'",
        'oc login https://api.cluster.test:6443 -u developer -p «a16»',
        "sshpass -p '«a14»' ssh deploy@10.0.0.5",
        'sshpass -p«a12» scp build.tgz host:',
        'rdesktop -u admin -p «a12» 10.0.0.5',
        'psexec \\\\host -u CORP\\admin -p «a14» cmd',
        'PsExec64.exe \\\\host -u CORP\\admin -p «a14» -h cmd',
        'C:\\>dsadd user "CN=Svc Reporting,DC=litware,DC=com" -samid svc_reporting -pwd «a7»#«a6»12 -pwdneverexpires yes',
        'winrm identify -r:https://hv03.example.test:5986 -auth:basic -u:hvadmin -p:"«a6»@«a6»!" -encoding:utf-8',
        'xfreerdp /u:admin /p:«a12» /v:10.0.0.5',
        'winrs -r:host -u:admin -p:«a12» dir',
        'schtasks /create /tn backup /tr c:\\b.cmd /ru svc /rp «a12»',
        'ncftpput -u deploy -p «a12» ftp.example.test /incoming build.tgz',
        'pscp -pw «a12» build.zip deploy@10.0.0.5:/tmp',
        'plink.exe -ssh admin@host -pw «a14» uptime',
        'hydra -l admin -p «a12» ssh://10.0.0.5',
        "crackmapexec smb 10.0.0.0/24 -u administrator -p '«a14»'",
        'evil-winrm -i 10.0.0.5 -u svc -p «a12»',
      ],
      negative: [
        'dsadd user <UserDN> [-samid <SAMName>] [-pwd {<Password> | *}] [-mustchpwd {yes | no}]',
        'docker login -u ci -p $REGISTRY_PASSWORD registry.example.test',
        'docker login -u "$CI_REGISTRY_USER" -p "${CI_REGISTRY_PASSWORD}" "$CI_REGISTRY"',
        'echo "$PW" | docker login -u ci --password-stdin',
        'docker login -u ci registry.example.test -p',
        'sshpass -f ~/.pw ssh host -p 2222',
        'rdesktop -u admin -p - 10.0.0.5',
        'xfreerdp /u:admin /v:10.0.0.5 /size:1920x1080',
        'xfreerdp /u:admin /p:%RDP_PASSWORD% /v:10.0.0.5',
        'plink -ssh admin@host -pw %PUTTY_PW% uptime',
        'hydra -l admin -P /usr/share/wordlists/rockyou.txt ssh://10.0.0.5',
      ],
    },
  },
  {
    id: 'powershell-plaintext-secure-string',
    description: "A password written out for PowerShell's ConvertTo-SecureString (… -AsPlainText -Force)",
    family: 'commands',
    keywords: ['convertto-securestring'],
    // The string comes first or after `-String`, the switches before or after it; without `-AsPlainText` it is
    // an encrypted standard string, which holds the password too for whoever runs as that user.
    regex:
      /convertto-securestring(?:[ \t]{1,8}-(?:asplaintext|force|string)(?::\$true)?){0,3}[ \t]{1,8}["']([^"'\r\n]{4,500})["']/i,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [/^\$\{?[A-Za-z_][\w:]*\}?$/] },
    examples: {
      positive: [
        '$password = ConvertTo-SecureString "«a14»" -AsPlainText -Force',
        "$pw = ConvertTo-SecureString -String '«a12»' -AsPlainText -Force",
        '$s = ConvertTo-SecureString -AsPlainText -Force "«a16»"',
      ],
      negative: [
        '$password = ConvertTo-SecureString $env:DB_PASSWORD -AsPlainText -Force',
        '$password = ConvertTo-SecureString "$plain" -AsPlainText -Force',
        'Use ConvertTo-SecureString to turn plain text into a secure string.',
      ],
    },
  },
  {
    id: 'cli-password-stdin',
    description:
      'A password echoed into a command that reads it from stdin (echo … | docker login --password-stdin, | sudo -S, | kinit)',
    family: 'commands',
    keywords: ['--password-stdin', 'sudo -s', 'kinit', 'passwd --stdin', 'ipa user-'],
    // The command comes last, the password first: the rule reads the window before it. Up to 200
    // characters of a login command stand between the pipe and its flag; sudo's `-S`, kinit and
    // `passwd --stdin` follow the pipe, and FreeIPA's `ipa user-add … --password` reads it so.
    regex: new RegExp(
      String.raw`${ECHOED}([^\s"'$${'`'}\\|;&]{6,200})["']?[ \t]{0,4}\|[ \t]{0,4}(?:[^\n|;&]{0,200}?--password-stdin|sudo(?:[ \t]{1,4}-[A-Za-z]{1,3}){0,3}?[ \t]{1,4}-S|kinit|passwd[ \t]{1,4}--stdin|ipa[ \t]{1,4}user-(?:add|mod)[^\n|;&]{0,200}?[ \t]--password(?![\w-]))`,
    ),
    secretGroup: 1,
    entropy: 2,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'echo "«a20»" | docker login --username ci --password-stdin registry.example.test',
        "printf '%s' '«a16»' | helm registry login ghcr.io -u bot --password-stdin",
        'echo -n «a24» | oras login --password-stdin -u robot registry.test',
        "echo '«a12»' | sudo -S apt-get update",
        'echo -n «a14» | kinit admin@CORP.TEST',
        'echo «a12» | passwd --stdin deploy',
        "    # echo '«a12»' | ipa user-add tnguyen --first=Thanh --last=Nguyen --password",
      ],
      negative: [
        'echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"',
        'cat ~/pw.txt | docker login --username ci --password-stdin',
        'aws ecr get-login-password | docker login --username AWS --password-stdin 1234.dkr.ecr.test',
        'echo "$SUDO_PASSWORD" | sudo -S apt-get update',
        'echo hello | sudo tee /etc/motd',
      ],
    },
  },
  keygenPassphrase('N', 'new'),
  keygenPassphrase('P', 'old'),
  {
    id: 'wifi-passphrase-argument',
    description: "A Wi-Fi passphrase on wpa_passphrase's command line (wpa_passphrase <ssid> <passphrase>)",
    family: 'commands',
    keywords: ['wpa_passphrase'],
    // WPA's passphrases are 8 to 63 characters.
    regex: new RegExp(
      String.raw`wpa_passphrase[ \t]{1,4}(?:"[^"\n]{1,64}"|'[^'\n]{1,64}'|[^\s"']{1,64})[ \t]{1,4}${quotedOrWord(8, 63)}`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'wpa_passphrase HomeNet «a12» >> /etc/wpa_supplicant.conf',
        'wpa_passphrase "Guest Wifi" \'summer «a10»\'',
      ],
      negative: ['wpa_passphrase HomeNet', 'wpa_passphrase "$SSID" "$PSK"'],
    },
  },
  {
    id: 'lftp-user-password',
    description: "A password after the user on lftp's command line (lftp -u user,password)",
    family: 'commands',
    keywords: ['lftp'],
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])lftp${wordsToFlag('-u', 200, String.raw`-u[ \t]`)}[ \t]{1,4}["']?[^\s,'"]{1,100},([^\s'"${'`'}]{4,255})`,
      ),
      'lftp',
      200,
      /[ \t]-u/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ["lftp -u deploy,«a12» sftp://files.example.test -e 'mirror -R dist'"],
      negative: [
        'lftp -u deploy sftp://files.example.test',
        'lftp -u "$FTP_USER,$FTP_PASS" ftp.example.test',
      ],
    },
  },
  {
    id: 'htpasswd-batch-password',
    description: 'A password on an htpasswd command line (-b: batch mode takes it as an argument)',
    family: 'commands',
    keywords: ['htpasswd'],
    // `-b` takes the password after the user and, without `-n`, the file; the flags come first, `-b` alone or
    // among others (`-cbB`, `-b -c`), `-C` with its cost. No gate: a space must follow the name at once, and
    // a gate pattern searched at every hit of `htpasswd=a&` cost 7 ms a megabyte.
    regex: new RegExp(
      String.raw`(?<![\w.-])htpasswd(?=${HTPASSWD_FLAGS}[ \t]{1,4}-[A-Za-z]{0,7}b)(?:(?=${HTPASSWD_FLAGS}[ \t]{1,4}-[A-Za-z]{0,7}n)${HTPASSWD_FLAG}{1,5}${HTPASSWD_ARG}|(?!${HTPASSWD_FLAGS}[ \t]{1,4}-[A-Za-z]{0,7}n)${HTPASSWD_FLAG}{1,5}${HTPASSWD_ARG}{2})[ \t]{1,4}["']?([^\s"'\x60]{4,200})["']?(?![^\s;|&>)\x60])`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'htpasswd -b .htpasswd admin «a14»',
        "htpasswd -cbB /etc/nginx/.htpasswd deploy '«a12»'",
        'htpasswd -nbB grafana «a16» > auth/htpasswd',
        'htpasswd -b -c /etc/nginx/.htpasswd admin «a16»',
        'sudo htpasswd -B -C 12 -b /etc/apache2/.htpasswd deploy «a12» && systemctl reload apache2',
      ],
      negative: [
        'htpasswd -c /etc/nginx/.htpasswd admin',
        'htpasswd -b .htpasswd admin "$ADMIN_PASSWORD"',
        'htpasswd -nb user password',
        'htpasswd -D /etc/nginx/.htpasswd olduser',
      ],
    },
  },
  {
    id: 'defined-secret-variable',
    description:
      "A secret-named variable a command defines: C's #define, Windows' setx, fish's set -x, Lisp's setq",
    family: 'commands',
    keywords: [
      '#define',
      'setx ',
      'set -x ',
      'set -gx ',
      'set -xg ',
      'set -ux ',
      'set -xu ',
      '(setq',
      '(setf',
      '(defvar',
      '(defconst',
      '(defcustom',
      '(defparameter',
      '(setenv',
    ],
    // The name ends in the secret's word (`WIFI_PASSWORD`, `API_KEY2`), so that `#define TOKEN_HEADER "…"`
    // or `#define PASSWORD_PROMPT "…"` names no value. A macro's value is quoted, or it is code (a number,
    // another macro: `#define DVD_AUTH 0x5392`, `#define Tk_TimerToken Tcl_TimerToken`); a shell's may be a
    // word up to the line's end, but not a call (`set -gx API_TOKEN (cat …)`). Lisp's is quoted, before the
    // form's `)`.
    regex: new RegExp(
      `(?:#define[ \\t]{1,8}${VARIABLE}[ \\t]{1,8}(?=")|(?:setx|set[ \\t]{1,4}-(?:x|gx|xg|ux|xu))[ \\t]{1,8}${VARIABLE}[ \\t]{1,8}|${LISP_SET}[ \\t]{1,8}"?${VARIABLE}"?[ \\t]{1,8}(?="))["']?([^\\s"'\\\\(){}[\\]]{6,255})["']?(?=[ \\t)]|\\r?\\n|$)`,
      'i',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '#define WIFI_PASSWORD "«a14»"',
        '#define SECRET_PASS "«a12»"',
        'setx SERVICE_TOKEN "«a20»"',
        'set -gx API_TOKEN «a24»',
        "set -x DB_PASSWORD '«a12»'",
        '(setq smtpmail-auth-password "«a14»")',
        '(setq gptel-api-key "«a32»")',
        '(defparameter *api-token* "«a24»")',
        '(setenv "OPENAI_API_KEY" "«a32»")',
      ],
      negative: [
        '#define AUTH_TOKEN_HEADER "X-Auth-Token"',
        '#define PASSWORD_PROMPT "Enter password: "',
        '#define API_KEY getenv("API_KEY")',
        '#define Tk_TimerToken Tcl_TimerToken',
        '#define DVD_AUTH 0x5392 /* Authentication */',
        '#define MAX_TOKEN 1024',
        '#define SECRET_KEY_LEN 32',
        '#define SECRET_SSID "MyHomeNetwork"',
        'setx API_TOKEN "%API_TOKEN_PROD%"',
        'set -gx API_TOKEN (cat ~/.config/token)',
        '(setq auth-source-pass-filename "~/.password-store")',
        '(setq gptel-api-key (auth-source-pick-first-password :host "api.openai.com"))',
        '(setenv "API_TOKEN" (getenv "CI_TOKEN"))',
      ],
    },
  },
  {
    id: 'openssl-pass-argument',
    description: 'A password OpenSSL takes as pass:<password> (-passin, -passout, -pass, -password)',
    family: 'commands',
    keywords: ['pass:'],
    // `env:`, `file:`, `fd:` and `stdin` name where the password is; `pass:` is the password itself.
    regex: /(?<=-(?:passin|passout|pass|password|srppass)(?:[ \t]{1,4}|=)["']?)pass:([^\s"'<>]{3,256})/,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:«a16»',
        "openssl rsa -in enc.key -passin 'pass:«a12»' -out plain.key",
        'openssl enc -aes-256-cbc -pbkdf2 -in db.sql -out db.enc -pass pass:«a20»',
      ],
      negative: [
        'openssl pkcs12 -export -in cert.pem -out cert.p12 -passout env:P12_PASSWORD',
        'openssl rsa -in enc.key -passin pass:$KEY_PASS',
        'openssl rsa -in enc.key -passin file:/run/secrets/key_pass',
      ],
    },
  },
  {
    id: 'openssl-k-password',
    description:
      "A password OpenSSL's cipher commands take after -k (openssl enc -aes-256-cbc -k <password>)",
    family: 'commands',
    keywords: ['openssl'],
    // `-kfile` names a file, `-K` is a key in hex (no secret OpenSSL derives: that one is a key itself, but
    // seldom typed). The words before the flag are read up to the command's end (`|`, `;`, `&`).
    regex: gated(
      /(?<![\w-])openssl(?:[^\n \t|;&]|[ \t](?!-k[ \t])){0,200}[ \t]-k[ \t]{1,4}["']?([^\s"'-][^\s"']{3,255})/,
      'openssl',
      200,
      /[ \t]-k[ \t]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'openssl enc -aes-256-cbc -salt -in backup.tar -out backup.tar.enc -k «a16»',
        "openssl aes-256-cbc -d -in db.enc -out db.sql -k '«a14»'",
      ],
      negative: [
        'openssl enc -aes-256-cbc -in a -out b -kfile /run/secrets/pw',
        'openssl enc -aes-256-cbc -in a -out b -k "$BACKUP_PASSPHRASE"',
        'openssl s_client -connect host:443 | curl -k https://host/',
      ],
    },
  },
  {
    id: 'auth-command-password',
    description:
      "The password of an AUTH command as a session prints it (Redis' AUTH [user] <password>, SMTP's AUTH PLAIN <credentials>)",
    family: 'commands',
    keywords: ['\nauth ', '>auth ', '> auth ', 'c: auth ', "send: 'auth ", "send: b'auth "],
    // At a line's start, after a prompt (`127.0.0.1:6379> AUTH …`, swaks' ` ~> AUTH …`) or what a client's
    // debug output puts before a line it sends (`C: `, `send: '`), and the value ends its line. `AUTH LOGIN`
    // and `AUTH CRAM-MD5` send the password on later lines (`smtp-login-password`). PAM's configuration
    // starts lines with `auth` too, then a control word (`auth required pam_unix.so`). What comes before the
    // command is in its keywords: with `auth ` alone, every `auth ` in a text ran the regex.
    // Gated by the line's end (or the text's), which the value reaches: with no line break in reach the
    // regex is not run (1 MB of `>AUTH ` repeated: 45 ms ungated, 30 gated, 19 without the rule).
    regex: gated(
      /(?:\n|> ?|C: |send: b?')(?:AUTH|auth)[ \t]{1,4}(?:(?:PLAIN|XOAUTH2|OAUTHBEARER)[ \t]{1,4}|(?!(?:LOGIN|CRAM-MD5|DIGEST-MD5|PLAIN|XOAUTH2|OAUTHBEARER|required|requisite|sufficient|optional|include|substack)(?![\w-]))(?:[^\s"'\\]{1,64}[ \t]{1,4})?)([^\s"'\\]{4,512})(?=\\r\\n'|[ \t]{0,4}(?:\r?\n|$))/,
      // The keys' lengths: `\nauth` is as long as `>auth`, which stands for it.
      ">auth|> auth|C: auth|send: 'auth|send: b'auth",
      4 + 64 + 4 + 512 + 4 + 1,
      '\n',
      true,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        '127.0.0.1:6379> AUTH «a16»\nOK',
        '127.0.0.1:6379> auth default «a16»\nOK',
        "send: 'AUTH PLAIN «a32»=\\r\\n'",
        'C: AUTH PLAIN «a28»==\nS: 235 2.7.0 Authentication successful',
      ],
      negative: [
        '127.0.0.1:6379> AUTH\n(error) ERR wrong number of arguments',
        'C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6',
        "send: 'AUTH LOGIN YWRh\\r\\n'",
        'AUTH required\n',
        'The server asks for AUTH before MAIL FROM.',
        '127.0.0.1:6379> AUTH $REDIS_PASSWORD',
        'auth       required     pam_unix.so\nauth    optional   pam_gnome_keyring.so',
      ],
    },
  },
  {
    id: 'sasl-plain-response',
    description: "A SASL PLAIN response in a mail server's debug log (resp=<base64 of \\0user\\0password>)",
    family: 'commands',
    keywords: ['resp='],
    // Dovecot's auth debug log prints the client's AUTH PLAIN answer: base64 of an empty authorization id,
    // the user and the password, so it opens with `A`.
    regex: /(?<![\w-])resp=(A[A-Za-z0-9+/]{11,500}={0,2})(?![A-Za-z0-9+/=])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        'dovecot: auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tresp=AGRtYXJzaEBleGFtcGxlLmlvAF«a16»',
      ],
      negative: ['dovecot: auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tresp=<hidden>'],
    },
  },
  {
    id: 'smtp-login-password',
    description:
      "The password an SMTP client sends after the server's 334 Password: prompt (AUTH LOGIN, base64)",
    family: 'commands',
    keywords: ['ugfzc3dvcmq6'],
    // `UGFzc3dvcmQ6` is `Password:` in base64; the client's answer is the first line the client sends within
    // the next three, one base64 word after what a debug output puts before it (` ~> `, `C: `, `send: '`).
    // Only the server's lines are passed over: past a client line that is no such word (a mask's label, once
    // masked), the next one was read as the answer.
    regex:
      /UGFzc3dvcmQ6[^\n]{0,40}\n(?:(?![ \t]{0,8}(?:~>|C:|send:))[^\n]{0,80}\n){0,2}?[ \t]{0,8}(?:[~<>-]{1,3}[ \t]{1,4}|C:[ \t]{1,4}|send: b?')?([A-Za-z0-9+/]{4,512}={0,2})(?=\\r\\n'|[ \t]{0,4}\r?(?:\n|$))/,
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: [
        'S: 334 VXNlcm5hbWU6\nC: YWRh\nS: 334 UGFzc3dvcmQ6\nC: «a20»\nS: 235 2.7.0 Authentication successful',
        ' ~> YWRh\n<~  334 UGFzc3dvcmQ6\n ~> «a16»=\n<~  235 2.7.0 Authentication successful',
        "reply: b'334 UGFzc3dvcmQ6\\r\\n'\nreply: retcode (334); Msg: b'UGFzc3dvcmQ6'\nsend: '«a24»\\r\\n'",
      ],
      negative: ['S: 334 UGFzc3dvcmQ6\nS: 535 5.7.8 Authentication failed'],
    },
  },
  {
    id: 'net-use-password',
    description: "The password of Windows' net use (net use Z: \\\\server\\share <password> /user:<name>)",
    family: 'commands',
    keywords: ['net use '],
    // The password follows the share, before or after `/user:<name>`; `*` asks for it, other switches start
    // with `/`.
    regex:
      /(?<![\w-])net[ \t]{1,4}use(?:[ \t]{1,4}[A-Za-z*]:?)?[ \t]{1,4}\\\\[^\s\\]{1,100}\\[^\s]{1,200}[ \t]{1,4}(?:\/user:(?:"[^"\r\n]{1,100}"|[^\s"]{1,100})[ \t]{1,4})?["']?([^\s"'/*][^\s"']{3,255})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE, CMD_VARIABLE] },
    examples: {
      positive: [
        'net use Z: \\\\fs01\\share «a14» /user:CORP\\ada /persistent:no',
        'net use \\\\fs01\\IPC$ /user:CORP\\svc_backup «a16»',
      ],
      negative: [
        'net use Z: \\\\fs01\\share * /user:CORP\\ada',
        'net use Z: \\\\fs01\\share /user:CORP\\ada /persistent:yes',
        'net use Z: \\\\fs01\\share %SHARE_PASSWORD% /user:ada',
      ],
    },
  },
  {
    id: 'archive-password-flag',
    description: 'A password on an archiver command line (zip/unzip -P, 7z -p<password>, rar -p<password>)',
    family: 'commands',
    keywords: ['zip ', 'unzip ', '7z ', '7za ', '7zz ', 'rar ', 'unrar '],
    // zip and unzip take it after `-P` (their `-p` is another flag), 7-Zip and RAR attached to `-p` (`-p`
    // alone asks for it). The words before the flag are read up to the line's first such flag.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w.-])(?:(?:un)?zip${wordsToFlag('-P', 200, String.raw`-P[ \t]`)}[ \t]{1,4}|(?:7za?|7zz|(?:un)?rar)${wordsToFlag('-p', 200)})["']?([^\s"'-][^\s"']{3,255})`,
      ),
      'zip|unzip|7z|7za|7zz|rar|unrar',
      200,
      /[ \t]-[pP]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'zip -r -P «a14» backup.zip data/',
        'unzip -P «a12» release.zip -d out',
        '7z a -p«a16» -mhe=on backup.7z data/',
        'rar a -p«a12» logs.rar logs/',
      ],
      negative: ['zip -r backup.zip data/', '7z a -p backup.7z data/', 'zip -P "$ZIP_PASSWORD" out.zip f'],
    },
  },
  {
    id: 'keystore-password',
    description: "A Java keystore's password on keytool's or jarsigner's command line (-storepass, -keypass)",
    family: 'commands',
    keywords: ['-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass'],
    // keytool's `-storepass:env NAME` and `-storepass:file F` name where it is.
    regex: /-(?:src|dest)?(?:storepass|keypass)[ \t]{1,4}["']?([^\s"'$][^\s"']{3,255})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'keytool -genkeypair -alias app -keystore app.jks -storepass «a14» -keypass «a14»',
        'keytool -importkeystore -srckeystore a.p12 -srcstorepass «a12» -destkeystore b.jks -deststorepass «a12»',
        'jarsigner -keystore release.jks -storepass «a16» app.apk release',
      ],
      negative: [
        'keytool -list -keystore app.jks -storepass:env STORE_PASS',
        'keytool -list -keystore app.jks -storepass $STORE_PASS',
      ],
    },
  },
  {
    id: 'gradle-signing-password',
    description: "An Android signing password in Gradle's Groovy DSL (storePassword 'x', keyPassword 'x')",
    family: 'commands',
    keywords: ['storepassword ', 'keypassword '],
    // Groovy calls the setter with no operator (`storePassword = "x"` is the generic rule's). Gated by the
    // quote: 1 MB of `keyPassword =` repeated ran the regex at every hit.
    regex: gated(
      /(?<![\w.])(?:store|key)password[ \t]{1,4}["']([^\s"'$][^\s"']{3,255})["']/i,
      'storepassword|keypassword',
      4,
      `"'`,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ["        storePassword '«a12»'\n        keyPassword '«a12»'"],
      negative: ['storePassword System.getenv("STORE_PASSWORD")', 'keyPassword = "${KEY_PASSWORD}"'],
    },
  },
  {
    id: 'account-password-argument',
    description:
      "A password a command sets for an account as an argument (Windows' net user, rabbitmqctl add_user, vault login)",
    family: 'commands',
    keywords: ['net user ', 'rabbitmqctl add_user', 'rabbitmqctl change_password', 'vault login '],
    // `net user <name> <password> [/add]` (`*` asks for it, `/delete` and other switches are none);
    // rabbitmqctl's user then password; `vault login <token>` (its other arguments are `key=value`).
    regex:
      /(?<![\w-])(?:(?:net[ \t]{1,4}user|rabbitmqctl[ \t]{1,4}(?:add_user|change_password))[ \t]{1,4}(?:"[^"\r\n]{1,64}"|[^\s"/]{1,64})[ \t]{1,4}|vault[ \t]{1,4}login[ \t]{1,4}(?:-[\w-]{1,30}(?:=\S{0,100})?[ \t]{1,4}){0,4})["']?([^\s"'/*=-][^\s"'=]{3,255})["']?(?=[ \t]|\r?\n|$)/i,
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE, CMD_VARIABLE] },
    examples: {
      positive: [
        'net user svc_backup «a14» /add /y',
        'rabbitmqctl add_user admin «a16»',
        'rabbitmqctl change_password admin «a16»',
        'vault login «a26»',
      ],
      negative: [
        'net user admin * /add',
        'net user admin /delete',
        'vault login -method=userpass username=ada',
        'rabbitmqctl add_user admin $RABBIT_PASSWORD',
      ],
    },
  },
  {
    id: 'piped-account-password',
    description: "A user:password pair echoed into chpasswd (echo 'user:password' | chpasswd)",
    family: 'commands',
    keywords: ['chpasswd'],
    // The command comes last: the rule reads the window before it.
    regex: new RegExp(
      String.raw`${ECHOED}[\w.-]{1,32}:([^\s"':$${'`'}]{4,200})["']?[ \t]{0,4}\|[ \t]{0,4}(?:sudo[ \t]{1,4})?chpasswd`,
    ),
    secretGroup: 1,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ['echo "deploy:«a16»" | sudo chpasswd', "echo 'root:«a12»' | chpasswd"],
      negative: ['echo "deploy:$DEPLOY_PASSWORD" | chpasswd', 'chpasswd < users.txt'],
    },
  },
  {
    id: 'onec-designer-password',
    description: "The user's password on 1C:Enterprise's command line (1cv8 DESIGNER /N user /P password)",
    family: 'commands',
    keywords: ['1cv8'],
    // Backups and updates run `1cv8.exe DESIGNER /S<server\base> /N<user> /P<password> /DumpIB …`, each value
    // written against its switch, quoted or not, often in Cyrillic.
    regex: gated(
      new RegExp(
        String.raw`1cv8[cs]?(?:\.exe)?["']?${wordsToFlag('/P', 400)}(["']?)([^\s"'/][^\s"']{3,127})\1(?=[\s"']|$)`,
        'iu',
      ),
      '1cv8',
      400,
      /[ \t]\/P/,
    ),
    secretGroup: 2,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        '"C:\\Program Files\\1cv8\\8.3.24.1467\\bin\\1cv8.exe" DESIGNER /S"srv-1c\\buh" /N"Администратор" /P"«a8»2020!" /DumpIB "D:\\Backup\\buh.dt"',
        '1cv8.exe ENTERPRISE /F"D:\\Bases\\Trade" /NAdmin /P«a10»7 /Execute update.epf',
      ],
      negative: [
        '1cv8.exe DESIGNER /S"srv-1c\\buh" /N"Администратор" /P%PASS% /DumpIB buh.dt',
        '1cv8.exe DESIGNER /F"D:\\Bases\\Trade" /DumpIB buh.dt',
      ],
    },
  },
  {
    id: 'apple-upload-password',
    description:
      "The Apple ID's app-specific password on altool's or notarytool's command line (-p, --password)",
    family: 'commands',
    keywords: ['altool', 'notarytool', 'itmstransporter'],
    // Uploads and notarisation sign in with an app-specific password (`abcd-efgh-ijkl-mnop`) or a keychain
    // item's name (`@keychain:AC_PASSWORD`) or a variable's (`@env:AC_PASSWORD`), which are not the secret.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])(?:altool|notarytool|iTMSTransporter)${wordsToFlag('(?:-p|--password)', 300)}[ \t=]{1,4}(["']?)(?!@keychain:|@env:)([^\s"'@$][^\s"']{7,63})\1(?![^\s;|&>)])`,
        'i',
      ),
      'altool|notarytool|itmstransporter',
      300,
      /[ \t](?:-p|--password)[ \t=]/,
    ),
    secretGroup: 2,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        '$ xcrun altool --upload-app -f build/App.ipa -t ios -u builds@example.com -p «s4»-«s4»-«s4»-«s4» --output-format normal',
        'xcrun notarytool submit App.zip --apple-id dev@example.com --team-id ABCDE12345 --password «s4»-«s4»-«s4»-«s4» --wait',
      ],
      negative: [
        'xcrun altool --upload-app -f App.ipa -u dev@example.com -p @keychain:AC_PASSWORD',
        'xcrun notarytool submit App.zip --keychain-profile notary --wait',
        'xcrun altool --upload-app -f App.ipa -u dev@example.com -p "$APP_SPECIFIC_PASSWORD"',
      ],
    },
  },
  {
    id: 'smb-user-password',
    description: "A password after the user on Samba's tools, as user%password (smbclient -U 'user%…')",
    family: 'commands',
    keywords: ['smbclient', 'rpcclient', 'smbcacls', 'smbget', 'smbmap', 'net rpc', 'net ads'],
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])(?:smbclient|rpcclient|smbcacls|smbget|smbmap|net[ \t]{1,4}(?:rpc|ads))${wordsToFlag('(?:-U|--user(?:name)?)', 200, '-U|--user')}[ \t=]{0,4}["']?[^\s"'%]{1,100}%([^\s"']{3,255})`,
      ),
      'smbclient|rpcclient|smbcacls|smbget|smbmap|net rpc|net ads',
      200,
      /[ \t]-(?:U|-user)/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ['smbclient //fs01/share -U admin%«a14» -c ls', "rpcclient -U 'CORP\\\\svc%«a12»' 10.0.0.5"],
      negative: ['smbclient //fs01/share -U admin', 'smbclient -L fs01 -N'],
    },
  },
  {
    id: 'ldap-bind-password',
    description: "The bind password on an OpenLDAP tool's command line (ldapsearch … -w <password>)",
    family: 'commands',
    keywords: [
      'ldapsearch',
      'ldapadd',
      'ldapmodify',
      'ldapdelete',
      'ldappasswd',
      'ldapwhoami',
      'ldapmodrdn',
      'ldapcompare',
    ],
    // `-W` asks for it and `-y` reads it from a file; `-w` takes it. ldappasswd's `-s` is the new password.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])ldap(?:search|add|modify|delete|passwd|whoami|modrdn|compare)${wordsToFlag('-[ws]', 300, String.raw`-[ws][ \t]`)}[ \t]{1,4}["']?([^\s"'-][^\s"']{2,255})`,
      ),
      'ldapsearch|ldapadd|ldapmodify|ldapdelete|ldappasswd|ldapwhoami|ldapmodrdn|ldapcompare',
      300,
      /[ \t]-[ws]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'ldapsearch -x -H ldap://dc1 -D "cn=admin,dc=example,dc=com" -w «a14» -b "dc=example,dc=com"',
        'ldappasswd -x -D cn=admin,dc=corp -W -s «a12» uid=ada,ou=people,dc=corp',
      ],
      negative: [
        'ldapsearch -x -D "cn=admin,dc=example,dc=com" -W -b "dc=example,dc=com"',
        'ldapsearch -x -D cn=admin -w "$LDAP_PW" -b dc=corp',
      ],
    },
  },
  {
    id: 'secret-read-output',
    description:
      'A secret a command prints on the line after it (kubectl get secret … | base64 -d, op read, pass show, openssl rand, nmcli -s)',
    family: 'commands',
    keywords: [
      'kubectl get secret',
      'oc get secret',
      'op read',
      'vault kv get',
      'vault read',
      'get-secret-value',
      'secrets versions access',
      'keyvault secret show',
      'find-generic-password',
      'find-internet-password',
      'bw get password',
      'pass show',
      'gopass show',
      'lpass show',
      'openssl rand',
      'nmcli',
      'key:generate',
      'phx.gen.secret',
      'rails secret',
      'rake secret',
      'secrets.token_',
      'get_random_secret_key',
    ],
    // A terminal's transcript (an issue, a shell tool's result) shows the command and then what it printed: the
    // secret alone on its line. Each command is one that prints a secret's value and nothing else, or first (`pass
    // show` prints the password's file, its first line the password, and with `-c` a sentence; `openssl rand`,
    // Laravel's `key:generate --show`, Phoenix's and Rails' generators, Python's `secrets` and Django's
    // `get_random_secret_key()` print a new key; files that hold one alone are `secret-file-output`'s). The scan tries the regex where a
    // keyword starts: `gopass` and `lpass` are keywords of their own, for `pass` inside them is no command's
    // start. A newline must follow within 120 characters (the gate); what comes after is `PRINTED_ALONE`.
    ...printedAlone(
      String.raw`(?:(?<![\w-])(?:kubectl|oc)[ \t]get[ \t]secrets?[ \t](?=[^\r\n]{0,120}?\|[ \t]{0,4}base64[ \t]{1,4}(?:-d|--decode))|(?<![\w-])op[ \t]{1,4}read[ \t]{1,4}["']?op:\/\/|(?<![\w-])vault[ \t](?:kv[ \t]get|read)[ \t](?=(?:[^\r\n]{0,120}?[ \t])?-field=)|get-secret-value(?=[^\r\n]{0,120}?secretstring)(?=[^\r\n]{0,120}?--output[ \t=]{1,4}text)|secrets[ \t]versions[ \t]access|keyvault[ \t]secret[ \t]show(?=[^\r\n]{0,120}?(?:-o|--output)[ \t=]{1,4}tsv)|find-(?:generic|internet)-password(?=[^\r\n]{0,120}?[ \t]-[a-z]{0,4}w[a-z]{0,4}(?![\w-]))|(?<![\w-])bw[ \t]get[ \t]password|(?<![\w-])(?:go)?pass[ \t]show[ \t]|(?<![\w-])lpass[ \t]show[ \t](?=[^\r\n]{0,120}?--password)|(?<![\w-])openssl[ \t]rand[ \t]{1,4}-(?:base64|hex)[ \t]|(?<![\w-])nmcli[ \t](?=[^\r\n]{0,120}?(?:-s|--show-secrets)[ \t])(?=[^\r\n]{0,120}?-g[ \t]{1,4}[\w.,-]{0,80}(?:psk|password)(?![\w-]))|key:generate[ \t](?=[^\r\n]{0,120}?--show)|phx\.gen\.secret|(?<![\w-])(?:rails|rake)[ \t]secret(?![\w:-])|secrets\.token_(?:hex|urlsafe)\(|get_random_secret_key\()`,
      'kubectl get secret|oc get secret|op read|vault kv get|vault read|get-secret-value|secrets versions access|keyvault secret show|find-generic-password|find-internet-password|bw get password|pass show|gopass show|lpass show|openssl rand|nmcli|key:generate|phx\\.gen\\.secret|rails secret|rake secret|secrets\\.token_|get_random_secret_key',
      120,
      'i',
    ),
    examples: {
      positive: [
        "$ kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d\n«a16»\n$ ",
        "$ kubectl get secret mq -o jsonpath='{.data.rabbitmq-password}' | base64 --decode\n«a10»$ kubectl get pods",
        '$ op read "op://Private/Prod DB/password"\n«a20»\n$ ',
        '$ vault kv get -field=password secret/prod/db\n«a16»',
        '$ aws secretsmanager get-secret-value --secret-id prod/api --query SecretString --output text\n«a32»',
        '$ gcloud secrets versions access latest --secret=db-password\n«a24»',
        '$ az keyvault secret show --vault-name kv --name api-key --query value -o tsv\n«a32»',
        '$ security find-generic-password -s github -a ada -w\n«a40»',
        '$ bw get password "Prod DB"\n«a18»',
        '$ pass show work/smtp-relay\n«a12»-«a8»\nuser: relay@example.com',
        '$ lpass show --password "Shared/grafana admin"\n«a10»!«a4»',
        '$ openssl rand -base64 32\n«a43»=',
        '$ nmcli -s -g 802-11-wireless-security.psk connection show Buero-5G\n«a6»+«a4»#«a6»',
        '$ php artisan key:generate --show\nbase64:«a43»=',
        '$ mix phx.gen.secret\n«a64»',
        "$ python -c 'import secrets; print(secrets.token_hex())'\n«h64»",
      ],
      negative: [
        "$ kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d\n$ echo done",
        '$ echo aGVsbG8gd29ybGQ= | base64 -d\nhello world',
        '$ vault kv get secret/prod/db\n====== Data ======',
        '$ op read "op://Private/Prod DB/password"\n[ERROR] 2024/06/01 12:00:00 could not read secret',
        '$ pass show -c work/smtp-relay\nCopied work/smtp-relay to clipboard. Will clear in 45 seconds.',
        '$ lpass show "Shared/grafana admin"\nShared/grafana admin [id: 4128839261047730215]',
        '$ nmcli -g 802-11-wireless-security.key-mgmt connection show Buero-5G\nwpa-psk',
      ],
    },
  },
  {
    id: 'secret-file-output',
    description:
      'What cat prints of a file that holds one secret alone (Rails’ master.key, an Ansible vault password file, /run/secrets/…)',
    family: 'commands',
    keywords: ['master.key', 'vault_pass', 'vault-pass', 'data_bag_secret', '/run/secrets/'],
    // Rails' master.key, Ansible's vault password file, Chef's data bag secret and a container's mounted
    // secret are the secret and nothing else: `cat` of one prints it on the next line (or before the next
    // prompt, with no newline of its own). The scan tries the regex where the file's name starts.
    ...printedAlone(
      String.raw`(?<=[ \t]cat[ \t][^\s]{0,200}?)(?:master\.key|\.?vault[_-]pass(?:word)?[\w.-]{0,40}|(?<=encrypted_)data_bag_secret|\/run\/secrets\/[\w.-]{1,100})(?![\w.-])`,
      'master\\.key|vault_pass|vault-pass|data_bag_secret|/run/secrets/',
      160,
    ),
    examples: {
      positive: [
        'root@awx:/srv/ansible# cat .vault_pass_prod\n«a32»\nroot@awx:/srv/ansible# ',
        'deploy@app-01:/var/www/app/current$ cat config/master.key\n«h32»',
        'chef@ws:~/chef-repo$ cat .chef/encrypted_data_bag_secret; echo\n«a64»+«a64»=',
        '/app $ cat /run/secrets/db_password\n«a20»',
      ],
      negative: [
        '$ cat config/master.key\ncat: config/master.key: No such file or directory',
        '$ ls /run/secrets/\ndb_password  api_token',
      ],
    },
  },
  {
    id: 'secret-print-output',
    description:
      "A secret printed alone by a command that reveals one (PowerShell's GetNetworkCredential().Password, keyring get, secret-tool lookup, rclone reveal, gpp-decrypt, wg genkey)",
    family: 'commands',
    keywords: [
      'getnetworkcredential',
      'ptrtostring',
      'convertfrom-securestring',
      'keyring get',
      'secret-tool lookup',
      'rclone reveal',
      'gpp-decrypt',
      'wg genkey',
      'wg show',
    ],
    // Each prints the plain secret and nothing else: a PSCredential's password, a BSTR's text, a SecureString
    // made plain, the OS keyring's entry, rclone's un-obscured password, a Group Policy cpassword decrypted, a
    // new WireGuard private key or an interface's. A rule of its own, not more of `secret-read-output`'s
    // alternation, which each of that rule's hits tries in full.
    ...printedAlone(
      String.raw`(?:(?<=\.)GetNetworkCredential\(\)\.Password|(?<![\w-])PtrToString(?:Auto|BSTR|Uni)\(|(?<![\w-])ConvertFrom-SecureString(?=[^\r\n]{0,120}?-AsPlainText)|(?<![\w-])(?:keyring[ \t]get|secret-tool[ \t]lookup|rclone[ \t]reveal|gpp-decrypt)[ \t]|(?<![\w-])wg[ \t](?:genkey(?![\w-])|show[ \t][\w.-]{1,15}[ \t]private-key))`,
      'getnetworkcredential|ptrtostring|convertfrom-securestring|keyring get|secret-tool lookup|rclone reveal|gpp-decrypt|wg genkey|wg show',
      160,
      'i',
    ),
    examples: {
      positive: [
        'PS C:\\> $c.GetNetworkCredential().Password\n«a10»_«d2»\nPS C:\\>',
        'PS C:\\> [Runtime.InteropServices.Marshal]::PtrToStringAuto($bstr)\n«a8»+«a5»«d2»',
        'PS C:\\> $s | ConvertFrom-SecureString -AsPlainText\n«a12»!',
        '$ keyring get notifier smtp\n«a9»-«d2»',
        '$ secret-tool lookup service restic repository b2:backups\n«a8»-«a5»-«d2»\n$ ',
        '$ rclone reveal "$(awk \'/^pass/ {print $3}\' rclone.conf)"\n«a6»-«a8»-«d2»',
        'C:\\> gpp-decrypt %CPASSWORD%\n«a8»-«d2»',
        '$ wg genkey | tee private.key\n«a43»=',
        '# wg show wg0 private-key\n«a43»=',
      ],
      negative: [
        'PS C:\\> $c.GetNetworkCredential().Password\nPS C:\\>',
        '$ keyring get notifier smtp\n$ echo $?',
        '# wg show wg0 public-key\n«a43»=',
        'PS C:\\> $s | ConvertFrom-SecureString\n01000000d08c9ddf',
      ],
    },
  },
  {
    id: 'nmcli-secret-argument',
    description: "A Wi-Fi password, PSK or WireGuard key given to NetworkManager's nmcli on its command line",
    family: 'commands',
    keywords: ['nmcli'],
    // `nmcli device wifi connect <ssid> password <pw>` and `nmcli connection add|modify … <setting> <value>` for
    // the settings that hold secrets. Read after each word of the line up to the secret's name.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])nmcli${wordsToFlag(String.raw`(?:password|wifi-sec\.psk|802-11-wireless-security\.psk|802-1x\.password|802-1x\.private-key-password|wireguard\.private-key|wireguard\.peer\.preshared-key|vpn\.secrets\.password)`, 300)}[ \t]{1,4}(["']?)([^\s"']{4,200})\1(?![^\s;|&>)])`,
      ),
      'nmcli',
      300,
      /(?:password|psk|private-key|preshared-key)[ \t]/,
    ),
    secretGroup: 2,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'nmcli device wifi connect "Cafe Lindqvist" password \'«a4»!«a4»«d2»\'',
        "nmcli connection add type wifi con-name office ssid Corp wifi-sec.key-mgmt wpa-psk wifi-sec.psk '«a6».«d2»«a2»'",
        "nmcli connection modify wg-home wireguard.private-key '«a43»='",
      ],
      negative: [
        'nmcli device wifi connect "Cafe" --ask',
        'nmcli connection add type wifi ssid Corp wifi-sec.key-mgmt wpa-psk',
        'nmcli device wifi connect Cafe password "$WIFI_PASSWORD"',
      ],
    },
  },
  {
    id: 'registry-value-secret',
    description: 'A secret-named value in what reg query prints (DefaultPassword    REG_SZ    …)',
    family: 'commands',
    keywords: ['reg_sz'],
    // Windows' `reg query` prints a key's values one a line: the name, its type and its data, four spaces
    // between them. Winlogon's `DefaultPassword` (auto-logon) is the common leak; any name holding a
    // credential's word is read.
    regex: gated(
      /(?<=(?:^|\n)[ \t]{0,8}\w{0,40}(?:Password|Passwd|Pwd|Secret|Token|ApiKey|AccessKey)\w{0,20}[ \t]{2,8})REG_(?:SZ|EXPAND_SZ)[ \t]{2,8}([^\s"'\\][^\r\n"\\]{3,255}?)(?=[ \t]{0,8}(?:\r?\n|$))/i,
      'reg_sz',
      8,
      /[ \t]{2}/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\n    DefaultUserName    REG_SZ    kiosk\n    DefaultPassword    REG_SZ    «a8»_«d2»\n',
      ],
      negative: [
        '    DefaultUserName    REG_SZ    kiosk',
        '    DefaultPassword    REG_SZ    ',
        '    PasswordExpiryWarning    REG_DWORD    0xe',
      ],
    },
  },
  {
    id: 'bitwarden-session',
    description: "Bitwarden CLI's session key (BW_SESSION, --session), which unlocks the vault",
    family: 'commands',
    keywords: ['bw_session', '--session'],
    // `bw unlock` prints it in `export BW_SESSION="…"` and `--session …` for the user to copy: 64 bytes in
    // base64.
    regex:
      /(?:(?<![\w-])BW_SESSION[ \t]{0,4}[=:][ \t]{0,4}|(?<![\w-])--session[ \t=]{1,4})(["']?)([A-Za-z0-9+/]{60,120}={0,2})\1(?![A-Za-z0-9+/=])/i,
    secretGroup: 2,
    anchored: true,
    entropy: 3.5,
    examples: {
      positive: [
        '$ export BW_SESSION="«a86»=="',
        '> $env:BW_SESSION="«a86»=="',
        '$ bw list items --session «a86»==',
      ],
      negative: ['$ export BW_SESSION="$(bw unlock --raw)"', '$ bw list items --session $BW_SESSION'],
    },
  },
  {
    id: 'msi-log-property-value',
    description:
      "A secret-named property's value in a Windows Installer log (Adding SQLPASSWORD property. Its value is '…'.)",
    family: 'commands',
    keywords: ['property change:'],
    // msiexec's verbose log (`/l*v`) writes each property it sets with its value, unless the package names
    // it in MsiHiddenProperties: a password given on the command line comes back in the log.
    regex:
      /property[ \t]change:[ \t](?:adding|modifying)[ \t]\w{0,40}(?:password|passwd|pwd|secret|token|apikey|api_key)\w{0,40}[ \t]property\.[ \t]its[ \t](?:current[ \t]value[ \t]is[ \t]'[^'\r\n]{0,256}'\.[ \t]its[ \t]new[ \t]value:|value[ \t]is)[ \t]'([^'\r\n]{4,256})'/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, /^\*{4,}$/] },
    examples: {
      positive: [
        "MSI (s) (A4:6C) [10:12:44:312]: PROPERTY CHANGE: Adding SQLPASSWORD property. Its value is '«a4»!«a4»*«a2»'.",
        "MSI (c) (18:2C) [09:01:02:003]: PROPERTY CHANGE: Modifying SERVICE_PASSWORD property. Its current value is 'x'. Its new value: '«a14»'.",
      ],
      negative: [
        "MSI (s) (A4:6C) [10:12:44:312]: PROPERTY CHANGE: Adding SQLPASSWORD property. Its value is '**********'.",
        "MSI (s) (A4:6C) [10:12:44:312]: PROPERTY CHANGE: Adding INSTALLDIR property. Its value is 'C:\\Program Files\\Agent\\'.",
      ],
    },
  },
  {
    id: 'cli-config-secret',
    description:
      "A secret a tool's config command stores (aws configure set …_key <value>, poetry config pypi-token.<repo> <value>)",
    family: 'commands',
    keywords: ['config set', 'configure set', 'poetry config', 'composer config'],
    // `<tool> config set <name> <value>` (aws, npm, yarn, pnpm, pip, git, ...), the name holding a secret's
    // word; Poetry's and Composer's tokens and HTTP basic passwords by their setting's prefix.
    regex:
      /(?:(?:configure|config)[ \t]{1,4}set[ \t]{1,4}(?:--?[\w-]{1,30}(?:=[^\s=]{1,60})?[ \t]{1,4}){0,3}[\w./:@-]{0,60}?(?:token|secret|password|passwd|_key|access_?key|api_?key|auth)[\w.-]{0,20}|(?:poetry|composer)[ \t]{1,4}config[ \t]{1,4}(?:--[\w-]{1,30}[ \t]{1,4}){0,3}(?:(?:pypi-token|github-oauth|gitlab-token|gitlab-oauth|bitbucket-oauth|bearer)\.[\w.-]{1,100}|http-basic\.[\w.-]{1,100}[ \t]{1,4}[^\s"']{1,100}))[ \t]{1,4}["']?([^\s"'$`-][^\s"'`]{5,255})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'aws configure set aws_secret_access_key «a40» --profile prod',
        'npm config set //registry.npmjs.org/:_authToken «a36»',
        'yarn config set npmAuthToken «a36»',
        'poetry config pypi-token.pypi «a40»',
        'composer config --global github-oauth.github.com «a40»',
        'poetry config http-basic.internal deploy «a20»',
      ],
      negative: [
        'aws configure set region eu-west-1',
        'git config set user.signingkey ABCD1234EF567890',
        'npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}',
        'aws configure set aws_secret_access_key $AWS_SECRET_ACCESS_KEY',
      ],
    },
  },
  {
    id: 'secret-store-value',
    description:
      "A value written out to a secret store's CLI (gh secret set --body, az keyvault secret set --value, doctl auth init -t)",
    family: 'commands',
    keywords: [
      'gh secret set',
      'keyvault secret set',
      'secretsmanager',
      'ssm put-parameter',
      'doctl auth init',
    ],
    // The words before the flag are read up to its first occurrence, as for the login commands.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w-])(?:gh[ \t]{1,4}secret[ \t]{1,4}set|keyvault[ \t]{1,4}secret[ \t]{1,4}set|secretsmanager[ \t]{1,4}(?:create-secret|put-secret-value|update-secret)|ssm[ \t]{1,4}put-parameter|doctl[ \t]{1,4}auth[ \t]{1,4}init)${wordsToFlag(SECRET_SET_FLAG, 300, String.raw`${SECRET_SET_FLAG}[ \t=]`)}[ \t=]{1,3}["']?([^\s"'$${'`'}{[-][^\s"'${'`'}]{5,255})`,
      ),
      'gh secret set|keyvault secret set|secretsmanager|ssm put-parameter|doctl auth init',
      300,
      /[ \t]-(?:-body|b|-value|-secret-string|t)[ \t=]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'gh secret set NPM_TOKEN --body "«a36»"',
        'gh secret set DEPLOY_KEY -b «a24» --repo acme/app',
        'az keyvault secret set --vault-name kv --name db-password --value "«a20»"',
        'aws ssm put-parameter --name /prod/db/password --type SecureString --value «a20»',
        'aws secretsmanager put-secret-value --secret-id prod/api --secret-string «a32»',
        'doctl auth init -t «a64»',
      ],
      negative: [
        'gh secret set NPM_TOKEN --body "$NPM_TOKEN"',
        'gh secret set NPM_TOKEN < token.txt',
        'aws secretsmanager create-secret --name prod/db --secret-string file://creds.json',
        'az keyvault secret set --vault-name kv --name db-password --file pw.txt',
      ],
    },
  },
  {
    id: 'kubectl-secret-literal',
    description:
      "A value written into a Kubernetes Secret on kubectl's command line (create secret … --from-literal=key=…)",
    family: 'commands',
    keywords: ['create secret'],
    // Every literal of a Secret is secret, whatever its key is named (`api-key`, `app-key`, `dsn`); a
    // ConfigMap's are not, so each flag must be on the line that creates a secret: read behind the flag, only
    // where one stands in a window after `create secret` (a look-behind tried at every flag in the text read
    // hundreds of characters back from each: 1 MB of the flag repeated took 1.35 s).
    regex:
      /--from-literal(?<=create[ \t]{1,4}secret[ \t][^\n]{1,600}?)[ \t=]{1,3}["']?[\w.-]{1,100}=["']?([^\s"'`$][^\s"'`]{3,255})/,
    secretGroup: 1,
    window: { before: 0, after: 1024 },
    entropy: 2,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        'kubectl -n datadog create secret generic datadog-secret --from-literal api-key=«h32» --from-literal app-key=«h40»',
        "oc create secret generic smtp --from-literal=password='«a16»'",
      ],
      negative: [
        'kubectl create configmap app --from-literal=LOG_LEVEL=debug --from-literal=region=eu-west-1',
        'kubectl create secret generic db --from-literal=password="$DB_PASSWORD"',
      ],
    },
  },
  {
    id: 'terraform-console-output',
    description:
      "A sensitive value Terraform's console prints when asked for it (> nonsensitive(…) and the value)",
    family: 'commands',
    keywords: ['nonsensitive('],
    // `terraform console` answers an expression on the next line; `nonsensitive()` is how one gets a value
    // that Terraform otherwise shows as `(sensitive value)`, and it refuses a value that is not sensitive.
    regex:
      /nonsensitive\((?:[^\n()]|\([^\n()]{0,100}\)){1,300}\)[ \t]{0,4}\r?\n[ \t]{0,4}"([^"\r\n]{6,1024})"/,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    examples: {
      positive: ['> nonsensitive(random_password.redis.result)\n"«a32»"\n>'],
      negative: ['> nonsensitive(var.region)\n╷\n│ Error: Invalid function argument'],
    },
  },
];
