import { describe, expect, it } from 'vitest';
import { childPath } from '../../src/core/paths.js';

describe('childPath', () => {
  it('appends one RFC 6901 segment: `~` as `~0`, `/` as `~1`', () => {
    expect(childPath('', 'content')).toBe('/content');
    expect(childPath('/a', 'b/c~d')).toBe('/a/b~1c~0d');
    expect(childPath('/a', '~1')).toBe('/a/~01');
    expect(childPath('/a', '')).toBe('/a/');
    expect(childPath('/items', 0)).toBe('/items/0');
  });

  it('gives the same pointers whether a segment is new or kept, past every bound', () => {
    // Indices past the kept range and more distinct keys than are kept: each pointer is still built right.
    for (const i of [0, 1, 4095, 4096, 123_456]) expect(childPath('/x', i)).toBe(`/x/${i}`);
    for (let round = 0; round < 2; round++)
      for (let k = 0; k < 10_000; k += 7) expect(childPath('/p', `k/${k}~`)).toBe(`/p/k~1${k}~0`);
    expect(childPath('/q', 'k/7~')).toBe('/q/k~17~0');
  });
});
