import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StringClass, UnicodeProfile } from '../../src/core/types.js';
import { cleanText, type RemovalCounts } from '../../src/unicode/clean.js';
import { PIECES } from './pieces.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 2000);

const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/**
 * Longer texts of the pieces, enough joiners, marks and selectors for the density limit to be reached, with no
 * escape sequences: inside a control string's body, a character is removed with the string, not judged.
 */
const longText = fc
  .array(fc.constantFrom(...PIECES.filter((piece) => !/[\x1b\x80-\x9f]/.test(piece))), { maxLength: 400 })
  .map((p) => p.join(''));
const cls = fc.constantFrom<StringClass>('document', 'field', 'error', 'key');
const profile = fc.constantFrom<UnicodeProfile>('balanced', 'strict');

const cps = (s: string): number[] => Array.from(s, (ch) => ch.codePointAt(0)!);
const isVs = (cp: number) =>
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  (cp >= 0xe0100 && cp <= 0xe01ef) ||
  (cp >= 0x180b && cp <= 0x180d) ||
  cp === 0x180f;

const RTL_LETTER =
  /[\u0590-\u061b\u061d-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What must never be in the output, written from DESIGN.md independently of the tables. */

/** Does the run of U+2800 around `i` have a braille cell (U+2801-28FF) right before or right after it? */
function besideBrailleCell(list: readonly number[], i: number): boolean {
  let from = i;
  let to = i;
  while (list[from - 1] === 0x2800) from--;
  while (list[to + 1] === 0x2800) to++;
  const cell = (c: number | undefined): boolean => c !== undefined && c > 0x2800 && c <= 0x28ff;
  return cell(list[from - 1]) || cell(list[to + 1]);
}

const mongolianLetter = (c: number | undefined): boolean => c !== undefined && c >= 0x1820 && c <= 0x18aa;
const cursive = (c: number | undefined): boolean =>
  c !== undefined && ((c >= 0x0600 && c <= 0x08ff) || (c >= 0x1800 && c <= 0x18af));

function forbidden(out: string, c: StringClass, p: UnicodeProfile): string | undefined {
  if (LONE_SURROGATE.test(out)) return 'lone surrogate';
  const list = cps(out);
  for (let i = 0; i < list.length; i++) {
    const cp = list[i]!;
    const prev = list[i - 1];
    const next = list[i + 1];
    if (cp === 0x09 || cp === 0x0a) {
      if (c !== 'document') return `tab/newline in ${c}`;
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `control U+${cp.toString(16)}`;
    if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi control';
    if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff || cp === 0x200b) return `U+${cp.toString(16)}`;
    if ((cp >= 0x2060 && cp <= 0x2064) || [0xad, 0x34f, 0x115f, 0x1160, 0x3164, 0xffa0].includes(cp)) {
      return `invisible U+${cp.toString(16)}`;
    }
    if (cp === 0x2800 && !besideBrailleCell(list, i))
      return 'braille blank with no braille cell beside its run';
    if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return 'noncharacter';
    if (isVs(cp) && prev !== undefined && isVs(prev)) return 'two variation selectors in a row';
    if (
      isVs(cp) &&
      (prev === undefined || prev < 0x80) &&
      !(cp >= 0xfe0e && /[0-9#*]/.test(String.fromCodePoint(prev ?? 0)))
    ) {
      return 'variation selector after ASCII or at the start';
    }
    if (cp === 0x180e && !(mongolianLetter(prev) && (next === 0x1820 || next === 0x1821))) {
      return 'Mongolian vowel separator before no final a or e';
    }
    // A ZWJ may open a word of a cursive script (a letter's form shown alone), never anything else. Bidi marks
    // are transparent to joining (format characters, joining type T), so one may stand between.
    let joined = i + 1;
    while ([0x200e, 0x200f, 0x061c].includes(list[joined] ?? 0)) joined++;
    if (
      (cp === 0x200c || cp === 0x200d) &&
      (prev === undefined || prev < 0x80) &&
      !(cp === 0x200d && cursive(list[joined]))
    ) {
      return 'joiner after ASCII';
    }
    if (p === 'strict' && /[\p{Cf}\p{Zl}\p{Zp}]/u.test(String.fromCodePoint(cp))) return 'Cf in strict';
  }
  const tagsOutsideFlags = out.replace(
    /\u{1f3f4}[\u{e0061}-\u{e007a}\u{e0030}-\u{e0039}]{3,7}\u{e007f}/gu,
    '',
  );
  if (/[\u{e0000}-\u{e007f}]/u.test(tagsOutsideFlags)) return 'tag outside a flag sequence';
  // Marks stand only in text with right-to-left letters (the blocks of RTL scripts; ALM itself is a mark).
  if (/[\u200e\u200f\u061c]/.test(out) && !RTL_LETTER.test(out)) return 'bidi mark without RTL letters';
  return undefined;
}

describe('cleanText properties', () => {
  it.each(['a\u200fb', 'a\u200bb', 'x\ud800', 'a\ufe0f', '\u001b[0m', 'hi\u{e0041}', 'ab\u200dc'])(
    'the predicate rejects %j',
    (s) => {
      expect(forbidden(s, 'document', 'balanced')).toBeDefined();
    },
  );

  it('keeps a ZWJ that opens a cursive word across a bidi mark, as joining reads through one', () => {
    // Found by the property below (seed -1037862702): the predicate had read the mark as what the ZWJ joins.
    const kept = '\u200d\u200e\u0631';
    expect(cleanText(kept, 'document', 'balanced')).toBe(kept);
    expect(forbidden(kept, 'document', 'balanced')).toBeUndefined();
    expect(cleanText('\u200d\u200ea', 'document', 'balanced')).toBe('a');
  });

  it('leaves nothing forbidden and is idempotent', () => {
    fc.assert(
      fc.property(text, cls, profile, (s, c, p) => {
        const once = cleanText(s, c, p);
        expect(forbidden(once, c, p)).toBeUndefined();
        expect(cleanText(once, c, p)).toBe(once);
      }),
      { numRuns },
    );
  });

  it('counts what it changed, and only that', () => {
    fc.assert(
      fc.property(text, cls, profile, (s, c, p) => {
        const counts: RemovalCounts = {};
        const out = cleanText(s, c, p, counts);
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        expect(total === 0).toBe(out === s);
        // Newline, separator and look-alike rewrites may keep a character; every other category is a pure
        // removal.
        const rewrites = (counts.newline ?? 0) + (counts.separator ?? 0) + (counts.lookalike ?? 0);
        const delta = [...s].length - [...out].length;
        expect(delta).toBeGreaterThanOrEqual(total - rewrites);
        expect(delta).toBeLessThanOrEqual(total);
      }),
      { numRuns },
    );
  });

  it('is deterministic and adds to the counts it is given', () => {
    fc.assert(
      fc.property(text, cls, profile, (s, c, p) => {
        const a: RemovalCounts = {};
        const b: RemovalCounts = { control: 5 };
        expect(cleanText(s, c, p, a)).toBe(cleanText(s, c, p, b));
        expect(b.control).toBe((a.control ?? 0) + 5);
      }),
      { numRuns },
    );
  });

  it('judges a joiner, mark or selector the same with a removed character after it', () => {
    // A zero-width space is removed, and what it stood between is judged as if it were not there. With one
    // after each joiner, mark or selector of the BMP, no such character is followed by a base, so each is
    // collected in a run and judged when the run ends: the cleaner's shortcut for one or two between bases
    // (`alternation`) never applies, and must give what the run gives.
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: single code units on purpose
    const context = /[\u061c\u180b-\u180f\u200c-\u200f\ufe00-\ufe0f]/g;
    fc.assert(
      fc.property(longText, cls, profile, (s, c, p) => {
        const padded = s.replace(context, '$&\u200b');
        const direct: RemovalCounts = {};
        const viaRuns: RemovalCounts = {};
        expect(cleanText(padded, c, p, viaRuns)).toBe(cleanText(s, c, p, direct));
        const added = padded.length - s.length;
        viaRuns['zero-width'] = (viaRuns['zero-width'] ?? 0) - added;
        direct['zero-width'] ??= 0;
        expect(viaRuns).toEqual(direct);
      }),
      { numRuns },
    );
  });

  it('returns clean printable text as the same reference', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abc XYZ 019 .,;:!?-éü東京مرحبا🚀') }),
        cls,
        profile,
        (s, c, p) => {
          expect(cleanText(s, c, p)).toBe(s);
        },
      ),
      { numRuns },
    );
  });
});
