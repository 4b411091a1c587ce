/**
 * @module core/regex
 * Literal text inside a regex.
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
