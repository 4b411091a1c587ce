/**
 * @module unicode/clean
 * `cleanText`: the Unicode policy of DESIGN.md applied to one string, for one string class and profile.
 *
 * How it works, and why it is idempotent without looping:
 * 1. A charCode scan over a 64 K lookup table finds the first suspicious code unit. Clean text (ASCII,
 *    accented Latin, CJK, Arabic, emoji without invisible characters) never leaves this loop and is returned
 *    as the same reference.
 * 2. From there, every suspicious token is either *removed* (controls, whole ANSI sequences, bidi controls,
 *    lone surrogates, ...), *rewritten to a base* (newline rules per class, `strict` spaces) or a *context
 *    character* (ZWJ, ZWNJ, bidi marks, variation selectors, tags). Removed tokens are transparent.
 * 3. Context characters are collected in runs between two bases of the output and judged per run from the
 *    run's own content and its two neighbouring bases only. Bases are never removed after step 2, so a second
 *    pass sees the same bases and the kept part of each run, and every rule below keeps what it kept.
 *    Nothing removable survives step 2 (no ESC, no C1, no lone surrogate), so removals cannot reassemble a
 *    sequence either.
 * 4. Bidi marks need right-to-left letters somewhere in the output, and the density limit looks at all kept
 *    context characters; both are decided once at the end from the output's bases.
 * 5. Greek and Cyrillic letters drawn like Latin ones stop the scan, which notes them and steps over their
 *    run of Greek or Cyrillic: words mixing them with Latin are judged on the output (`foldLookalikes`), so
 *    removed characters cannot make or split a word between one cleaning and the next.
 * Every pass is linear: the ANSI string terminator search never rescans (see `StringEnds`).
 */

import type { LookalikeMode, StringClass, UnicodeProfile } from '../core/types.js';
import { controlStringEnd, csiEnd, escapeEnd, StringEnds } from './escapes.js';
import {
  emojiJoin,
  formJoin,
  inRange,
  inRanges,
  nonJoinerStands,
  RTL_LETTERS,
  RTL_SEARCH,
  scriptJoin,
  takesSelector,
} from './joins.js';
import { foldLookalikes, greekOrCyrillicEnd, isGreekOrCyrillic } from './lookalikes.js';
import { doubled, Output } from './output.js';
import {
  ANSI,
  BIDI_CONTROL_RANGES,
  BIDI_MARKS,
  BOM,
  BRAILLE_BLANK,
  BRAILLE_CELLS,
  CONTROL_RANGES,
  type CodePointRange,
  DENSITY_MAX_CONTEXT,
  DENSITY_WINDOW,
  EMOJI_VS,
  FORMAT_RANGES,
  INVISIBLE_RANGES,
  LATIN_LOOKALIKES,
  LINE_SEPARATORS,
  MONGOLIAN_VOWEL_SEPARATOR,
  NONCHARACTER_RANGES,
  SPACE_SEPARATOR_RANGES,
  SUBDIVISION_ID,
  TAG_BASE,
  TAG_CANCEL,
  TAG_OFFSET,
  TAG_RANGE,
  TAG_SPEC_MAX,
  UNICODE_CATEGORIES,
  type UnicodeCategory,
  VARIATION_SELECTOR_RANGES,
  ZERO_WIDTH_SPACE,
  ZWJ,
  ZWNJ,
} from './tables.js';
import { createUnitScan, PLAIN_HIGH, type UnitScan } from './unit-scan.js';

export type { UnicodeCategory } from './tables.js';
export { UNICODE_TABLES_VERSION } from './tables.js';

/** Code points removed or rewritten, per category. `cleanText` adds to it. */
export type RemovalCounts = Partial<Record<UnicodeCategory, number>>;

// Actions of the lookup table. 0 means "copy"; removals are REMOVE + category index.
const A_HI = PLAIN_HIGH; // high surrogate whose pairs are all fine: only the pairing is checked (1)
const A_HI_CHECK = 2; // high surrogate whose pairs may be suspicious
const A_LO = 3; // low surrogate (reached only when lone)
const A_ESC = 4;
const A_C1_CSI = 5;
const A_C1_STRING = 6;
const A_CR = 7;
const A_NEWLINE = 8; // rewritten per class: '\n' in documents, ' ' elsewhere
const A_SPACE = 9; // strict: unusual space -> ' '
// The context characters, A_ZWJ to A_VS, are numbered in a row (`soloEnd` tests the range).
const A_ZWJ = 10;
const A_ZWNJ = 11;
const A_MARK = 12;
const A_VS = 13;
const A_TAG = 14;
const A_LOOKALIKE = 15; // a Greek or Cyrillic letter drawn like a Latin one: noted, words judged at the end
const A_BLANK = 16; // U+2800: kept beside a braille cell, removed elsewhere
const A_REMOVE = 17;

/** The unit scanner, whose tables `buildPolicy` fills; undefined without WebAssembly. */
const unitScan = createUnitScan();

const CAT = Object.fromEntries(UNICODE_CATEGORIES.map((c, i) => [c, i])) as Record<UnicodeCategory, number>;
const remove = (c: UnicodeCategory): number => A_REMOVE + CAT[c];
/** The one removal the loop decides itself, once per lone surrogate: a constant, not a lookup by name each. */
const A_LONE_SURROGATE = remove('surrogate');

interface Policy {
  readonly bmp: Uint8Array;
  /**
   * A regex whose class is a superset of the code units with an action, used to jump over clean text.
   * V8 scans a class of up to ~16 ranges at about 1 GB/s and gets 8x slower past that, so the class is
   * hand-merged (a few harmless code units, verified by the table, come along) and checked against the
   * table when the policy is built; `strict` needs more ranges and uses the table loop instead.
   */
  readonly skip: RegExp | undefined;
  /** Supplementary code points with an action, sorted and disjoint: from, to, action, from, to, ... */
  readonly supp: Int32Array;
  readonly document: boolean;
  /** The policy's slot (0-3) in the unit scanner, which holds its table. */
  readonly slot: number;
}

function buildPolicy(document: boolean, strict: boolean, slot: number): Policy {
  const rules: [CodePointRange, number][] = [];
  const add = (ranges: readonly CodePointRange[], action: number): void => {
    for (const r of ranges) rules.push([r, action]);
  };
  add(CONTROL_RANGES, remove('control'));
  add(BIDI_CONTROL_RANGES, remove('bidi'));
  add(INVISIBLE_RANGES, remove('invisible'));
  add(NONCHARACTER_RANGES, remove('noncharacter'));
  add([[BOM, BOM]], remove('bom'));
  add([[ZERO_WIDTH_SPACE, ZERO_WIDTH_SPACE]], remove('zero-width'));
  add(VARIATION_SELECTOR_RANGES, A_VS);
  add(
    LINE_SEPARATORS.map((c) => [c, c]),
    A_NEWLINE,
  );
  add([[ANSI.esc, ANSI.esc]], A_ESC);
  add([[ANSI.c1Csi, ANSI.c1Csi]], A_C1_CSI);
  add(
    ANSI.c1Strings.map((c) => [c, c]),
    A_C1_STRING,
  );
  add([[BRAILLE_BLANK, BRAILLE_BLANK]], A_BLANK);
  add([[0x0d, 0x0d]], A_CR);
  if (!document) add([[0x09, 0x0a]], A_NEWLINE);
  if (strict) {
    // `strict` removes every Cc/Cf/Zl/Zp: the context rules for joiners, marks and tags do not apply.
    add(
      [
        [ZWNJ, ZWNJ],
        [ZWJ, ZWJ],
        [MONGOLIAN_VOWEL_SEPARATOR, MONGOLIAN_VOWEL_SEPARATOR],
      ],
      remove('zero-width'),
    );
    add(
      BIDI_MARKS.map((c) => [c, c]),
      remove('bidi-mark'),
    );
    add([TAG_RANGE], remove('tag'));
    add(FORMAT_RANGES, remove('format'));
    add(SPACE_SEPARATOR_RANGES, A_SPACE);
  } else {
    add([[ZWJ, ZWJ]], A_ZWJ);
    add(
      [
        [ZWNJ, ZWNJ],
        [MONGOLIAN_VOWEL_SEPARATOR, MONGOLIAN_VOWEL_SEPARATOR],
      ],
      A_ZWNJ,
    );
    add(
      BIDI_MARKS.map((c) => [c, c]),
      A_MARK,
    );
    add([TAG_RANGE], A_TAG);
  }
  add(
    LATIN_LOOKALIKES.map(([c]) => [c, c]),
    A_LOOKALIKE,
  );
  const bmp = new Uint8Array(0x10000);
  for (let c = 0xd800; c < 0xdc00; c++) bmp[c] = A_HI;
  for (let c = 0xdc00; c < 0xe000; c++) bmp[c] = A_LO;
  const supp: [number, number, number][] = [];
  // Later rules win, so the specific rules above override the broad ones (e.g. ESC inside the controls).
  for (const [[from, to], action] of rules) {
    for (let c = from; c <= Math.min(to, 0xffff); c++) bmp[c] = action;
    if (to >= 0x10000) {
      const lo = Math.max(from, 0x10000);
      supp.push([lo, to, action]);
      for (let h = 0xd800 + ((lo - 0x10000) >> 10); h <= 0xd800 + ((to - 0x10000) >> 10); h++)
        bmp[h] = A_HI_CHECK;
    }
  }
  supp.sort((a, b) => a[0] - b[0]);
  // suppAction finds one range per code point: the tables must not overlap above the BMP.
  for (let i = 1; i < supp.length; i++)
    if (supp[i]![0] <= supp[i - 1]![1]) throw new Error('unicode tables: overlapping supplementary ranges');
  const flat = Int32Array.from(supp.flat());
  const skip = strict ? undefined : document ? DOCUMENT_SKIP : FIELD_SKIP;
  unitScan?.table(slot, bmp);
  return {
    bmp,
    supp: flat,
    document,
    skip: skip !== undefined && covers(skip, bmp) ? skip : undefined,
    slot,
  };
}

// Balanced superset classes (16 ranges each). Both include every surrogate (pairs are checked in `scan`), and
// the whole of Greek and Cyrillic for their look-alikes (U+034F, an invisible, widened to U+052F): a class
// that named the look-alikes one by one would be past 16 ranges. The separators and the bidi controls run on
// over the punctuation between them to the word joiner's block (U+2028-206F) to leave a range for U+2800.
const DOCUMENT_SKIP =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: matches single code units on purpose
  /[\x00-\x08\x0B-\x1F\x7F-\xAD\u034F-\u052F\u061C\u115F-\u180F\u200B-\u200F\u2028-\u206F\u2800\u3164\uD800-\uDFFF\uFDD0-\uFDEF\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFF]/g;
const FIELD_SKIP =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: matches single code units on purpose
  /[\x00-\x1F\x7F-\xAD\u034F-\u052F\u061C\u115F-\u180F\u200B-\u200F\u2028-\u206F\u2800\u3164\uD800-\uDFFF\uFDD0-\uFDEF\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFF]/g;

/** Does `re` match every code unit the table acts on? (If a table edit breaks this, the loop is used.) */
function covers(re: RegExp, bmp: Uint8Array): boolean {
  const probe = new RegExp(re.source);
  for (let c = 0; c < 0x10000; c++) if (bmp[c] !== 0 && !probe.test(String.fromCharCode(c))) return false;
  return true;
}

/** The four policies (document or not, strict or not), built on first use; looked up per string, so no key is built. */
const policies: (Policy | undefined)[] = [undefined, undefined, undefined, undefined];
function policyFor(cls: StringClass, profile: UnicodeProfile): Policy {
  const document = cls === 'document';
  const strict = profile === 'strict';
  const i = (document ? 2 : 0) + (strict ? 1 : 0);
  let p = policies[i];
  if (p === undefined) {
    p = buildPolicy(document, strict, i);
    policies[i] = p;
  }
  return p;
}

function suppAction(p: Policy, cp: number): number {
  // Binary search for the last range starting at or before `cp`: a text of tag characters looks one up per
  // pair, and a walk over the ranges (16 planes of noncharacters come first) was most of its time.
  const t = p.supp;
  let lo = 0;
  let hi = t.length / 3 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t[mid * 3]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return hi >= 0 && t[lo * 3]! <= cp && cp <= t[lo * 3 + 1]! ? t[lo * 3 + 2]! : 0;
}

/** Index of the first code unit at or after `i` that needs attention, or `s.length`. */
function scan(s: string, i: number, p: Policy): number {
  const re = p.skip;
  if (re === undefined) return scanTable(s, i, p);
  const n = s.length;
  const t = p.bmp;
  for (;;) {
    re.lastIndex = i;
    if (!re.test(s)) return n;
    i = re.lastIndex - 1;
    const c = s.charCodeAt(i);
    const a = t[c];
    if (a === 0) {
      // Greek and Cyrillic are in the class for their look-alikes: the rest of their run is read here, not by
      // a regex call a letter (~30 ns each).
      for (let d = s.charCodeAt(++i); isGreekOrCyrillic(d); d = s.charCodeAt(++i)) if (t[d] !== 0) return i;
      continue;
    }
    if (a === A_HI || a === A_HI_CHECK) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (a === A_HI || suppAction(p, ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000) === 0) {
          i += 2;
          continue;
        }
      }
    }
    return i;
  }
}

/** The same as `scan`, one code unit at a time through the table; units of action `pass` count as plain. */
function scanTable(s: string, i: number, p: Policy, pass = 0): number {
  const n = s.length;
  const t = p.bmp;
  for (; i < n; i++) {
    const a = t[s.charCodeAt(i)];
    if (a === 0 || a === pass) continue;
    if (a === A_HI || a === A_HI_CHECK) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (a === A_HI || suppAction(p, ((s.charCodeAt(i) - 0xd800) << 10) + (d - 0xdc00) + 0x10000) === 0) {
          i++;
          continue;
        }
      }
    }
    return i;
  }
  return n;
}

/**
 * Texts at least this long are searched by the unit scanner (`unit-scan.ts`); shorter ones by the regex,
 * whose call costs less than copying the text into the scanner's memory.
 */
const LONG_UNITS = 256;

/**
 * `scan` by the unit scanner, over the text it began last (`s`): pairs that may have an action are checked
 * here.
 */
function scanLong(scanner: UnitScan, s: string, i: number, p: Policy): number {
  const n = s.length;
  for (;;) {
    i = scanner.next(i);
    if (i >= n || p.bmp[s.charCodeAt(i)] !== A_HI_CHECK) return i;
    const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
    if (d < 0xdc00 || d > 0xdfff) return i;
    if (suppAction(p, ((s.charCodeAt(i) - 0xd800) << 10) + (d - 0xdc00) + 0x10000) !== 0) return i;
    i += 2;
  }
}

/** `scan` or, for a long text the unit scanner was begun on, `scanLong`. */
const scanFrom = (s: string, i: number, p: Policy, scanner: UnitScan | undefined): number =>
  scanner === undefined ? scan(s, i, p) : scanLong(scanner, s, i, p);

/** Units after a stop read by table before the class regex is called to find the next one. */
const NEAR_UNITS = 4;

/**
 * `scanFrom` for a stop that may be near: attacks come in runs of suspicious characters. The next few units
 * are read here, by table: stops often come close together (a joiner between two letters, a run of escapes,
 * look-alikes between Latin letters), and a regex or scanner call costs more than a few reads (1 MB of an
 * Arabic letter and a ZWNJ alternating was one call per pair). A lone surrogate, or a pair that may have an
 * action, is returned for the caller to look at; plain pairs are skipped. Not `scanTable` with a bound: it
 * looks a pair's action up, which the caller then does again (1 MB of tag characters 10.9 -> 14.2 ms that way).
 */
function stopFrom(s: string, k: number, p: Policy, scanner: UnitScan | undefined): number {
  const n = s.length;
  const t = p.bmp;
  for (const end = Math.min(n, k + NEAR_UNITS); k < end; k++) {
    const a = t[s.charCodeAt(k)]!;
    if (a === 0) continue;
    if (a === A_HI || a === A_HI_CHECK) {
      const d = k + 1 < n ? s.charCodeAt(k + 1) : 0;
      if (a === A_HI_CHECK || d < 0xdc00 || d > 0xdfff) return k;
      k++;
      continue;
    }
    return k;
  }
  if (k >= n) return n;
  return scanFrom(s, k, p, scanner);
}

/**
 * Where the scan goes on after a look-alike at `i`: past its run of Greek or Cyrillic. A look-alike only marks
 * the text for `foldLookalikes`, and no other unit in those blocks has an action (a test holds the tables to
 * it), so prose in those scripts costs a stop a word, not a stop a look-alike.
 */
const pastLookalike = (s: string, i: number): number => greekOrCyrillicEnd(s, i + 1);

/** The context characters collected between two bases, as parallel arrays reused across runs. */
interface Run {
  length: number;
  cp: Int32Array;
  action: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  keep: Uint8Array;
}

/** A run with room for `n` tokens. Typed arrays: a run of a million joiners appended to JS arrays cost 4x. */
function newRun(n: number): Run {
  return {
    length: 0,
    cp: new Int32Array(n),
    action: new Uint8Array(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
    keep: new Uint8Array(n),
  };
}

/** Appends a token to `run`, doubling its arrays when full. */
function pushToken(run: Run, cp: number, action: number, start: number, end: number): void {
  const k = run.length;
  if (k === run.cp.length) {
    run.cp = doubled(run.cp);
    run.action = doubled(run.action);
    run.start = doubled(run.start);
    run.end = doubled(run.end);
    run.keep = doubled(run.keep);
  }
  run.cp[k] = cp;
  run.action[k] = action;
  run.start[k] = start;
  run.end[k] = end;
  run.length = k + 1;
}

/**
 * What a kept context character is, for the density limit: a bidi mark (removed anyway without right-to-left
 * text), one bound to an emoji (VS15/VS16 after an emoji, a ZWJ between two), or any other. Those bound to an
 * emoji are not counted and not removed: each sits on a visible pictograph, a line of reactions
 * (`❤️‍🔥 12 · 🏳️‍🌈 4 · 👁️‍🗨️ 2 …`) has two or three per emoji, and all a hidden channel could make of them is one
 * bit per emoji shown.
 */
type KeptKind = 0 | 1 | 2;
const KEPT_CONTEXT = 0;
const KEPT_MARK = 1;
const KEPT_EMOJI = 2;

/** The kind of a kept joiner, mark or selector `cp` (action `a`) between bases `l` and `r`. */
function keptKind(a: number, cp: number, l: number, r: number): KeptKind {
  if (a === A_MARK) return KEPT_MARK;
  if (a === A_VS) return inRange(cp, EMOJI_VS) ? KEPT_EMOJI : KEPT_CONTEXT;
  return a === A_ZWJ && emojiJoin(l, r) ? KEPT_EMOJI : KEPT_CONTEXT;
}

/**
 * The context characters kept so far, as parallel arrays: the output piece each is, the output position (in
 * base units) it sits at, its code points (0 once removed), and whether it is a bidi mark. Typed arrays for
 * the reason `Run` has them: four JS arrays pushed to were 40% of 1 MB of a letter and an RLM alternating.
 */
interface Kept {
  length: number;
  part: Int32Array;
  at: Int32Array;
  cps: Int32Array;
  mark: Uint8Array;
}

function newKept(n: number): Kept {
  return {
    length: 0,
    part: new Int32Array(n),
    at: new Int32Array(n),
    cps: new Int32Array(n),
    mark: new Uint8Array(n),
  };
}

function pushKept(kept: Kept, part: number, at: number, cps: number, kind: KeptKind): void {
  const k = kept.length;
  if (k === kept.part.length) {
    kept.part = doubled(kept.part);
    kept.at = doubled(kept.at);
    kept.cps = doubled(kept.cps);
    kept.mark = doubled(kept.mark);
  }
  kept.part[k] = part;
  kept.at[k] = at;
  kept.cps[k] = cps;
  kept.mark[k] = kind;
  kept.length = k + 1;
}

/** Do the run's leading tags spell a subdivision id closed by CANCEL TAG, with no other tag after? */
function tagSequenceEnd(run: Run, tagCount: number): number {
  let spec = '';
  let k = 0;
  while (k < run.length && k <= TAG_SPEC_MAX && run.action[k] === A_TAG && run.cp[k] !== TAG_CANCEL) {
    spec += String.fromCharCode(run.cp[k]! - TAG_OFFSET);
    k++;
  }
  return k < run.length && run.cp[k] === TAG_CANCEL && tagCount === k + 1 && SUBDIVISION_ID.test(spec)
    ? k + 1
    : -1;
}

/** Tally slots of the categories an unjustified context character (not a tag) is counted under. */
const TALLY_VS = CAT['variation-selector'];
const TALLY_MARK = CAT['bidi-mark'];
const TALLY_ZERO_WIDTH = CAT['zero-width'];
/** And of what the loop drops itself. */
const TALLY_ANSI = CAT.ansi;
const TALLY_CONTROL = CAT.control;
const TALLY_NEWLINE = CAT.newline;
const TALLY_SEPARATOR = CAT.separator;
const TALLY_INVISIBLE = CAT.invisible;

/** Where the run of code unit `c` that goes on at `from` ends. */
const sameRunEnd = (s: string, from: number, c: number): number => {
  let k = from;
  while (k < s.length && s.charCodeAt(k) === c) k++;
  return k;
};

/**
 * Where the run of lone surrogates going on at `from` ends: low halves (one after a low half or a lone high
 * one is lone too) and high halves not followed by a low one. 1 MB of them went one at a time through the
 * loop, ~7 ms, and 44 ms in a process whose compiled loop was slower.
 */
const loneSurrogatesEnd = (s: string, from: number): number => {
  let k = from;
  for (;;) {
    const c = s.charCodeAt(k);
    if (c >= 0xdc00 && c <= 0xdfff) k++;
    else if (c >= 0xd800 && c <= 0xdbff && !(s.charCodeAt(k + 1) >= 0xdc00 && s.charCodeAt(k + 1) <= 0xdfff))
      k++;
    else return k;
  }
};

/** Code points in `s` from `from` to `to` (a low surrogate after a high one inside the span is no new one). */
const cpCount = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff || i === from || (s.charCodeAt(i - 1) & 0xfc00) !== 0xd800) n++;
  }
  return n;
};

/**
 * Where a joiner, mark or selector in the BMP at `j` ends, with a second of its action after it if there is
 * one, when a unit of no action follows: -1 otherwise, and for anything else at `j`. Such a run is judged from
 * its bases alone (`Cleaning.alternation`). A pair after it (an emoji) is left to the general loop: letting
 * it in here made the single joiners and marks ~20% slower, for ~20% on emoji and ZWJ alternating.
 */
function soloEnd(s: string, t: Uint8Array, j: number): number {
  const a = t[s.charCodeAt(j)]!;
  if (a < A_ZWJ || a > A_VS) return -1;
  let end = j + 1;
  if (t[s.charCodeAt(end)] === a) end++;
  return end < s.length && t[s.charCodeAt(end)] === 0 ? end : -1;
}

/**
 * Records output position `at` as the `count`-th (from 0) in `ring`, and says whether it and the
 * DENSITY_MAX_CONTEXT - 1 recorded before it fall within DENSITY_WINDOW base units.
 */
function crowded(ring: Int32Array, count: number, at: number): boolean {
  const slot = count % DENSITY_MAX_CONTEXT;
  const full =
    count >= DENSITY_MAX_CONTEXT - 1 && at - ring[(slot + 1) % DENSITY_MAX_CONTEXT]! < DENSITY_WINDOW;
  ring[slot] = at;
  return full;
}

/**
 * Working memory shared by every cleaning: cleanings do not nest (nothing they call cleans), and allocating it
 * per call, a dozen typed arrays, was a third of cleaning a short field with one zero-width character. What a
 * long text grew past `KEPT_TOKENS` is let go of once it is cleaned (or, if cleaning threw, by the next one).
 */
const RUN = newRun(16);
const KEPT = newKept(16);
const OUTPUT = new Output();
const RECENT = new Int32Array(DENSITY_MAX_CONTEXT);
const TALLY = new Array<number>(UNICODE_CATEGORIES.length).fill(0);
const KEPT_TOKENS = 1024;

/** Empties the shared working memory, letting go of what a long text grew. */
function resetWorkingMemory(): void {
  OUTPUT.reset();
  if (RUN.cp.length > KEPT_TOKENS) Object.assign(RUN, newRun(16));
  RUN.length = 0;
  if (KEPT.part.length > KEPT_TOKENS) Object.assign(KEPT, newKept(16));
  KEPT.length = 0;
  TALLY.fill(0);
}

/**
 * The slow path of one `cleanText` call: everything from the first suspicious index on. A class rather than
 * closures inside one function: closures made afresh per call start with no type feedback, and V8 kept
 * deoptimising them (1 MB of emoji+ZWJ after a run of joiners took 0.9 s instead of 0.06 s).
 */
class Cleaning {
  readonly n: number;
  readonly tally = TALLY;
  readonly out = OUTPUT;
  readonly ends: StringEnds;
  readonly kept: Kept = KEPT;
  /** How many of the kept are bidi marks. */
  marks = 0;
  /** See `firstRtlLetter`; -1 until searched. */
  firstRtl = -1;
  readonly run: Run = RUN;
  changed = false;
  lastBase = -1;
  baseUnits = 0;
  // Output positions of the last DENSITY_MAX_CONTEXT kept context units other than marks, as a ring. Once
  // that many fall inside the window, the density limit will remove every kept one at the end (marks may
  // go earlier, for want of RTL text, so they are not counted): later ones are dropped at once instead of
  // being kept only to be removed, which on 1 MB of emoji+ZWJ was most of the time.
  readonly recent = RECENT; // only slots written in this cleaning are read
  counted = 0;
  dense = false;
  /** Whether a joiner or selector of an emoji sequence was kept (they are not recorded in `kept`). */
  keptEmoji = false;
  /** Whether the scan met a look-alike. */
  lookalikes = false;

  constructor(
    readonly s: string,
    readonly p: Policy,
    /** The unit scanner, begun on `s`, for long texts. */
    readonly scanner: UnitScan | undefined,
  ) {
    this.n = s.length;
    this.ends = new StringEnds(s);
    resetWorkingMemory(); // an earlier cleaning may have thrown midway
  }

  keep(from: number, to: number, kind: KeptKind): void {
    if (kind === KEPT_EMOJI) {
      // Never removed afterwards: copied on with the text around it, as one piece.
      this.out.range(from, to);
      this.keptEmoji = true;
      return;
    }
    if (kind === KEPT_MARK && this.firstRtlLetter() === this.n) {
      // No RTL letter anywhere: no mark can stand, so none is kept only to be removed at the end.
      this.dropContext(A_MARK);
      return;
    }
    const cps = cpCount(this.s, from, to);
    if (kind === KEPT_CONTEXT) {
      if (this.dense) {
        this.tally[CAT.steganography]! += cps;
        this.changed = true;
        return;
      }
      this.dense = crowded(this.recent, this.counted++, this.baseUnits);
    }
    if (kind === KEPT_MARK) this.marks++;
    pushKept(this.kept, this.out.length, this.baseUnits, cps, kind);
    this.out.piece(from, to);
  }

  /** Judges one run from its own content and the bases around it (`l` before, `r` after; -1 for none). */
  flushRun(r: number): void {
    const l = this.lastBase;
    const len = this.run.length;
    const { cp, action, start, end } = this.run;
    if (len === 1 && action[0] !== A_TAG) {
      this.flushOne(l, r);
      return;
    }
    if (len === 2 && action[0] === action[1] && action[0] !== A_TAG) {
      // Two of one joiner, mark or selector (what doubling attacks leave, and every longer run of one, see
      // `clean`): only one of each may stand, so neither does. Settled here, the judgement below never runs
      // for them; its speed on 1 MB of an ideograph and two ZWNJs swung 31-50 ms with V8's compiled code.
      this.dropContext(action[0]!, 2);
      this.run.length = 0;
      return;
    }
    const verdict = this.run.keep;
    let tagCount = 0;
    let first = -1; // first non-tag token
    let second = -1;
    let joiners = 0;
    let marks = 0;
    for (let i = 0; i < len; i++) {
      const a = action[i]!;
      verdict[i] = 0;
      if (a === A_TAG) {
        tagCount++;
        continue;
      }
      if (first < 0) first = i;
      else if (second < 0) second = i;
      if (a === A_ZWJ || a === A_ZWNJ) joiners++;
      else if (a === A_MARK) marks++;
    }
    const tagEnd = tagCount > 0 && l === TAG_BASE ? tagSequenceEnd(this.run, tagCount) : -1;
    if (tagEnd < 0 && tagCount > 0) {
      this.tally[CAT.tag]! += tagCount;
      this.changed = true;
    }
    // A selector followed by another is doubled, and neither stands; but no supplement selector can follow a
    // standard one (`❤` + U+FE0F, then bytes smuggled as U+E0100…): the first stays with its base.
    const vsKept =
      first >= 0 &&
      action[first] === A_VS &&
      (second < 0 || action[second] !== A_VS || (cp[first]! <= 0xfe0f && cp[second]! >= 0xe0100)) &&
      takesSelector(l, cp[first]!);
    for (let i = 0; i < len; i++) {
      const a = action[i]!;
      if (a === A_TAG) continue;
      let ok = false;
      if (a === A_VS) ok = vsKept && i === first;
      else if (a === A_ZWJ) ok = joiners === 1 && (emojiJoin(l, r) || scriptJoin(l, r) || formJoin(l, r));
      else if (a === A_ZWNJ) ok = joiners === 1 && nonJoinerStands(cp[i]!, l, r);
      else if (a === A_MARK) ok = marks === 1;
      verdict[i] = ok ? 1 + keptKind(a, cp[i]!, l, r) : 0;
      if (!ok) this.dropContext(a);
    }
    if (tagEnd > 0) this.keep(start[0]!, end[tagEnd - 1]!, KEPT_CONTEXT);
    for (let i = Math.max(tagEnd, 0); i < len; i++) {
      if (verdict[i]! > 0) this.keep(start[i]!, end[i]!, (verdict[i]! - 1) as KeptKind);
    }
    this.run.length = 0;
  }

  /**
   * `flushRun` for a run of one joiner, mark or selector (what most attacks repeat: `a`+VS16, a letter and
   * ZWNJ), with the same verdicts: the general loops cost more than the judgement.
   */
  flushOne(l: number, r: number): void {
    const run = this.run;
    run.length = 0;
    this.judgeOne(run.action[0]!, run.cp[0]!, run.start[0]!, run.end[0]!, l, r);
  }

  /** Keeps or drops joiner, mark or selector `cp` (action `a`, `start` to `end`) between bases `l` and `r`. */
  judgeOne(a: number, cp: number, start: number, end: number, l: number, r: number): void {
    let ok: boolean;
    if (a === A_VS) ok = takesSelector(l, cp);
    else if (a === A_ZWJ) ok = emojiJoin(l, r) || scriptJoin(l, r) || formJoin(l, r);
    else if (a === A_ZWNJ) ok = nonJoinerStands(cp, l, r);
    else ok = true; // a single bidi mark
    if (ok) this.keep(start, end, keptKind(a, cp, l, r));
    else this.dropContext(a);
  }

  /** Copies the bases from `from` to `to` (a stretch of the input) to the output; the last is `lastBase`. */
  copyBases(from: number, to: number): void {
    const s = this.s;
    this.out.range(from, to);
    this.baseUnits += to - from;
    const last = s.charCodeAt(to - 1);
    this.lastBase =
      last >= 0xdc00 && last <= 0xdfff && to - 2 >= from && (s.charCodeAt(to - 2) & 0xfc00) === 0xd800
        ? s.codePointAt(to - 2)!
        : last;
  }

  /**
   * One or two joiners, marks or selectors from `j` to `end`, between plain bases (see `soloEnd`), and each such
   * after it: what most attacks repeat (a letter and a ZWNJ, `a`+VS16, an ideograph and two ZWNJs). Each is
   * judged at once, with the verdict `flushRun` would give it, and the bases up to the next are copied; no run
   * is collected. Returns where the last one handled ends, for the general loop to go on from. A loop of its
   * own, and small: in the general loop, how fast these went depended on what V8 had inlined there, which
   * earlier inputs decided (1 MB of a letter and an RLM alternating took 29-35 ms alone, 50 after the other
   * attacks).
   */
  alternation(j: number, end: number): number {
    const { s, n } = this;
    const t = this.p.bmp;
    for (;;) {
      const a = t[s.charCodeAt(j)]!;
      // Two of one action: only one of each may stand, so neither does (as in `flushRun`).
      if (end === j + 2) this.dropContext(a, 2);
      else this.judgeOne(a, s.charCodeAt(j), j, end, this.lastBase, s.charCodeAt(end));
      const k = this.nextFrom(end + 1);
      if (k >= n) return end;
      const next = soloEnd(s, t, k);
      if (next < 0) return end;
      this.copyBases(end, k);
      j = k;
      end = next;
    }
  }

  /** A character of ours (a space or newline standing for what was removed) as the next base. */
  base(cp: number): void {
    if (this.run.length > 0) this.flushRun(cp);
    this.out.char(cp);
    this.baseUnits += 1;
    this.lastBase = cp;
  }

  /** Counts joiners, marks or selectors that their neighbours do not justify (by index: no key lookup per one). */
  dropContext(action: number, count = 1): void {
    this.tally[action === A_VS ? TALLY_VS : action === A_MARK ? TALLY_MARK : TALLY_ZERO_WIDTH]! += count;
    this.changed = true;
  }

  /** Counts `cps` code points removed under tally slot `slot` (a constant: a name looked up per call was 15% of 1 MB of escapes). */
  drop(slot: number, cps: number): void {
    this.tally[slot]! += cps;
    this.changed = true;
  }

  /** Where the next stop is from `k` on (see `stopFrom`). */
  nextFrom(k: number): number {
    return stopFrom(this.s, k, this.p, this.scanner);
  }

  /** Do DENSITY_MAX_CONTEXT of the kept context characters still standing fall within DENSITY_WINDOW? */
  tooDense(): boolean {
    const { at, cps, length } = this.kept;
    let live = 0;
    for (let k = 0; k < length; k++) {
      // The ring is free again: the scan that filled it is over.
      if (cps[k]! > 0 && crowded(this.recent, live++, at[k]!)) return true;
    }
    return false;
  }

  /** Where the input's first right-to-left letter is (its length: none), searched for once. */
  firstRtlLetter(): number {
    if (this.firstRtl < 0) {
      RTL_SEARCH.lastIndex = 0;
      this.firstRtl = RTL_SEARCH.exec(this.s)?.index ?? this.n;
    }
    return this.firstRtl;
  }

  /**
   * Does a base of the output (a piece that is no kept context character) hold a right-to-left letter? One
   * walk over the pieces: short ones are read unit by unit, long ones share one search of the input for the
   * next RTL letter. A regex call per piece made 1 MB of a letter and an LRM alternating take 0.5 s.
   */
  hasRtlBase(): boolean {
    const { s, out } = this;
    const { part, length: kept } = this.kept;
    let c = 0; // the next kept context piece
    let next = this.firstRtlLetter(); // where the last search found an RTL letter (s.length: none)
    if (next === s.length) return false;
    for (let k = 0; k < out.length; k++) {
      if (c < kept && part[c] === k) {
        c++;
        continue;
      }
      const from = out.startOf(k);
      const to = out.endOf(k);
      if (from < 0 || to <= from) continue; // a space or newline of ours, or emptied
      if (to - from <= NEAR_UNITS) {
        for (let i = from; i < to; i++) if (inRanges(s.codePointAt(i)!, RTL_LETTERS)) return true;
        continue;
      }
      if (next < from) {
        RTL_SEARCH.lastIndex = from;
        next = RTL_SEARCH.exec(s)?.index ?? s.length;
        if (next === s.length) return false;
      }
      if (next < to) return true;
    }
    return false;
  }

  /**
   * Whether the run of braille blanks from `j` to `end` has a braille cell beside it: the base before it (in
   * the stretch being copied from `pos`, or the last one out) or the unit after it. Both stay what they are
   * in the output, so a second cleaning keeps what this one kept.
   */
  blanksStay(j: number, end: number, pos: number): boolean {
    return (
      inRange(j > pos ? this.s.charCodeAt(j - 1) : this.lastBase, BRAILLE_CELLS) ||
      inRange(this.s.charCodeAt(end), BRAILLE_CELLS)
    );
  }

  removeCtx(k: number, cat: UnicodeCategory): void {
    const { part, cps } = this.kept;
    this.out.clear(part[k]!);
    this.tally[CAT[cat]]! += cps[k]!;
    cps[k] = 0;
    this.changed = true;
  }

  /** Cleans from `start` on; adds what it removed to `counts`. */
  clean(start: number, counts: RemovalCounts | undefined): string {
    const { s, n, p } = this;
    let pos = 0;
    let j = start;
    let blanksEnd = 0; // where the run of braille blanks at `j` ends
    for (;;) {
      let action = 0;
      let cp = 0;
      let len = 1;
      if (j < n) {
        const c = s.charCodeAt(j);
        action = p.bmp[c]!;
        cp = c;
        if (action === A_HI || action === A_HI_CHECK || action === A_LO) {
          const d = action !== A_LO && j + 1 < n ? s.charCodeAt(j + 1) : 0;
          if (d >= 0xdc00 && d <= 0xdfff) {
            cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
            len = 2;
            action = suppAction(p, cp);
          } else {
            action = A_LONE_SURROGATE;
          }
        }
        if (action === A_BLANK) {
          blanksEnd = sameRunEnd(s, j + 1, BRAILLE_BLANK);
          if (this.blanksStay(j, blanksEnd, pos)) {
            j = this.nextFrom(blanksEnd);
            continue;
          }
        }
        if (action === A_LOOKALIKE) {
          this.lookalikes = true;
          j = this.nextFrom(pastLookalike(s, j));
          continue;
        }
        // A base that stopped the scan (a pair, say) stays in the stretch being copied: no part of its own.
        if (action === 0) {
          j = this.nextFrom(j + len);
          continue;
        }
      }
      if (j > pos) {
        if (this.run.length > 0) this.flushRun(s.codePointAt(pos)!);
        this.copyBases(pos, j);
      }
      if (j >= n) break;
      let next = j + len;
      switch (action) {
        case A_ESC: {
          next = escapeEnd(s, j, this.ends);
          if (next > j + 1) {
            // Only a control string's body may hold more than ASCII; a CSI's units are its code points.
            this.drop(TALLY_ANSI, s.charCodeAt(j + 1) === 0x5b ? next - j : cpCount(s, j, next));
            break;
          }
          // A lone ESC, and so is every ESC of a run but the last, which may open a sequence: counted at once.
          while (next + 1 < n && s.charCodeAt(next) === ANSI.esc && s.charCodeAt(next + 1) === ANSI.esc)
            next++;
          this.drop(TALLY_CONTROL, next - j);
          break;
        }
        case A_C1_CSI:
          next = csiEnd(s, j + 1);
          this.drop(TALLY_ANSI, next - j); // the C1 introducer and an ASCII body: a code point a unit
          break;
        case A_C1_STRING: {
          const e = controlStringEnd(s, j + 1, this.ends);
          next = e < 0 ? j + 1 : e;
          this.drop(TALLY_ANSI, cpCount(s, j, next));
          break;
        }
        case A_CR: {
          const crlf = s.charCodeAt(j + 1) === 0x0a;
          if (p.document) {
            // "\r\n" -> "\n": drop the CR and let the LF through as an ordinary base.
            if (crlf) this.drop(TALLY_NEWLINE, 1);
            else {
              this.drop(TALLY_NEWLINE, 1);
              this.base(0x0a);
            }
          } else {
            this.drop(TALLY_NEWLINE, crlf ? 2 : 1);
            if (crlf) next = j + 2;
            this.base(0x20);
          }
          break;
        }
        case A_NEWLINE:
          this.drop(TALLY_NEWLINE, 1);
          this.base(p.document ? 0x0a : 0x20);
          break;
        case A_SPACE:
          this.drop(TALLY_SEPARATOR, 1);
          this.base(0x20);
          break;
        case A_BLANK:
          next = blanksEnd;
          this.drop(TALLY_INVISIBLE, next - j);
          break;
        case A_ZWJ:
        case A_ZWNJ:
        case A_MARK:
        case A_VS:
        case A_TAG: {
          const solo = this.run.length === 0 ? soloEnd(s, p.bmp, j) : -1;
          if (solo >= 0) {
            next = this.alternation(j, solo);
            break;
          }
          pushToken(this.run, cp, action, j, next);
          if (action !== A_TAG && len === 1 && s.charCodeAt(next) === cp && s.charCodeAt(next + 1) === cp) {
            // One joiner, mark or selector three times or more in a row (1 MB of RLM): two go into the run,
            // which drops them both (only one of each may stand, and the rest of the run sees two), and the
            // others are counted as dropped at once.
            pushToken(this.run, cp, action, next, next + 1);
            const from = next + 1;
            next = sameRunEnd(s, from, cp);
            this.dropContext(action, next - from);
          }
          break;
        }
        default: {
          // `remove(cat)` is A_REMOVE plus the category's index in the tally. A BMP character repeated (1 MB
          // of ZWSP) is counted at once, and so is a run of lone surrogates (a surrogate pair in a run of
          // removed supplementary characters goes one at a time).
          const end =
            action === A_LONE_SURROGATE
              ? loneSurrogatesEnd(s, next)
              : len === 1 && (cp < 0xd800 || cp > 0xdfff)
                ? sameRunEnd(s, next, cp)
                : next;
          this.tally[action - A_REMOVE]! += 1 + end - next;
          this.changed = true;
          next = end;
        }
      }
      pos = next;
      j = this.nextFrom(next);
    }
    if (this.run.length > 0) this.flushRun(-1);

    const kept = this.kept;
    // Marks order right-to-left text; without RTL letters in the output they only hide things.
    if (this.marks > 0 && !this.hasRtlBase())
      for (let k = 0; k < kept.length; k++) if (kept.mark[k] === 1) this.removeCtx(k, 'bidi-mark');
    if (this.tooDense())
      for (let k = 0; k < kept.length; k++) if (kept.cps[k]! > 0) this.removeCtx(k, 'steganography');

    if (counts !== undefined) {
      for (let k = 0; k < this.tally.length; k++) {
        const v = this.tally[k]!;
        if (v > 0) {
          const cat = UNICODE_CATEGORIES[k]!;
          counts[cat] = (counts[cat] ?? 0) + v;
        }
      }
    }
    return this.changed ? this.out.build(s) : s;
  }
}

/**
 * Cleans `text` for string class `cls` under `profile` and adds what it removed or rewrote, in code points
 * per category, to `counts`. Returns the same string when nothing changes. Idempotent and linear-time.
 * Look-alikes in Latin words are rewritten unless `lookalikes` is `keep`.
 *
 * @example
 * const counts: RemovalCounts = {};
 * cleanText('pay\u202Eload\u001b[31m!', 'field', 'balanced', counts); // 'payload!'
 * // counts: { bidi: 1, ansi: 5 }
 */
export function cleanText(
  text: string,
  cls: StringClass,
  profile: UnicodeProfile,
  counts?: RemovalCounts,
  lookalikes: LookalikeMode = 'fold',
): string {
  const p = policyFor(cls, profile);
  const fold = lookalikes === 'fold';
  if (unitScan === undefined || text.length < LONG_UNITS) return cleanWith(text, p, undefined, counts, fold);
  // Cleaning does not nest: the one scanner serves the text being cleaned, and lets go of it after.
  unitScan.begin(text, p.slot);
  try {
    return cleanWith(text, p, unitScan, counts, fold);
  } finally {
    unitScan.end();
  }
}

function cleanWith(
  text: string,
  p: Policy,
  scanner: UnitScan | undefined,
  counts: RemovalCounts | undefined,
  fold: boolean,
): string {
  let first = scanFrom(text, 0, p, scanner);
  // Text in Greek or Cyrillic, with nothing to remove, needs no cleaning to have its words judged.
  let lookalikes = false;
  while (first < text.length && p.bmp[text.charCodeAt(first)] === A_LOOKALIKE) {
    lookalikes = true;
    // A short text in Greek or Cyrillic is read on by table: a regex call a word cost more than the reading.
    first =
      scanner === undefined
        ? scanTable(text, first + 1, p, A_LOOKALIKE)
        : stopFrom(text, pastLookalike(text, first), p, scanner);
  }
  if (first === text.length) {
    lastMayHoldContext = false; // the scan stops at every context character
    return lookalikes && fold ? foldLookalikes(text, counts) : text;
  }
  const cleaning = new Cleaning(text, p, scanner);
  const out = cleaning.clean(first, counts);
  lastMayHoldContext = cleaning.kept.length > 0 || cleaning.keptEmoji;
  resetWorkingMemory();
  return fold && (lookalikes || cleaning.lookalikes) ? foldLookalikes(out, counts) : out;
}

let lastMayHoldContext = true;

/**
 * May the string the last `cleanText` call returned hold a context character (a joiner, bidi mark, variation
 * selector or tag kept for its neighbours)? False only when it holds none: then replacing parts of it with
 * ASCII (masking) cannot change any context verdict, and the caller need not search it for them.
 */
export function lastCleanMayHoldContext(): boolean {
  return lastMayHoldContext;
}

/**
 * True when `cp` is one of the characters `visible()` spells out: anything the `strict` profile would touch
 * in a document, plus the context characters, except tab and newline.
 */
export function isInvisibleCodePoint(cp: number): boolean {
  if (cp === 0x09 || cp === 0x0a) return false;
  const p = policyFor('document', 'strict');
  if (cp >= 0xd800 && cp <= 0xdfff) return true;
  const a = cp < 0x10000 ? p.bmp[cp]! : suppAction(p, cp);
  return (a !== 0 && a !== A_LOOKALIKE) || inRanges(cp, VARIATION_SELECTOR_RANGES);
}

/**
 * Every branch of the slow path, run once when the module loads. A call site that has never run has no type
 * feedback, and V8 (Node 20) compiled the hot `flushRun` with a deoptimisation there that it then hit on
 * every call without learning: 1 MB of emoji+ZWJ after other attacks took 0.9 s instead of 0.07 s, 650,000
 * deoptimisations. With feedback from this sample, it does not happen. The doubled joiners, selectors and
 * marks take `flushRun`'s general path for each kind: without them, 1 MB of an ideograph and two ZWNJs, after
 * other attacks, stayed at 105-120 ms instead of 30-40 through every retiming. Not every branch gains from
 * warming: a sample of marks with no right-to-left letter (dropped in `keep`) made ESC runs 3x and most other
 * attacks 1.3-1.5x slower in the optimised code that followed.
 */
const WARM_UP =
  '👨\u200d👩 a\u200d b \u0628\u200c\u0628 \u0915\u094d\u200d\u0937 ❤\ufe0f a\ufe0f 🏴\udb40\udc67\udb40\udc62\udb40\udc73\udb40\udc63\udb40\udc74\udb40\udc7f' +
  ' \u05d0\u200f\u05d1 x\u200e \x1b[31m\x1b]0;t\x07 \r\n\u2028\u00a0\ud800 \u202e' +
  ' 中\u200c\u200c \u0628\ufe0e\ufe0e a\u200d\u200d \u05d0\u200f\u200f';
// Twice: short pieces (the output built from a buffer) and long ones (joined).
for (const sample of [WARM_UP, `${WARM_UP}${'plain text '.repeat(400)}\u200b`]) {
  for (const cls of ['document', 'field'] as const) {
    for (const profile of ['balanced', 'strict'] as const) cleanText(sample, cls, profile, {});
  }
}
