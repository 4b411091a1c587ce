import { describe, expect, it } from 'vitest';
import { cleanText, type RemovalCounts, type UnicodeCategory } from '../../src/unicode/clean.js';
import {
  BIDI_CONTROL_RANGES,
  CONTROL_RANGES,
  type CodePointRange,
  FORMAT_RANGES,
  INVISIBLE_RANGES,
  NONCHARACTER_RANGES,
  SPACE_SEPARATOR_RANGES,
  UNICODE_CATEGORIES,
  UNICODE_TABLES_VERSION,
} from '../../src/unicode/tables.js';

const each = (ranges: readonly CodePointRange[]): number[] =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** Every code point of a category, removed between two letters, is counted under that category. */
describe.each<[UnicodeCategory, readonly CodePointRange[], 'balanced' | 'strict']>([
  ['control', CONTROL_RANGES.map(([a, b]): CodePointRange => [a, b]), 'balanced'],
  ['bidi', BIDI_CONTROL_RANGES, 'balanced'],
  ['invisible', INVISIBLE_RANGES, 'balanced'],
  ['noncharacter', NONCHARACTER_RANGES, 'balanced'],
  ['format', FORMAT_RANGES, 'strict'],
])('category %s (%s)', (category, ranges, profile) => {
  // ESC and the C1 string/CSI introducers start sequences; they are tested as ANSI.
  const skip = new Set([0x1b, 0x90, 0x98, 0x9b, 0x9d, 0x9e, 0x9f]);
  it.each(each(ranges).filter((cp) => !skip.has(cp)))('U+%s', (cp) => {
    const counts: RemovalCounts = {};
    expect(cleanText(`a${String.fromCodePoint(cp)}b`, 'document', profile, counts)).toBe('ab');
    expect(counts).toEqual({ [category]: 1 });
  });
});

describe('tables', () => {
  it('are versioned', () => {
    expect(UNICODE_TABLES_VERSION).toMatch(/^\d{4}\.\d+$/);
  });

  it('name each category once', () => {
    expect(new Set(UNICODE_CATEGORIES).size).toBe(UNICODE_CATEGORIES.length);
  });

  it('list ranges in order, from <= to', () => {
    for (const ranges of [
      CONTROL_RANGES,
      BIDI_CONTROL_RANGES,
      INVISIBLE_RANGES,
      FORMAT_RANGES,
      SPACE_SEPARATOR_RANGES,
    ]) {
      for (const [from, to] of ranges) expect(from).toBeLessThanOrEqual(to);
    }
  });

  it('balanced keeps the unusual spaces that strict rewrites', () => {
    for (const cp of each(SPACE_SEPARATOR_RANGES)) {
      const s = `a${String.fromCodePoint(cp)}b`;
      expect(cleanText(s, 'document', 'balanced')).toBe(s);
      expect(cleanText(s, 'document', 'strict')).toBe('a b');
    }
  });
});
