import { describe, expect, it } from 'vitest';
import { repeatsUnit } from '../../src/secrets/entropy.js';
import { prng } from '../rules/expand.js';

/**
 * The definition, spelt out slowly: some period p of 2 to 4 has a maximal stretch of positions k with
 * s[k] === s[k + p] that covers at least `min` characters (its positions plus p) and holds a change of
 * character between two of its positions (so a run of one character is no unit).
 */
function reference(s: string, min: number): boolean {
  for (const p of [2, 3, 4]) {
    let i = 0;
    while (i + p < s.length) {
      if (s[i] !== s[i + p]) {
        i++;
        continue;
      }
      let j = i;
      while (j + p < s.length && s[j] === s[j + p]) j++;
      let varied = false;
      for (let k = i + 1; k < j; k++) if (s[k] !== s[k - 1]) varied = true;
      if (j - i + p >= min && varied) return true;
      i = j;
    }
  }
  return false;
}

describe('repeatsUnit', () => {
  it.each([
    ['23452345234523452345', true],
    ['abcabcabcabcabc', true],
    ['ababababababab', true],
    ['aaaaaaaaaaaaaaaa', false],
    ['ghp_4fJ9kQ2mZp7LwX3vB8nR1tY6uC0dE5aHsGqK', false],
    ['abababababa', false], // 11 characters: one short
  ] as const)('%j -> %s', (s, expected) => {
    expect(repeatsUnit(s, 12)).toBe(expected);
    expect(reference(s, 12)).toBe(expected);
  });

  it('agrees with the definition on 100,000 random strings built to repeat', () => {
    const random = prng(12);
    const pick = (alphabet: string): string => alphabet[Math.floor(random() * alphabet.length)] as string;
    let positives = 0;
    for (let n = 0; n < 100_000; n++) {
      // Random stretches, some of them a short unit repeated, over small and large alphabets.
      const alphabet =
        random() < 0.5
          ? 'ab'
          : random() < 0.5
            ? 'abc1'
            : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      let s = '';
      const parts = 1 + Math.floor(random() * 4);
      for (let part = 0; part < parts; part++) {
        if (random() < 0.5) {
          const unit = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(alphabet)).join('');
          s += unit.repeat(1 + Math.floor(random() * 6)).slice(0, 4 + Math.floor(random() * 20));
        } else {
          for (let k = Math.floor(random() * 16); k > 0; k--) s += pick(alphabet);
        }
      }
      const min = 5 + Math.floor(random() * 12);
      const expected = reference(s, min);
      if (expected) positives++;
      if (repeatsUnit(s, min) !== expected)
        expect({ s, min, got: !expected }).toEqual({ s, min, got: expected });
    }
    expect(positives).toBeGreaterThan(10_000);
  });
});
