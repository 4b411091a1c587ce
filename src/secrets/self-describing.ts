/**
 * @module secrets/self-describing
 * Values that only describe a secret: `REPLACE_ME`, `your-token-here`, `fake_token_for_tests`, `dummy-api-key-1`,
 * `notasecret`. Written of a few common words (what the value stands for, and what a template says around
 * it), they are placeholders in documentation and test fixtures; a value anyone could guess from such a list
 * would hide nothing even if it were used. A generated token practically never reads as such words.
 */

/**
 * Words that say the value is not the real one: a template's instructions (`replace`, `your`, `here`),
 * stand-ins (`example`, `dummy`, `fake`, `placeholder`) and metasyntactic names. One must occur, unless the
 * other words are written apart with no number (`my-token`, `it_is_very_secret`): a value of them alone run
 * together or with digits (`mySecret789`, `supersecret`) may be a real password, weak as it is.
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
  'is',
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
  'very',
  'with',
];

/** The words by first letter (`a` = 0), each with its kind: 2 for a marker, 1 for a filler. */
const BY_FIRST: readonly (readonly (readonly [string, number])[])[] = (() => {
  const lists: [string, number][][] = Array.from({ length: 26 }, () => []);
  for (const w of FILLERS) lists[w.charCodeAt(0) - 0x61]?.push([w, 1]);
  for (const w of MARKERS) lists[w.charCodeAt(0) - 0x61]?.push([w, 2]);
  return lists;
})();

/** Longest value worth reading: a description is short, and this runs on every candidate secret. */
const MAX_LENGTH = 64;
/** A run of digits this long or shorter may stand among the words (`replace-me-2`, `example-key-2024`). */
const MAX_DIGITS = 4;

/**
 * How the letters `value[from..to)` cut into words of the lists, case aside: 2 if some cut holds a marker, 1 if
 * cuts exist but none holds one, 0 if none exists. Dynamic programming over positions, read in place: this
 * runs on every candidate secret, and a random token fails at its first letters without a string made.
 */
function segments(value: string, from: number, to: number): number {
  // REACH[i - from]: 0 unreachable, 1 reached by fillers only, 2 reached with a marker on the way; written
  // up to `furthest` only, so a token whose first letters are no word costs no clearing.
  REACH[0] = 1;
  let furthest = 0;
  for (let i = from; i < to && i - from <= furthest; i++) {
    const here = REACH[i - from] as number;
    if (here === 0) continue;
    const words = BY_FIRST[(value.charCodeAt(i) | 0x20) - 0x61] as readonly (readonly [string, number])[];
    for (let w = 0; w < words.length; w++) {
      const [word, kind] = words[w] as readonly [string, number];
      if (!startsWithWord(value, i, to, word)) continue;
      const end = i + word.length - from;
      if (end > furthest) {
        REACH.fill(0, furthest + 1, end + 1);
        furthest = end;
      }
      const reached = kind === 2 ? 2 : here;
      if (reached > (REACH[end] as number)) REACH[end] = reached;
    }
  }
  return furthest === to - from ? (REACH[furthest] as number) : 0;
}

/** Scratch for `segments`: a piece is never longer than the value. */
const REACH = new Uint8Array(MAX_LENGTH + 1);

/** Does the lower-case `word` stand at `at` in `value`, ending by `to`, whatever the case of its letters? */
function startsWithWord(value: string, at: number, to: number, word: string): boolean {
  if (at + word.length > to) return false;
  for (let k = 0; k < word.length; k++) {
    if ((value.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * True when `value` is nothing but words of the lists (any case, joined directly, in camelCase or by `-`, `_`,
 * `.` or spaces), with at most short numbers among them, and one of them a marker; or with no marker, when
 * the words are written apart and there is no number.
 *
 * @example
 * describesItself('REPLACE_ME'); // true
 * describesItself('fakeApiKeyForTests2'); // true
 * describesItself('my-secret'); // true: words written apart
 * describesItself('mySecret789'); // false: no marker, and may be a real password
 * describesItself('rootpasswd'); // false: `root` is not a description
 * describesItself('ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE'); // false
 */
export function describesItself(value: string): boolean {
  if (value.length > MAX_LENGTH) return false;
  let marked = false;
  let apart = false;
  let numbered = false;
  let i = 0;
  const n = value.length;
  while (i < n) {
    const c = value.charCodeAt(i);
    if (c === 0x2d || c === 0x5f || c === 0x2e || c === 0x20) {
      apart ||= i > 0 && i < n - 1;
      i++;
      continue;
    }
    let j = i;
    if (isDigit(c)) {
      while (j < n && isDigit(value.charCodeAt(j))) j++;
      if (j - i > MAX_DIGITS) return false;
      numbered = true;
    } else if (isLetter(c)) {
      while (j < n && isLetter(value.charCodeAt(j))) j++;
      const cut = segments(value, i, j);
      if (cut === 0) return false;
      if (cut === 2) marked = true;
    } else {
      return false;
    }
    i = j;
  }
  return marked || (apart && !numbered);
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
