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

/**
 * Units tokens are made of, `[A-Za-z0-9_+/.-]`: a mask beside one is glued to the text around it. Not `=`: it
 * stands before most masks (`GITHUB_TOKEN=ghp_…`), and taken as glue it sent W1 round its masks again (-12%).
 * What that leaves: a token glued to `KEY=` before another secret (`fo1_…NOTION_TOKEN=secret_…`), whose
 * look-ahead read the secret's first unit and reads the mask's `[` next time.
 */
const isTokenUnit = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x5f ||
  c === 0x2b ||
  c === 0x2f ||
  c === 0x2e ||
  c === 0x2d;

/** How far past a candidate's end its checks read: `notBefore` looks at two units (`<T`). */
const READS_PAST_END = 2;

/**
 * Which masks could change what the rules read: the indices (ascending) of the `matches` that, masked, may leave
 * the rules something new to find around them; none when the text is settled. A mask puts `[REDACTED:…]` where
 * a secret was, and a candidate the checks turned away because it ran into that secret (`abc-AKIA…<IhI` read as
 * code) or because of what followed it may stand on its own beside the mask; a look-around that read the
 * secret's first or last unit reads the mask's instead. So a match is listed when it is glued to token units on
 * either side, or when a candidate turned away (`refused`: `count` start–end pairs) ran into it or ended up to
 * `READS_PAST_END` units before it; the masked text must then be read again around those masks, and only
 * those. Matches are sorted and disjoint (see `mergeMatches`).
 */
export function unsettledMatches(
  text: string,
  matches: readonly SecretMatch[],
  refused: Int32Array,
  count: number,
): readonly number[] {
  if (matches.length === 0) return SETTLED;
  let unsettled: Uint8Array | undefined;
  const mark = (i: number): void => {
    unsettled ??= new Uint8Array(matches.length);
    unsettled[i] = 1;
  };
  matches.forEach((m, i) => {
    if (m.start > 0 && isTokenUnit(text.charCodeAt(m.start - 1))) mark(i);
    else if (m.end < text.length && isTokenUnit(text.charCodeAt(m.end))) mark(i);
  });
  for (let r = 0; r < 2 * count; r += 2) {
    const start = refused[r] as number;
    const end = refused[r + 1] as number;
    const reach = end + READS_PAST_END;
    // The first match that ends after the candidate starts, and every later one that starts within its reach.
    let lo = 0;
    let hi = matches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((matches[mid] as SecretMatch).end <= start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < matches.length; i++) {
      const m = matches[i] as SecretMatch;
      if (m.start >= reach) break;
      // A candidate inside a match is masked with it: the next scan cannot see it again.
      if (!(m.start <= start && end <= m.end)) mark(i);
    }
  }
  if (unsettled === undefined) return SETTLED;
  const listed: number[] = [];
  for (let i = 0; i < matches.length; i++) if (unsettled[i] === 1) listed.push(i);
  return listed;
}

/** No match unsettled: one shared answer, so that a scan of a settled text (nearly every one) allocates none. */
export const SETTLED: readonly number[] = Object.freeze([]);

/**
 * Whether `start`–`end` overlaps one of `spans`: start–end pairs, ascending and apart (the masks a text
 * holds). A binary search: a text may hold tens of thousands of masks.
 */
export function overlapsSpans(spans: readonly number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[2 * mid + 1] as number) <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length / 2 && (spans[2 * lo] as number) < end;
}
