/**
 * @module core/paths
 * RFC 6901 JSON pointers, built incrementally as the walk descends. Most keys need no escaping, so the common
 * case is one concatenation.
 */

/** The pointer of `key` under `parent` (`''` is the whole document). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}/${key}`;
  if (key.indexOf('~') === -1 && key.indexOf('/') === -1) return `${parent}/${key}`;
  return `${parent}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}
