/**
 * @module rules/web
 * Credentials as the web carries them: the `Authorization` header and a bearer token in text, session and auth
 * cookies in `Cookie` and `Set-Cookie`, a password in a URL's userinfo and a token as its user name, and one
 * given with its user to an HTTP client (`auth=("user", "…")`, `req.SetBasicAuth("user", "…")`), and the secret
 * an app signs its cookies with.
 */
import { gated } from './assignments.js';
import { NOT_VALUES } from './generic.js';
import type { SecretRule } from './types.js';

/**
 * A cookie's name that says it holds a session or a credential (`_app_session`, `connect.sid`, `PHPSESSID`,
 * `auth_token`, ASP.NET's `.AspNetCore.Identity.Application`); others (`theme`, `_ga`) are left as they are.
 */
const SESSION_COOKIE = String.raw`(?:__(?:Secure|Host)-)?[\w.-]{0,40}(?:sess|sid|auth|token|jwt|remember|identity)[\w.-]{0,40}`;

export const rules: readonly SecretRule[] = [
  {
    id: 'authorization-header',
    description: 'HTTP Authorization / Proxy-Authorization header credential (Bearer, Basic, Token, or bare)',
    family: 'web',
    keywords: ['authorization'],
    // The header's name and its value, or, in a web server's configuration, the name and the value quoted
    // after a space (nginx's `proxy_set_header Authorization "Basic …"`, Apache's `RequestHeader set`): there
    // a scheme must open the value, so prose (`Authorization header`) is none. Digest's credential is its
    // parameters, of which only `response` is secret (see digest-auth-response): the word `Digest` alone is
    // too short a value.
    regex:
      /authorization["']?(?:\s{0,3}[:=]\s{0,3}["']?|[ \t]{1,3}["']?(?=(?:bearer|basic|token|digest)[ \t]))(?:(?:bearer|basic|token|bot|api-?key|api-?token|sso-key|key|ssws|splunk|jwt|geniekey)\s{1,3})?([A-Za-z0-9._~+/:=|-]{8,8192})/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2.5,
    // Code hands the header on (`authorization: options.authorization`) or leaves it out (`undefined`).
    allowlist: {
      regexes: [...NOT_VALUES, /^(?:bearer|basic|token|digest|negotiate|apikey|required|optional)$/i],
    },
    examples: {
      positive: [
        "curl --header 'Authorization: «h8»-«h4»-«h4»-«h4»-«h12»'",
        "curl -H 'Authorization: Basic «a16»=' \\",
        "'Authorization': 'Bearer «w40»'",
        'curl -H "Authorization: Api-Token «h40»" https://api.example.com',
        'Authorization: Bearer «d15»|«w32»',
        "-H 'authorization: JWT «w40»'",
        '"Authorization: GenieKey «h8»-«h4»-«h4»-«h4»-«h12»"',
        'proxy_set_header Authorization "Basic «a40»";',
      ],
      negative: [
        'curl -d x --header "Authorization: Basic ..."',
        '-H "Authorization: Token **********"',
        'Authorization: Bearer $TOKEN',
        'Authorization: Negotiate',
        'authorization: options.authorization,',
        "Authorization: undefined, // do not pass the caller's header on",
        'The Authorization header carries a Basic credential',
      ],
    },
  },
  {
    id: 'bearer-token',
    description: 'A bearer token in free text ("Bearer <token>") outside an Authorization header',
    family: 'web',
    keywords: ['bearer '],
    regex: /bearer\s{1,3}([A-Za-z0-9._~+/-]{20,8192}={0,2})(?![A-Za-z0-9._~+/=-])/i,
    secretGroup: 1,
    anchored: true,
    entropy: 3.5,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ['send it as Bearer «a40» in the header'],
      negative: ['use a Bearer token for authentication', 'Bearer <access_token>'],
    },
  },
  {
    id: 'session-cookie',
    description:
      'A session or auth cookie in a Cookie or Set-Cookie header (session=, sid=, auth_token=, ...)',
    family: 'web',
    // Also a HAR's header of that name (`{"name": "Cookie", "value": "…"}`): the value follows within the window.
    keywords: ['cookie:', 'cookie":', "cookie':", '"cookie",'],
    // A cookie whose name says it holds a session or a credential, anywhere in the header's line
    // (`Cookie: theme=dark; _app_session=…`), also as a JSON member (`"cookie": "sid=…"`); others (`theme`,
    // `_ga`) are left as they are.
    regex: new RegExp(String.raw`(?<=[:;][ \t]{0,4}["']?)${SESSION_COOKIE}=([^;\s,"]{16,4096})`, 'i'),
    secretGroup: 1,
    entropy: 3,
    window: { before: 0, after: 4096 },
    examples: {
      positive: [
        'Cookie: theme=dark; _app_session=«a32»%3D%3D--«h40»',
        'Set-Cookie: sessionid=«l32»; Path=/; HttpOnly; Secure',
        '< set-cookie: __Secure-next-auth.session-token=«w60»; Path=/',
        'Cookie: JSESSIONID=«H32»',
        '{"headers": {"cookie": "theme=dark; sid=«a24»"}}',
        '{"name": "Cookie", "value": "PHPSESSID=«l26»; cookieconsent_status=dismiss"}',
        'Cookie: .AspNetCore.Identity.Application=CfDJ8«w80»',
      ],
      negative: [
        'Cookie: theme=dark; lang=en-US; _ga=GA1.2.1234567890.1600000000',
        'Set-Cookie: sessionid=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT',
        'Set-Cookie: session=; Max-Age=0',
      ],
    },
  },
  {
    id: 'django-secret-key',
    description: 'Django secret key as startproject writes it (django-insecure-…)',
    family: 'web',
    keywords: ['django-insecure-'],
    // The prefix marks the key whatever the name it is assigned to; its 50 characters include `!@#$%^&*(-_=+)`.
    regex: /django-insecure-[^\s"'`\\]{1,250}/,
    examples: {
      positive: [
        "SECRET_KEY = 'django-insecure-k3#v9!q2@x8$w^z7(t1)m_p0=r5+s6&u4*y-b2c8d1e9f3g7h5j0'",
        'key django-insecure-0rS in the log',
      ],
      negative: ["Keys that start with 'django-insecure-' are only for development."],
    },
  },
  {
    id: 'url-password',
    description: 'Password in the userinfo of a URL (scheme://user:password@host)',
    family: 'web',
    keywords: ['://'],
    // Every match has its `@` within 128 + 1 + 256 characters of the `://`: a URL without one (most of them)
    // is passed over with an `indexOf` instead of a regex attempt (1 MB of `://` repeated: 38.5 -> 13.2 ms).
    // The host may be left out before a query (Airflow's connections: `aws://<key id>:<secret>@/?region_name=…`).
    regex: gated(
      /:\/\/[^:@/\s'"`[\]]{0,128}:([^@/\s'"`[\]]{3,256})@(?:[A-Za-z0-9[]|\/\?)/,
      ':\\/\\/',
      128 + 1 + 256,
      '@',
    ),
    secretGroup: 1,
    anchored: true,
    // `x-oauth-basic` is GitHub's fixed password when the user name is the token (see `url-token-user`). The
    // words that stand for a password in documentation (`user:password@`) are left, but not `pass`, `pwd` or
    // `secret` in lower case: they are as often the password itself (`ftp://user:pass@…`), which secretlint
    // flags too. In capitals they stand for one (`USER:PASS@HOST`).
    allowlist: {
      regexes: [/^(?:password|passwd|changeme|mypassword|x-oauth-basic|\*+)$/i, /^(?:PASS|PWD|SECRET)$/],
    },
    examples: {
      positive: [
        'git clone https://deploy:«a20»@git.internal/team/repo.git',
        'smtp://mailer:«a14»@smtp.internal:587',
        'AIRFLOW_CONN_AWS_LOGS=aws://AKIAIOSFODNN7EXAMPLE:«a40»@/?region_name=eu-west-1',
        'This FTP: ftp://user:pass@example.com includes credential.',
      ],
      negative: [
        'const DOC_URL = "https://YOUR_USERNAME:YOUR_PASSWORD@api.service.com";',
        'DATABASE_URL=postgres://USER:PASS@HOST:5432/DB',
        'https://api.cloudflare.com/client/v4/zones',
        'DB_URL = postgres://$(PGUSER):$(PGPASSWORD)@$(PGHOST)/$(PGDATABASE)',
      ],
    },
  },
  {
    id: 'url-token-user',
    description: 'A token as the user name of a URL with the fixed password x-oauth-basic (GitHub)',
    family: 'web',
    keywords: [':x-oauth-basic@'],
    regex: /\/\/([A-Za-z0-9_]{20,255}):x-oauth-basic@/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['"dep": "git+https://«h40»:x-oauth-basic@github.com/acme/lib.git#v1.0.0"'],
      negative: ['https://YOUR_GITHUB_TOKEN_HERE:x-oauth-basic@github.com/acme/lib.git'],
    },
  },
  {
    id: 'basic-auth-pair',
    description:
      "A password given with its user to an HTTP client (requests' auth=(user, password), SetBasicAuth, NetworkCredential)",
    family: 'web',
    keywords: [
      'auth=(',
      'auth = (',
      'basicauth(',
      'digestauth(',
      'credentials.basic(',
      'usernamepasswordcredentials(',
      'passwordauthentication(',
      'networkcredential(',
    ],
    // The user is quoted or a variable; the password must be written out. Python's requests and httpx,
    // aiohttp's `BasicAuth`, Go's `req.SetBasicAuth`, OkHttp's `Credentials.basic`, Apache HttpClient's
    // `UsernamePasswordCredentials`, Java's `PasswordAuthentication` and .NET's `NetworkCredential`.
    regex:
      /(?:auth[ \t]{0,2}=[ \t]{0,2}|(?:basic|digest)auth|credentials\.basic|usernamepasswordcredentials|passwordauthentication|networkcredential)\([ \t]{0,4}(?:["'][^"'\r\n]{1,100}["']|[A-Za-z_][\w.]{0,60})[ \t]{0,4},[ \t]{0,4}["']([^"'\s\\]{6,200})["']/i,
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        'r = requests.get(url, auth=("admin", "«a16»"))',
        "session.auth = ('svc-deploy', '«a20»')",
        'req.SetBasicAuth("grafana", "«a14»")',
        'String credential = Credentials.basic("api", "«a24»");',
        'new NetworkCredential(userName, "«a12»")',
        'auth = aiohttp.BasicAuth("bot", "«a18»")',
      ],
      negative: [
        'requests.get(url, auth=("admin", os.environ["ADMIN_PASSWORD"]))',
        'req.SetBasicAuth(user, pass)',
        'requests.get(url, auth=("user", "password"))',
        'auth=(username, "${PASSWORD}")',
      ],
    },
  },
  {
    id: 'cookie-signing-secret',
    description: "The secret an Express app signs its cookies with (cookieParser('…'))",
    family: 'web',
    keywords: ['cookieparser('],
    regex: /cookieParser\([ \t]{0,4}(['"`])([^'"`\s]{8,256})\1/,
    secretGroup: 2,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: ["app.use(cookieParser('«h64»'));"],
      negative: ['app.use(cookieParser(process.env.COOKIE_SECRET));'],
    },
  },
  {
    id: 'digest-auth-response',
    description: 'The response of an HTTP or SIP Digest authorization (Digest username=…, response="<hex>")',
    family: 'web',
    keywords: ['digest '],
    // A hash of the password with the server's nonce: with the nonce beside it, guessed offline. The username,
    // realm and nonce are no secrets.
    // The blank or comma before `response` is read, not looked behind for at every character of the window.
    regex: /[\s,]response[ \t]{0,2}=[ \t]{0,2}"?([0-9A-Fa-f]{32,128})/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 0, after: 1024 },
    examples: {
      positive: [
        'Authorization: Digest username="1001",realm="asterisk",nonce="1710241533/4b28831bdb8e04200a399d54a9acf353",uri="sip:pbx.example.org",response="«h32»",algorithm=MD5',
      ],
      negative: ['WWW-Authenticate: Digest realm="asterisk",nonce="1710241533/«h32»",algorithm=MD5'],
    },
  },
  {
    id: 'har-credential-header',
    description:
      'A credential header or session cookie as a HAR or a client dumps it: {"name": "Authorization", "value": "…"}',
    family: 'web',
    keywords: ['"name":', '"key":'],
    // Browsers' HAR files and HTTP clients' exports write each header and cookie as a name (Insomnia's and
    // Postman's cookie jars: a key) and a value, compact or the value on the next line. The name says which
    // carry a credential; a scheme before it is no part of it.
    regex: new RegExp(
      String.raw`"(?:name|key)":[ \t]{0,4}"(?:(?:proxy-)?authorization|x-api-key|api-key|x-auth-token|private-token|${SESSION_COOKIE})",\s{0,40}"value":[ \t]{0,4}"(?:(?:bearer|basic|token|jwt)[ \t]{1,3})?([^"\s\\]{16,4096})"`,
      'i',
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 3,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '{"name":"Authorization","value":"Bearer «w40»"}',
        '{"name":"PHPSESSID","value":"«l26»"}',
        '"cookies":[{"key":"laravel_session","value":"eyJpdiI6«a40»%3D%3D","domain":"app.test"}]',
        '{\n  "name": "connect.sid",\n  "value": "s%3A«w32».«w43»"\n}',
      ],
      negative: [
        '{"name":"Content-Type","value":"application/x-www-form-urlencoded"}',
        '{"name":"cookieconsent_status","value":"dismiss"}',
        '{"name":"Authorization","value":"Bearer {{token}}"}',
      ],
    },
  },
  {
    id: 'cookie-jar-session',
    description: "A session cookie's value in a Netscape cookie jar (curl's -c file, wget's cookies.txt)",
    family: 'web',
    keywords: ['\tfalse\t', '\ttrue\t'],
    // Seven fields a tab apart: domain, subdomains, path, secure, expiry, name, value.
    regex: new RegExp(
      String.raw`(?<=^|\n)(?:#HttpOnly_)?[\w.-]{1,253}\t(?:TRUE|FALSE)\t[^\t\n]{1,1024}\t(?:TRUE|FALSE)\t\d{1,12}\t${SESSION_COOKIE}\t([^\s"'\\]{16,4096})`,
      'i',
    ),
    secretGroup: 1,
    entropy: 3,
    window: { before: 1400, after: 4200 },
    examples: {
      positive: ['# Netscape HTTP Cookie File\n#HttpOnly_localhost\tFALSE\t/\tFALSE\t0\tJSESSIONID\t«H32»'],
      negative: ['.example.com\tTRUE\t/\tFALSE\t1735689600\t_ga\tGA1.2.1234567890.1600000000'],
    },
  },
  {
    id: 'url-signature',
    description:
      'The signature of a signed link (…?expires=…&sig=<hmac>, Signature=…): whoever holds it may use it',
    family: 'web',
    keywords: ['sig=', 'signature='],
    // An HMAC in hex, in base64url (Logic Apps' and Power Automate's trigger links), or base64 escaped for the
    // URL (Google Cloud Storage's V2 `Signature=`); Azure's SAS, S3's
    // `X-Amz-Signature` and GCS's V4 `X-Goog-Signature` have rules of their own.
    regex:
      /(?<=[?&](?:sig|signature)=)(?:[0-9a-f]{32,512}|[A-Za-z0-9_-]{43}(?![\w%])|(?=[A-Za-z0-9%_-]{0,40}%2[BF])[A-Za-z0-9%_-]{40,1400}(?:%3D){0,2})(?![\w%])/i,
    entropy: 3,
    examples: {
      positive: [
        'GET /files/invoices/INV-2024-0419.pdf?expires=1715244000&sig=«h64» HTTP/1.1',
        'https://storage.googleapis.com/b/o.zip?GoogleAccessId=sa%40p.iam.gserviceaccount.com&Expires=1715254143&Signature=«a40»%2B«a40»%3D%3D',
        'https://prod-27.westeurope.logic.azure.com:443/workflows/7c4b4774dde45b43411e21a37a0e20b8/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=«w43»',
      ],
      negative: ['?sig=abc', 'verify the request sig=<signature> first', '/api?signature=required'],
    },
  },
  {
    id: 'express-session-cookie',
    description: "An Express session's signed cookie (connect.sid=s%3A<id>.<signature>)",
    family: 'web',
    keywords: ['connect.sid='],
    // Its own shape, wherever a log prints it (express-session's debug output has no header before it).
    regex: /(?<=connect\.sid=)s(?:%3A|:)[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9%+/_-]{20,100}/,
    examples: {
      positive: ['express-session set-cookie connect.sid=s%3A«w32».«w43»; Path=/; HttpOnly'],
      negative: ['res.clearCookie("connect.sid=")'],
    },
  },
  {
    id: 'header-map-credential',
    description:
      "A credential header in Go's printed http.Header (map[Authorization:[Bearer …] X-Api-Key:[…]])",
    family: 'web',
    keywords: ['map['],
    // Go's `%v` of a header map: each name, a colon, its values in brackets. Go writes a header's name in its
    // canonical case (`Dd-Api-Key`), which keeps the name's reading short.
    regex:
      /(?<=[[ ])(?:(?:Proxy-)?Authorization|(?:[A-Z][a-z0-9]{0,20}-){0,4}(?:Api-Key|Apikey|Auth-Token|Access-Token|Private-Token|Secret))\:\[(?:(?:Bearer|Basic|Token|JWT|bearer|basic|token)[ \t])?([^\]\s"\\]{8,1024})\]/,
    secretGroup: 1,
    entropy: 3,
    window: { before: 0, after: 4096 },
    examples: {
      positive: [
        'level=debug msg="http request" header="map[Content-Type:[application/json] Dd-Api-Key:[«h32»] Content-Encoding:[gzip]]"',
        'headers: map[Authorization:[Bearer «w40»] User-Agent:[Go-http-client/1.1]]',
      ],
      negative: ['header="map[Content-Type:[application/json] X-Request-Id:[«h8»-«h4»-«h4»-«h4»-«h12»]]"'],
    },
  },
  {
    id: 'decoded-basic-credentials',
    description:
      "A Basic authorization's user and password as Wireshark decodes it (Credentials: user:password)",
    family: 'web',
    keywords: ['credentials: '],
    // tshark and Wireshark print the header's decoded pair on a line of its own under it.
    regex: /(?<=(?:^|\n)[ \t]{0,16})Credentials: [^\s:"]{1,128}:([^\s"\\]{3,256})/,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: NOT_VALUES },
    examples: {
      positive: [
        '    Proxy-Authorization: Basic (omitted)\\r\\n\n        Credentials: CORP\\svc-build:«a8»!«a4»',
      ],
      negative: ['Credentials: see the vault entry for details'],
    },
  },
];
