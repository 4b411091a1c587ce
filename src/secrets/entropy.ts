/**
 * @module secrets/entropy
 * Cheap string measures the secret rules use to tell a credential from a look-alike: Shannon entropy, and the
 * placeholder shapes (`xxxx`, `${VAR}`, `<token>`, `****`, `YOUR_API_KEY`, runs of one digit) that documentation
 * and templates put where a secret would go.
 */

import { escapeRegex } from '../core/regex.js';
import { describesItself } from './self-describing.js';

/**
 * Shannon entropy of `s` in bits per character (0 for the empty string).
 *
 * @example
 * shannonEntropy('aaaa'); // 0
 * shannonEntropy('ab'); // 1
 */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  // Secrets are mostly Latin-1: count those in a reused table (no Map per call), the rest in a Map. The codes
  // seen are listed as they first occur, so the sum visits those few instead of all 256 slots.
  const counts = LATIN1_COUNTS;
  const seen = LATIN1_SEEN;
  let distinct = 0;
  let wide: Map<number, number> | undefined;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 256) {
      if (counts[c] === 0) seen[distinct++] = c;
      counts[c] = (counts[c] as number) + 1;
    } else {
      wide ??= new Map();
      wide.set(c, (wide.get(c) ?? 0) + 1);
    }
  }
  // H = -sum(k/n * log2(k/n)) = log2(n) - sum(k * log2(k)) / n, with k * log2(k) from a table: a log2 per
  // distinct character was most of the cost on the short values that are most candidates.
  let sum = 0;
  for (let j = 0; j < distinct; j++) {
    const c = seen[j] as number;
    sum += kLog2k(counts[c] as number);
    counts[c] = 0;
  }
  if (wide) for (const k of wide.values()) sum += kLog2k(k);
  return Math.log2(n) - sum / n;
}

const K_LOG2_K = Float64Array.from({ length: 1024 }, (_, k) => (k === 0 ? 0 : k * Math.log2(k)));
const kLog2k = (k: number): number => (k < 1024 ? (K_LOG2_K[k] as number) : k * Math.log2(k));

/** Scratch counts for `shannonEntropy`, left all zero after every call, and the codes it saw. */
const LATIN1_COUNTS = new Int32Array(256);
const LATIN1_SEEN = new Int32Array(256);

/**
 * Masking marks and template syntax: a value containing one is a stand-in or a reference, not a credential.
 * The marks occur in no token's alphabet, so one is enough. A template's opening goes on as a name does
 * (`${DB_PASSWORD}`, `%(password)s`, `{{ .Values.token }}`, `$(cat key)`, `<%= ENV %>`): a secret made of any
 * printable characters may hold `%(` or `${` (a WordPress salt's `Dd%(Z|Ce:$N…`) and go on otherwise. And a
 * word in angle brackets inside the value, what the reader fills in (`$argon2id$v=19$…$<salt>$<hash>`).
 */
const SYNTAX =
  /\*{3}|#{4}|•••|\.\.\.|…|\$\{\s{0,2}[\w.:-]|\{\{\s{0,4}[\w.$]|\$\([\w-]|%\(\w{1,64}\)|<%[=-]?\s{0,4}\w|<[a-z][a-z_ -]{2,30}>/;

/**
 * Words people write in place of a secret. Lower-cased comparison. Unlike the syntax markers, these are made
 * of letters a random token also draws from (`…k9YoUr3…`), so a hit only counts on a value that reads like a
 * placeholder: see `placeholderWords`.
 */
export const PLACEHOLDER_WORDS: readonly string[] = [
  'xxxx',
  'your_',
  'your-',
  'yourapi',
  'yourtoken',
  'yoursecret',
  'yourpassword',
  '_here',
  '-here',
  'replace_with',
  'replace-with',
  'replaceme',
  'changeme',
  'change_me',
  'change-me',
  'placeholder',
  'redacted',
  'insert_',
  'put_your',
  // The same in other languages (`votre_mot_de_passe`, `tu_contraseña`, `sua_senha_aqui`, `ihr-passwort`,
  // `ваш_ключ_API`).
  'votre_',
  'votre-',
  'tu_',
  'tu-',
  'sua_',
  'seu_',
  'ihr_',
  'ihr-',
  'dein_',
  'dein-',
  '_aqui',
  '_ici',
  'ваш_',
  'ваш-',
  'ваша_',
  'ваше_',
  'твій_',
  'твой_',
];

const WORDS = new RegExp(PLACEHOLDER_WORDS.map(escapeRegex).join('|'), 'i');

/** Share of a value the placeholder words must cover, when the value does not read like words anyway. */
const WORD_SHARE = 0.25;
/** Above this rate of character-class changes a value looks generated rather than written (see `wordy`). */
const WORDY_CHANGES = 0.2;

/** 0 lower-case letter, 1 upper-case letter, 2 digit, -1 anything else. */
function charClass(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return 0;
  if (c >= 0x41 && c <= 0x5a) return 1;
  if (c >= 0x30 && c <= 0x39) return 2;
  return -1;
}

/**
 * Does `value` read like words (`your-project`, `YourApiKeyHere`, `PUT_YOUR_TOKEN`) rather than a generated
 * token? Counted over neighbouring alphanumerics: a change between letter and digit, or lower to upper case,
 * is a change of class, and so is upper to lower after two capitals (one capital and lower case are a
 * capitalised word, `XUo` no word's start but for an acronym's last letter, `APIKey`: a random token of
 * letters alone, `ghp_UXUoUmfOXvdsv…`, read as words at 19% of its pairs and, holding `YOuR`, went through as
 * a placeholder). Words change class rarely; a random base62 token at about 45% of its pairs,
 * upper-case-and-digit or hex ones at about 40%. This is the "low
 * entropy" of a placeholder that letter frequencies miss: `your-project.iam.gserviceaccount.com` has many
 * distinct letters, but they form words.
 */
function wordy(value: string): boolean {
  let pairs = 0;
  let changes = 0;
  let prev = -1;
  let before = -1; // the class before `prev`
  for (let i = 0; i < value.length; i++) {
    const cls = charClass(value.charCodeAt(i));
    if (cls >= 0 && prev >= 0) {
      pairs++;
      if (cls !== prev && !(prev === 1 && cls === 0 && before !== 1)) changes++;
    }
    before = prev;
    prev = cls;
  }
  return pairs === 0 || changes <= pairs * WORDY_CHANGES;
}

/**
 * True when `words` (lower-case) mark `value` as a placeholder: one of them occurs, and either the
 * occurrences cover a large part of the value (`YOUR_API_KEY`, `ghp_xxxx…`) or the value reads like words
 * (`xoxb-your-bot-token`). A high-entropy token that merely contains the letters (`ghp_…9yOUr2…`) is no
 * placeholder: dropping it would let a real secret through.
 *
 * @example
 * placeholderWords('xoxb-your-bot-token', ['your']); // true
 * placeholderWords('ghp_4fJ9kQ2yOUr7LwX3vB8nR1tY6uC0dE5aHsGq', ['your']); // false
 */
export function placeholderWords(value: string, words: readonly string[]): boolean {
  const lower = value.toLowerCase();
  // Allocated on the first hit only: most values checked contain none of the words.
  let covered: Uint8Array | undefined;
  for (const w of words) {
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
      if (runsOn(lower, w, at)) continue;
      covered ??= new Uint8Array(lower.length);
      covered.fill(1, at, at + w.length);
    }
  }
  if (covered === undefined) return false;
  let n = 0;
  for (const c of covered) n += c;
  return n >= lower.length * WORD_SHARE || wordy(value);
}

/**
 * A word written with a separator on one side (`_here`, `your-`) is a word only if it ends on the other side
 * too: `ghp_` followed by a random body that starts `HERe…` holds `_here`, glued to the next letter.
 */
function runsOn(lower: string, word: string, at: number): boolean {
  const last = word.length - 1;
  if (isSeparator(word.charCodeAt(0)) && !isSeparator(word.charCodeAt(last)))
    return isLowerLetter(lower.charCodeAt(at + word.length));
  if (isSeparator(word.charCodeAt(last)) && !isSeparator(word.charCodeAt(0)))
    return at > 0 && isLowerLetter(lower.charCodeAt(at - 1));
  return false;
}

const isSeparator = (c: number): boolean => c === 0x5f || c === 0x2d; // _ -
const isLowerLetter = (c: number): boolean => c >= 0x61 && c <= 0x7a; // on the lower-cased value

/** Longest run of one character in `s`, and that character (written to `RUN`: no object per call). */
const RUN = { char: -1, length: 0 };
function longestRun(s: string): typeof RUN {
  let best = 0;
  let bestChar = -1;
  let run = 0;
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    run = c === prev ? run + 1 : 1;
    prev = c;
    if (run > best) {
      best = run;
      bestChar = c;
    }
  }
  RUN.char = bestChar;
  RUN.length = best;
  return RUN;
}

/**
 * Does `s` repeat a unit of 2 to 4 characters (`23452345…`, not a one-character run) over `min` characters
 * or more? A stretch where every character equals the one `p` later, with at least one change of character
 * inside it, covers its span plus `p`. Stretches are first measured only where one must show (below); the full
 * pass then keeps a span per unit length, the three written out rather than looped over: this runs on every
 * candidate match, and the loop was 18% slower.
 */
export function repeatsUnit(s: string, min: number): boolean {
  const n = s.length;
  // A stretch that qualifies has at least `min - p` consecutive positions where s[i] === s[i + p], so one of
  // them is a multiple of `min - 4`. Only at those positions is a stretch measured, and the full pass runs
  // only when one is long enough: a random token has none, and one with a short echo (`xoxa-…`) has a short
  // one (14% of a flood of near-miss tokens went to this function).
  const step = min - 4;
  if (step > 1) {
    let long = false;
    for (let i = 0; i + 2 < n && !long; i += step) {
      for (let p = 2; p <= 4 && i + p < n; p++) {
        if (s.charCodeAt(i) !== s.charCodeAt(i + p)) continue;
        let a = i;
        while (a > 0 && s.charCodeAt(a - 1) === s.charCodeAt(a - 1 + p)) a--;
        let b = i;
        while (b + 1 + p < n && s.charCodeAt(b + 1) === s.charCodeAt(b + 1 + p)) b++;
        if (b - a + 1 >= min - p) {
          long = true;
          break;
        }
      }
    }
    if (!long) return false;
  }
  let span2 = 0;
  let span3 = 0;
  let span4 = 0;
  let varied2 = false;
  let varied3 = false;
  let varied4 = false;
  for (let i = 0; i + 2 < n; i++) {
    const c = s.charCodeAt(i);
    const changed = i > 0 && c !== s.charCodeAt(i - 1);
    if (c === s.charCodeAt(i + 2)) {
      if (span2 > 0 && changed) varied2 = true;
      if (++span2 + 2 >= min && varied2) return true;
    } else {
      span2 = 0;
      varied2 = false;
    }
    if (i + 3 < n && c === s.charCodeAt(i + 3)) {
      if (span3 > 0 && changed) varied3 = true;
      if (++span3 + 3 >= min && varied3) return true;
    } else {
      span3 = 0;
      varied3 = false;
    }
    if (i + 4 < n && c === s.charCodeAt(i + 4)) {
      if (span4 > 0 && changed) varied4 = true;
      if (++span4 + 4 >= min && varied4) return true;
    } else {
      span4 = 0;
      varied4 = false;
    }
  }
  return false;
}

/** Does the value, opened by the bracket `open`, hold its closing one? (`<eSXJd4R` is no `<name>`.) */
const closes = (value: string, open: number): boolean =>
  value.indexOf(open === 0x7b ? '}' : open === 0x3c ? '>' : ']', 1) > 0;

/**
 * A reference at a value's start and what may follow one: `$NAME`, `$1`, `$$`, PowerShell's `$env:NAME`, a
 * Go template's `$.Values.x`, Perl's and OpenSSL's `$Package::name`, then the value's end or a path, a member,
 * an index, a call, a separator (`$HOME/.pgpass`, `$this->password`, `$config['db']`), or a brace (Grafana's
 * `$__env{LDAP_BIND_PASSWORD}`, `$__file{…}`, Perl's `$cfg{db}`). A name of 64 characters at most: Asaas' keys
 * open with `$aact_` and go on for 150.
 */
const REFERENCE = /^\$(?:env:)?(?:[A-Za-z_]\w{0,63}(?:::\w+)*|\d+|\$)?(?:$|[/.\-[(;,'"\s\\>{])/;

/**
 * A bracketed mix of both cases and three digits or more, twelve characters at least, maybe base64: no
 * template name. Jenkins writes its encrypted secrets so (`<password>{AQAAABAAAAAQ…=}</password>`), and IIS
 * names its provider around them (`password="[enc:IISWASOnlyCngProvider:l3Jq…:enc]"`).
 */
const GENERATED_INSIDE =
  /^[{<[](?:enc:\w{1,40}:)?(?=[^}>\]]*[A-Z])(?=[^}>\]]*[a-z])(?=(?:[^}>\]\d]*\d){3})[A-Za-z0-9+/]{12,1024}={0,2}(?::enc)?[}>\]]$/;

/** A token's prefix and filler after it (`whsec_xxx`, `sk_test_XXX`, `glpat-…`): a format, shown. */
const PREFIX_THEN_FILLER = /^[A-Za-z]{2,12}(?:[_-][A-Za-z]{2,12}){0,2}[_-](?:x{3,}|X{3,}|…)$/;

/**
 * A unit repeated over this many characters, and over a third of the value, is filler: a random token repeats
 * none even three times. A long token may hold such a stretch and be live: a JWT whose payload has
 * `"aud":"XXXX…"` carries `WFhYWFhY…` in its base64.
 */
const CYCLE_FILLER = 12;

/**
 * True when `value` is a stand-in for a secret rather than one: a template or variable reference, a masked
 * or elided value, a "your key here" phrase, filler (a long run of one digit over a third of it, a single repeated character,
 * or a short unit repeated: `AKIA2345234523452345`), or a value made only of words that describe a secret
 * (`fake-api-key-for-tests`, see `describesItself`). Runs of one *letter* are left to entropy floors: some
 * documented test keys are `sk_live_AAAA…`.
 *
 * @example
 * isPlaceholder('${API_KEY}'); // true
 * isPlaceholder('ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'); // true
 */
export function isPlaceholder(value: string): boolean {
  if (SYNTAX.test(value)) return true;
  if (WORDS.test(value) && placeholderWords(value, PLACEHOLDER_WORDS)) return true;
  const first = value.charCodeAt(0);
  // `$NAME`, `%NAME%`, `{name}`, `<name>`, `[name]`: references and angle-bracket placeholders. A generated
  // value in brackets (`{ZqL5kVrX1n8tA2}`, as docs write what the reader fills in) is no name, and neither is
  // one that only starts with a `$` (`$A1^frhluN`: no reference goes on with a `^`).
  if ((first === 0x24 && REFERENCE.test(value)) || first === 0x25) return true;
  if (
    (first === 0x7b || first === 0x3c || first === 0x5b) &&
    closes(value, first) &&
    !GENERATED_INSIDE.test(value)
  )
    return true;
  const run = longestRun(value);
  // A third of the value at least: a token of several number groups may hold one such run and be live.
  if (run.char >= 0x30 && run.char <= 0x39 && run.length >= 10 && run.length * 3 >= value.length) return true;
  if (run.length === value.length && value.length > 1) return true;
  if (value.length >= CYCLE_FILLER && repeatsUnit(value, Math.max(CYCLE_FILLER, Math.ceil(value.length / 3))))
    return true;
  // Cut short for display: `ops_eyJzaWduSW5B..`.
  if (value.endsWith('..')) return true;
  if (PREFIX_THEN_FILLER.test(value)) return true;
  return describesItself(value);
}
