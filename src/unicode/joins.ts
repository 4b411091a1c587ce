/**
 * @module unicode/joins
 * What a context character needs of its neighbours to stand: the base a variation selector may follow, the
 * letters a ZWJ or ZWNJ may join, and where right-to-left letters are (a bidi mark needs one somewhere).
 * Code points in, yes or no out; `clean.ts` decides what a run keeps.
 */

import {
  BIDI_MARKS,
  type CodePointRange,
  CURSIVE_SCRIPT_RANGES,
  EMOJI_MODIFIERS,
  EMOJI_VS,
  IDEOGRAPH_RANGES,
  IDEOGRAPHIC_VS,
  JOINING_SCRIPT_RANGES,
  MONGOLIAN_FINAL_VOWELS,
  MONGOLIAN_FVS,
  MONGOLIAN_LETTERS,
  MONGOLIAN_VOWEL_SEPARATOR,
  RTL_RANGES,
  STANDARDIZED_VS,
  STANDARDIZED_VS_BASES,
} from './tables.js';

/** By index, not `for…of` with destructuring: an attack can ask once per character (a ZWNJ after each letter). */
export const inRanges = (cp: number, ranges: readonly CodePointRange[]): boolean => {
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i] as CodePointRange;
    if (cp >= range[0] && cp <= range[1]) return true;
  }
  return false;
};
export const inRange = (cp: number, range: CodePointRange): boolean => cp >= range[0] && cp <= range[1];

const EMOJI = /\p{Emoji}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const test = (re: RegExp, cp: number): boolean => cp >= 0 && re.test(String.fromCodePoint(cp));

/**
 * `\p{...}` tests on one code point cost microseconds; an attack can ask for hundreds of thousands. The
 * answers are memoised per code point in a bitmap (2 bits: known, value), a fixed 272 KiB per property at
 * most, allocated on first use: process-wide facts about Unicode, not per-call state.
 */
interface Memo {
  readonly re: RegExp;
  known: Uint8Array | undefined;
}
/** `memo.re` tested on `cp`, answered from the bitmap after the first time. A plain function, not a closure
 * per property: V8 kept deoptimising the callers of such closures, a million times on 1 MB of emoji+ZWJ. */
function memoTest(memo: Memo, cp: number): boolean {
  if (cp < 0) return false;
  memo.known ??= new Uint8Array(0x110000 / 4);
  const known = memo.known;
  const byte = cp >> 2;
  const shift = (cp & 3) * 2;
  const v = (known[byte]! >> shift) & 3;
  if (v !== 0) return v === 3;
  const yes = test(memo.re, cp);
  known[byte]! |= (yes ? 3 : 1) << shift;
  return yes;
}
const EMOJI_MEMO: Memo = { re: EMOJI, known: undefined };
const PICTOGRAPHIC_MEMO: Memo = { re: PICTOGRAPHIC, known: undefined };
const LETTER_OR_DIGIT_MEMO: Memo = { re: LETTER_OR_DIGIT, known: undefined };
const isEmoji = (cp: number): boolean => memoTest(EMOJI_MEMO, cp);
const isPictographic = (cp: number): boolean => memoTest(PICTOGRAPHIC_MEMO, cp);
const isLetterOrDigit = (cp: number): boolean => memoTest(LETTER_OR_DIGIT_MEMO, cp);

/** `ranges` without the code points `out`. */
function without(ranges: readonly CodePointRange[], out: readonly number[]): CodePointRange[] {
  let left: CodePointRange[] = [...ranges];
  for (const c of out)
    left = left.flatMap(([a, b]): CodePointRange[] =>
      c < a || c > b
        ? [[a, b]]
        : (
            [
              [a, c - 1],
              [c + 1, b],
            ] as CodePointRange[]
          ).filter(([x, y]) => x <= y),
    );
  return left;
}

/**
 * The letters of right-to-left scripts. The ARABIC LETTER MARK lies in the Arabic block but is a mark, never a
 * base: left out, a text of marks and no RTL letter is settled by one search.
 */
export const RTL_LETTERS = without(RTL_RANGES, BIDI_MARKS);

/** Searches for the next right-to-left letter (one regex for every cleaning: each sets `lastIndex` first). */
export const RTL_SEARCH = new RegExp(
  `[${RTL_LETTERS.map(([a, b]) => `\\u{${a.toString(16)}}-\\u{${b.toString(16)}}`).join('')}]`,
  'gu',
);

/** DIGIT ZERO with VS1: the one standardized variation sequence on an ASCII base (a zero with a slash). */
const DIGIT_ZERO = 0x30;
const VS1 = 0xfe00;

/** Does base `l` take variation selector `vs` (a standardized, emoji or ideographic variation sequence)? */
export function takesSelector(l: number, vs: number): boolean {
  if (l < 0) return false;
  if (inRange(vs, EMOJI_VS)) return isEmoji(l);
  if (inRange(vs, STANDARDIZED_VS))
    return inRanges(l, STANDARDIZED_VS_BASES) || (l === DIGIT_ZERO && vs === VS1);
  if (inRange(vs, IDEOGRAPHIC_VS)) return inRanges(l, IDEOGRAPH_RANGES);
  if (inRanges(vs, MONGOLIAN_FVS)) return inRanges(l, MONGOLIAN_LETTERS);
  return false;
}

/** Below the first joining script (Arabic): Latin, Greek, Cyrillic, Hebrew and a joiner after them, at once. */
const JOINING_FROM = (JOINING_SCRIPT_RANGES[0] as CodePointRange)[0];

/** ZWJ/ZWNJ after a letter of a joining script, before another one or at the end of a word. */
export function scriptJoin(l: number, r: number): boolean {
  if (l < JOINING_FROM || !inRanges(l, JOINING_SCRIPT_RANGES)) return false;
  return r < 0 || inRanges(r, JOINING_SCRIPT_RANGES) || !isLetterOrDigit(r);
}

/**
 * A non-joiner (ZWNJ, or Mongolian's vowel separator, judged as one) where its script writes it: the
 * separator between a Mongolian letter and a final `a` or `e`, ZWNJ as `scriptJoin` says.
 */
export function nonJoinerStands(cp: number, l: number, r: number): boolean {
  if (cp === MONGOLIAN_VOWEL_SEPARATOR)
    return inRange(r, MONGOLIAN_FINAL_VOWELS) && inRanges(l, MONGOLIAN_LETTERS);
  return scriptJoin(l, r);
}

/**
 * ZWJ before a cursive letter where no letter comes first: alone, the letter shows the form it takes after
 * another, as a lesson writes a letter's final and medial forms (`‍ع`, `‍ع‍`).
 */
export function formJoin(l: number, r: number): boolean {
  return r >= 0x600 && inRanges(r, CURSIVE_SCRIPT_RANGES) && (l < 0 || !isLetterOrDigit(l));
}

/** ZWJ between a pictograph (or skin-tone modifier, possibly after VS16) and a pictograph. */
export function emojiJoin(l: number, r: number): boolean {
  return (isPictographic(l) || inRange(l, EMOJI_MODIFIERS)) && isPictographic(r);
}
