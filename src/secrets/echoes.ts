/**
 * @module secrets/echoes
 * A secret found once is a secret wherever the text repeats it. The rules read a value by its context, and a
 * second occurrence often has none: a listing shows a value in two columns (Symfony's `secrets:list --reveal`),
 * a transcript stores a password and then types it again (`radtest bob '…'`), a key from a config file comes
 * back as a `curl -u` argument. Each value the rules found, of `ECHO_MIN` characters or more, is looked for
 * again around where it was found and masked where it stands, by the rule that found it.
 */

import type { SecretMatch } from '../rules/registry.js';
import { mergeMatches } from '../rules/spans.js';

/** Shorter values are left to their context: a PIN or a short word recurs by chance. */
const ECHO_MIN = 8;

/**
 * So are values without both a letter and a digit, as generated secrets and most passwords have: where a
 * rule took a name or words for a value (`exports.withOAuth = withOAuth`, `=true|false` in a comment), they
 * recur all over their file, and each was masked.
 */
const LETTER = /[A-Za-z]/;
const DIGIT = /\d/;
/**
 * A value repeated more often than this near its match is a name in code (`Socks5Auth` all over a module,
 * a rule having taken `exports.Socks5Auth = Socks5Auth` for a value), not a secret shown again.
 */
const ECHO_MAX = 8;
const recurs = (value: string): boolean => DIGIT.test(value) && LETTER.test(value);

/**
 * How far from a match its value is looked for, each way. A secret recurs near where it was found (the same
 * listing, the same transcript); looking over the whole text for each of W1's 117 values cost 150 ms a
 * megabyte as one regex, 27 ms as one `indexOf` each, where the scan itself takes about 11.
 */
const RADIUS = 8192;

/**
 * How many characters all the looking may read, in lengths of the text. Values found close together read
 * their neighbourhoods over and over (40,000 passwords a megabyte, each line's read by 16 KB of searches:
 * 270 ms); past this the rest of the matches are not looked for again.
 */
const BUDGET = 4;

/**
 * The matches and every other place their values occur near them, merged. The same array when no value
 * recurs outside a match.
 *
 * @example
 * // `curl -u key:secret` after `key=…` in a config: the first match's value is masked in the command too.
 */
export function withEchoes(text: string, matches: SecretMatch[]): SecretMatch[] {
  if (matches.length === 0) return matches;
  const byValue = new Map<string, SecretMatch[]>();
  // The value of the match before and its list: a run of matches of one value (a token on every line of a
  // log) is listed without a look-up each, as a Map hashes every new string it is given (1 MB of one value
  // matched 31,000 times: 2.5 ms).
  let last = '';
  let lastFound: SecretMatch[] = [];
  for (const m of matches) {
    if (m.end - m.start < ECHO_MIN) continue;
    const value = text.slice(m.start, m.end);
    if (value === last) {
      lastFound.push(m);
      continue;
    }
    if (!recurs(value)) continue;
    let found = byValue.get(value);
    if (found === undefined) {
      found = [];
      byValue.set(value, found);
    }
    found.push(m);
    last = value;
    lastFound = found;
  }
  const echoes: SecretMatch[] = [];
  let budget = BUDGET * text.length + 2 * RADIUS;
  search: for (const [value, found] of byValue) {
    // The windows of one value's matches, in order: each read once, and an occurrence taken once.
    const again: SecretMatch[] = [];
    let readTo = 0;
    for (const m of found) {
      const from = Math.max(readTo - value.length + 1, m.start - RADIUS, 0);
      const to = Math.min(text.length, m.end + RADIUS);
      if (to - from < value.length) continue;
      budget -= to - from;
      if (budget < 0) break search;
      const near = text.slice(from, to);
      for (let at = near.indexOf(value); at >= 0; at = near.indexOf(value, at + value.length)) {
        const start = from + at;
        if (start >= readTo - value.length + 1 && start !== m.start) {
          again.push({ start, end: start + value.length, rule: m.rule });
        }
      }
      // A name in code, already: its other matches need not be read around (1 MB of one value repeated
      // 31,000 times, each a match, read a window around each and pushed every occurrence again).
      if (again.length > ECHO_MAX) continue search;
      readTo = to;
    }
    echoes.push(...again);
  }
  const outside = echoes.filter((e) => !within(matches, e));
  return outside.length === 0 ? matches : mergeMatches([...matches, ...outside]);
}

/** Is `e` inside one of `matches` (sorted by start, apart: as the scan returns them)? */
function within(matches: readonly SecretMatch[], e: SecretMatch): boolean {
  let lo = 0;
  let hi = matches.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = matches[mid] as SecretMatch;
    if (m.end <= e.start) lo = mid + 1;
    else if (m.start > e.start) hi = mid - 1;
    else return e.end <= m.end;
  }
  return false;
}
