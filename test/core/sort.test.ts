import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortPrefix, sortSmall } from '../../src/core/sort.js';

describe('sortSmall', () => {
  it('orders as Array#sort does, short arrays and long ones alike', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 80, size: 'max' }), (numbers) => {
        const expected = [...numbers].sort((a, b) => a - b);
        const items = [...numbers];
        expect(sortSmall(items, (a, b) => a - b)).toBe(items);
        expect(items).toEqual(expected);
      }),
    );
  });

  it('is stable: equal items keep their order', () => {
    const items = [3, 1, 3, 2, 1].map((key, i) => ({ key, i }));
    expect(sortSmall(items, (a, b) => a.key - b.key).map((x) => x.i)).toEqual([1, 4, 3, 0, 2]);
  });

  it('sorts strings by code units when given that order', () => {
    const keys = ['removed:zero-width', 'masked', 'masked:github-pat', 'Z', 'é', 'a'];
    const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    expect(sortSmall([...keys], byCodeUnits)).toEqual([...keys].sort());
  });
});

describe('sortPrefix', () => {
  it('orders the first n entries as Array#sort does and leaves the rest, few entries and many', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 80, size: 'max' }),
        fc.integer({ min: 0, max: 80 }),
        (numbers, cut) => {
          const n = Math.min(cut, numbers.length);
          const items = Int32Array.from(numbers);
          sortPrefix(items, n);
          const expected = [...numbers.slice(0, n).sort((a, b) => a - b), ...numbers.slice(n)];
          expect([...items]).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
