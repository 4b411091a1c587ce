/**
 * @module rules/private-keys
 * Private key material: PEM blocks of every private type (PKCS#1/#8, EC, DSA, encrypted), OpenSSH, PGP
 * private key blocks, SSH2 (Tectia) keys, PuTTY .ppk files, age identities, and raw secp256k1 keys next to a
 * key name. A block needs a real base64 body, so `-----BEGIN PRIVATE KEY-----\n...\n` templates pass; a
 * block cut short (no END line) is still masked from its BEGIN line.
 */
import { gated } from './assignments.js';
import { base64Start, PLACEHOLDERS } from './shapes.js';
import type { SecretRule } from './types.js';

/** Line break as it appears raw or JSON-escaped. */
const NL = '(?:\\r?\\n|\\\\r\\\\n|\\\\n)';
/** Armor headers such as `Proc-Type: 4,ENCRYPTED` and `DEK-Info: AES-128-CBC,…`. */
const HEADERS = `(?:[A-Za-z][A-Za-z-]{1,30}: [^\\r\\n\\\\]{1,200}${NL}){0,6}`;
const BODY = '[A-Za-z0-9+/=\\s\\\\]{64,65536}';

function pem(type: string, end: string): RegExp {
  return new RegExp(`-----BEGIN ${type}-----\\s{0,2}${HEADERS}${BODY}(?:-----END ${end}-----)?`);
}

/**
 * A block's BEGIN line is its keyword; the block runs on past the window's end, and the scan widens the window
 * until it holds the block. With room for the longest block instead (70,000), every hit searched 70 KB for
 * another block: 0.7 ms of the rule's ~3 on W1's 182 keys.
 */
const PEM_WINDOW = { before: 48, after: 1024 } as const;

/** The private PEM types, as their BEGIN lines name them. */
const PRIVATE_TYPES = [
  'PRIVATE KEY',
  'RSA PRIVATE KEY',
  'EC PRIVATE KEY',
  'DSA PRIVATE KEY',
  'DH PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'OPENSSH PRIVATE KEY',
  'PGP PRIVATE KEY BLOCK',
];

/** A public member of a JWK (`x`, `y`, `n`), fixed so that the examples tell it from the private ones. */
const PUBLIC_PART = 'q3Lm8ZpR2vX7tN0wB5yK9cJ4hF6gD1sA-eU_oI3rT8n';

/** `-----BEGIN ` in base64; every base64 PEM block starts with it, whatever its type. */
const BASE64_BEGIN = base64Start('-----BEGIN ');

export const rules: readonly SecretRule[] = [
  {
    id: 'private-key',
    description: 'PEM private key (PKCS#8, RSA, EC, DSA, DH or encrypted)',
    family: 'private-keys',
    keywords: ['private key-----'],
    regex: pem(
      '(?:(?:RSA|DSA|EC|DH|ENCRYPTED) )?PRIVATE KEY',
      '(?:(?:RSA|DSA|EC|DH|ENCRYPTED) )?PRIVATE KEY',
    ),
    window: PEM_WINDOW,
    examples: {
      positive: [
        '-----BEGIN RSA PRIVATE KEY-----\n«a64»\n«a64»\n«a20»==\n-----END RSA PRIVATE KEY-----',
        '{"private_key": "-----BEGIN PRIVATE KEY-----\\n«a64»\\n«a64»\\n-----END PRIVATE KEY-----\\n"}',
        '-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,«H32»\n\n«a64»\n«a64»\n-----END EC PRIVATE KEY-----',
      ],
      negative: [
        '"private_key":"-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"',
        '-----BEGIN PUBLIC KEY-----\n«a64»\n«a64»\n-----END PUBLIC KEY-----',
      ],
    },
  },
  {
    id: 'private-key-base64',
    description:
      'A PEM private key block, base64-encoded whole (kubeconfig client-key-data, a Secret tls.key, Helm values)',
    family: 'private-keys',
    keywords: [BASE64_BEGIN.toLowerCase()],
    // Kubernetes and Helm carry PEM files as one base64 line. Its first characters spell the BEGIN line, so
    // the type is read without decoding; a certificate or public key (`client-certificate-data`) starts
    // otherwise. At least 64 characters of key after the BEGIN line: the base64 of a `...` template has 44.
    regex: new RegExp(
      `${BASE64_BEGIN}(?:${PRIVATE_TYPES.map((type) => base64Start(`-----BEGIN ${type}-----`).slice(BASE64_BEGIN.length)).join('|')})[A-Za-z0-9+/]{64,90000}={0,2}`,
    ),
    window: { before: 16, after: 90100 },
    examples: {
      positive: [
        `users:\n- name: ada\n  user:\n    client-key-data: ${base64Start('-----BEGIN RSA PRIVATE KEY-----\n')}«a64»«a64»«a40»==`,
        `tls.key: ${base64Start('-----BEGIN PRIVATE KEY-----\n')}«a64»«a64»`,
        `{"key": "${base64Start('-----BEGIN OPENSSH PRIVATE KEY-----\n')}«a64»«a64»="}`,
      ],
      negative: [
        `client-certificate-data: ${base64Start('-----BEGIN CERTIFICATE-----\n')}«a64»«a64»`,
        `key: ${base64Start('-----BEGIN PUBLIC KEY-----\n')}«a64»«a64»`,
        // "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n", a template.
        'client-key-data: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCi4uLgotLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tCg==',
      ],
    },
  },
  {
    id: 'private-key-der-base64',
    description: 'A private key as bare base64 DER, without its PEM lines (PKCS#1, PKCS#8, SEC1 EC, PKCS#12)',
    family: 'private-keys',
    keywords: ['mii', 'agea', 'ageb', 'caqa', 'caqe', 'gcsqgsib3dqefdt'],
    // Every private key structure opens with a SEQUENCE whose first member is its version, an INTEGER (0, 1 or
    // 3); a public key, a certificate or a signed message opens with another SEQUENCE or an OID instead. That
    // INTEGER shows in the first eight base64 characters, by the length of the SEQUENCE's header:
    // `MII??[AQgw]IBA` (two length bytes: RSA, DSA, PKCS#12), `MI[GH]?AgE` (one: P-384, P-521) and
    // `M??CAQ` (short: P-256 `MHcCAQEE`, Ed25519 `MC4CAQAw`). What follows the version is fixed too: an
    // INTEGER in PKCS#1 (`A`), a SEQUENCE in PKCS#8 and PKCS#12 (`D`, `T`, `z`). An encrypted PKCS#8 key
    // opens with its cipher's SEQUENCE instead, whose OID (PBES2, OpenSSL's default) is matched whole.
    regex:
      /(?<![A-Za-z0-9+/])M(?:II[A-Za-z0-9+/]{2}(?:[AQgw]IBA[ADTz]|[DTjz][A-Za-z0-9+/]{2}BgkqhkiG9w0BBQ0)[A-Za-z0-9+/]{100,65536}|I[GH][A-Za-z0-9+/](?:AgE[AB]|M[A-Za-z0-9+/]{2}GCSqGSIb3DQEFDT)[A-Za-z0-9+/]{60,400}|[A-Za-z0-9+/][AEIMQUYcgkosw048]CAQ[AE][A-Za-z0-9+/]{40,400})={0,2}/,
    // Wide enough for the shortest key; a longer one runs into the window's end, and the scan widens it.
    window: { before: 12, after: 160 },
    examples: {
      positive: [
        'MIIBOgIBAAJBA«a100»«a100»«a100»«a100»«a60»==',
        '{"private_key": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC«a100»«a100»«a100»«a100»«a100»«a100»="}',
        'SIGNING_KEY=MHcCAQEEI«a100»«a50»',
        'ed25519: MC4CAQAwBQYDK2VwBCIEI«a43»',
        'key: MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDC«a100»«a100»',
        'cert.p12: MIIKYQIBAzCCCicGCSqGSIb3DQEHAaCC«a100»«a100»«a100»«a100»',
        'MIIFLTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQI«a100»«a100»«a100»',
        'MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAj«a100»«a100»',
      ],
      negative: [
        // A public key, a certificate: a SEQUENCE first.
        'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«a100»«a100»«a100»',
        'MIIDdzCCAl+gAwIBAgIJAK«a100»«a100»«a100»',
        'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«a100»',
        'MCowBQYDK2VwAyEA«a43»',
        // Cut to a template, and the same prefix in the middle of other base64.
        'private_key: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...',
        'data: «a40»MIIEpAIBAAKCAQEA«a100»«a100»',
      ],
    },
  },
  {
    id: 'jwk-private-key',
    description:
      'The private members of a JSON Web Key (d, p, q, dp, dq, qi of RSA and EC keys, k of a symmetric key)',
    family: 'private-keys',
    keywords: ['kty'],
    // A JWKS endpoint or a key file holds them beside `"kty"`, before or after it; a public key has only n, e,
    // x and y. Quotes may be escaped (a JWK in a JSON string).
    regex: /\\?"(?:d|p|q|dp|dq|qi|k)\\?"[ \t]{0,4}:[ \t]{0,4}\\?"([A-Za-z0-9_-]{16,2048})\\?"/,
    secretGroup: 1,
    entropy: 3.5,
    window: { before: 8192, after: 8192 },
    examples: {
      positive: [
        `{"kty":"EC","crv":"P-256","x":"${PUBLIC_PART}","y":"${PUBLIC_PART}","d":"«w43»"}`,
        `{"kty": "RSA", "n": "${PUBLIC_PART}${PUBLIC_PART}", "e": "AQAB", "d": "«w86»", "p": "«w43»", "q": "«w43»", "dp": "«w43»", "dq": "«w43»", "qi": "«w43»"}`,
        '{"keys": [{"k": "«w43»", "kty": "oct", "alg": "HS256"}]}',
        `"{\\"kty\\":\\"OKP\\",\\"crv\\":\\"Ed25519\\",\\"x\\":\\"${PUBLIC_PART}\\",\\"d\\":\\"«w43»\\"}"`,
      ],
      negative: [
        `{"kty":"EC","crv":"P-256","x":"${PUBLIC_PART}","y":"${PUBLIC_PART}","use":"sig","kid":"k1"}`,
        `{"kty":"RSA","n":"${PUBLIC_PART}${PUBLIC_PART}","e":"AQAB","alg":"RS256"}`,
      ],
    },
  },
  {
    id: 'openssh-private-key',
    description: 'OpenSSH private key (-----BEGIN OPENSSH PRIVATE KEY-----)',
    family: 'private-keys',
    keywords: ['openssh private key'],
    regex: pem('OPENSSH PRIVATE KEY', 'OPENSSH PRIVATE KEY'),
    window: PEM_WINDOW,
    examples: {
      positive: [
        '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA«a50»\n«a70»\n-----END OPENSSH PRIVATE KEY-----',
      ],
      negative: [
        'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«a43» deploy@ci',
        '-----BEGIN OPENSSH PRIVATE KEY-----\n...',
      ],
    },
  },
  {
    id: 'openvpn-static-key',
    description:
      'An OpenVPN static key (tls-auth, tls-crypt, --secret) or tls-crypt-v2 key, inline in a .ovpn or in its own file',
    family: 'private-keys',
    keywords: ['openvpn static key', 'openvpn tls-crypt-v2'],
    // A shared HMAC and cipher key, 2048 bits as 16 lines of hex: whoever holds it passes the server's first
    // check. Its BEGIN line is no private-key type, so the PEM rule leaves it.
    regex: pem(
      'OpenVPN (?:Static key V1|tls-crypt-v2 (?:client|server) key)',
      'OpenVPN (?:Static key V1|tls-crypt-v2 (?:client|server) key)',
    ),
    window: PEM_WINDOW,
    examples: {
      positive: [
        '<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n«h32»\n«h32»\n«h32»\n«h32»\n-----END OpenVPN Static key V1-----\n</tls-auth>',
        '-----BEGIN OpenVPN tls-crypt-v2 client key-----\n«a64»\n«a64»\n-----END OpenVPN tls-crypt-v2 client key-----',
      ],
      negative: [
        '<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n...\n-----END OpenVPN Static key V1-----',
      ],
    },
  },
  {
    id: 'openvpn-static-key-base64',
    description:
      "An OpenVPN static key base64-encoded whole, as pfSense's config.xml stores it (<tls>IwojIDIwNDgg…)",
    family: 'private-keys',
    keywords: ['iwojidiwndggyml0ie9wzw5wue4gc3rhdgljigtleq'],
    // openvpn --genkey's file opens with `#\n# 2048 bit OpenVPN static key`: its base64 is the same
    // characters every time.
    regex: /IwojIDIwNDggYml0IE9wZW5WUE4gc3RhdGljIGtleQ[A-Za-z0-9+/]{100,4000}={0,2}/,
    entropy: 3,
    examples: {
      positive: ['\t\t\t<tls>IwojIDIwNDggYml0IE9wZW5WUE4gc3RhdGljIGtleQoj«a400»</tls>'],
      negative: ['<tls>IwojIDIwNDggYml0IE9wZW5WUE4gc3RhdGljIGtleQ</tls>'],
    },
  },
  {
    id: 'pgp-private-key-block',
    description: 'OpenPGP private key block (-----BEGIN PGP PRIVATE KEY BLOCK-----)',
    family: 'private-keys',
    keywords: ['pgp private key block'],
    regex: pem('PGP PRIVATE KEY BLOCK', 'PGP PRIVATE KEY BLOCK'),
    window: PEM_WINDOW,
    examples: {
      positive: [
        '-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQOYBF«a60»\n«a64»\n=«a4»\n-----END PGP PRIVATE KEY BLOCK-----',
      ],
      negative: [
        '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBF«a60»\n«a64»\n-----END PGP PUBLIC KEY BLOCK-----',
      ],
    },
  },
  {
    id: 'ssh2-private-key',
    description: 'SSH2 (RFC 4716 style, Tectia) encrypted private key',
    family: 'private-keys',
    keywords: ['begin ssh2 encrypted private key'],
    regex: new RegExp(
      `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\\s{0,2}${HEADERS}${BODY}(?:---- END SSH2 ENCRYPTED PRIVATE KEY ----)?`,
    ),
    window: PEM_WINDOW,
    examples: {
      positive: [
        '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "k"\nP2/56wAAA«a64»\n«a64»\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
      ],
      negative: ['---- BEGIN SSH2 PUBLIC KEY ----\nAAAAB3NzaC1yc2E«a64»\n---- END SSH2 PUBLIC KEY ----'],
    },
  },
  {
    id: 'putty-private-key',
    description: 'PuTTY private key file (.ppk, versions 2 and 3): the Private-Lines and Private-MAC',
    family: 'private-keys',
    keywords: ['putty-user-key-file-'],
    regex:
      /PuTTY-User-Key-File-[23]: [\w@.-]{1,60}\r?\n(?:[A-Za-z-]{1,40}: [^\r\n]{0,200}\r?\n|[A-Za-z0-9+/=]{1,200}\r?\n){0,80}?Private-Lines: \d{1,3}\r?\n[A-Za-z0-9+/=\r\n]{40,20000}(?:Private-MAC: [0-9a-f]{40,64})?/,
    window: { before: 16, after: 30000 },
    examples: {
      positive: [
        'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: k\nPublic-Lines: 2\n«a64»\n«a16»\nPrivate-Lines: 1\n«a44»\nPrivate-MAC: «h64»',
      ],
      negative: [
        'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none',
        'Save the key as a PuTTY-User-Key-File-2 (.ppk)',
      ],
    },
  },
  {
    id: 'age-secret-key',
    description: 'age encryption identity (AGE-SECRET-KEY-1 + 58 bech32 characters)',
    family: 'private-keys',
    keywords: ['age-secret-key-1'],
    regex: /(?<![A-Z0-9-])(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Z0-9])/,
    secretGroup: 1,
    // No entropy floor: 58 characters of bech32 after this prefix are a key, even one of repeated zeros
    // (`q`, gitleaks' own test key); the filler docs write is `X`.
    allowlist: { stopwords: PLACEHOLDERS },
    examples: {
      positive: ['# created: 2024-01-01\nAGE-SECRET-KEY-1«B58»', `AGE-SECRET-KEY-1${'Q'.repeat(58)}`],
      negative: [
        'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
        'AGE-SECRET-KEY-1...',
        `AGE-SECRET-KEY-1${'X'.repeat(58)}`,
      ],
    },
  },
  {
    id: 'secp256k1-private-key',
    description: 'Raw secp256k1 / Ethereum private key (64 hex) next to a private-key name',
    family: 'private-keys',
    keywords: [
      'private_key',
      'privatekey',
      'private-key',
      'private key',
      'privkey',
      'priv_key',
      'wallet_key',
      'eth_key',
    ],
    // Gated on the operator's first character, the `i` of `is` among them: 1 MB of `eth_key` repeated walked the
    // name's tail at every hit (57% of its 44 ms).
    regex: gated(
      /(?:private[_ -]?key|privkey|priv_key|wallet_key|eth_key)[\w.-]{0,20}?[\s'"`]{0,3}(?:=>|:=|[=:,]|\bis\b)[\s'"`]{0,5}(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])/i,
      'private[_ -]?key|privkey|priv_key|wallet_key|eth_key',
      20 + 3 + 2,
      '=:,iI',
    ),
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'PRIVATE_KEY=0x«h64»',
        'wallet_key: "«H64»"',
        'the eth_key is «h64»',
        'PRIVATE KEY IS «H64»',
      ],
      negative: ['tx hash 0x«h64»', 'sha256: «h64»'],
    },
  },
  {
    id: 'mixed-case-hex-key',
    description: 'A 256-bit key written as 0x and 64 hex digits in both cases, with no name next to it',
    family: 'private-keys',
    keywords: ['0x'],
    // Digests and transaction hashes are printed in one case: of 3,916 runs of 64 hex digits in 33,708 local
    // files (packages, docs, /etc), none mixed them. A key pasted from a wallet or a generator may
    // (`0xc8f12fb8…4b5A5ff4…`). EIP-55 mixes the cases of addresses, which are 40 digits.
    regex:
      /(?<![0-9A-Za-z])0x(?=[0-9a-fA-F]{0,63}[a-f])(?=[0-9a-fA-F]{0,63}[A-F])([0-9a-fA-F]{64})(?![0-9A-Za-z])/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: [
        'Oops accidentally forgot this here 0xc8f12fb8b20008e14b5A5ff4bad15af9b545d98144da8707892dcc2a2014ba58!',
      ],
      negative: [
        'tx hash 0x«h64»',
        'block 0x«H64»',
        'to: 0x52908400098527886E0F7030069857D2E4169EE7',
        '0x«h32»«H32»abc',
      ],
    },
  },
];
