/**
 * @module core/sort
 * In-place insertion sorts for the few-element arrays of one sanitize call (the rules a string triggered, the
 * keys of a report). `Array#sort` copies every array into a work array first: for W4 that was ~1.8 KB of
 * garbage a result, from arrays of five or six elements.
 */

/** Longer arrays go to `Array#sort`: insertion sort is quadratic, and a text can trigger every rule. */
const SMALL = 32;

/**
 * Sorts `items` in place by `compare` (stable) and returns it.
 *
 * @example
 * sortSmall([3, 1, 2], (a, b) => a - b); // [1, 2, 3]
 */
export function sortSmall<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > SMALL) return items.sort(compare);
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    while (j >= 0 && compare(items[j] as T, item) > 0) {
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = item;
  }
  return items;
}

/**
 * Sorts the first `n` entries of `items` ascending, in place: by insertion when few (no view object made),
 * natively on a view when many.
 *
 * @example
 * sortPrefix(Int32Array.of(3, 1, 2, 0), 3); // Int32Array [1, 2, 3, 0]
 */
export function sortPrefix(items: Int32Array, n: number): void {
  if (n > SMALL) {
    items.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const item = items[i] as number;
    let j = i - 1;
    while (j >= 0 && (items[j] as number) > item) {
      items[j + 1] = items[j] as number;
      j--;
    }
    items[j + 1] = item;
  }
}
