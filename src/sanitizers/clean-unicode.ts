/**
 * @module sanitizers/clean-unicode
 * The Unicode stage as a `Sanitizer`: every string leaf goes through `cleanText` for its class, and every
 * category that changed becomes one finding (counts only, never the removed characters). Runs before
 * secret masking on purpose: zero-width characters inside a token would otherwise hide it from the rules.
 */

import type { LookalikeMode, Sanitizer, UnicodeProfile } from '../core/types.js';
import { cleanText, isInvisibleCodePoint, type RemovalCounts } from '../unicode/clean.js';
import { foldLookalikes } from '../unicode/lookalikes.js';
import { UNICODE_CATEGORIES, type UnicodeCategory } from '../unicode/tables.js';

export interface CleanUnicodeOptions {
  /** `balanced` (default) keeps the invisible characters real text needs; `strict` removes every Cc/Cf/Zl/Zp. */
  readonly profile?: UnicodeProfile;
  /** `fold` (default) rewrites Greek and Cyrillic look-alikes inside Latin words to Latin; `keep` leaves them. */
  readonly lookalikes?: LookalikeMode;
}

/**
 * Counts of the call in progress, every category present from the start and zeroed after each use, never
 * deleted: deleting keys turned the object into a dictionary, and reading and emptying it cost more than
 * cleaning a typical result's one zero-width character (W4 2–5%). Zeroed before findings are reported, so a
 * throwing `report` leaves it clean.
 */
const SCRATCH = Object.fromEntries(UNICODE_CATEGORIES.map((c) => [c, 0])) as Required<RemovalCounts>;

/** Defaults: `{ profile: 'balanced', lookalikes: 'fold' }`. */
export const DEFAULT_CLEAN_UNICODE = {
  profile: 'balanced',
  lookalikes: 'fold',
} as const satisfies CleanUnicodeOptions;

/**
 * Creates the `clean-unicode` stage.
 *
 * @example
 * const stage = createCleanUnicode({ profile: 'strict' });
 * stage.text?.('a\u200Bb', { path: '/content/0/text', class: 'document', isError: false }, ctx); // 'ab'
 * // ctx received { path: '/content/0/text', action: 'removed', class: 'zero-width', removed: 1 }
 */
export function createCleanUnicode(options: CleanUnicodeOptions = {}): Sanitizer {
  const { profile, lookalikes } = { ...DEFAULT_CLEAN_UNICODE, ...options };
  return {
    name: 'clean-unicode',
    text: function cleanUnicode(value, site, ctx) {
      // cleanText adds to the counts only when it changes the string, so clean strings allocate nothing.
      const counts = SCRATCH;
      const out = cleanText(value, site.class, profile, counts, lookalikes);
      if (out === value) return out;
      const found: [UnicodeCategory, number][] = [];
      for (const category of UNICODE_CATEGORIES) {
        const n = counts[category];
        if (n === 0) continue;
        counts[category] = 0;
        found.push([category, n]);
      }
      for (const [category, n] of found) {
        ctx.report({
          path: site.path,
          action: category === 'newline' || category === 'lookalike' ? 'normalized' : 'removed',
          class: category,
          removed: n,
        });
      }
      return out;
    },
  };
}

/**
 * Spells out invisible and control characters, and look-alike letters the Unicode stage would rewrite, as
 * `⟨U+202E⟩` so a person can see what a string carries (used by the demo and `explain`). Ordinary spaces,
 * tabs and newlines are kept as they are.
 *
 * @example
 * visible('pay\u202Eload'); // 'pay⟨U+202E⟩load'
 * visible('micros\u03BFft'); // 'micros⟨U+03BF⟩ft'
 */
export function visible(text: string): string {
  // Folding rewrites a unit in place, so where the folded text differs is where a look-alike stands.
  const folded = foldLookalikes(text);
  let out = '';
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const pair = c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
    const cp = pair ? text.codePointAt(i)! : c;
    const len = pair ? 2 : 1;
    out +=
      isInvisibleCodePoint(cp) || folded.charCodeAt(i) !== c
        ? `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`
        : text.slice(i, i + len);
    i += len;
  }
  return out;
}
