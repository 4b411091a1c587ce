import { describe, expect, it } from 'vitest';
import { createPeriods } from '../../src/rules/periods.js';
import { prng } from './expand.js';

/** The definition, spelt out slowly. */
function same(text: string, p: number, lo: number, hi: number): boolean {
  if (p <= 0 || lo < 0 || hi + p > text.length) return false;
  for (let x = lo; x < hi; x++) if (text[x] !== text[x + p]) return false;
  return true;
}

/** A unit repeated, with a character changed here and there: stretches that repeat, and places that do not. */
function repetitive(random: () => number, length: number): string {
  const unit = Array.from(
    { length: 1 + Math.floor(random() * 12) },
    () => 'ab: =x'[Math.floor(random() * 6)],
  ).join('');
  const chars = unit
    .repeat(Math.ceil(length / unit.length))
    .slice(0, length)
    .split('');
  const defects = Math.floor(random() * 4);
  for (let d = 0; d < defects; d++) chars[Math.floor(random() * length)] = 'Z';
  return chars.join('');
}

describe('createPeriods', () => {
  it('answers as the definition, questions going on through a text as a scan asks them', () => {
    const random = prng(7);
    const periods = createPeriods();
    let yes = 0;
    for (let round = 0; round < 300; round++) {
      // Long enough that a stretch of 1,024 compared at once ends inside it.
      const text = repetitive(random, 500 + Math.floor(random() * 3000));
      periods.reset(text);
      let lo = 0;
      while (lo < text.length) {
        const p = 1 + Math.floor(random() * 30);
        const hi = lo + Math.floor(random() * 400);
        const answer = periods.same(p, lo, hi);
        expect(answer, `${JSON.stringify(text.slice(0, 40))}… p=${p} ${lo}-${hi}`).toBe(
          same(text, p, lo, hi),
        );
        if (answer) yes++;
        lo += Math.floor(random() * 40);
      }
    }
    expect(yes).toBeGreaterThan(1000);
  });

  it('answers as the definition, questions in any order', () => {
    const random = prng(11);
    const periods = createPeriods();
    for (let round = 0; round < 100; round++) {
      const text = repetitive(random, 200 + Math.floor(random() * 2500));
      periods.reset(text);
      for (let q = 0; q < 200; q++) {
        const p = 1 + Math.floor(random() * 24);
        const lo = Math.floor(random() * text.length) - 5;
        const hi = lo + Math.floor(random() * 300);
        expect(periods.same(p, lo, hi)).toBe(same(text, p, lo, hi));
      }
    }
  });

  it('forgets a text when it starts another', () => {
    const periods = createPeriods();
    periods.reset('ab'.repeat(100));
    expect(periods.same(2, 0, 150)).toBe(true);
    periods.reset(`${'ab'.repeat(50)}X${'ab'.repeat(49)}`);
    expect(periods.same(2, 0, 150)).toBe(false);
    expect(periods.same(2, 101, 150)).toBe(true);
  });
});
