/**
 * @module secrets/table-columns
 * Secrets in a column of a table printed as text: a query's result (`psql`, `mysql`), a Markdown table, CSV.
 * The header names the secret (`password`, `api_key`, `reset_token`); a cell below it, read alone, is only a
 * value, which no rule takes for a secret. So each cell of such a column is read as a value under that key
 * is (`api_key=<cell>`, or `"api_key": "<cell>"` as `withKeyContext` frames structuredContent's members):
 * the rules' checks decide and the rule that masks it names it.
 *
 * Tables are found by what their shape cannot do without: a rule line under a header of columns (`|---|---|`,
 * `----+----`, `+----+----+`), or a text that starts with a delimited header (CSV, TSV). A row with another
 * number of cells, a blank line or psql's `(N rows)` ends a table.
 *
 * A table of two columns headed `Key` and `Value` (Vault's `vault kv get`, `| Setting | Value |`) names the
 * secret in a row's first cell instead: the second is read under it. Vault aligns its columns with spaces,
 * under a rule line or none (`NAME   VALUE`).
 *
 * A CSV header whose every name is quoted stands on any line (a password manager's export, printed).
 *
 * CLIs draw tables with box characters too (`│ NAME │ VALUE │` under `├───┼───┤`): `│` stands for `|`. A wiki's
 * header between double bars needs no rule line (`|| System || Kennwort ||`). And
 * they align them with blanks (`doctl`, `kubectl`, `influx`: `Name  Access Key  Secret Key`, tabs between
 * `ID\tDescription\tToken`): a header whose columns name a secret (`Token`, `Secret Key`, `PASSWORD`) is read
 * with the rows under it.
 */

import { copyUnits } from '../core/units.js';
import type { SecretMatch } from '../rules/registry.js';
import { overlapsSpans } from '../rules/spans.js';

/** A cell under a header that names a secret: its value's span in the text. */
export interface SecretCell {
  readonly start: number;
  readonly end: number;
  readonly header: string;
}

/** A rule line under a table's header: dashes, with `|` or `+` between columns and maybe around them. */
const RULE_LINE = /^[ \t]*[|+]?(?:[ \t]*:?-{3,}:?[ \t]*[|+])*[ \t]*:?-{3,}:?[ \t]*[|+]?[ \t]*$/;
/** The same drawn with box characters, light or double (`├───┼───┤`, `╞═══╪═══╡`). */
const BOX_RULE_LINE = /^[ \t]*[├╞]?(?:[─═]{3,}[┼╪])*[─═]{3,}[┤╡]?[ \t]*$/;

/**
 * Cells shorter than this are not read: the generic rule, which reads a value under a secret's name, takes
 * none shorter (a megabyte of a table's short cells is a hundred thousand of them).
 */
const MIN_VALUE = 8;

/**
 * The header of a table of keys and values: the first column's name and the second's (`OUTPUT  VALUE`:
 * Pulumi's stack outputs).
 */
const KEY_HEADER = /^(?:key|name|field|property|setting|variable|parameter|attribute|output)$/i;
const VALUE_HEADER = /^values?$/i;

/** A rule line of two columns that only spaces divide, as Vault prints under `Key  Value`. */
const SPACED_RULE = /^[ \t]*-{3,}[ \t]+-{3,}[ \t]*$/;

/**
 * A column's name in a CSV or TSV header: words, numbers and a little punctuation (`api_key`, `Secret Access
 * Key`, `Amount (USD)`; pandas leaves the index column's empty). A first line of code that happens to hold
 * commas (`System.setProperty("TOKEN", x)`) is no header, though its pieces may name a secret.
 */
const COLUMN_NAME = /^[\p{L}\p{N} _.\-/#()%]{0,64}$/u;

/** psql's footer under a table (`(2 rows)`), which a table of one column would take for a row. */
const ROW_COUNT = /^\(\d+ rows?\)$/;

/** Where the line holding `at` starts and ends (without its line break). */
function lineAround(text: string, at: number): [number, number] {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  return [start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end];
}

/** The next line after one that ends at `end`: its start and end, or undefined at the text's end. */
function nextLine(text: string, end: number): [number, number] | undefined {
  let start = end;
  if (text.charCodeAt(start) === 0x0d) start++;
  if (text.charCodeAt(start) !== 0x0a) return undefined;
  return lineAround(text, start + 1);
}

/** A mask's span, or a cell's: where it starts and ends. */
type Span = { readonly start: number; readonly end: number };

/** The line after one that ends at `end`, or undefined at the text's end (see `linesAsMasked`). */
type NextLine = (end: number) => [number, number] | undefined;

/**
 * Lines as `masks` (in text order) will leave them: a mask that holds a line break joins the lines it spans
 * into one, as its label holds none. Read line by line, a table with a private key in a cell ended at the key's
 * second line, and the masked text went on to rows that the text had not reached, and masked cells there.
 */
function linesAsMasked(text: string, masks: readonly Span[]): NextLine {
  // Found when a reader first goes on to a row: most texts hold no table, and are read by no reader that far.
  let joining: readonly Span[] | undefined;
  return (end) => {
    const line = nextLine(text, end);
    if (line === undefined) return undefined;
    joining ??= masks.filter((m) => text.slice(m.start, m.end).includes('\n'));
    for (let m = maskOver(joining, breakAt(text, line[1])); m !== undefined; ) {
      line[1] = lineAround(text, m.end)[1];
      m = maskOver(joining, breakAt(text, line[1]));
    }
    return line;
  };
}

/** Where the line break after a line ending at `end` is (after its `\r`, if it has one). */
const breakAt = (text: string, end: number): number => (text.charCodeAt(end) === 0x0d ? end + 1 : end);

/** The mask of `masks` (in text order, apart) that holds unit `at`, if one does. */
function maskOver(masks: readonly Span[], at: number): Span | undefined {
  let lo = 0;
  let hi = masks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = masks[mid] as Span;
    if (m.end <= at) lo = mid + 1;
    else if (m.start > at) hi = mid - 1;
    else return m;
  }
  return undefined;
}

/** What every reader of one text shares: which names are a secret's, where cells go, and how lines go on. */
interface Reading {
  readonly isSecretName: (name: string) => boolean;
  readonly out: SecretCell[];
  readonly masks: readonly Span[];
  readonly nextLine: NextLine;
}

const TAB = 0x09;
const COMMA = 0x2c;
const PIPE = 0x7c;
const BOX_BAR = 0x2502; // │
const isBlank = (c: number): boolean => c === 0x20 || c === TAB;
/** Delimiters that may also open and close a row (`| a | b |`, `│ a │ b │`). */
const isBar = (c: number): boolean => c === PIPE || c === BOX_BAR;

/** How a kind of table rules its header off: the line's shape, and the runs a search for one looks for. */
interface Ruling {
  readonly line: RegExp;
  readonly runs: readonly string[];
}
const DASHED: Ruling = { line: RULE_LINE, runs: ['---'] };
const DRAWN: Ruling = { line: BOX_RULE_LINE, runs: ['───', '═══'] };
const rulingOf = (delimiter: number): Ruling => (delimiter === BOX_BAR ? DRAWN : DASHED);

/**
 * A search for `runs` (a ruling's, or words) from ever later places: where the next one is at or after `from`, or
 * -1. Each run is searched again only once passed: a run the text does not hold (`═══` in a table ruled `───`),
 * looked for from each row, read the text to its end a row (quadratic).
 */
function runSearch(text: string, runs: readonly string[]): (from: number) => number {
  const next = runs.map(() => -2); // -2: not looked for yet
  return (from) => {
    let nearest = -1;
    runs.forEach((run, i) => {
      let at = next[i] as number;
      if (at === -2 || (at >= 0 && at < from)) {
        at = text.indexOf(run, from);
        next[i] = at;
      }
      if (at >= 0 && (nearest < 0 || at < nearest)) nearest = at;
    });
    return nearest;
  };
}

/**
 * The cells of `text[start, end)` split at `delimiter`, trimmed, as start–end pairs; a `|` before the first
 * cell and after the last (Markdown, mysql) opens and closes the row rather than delimiting an empty cell.
 */
function cellsOf(text: string, start: number, end: number, delimiter: number): number[] {
  let from = start;
  let to = end;
  while (from < to && isBlank(text.charCodeAt(from))) from++;
  while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
  if (isBar(delimiter)) {
    if (text.charCodeAt(from) === delimiter) from++;
    if (to > from && text.charCodeAt(to - 1) === delimiter) to--;
  }
  const cells: number[] = [];
  let cell = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text.charCodeAt(i) !== delimiter) continue;
    let s = cell;
    let e = i;
    while (s < e && isBlank(text.charCodeAt(s))) s++;
    while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
    // CSV quotes a field that holds a delimiter or a quote: the value is what they hold.
    if (e - s >= 2 && text.charCodeAt(s) === 0x22 && text.charCodeAt(e - 1) === 0x22) {
      s++;
      e--;
    }
    cells.push(s, e);
    cell = i + 1;
  }
  return cells;
}

/** Is every cell of a CSV or TSV header line, split as `cells` are, a column's name (see `COLUMN_NAME`)? */
function namesColumns(text: string, cells: number[]): boolean {
  for (let c = 0; c < cells.length; c += 2) {
    if (!COLUMN_NAME.test(text.slice(cells[c], cells[c + 1]))) return false;
  }
  return true;
}

/**
 * Reads the rows after a header line ending at `headerEnd`: every cell under a secret-naming header goes to
 * `out`. Returns where the table ends.
 */
function readRows(
  text: string,
  header: number[],
  headerEnd: number,
  delimiter: number,
  reading: Reading,
): number {
  const names: (string | undefined)[] = [];
  let any = false;
  for (let c = 0; c < header.length; c += 2) {
    const name = text.slice(header[c], header[c + 1]);
    const secret = name.length > 0 && reading.isSecretName(name);
    names.push(secret ? name : undefined);
    any ||= secret;
  }
  if (!any) return headerEnd;
  let end = headerEnd;
  const ruling = rulingOf(delimiter);
  const nextRun = runSearch(text, ruling.runs);
  // The next `---` at or after the line read (-1: none further).
  let dashes = nextRun(headerEnd);
  for (let line = reading.nextLine(headerEnd); line !== undefined; line = reading.nextLine(line[1])) {
    const [start, stop] = line;
    if (dashes >= 0 && dashes < start) dashes = nextRun(start);
    if (dashes >= 0 && dashes < stop && ruling.line.test(text.slice(start, stop))) {
      end = stop;
      continue;
    }
    const cells = cellsOf(text, start, stop, delimiter);
    if (stop === start || cells.length !== header.length) break;
    if (text.charCodeAt(start) === 0x28 && ROW_COUNT.test(text.slice(start, stop))) break;
    for (let c = 0; c < names.length; c++) {
      const name = names[c];
      const s = cells[2 * c] as number;
      const e = cells[2 * c + 1] as number;
      if (name !== undefined && e - s >= MIN_VALUE) reading.out.push({ start: s, end: e, header: name });
    }
    end = stop;
  }
  return end;
}

/**
 * `text[start, end)` as a key and its value, split at the first run of blanks (a table aligned with spaces),
 * as start–end pairs; undefined for a line with no value.
 */
function keyAndValue(text: string, start: number, end: number): number[] | undefined {
  let s = start;
  while (s < end && isBlank(text.charCodeAt(s))) s++;
  let k = s;
  while (k < end && !isBlank(text.charCodeAt(k))) k++;
  let v = k;
  while (v < end && isBlank(text.charCodeAt(v))) v++;
  let e = end;
  while (e > v && isBlank(text.charCodeAt(e - 1))) e--;
  return v < e && k > s ? [s, k, v, e] : undefined;
}

/**
 * Reads the rows of a table of keys and values after its rule line, which ends at `ruleEnd`: the value of
 * each key `isSecretName` accepts goes to `out`, the key as its header. Returns where the table ends.
 */
function readKeyValueRows(
  text: string,
  ruleEnd: number,
  delimiter: number | undefined,
  reading: Reading,
): number {
  let end = ruleEnd;
  for (let line = reading.nextLine(ruleEnd); line !== undefined; line = reading.nextLine(line[1])) {
    const [start, stop] = line;
    const row =
      delimiter === undefined ? keyAndValue(text, start, stop) : cellsOf(text, start, stop, delimiter);
    if (row === undefined || row.length !== 4) break;
    const [ks, ke, vs, ve] = row as [number, number, number, number];
    const key = text.slice(ks, ke);
    if (ve - vs >= MIN_VALUE && key.length > 0 && reading.isSecretName(key))
      reading.out.push({ start: vs, end: ve, header: key });
    end = stop;
  }
  return end;
}

/** Is the header `text[start, end)`, split as `cells` are, that of a table of keys and values? */
function isKeyValueHeader(text: string, cells: readonly number[] | undefined): boolean {
  return (
    cells !== undefined &&
    cells.length === 4 &&
    KEY_HEADER.test(text.slice(cells[0], cells[1])) &&
    VALUE_HEADER.test(text.slice(cells[2], cells[3]))
  );
}

/** Does this unit divide a row into cells (`,`, a tab, `|`, `│`)? `DIVIDES_CELLS` finds one in a string. */
const dividesCells = (c: number): boolean => c === COMMA || c === TAB || c === PIPE || c === BOX_BAR;
const DIVIDES_CELLS = /[,\t|│]/;

/**
 * `text` with its rows divided into cells as they will be once `masks` (in text order) are applied: every
 * unit of a mask's span that `dividesCells` is a `[` here, as a mask's label holds none; `text` itself when no
 * span holds one, as most do not. Read in `text`, a key that took the comma after it (`key Zk6…,` ending a
 * CSV row) left the row a cell fewer, so masking the masked text read it as a row of its table, and masked a
 * cell more.
 *
 * Only the spans are read (searched, then looked through where they hold one), and the view is one copy of the
 * text however many units change. Joined as a string at each unit, it took 3.1 ms on 1 MB of `pwd="aaaaaaaa`,
 * one value masked to its line's end across 77,000 quotes (counted then; a quote only says whether a cell's
 * value is trimmed of it). Blanks and line breaks are left too: a private key's span holds both, and a copy
 * for every text that holds one would cost W1's megabyte 1.5 ms.
 */
export function asMasked(text: string, masks: readonly Span[]): string {
  let units: Buffer | undefined;
  for (const m of masks) {
    if (!DIVIDES_CELLS.test(text.slice(m.start, m.end))) continue;
    for (let i = m.start; i < m.end; i++) {
      if (!dividesCells(text.charCodeAt(i))) continue;
      if (units === undefined) {
        units = Buffer.allocUnsafe(2 * text.length);
        copyUnits(units, text, 0, text.length, 'utf16le');
      }
      units.writeUInt16LE(0x5b, 2 * i);
    }
  }
  return units === undefined ? text : units.toString('utf16le');
}

/**
 * The cells of `original`'s tables that stand under a header `isSecretName` accepts, in text order; its tables
 * read as `masks` (in text order) will leave them (see `asMasked`).
 *
 * @example
 * secretColumnCells('id,password\n1,hunter22', (h) => h === 'password');
 * // [{ start: 14, end: 22, header: 'password' }]
 */
export function secretColumnCells(
  original: string,
  isSecretName: (name: string) => boolean,
  masks: readonly Span[] = [],
): readonly SecretCell[] {
  // A table is a header and rows, a cell of MIN_VALUE among them: a short text, or one of one line, as most
  // strings are, holds none; nor is its view made.
  if (original.length < 2 * MIN_VALUE + 4 || original.indexOf('\n') < 0) return NO_CELLS;
  const text = asMasked(original, masks);
  const out: SecretCell[] = [];
  const reading: Reading = { isSecretName, out, masks, nextLine: linesAsMasked(text, masks) };
  // CSV and TSV: the text starts with the header, tabs between its names if it has any, else commas.
  const firstEnd = lineAround(text, 0)[1];
  // On the first line only, where a header's delimiters are: a search of the whole text went on past it.
  let tab = -1;
  let comma = -1;
  for (let i = 0; i < firstEnd && tab < 0; i++) {
    const c = text.charCodeAt(i);
    if (c === TAB) tab = i;
    else if (c === COMMA && comma < 0) comma = i;
  }
  const delimiter = tab >= 0 ? TAB : COMMA;
  const first = tab >= 0 ? tab : comma;
  let readTo = 0;
  if (first >= 0) {
    const header = cellsOf(text, 0, firstEnd, delimiter);
    if (namesColumns(text, header)) readTo = readRows(text, header, firstEnd, delimiter, reading);
  }
  // Tables with a rule line under a header of columns, `|` between them (or `│`, drawn), and tables of keys
  // and values aligned with spaces under `Key  Value`. `|`, `│` and `V` are rare characters, found fast;
  // `---` is not, in a log whose every line starts with a date (W4's block: 0.2 µs a call).
  if (text.indexOf('","', readTo) >= 0) readQuotedCsv(text, readTo, reading);
  if (text.indexOf('|', readTo) >= 0) readRuled(text, readTo, PIPE, reading);
  if (text.indexOf('||', readTo) >= 0) readWiki(text, readTo, reading);
  if (text.indexOf('│', readTo) >= 0) readRuled(text, readTo, BOX_BAR, reading);
  readSpaced(text, readTo, 'Value', reading);
  readSpaced(text, readTo, 'VALUE', reading);
  readAligned(text, readTo, reading);
  if (out.length === 0) return NO_CELLS;
  // Each kind of table was read on its own: in text order again (a sort of sorted cells reads them once).
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The tables from `from` on whose header has `bar` between its columns and a rule line under it (`---|---`,
 * `├───┼───┤`): their secret cells go to `out`.
 */
function readRuled(text: string, from: number, bar: number, reading: Reading): void {
  const ruling = rulingOf(bar);
  const nextRun = runSearch(text, ruling.runs);
  const char = String.fromCharCode(bar);
  // The next bar at or after the header looked at (-1: none further), searched again only once passed, as
  // `readRows` does its dashes.
  let next = text.indexOf(char, from);
  for (let at = nextRun(from); at >= 0; ) {
    const [start, end] = lineAround(text, at);
    let done = end;
    if (start > 0) {
      const [headerStart, headerEnd] = lineAround(text, start - 1);
      if (next >= 0 && next < headerStart) next = text.indexOf(char, headerStart);
      if (next >= 0 && next < headerEnd && ruling.line.test(text.slice(start, end))) {
        const header = cellsOf(text, headerStart, headerEnd, bar);
        done = isKeyValueHeader(text, header)
          ? readKeyValueRows(text, end, bar, reading)
          : readRows(text, header, end, bar, reading);
      }
    }
    at = nextRun(done + 1);
  }
}

/**
 * The tables from `from` on in Confluence's and Jira's wiki markup: a header row between double bars
 * (`|| System || Kennwort ||`) and no rule line, rows between single ones. Their secret cells go to `out`.
 */
function readWiki(text: string, from: number, reading: Reading): void {
  for (let at = text.indexOf('||', from); at >= 0; ) {
    const [start, end] = lineAround(text, at);
    let done = end;
    let s = start;
    let e = end;
    while (s < e && isBlank(text.charCodeAt(s))) s++;
    while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
    if (s === at && e - s > 4 && text.startsWith('||', e - 2)) {
      const header: number[] = [];
      for (let c = s + 2; c < e - 1; ) {
        const next = text.indexOf('||', c);
        let cs = c;
        let ce = next;
        while (cs < ce && isBlank(text.charCodeAt(cs))) cs++;
        while (ce > cs && isBlank(text.charCodeAt(ce - 1))) ce--;
        header.push(cs, ce);
        c = next + 2;
      }
      if (header.length >= 4 && shortNames(text, header)) done = readRows(text, header, end, PIPE, reading);
    }
    at = text.indexOf('||', done + 1);
  }
}

/**
 * The tables of keys and values from `from` on aligned with spaces, under a header of two names the second
 * of which is `value` (`Key  Value`, `NAME   VALUE`), with Vault's rule line under it (`---  -----`) or none.
 */
function readSpaced(text: string, from: number, value: string, reading: Reading): void {
  for (let at = text.indexOf(value, from); at >= 0; ) {
    const [start, end] = lineAround(text, at);
    let done = end;
    if (isKeyValueHeader(text, keyAndValue(text, start, end))) {
      let rowsFrom = end;
      const rule = reading.nextLine(end);
      if (rule !== undefined && SPACED_RULE.test(text.slice(rule[0], rule[1]))) rowsFrom = rule[1];
      done = readKeyValueRows(text, rowsFrom, undefined, reading);
    }
    at = text.indexOf(value, done + 1);
  }
}

/**
 * CSV whose header names are each quoted (`"Group","Title","Username","Password",…`, as password managers
 * export it), on any line: printed by `head` or `cat` after a prompt. The quotes around every name, four or
 * more, tell the header from a line of prose with commas; a line of JSON starts otherwise.
 */
function readQuotedCsv(text: string, from: number, reading: Reading): void {
  for (let at = text.indexOf('","', from); at >= 0; ) {
    const [start, end] = lineAround(text, at);
    let done = end;
    if (text.charCodeAt(start) === 0x22 && text.charCodeAt(end - 1) === 0x22) {
      const header = cellsOf(text, start, end, COMMA);
      if (header.length >= 8 && namesColumns(text, header))
        done = readRows(text, header, end, COMMA, reading);
    }
    at = text.indexOf('","', done + 1);
  }
}

/**
 * Words whose line may be the header of a table a CLI aligns with blanks (Go's tabwriter: `kubectl`, `doctl`,
 * `influx`), searched for as written there: capitalised, or in capitals. Six characters at most: V8 searches a
 * longer needle another way, which read W1 at ~2 GB/s instead of ~40 (`Password` took 0.45 ms a megabyte).
 */
const ALIGNED_WORDS = ['Token', 'TOKEN', 'Secret', 'SECRET', 'Passwo', 'PASSWO'];

/**
 * The same in other scripts, for tables whose columns a tab divides (a sheet pasted from Excel: `初期パスワード`),
 * looked for only in a text that holds a tab: each word is one more search of every text (W4's block: +3%).
 */
const TABBED_WORDS = [...ALIGNED_WORDS, 'パスワード', '密码', '密碼', '비밀번호'];

/** Rows read under one header at most: a table a CLI prints for a person to read is shorter. */
const ALIGNED_ROWS = 1000;

/**
 * `text[start, end)` split at runs of two blanks or more and at tabs, trimmed, as start–end pairs: the columns
 * of a line a CLI aligned (a single space stays inside a cell: `Secret Key`, `User Name`).
 */
function alignedCells(text: string, start: number, end: number, spans: readonly number[] = []): number[] {
  const cells: number[] = [];
  let i = start;
  while (i < end) {
    while (i < end && blankAt(text, i, spans)) i++;
    if (i >= end) break;
    const s = i;
    while (i < end) {
      const c = text.charCodeAt(i);
      const gap = c === TAB || (c === 0x20 && (i + 1 >= end || blankAt(text, i + 1, spans)));
      if (gap && (spans.length === 0 || !inSpans(spans, i))) break;
      i++;
    }
    cells.push(s, i);
  }
  return cells;
}

/**
 * A CLI's column names: each a name (see `COLUMN_NAME`) of three words at most (`Secret Key`), not prose, and
 * holding a letter: a row of data that names a secret (`aws-secret\t0.3\t2018-05\t\tAWS Secret wrapper` in a
 * package list) has numbers and dates among its cells, and read as a header it made the rows under it values.
 */
const SHORT_NAME =
  /^(?=[^\p{L}]{0,72}\p{L})[\p{L}\p{N}_.\-/#()%]{1,24}(?: [\p{L}\p{N}_.\-/#()%]{1,24}){0,2}$/u;

function shortNames(text: string, cells: number[]): boolean {
  for (let c = 0; c < cells.length; c += 2) {
    if (!SHORT_NAME.test(text.slice(cells[c], cells[c + 1]))) return false;
  }
  return true;
}

const NO_COLUMNS: number[] = [];

/**
 * Does `text[start, end)` hold two blanks in a row or a tab, as a line of columns does? Most lines holding a
 * header's word are prose or a log's, and are passed over without being split.
 */
function columnGap(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === TAB || (c === 0x20 && text.charCodeAt(i - 1) === 0x20)) return true;
  }
  return false;
}

/** Does `text[start, end)` hold a tab? (Searched within it: a search of the text ran on to its end.) */
function holdsTab(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === TAB) return true;
  return false;
}

/** Does `text[start, end)` hold only dashes and blanks (a rule line under an aligned header)? */
function onlyDashes(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x2d && !isBlank(c)) return false;
  }
  return end > start;
}

/**
 * The tables from `from` on whose header line holds one of `ALIGNED_WORDS` and whose columns are aligned with
 * blanks: each
 * row's cell under a secret-naming header goes to `out`. Columns a tab divides are matched by their order
 * (tabwriter's tabs do not keep offsets), columns of spaces by where they start under the header.
 */
function readAligned(text: string, from: number, reading: Reading): void {
  const nextWord = runSearch(text, text.indexOf('\t', from) >= 0 ? TABBED_WORDS : ALIGNED_WORDS);
  const opaque = opaqueSpans(text, reading.masks);
  for (let at = nextWord(from); at >= 0; ) {
    const [start, end] = lineAround(text, at);
    let done = end;
    const header = columnGap(text, start, end) ? alignedCells(text, start, end) : NO_COLUMNS;
    // A header a mask falls in is one no longer, once masked (a label is no column's name).
    const named = header.length >= 4 && shortNames(text, header) && opaque(start, end).length === 0;
    if (named && !isKeyValueHeader(text, header)) {
      const tabbed = holdsTab(text, start, end);
      const secret: number[] = []; // the secret columns' indexes, with their names in `names`
      const names: string[] = [];
      for (let c = 0; c < header.length; c += 2) {
        const name = text.slice(header[c], header[c + 1]);
        if (reading.isSecretName(name)) {
          secret.push(c);
          names.push(name);
        }
      }
      if (secret.length > 0)
        done = readAlignedRows(text, { start, end, cells: header, tabbed }, secret, names, opaque, reading);
    }
    at = nextWord(done + 1);
  }
}

/** An aligned table's header line: where it starts and ends, its cells, and whether tabs divide them. */
interface AlignedHeader {
  readonly start: number;
  readonly end: number;
  readonly cells: number[];
  readonly tabbed: boolean;
}

/**
 * The rows under an aligned header (see `readAligned`), each read as masking will leave it (see
 * `opaqueSpans`); returns where the table ends.
 */
function readAlignedRows(
  text: string,
  header: AlignedHeader,
  secret: number[],
  names: string[],
  opaque: OpaqueSpans,
  reading: Reading,
): number {
  const columns = header.cells.length / 2;
  const firstAt = (header.cells[0] as number) - header.start;
  let end = header.end;
  for (let rows = 0, line = reading.nextLine(end); line !== undefined && rows < ALIGNED_ROWS; rows++) {
    const [start, stop] = line;
    if (!onlyDashes(text, start, stop)) {
      const spans = opaque(start, stop);
      if (header.tabbed) {
        const cells = alignedCells(text, start, stop, spans);
        // A row of a TSV whose last cell is empty ends with its tab: one cell short, the others in place.
        const lastEmpty =
          cells.length === header.cells.length - 2 &&
          text.charCodeAt(stop - 1) === TAB &&
          !inSpans(spans, stop - 1);
        if (cells.length !== header.cells.length && !lastEmpty) break;
        for (let k = 0; k < secret.length; k++) {
          const c = secret[k] as number;
          pushCell(reading.out, cells[c] as number, cells[c + 1] as number, names[k] as string);
        }
      } else {
        // Aligned with spaces: a row starts where its header does, and a cell where its column's name does.
        // Past the row's first mask, its cells stand elsewhere once masked, a label being another length:
        // they are not read by where they stand. The cell the mask starts in is read whole, as its label will
        // be.
        const cut = spans.length > 0 ? (spans[0] as number) : stop;
        const first = start + firstAt;
        if (first >= stop || first > cut || !startsCell(text, first, start, spans)) break;
        if (columns > 1 && !spacedFurther(text, first, stop, spans)) break;
        for (let k = 0; k < secret.length; k++) {
          const s = start + (header.cells[secret[k] as number] as number) - header.start;
          if (s > cut || s >= stop || !startsCell(text, s, start, spans)) continue;
          let e = s;
          while (e < stop && !blankAt(text, e, spans)) e++;
          pushCell(reading.out, s, e, names[k] as string);
        }
      }
    }
    end = stop;
    line = reading.nextLine(stop);
  }
  return end;
}

/**
 * Does a cell start at `at` of a line starting at `lineStart`: no blank there, a blank or the line's start
 * before? A unit of an opaque span (see `opaqueSpans`) is no blank.
 */
const startsCell = (text: string, at: number, lineStart: number, spans: readonly number[]): boolean =>
  !blankAt(text, at, spans) && (at === lineStart || blankAt(text, at - 1, spans));

/**
 * Does the line go on past `from` with another cell, after two blanks or a tab? (Prose has one blank.) Blanks
 * inside an opaque span do not count.
 */
function spacedFurther(text: string, from: number, stop: number, spans: readonly number[]): boolean {
  if (blankAt(text, stop - 1, spans)) return false;
  for (let i = from + 1; i < stop - 1; i++) {
    const c = text.charCodeAt(i);
    if ((c === TAB || (c === 0x20 && blankAt(text, i + 1, spans))) && !inSpans(spans, i)) return true;
  }
  return false;
}

/** Is `at` inside one of `spans` (start–end pairs in order, apart)? */
const inSpans = (spans: readonly number[], at: number): boolean => overlapsSpans(spans, at, at + 1);

/** A blank, outside every opaque span. */
const blankAt = (text: string, at: number, spans: readonly number[]): boolean =>
  isBlank(text.charCodeAt(at)) && (spans.length === 0 || !inSpans(spans, at));

/** The opaque spans that meet a line `[start, stop)` (see `opaqueSpans`). */
type OpaqueSpans = (start: number, stop: number) => number[];

/** A line with no opaque span: shared, as most lines of a table are such (never written to). */
const NO_SPANS: number[] = [];

/** What a search for a label finds: a mask of an earlier pass, or text that reads as one. */
const LABEL_OPEN = '[REDACTED';

/**
 * The spans of `text`'s lines that masking leaves opaque, asked of line after line in text order: the masks
 * this pass will apply (`masks`, in text order) and the labels in the text already (`[REDACTED…]`), clipped to
 * the line. An aligned table is read through them as the masked text will be read again: a unit in one is no
 * blank (a mask that took a double blank leaves a label, which holds none), and in a row aligned with spaces a
 * cell past the first one does not stand where it will. Read by the units as they stand, the masked text of a
 * row could hold a cell under a secret's column where the text had none, and masking it again masked more.
 */
function opaqueSpans(text: string, masks: readonly Span[]): OpaqueSpans {
  let next = 0; // the first mask that may meet a later line
  let label = -2; // the next label at or after the lines asked about (-1: none further; -2: not looked for)
  return (start, stop) => {
    while (next < masks.length && (masks[next] as Span).end <= start) next++;
    let spans = NO_SPANS;
    for (let k = next; k < masks.length && (masks[k] as Span).start < stop; k++) {
      const m = masks[k] as Span;
      if (spans === NO_SPANS) spans = [];
      spans.push(Math.max(m.start, start), Math.min(m.end, stop));
    }
    if (label === -2 || (label >= 0 && label < start)) label = text.indexOf(LABEL_OPEN, start);
    if (label < 0 || label >= stop) return spans;
    // Labels as well, each to its `]` within the line; one that is not closed there is none (a search on past
    // the line read the text to its end a row).
    const labels: number[] = [];
    while (label >= 0 && label < stop) {
      const close = text.slice(label, stop).indexOf(']');
      if (close < 0) {
        label = text.indexOf(LABEL_OPEN, stop);
        break;
      }
      labels.push(label, label + close + 1);
      label = text.indexOf(LABEL_OPEN, label + close + 1);
    }
    if (labels.length === 0) return spans;
    return spans.length === 0 ? labels : joinSpans(spans, labels);
  };
}

/** Two lists of start–end pairs, each in order, as one in order, pairs that meet joined. */
function joinSpans(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const fromA = j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number));
    const start = (fromA ? a[i] : b[j]) as number;
    const end = (fromA ? a[i + 1] : b[j + 1]) as number;
    if (fromA) i += 2;
    else j += 2;
    const last = out.length - 1;
    if (last > 0 && start <= (out[last] as number)) out[last] = Math.max(out[last] as number, end);
    else out.push(start, end);
  }
  return out;
}

function pushCell(out: SecretCell[], start: number, end: number, header: string): void {
  if (end - start >= MIN_VALUE) out.push({ start, end, header });
}

const NO_CELLS: readonly SecretCell[] = Object.freeze([]);

/** A header that can stand as a dotenv name. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/**
 * Masks over the whole of each of `cells` that one of `matches` (in text order, apart) masks only in part,
 * named by that match's rule: a secret's column holds one value a cell. Masked in part, the cell read in the
 * masked text is a label and what the mask left, a value the first reading never had, which a rule may take
 * for a secret (`a-0b0c-1[REDACTED:putty-private-key]-MAC:` under `Token`).
 */
export function wholeCells(cells: readonly SecretCell[], matches: readonly SecretMatch[]): SecretMatch[] {
  const out: SecretMatch[] = [];
  let k = 0; // the first match that ends after the cell before
  for (const cell of cells) {
    while (k < matches.length && (matches[k] as SecretMatch).end <= cell.start) k++;
    const m = matches[k];
    if (m !== undefined && m.start < cell.end && (m.start > cell.start || m.end < cell.end))
      out.push({ start: cell.start, end: cell.end, rule: m.rule });
  }
  return out;
}

/**
 * The masks for `cells`: each cell read as the value of a member named by its header (`api_key=<cell>`), all
 * of them framed into one text that `scan` (the rules) reads once, and what they find mapped back to the
 * cells. A match inside a value masks that part of its cell; one that takes the key, a quote or another line
 * with it masks every cell whose value it touches, whole. One scan, not one a cell: a megabyte of a
 * one-column table is 90,000 cells, and a scan each took half a second.
 */
export function maskCells(
  text: string,
  cells: readonly SecretCell[],
  scan: (framed: string) => SecretMatch[],
): SecretMatch[] {
  const parts: string[] = [];
  // Where each cell's framed line starts, and where its value starts and ends, in the framed text.
  const lineStart = new Int32Array(cells.length);
  const valueStart = new Int32Array(cells.length);
  const valueEnd = new Int32Array(cells.length);
  let length = 0;
  cells.forEach((cell, i) => {
    const value = text.slice(cell.start, cell.end);
    // `name=value` on a line of its own, as dotenv has it, where it says the same: a value there may hold any
    // punctuation (it is the rest of its line), and the line is shorter to read. Quoted otherwise.
    const plain = PLAIN_NAME.test(cell.header) && !/\s/.test(value);
    const quote = plain ? '' : !value.includes('"') ? '"' : !value.includes("'") ? "'" : '';
    const prefix = plain ? `${cell.header}=` : `${JSON.stringify(cell.header)}: ${quote}`;
    lineStart[i] = length;
    valueStart[i] = length + prefix.length;
    valueEnd[i] = valueStart[i] + value.length;
    const line = `${prefix}${value}${quote}\n`;
    parts.push(line);
    length += line.length;
  });
  /** The cell whose framed line holds `at`. */
  const lineOf = (at: number): number => {
    let lo = 0;
    let hi = cells.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStart[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const found: SecretMatch[] = [];
  for (const m of scan(parts.join(''))) {
    const first = lineOf(m.start);
    const last = lineOf(m.end - 1);
    for (let c = first; c <= last; c++) {
      const cell = cells[c] as SecretCell;
      const vs = valueStart[c] as number;
      const ve = valueEnd[c] as number;
      if (m.end <= vs || m.start >= ve) continue; // its key, or past its value
      const inside = m.start >= vs && m.end <= ve;
      found.push({
        start: inside ? cell.start + m.start - vs : cell.start,
        end: inside ? cell.start + m.end - vs : cell.end,
        rule: m.rule,
      });
    }
  }
  return found;
}
