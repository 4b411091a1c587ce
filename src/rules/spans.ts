/**
 * @module rules/spans
 * What a scan does with its matches before it returns them: each widened to whole graphemes, then overlapping
 * ones merged into disjoint spans.
 */

import type { SecretMatch } from './registry.js';

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * What may follow a character as part of the same grapheme: combining marks, emoji modifiers, joiners,
 * variation selectors, tag characters, and the pictograph a ZWJ joins on. Sticky, tried where a match ends.
 */
const CLUSTER_TAIL =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: joiners and selectors are matched one by one on purpose
  /(?:[\p{M}\p{Emoji_Modifier}\u200C\u200D\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{E0100}-\u{E01EF}]|(?<=\u200D)\p{Extended_Pictographic})+/uy;

/**
 * The match widened so that it neither starts inside a surrogate pair nor ends inside a grapheme. Rules count
 * UTF-16 units (`{8,500}` without the `u` flag), so a length cap can stop between the halves of an emoji or
 * between a flag's black flag and its tag characters; the mask would then leave a lone surrogate or stray
 * tags behind it, which no output may carry and which the next pass would remove.
 */
export function wholeClusters(text: string, m: SecretMatch): SecretMatch {
  let { start, end } = m;
  if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--;
  if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++;
  if (end < text.length && text.charCodeAt(end) >= 0x300) {
    CLUSTER_TAIL.lastIndex = end;
    if (CLUSTER_TAIL.test(text)) end = CLUSTER_TAIL.lastIndex;
  }
  return start === m.start && end === m.end ? m : { start, end, rule: m.rule };
}

/**
 * Merge overlapping matches into disjoint spans: a span covers every overlapping match (no piece of any
 * secret survives) and is named by its longest match, ties going to the earlier rule.
 */
export function mergeMatches(raw: SecretMatch[]): SecretMatch[] {
  if (raw.length <= 1) return raw;
  raw.sort((a, b) => a.start - b.start || b.end - a.end || a.rule.index - b.rule.index);
  const out: SecretMatch[] = [];
  let cur = raw[0] as SecretMatch;
  let best = cur;
  let end = cur.end;
  for (let i = 1; i < raw.length; i++) {
    const m = raw[i] as SecretMatch;
    if (m.start < end) {
      const bl = best.end - best.start;
      const ml = m.end - m.start;
      if (ml > bl || (ml === bl && m.rule.index < best.rule.index)) best = m;
      if (m.end > end) end = m.end;
      continue;
    }
    out.push({ start: cur.start, end, rule: best.rule });
    cur = best = m;
    end = m.end;
  }
  out.push({ start: cur.start, end, rule: best.rule });
  return out;
}
