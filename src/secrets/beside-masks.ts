/**
 * @module secrets/beside-masks
 * What the rules find beside the masks a scan made, once the text is masked. A mask puts `[REDACTED:…]` where a
 * secret was, and a candidate turned away because it ran into that secret, or a look-around that read it, may
 * now stand on its own (see `RuleRegistry.settled`). Only the text around the masks is read again, so a long
 * text with one such mask costs two windows, not a second scan.
 */

import type { MatchFilter, RuleRegistry, SecretMatch } from '../rules/registry.js';

/**
 * Units read on each side of a mask: more than a keyed value (500) with its key and operator can reach back
 * from a mask, and more than any window a rule scans around its keyword (256 before).
 */
export const BESIDE_REACH = 1024;
/**
 * Matches this close to where a window was cut from the text are left out: the cut, not a mask, may have made
 * them (a key name cut in two). A match beside a mask lies at least `BESIDE_REACH - EDGE` from every cut.
 */
const EDGE = 512;

/**
 * The matches in `text` (already masked; `masks` the masks' start–end pairs, ascending) that lie in the windows
 * around its masks and away from the windows' cut ends, and whether every window's scan was settled.
 */
export function findBesideMasks(
  registry: RuleRegistry,
  text: string,
  masks: Int32Array,
  modes: ArrayLike<number>,
  filter: MatchFilter | undefined,
): { matches: SecretMatch[]; settled: boolean } {
  const n = text.length;
  const matches: SecretMatch[] = [];
  let settled = true;
  let k = 0;
  while (k < masks.length) {
    const from = Math.max(0, (masks[k] as number) - BESIDE_REACH);
    let to = Math.min(n, (masks[k + 1] as number) + BESIDE_REACH);
    k += 2;
    // Masks whose windows overlap share one.
    while (k < masks.length && (masks[k] as number) - BESIDE_REACH <= to) {
      to = Math.min(n, (masks[k + 1] as number) + BESIDE_REACH);
      k += 2;
    }
    const found = registry.scan(text.slice(from, to), modes, filter);
    settled &&= registry.unsettled().length === 0;
    const low = from === 0 ? 0 : EDGE;
    const high = to === n ? to - from : to - from - EDGE;
    for (const m of found) {
      if (m.start < low || m.end > high) continue;
      matches.push({ start: from + m.start, end: from + m.end, rule: m.rule });
    }
  }
  return { matches, settled };
}
