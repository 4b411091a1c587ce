import { describe, expect, it } from 'vitest';
import { asciiMatches } from '../../src/core/regex.js';

describe('asciiMatches', () => {
  it('marks the ASCII characters a class matches, under its flags', () => {
    const ones = (table: Uint8Array) => [...table.keys()].filter((c) => table[c] === 1);
    expect(ones(asciiMatches('[a-c]'))).toEqual([0x61, 0x62, 0x63]);
    expect(ones(asciiMatches('[a-c]', 'i'))).toEqual([0x41, 0x42, 0x43, 0x61, 0x62, 0x63]);
    // A global regex would move on from each match and miss every other character: `g` is dropped.
    expect(ones(asciiMatches('[\\w-]', 'gi')).length).toBe(64);
  });
});
