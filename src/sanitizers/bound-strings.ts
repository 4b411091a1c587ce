/**
 * @module sanitizers/bound-strings
 * Bounds every string by its class. A cut lands on a grapheme boundary (never inside a surrogate pair or an
 * emoji sequence) and the string ends with `[truncated N chars]`, N in UTF-16 code units, the unit the bound
 * is in. The marker counts towards the bound, so a bounded string is never cut again: bounding is idempotent.
 */
import type { Bounds } from '../core/options.js';
import type { Sanitizer } from '../core/types.js';

/**
 * Made on the first cut: creating a grapheme segmenter loads ICU's break data (11-20 ms in a fresh process,
 * measured on a slow morning), and many processes never cut a string.
 */
let segmenter: Intl.Segmenter | undefined;

/** How far around the cut we look for a grapheme boundary; longer clusters (Zalgo text) are cut by code point. */
const GRAPHEME_WINDOW = 64;

function marker(cut: number): string {
  return `[truncated ${cut} chars]`;
}

/** The largest index <= `at` that does not split a grapheme cluster (or, failing that, a surrogate pair). */
export function graphemeBoundaryAtOrBefore(text: string, at: number): number {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  const start = Math.max(0, at - GRAPHEME_WINDOW);
  const window = text.slice(start, Math.min(text.length, at + GRAPHEME_WINDOW));
  let best = -1;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index } of segmenter.segment(window)) {
    const absolute = start + index;
    if (absolute > at) break;
    if (absolute > start || start === 0) best = absolute;
  }
  if (best >= 0) return best;
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/**
 * `text` cut to at most `maxChars` code units, marker included.
 * @example boundText('abcdefghijklmnopqrstuvwxyz0123456789', 30) // 'abcdefghijkl[truncated 24 chars]'.length <= 30
 */
export function boundText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const reserve = marker(text.length).length;
  if (maxChars < reserve) return text.slice(0, graphemeBoundaryAtOrBefore(text, Math.max(0, maxChars)));
  const keep = graphemeBoundaryAtOrBefore(text, maxChars - reserve);
  return text.slice(0, keep) + marker(text.length - keep);
}

/** The built-in bounding stage: each string is cut to the bound of its class. */
export function createBoundStrings(bounds: Bounds): Sanitizer {
  return {
    name: 'bound-strings',
    text(value, site, ctx) {
      const max = bounds[site.class];
      if (value.length <= max) return value;
      const out = boundText(value, max);
      ctx.report({
        path: site.path,
        action: 'truncated',
        class: site.class,
        removed: value.length - out.length,
      });
      return out;
    },
  };
}
