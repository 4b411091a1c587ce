/**
 * @module core/regex
 * Literal text inside a regex, and what a regex matches among the ASCII characters.
 */

/**
 * `s` with every regex syntax character escaped, so that it matches itself (also inside a `u` regex).
 *
 * @example
 * new RegExp(escapeRegex('a.b')).test('axb'); // false
 */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Per ASCII character, 1 where the regex `source` (with `flags`, less `g`, `y` and `d`) matches it alone: a
 * table read per character where a class was tested.
 *
 * @example
 * asciiMatches('[a-c]', 'i')[0x42]; // 1 ('B')
 */
export function asciiMatches(source: string, flags = ''): Uint8Array {
  const re = new RegExp(source, flags.replace(/[gyd]/g, ''));
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
}
