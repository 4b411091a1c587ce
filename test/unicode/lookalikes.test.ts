import { describe, expect, it } from 'vitest';
import { createAirlock } from '../../src/core/airlock.js';
import type { StringClass, UnicodeProfile } from '../../src/core/types.js';
import { cleanText, type RemovalCounts } from '../../src/unicode/clean.js';
import { foldLookalikes } from '../../src/unicode/lookalikes.js';
import { GREEK_CYRILLIC, LATIN_LOOKALIKES } from '../../src/unicode/tables.js';

const fold = (s: string) => {
  const counts: RemovalCounts = {};
  return { out: foldLookalikes(s, counts), counts };
};
const clean = (s: string, cls: StringClass = 'document', profile: UnicodeProfile = 'balanced') => {
  const counts: RemovalCounts = {};
  return { out: cleanText(s, cls, profile, counts), counts };
};

describe('foldLookalikes', () => {
  it.each([
    ['a Cyrillic capital in an identifier', 'void say\u041Dello() {}', 'void sayHello() {}', 1],
    ['a Greek omicron in a brand', 'sign in to micros\u03BFft now', 'sign in to microsoft now', 1],
    ['a look-alike first in a host name', 'https://\u03BFpenai.com/v1', 'https://openai.com/v1', 1],
    ['several in one word', 'p\u0430yp\u0430l', 'paypal', 2],
    ['Greek and Cyrillic in one word', '\u0391dm\u0456n', 'Admin', 2],
    ['a combining mark inside the word', 'cafe\u0301\u0441', 'cafe\u0301c', 1],
    ['one word of two, the other left alone', 'C\u041E2 and \u041D2\u041E', 'CO2 and \u041D2\u041E', 1],
    [
      'a host label of look-alikes only',
      'https://www.\u0430\u0440\u0440\u04CF\u0435.com/login',
      'https://www.apple.com/login',
      5,
    ],
    [
      'a look-alike-only label before a hyphen',
      '\u0440\u0430\u0443\u0440\u0430\u04CF-id.net',
      'paypal-id.net',
      6,
    ],
    ['an address of look-alikes only', 'from \u0435\u0445\u0435\u0441@corp.io', 'from exec@corp.io', 4],
  ])('rewrites %s', (_, input, expected, n) => {
    expect(fold(input)).toEqual({ out: expected, counts: { lookalike: n } });
  });

  it.each([
    ['Russian prose', 'Все люди рождаются свободными и равными в своём достоинстве.'],
    ['Greek prose', 'Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι.'],
    ['a Russian word with a Latin typo (it has letters no Latin one looks like)', 'пpuвет'],
    ['a Cyrillic word joined to a Latin one by an underscore', 'sql_запрос'],
    ['a Cyrillic word after digits', 'v2.0 версия'],
    ['Greek letters in maths and physics', 'π = 3.14159, μs and Ωm, x = αβc, νe and νμ'],
    ['an all-Cyrillic word that reads as Latin', 'уха сор ТОР'],
    [
      'such words ending sentences, under a Cyrillic domain, after digits',
      'хор. Then сор.рф, т.е. сор, 1.\u0391 and ТОР-10',
    ],
    ['Greek punctuation between words', 'a\u037E\u03BF \u0387\u03BF\u0387'],
  ])('leaves %s as it is', (_, input) => {
    expect(fold(input)).toEqual({ out: input, counts: {} });
  });

  it('maps every look-alike to one ASCII letter', () => {
    for (const [code, latin] of LATIN_LOOKALIKES) {
      expect(latin).toMatch(/^[A-Za-z]$/);
      expect(foldLookalikes(`x${String.fromCharCode(code)}`)).toBe(`x${latin}`);
    }
  });

  it('finds every look-alike in the Greek and Cyrillic blocks, where the scan steps over whole runs', () => {
    for (const [code] of LATIN_LOOKALIKES) {
      expect(code).toBeGreaterThanOrEqual(GREEK_CYRILLIC[0]);
      expect(code).toBeLessThanOrEqual(GREEK_CYRILLIC[1]);
    }
  });

  it('reads a megabyte-long word once and leaves it when it is all Cyrillic', () => {
    const word = '\u043E'.repeat(1 << 20);
    expect(foldLookalikes(word)).toBe(word);
    expect(foldLookalikes(`x${word}`)).toBe(`x${'o'.repeat(1 << 20)}`);
  });
});

describe('look-alikes in cleanText', () => {
  it('judges the word the reader sees, after removals joined it', () => {
    expect(clean('micro\u200Bs\u03BFft')).toEqual({
      out: 'microsoft',
      counts: { 'zero-width': 1, lookalike: 1 },
    });
    expect(clean('X\u200B\u03BF')).toEqual({ out: 'Xo', counts: { 'zero-width': 1, lookalike: 1 } });
  });

  it.each<[StringClass, UnicodeProfile]>([
    ['document', 'balanced'],
    ['field', 'balanced'],
    ['key', 'strict'],
    ['error', 'strict'],
  ])('applies to class %s under %s', (cls, profile) => {
    expect(clean('say\u041Dello', cls, profile)).toEqual({ out: 'sayHello', counts: { lookalike: 1 } });
  });

  it('acts on no other unit of the Greek and Cyrillic blocks, in any class or profile', () => {
    // The scan steps over a look-alike's whole run of these blocks: a unit there with an action of its own
    // would be stepped over too.
    let run = '';
    for (let c = GREEK_CYRILLIC[0]; c <= GREEK_CYRILLIC[1]; c++) run += `a${String.fromCharCode(c)} `;
    for (const cls of ['document', 'field', 'error', 'key'] as const) {
      for (const profile of ['balanced', 'strict'] as const) {
        expect(cleanText(run, cls, profile, {}, 'keep')).toBe(run);
      }
    }
  });

  it('returns prose in Greek or Cyrillic as the same string', () => {
    const prose = 'Все люди рождаются свободными. Όλοι οι άνθρωποι. '.repeat(20);
    expect(cleanText(prose, 'document', 'balanced')).toBe(prose);
  });

  it('finds look-alikes anywhere in long texts, after other removals as well', () => {
    const chunk = 'plain text 中文 ';
    const long = `${chunk.repeat(100)}a\u200Bb ${chunk.repeat(100)}micros\u03BFft ${chunk.repeat(100)}`;
    const { out, counts } = clean(long);
    expect(out).toBe(`${chunk.repeat(100)}ab ${chunk.repeat(100)}microsoft ${chunk.repeat(100)}`);
    expect(counts).toEqual({ 'zero-width': 1, lookalike: 1 });
    // The same text with only the look-alike: the scan stops at it first.
    expect(clean(`${chunk.repeat(300)}say\u041Dello`).out).toBe(`${chunk.repeat(300)}sayHello`);
  });

  it('is idempotent on mixed words next to removed characters', () => {
    for (const s of ['a\u200B\u043E\u200Bb', '\u043E\u202Ex', 'x\u0301\u200B\u03BF', '\u041D\u2060ello']) {
      const once = cleanText(s, 'document', 'balanced');
      expect(cleanText(once, 'document', 'balanced')).toBe(once);
    }
  });
});

describe('look-alikes and the rest of the airlock', () => {
  it('keeps them with lookalikes: keep, and refuses an unknown mode', () => {
    expect(clean('say\u041Dello').out).toBe('sayHello');
    expect(cleanText('say\u041Dello a\u200Bb', 'document', 'balanced', {}, 'keep')).toBe('say\u041Dello ab');
    const text = 'login at micros\u03BFft.com';
    const kept = createAirlock({ lookalikes: 'keep' }).sanitizeToolResult({
      content: [{ type: 'text', text }],
    });
    expect(JSON.stringify(kept.sanitizedResult)).toContain(text);
    expect(() => createAirlock({ lookalikes: 'latin' as 'fold' })).toThrow(
      /lookalikes must be one of fold, keep/,
    );
  });

  it('reports the rewrite as normalised, and a spoofed keyword no longer hides a secret', () => {
    const airlock = createAirlock({});
    const { sanitizedResult, report } = airlock.sanitizeToolResult({
      content: [{ type: 'text', text: 'p\u0430ssword = "Zr8qLw2VnX5tKp9s"\nlogin at micros\u03BFft.com' }],
    });
    const block = sanitizedResult.content?.at(-1) as { type: 'text'; text: string }; // after the notice
    expect(block.text).not.toContain('Zr8qLw2VnX5tKp9s');
    expect(block.text).toContain('login at microsoft.com');
    expect(report.findings).toContainEqual(
      expect.objectContaining({ action: 'normalized', class: 'lookalike', removed: 2 }),
    );
  });
});
