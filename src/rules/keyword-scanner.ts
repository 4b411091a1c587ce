/**
 * @module rules/keyword-scanner
 * The scan's first phase: one pass over a text that records where every rule keyword occurs (see
 * `createKeywordScanner`), so that each rule runs only where one of its keywords is.
 */

import { escapeRegex } from '../core/regex.js';
import { hasWideUnits } from '../core/units.js';
import {
  CHUNK,
  createWindowPass,
  fold7,
  followerOf,
  nextWindow,
  START_WINDOW,
  type WindowPass,
  windowOf,
  windowTables,
} from './window-pass.js';

/**
 * Keyword hits of one scan, as parallel arrays grown on demand and reused by the next scan of the same
 * registry (scans are synchronous, so one buffer per registry is never shared by two scans at once).
 */
export interface HitBuffer {
  count: number;
  at: Int32Array;
  keyword: Int32Array;
}

/** Is code unit `u` the ASCII letter whose folded (`| 0x20`) code is `c`? */
const isFolded = (u: number, c: number): boolean => u < 128 && (u | 0x20) === c;

/** Records one hit of keyword `k` at `at`, growing the buffer when full. */
function pushHit(buf: HitBuffer, at: number, k: number): void {
  if (buf.count === buf.at.length) {
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    buf.at = grow(buf.at);
    buf.keyword = grow(buf.keyword);
  }
  buf.at[buf.count] = at;
  buf.keyword[buf.count] = k;
  buf.count++;
}

/**
 * How common a folded character code is in prose and logs (rough letter frequencies, in percent): used only
 * to pick the four characters (three for a short keyword) the scanner looks for each keyword by.
 */
const COMMONNESS: Readonly<Record<string, number>> = {
  ' ': 15,
  e: 12,
  t: 9,
  a: 8,
  o: 7.5,
  i: 7,
  n: 7,
  s: 6.3,
  h: 6,
  r: 6,
  d: 4.2,
  l: 4,
  c: 2.8,
  u: 2.8,
  m: 2.4,
  w: 2.4,
  f: 2.2,
  g: 2,
  y: 2,
  p: 1.9,
  b: 1.5,
  v: 1,
  k: 0.8,
  j: 0.15,
  x: 0.15,
  q: 0.1,
  z: 0.07,
};
const commonness = (code: number): number =>
  COMMONNESS[String.fromCharCode(code)] ?? (code >= 0x30 && code <= 0x39 ? 0.5 : 0.3);

/**
 * How bad a choice the `width` characters of a keyword's folded `codes` from `o` are to look for it by, given
 * how many keywords hold them: fewest holders first, then rarest characters (a rarity is below 15^4, a space
 * four times). A window of one repeated character comes last: runs (`-----`, `=====`, `_____`) are what
 * separators and padding are made of, whatever the character's frequency in prose. Keyed on `----`,
 * `private key-----` made a candidate at every dash of a markdown rule, and at every unit of a text whose low
 * bytes are 0x2D (`中` repeated): 1 MB of either took 20 ms to scan, 2 ms keyed otherwise.
 */
export function windowScore(codes: Int32Array, o: number, width: number, holders: number): number {
  let rarity = 1;
  let repeated = true;
  for (let j = o; j < o + width; j++) {
    rarity *= commonness(codes[j] as number);
    if (codes[j] !== codes[o]) repeated = false;
  }
  return (repeated ? 1e12 : 0) + holders * 1e6 + rarity;
}

interface Anchored {
  /** The keyword's folded codes (`fold7`), as the pass reads them. */
  readonly codes: Int32Array;
  /** The keyword's units as the exact check compares them: an ASCII one folded (`| 0x20`), any other as is. */
  readonly units: Uint16Array;
  /** Where the looked-for trigram starts inside the keyword. */
  readonly offset: number;
  readonly k: number;
  /** For a keyword of one repeated character: its slot in the run state; else -1. */
  readonly run: number;
}

/** Does `word` hold only ASCII units? */
export const isAscii = (word: string): boolean => {
  for (let j = 0; j < word.length; j++) if (word.charCodeAt(j) >= 128) return false;
  return true;
};

/**
 * Keywords the scanner's main pass finds: two or more units, but for a run of one non-ASCII unit (runs are
 * followed by their ASCII letter). The rest go to a regex. The pass reads a unit by its low seven bits, which
 * pair upper and lower case for ASCII letters alone (`П` 0x41F and `п` 0x43F read alike, `Р` 0x420 and `р`
 * 0x440 do not): so an ASCII letter is found in either case, and a keyword with other letters in the forms of
 * `caseForms`. Before, non-ASCII keywords were one more regex pass over every text.
 */
export function inWindowPass(word: string): boolean {
  if (word.length < 2) return false;
  return isAscii(word) || word !== (word[0] as string).repeat(word.length);
}

/** A unit as the exact check compares it (see `Anchored.units`). */
const exactUnit = (u: number): number => (u < 128 ? u | 0x20 : u);

/**
 * The forms a keyword is looked for in: itself, and for one with non-ASCII letters its capitalised and upper-case
 * forms (`пароль`, `Пароль`, `ПАРОЛЬ`), which the pass cannot fold (see `inWindowPass`).
 */
function caseForms(word: string): string[] {
  if (isAscii(word)) return [word];
  const [head = '', ...tail] = word;
  // Forms that differ in ASCII letters alone are one to the pass and the exact check: each would report every
  // hit again (`hasło`, `Hasło`), and each hit runs the keyword's rules.
  const forms = new Map<string, string>();
  for (const form of [word, head.toUpperCase() + tail.join(''), word.toUpperCase()]) {
    let key = '';
    for (let j = 0; j < form.length; j++) key += String.fromCharCode(exactUnit(form.charCodeAt(j)));
    if (!forms.has(key)) forms.set(key, form);
  }
  return [...forms.values()];
}

/**
 * How many keywords hold each window of three and four characters of any keyword. A keyword inside another
 * (`private_key` in `private_key_id`) counts in all its own windows alike, so it does not change which of them
 * is fewest.
 */
function windowCounts(lowered: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of lowered) {
    const windows = new Set<string>();
    for (let o = 0; o + 3 <= word.length; o++) {
      windows.add(word.slice(o, o + 3));
      if (o + 4 <= word.length) windows.add(word.slice(o, o + 4));
    }
    for (const w of windows) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

/** The first table's mark of a window that a keyword with non-ASCII units is looked for by (others: 1). */
const WIDE = 2;

/** Keywords per trigram bucket, where a keyword has another choice of trigram. */
const BUCKET_LIMIT = 4;

/** Fibonacci hashing multiplier for the bucket table. */
const HASH = 0x9e3779b1 | 0;

/** Four units folded as `exactUnit` folds an ASCII one. */
const FOLD4 = 0x20202020;

/** Texts at least this long are scanned by the window pass; below it the copy's fixed cost (~50 ns) is more. */
const COPY_MIN = 128;

/**
 * The keyword prefilter: one pass over the text's char codes (over their low bytes in WebAssembly for long
 * texts, see `window-pass.ts`) with a three-character window (ASCII letters folded to lower case, see
 * `fold7`) looked up in a table of a byte a window. Each keyword is represented by four of its characters, the
 * ones the fewest other keywords hold and of those the rarest, not its first, so `token` or `server=` do not
 * stop the loop at every `to` or `se`: a window of the first three in the table is confirmed by a second
 * table, a bitmap of that window and the character after it, and only then are the few keywords of that
 * window checked exactly. (`vercel` is looked for as `verc`: `ver` alone is in every `server` and `over`.)
 * Two-letter keywords set their pair after every first character, three-letter ones pass the second table
 * whatever follows. Measured on 10 MB of logs and prose, the windows chosen this way and looked up in a
 * bitmap made the scan ~2x the design before (a 4 MiB table of first trigrams, whose cache misses dominated;
 * the byte table now is read four windows at a time, by loads that do not wait on each other), and the second
 * table cut the windows checked exactly from 21.6 to 7.8 per 1,000 characters of W1 (the scan ~12% faster).
 * Keywords with non-ASCII units are found so too, in the forms of `caseForms` (see `inWindowPass`); one
 * character alone, or a run of one non-ASCII character, goes through a small regex.
 *
 * A keyword of one repeated character occurs at every position of a run of it (1 MB of `a` is a million
 * occurrences), so it is tracked as a run instead of checked letter by letter, and its hits are thinned to
 * one per `thinStep[k]` characters plus the last of each run when the step is not 0.
 *
 * No hit is reported right after a character its keyword's rules all refuse (`refused`, see `refusedBefore`),
 * and that is looked at before the keyword is checked: 1 MB of `EAAA` made 500,000 checks and hits of which one
 * could match. Nor where a keyword's rules all need a key the text does not hold there (`keys[k]`, sticky, see
 * `Gate.keyFirst`): `both` holds the keyword `bot` and is no key, and the text is read now, while the pass has
 * it at hand, not by each rule later (W1: 8,000 such hits, 1.5 ms when the rules turned them away).
 */
export function createKeywordScanner(
  keywords: readonly string[],
  thinStep: readonly number[],
  refused: Uint8Array,
  keys: readonly (RegExp | undefined)[] = [],
): (text: string, buf: HitBuffer) => void {
  // The tables live in the window pass's memory when there is one, so that both passes read one copy.
  const pass = createWindowPass();
  const { first: keyWindow, follow } = pass ?? windowTables();
  const setBit = (table: Int32Array, g: number): void => {
    table[g >> 5] = (table[g >> 5] as number) | (1 << (g & 31));
  };
  /** Any character may follow window `g` (a keyword ends with it). */
  const followAny = (g: number): void => {
    for (let next = 0; next < 128; next++) setBit(follow, followerOf(g, next));
  };
  const buckets = new Map<number, Anchored[]>();
  const other: number[] = [];
  const runs: Anchored[] = [];
  const add = (g: number, entry: Anchored): void => {
    // WIDE: a keyword with non-ASCII units is looked for by this window (see `candidate`).
    keyWindow[g] = keyWindow[g] === WIDE || entry.units.some((u) => u >= 128) ? WIDE : 1;
    const list = buckets.get(g);
    if (list) list.push(entry);
    else buckets.set(g, [entry]);
  };
  const held = windowCounts(keywords.map((w) => w.toLowerCase()));
  for (let k = 0; k < keywords.length; k++) {
    const keyword = keywords[k] as string;
    if (!inWindowPass(keyword)) {
      other.push(k);
      continue;
    }
    for (const word of caseForms(keyword)) {
      const codes = new Int32Array(word.length);
      const units = new Uint16Array(word.length);
      for (let j = 0; j < word.length; j++) {
        codes[j] = fold7(word.charCodeAt(j));
        units[j] = exactUnit(word.charCodeAt(j));
      }
      if (word.length >= 3 && codes.every((c) => c === codes[0])) {
        // Reported where an occurrence ends, so that a run is followed from its first full occurrence on.
        const entry = { codes, units, offset: word.length - 3, k, run: runs.length };
        runs.push(entry);
        const c = codes[0] as number;
        const g = windowOf(c, c, c);
        add(g, entry);
        followAny(g);
        continue;
      }
      if (word.length === 2) {
        // The window holds any first character (or the text start) before the pair.
        const [c0, c1] = codes as unknown as [number, number];
        for (let before = 0; before < 128; before++)
          add(windowOf(before, c0, c1), { codes, units, offset: -1, k, run: -1 });
        followAny(windowOf(0, c0, c1));
        continue;
      }
      // Four characters (three for a three-letter keyword) held by the fewest other keywords, and of those the
      // rarest by letter frequency, among windows whose bucket is not full. Every window of a bucket's trigram
      // checks all its keywords: twenty keywords ending in `_key` once shared one, so that `private_key=`
      // repeated cost 20 checks per occurrence; and five `priv…` keywords (`private key`, `private_ai`, ...)
      // looked for by `priv` made every `private_key` five more checks. A keyword's own text is what an
      // adversarial input repeats, so it should make a candidate of that keyword alone.
      const width = Math.min(4, word.length);
      const trigramAt = (o: number): number =>
        windowOf(codes[o] as number, codes[o + 1] as number, codes[o + 2] as number);
      let offset = -1;
      let best = Number.POSITIVE_INFINITY;
      let fallback = 0;
      let fallbackScore = Number.POSITIVE_INFINITY;
      for (let o = 0; o + width <= word.length; o++) {
        const score = windowScore(
          codes,
          o,
          width,
          held.get(word.slice(o, o + width).toLowerCase()) as number,
        );
        if (score < fallbackScore) {
          fallbackScore = score;
          fallback = o;
        }
        if (score < best && (buckets.get(trigramAt(o))?.length ?? 0) < BUCKET_LIMIT) {
          best = score;
          offset = o;
        }
      }
      if (offset < 0) offset = fallback;
      const g = trigramAt(offset);
      add(g, { codes, units, offset, k, run: -1 });
      if (width === 4) setBit(follow, followerOf(g, codes[offset + 3] as number));
      else followAny(g);
    }
  }
  // The buckets as an open-addressing table over flat typed arrays: bucket `at` is entries `first[at]` to
  // `first[at] + count[at] - 1`, entry `e` keyword `entK[e]`, its folded codes at `allCodes[entCode[e]…]`. A
  // `Map` lookup per candidate window was a fifth of the scan, and then arrays of objects with a typed array
  // each still cost ~100 ns a window, mostly in cache misses. Only windows whose bit is set are looked up,
  // and those are all present, so a probe always ends.
  let slots = 1024;
  while (slots < buckets.size * 4) slots *= 2;
  const shift = 32 - Math.log2(slots);
  const slotMask = slots - 1;
  const slotKey = new Int32Array(slots).fill(-1);
  const first = new Int32Array(slots);
  const count = new Int32Array(slots);
  const entryCount = [...buckets.values()].reduce((sum, list) => sum + list.length, 0);
  const entK = new Int32Array(entryCount);
  const entOffset = new Int32Array(entryCount);
  const entLen = new Int32Array(entryCount);
  const entRun = new Int32Array(entryCount);
  const entCode = new Int32Array(entryCount);
  const runOnly = new Uint8Array(slots); // 1: every keyword of the bucket is a run keyword
  const allCodes = new Uint16Array([...buckets.values()].flat().reduce((sum, a) => sum + a.units.length, 0));
  let entry = 0;
  let code = 0;
  for (const [g, list] of buckets) {
    let at = Math.imul(g, HASH) >>> shift;
    while (slotKey[at] !== -1) at = (at + 1) & slotMask;
    slotKey[at] = g;
    first[at] = entry;
    count[at] = list.length;
    runOnly[at] = list.every((kw) => kw.run >= 0) ? 1 : 0;
    for (const kw of list) {
      entK[entry] = kw.k;
      entOffset[entry] = kw.offset;
      entLen[entry] = kw.codes.length;
      entRun[entry] = kw.run;
      entCode[entry] = code;
      allCodes.set(kw.units, code);
      code += kw.units.length;
      entry++;
    }
  }

  // Each keyword of ASCII units also as words of four folded units, little-endian, for the exact check on the
  // window pass's copy (see `matches`): its last word masked to the units it holds. -1: not ASCII.
  const entWord = new Int32Array(entryCount).fill(-1);
  const entMask = new Int32Array(entryCount);
  const words: number[] = [];
  for (let e = 0; e < entryCount; e++) {
    const units = allCodes.subarray(entCode[e], (entCode[e] as number) + (entLen[e] as number));
    if (units.some((u) => u >= 128)) continue;
    entWord[e] = words.length;
    for (let j = 0; j < units.length; j += 4)
      words.push(units.subarray(j, j + 4).reduceRight((word, u) => (word << 8) | u, 0));
    const rest = units.length & 3;
    entMask[e] = rest === 0 ? -1 : (1 << (8 * rest)) - 1;
  }
  const allWords = Int32Array.from(words);

  const otherRegex =
    other.length > 0
      ? new RegExp(other.map((k) => escapeRegex(keywords[k] as string)).join('|'), 'gi')
      : undefined;
  const otherIndex = new Map(other.map((k) => [keywords[k] as string, k] as const));

  // Per run keyword, for the scan in progress: where the verified run starts and ends, the last hit reported,
  // and the latest occurrence not reported yet (-1: none).
  const runStart = new Int32Array(runs.length);
  const runEnd = new Int32Array(runs.length);
  const reported = new Int32Array(runs.length);
  const pending = new Int32Array(runs.length);
  /**
   * Whether a scan has touched the run state since it was last reset: most texts meet no run keyword, and
   * resetting three arrays and flushing every run for every string made W4's ten short fields 5.3 us, not 4.4.
   */
  let runsTouched = true;
  const flush = (r: number, buf: HitBuffer): void => {
    const at = pending[r] as number;
    if (at < 0) return;
    pushHit(buf, at, (runs[r] as Anchored).k);
    reported[r] = at;
    pending[r] = -1;
  };
  // Keywords that refuse any character at all: the others' hits are not looked behind.
  const refuses = new Uint8Array(keywords.length);
  for (let k = 0; k < keywords.length; k++)
    refuses[k] = refused.subarray(k << 7, (k + 1) << 7).includes(1) ? 1 : 0;
  /** Whether no rule of keyword `k` can start at `s` in `text`, for the character before it. */
  const refusedAt = (text: string, s: number, k: number): boolean => {
    if (refuses[k] === 0 || s === 0) return false;
    const before = text.charCodeAt(s - 1);
    return before < 128 && refused[(k << 7) | before] === 1;
  };

  /** Whether keyword `k`'s rules can start at `s` by their keys (see `keys`); most keywords have no key. */
  const keyAt = (text: string, s: number, k: number): boolean => {
    const key = keys[k];
    if (key === undefined) return true;
    key.lastIndex = s;
    return key.test(text);
  };

  /**
   * Candidate end `i` of an occurrence of run keyword `kw`. The first candidate in a run reads the run to its
   * end and reports it whole: every occurrence, or one per `thinStep` characters and the last; the pass then
   * makes a candidate at every unit of the run (1 MB of `A`), and those after the first return at once.
   */
  const runHit = (kw: Anchored, text: string, i: number, buf: HitBuffer): void => {
    const r = kw.run;
    if (i <= (runEnd[r] as number) && i >= (runStart[r] as number)) return; // in the run read last
    const c = kw.codes[0] as number;
    if (!isFolded(text.charCodeAt(i), c)) return;
    runsTouched = true;
    // A new run: the previous one's last occurrence goes out, and this one is measured back (at most len)
    // and on to its end.
    flush(r, buf);
    const len = kw.codes.length;
    let start = i;
    while (start > 0 && i - start + 1 < len && isFolded(text.charCodeAt(start - 1), c)) start--;
    let end = i + 1;
    while (end < text.length && isFolded(text.charCodeAt(end), c)) end++;
    runStart[r] = start;
    runEnd[r] = end - 1;
    // Occurrences start at `start` to `end - len`; the same choice per start as one candidate at a time made.
    const step = thinStep[kw.k] as number;
    const last = end - len;
    let rep = reported[r] as number;
    let pend = -1;
    for (let s = start; s <= last; ) {
      if (step === 0 || rep < 0 || s - rep >= step) {
        // A refusing keyword's rules are all tried at hits, so its step is 0: no occurrence is held back.
        if (!refusedAt(text, s, kw.k) && keyAt(text, s, kw.k)) pushHit(buf, s, kw.k);
        rep = s;
        pend = -1;
        s++;
      } else {
        // Starts before `rep + step` are held back: only the last of them goes out, at the run's end.
        pend = Math.min(rep + step - 1, last);
        s = pend + 1;
      }
    }
    reported[r] = rep;
    pending[r] = pend;
  };

  // Windows `skipG` up to `skipTo` need no look: when every keyword of a bucket is a run keyword, each such
  // window inside the run just read would find that run read already. 1 MB of `A` is a million windows `aaa`,
  // and each one looked its bucket up to learn that.
  let skipG = -1;
  let skipTo = -1;

  /** Window `g` ends at `i` and passed both tables: its bucket's keywords, checked against the text. */
  const candidate = (text: string, n: number, i: number, g: number, buf: HitBuffer): void => {
    // A window ending in a non-ASCII unit, read by its low seven bits, is no ASCII keyword's: 1 MB of 中 reads
    // as a run of `-` and sent every unit on to the exact checks of the keywords looked for by `---`.
    if ((text.charCodeAt(i) >= 128 && keyWindow[g] !== WIDE) || (g === skipG && i <= skipTo)) return;
    let at = Math.imul(g, HASH) >>> shift;
    while (slotKey[at] !== g) at = (at + 1) & slotMask;
    const onlyRuns = runOnly[at] === 1;
    if (onlyRuns) {
      skipG = g;
      skipTo = n;
    }
    for (let e = first[at] as number, end = e + (count[at] as number); e < end; e++) {
      const run = entRun[e] as number;
      if (run >= 0) {
        runHit(runs[run] as Anchored, text, i, buf);
        if (onlyRuns) skipTo = Math.min(skipTo, runEnd[run] as number);
        continue;
      }
      const s = i - 2 - (entOffset[e] as number);
      if (s < 0 || s + (entLen[e] as number) > n || refusedAt(text, s, entK[e] as number)) continue;
      if (matches(text, s, e) && keyAt(text, s, entK[e] as number)) pushHit(buf, s, entK[e] as number);
    }
  };

  // The chunk the window pass holds while its candidates are checked: its copy, and the units it holds
  // (`chunkFrom` up to `chunkTo`). Undefined while characters are read instead.
  let chunk: DataView | undefined;
  let chunkFrom = 0;
  let chunkTo = 0;
  // Whether the text is known to be of one-byte units, whose copy is exact; and how many more units of the
  // keywords the copy matched are checked in the text before it is asked so (below 0: asked).
  let oneByte = false;
  let unsure = 0;

  /**
   * Whether the keyword of entry `e` is at `s` in `text`: in the window pass's copy, four units at a time,
   * where the keyword is ASCII and the copy holds it. A text of keywords repeated is a check every few units
   * (1 MB of `xi-api-key=a&`: 770,000 checks of 3.9 million units); compared unit by unit through the string,
   * they were over half of the keyword pass's 22 ms, and the pass now takes 14. The copy holds low bytes,
   * exact where the text is of one-byte units; in another text a unit whose low byte spells the keyword's
   * (U+0161 as `a`) is ruled out in the text itself.
   */
  const matches = (text: string, s: number, e: number): boolean => {
    const len = entLen[e] as number;
    const w0 = entWord[e] as number;
    if (chunk !== undefined && w0 >= 0 && s >= chunkFrom && s + len <= chunkTo) {
      const at = s - chunkFrom;
      const last = (len - 1) >> 2;
      for (let w = 0; w < last; w++)
        if ((chunk.getInt32(at + 4 * w, true) | FOLD4) !== allWords[w0 + w]) return false;
      if (((chunk.getInt32(at + 4 * last, true) | FOLD4) & (entMask[e] as number)) !== allWords[w0 + last])
        return false;
      return oneByte || allAscii(text, s, len);
    }
    const codeAt = entCode[e] as number;
    for (let j = 0; j < len; j++)
      if (exactUnit(text.charCodeAt(s + j)) !== allCodes[codeAt + j]) return false;
    return true;
  };

  /**
   * Whether `text[s, s + len)` is all ASCII. Once the units checked so exceed a quarter of the text, the text
   * is asked whether it is of one-byte units, and if it is, no more are checked. Asked at once for a one-byte
   * string, but a two-byte one of ASCII units (as a zero-width space removed leaves it) is read to its end
   * for the answer: asked of a text of few keywords, the question would cost more than the checks.
   */
  const allAscii = (text: string, s: number, len: number): boolean => {
    if (unsure >= 0) {
      unsure -= len;
      if (unsure < 0 && !hasWideUnits(text)) {
        oneByte = true;
        return true;
      }
    }
    for (let j = s; j < s + len; j++) if (text.charCodeAt(j) >= 128) return false;
    return true;
  };

  /**
   * The pass over the characters themselves, for short texts (and every text where WebAssembly cannot run,
   * see `window-pass.ts`). A non-ASCII unit is read by its low seven bits, as an ASCII one: such windows can
   * only be false candidates, which the exact check rejects, and the loop saves a branch per character.
   */
  const scanChars = (text: string, n: number, buf: HitBuffer): void => {
    let g = START_WINDOW;
    for (let i = 0; i < n; i++) {
      g = nextWindow(g, fold7(text.charCodeAt(i)));
      if (keyWindow[g] === 0) continue;
      // Past the end, a space (reading there would deoptimise the loop).
      const g2 = followerOf(g, i + 1 < n ? fold7(text.charCodeAt(i + 1)) : 0x20);
      if (((follow[g2 >> 5] as number) & (1 << (g2 & 31))) === 0) continue;
      candidate(text, n, i, g, buf);
    }
  };

  /** The same pass in WebAssembly (see `window-pass.ts`), a chunk at a time, each candidate checked here. */
  const scanChunks = (pass: WindowPass, text: string, n: number, buf: HitBuffer): void => {
    const { at, window } = pass;
    chunk = pass.units;
    for (let base = 0; base < n; base += CHUNK) {
      const count = pass.chunk(text, base);
      chunkFrom = base - 2;
      chunkTo = Math.min(n, base + CHUNK + 1);
      for (let c = 0; c < count; c++) candidate(text, n, base + (at[c] as number), window[c] as number, buf);
    }
    chunk = undefined;
  };

  return function scanKeywords(text: string, buf: HitBuffer): void {
    const n = text.length;
    skipG = -1;
    oneByte = false;
    unsure = n >> 2;
    if (runsTouched) {
      runEnd.fill(-2);
      reported.fill(-1);
      pending.fill(-1);
      runsTouched = false;
    }
    if (pass !== undefined && n >= COPY_MIN) scanChunks(pass, text, n, buf);
    else scanChars(text, n, buf);
    if (runsTouched) for (let r = 0; r < runs.length; r++) flush(r, buf);
    if (otherRegex) {
      const re = otherRegex; // scans do not nest: no copy per scan
      re.lastIndex = 0;
      let m = re.exec(text);
      while (m !== null) {
        const k = otherIndex.get(m[0].toLowerCase());
        if (k !== undefined && !refusedAt(text, m.index, k) && keyAt(text, m.index, k))
          pushHit(buf, m.index, k);
        re.lastIndex = m.index + 1;
        m = re.exec(text);
      }
    }
  };
}
