/**
 * @module rules/commands
 * Credentials on a command line: `curl -u user:password` (and an API key as the user), a secret after its
 * flag (`--password <value>`), the password of a login command (`docker login -u … -p …`, `sshpass -p`) and
 * one PowerShell turns into a secure string.
 * Database clients' flags are in `databases`.
 */
import { gated } from './assignments.js';
import { NOT_VALUES } from './generic.js';
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
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
      /(?:-u|--user)[\s=]{1,3}["']?([^\s:"'$[\]]{8,128}):(?=["'\s]|$)/,
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
      negative: ['curl -u elastic: https://localhost:9200', 'curl -u "$API_KEY:" https://api.example.com'],
    },
  },
  {
    id: 'cli-secret-flag',
    description:
      'A secret on a command line after its flag and a space (--password <value>, --token <value>)',
    family: 'commands',
    keywords: [
      '--pass',
      '--token',
      '--api-key',
      '--apikey',
      '--secret',
      '--client-secret',
      '--access-token',
      '--auth-token',
      '--passphrase',
    ],
    // With `=` (`--password=…`) the assignment rule finds it; here the flag's value is its next word, which
    // is no flag (`--token --verbose` gives none).
    regex:
      /--(?:password|passwd|pass|passphrase|token|api-key|apikey|secret|secret-key|secret-access-key|client-secret|access-token|auth-token)[ \t]{1,3}["']?([^\s'"`-][^\s'"`]{7,255})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    // Help texts name the value in capitals (`--token TOKEN`, `--client-secret CLIENT_SECRET`).
    allowlist: { regexes: [...NOT_VALUES, /^[A-Z][A-Z_-]*$/] },
    examples: {
      positive: [
        'docker login --username ci --password «a16» registry.internal',
        "vault login --token '«w24»'",
        'deploy-tool push --api-key «a32» --region eu',
        's3cmd --access_key=AK --secret-key «a40» ls',
        'gpg --batch --passphrase «a16» -d backup.gpg',
      ],
      negative: [
        '  -p, --password string   Password',
        '      --client-secret CLIENT_SECRET   the OAuth client secret',
        'echo "$PW" | docker login --password-stdin',
        'tool --token "$(cat token.txt)"',
      ],
    },
  },
  {
    id: 'cli-login-password',
    description:
      'A password after -p on a login command line (docker/podman/oc/cf/az login -u <user> -p <password>, sshpass -p)',
    family: 'commands',
    keywords: [
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
    ],
    // `-p` takes the next word here (`mysql -p<password>` is mysql-password-flag's, `--password <value>`
    // cli-secret-flag's). The words before it are read up to the line's first ` -p` and no further, so an
    // attempt tries one; the gate skips a hit with no ` -p` within reach (1 MB of `docker login` repeated).
    regex: gated(
      /(?<![\w-])(?:(?:docker|podman|buildah|skopeo|nerdctl|oras|oc|cf|az) login|sshpass)(?:[^\n \t]|[ \t](?!-p[ \t=])){0,200}[ \t]-p[ \t=]?["']?([^\s'"`-][^\s'"`]{5,255})/,
      'docker login|podman login|buildah login|skopeo login|nerdctl login|oras login|oc login|cf login|az login|sshpass',
      200,
      /[ \t]-p/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    // CI scripts pass a variable (`-p $CI_REGISTRY_PASSWORD`), which is no value.
    allowlist: { regexes: [...NOT_VALUES, /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/] },
    examples: {
      positive: [
        'docker login -u ci -p «a20» registry.example.test',
        "podman login quay.io -u robot+deploy -p '«w32»'",
        'oc login https://api.cluster.test:6443 -u developer -p «a16»',
        "sshpass -p '«a14»' ssh deploy@10.0.0.5",
        'sshpass -p«a12» scp build.tgz host:',
      ],
      negative: [
        'docker login -u ci -p $REGISTRY_PASSWORD registry.example.test',
        'docker login -u "$CI_REGISTRY_USER" -p "${CI_REGISTRY_PASSWORD}" "$CI_REGISTRY"',
        'echo "$PW" | docker login -u ci --password-stdin',
        'docker login -u ci registry.example.test -p',
        'sshpass -f ~/.pw ssh host -p 2222',
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
];
