import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { isSecretishKey } from '../../src/secrets/key-names.js';
import { asMasked, maskCells, secretColumnCells, wholeCells } from '../../src/secrets/table-columns.js';

const PASSWORD = 'S6tRx9kLm2pQw7';
const OTHER = 'Mn8Bv7Cx6Za5Qw';
const TOKEN = 'Zq8Wx7Ec6Rv5Tb4Yn3Um2Ii1Oo0P';

/** The text of each cell found, with its header. */
const cells = (text: string) =>
  secretColumnCells(text, isSecretishKey).map((c) => [c.header, text.slice(c.start, c.end)]);

describe('secretColumnCells', () => {
  it.each([
    [
      'psql',
      ` id |  email  | reset_token\n----+---------+-------------\n  1 | a@b.io  | ${TOKEN}\n(1 row)`,
      [['reset_token', TOKEN]],
    ],
    [
      'mysql',
      `+----+----------------+\n| id | password       |\n+----+----------------+\n|  1 | ${PASSWORD} |\n|  2 | ${OTHER} |\n+----+----------------+\n2 rows in set`,
      [
        ['password', PASSWORD],
        ['password', OTHER],
      ],
    ],
    ['Markdown', `| name | secret |\n|:-----|-------:|\n| prod | ${TOKEN} |`, [['secret', TOKEN]]],
    ['CSV, quoted', `"id","api_key"\n"1","${TOKEN}"\n"2",""`, [['api_key', TOKEN]]],
    ['TSV', `id\tname\tpassword\n1\tada\t${PASSWORD}`, [['password', PASSWORD]]],
    [
      'CSV whose names hold spaces and brackets, the first one empty (a pandas index)',
      `,Amount (USD),Secret Access Key\n0,12.5,${TOKEN}`,
      [['Secret Access Key', TOKEN]],
    ],
    [
      'box-drawn',
      `┌────┬──────────────────┐\n│ id │ password         │\n├────┼──────────────────┤\n│  1 │ ${PASSWORD}   │\n├────┼──────────────────┤\n│  2 │ ${OTHER}   │\n└────┴──────────────────┘`,
      [
        ['password', PASSWORD],
        ['password', OTHER],
      ],
    ],
    [
      'box-drawn, its header ruled off by a double line (tabulate fancy_grid)',
      `╒════╤══════════════════╕\n│ id │ password         │\n╞════╪══════════════════╡\n│  1 │ ${PASSWORD}   │\n╘════╧══════════════════╛`,
      [['password', PASSWORD]],
    ],
  ])('finds the cells of a %s table under a header naming a secret', (_name, text, expected) => {
    expect(cells(text)).toEqual(expected);
  });

  it.each([
    [
      "Vault's, aligned with spaces",
      `====== Data ======\nKey         Value\n---         -----\npassword    ${PASSWORD}\nusername    administrator\nhost        db.internal.example`,
      [['password', PASSWORD]],
    ],
    [
      'Markdown',
      `| Setting | Value |\n|---|---|\n| api_key | ${TOKEN} |\n| region | eu-west-1-long |`,
      [['api_key', TOKEN]],
    ],
    [
      'box-drawn (a CLI listing its secrets)',
      `┌─────────────┬────────────────┐\n│ NAME        │ VALUE          │\n├─────────────┼────────────────┤\n│ DB_PASSWORD │ ${PASSWORD} │\n│ DB_HOST     │ db.internal    │\n└─────────────┴────────────────┘`,
      [['DB_PASSWORD', PASSWORD]],
    ],
    [
      'spaced with no rule line',
      `NAME           VALUE\nDB_PASSWORD    ${PASSWORD}\nDB_HOST        db.internal.example`,
      [['DB_PASSWORD', PASSWORD]],
    ],
    [
      "Pulumi's stack outputs, indented",
      `Current stack outputs (2):\n    OUTPUT               VALUE\n    bucketName           assets-prod-7f3a2c1\n    dbPassword           ${PASSWORD}`,
      [['dbPassword', PASSWORD]],
    ],
    [
      'spaced, a value with spaces, up to a blank line',
      `Name      Value\n----      -----\ntoken     ${TOKEN} (renewable)\n\nsecret    ${OTHER}`,
      [['token', `${TOKEN} (renewable)`]],
    ],
  ])(
    'reads a %s table of keys and values as the value of each key naming a secret',
    (_name, text, expected) => {
      expect(cells(text)).toEqual(expected);
    },
  );

  it.each([
    ['no header names a secret', `| model | cost |\n|---|---|\n| gpt-4o | ${TOKEN} |`],
    ['YAML front matter', `title: post\npassword_protected: false\n---\n${PASSWORD}`],
    ['a column of one, with no `|` (a heading underlined)', `Password\n--------\n${PASSWORD}`],
    ['a row with another number of cells', `id,password\n1,a,${PASSWORD}`],
    ['a CSV header of one name', `password\n${PASSWORD}`],
    ['a text that is no table', `The password is set.\nNothing else: ${PASSWORD}`],
    [
      'a table of keys and values with no key naming a secret',
      `Key   Value\n---   -----\nregion    ${TOKEN}`,
    ],
    [
      'a spaced rule line under a header of other names',
      `Host   Address\n----   -------\npassword  ${TOKEN}`,
    ],
    ['a spaced rule line of three columns', `Key  Value  Kind\n---  -----  ----\npassword  ${TOKEN}  x`],
    [
      'a box-drawn table with no header naming a secret',
      `│ model │ cost │\n├───────┼──────┤\n│ gpt │ ${TOKEN} │`,
    ],
    ['a box-drawn header with no rule line under it', `│ id │ password │\n│ 1 │ ${PASSWORD} │`],
    ['a line of a name and a value in prose', `Name Value pairs follow.\npassword ${TOKEN}`],
    [
      'a first line of code that holds a comma, and a second with as many (a mask swallowed a third)',
      `System.setProperty("GITHUB_TOKEN", "[REDACTED:github-oauth]")keytool -deststorepass [REDACTED]\n req.SetBasicAuth("grafana", "${PASSWORD}")`,
    ],
  ])('finds none when %s', (_name, text) => {
    expect(cells(text)).toEqual([]);
  });

  it('looks for a rule line it does not find once a table, not once a row', () => {
    // A drawn table ruled with `───` holds no `═══`: looked for again from each row, each search read the
    // text to its end.
    const rows = `│ 1 │ ${PASSWORD} │\n├───┼────────────────┤\n`.repeat(2000);
    const text = `│ k │ password │\n├───┼────────────────┤\n${rows}`;
    const indexOf = String.prototype.indexOf;
    let searches = 0;
    String.prototype.indexOf = function (this: string, search: string, from?: number) {
      if (search === '═══') searches++;
      return indexOf.call(this, search, from);
    };
    try {
      expect(cells(text)).toHaveLength(2000);
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(searches).toBeLessThanOrEqual(2);
  });

  it.each([
    [
      'doctl, columns of spaces, one that names a secret',
      `Name            Secret Key                 Grants\nci-artifacts    ${TOKEN}    bucket=ci;permission=readwrite\nlogs            ${OTHER}             bucket=logs`,
      [
        ['Secret Key', TOKEN],
        ['Secret Key', OTHER],
      ],
    ],
    [
      'kubectl-style capitals, a rule line under them',
      `NAME      TOKEN                          AGE\n----      -----                          ---\ndeploy    ${TOKEN}   3d`,
      [['TOKEN', TOKEN]],
    ],
    [
      "influx's tabs, which keep no offsets",
      `$ influx auth list\nID\t\t\tDescription\t\tToken\t\t\tUser Name\n0c2e5f81a93d4000\ttelegraf\t${TOKEN}\tadmin\n`,
      [['Token', TOKEN]],
    ],
  ])('reads a table aligned with blanks under a header: %s', (_name, text, expected) => {
    expect(cells(text)).toEqual(expected);
  });

  it('reads no aligned table from prose, a single column or a row that moved', () => {
    expect(cells(`The Token  you asked for is below.\n${TOKEN}  was issued today`)).toEqual([]);
    expect(cells(`TOKEN\n${TOKEN}\n`)).toEqual([]);
    expect(cells(`NAME    TOKEN\n  ${OTHER}  ${TOKEN}\n`)).toEqual([]);
  });

  it('gives the cells of tables of different kinds in text order', () => {
    const text = `NAME   VALUE\ntoken  ${TOKEN}\n\n| id | password |\n|---|---|\n| 1 | ${PASSWORD} |\n\n│ k │ secret │\n├───┼────────┤\n│ a │ ${OTHER} │`;
    expect(cells(text)).toEqual([
      ['token', TOKEN],
      ['password', PASSWORD],
      ['secret', OTHER],
    ]);
  });

  it('ends a table at a blank line or a row that does not fit, and finds the next one', () => {
    const text = `| user | password |\n|---|---|\n| ada | ${PASSWORD} |\n\n| ${OTHER} |\n\nid,token\n1,x\n| k | secret |\n|---|---|\n| a | ${TOKEN} |`;
    expect(cells(text)).toEqual([
      ['password', PASSWORD],
      ['secret', TOKEN],
    ]);
  });
});

describe('maskCells', () => {
  it('maps what the rules find in a framed cell back to the cell, and keeps what they leave', () => {
    const text = `a,password\n1,${PASSWORD}\n2,********`;
    const found = maskCells(text, secretColumnCells(text, isSecretishKey), (framed) =>
      framed.includes(PASSWORD)
        ? [
            {
              start: framed.indexOf(PASSWORD),
              end: framed.indexOf(PASSWORD) + PASSWORD.length,
              rule: {} as never,
            },
          ]
        : [],
    );
    expect(found.map((m) => text.slice(m.start, m.end))).toEqual([PASSWORD]);
  });

  it('masks whole every cell a match runs into beyond its value, and none whose key alone it took', () => {
    const text = `a,password\n1,${PASSWORD}\n2,${OTHER}\n3,${TOKEN}`;
    const cells = secretColumnCells(text, isSecretishKey);
    const rule = {} as never;
    // Framed: `password=<value>\n` a cell. From inside the first value into the second line; the third key.
    const framed = cells.map((c) => `password=${text.slice(c.start, c.end)}\n`).join('');
    const second = framed.indexOf(OTHER);
    const third = framed.lastIndexOf('password=');
    const found = maskCells(text, cells, () => [
      { start: 12, end: second + 3, rule },
      { start: third, end: third + 8, rule },
    ]);
    expect(found.map((m) => text.slice(m.start, m.end))).toEqual([PASSWORD, OTHER]);
  });
});

describe('tables in maskSecrets', () => {
  it.each([
    ['psql', ` id | reset_token\n----+-------------\n  1 | ${TOKEN}`],
    ['Markdown', `| user | password |\n|------|----------|\n| ada | ${PASSWORD} |`],
    ['CSV', `id,email,password\n1,ada@acme.io,${PASSWORD}`],
    ['Vault key/value', `Key         Value\n---         -----\npassword    ${PASSWORD}\nusername    ada`],
    [
      'doctl',
      `Name            Access Key              Secret Key\nci-artifacts    DO00NXPF1EXEPXSLZ6Y0    ${TOKEN}`,
    ],
    [
      'CSV a password manager exported, printed after a prompt',
      `$ head -3 /tmp/pw.csv\n"Group","Title","Username","Password","URL"\n"Root/Home","Router","admin","${PASSWORD}","http://192.168.1.1/"\n$ shred -u /tmp/pw.csv`,
    ],
    [
      'Markdown, headed in Chinese',
      `| 设备 | 用户名 | 口令 | 备注 |\n|---|---|---|---|\n| 核心交换机 | admin | ${PASSWORD} | |`,
    ],
    [
      'TSV in a mail, headed in Japanese, its last cell empty',
      `人事です。\n\n社員番号\t氏名\tログインID\t初期パスワード\t備考\n10231\t高橋\tn.takahashi\t${PASSWORD}\t\n10232\t伊藤\ts.ito\t${PASSWORD}\t育休明け`,
    ],
  ])('masks a %s column that names a secret', (_name, text) => {
    const out = maskSecrets(text).text;
    expect(out).not.toContain(PASSWORD);
    expect(out).not.toContain(TOKEN);
    expect(maskSecrets(out).text).toBe(out);
  });

  it.each([
    [
      'token counts',
      '| model | tokens | cost |\n|---|---|---|\n| claude-3-5-sonnet-20241022 | 67890 | $0.34 |',
    ],
    ['test results', '| test | passed |\n|---|---|\n| login_flow_test_2024 | true |'],
    [
      'placeholders and references',
      '| user | password |\n|---|---|\n| ada | ******** |\n| ci | $CI_PASSWORD |',
    ],
    ['names of secrets', '| secret_name | age |\n|---|---|\n| db-credentials-v2 | 12d |'],
    ['CSV counts', 'model,prompt_tokens,completion_tokens\ngpt-4o-2024-08-06,1234,567'],
    [
      'aligned token counts',
      'MODEL                         TOKENS    COST\nclaude-3-5-sonnet-20241022    67890     $0.34',
    ],
    [
      "a Vault token's properties",
      'Key                Value\n---                -----\ntoken_duration     768h\ntoken_renewable    true\ntoken_policies     ["default", "deploy"]',
    ],
    [
      'a package list whose rows name secrets (a row is no header: its cells hold numbers and dates)',
      'name\tversion\tmonth\trank\tsummary\naws-secret\t0.3\t2018-05\t\tAWS Secret wrapper\n' +
        "aws-secret-cdk\t5.3.0\t2020-08\t\tPackage to create a SecretsManager's secret with auto rotation.\n" +
        'aws-secrets\t0.1.10\t2023-12\t\tPython library for resolving secrets from AWS Secrets Manager\n' +
        'aws-secrets-cache\t0.2.1\t2023-07\t\t\naws-secrets-dict\t1.2.0\t2024-09\t\tA dictionary over Secrets Manager',
    ],
  ])('leaves %s alone', (_name, text) => {
    expect(maskSecrets(text).text).toBe(text);
  });
});

describe('asMasked', () => {
  it('turns what divides cells inside a mask into `[`, and nothing else', () => {
    const text = 'a,b\t"c"|d│e f\ng,h';
    expect(asMasked(text, [{ start: 1, end: 14 }])).toBe('a[b["c"[d[e f\ng,h');
    expect(
      asMasked(text, [
        { start: 0, end: 2 },
        { start: 15, end: 16 },
      ]),
    ).toBe('a[b\t"c"|d│e f\ng[h');
    expect(asMasked(text, [])).toBe(text);
    expect(asMasked(text, [{ start: 10, end: 13 }])).toBe(text);
  });
});

describe('a mask that takes a delimiter', () => {
  // A key that takes the comma after it, or the one between it and more: the row has a cell fewer once
  // masked, and is read as it will be.
  const KEY = 'ZKV6He89bTZlvzEy';
  it.each([
    [
      'ends a CSV row',
      `UserPrincipalName,AccessKeyId,AccessKeySecret\noss@1849.onaliyun.com,LTAI5tQ8xVb2nKdLmP3rWsZy,EtAHoMOfnuEWsMOGlwAo5MNHdOgDVpradius-server host 10.50.1.30 auth-port 1812 acct-port 1813 key ${KEY},`,
      [KEY],
    ],
    [
      'is inside a CSV row',
      `user,cmd,password\nbob,tacacs-server key ${KEY},zT7 x,${PASSWORD}`,
      [KEY, PASSWORD],
    ],
  ])('is masked once for all when it %s', (_name, text, secrets) => {
    const out = maskSecrets(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
    expect(maskSecrets(out).text).toBe(out);
  });
});

describe('an aligned table read as its masks will leave it', () => {
  const GITHUB = 'ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE';
  /** The header's names padded to the widths given, and the rows' cells joined as they are given. */
  const spaced = (widths: number[], names: string[], rows: string[]) =>
    `${names.map((name, i) => name.padEnd(widths[i] ?? 0)).join('')}\n${rows.join('\n')}`;

  it('reads no cell past a mask by where it stands: once masked, another may stand there', () => {
    // The token is a label 19 characters shorter once masked, and the word after it then starts under Token.
    const text = spaced([46, 5], ['NAME', 'Token'], [`${GITHUB}  build-2024-runner-lnx1 ${TOKEN}`]);
    const out = maskSecrets(text).text;
    expect(out).toContain(TOKEN);
    expect(maskSecrets(out).text).toBe(out);
  });

  it('still reads the cells before a mask, and the rows after a row whose first cell is masked', () => {
    const text = spaced(
      [20, 20, 10],
      ['NAME', 'Secret Key', 'NOTE'],
      [
        `deploy              ${PASSWORD}      ${GITHUB}`,
        `${GITHUB}  x`,
        `ci                  ${OTHER}      n/a`,
      ],
    );
    const out = maskSecrets(text).text;
    for (const secret of [PASSWORD, OTHER, GITHUB]) expect(out).not.toContain(secret);
    expect(maskSecrets(out).text).toBe(out);
  });

  it('splits no cell at blanks inside a mask: its label holds none', () => {
    // After a command's line, as a CLI prints it (at a text's start it is a TSV, whose cells only tabs divide).
    const text = `$ influx auth list\nID\tDescription\tToken\n1\tsays  hello\t${TOKEN}`;
    const mask = { start: text.indexOf('says'), end: text.indexOf('hello') + 5 };
    const found = (masks: { start: number; end: number }[]) =>
      secretColumnCells(text, isSecretishKey, masks).map((c) => text.slice(c.start, c.end));
    // Read as it stands, the row has four cells under three names and ends the table.
    expect(found([])).toEqual([]);
    expect(found([mask])).toEqual([TOKEN]);
  });

  it('reads a row a mask takes across lines as one line, as its label leaves it', () => {
    // A key of several lines in the first column: read line by line, the table ended at its second line.
    const key = 'line one of a key\nline two of a key';
    const text = `Token                NAME\n${key}    deploy\n${OTHER.padEnd(21)}ci`;
    const found = (masks: { start: number; end: number }[]) =>
      secretColumnCells(text, isSecretishKey, masks).map((c) => text.slice(c.start, c.end));
    expect(found([])).toEqual([]);
    const start = text.indexOf(key);
    expect(found([{ start, end: start + key.length }])).toEqual([key, OTHER]);
  });

  it('reads the cell a mask starts in, whole, and none after it in its row; no header a mask falls in', () => {
    const text = `NAME          Token          Secret Key\n${'a'.padEnd(14)}${OTHER.padEnd(15)}${PASSWORD}`;
    const other = text.indexOf(OTHER);
    const found = (masks: { start: number; end: number }[]) =>
      secretColumnCells(text, isSecretishKey, masks).map((c) => text.slice(c.start, c.end));
    expect(found([])).toEqual([OTHER, PASSWORD]);
    expect(found([{ start: other + 2, end: other + 6 }])).toEqual([OTHER]);
    expect(found([{ start: 2, end: 4 }])).toEqual([]);
  });
});

describe('wholeCells', () => {
  it("masks whole, by a match's rule, each cell the match masks only in part", () => {
    const a = { id: 'a' } as never;
    const b = { id: 'b' } as never;
    const cells = [
      { start: 0, end: 10, header: 'Token' },
      { start: 20, end: 30, header: 'Token' },
      { start: 40, end: 50, header: 'Token' },
    ];
    const matches = [
      { start: 3, end: 6, rule: a },
      { start: 20, end: 30, rule: b },
      { start: 48, end: 60, rule: b },
    ];
    expect(wholeCells(cells, matches)).toEqual([
      { start: 0, end: 10, rule: a },
      { start: 40, end: 50, rule: b },
    ]);
    expect(wholeCells(cells, [])).toEqual([]);
  });
});
