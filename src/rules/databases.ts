/**
 * @module rules/databases
 * Database credentials: the password in a connection URL (`scheme://user:password@host`) for PostgreSQL,
 * MySQL/MariaDB, MongoDB (+srv), Redis, AMQP, SQL Server, ClickHouse and other stores, JDBC URLs and their
 * `password=` parameters, ADO.NET `Password=` pairs, `mysql -p<password>` and other clients' flags, SQL that
 * sets a password (`IDENTIFIED BY '…'`, `WITH PASSWORD '…'`), Oracle's `user/password@db`, PHP's
 * `new PDO(dsn, user, password)`, Redis' `requirepass`, passwords under a database password's key name, and
 * PlanetScale and ClickHouse Cloud tokens. Only the password is masked, so the host stays readable.
 */
import { gated, keyed } from './assignments.js';
import { SHELL_VARIABLE, WORD_PASSWORDS, wordsToFlag } from './shapes.js';
import type { SecretRule } from './types.js';

/** `<scheme>://user:password@`: anchored at the scheme keyword; group 1 is the password. */
function dbUrl(
  id: string,
  scheme: string,
  keywords: readonly string[],
  what: string,
  example: string,
): SecretRule {
  return {
    id,
    description: `${what} connection URL with an inline password`,
    family: 'databases',
    keywords,
    regex: new RegExp(
      `(?:${scheme})(?:\\+[a-z0-9]{1,20})?:\\/\\/[^:@\\/\\s'"\`[\\]]{0,128}:([^@\\/\\s'"\`[\\]]{1,256})@`,
      'i',
    ),
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [example],
      negative: [
        `${keywords[0]}://USER:PASSWORD@HOST:5432/DB`,
        `${keywords[0]}://user:\${DB_PASSWORD}@db.internal/app`,
      ],
    },
  };
}

export const rules: readonly SecretRule[] = [
  dbUrl(
    'postgres-connection-string',
    'postgres(?:ql)?',
    ['postgres'],
    'PostgreSQL',
    "create_engine('postgresql://app:«a12»@db.internal:5432/app')",
  ),
  dbUrl(
    'mysql-connection-string',
    'mysql|mariadb',
    ['mysql', 'mariadb'],
    'MySQL / MariaDB',
    'const URI = "mysql://dbuser:«a10»@mysql.internal:3306/app";',
  ),
  dbUrl(
    'mongodb-connection-string',
    'mongodb(?:\\+srv)?',
    ['mongodb'],
    'MongoDB',
    'MONGO_URL=mongodb+srv://user:«a11»@cluster0.mongodb.net/prod',
  ),
  dbUrl(
    'redis-connection-string',
    'rediss?',
    ['redis'],
    'Redis',
    'REDIS_URL=rediss://default:«a24»@cache.internal:6380/0',
  ),
  dbUrl(
    'amqp-connection-string',
    'amqps?',
    ['amqp'],
    'AMQP (RabbitMQ)',
    'BROKER_URL=amqps://app:«a16»@mq.internal:5671/vhost',
  ),
  dbUrl(
    'mssql-connection-string',
    'mssql|sqlserver',
    ['mssql', 'sqlserver'],
    'SQL Server',
    'mssql://sa:«a14»@sql.internal:1433/db',
  ),
  dbUrl(
    'clickhouse-connection-string',
    'clickhouse',
    ['clickhouse'],
    'ClickHouse',
    'clickhouse://default:«a16»@ch.internal:9000/db',
  ),
  dbUrl(
    'database-connection-string',
    'cockroachdb|couchbases?|neo4j(?:\\+s(?:sc)?)?|cassandra|snowflake|redshift|oracle|db2|influxdb|memcached|nats|kafka|elasticsearch|opensearch|ldaps?',
    [
      'cockroachdb',
      'couchbase',
      'neo4j',
      'cassandra',
      'snowflake',
      'redshift',
      'oracle',
      'db2',
      'influxdb',
      'memcached',
      'nats',
      'kafka',
      'elasticsearch',
      'opensearch',
      'ldap',
    ],
    'Other database or broker',
    'NEO4J_URI=neo4j+s://neo4j:«a20»@graph.internal:7687',
  ),
  {
    id: 'jdbc-password-parameter',
    description:
      'JDBC URL password parameter (;password= or ?password= / &password=, within a window of jdbc:)',
    family: 'databases',
    keywords: ['jdbc:'],
    regex: /[;?&]password=([^;&\s'"`]{1,256})/i,
    secretGroup: 1,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: ['jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=«a14»;encrypt=true'],
      negative: ['jdbc:postgresql://db:5432/app?user=app&password=${DB_PASSWORD}', 'jdbc:h2:mem:test'],
    },
  },
  {
    id: 'mysql-password-flag',
    description: 'MySQL/MariaDB client password given on the command line (mysql -u root -p<password>)',
    family: 'databases',
    keywords: ['mysql', 'mariadb'],
    // `-p` takes its value attached (`-p secret` would prompt, then use `secret` as the database), maybe quoted
    // for the shell (`-p'…'`). The words before it are read up to the line's first ` -p` and no further, so an
    // attempt tries one; the gate skips a hit with no ` -p` within reach (1 MB of `mysql -p1 ` or of `mysql `
    // repeated stays linear). No name glued to another or after a colon, as in a mask's label
    // (`[REDACTED:mysql-password-flag] … -pbkdf2`): masking would find more in its own output.
    regex: gated(
      new RegExp(
        String.raw`(?<![\w:-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb)${wordsToFlag('-p', 200)}["']?([^\s'"${'`'}]{4,128})`,
      ),
      'mysql|mysqldump|mysqladmin|mysqlimport|mariadb',
      200,
      /[ \t]-p/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [
        'mysql -h db.internal -u root -p«a14» app < dump.sql',
        'mysqldump -uroot -p«a12» --all-databases',
        "15 2 * * * /usr/bin/mysqldump -u backup -p'«a10»!«a6»' --all-databases | gzip",
        'mysqldump --single-transaction \\\n  -h db.internal -u backup \\\n  -p«a14» shop > shop.sql',
      ],
      negative: [
        'mysql -u root -p app',
        'mysql -u root -p$MYSQL_ROOT_PASSWORD',
        'mysql -h db -P 3306 -u app',
        '| root | *[REDACTED:mysql-native-password-hash] |openssl enc -aes-256-cbc -pbkdf2 -in db.sql',
      ],
    },
  },
  {
    id: 'database-cli-password',
    description:
      'Password given to redis-cli (-a <password>), the MongoDB shell (mongosh -p <password>) or SQL Server tools (sqlcmd -P <password>)',
    family: 'databases',
    keywords: ['redis-cli', 'mongosh', 'mongo ', 'sqlcmd', 'osql', 'bcp '],
    // As mysql-password-flag: the words before the flag are read up to the line's first ` -a` (` -p` for the
    // MongoDB shells, ` -P` for sqlcmd, osql and bcp, whose `-p` prints statistics) and no further, and the
    // gate skips a hit with none within reach.
    regex: gated(
      new RegExp(
        String.raw`(?:redis-cli${wordsToFlag('-a', 200, String.raw`-a[ \t]`)}|mongo(?:sh)?${wordsToFlag('-p', 200, String.raw`-p[ \t]`)}|(?:sqlcmd|osql|bcp)${wordsToFlag('-P', 200)})[ \t]{1,3}["']?([^\s'"${'`'}-][^\s'"${'`'}]{3,127})`,
      ),
      'redis-cli|mongosh|mongo|sqlcmd|osql|bcp',
      200,
      /[ \t]-[apP]/,
    ),
    secretGroup: 1,
    anchored: true,
    entropy: 2,
    allowlist: { regexes: [WORD_PASSWORDS, SHELL_VARIABLE] },
    examples: {
      positive: [
        'redis-cli -h cache.internal -p 6379 -a «a16» --no-auth-warning ping',
        "mongosh --host db.internal -u admin -p '«a14»' --authenticationDatabase admin",
        'mongo app -u app -p «a12»',
        'sqlcmd -S db.internal -U sa -P «a16» -Q "SELECT 1"',
        'bcp dbo.orders out orders.dat -S db -U loader -P «a12» -c',
      ],
      negative: [
        'redis-cli -h cache.internal -p 6379 ping',
        'redis-cli -a $REDIS_PASSWORD ping',
        'mongosh -u admin -p',
        'mongo --port 27017 -p',
        'sqlcmd -S db.internal -E -Q "SELECT 1" -p',
        'sqlcmd -S db -U sa -P $SA_PASSWORD',
      ],
    },
  },
  {
    id: 'ado-net-password',
    description:
      'ADO.NET / ODBC connection string password (Password= or Pwd= next to Server= / Data Source=)',
    family: 'databases',
    keywords: ['data source=', 'server=', 'user id=', 'uid='],
    // ODBC quotes a value holding `;` or `}` in braces (`Pwd={Lk9#;x}`): the value is what they hold.
    regex:
      /(?:^|[;"'\s])(?:Password|Pwd)\s{0,2}=\s{0,2}\{?((?<=\{)[^}\r\n]{3,128}(?=\})|(?<!\{)[^;'"\s]{3,128})/i,
    secretGroup: 1,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [
        'Server=tcp:sql.internal,1433;Database=app;User ID=sa;Password=«a16»;Encrypt=True;',
        'Driver={ODBC Driver 18 for SQL Server};Server=sql01;Uid=app;Pwd={«a8»;«a6»};Encrypt=yes;',
      ],
      negative: [
        'Server=sql.internal;Database=app;Integrated Security=True;',
        'Server=x;User Id=sa;Password=<password>;',
      ],
    },
  },
  {
    id: 'database-password',
    description: 'A database password by its key name (DB_PASSWORD, database_passwd, pwd), however short',
    family: 'databases',
    keywords: ['db_passw', 'database_passw', 'pwd'],
    // Six characters and up, of the alphabet gitleaks gives these passwords: punctuation a dotenv or shell
    // line keeps as it is (`HWL1,4`, `EZFe?3,YHGPd7cw`), no quote, space, `#`, `.` or `/`. The generic rule
    // wants eight and stops at `,` and `;` in an unquoted value.
    regex: keyed('db_passw(?:or)?d|database_passw(?:or)?d|pwd', '[A-Za-z0-9:;<@=},!$?^]{6,100}'),
    secretGroup: 1,
    entropy: 2,
    // Letters alone are a name or a word (`pwd = passwordInput;`, `DB_PASSWORD=postgres`).
    allowlist: { regexes: [WORD_PASSWORDS, /^[A-Za-z]+[;,]?$/] },
    examples: {
      positive: [
        'DB_PASSWORD=«a4»3,',
        'db_password: "x;@Q}9"',
        '$DB_PASSWD="«a6»?3,«a8»"',
        'pwd = «a4»;«a6»;«a9»',
      ],
      negative: [
        'DB_PASSWORD=postgres',
        'pwd = passwordInput;',
        'DB_PASSWORD=${DB_PASSWORD}',
        'PWD=/home/ada/project',
        'db_password = config.database.password',
        'DB_PASSWORD=[value]',
      ],
    },
  },
  {
    id: 'sql-password-clause',
    description:
      "A password SQL sets for a user (CREATE/ALTER USER … IDENTIFIED BY '…' or WITH PASSWORD '…', SET PASSWORD)",
    family: 'databases',
    keywords: [
      'identified by',
      'identified with',
      'with password',
      'with encrypted password',
      'set password for',
      'create role',
      'alter role',
      'create user',
      'alter user',
    ],
    // MySQL, MariaDB and Oracle (`IDENTIFIED BY`, maybe after an authentication plugin; Oracle's may be
    // unquoted or in double quotes), PostgreSQL (`WITH [ENCRYPTED] PASSWORD`), MySQL's `SET PASSWORD FOR
    // user = '…'` (or `PASSWORD('…')`). A bind parameter (`:pw`, `?`, `$1`) is no value. An unquoted one only
    // after `BY` and where the statement ends (`;`) or goes on as Oracle's does (`DEFAULT TABLESPACE`, `QUOTA`):
    // prose says `identified by their …`. PostgreSQL's role options may come between the role and `PASSWORD`
    // (`ALTER ROLE app WITH LOGIN PASSWORD '…'`, `CREATE USER app NOSUPERUSER CONNECTION LIMIT 5 PASSWORD '…'`).
    // SQL Server's `CREATE LOGIN … WITH PASSWORD = N'…'` has an `=` and a Unicode string's `N`.
    regex:
      /(?:(?:create|alter)[ \t]{1,4}(?:role|user)[ \t]{1,4}(?:"[^"\r\n]{1,63}"|[\w.$-]{1,63})(?:[ \t]{1,4}with)?(?:[ \t]{1,4}(?:no)?(?:superuser|createdb|createrole|inherit|login|replication|bypassrls)|[ \t]{1,4}connection[ \t]{1,4}limit[ \t]{1,4}-?\d{1,6}){0,12}[ \t]{1,4}(?:encrypted[ \t]{1,4})?password|identified[ \t]{1,4}(?:with[ \t]{1,4}\w{1,40}[ \t]{1,4})?by(?:[ \t]{1,4}password)?|with[ \t]{1,4}(?:encrypted[ \t]{1,4})?password|set[ \t]{1,4}password[ \t]{1,4}for[ \t]{1,4}[^\s=;]{1,100}[ \t]{0,4}=(?:[ \t]{0,4}password[ \t]{0,4}\()?)[ \t]{0,4}(?:=[ \t]{0,4}N?)?['"]?((?<=')[^'\r\n]{3,200}(?=')|(?<=by[ \t]{1,4}"?)[A-Za-z0-9_#]{3,128}(?="?[ \t]{0,4};|"?[ \t]{1,4}(?:default|temporary|quota|profile|account|password|container)\b))/i,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [WORD_PASSWORDS, SHELL_VARIABLE] },
    examples: {
      positive: [
        "CREATE USER app WITH PASSWORD '«a16»';",
        "CREATE LOGIN [svc_etl] WITH PASSWORD = N'«a8»#«a5»', DEFAULT_DATABASE = [DW], CHECK_POLICY = ON;",
        "ALTER USER 'root'@'localhost' IDENTIFIED BY '«a14»';",
        "CREATE USER 'svc'@'%' IDENTIFIED WITH mysql_native_password BY '«a12»';",
        'CREATE USER scott IDENTIFIED BY «a10»;',
        'CREATE USER hr IDENTIFIED BY «a10» DEFAULT TABLESPACE users QUOTA 10M ON users;',
        "SET PASSWORD FOR 'app'@'%' = '«a14»';",
        "alter role reporter with encrypted password '«a20»'",
        "ALTER ROLE analytics WITH LOGIN PASSWORD '«a16»';",
        "CREATE USER etl NOSUPERUSER CONNECTION LIMIT 5 PASSWORD '«a14»' VALID UNTIL '2026-01-01';",
      ],
      negative: [
        'CREATE USER app WITH PASSWORD :pw;',
        "ALTER USER app IDENTIFIED BY 'password';",
        'ALTER USER app IDENTIFIED BY ?;',
        'Users identified by their e-mail address can sign in.',
        'Documents with password protection',
        'Accounts are identified by username',
        'ALTER ROLE app WITH LOGIN PASSWORD NULL;',
        'CREATE USER app WITH LOGIN;',
      ],
    },
  },
  {
    id: 'oracle-connect-password',
    description: 'An Oracle password in a user/password@database connect string (sqlplus, jdbc:oracle:thin:)',
    family: 'databases',
    keywords: ['jdbc:oracle:', 'sqlplus', 'expdp', 'impdp', 'sqlldr'],
    regex:
      /(?:jdbc:oracle:(?:thin|oci):|(?:sqlplus|expdp|impdp|sqlldr)(?:[ \t]{1,4}-\w{1,10}){0,3}[ \t]{1,4}(?:userid=)?)"?[\w$#.]{1,30}"?\/"?([^\s/@"']{3,128})"?(?=@|[ \t]|$)/i,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [
        'jdbc:oracle:thin:scott/«a12»@db.internal:1521/ORCL',
        'sqlplus -s app/«a14»@//db.internal:1521/orclpdb1 @report.sql',
        'expdp system/«a10»@ORCL schemas=HR directory=DUMP',
      ],
      negative: [
        'sqlplus / as sysdba',
        'jdbc:oracle:thin:@db.internal:1521/ORCL',
        'sqlplus scott/password@ORCL',
      ],
    },
  },
  {
    id: 'php-connect-password',
    description:
      "The password PHP's PDO or mysqli is connected with: the third argument (new PDO(dsn, user, password))",
    family: 'databases',
    keywords: ['pdo', 'mysqli'],
    // Both take the password third: PDO after the DSN and the user, mysqli after the host and the user. Also as
    // a stack trace prints the call (`#0 …: PDO->__construct('mysql:host=…', 'app', '…', Array)`, Laravel's
    // `Connector->createPdoConnection(…)`), where PHP cuts a string at 15 characters and `...`: those 15 are
    // the password's. The arguments before it are strings, variables or constants; the password a literal.
    regex:
      /(?:(?<![\w$])(?:new[ \t]{1,4}\\?(?:PDO|mysqli)|(?:PDO|mysqli)->__construct|mysqli_connect)|(?<=->create)PdoConnection)[ \t]{0,4}\([ \t]{0,4}(?:(?:'[^'\r\n]{0,200}'|"[^"\r\n]{0,200}"|[$\w:>.-]{1,80})[ \t]{0,4},[ \t]{0,4}){2}(['"])([^'"\r\n]{4,128}?)(?:\.\.\.)?\1/,
    secretGroup: 2,
    entropy: 2,
    allowlist: { regexes: [WORD_PASSWORDS] },
    examples: {
      positive: [
        '$pdo = new PDO("mysql:host=db;dbname=shop", "shop_rw", "«a14»");',
        "#0 /var/www/app/Database.php(27): PDO->__construct('mysql:host=10.0...', 'shop_rw', '«a12»', Array)",
        "#1 /srv/app/Connector.php(46): Illuminate\\Database\\Connectors\\Connector->createPdoConnection('mysql:host=10.1...', 'tix_app', '«a6»#«a8»...', Array)",
        "$db = mysqli_connect('10.0.0.5', 'app', '«a10»!«a4»', 'orders');",
        '$db = new mysqli($host, DB_USER, "«a16»", "orders");',
      ],
      negative: [
        '$pdo = new PDO($dsn, $user, $password);',
        "$pdo = new PDO('sqlite:/var/db/app.sqlite');",
        '$db = new mysqli("localhost", "root", "password", "test");',
      ],
    },
  },
  {
    id: 'redis-config-password',
    description: "Redis' password in its configuration (requirepass, masterauth) or as CONFIG GET prints it",
    family: 'databases',
    keywords: ['requirepass', 'masterauth'],
    // redis-cli prints `CONFIG GET requirepass` as numbered lines, `1) "requirepass"` then `2) "…"`. Piped, it
    // prints them bare, which this leaves: a bare name at a line's end may be followed by anything.
    regex: /(?<!\w)(?:requirepass|masterauth)(?:[ \t]{1,8}["']?|"\r?\n\d{1,3}\)[ \t]{1,4}")([^\s"']{4,512})/i,
    secretGroup: 1,
    anchored: true,
    // `foobared` is the example redis.conf ships in its comments.
    allowlist: { regexes: [WORD_PASSWORDS, SHELL_VARIABLE, /^foobared$/] },
    examples: {
      positive: [
        'requirepass «a24»',
        'masterauth "«a16»"',
        'redis-server --requirepass «a20»',
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "«a16»"',
      ],
      negative: [
        '# requirepass foobared',
        'requirepass ${REDIS_PASSWORD}',
        'CONFIG SET requirepass ""',
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) ""',
      ],
    },
  },
  {
    id: 'redis-acl-password',
    description:
      "A Redis user's password in an ACL rule (`ACL SETUSER alice on >…`, users.acl's `user alice on >…`)",
    family: 'databases',
    // `>` adds a password to a user, and Redis' own examples switch the user on first (`on >…`); `#` adds a
    // password's SHA-256, `<` removes one. Tried at each ` on >`, the user's name read back from it: searching
    // on from `SETUSER` for a `>` some rules later took 57 ms on 1 MB of `setuser ` repeated.
    keywords: [' on >'],
    regex: /(?<=\b(?:setuser|user)[ \t]{1,8}[^\s>]{1,64}) on >(\S{4,256})/i,
    secretGroup: 1,
    anchored: true,
    allowlist: { regexes: [WORD_PASSWORDS, SHELL_VARIABLE] },
    examples: {
      positive: [
        '127.0.0.1:6379> ACL SETUSER alice on >«a14» ~cached:* +get',
        'user worker on >«a16» ~jobs:* +@list',
      ],
      negative: [
        'user default on #«h64» ~* &* +@all',
        'ACL SETUSER alice on <«a14»',
        'ACL SETUSER app on >${REDIS_APP_PASSWORD}',
        'echo switched on >/tmp/state',
      ],
    },
  },
  {
    id: 'planetscale-token',
    description:
      'PlanetScale password, OAuth token or service token (pscale_pw_ / pscale_oauth_ / pscale_tkn_)',
    family: 'databases',
    keywords: ['pscale_pw_', 'pscale_oauth_', 'pscale_tkn_'],
    regex: /(?<![\w-])(pscale_(?:pw|oauth|tkn)_[A-Za-z0-9=._-]{32,64})(?![\w=.-])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: ['"planetScale_token": "pscale_pw_«l32»"', 'var t = "pscale_oauth_«w40»"'],
      negative: ['pscale_pw_<password>', 'pscale_pw_short'],
    },
  },
  {
    id: 'clickhouse-cloud-api-secret-key',
    description: 'ClickHouse Cloud API secret key (4b1d prefix)',
    family: 'databases',
    keywords: ['4b1d'],
    regex: /(?<![A-Za-z0-9])(4b1d[A-Za-z0-9]{38})(?![A-Za-z0-9])/,
    secretGroup: 1,
    entropy: 3.5,
    examples: {
      positive: ['ClickHouseToken=4b1d«a38»'],
      negative: ['4b1d is a prefix', 'id 4b1d«h20»'],
    },
  },
];
