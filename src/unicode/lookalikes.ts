/**
 * @module unicode/lookalikes
 * `foldLookalikes`: in a word written in Latin letters, Greek and Cyrillic letters drawn like Latin ones
 * become those Latin letters (`micros\u03BFft` -> `microsoft`). Such a word reads as a Latin word to a
 * person and to a keyword filter that never matches it: the homoglyph half of Trojan Source, look-alike
 * domains, `p\u0430ssword=` slipping past a secret rule. A word wholly in Greek or Cyrillic is left alone,
 * and so is a mixed word holding a Greek or Cyrillic letter with no Latin look-alike: it is written in that
 * script (a Russian word with a Latin typo), not spoofing Latin.
 *
 * One exception: a word made only of look-alikes that is a label of a Latin host name or address
 * (`\u0430\u0440\u0440\u04CF\u0435.com`, `\u0435\u0445\u0435\u0441@corp.io`) is folded too. That is the
 * whole-script IDN homograph; browsers show such a label under a non-Cyrillic top-level domain as punycode
 * for the same reason. `\u0441\u043E\u0440.\u0440\u0444` (a Cyrillic top-level domain) and prose stay.
 *
 * `cleanText` calls it on its own output, and only when its scan met a look-alike: judged after removal,
 * words are the ones the reader will see, and a second cleaning sees the same words (idempotence).
 */

import { textOfUnits } from '../core/units.js';
import type { RemovalCounts } from './clean.js';
import {
  type CodePointRange,
  GREEK_CYRILLIC,
  GREEK_CYRILLIC_LETTER_RANGES,
  LATIN_LETTER_RANGES,
  LATIN_LOOKALIKES,
  WORD_MARK_RANGES,
} from './tables.js';

// What a code unit is to a word, as bits: a word's kinds are or-ed together. Everything at or above
// TABLE_END ends one.
const NOT_WORD = 0;
const LATIN = 1;
const LOOKALIKE = 2;
const OTHER_LETTER = 4; // Greek or Cyrillic without a Latin look-alike
const MARK = 8; // a combining mark, inside a word of any of the three scripts
const TABLE_END = GREEK_CYRILLIC[1] + 1;

const KIND = new Uint8Array(TABLE_END);
const LATIN_OF = new Uint16Array(TABLE_END);
const mark = (ranges: readonly CodePointRange[], kind: number): void => {
  for (const [from, to] of ranges) KIND.fill(kind, from, to + 1);
};
mark(LATIN_LETTER_RANGES, LATIN);
mark(GREEK_CYRILLIC_LETTER_RANGES, OTHER_LETTER);
mark(WORD_MARK_RANGES, MARK);
for (const [code, latin] of LATIN_LOOKALIKES) {
  KIND[code] = LOOKALIKE;
  LATIN_OF[code] = latin.charCodeAt(0);
}

/** A word of these kinds reads as Latin: Latin letters and look-alikes, maybe marks, nothing else. */
const spoofs = (kinds: number): boolean => (kinds & ~MARK) === (LATIN | LOOKALIKE);

/** A word of these kinds is look-alikes only: Latin to the eye, Cyrillic or Greek to the machine. */
const onlyLookalikes = (kinds: number): boolean => (kinds & ~MARK) === LOOKALIKE;

const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
/** What joins the labels of a host name or the parts of an address: `.`, `-`, `@`. */
const isHostJoin = (c: number): boolean => c === 0x2e || c === 0x2d || c === 0x40;

/**
 * Whether `text[start, end)` is joined by `.`, `-` or `@` to ASCII letters: a label of a Latin host name or
 * address. Digits do not count, so a numbered heading (`1.\u0391`) stays Greek.
 */
function inLatinHost(text: string, start: number, end: number): boolean {
  if (isHostJoin(text.charCodeAt(end)) && isAsciiLetter(text.charCodeAt(end + 1))) return true;
  return start >= 2 && isHostJoin(text.charCodeAt(start - 1)) && isAsciiLetter(text.charCodeAt(start - 2));
}

/** Whether code unit `c` lies in the Greek or Cyrillic blocks. */
export const isGreekOrCyrillic = (c: number): boolean => c >= GREEK_CYRILLIC[0] && c <= GREEK_CYRILLIC[1];

/** Where the run of Greek and Cyrillic units going on at `from` ends. */
export function greekOrCyrillicEnd(s: string, from: number): number {
  let k = from;
  while (isGreekOrCyrillic(s.charCodeAt(k))) k++;
  return k;
}

/** The next Greek or Cyrillic unit (one regex for every call: each sets `lastIndex` first). */
const GREEK_OR_CYRILLIC = new RegExp(
  `[${GREEK_CYRILLIC.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('-')}]`,
  'g',
);

/** Units after a word read by hand before the regex is called: in Greek or Cyrillic prose the next word is near. */
const NEAR_UNITS = 4;

function nextGreekOrCyrillic(s: string, from: number): number {
  for (let k = from, end = Math.min(s.length, from + NEAR_UNITS); k < end; k++) {
    const c = s.charCodeAt(k);
    if (isGreekOrCyrillic(c)) return k;
  }
  GREEK_OR_CYRILLIC.lastIndex = from + NEAR_UNITS;
  return GREEK_OR_CYRILLIC.test(s) ? GREEK_OR_CYRILLIC.lastIndex - 1 : s.length;
}

/**
 * `text` with the look-alikes of every mixed-script Latin word, and of every look-alike-only label of a Latin
 * host name, rewritten to Latin, and their number added to `counts.lookalike`. Returns the same string when
 * there are none. Linear: every unit is read at most twice.
 *
 * @example
 * foldLookalikes('say\u041Dello, \u041D\u0435llo-world'); // 'sayHello, Hello-world'
 * foldLookalikes('\u041F\u0440\u0438\u0432\u0435\u0442'); // unchanged: a Russian word
 */
export function foldLookalikes(text: string, counts?: RemovalCounts): string {
  const n = text.length;
  let out = '';
  let copied = 0; // text[0, copied) is in `out`
  let folded = 0;
  for (let i = nextGreekOrCyrillic(text, 0); i < n; ) {
    let start = i;
    while (start > 0) {
      const c = text.charCodeAt(start - 1);
      if (c >= TABLE_END || KIND[c]! === NOT_WORD) break;
      start--;
    }
    let kinds = 0;
    let end = start;
    for (; end < n; end++) {
      const c = text.charCodeAt(end);
      const kind = c < TABLE_END ? KIND[c]! : NOT_WORD;
      if (kind === NOT_WORD) break;
      kinds |= kind;
    }
    if (spoofs(kinds) || (onlyLookalikes(kinds) && inLatinHost(text, start, end))) {
      // The word's units in an array: a string added to per unit made a megabyte-long word take 70 ms.
      const units = new Uint16Array(end - start);
      for (let k = start; k < end; k++) {
        const c = text.charCodeAt(k);
        const latin = c < TABLE_END ? LATIN_OF[c]! : 0;
        if (latin !== 0) folded++;
        units[k - start] = latin === 0 ? c : latin;
      }
      out += text.slice(copied, start) + textOfUnits(units);
      copied = end;
    }
    i = nextGreekOrCyrillic(text, end + 1); // text[end] ends the word (or is Greek punctuation)
  }
  if (folded === 0) return text;
  if (counts !== undefined) counts.lookalike = (counts.lookalike ?? 0) + folded;
  return out + text.slice(copied);
}
