/**
 * @module bench/stats
 * The one statistic the bench reports its rows by.
 */

/** The median of `xs` (the mean of the two middle values for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
