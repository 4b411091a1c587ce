/**
 * @module secrets/self-describing
 * Values that only describe a secret: `REPLACE_ME`, `your-token-here`, `fake_token_for_tests`, `dummy-api-key-1`,
 * `notasecret`. Written of a few common words (what the value stands for, and what a template says around
 * it), they are placeholders in documentation and test fixtures; a value anyone could guess from such a list
 * would hide nothing even if it were used. A generated token is never made of them.
 */

/**
 * Words that say the value is not the real one: a template's instructions (`replace`, `your`, `here`),
 * stand-ins (`example`, `dummy`, `fake`, `placeholder`) and metasyntactic names. One must occur: a value of
 * the other words alone (`mySecret789`, `supersecret`) may be a real password, weak as it is.
 */
const MARKERS: readonly string[] = [
  'bar',
  'baz',
  'change',
  'dummy',
  'enter',
  'example',
  'fake',
  'fill',
  'fixme',
  'foo',
  'goes',
  'here',
  'insert',
  'mock',
  'not',
  'paste',
  'placeholder',
  'put',
  'redacted',
  'replace',
  'sample',
  'set',
  'todo',
  'xyz',
  'your',
];

/**
 * The other words such a value is made of: what it stands for, and the small words around. Lower-case, two
 * letters or more but the article (`notasecret`): more one-letter words would let runs of random letters read
 * as words. Kept short on purpose: `root` or `admin` are real (weak) passwords, not descriptions.
 */
const FILLERS: readonly string[] = [
  'a',
  'abc',
  'access',
  'add',
  'api',
  'apikey',
  'auth',
  'bearer',
  'client',
  'credential',
  'credentials',
  'default',
  'demo',
  'dev',
  'env',
  'for',
  'id',
  'in',
  'it',
  'key',
  'keys',
  'local',
  'me',
  'my',
  'new',
  'of',
  'pass',
  'passwd',
  'password',
  'private',
  'pwd',
  'random',
  'real',
  'secret',
  'secrets',
  'session',
  'some',
  'super',
  'test',
  'testing',
  'tests',
  'the',
  'this',
  'token',
  'tokens',
  'value',
  'with',
];

/** The words by first letter, each with its kind: 2 for a marker, 1 for a filler. */
const BY_FIRST: ReadonlyMap<number, readonly (readonly [string, number])[]> = (() => {
  const map = new Map<number, [string, number][]>();
  const add = (words: readonly string[], kind: number): void => {
    for (const w of words) {
      const list = map.get(w.charCodeAt(0)) ?? [];
      list.push([w, kind]);
      map.set(w.charCodeAt(0), list);
    }
  };
  add(FILLERS, 1);
  add(MARKERS, 2);
  return map;
})();

/** Longest value worth reading: a description is short, and this runs on every candidate secret. */
const MAX_LENGTH = 64;
/** A run of digits this long or shorter may stand among the words (`replace-me-2`, `example-key-2024`). */
const MAX_DIGITS = 4;

/**
 * How the lower-case letters `s` cut into words of the lists: 2 if some cut holds a marker, 1 if cuts exist
 * but none holds one, 0 if none exists. Dynamic programming over positions, read in place (no substrings):
 * at most MAX_LENGTH positions, each trying the few words that start with its letter.
 */
function segments(s: string): number {
  const n = s.length;
  // best[i]: 0 unreachable, 1 reached by fillers only, 2 reached with a marker on the way.
  const best = new Uint8Array(n + 1);
  best[0] = 1;
  for (let i = 0; i < n; i++) {
    const here = best[i] as number;
    if (here === 0) continue;
    for (const [word, kind] of BY_FIRST.get(s.charCodeAt(i)) ?? []) {
      if (!s.startsWith(word, i)) continue;
      const end = i + word.length;
      const reached = kind === 2 ? 2 : here;
      if (reached > (best[end] as number)) best[end] = reached;
    }
  }
  return best[n] as number;
}

/**
 * True when `value` is nothing but words of the lists, one of them a marker (any case, joined directly, in
 * camelCase or by `-`, `_`, `.` or spaces), with at most short numbers among them.
 *
 * @example
 * describesItself('REPLACE_ME'); // true
 * describesItself('fakeApiKeyForTests2'); // true
 * describesItself('mySecret789'); // false: no marker, and may be a real password
 * describesItself('rootpasswd'); // false: `root` is not a description
 * describesItself('ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE'); // false
 */
export function describesItself(value: string): boolean {
  if (value.length > MAX_LENGTH) return false;
  let marked = false;
  let i = 0;
  const n = value.length;
  while (i < n) {
    const c = value.charCodeAt(i);
    if (c === 0x2d || c === 0x5f || c === 0x2e || c === 0x20) {
      i++;
      continue;
    }
    let j = i;
    if (isDigit(c)) {
      while (j < n && isDigit(value.charCodeAt(j))) j++;
      if (j - i > MAX_DIGITS) return false;
    } else if (isLetter(c)) {
      while (j < n && isLetter(value.charCodeAt(j))) j++;
      const cut = segments(value.slice(i, j).toLowerCase());
      if (cut === 0) return false;
      if (cut === 2) marked = true;
    } else {
      return false;
    }
    i = j;
  }
  return marked;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
