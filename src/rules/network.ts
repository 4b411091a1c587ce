/**
 * @module rules/network
 * Credentials in network devices' configurations and in home automation: Cisco's type 7 passwords and the
 * keys its directives take in clear (`crypto isakmp key`, `pre-shared-key`, `key-string`, a RADIUS or TACACS+
 * server's `key`, SNMP communities and v3 passphrases), Juniper's reversible `$9$` secrets, EdgeOS'
 * `plaintext-password`, the passphrases net-snmp's tools take, OpenWrt's Wi-Fi keys, Tasmota's passwords, and
 * the keys of a Zigbee or Z-Wave network and of ESPHome's API, and a Wi-Fi key Windows shows (`netsh wlan show
 * profile … key=clear`). Pasted running-configs, `show run` output and a controller's backup carry them.
 */
import { NOT_VALUES } from './generic.js';
import { SHELL_VARIABLE } from './shapes.js';
import type { SecretRule } from './types.js';

/**
 * A directive's value: Cisco's type before it when there is one (`0` in clear, `6` and `7` encrypted),
 * Juniper's `ascii-text`, then one word, maybe quoted, that is no type (a mask in the quotes leaves
 * `ascii-text` before it) and opens no bracket (a manual's `authentication-key (Protocols BGP)`,
 * `<key-string>`).
 */
const DIRECTIVE_VALUE = String.raw`[ \t]{1,4}(?:(?:[0-9]|ascii-text|ascii|hex)[ \t]{1,4})?["']?(?!(?:ascii-text|ascii|hex)[ \t])([^\s"'\\(<[{][^\s"'\\]{3,127})`;

/**
 * What a device's configuration shows where no value is: defaults, what `show run` prints instead, and a
 * word of prose after a directive's name (`the pre-shared-key authentication method`).
 */
const NOT_DEVICE_VALUES = [
  ...NOT_VALUES,
  SHELL_VARIABLE,
  /^(?:public|private|<removed>|\*+|encrypted)$/i,
  /^[a-z]{1,30}[.,:;]?$/,
];

/** Directives whose next word is a key, as Cisco IOS, ASA, NX-OS, the wireless controller and EdgeOS write them. */
const DIRECTIVES = [
  // IKE pre-shared keys: `crypto isakmp key <psk> address …`, a keyring's `pre-shared-key address … key <psk>`,
  // IKEv2 profiles' `pre-shared-key local|remote <psk>`, the ASA's `ikev1 pre-shared-key <psk>`.
  String.raw`isakmp[ \t]key`,
  String.raw`pre-shared-key(?:[ \t]address[ \t][\d.:]{3,39}(?:[ \t][\d.]{7,15})?[ \t]key|[ \t](?:local|remote))?`,
  // Routing protocols' and key chains' keys, NTP's, NHRP's.
  'key-string',
  String.raw`message-digest-key[ \t]\d{1,3}[ \t]md5`,
  String.raw`authentication-key(?:[ \t]\d{1,10}[ \t]md5)?`,
  String.raw`nhrp[ \t]authentication`,
  // AAA servers' shared secrets, on the server's line or as the key of them all.
  String.raw`(?:tacacs|radius)-server[ \t](?:host[ \t][^\r\n]{1,200}?[ \t])?key`,
  String.raw`radius[ \t]auth[ \t]add[ \t]\d{1,3}[ \t][\d.]{7,15}[ \t]\d{1,5}[ \t](?:ascii|hex)`,
  // SNMP: a community, a v3 user's authentication and privacy passphrases.
  String.raw`snmp(?:-server)?[ \t]community`,
  String.raw`v3[ \t]auth[ \t](?:md5|sha\d{0,3})`,
  String.raw`priv[ \t](?:3?des|aes(?:[ \t]\d{3})?)`,
  // Logins: `enable password`, `username <name> privilege N password|secret` or with the type after it
  // (prose says `username and password for …`), EdgeOS' plaintext-password, the wireless controller's WLAN key.
  String.raw`enable[ \t](?:password|secret)`,
  String.raw`username[ \t][^\s]{1,64}(?:[ \t]privilege[ \t]\d{1,2}[ \t](?:password|secret)|[ \t](?:password|secret)(?=[ \t]{1,4}\d[ \t]))`,
  'plaintext-password',
  String.raw`psk[ \t]set-key`,
];

export const rules: readonly SecretRule[] = [
  {
    id: 'cisco-type7-password',
    description: "A Cisco type 7 password or key (password 7 <hex>): an encoding anyone's script reverses",
    family: 'network',
    keywords: ['password 7 ', 'key 7 ', 'key-string 7 ', 'secret 7 '],
    // Two decimal digits (the offset into Cisco's fixed key, 00-15), then the password's bytes in hex.
    regex:
      /(?:password|key|key-string|secret)[ \t]7[ \t]{1,4}((?:0\d|1[0-5])(?:[0-9A-Fa-f]{2}){2,120})(?![0-9A-Za-z])/,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: [
        'line con 0\n password 7 0«d1»«H20»\n login',
        ' tacacs-server key 7 0«d1»«H24»',
        '    R1(config-keychain-key)#key-string 7 0«d1»«H18»',
      ],
      negative: ['service password-encryption\n password 7 <removed>', 'use key 7 of the chain'],
    },
  },
  {
    id: 'network-device-secret',
    description:
      'A key or password after its directive in a network device configuration (crypto isakmp key, pre-shared-key, key-string, tacacs-server key, snmp-server community)',
    family: 'network',
    keywords: [
      'isakmp key',
      'pre-shared-key',
      'key-string',
      'message-digest-key',
      'authentication-key',
      'nhrp authentication',
      'tacacs-server',
      'radius-server',
      'radius auth add',
      'snmp-server community',
      'snmp community',
      'v3 auth',
      'priv des',
      'priv 3des',
      'priv aes',
      'enable password',
      'enable secret',
      'username',
      'plaintext-password',
      'psk set-key',
    ],
    regex: new RegExp(`(?:${DIRECTIVES.join('|')})${DIRECTIVE_VALUE}`, 'i'),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: NOT_DEVICE_VALUES },
    examples: {
      positive: [
        'crypto isakmp key «a20» address 203.0.113.7',
        ' pre-shared-key address 0.0.0.0 0.0.0.0 key «a12»#«a8»',
        '  pre-shared-key local «a27».',
        ' ikev2 remote-authentication pre-shared-key «a24»',
        'core-sw01(config-keychain-key)#  key-string «a16»',
        'core-sw01(config-if)# ip ospf message-digest-key 1 md5 «a12»',
        'core-sw01(config)#ntp authentication-key 1 md5 «a20»',
        ' ip nhrp authentication «a8»',
        'radius-server host 10.50.1.30 auth-port 1812 acct-port 1813 key «a16»',
        'tacacs-server key 0 «a14»',
        'snmp-server community «a13» RO 10',
        'set snmp community «a12» authorization read-only',
        'snmp-server user nms NMS-RO v3 auth sha «a16»! priv aes 128 «a12»-«a5»',
        '(Cisco Controller) >config wlan security wpa akm psk set-key ascii «a12»%«a11» 3',
        '(Cisco Controller) >config radius auth add 2 10.50.1.31 1812 ascii «a20»',
        "ubnt@edgerouter# set system login user ubnt authentication plaintext-password '«a16»'",
        'username admin privilege 15 password 0 «a14»',
        'set security ike policy p1 pre-shared-key ascii-text "«a12»"',
      ],
      negative: [
        'snmp-server community public RO',
        'snmp-server community <removed> RO',
        'username admin privilege 15 secret <removed>',
        'The pre-shared-key must match on both peers.',
        'When logged into a registry that uses username and password authentication this will clear them.',
        'Set the enable password afterwards.',
        'set system login user ubnt authentication plaintext-password $EDGE_PASSWORD',
      ],
    },
  },
  {
    id: 'juniper-9-secret',
    description: 'A Juniper $9$ secret (Junos\' reversible encoding of a password or key: "$9$…")',
    family: 'network',
    keywords: ['$9$'],
    // Junos shows a shared secret so in `show configuration`; the encoding is public and reversed by a few
    // lines of code. Cisco's type 9 hash starts the same and goes on with a `$` (see password-hashes).
    regex: /\$9\$([A-Za-z0-9./-]{8,1024})(?![\w$./-])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'set system radius-server 10.50.1.30 secret "$9$«a40»"',
        '    pre-shared-key ascii-text "$9$«a30».«a20»-«a12»"; ## SECRET-DATA',
      ],
      negative: ['secret "$9$"', 'username x secret 9 $9$«a14»$«a43»'],
    },
  },
  {
    id: 'snmp-v3-passphrase',
    description: "An SNMPv3 passphrase on net-snmp's command line (-A auth, -X privacy) or a createUser line",
    family: 'network',
    keywords: [
      'snmpget',
      'snmpwalk',
      'snmpbulkwalk',
      'snmpbulkget',
      'snmpset',
      'snmptable',
      'snmptrap',
      'snmpusm',
      'snmpvacm',
      'net-snmp-create-v3-user',
      'createuser',
    ],
    // Both flags on one line: the regex runs across the window after the tool's name and finds each, and
    // both passphrases of createUser (`SHA "…" AES "…"`).
    regex:
      /(?:(?<=[ \t])-[AX][ \t]{1,4}|(?<=["'][ \t]{1,4})(?:DES|AES(?:-?\d{3})?)[ \t]{1,4}(?=["'])|createUser[ \t]{1,4}(?:-e[ \t]{1,4}\S{1,64}[ \t]{1,4})?\S{1,64}[ \t]{1,4}(?:MD5|SHA(?:-\d{3})?)[ \t]{1,4})["']?([^\s"'-][^\s"']{7,127})/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 0, after: 400 },
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        "$ snmpget -v3 -l authPriv -u zabbix -a SHA -A '«a8»-«a7»' -x AES -X '«a10»-«a5»' localhost sysDescr.0",
        '   createUser zabbix SHA "«a8»-«a7»" AES "«a10»-«a5»"',
      ],
      negative: ['snmpwalk -v3 -l authPriv -u zabbix -a SHA -A "$SNMP_AUTH" -x AES -X "$SNMP_PRIV" host'],
    },
  },
  {
    id: 'esphome-api-encryption-key',
    description: "ESPHome's native API encryption key (api: encryption: key: <32 bytes, base64>)",
    family: 'network',
    keywords: ['encryption:'],
    regex: /encryption:[ \t]{0,8}\r?\n[ \t]{2,16}key:[ \t]{0,4}["']?([A-Za-z0-9+/]{43}=)/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: ['api:\n  encryption:\n    key: "«a43»="'],
      negative: ['api:\n  encryption:\n    key: !secret api_key'],
    },
  },
  {
    id: 'zigbee-network-key',
    description:
      "Zigbee2MQTT's network key (network_key: [16 numbers]): whoever has it joins the network and reads it",
    family: 'network',
    keywords: ['network_key'],
    // Written as 16 bytes in decimal once generated (`GENERATE` before).
    regex:
      /network_key[ \t]{0,4}:[ \t]{0,4}\[[ \t]{0,4}((?:\d{1,3}[ \t]{0,2},[ \t]{0,2}){15}\d{1,3})[ \t]{0,4}\]/,
    secretGroup: 1,
    anchored: true,
    examples: {
      positive: [
        'advanced:\n  network_key: [«d1»«d1», 124, «d2», 96, 17, 155, 159, 44, 83, 255, 89, 128, 159, 23, 148, 195]',
      ],
      negative: ['advanced:\n  network_key: GENERATE'],
    },
  },
  {
    id: 'zigbee-backup-key',
    description:
      "A key in a Zigbee coordinator's backup (zigbee-herdsman's network_key, link_key or tclk_seed: 32 hex digits)",
    family: 'network',
    keywords: ['network_key', 'link_key', 'tclk_seed'],
    regex:
      /(?:network_key|link_key|tclk_seed)"[ \t]{0,4}:[ \t]{0,4}(?:\{\s{0,32}"key"[ \t]{0,4}:[ \t]{0,4})?"([0-9A-Fa-f]{32})"/,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: ['  "network_key": {\n    "key": "«h32»",\n    "sequence_number": 0', '"tclk_seed": "«h32»"'],
      negative: ['"network_key": {\n    "key": "<hex>"'],
    },
  },
  {
    id: 'zwave-security-key',
    description:
      "A Z-Wave network's security key (S0_Legacy, S2_Unauthenticated, S2_Authenticated, S2_AccessControl)",
    family: 'network',
    keywords: ['s0_legacy', 's2_unauthenticated', 's2_authenticated', 's2_accesscontrol'],
    regex:
      /(?:S0_Legacy|S2_(?:Unauthenticated|Authenticated|AccessControl))["']?[ \t]{0,4}[:=][ \t]{0,4}["']?([0-9A-Fa-f]{32})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    examples: {
      positive: ['"securityKeys": {\n  "S2_Unauthenticated": "«H32»",\n  "S0_Legacy": "«H32»"'],
      negative: ['"S2_Authenticated": ""'],
    },
  },
  {
    id: 'aaa-server-key',
    description:
      "A RADIUS or TACACS+ server's shared secret on a key line of its block (aaa-server, radius server)",
    family: 'network',
    keywords: ['aaa-server', 'radius server', 'tacacs server'],
    // The ASA's `aaa-server <group> (<if>) host <ip>` and IOS' `radius server <name>` blocks: the secret is
    // the `key` line a few lines into the block, the other lines its address and ports.
    regex: /(?<=[\r\n][ \t]{1,8})key[ \t]{1,4}(?:[067][ \t]{1,4})?([^\s"'\\]{6,128})/,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 0, after: 400 },
    allowlist: { regexes: NOT_DEVICE_VALUES },
    examples: {
      positive: [
        'aaa-server ISE (inside) host 10.50.1.30\n key «a8»*«a9»\n authentication-port 1812',
        'radius server ISE-1\n address ipv4 10.50.1.21 auth-port 1812 acct-port 1813\n key «a16»',
      ],
      negative: ['radius server ISE-1\n address ipv4 10.50.1.21\n key <removed>'],
    },
  },
  {
    id: 'openwrt-wireless-key',
    description:
      "A Wi-Fi network's key in OpenWrt's UCI configuration (wireless.<iface>.key='…', option key)",
    family: 'network',
    keywords: ['wireless.', 'config wifi-iface'],
    regex:
      /(?:wireless\.[\w@[\]-]{1,40}\.key=|config[ \t]wifi-iface(?:[ \t][^\r\n]{0,60})?(?:\r?\n[ \t]{1,8}option[ \t][^\r\n]{1,100}){0,10}\r?\n[ \t]{1,8}option[ \t]key[ \t]{1,4})["']?([^\s'"]{8,64})/,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: [
        "wireless.default_radio0.encryption='sae-mixed'\nwireless.default_radio0.key='«a12»#«a4»'",
        "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption encryption 'psk2'\n\toption key '«a12»'",
      ],
      negative: ["wireless.default_radio0.key='$WIFI_KEY'", "wireless.radio0.channel='36'"],
    },
  },
  {
    id: 'tasmota-password',
    description:
      'A password set in a Tasmota Backlog (Password1/Password2 for Wi-Fi, MqttPassword, WebPassword)',
    family: 'network',
    keywords: ['backlog'],
    // Tasmota's console takes `<command> <value>`, a Backlog several separated by `;`: the rule reads the
    // window after `Backlog` for each. Not keyed on `password1`: a keyword holding `password` doubles the hits
    // of every one (1 MB of `password2=a&`: 51.5 ms in the ReDoS section).
    regex:
      /(?<![\w-])(?:Password[12]|MqttPassword|WebPassword)[ \t]{1,4}([^\s;"'\\]{6,64})(?=[ \t]{0,4}(?:;|\r?\n|$))/i,
    secretGroup: 1,
    entropy: 2.5,
    window: { before: 0, after: 600 },
    allowlist: { regexes: [...NOT_VALUES, SHELL_VARIABLE] },
    examples: {
      positive: ['12:01:33.512 CMD: Backlog SSID1 IoT_2G; Password1 «a8»!«a4»; MqttHost 192.168.1.10'],
      negative: ['Backlog Password1 and Password2 set the Wi-Fi passwords, WebPassword the web UI'],
    },
  },
  {
    id: 'netsh-wlan-key',
    description:
      'A Wi-Fi passphrase as Windows shows it (netsh wlan show profile … key=clear: Key Content : …)',
    family: 'network',
    // The line's label in Windows' English, French, German, Spanish, Portuguese and Italian, keyed on ASCII
    // (`sselinhalt` of Schlüsselinhalt).
    keywords: [
      'key content',
      'contenu de la cl',
      'sselinhalt',
      'contenido de la clave',
      'da chave',
      'contenuto chiave',
    ],
    // A WPA passphrase is 8 to 63 printable characters, spaces among them: the rest of the line, or of the
    // JSON string that holds it (a quote or a backslash ends it there).
    regex:
      /(?:key content|contenu de la cl(?:é|e)|(?<=schl(?:ü|u|ue))sselinhalt|contenido de la clave|conte(?:ú|u)do da chave|contenuto chiave)[ \t\u00a0]{1,40}:[ \t\u00a0]{0,4}([^\s"\\][^\r\n"\\]{6,62}?)[ \t]{0,8}(?=\r?\n|$|["\\])/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    examples: {
      positive: [
        'Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Key Content            : «a10»«d4»\n',
        '    Contenu de la clé      : «a8»&«a8»',
        '    Schlüsselinhalt        : «a12»',
        '    Contenido de la clave  : «a6»-«a6»',
      ],
      negative: ['    Security key           : Present', '    Key Content            : Absent'],
    },
  },
  {
    id: 'openvpn-management-password',
    description:
      'A password sent over OpenVPN\'s management interface (password "Auth" "…"), as a client logs it',
    family: 'network',
    keywords: [
      'password "auth"',
      'password "private key"',
      'password "http proxy"',
      'password "socks proxy"',
    ],
    // The client answers `>PASSWORD:Need 'Auth' username/password` with `username "Auth" "…"` and then
    // `password "Auth" "…"`; a static challenge's answer goes as `SCRV1:<base64 password>:<base64 response>`.
    // The key's passphrase and proxies' passwords go so too. Keyed on the realm, not on `password "` alone,
    // which is in much other text.
    regex:
      /(?<![\w-])password[ \t]"(?:Auth|Private Key|HTTP Proxy|SOCKS Proxy)"[ \t]"((?:[^"\\\r\n]|\\.){4,512})"/i,
    secretGroup: 1,
    anchored: true,
    entropy: 1.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '09:14:02 DEBUG mgmt >> username "Auth" "kim"\n09:14:02 DEBUG mgmt >> password "Auth" "«a4»-«a5»«d2»«a3»"',
        '>> password "Auth" "SCRV1:«a16»==:«a8»"',
      ],
      negative: [">PASSWORD:Need 'Auth' username/password", 'password "Auth" "$OVPN_PASSWORD"'],
    },
  },
];
