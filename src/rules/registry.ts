/**
 * @module rules/registry
 * Validates secret rules, compiles them once into a frozen registry, and scans a text with them.
 *
 * The scan is two-phase, as in gitleaks: one pass of the keyword scanner over the text (see
 * `keyword-scanner.ts`) records where each rule's keywords occur; then each triggered rule runs its own
 * regex at those hits (anchored rules) or inside windows around them (merged when they overlap). Cost
 * therefore follows the text length and the number of keyword hits, not the number of rules. A rule only
 * finds; masking is the caller's separate pass.
 */

import { asciiMatches, escapeRegex } from '../core/regex.js';
import { sortPrefix } from '../core/sort.js';
import { encodesProse } from '../secrets/encoded-prose.js';
import { isPlaceholder, placeholderWords, shannonEntropy } from '../secrets/entropy.js';
import { type Gate, gateOf, NO_GATE, splitsWord } from './assignments.js';
import { type Closing, closingOf, valueEnd } from './closings.js';
import { createKeywordScanner, type HitBuffer, inWindowPass, isAscii } from './keyword-scanner.js';
import { findPeers, type Peers } from './peers.js';
import { captureGroups, endGroup, literalPrefixes, openingClass } from './prefixes.js';
import { regexReach } from './reach.js';
import { createReplay } from './replay.js';
import { mergeMatches, overlapsSpans, SETTLED, unsettledMatches, wholeClusters } from './spans.js';
import type { SecretRule } from './types.js';

/** Default scan window around a keyword hit, in characters: tokens sit at or just after their keyword. */
export const DEFAULT_WINDOW = Object.freeze({ before: 256, after: 768 });

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface CompiledRule {
  readonly index: number;
  readonly id: string;
  readonly family: string;
  readonly description: string;
  readonly keywords: readonly string[];
  /** The rule's regex with `g` (and `d` when the secret is a group that does not end the match) added. */
  readonly regex: RegExp;
  readonly secretGroup: number;
  /** The secret group ends the match (see `endGroup`): its span is the match's end minus its length. */
  readonly secretAtEnd: boolean;
  readonly entropy: number;
  readonly allowRegexes: readonly RegExp[];
  /** See `SecretRule.notBefore`; sticky. */
  readonly notBefore: RegExp | undefined;
  /** See `SecretRule.continues`; sticky. */
  readonly continues: RegExp | undefined;
  readonly stopwords: readonly string[];
  /** Whether a candidate holds any stopword at all, case-insensitively (undefined without stopwords). */
  readonly stopwordTest: RegExp | undefined;
  /** For anchored rules: the regex with `y`, tried at each keyword hit. */
  readonly sticky: RegExp | undefined;
  /** For assignment rules (see `gated`): which character must come how soon after a match's start. */
  readonly gate: Gate | undefined;
  /** For matches closed by a negative look-ahead (see `Closing`): where they can end. */
  readonly closing: Closing | undefined;
  readonly before: number;
  readonly after: number;
  readonly source: SecretRule;
}

/** One accepted secret: the span of the secret group in the scanned text. */
export interface SecretMatch {
  readonly start: number;
  readonly end: number;
  readonly rule: CompiledRule;
}

/** Extra acceptance test applied by the caller (global allowlists): return false to drop the match. */
export type MatchFilter = (secret: string, rule: CompiledRule) => boolean;

export interface RuleRegistry {
  readonly rules: readonly CompiledRule[];
  readonly byId: ReadonlyMap<string, CompiledRule>;
  /**
   * Find secrets. `modes[i]` (0 = off) gates rule `i`; omitted means all rules on. Matches come back sorted by
   * start, overlapping ones already merged (the longest match names the span; ties go to rule order).
   */
  scan(text: string, modes?: ArrayLike<number>, filter?: MatchFilter): SecretMatch[];
  /**
   * The last scan's matches whose masks may leave the rules something new to find, as indices into what it
   * returned (see `unsettledMatches`); the masked text is read again around those (see `findBesideMasks`).
   * Empty when masking settles the text.
   */
  unsettled(): readonly number[];
  /** Whether the last scan's text held a keyword of a rule that was on: without one, no rule can match it. */
  hadKeywords(): boolean;
}

/**
 * Does every match of the rule's regex begin with one of its keywords? Then the scan can try the regex at each
 * keyword hit (sticky) instead of across windows around the hits, which matters for rules keyed on common
 * words (`bot`, `token`): their windows would cover most of a text. Read from the source conservatively (see
 * `literalPrefixes`): a rule whose texts cannot all be read to a keyword keeps its windows.
 */
export function startsWithKeyword(rule: Pick<SecretRule, 'regex' | 'keywords'>): boolean {
  return literalPrefixes(rule.regex.source).texts.every((text) => {
    const lower = text.toLowerCase();
    return lower.length > 0 && rule.keywords.some((k) => lower.startsWith(k));
  });
}

/** Where the secret group of match `m` sits in the scanned text; undefined when it did not take part. */
function secretSpan(rule: CompiledRule, m: RegExpExecArray): readonly [number, number] | undefined {
  if (!rule.secretAtEnd) return m.indices?.[rule.secretGroup];
  const secret = m[rule.secretGroup];
  if (secret === undefined) return undefined;
  const end = m.index + m[0].length;
  return [end - secret.length, end];
}

function validate(rule: SecretRule, seen: Set<string>): void {
  const id = rule.id;
  const where = `secret rule "${String(id)}"`;
  if (typeof id !== 'string' || !KEBAB.test(id)) throw new Error(`${where}: id must be kebab-case`);
  if (seen.has(id)) throw new Error(`${where}: duplicate id`);
  if (!rule.description) throw new Error(`${where}: description is empty`);
  if (!rule.family || !KEBAB.test(rule.family)) throw new Error(`${where}: family must be kebab-case`);
  if (!Array.isArray(rule.keywords) || rule.keywords.length === 0)
    throw new Error(`${where}: keywords are empty`);
  for (const k of rule.keywords) {
    if (typeof k !== 'string' || k.length === 0) throw new Error(`${where}: empty keyword`);
    if (k !== k.toLowerCase()) throw new Error(`${where}: keyword "${k}" must be lower-case`);
  }
  if (!(rule.regex instanceof RegExp)) throw new Error(`${where}: regex is not a RegExp`);
  if (rule.regex.global || rule.regex.sticky)
    throw new Error(`${where}: regex must not carry the g or y flag`);
  const group = rule.secretGroup ?? 0;
  if (!Number.isInteger(group) || group < 0 || group > captureGroups(rule.regex.source)) {
    throw new Error(`${where}: secret group ${group} does not exist in the regex`);
  }
  for (const re of rule.allowlist?.regexes ?? []) {
    if (re.global || re.sticky) throw new Error(`${where}: allowlist regex must not carry the g or y flag`);
  }
  for (const w of rule.allowlist?.stopwords ?? []) {
    if (w !== w.toLowerCase()) throw new Error(`${where}: stopword "${w}" must be lower-case`);
  }
  if (rule.continues !== undefined && (rule.continues.global || rule.continues.sticky))
    throw new Error(`${where}: continues must not carry the g or y flag`);
  if (!rule.examples || rule.examples.positive.length === 0)
    throw new Error(`${where}: no positive examples`);
  if (rule.examples.negative.length === 0) throw new Error(`${where}: no negative examples`);
}

/**
 * Keyword hits of one scan, per rule: rule `i`'s positions are `at[from[i]]` up to `at[to[i]]`, ascending.
 * The arrays belong to the registry and are overwritten by its next scan.
 */
interface Hits {
  at: Int32Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Indices of the rules with hits, ascending: the first `count` entries. */
  readonly triggered: Int32Array;
  count: number;
}

/**
 * Build a registry. Throws a plain Error naming the first bad rule.
 *
 * @example
 * const registry = createRuleRegistry(RULES);
 * registry.scan('token ghp_...').length;
 */
export function createRuleRegistry(rules: readonly SecretRule[]): RuleRegistry {
  const seen = new Set<string>();
  const compiled: CompiledRule[] = [];
  for (const rule of rules) {
    validate(rule, seen);
    seen.add(rule.id);
    const group = rule.secretGroup ?? 0;
    // A secret group that ends the match is placed by its length; any other needs the match's indices.
    const atEnd = group > 0 && endGroup(rule.regex.source) === group;
    const flags = `${rule.regex.flags}g${group > 0 && !atEnd && !rule.regex.hasIndices ? 'd' : ''}`;
    const sticky = rule.anchored === true || startsWithKeyword(rule);
    // Only the sticky scan reads on past a match (see `take`); a window could end inside the value.
    if (rule.continues !== undefined && !sticky)
      throw new Error(`secret rule "${rule.id}": continues needs an anchored rule`);
    compiled.push(
      Object.freeze({
        index: compiled.length,
        id: rule.id,
        family: rule.family,
        description: rule.description,
        keywords: Object.freeze([...rule.keywords]),
        regex: new RegExp(rule.regex.source, flags),
        secretGroup: group,
        secretAtEnd: atEnd,
        entropy: rule.entropy ?? 0,
        // Copies, not frozen: accept() loops over them per candidate, and loops over frozen arrays are slow.
        allowRegexes: [...(rule.allowlist?.regexes ?? [])],
        notBefore: rule.notBefore && new RegExp(rule.notBefore.source, `${rule.notBefore.flags}y`),
        continues: rule.continues && new RegExp(rule.continues.source, `${rule.continues.flags}y`),
        stopwords: [...(rule.allowlist?.stopwords ?? [])],
        stopwordTest: rule.allowlist?.stopwords?.length
          ? new RegExp(rule.allowlist.stopwords.map(escapeRegex).join('|'), 'i')
          : undefined,
        sticky: sticky ? new RegExp(rule.regex.source, `${flags.replace('g', '')}y`) : undefined,
        gate: gateOf(rule.regex),
        closing: sticky ? closingOf(rule.regex, group, gateOf(rule.regex)) : undefined,
        before: rule.window?.before ?? DEFAULT_WINDOW.before,
        after: rule.window?.after ?? DEFAULT_WINDOW.after,
        source: rule,
      }),
    );
  }

  // keyword -> the rules keyed on it. The scanner reports every occurrence of every ASCII keyword on its
  // own, so a rule keyed on `secret` sees the `secret` of `secretaccesskey` through its own hit; giving it the
  // longer word's hits too doubled the hits of such texts for nothing. Non-ASCII keywords are found by one
  // alternation, which reports only the longest at a position: those do include the rules of the keywords
  // inside them.
  const direct = new Map<string, Set<number>>();
  for (const r of compiled) {
    for (const k of r.keywords) {
      const set = direct.get(k) ?? new Set<number>();
      direct.set(k, set);
      set.add(r.index);
    }
  }
  // A mask's opening is looked for by the same pass, keyed to no rule (see `maskSpans`): an `indexOf` of its
  // own over every text with hits made W1 7% slower (a two-byte text is searched unit by unit).
  direct.set(MASK_KEY, direct.get(MASK_KEY) ?? new Set<number>());
  const keywords = [...direct.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const maskKeyword = keywords.indexOf(MASK_KEY);
  const ruleIds: ReadonlySet<string> = new Set(compiled.map((r) => r.id));
  // Not frozen: the hit loop iterates these once per hit, and on Node 20 a loop over frozen arrays runs
  // several times slower (and slows every array the same loop meets afterwards).
  const triggers: (readonly number[])[] = keywords.map((k) => {
    const all = new Set<number>(direct.get(k));
    if (!inWindowPass(k))
      for (const [other, set] of direct) if (k.includes(other)) for (const i of set) all.add(i);
    return [...all].sort((a, b) => a - b);
  });
  // Hits of a keyword that repeats one character (`aaaa…`, a Twitter bearer token's prefix) can be thinned
  // when every rule it triggers scans windows: hits closer than `before + after` give contiguous windows, so
  // keeping one per that distance, and the last of each run, scans the same text. Anchored rules need every hit.
  const thinStep = triggers.map((indices) => {
    const rules = indices.map((i) => compiled[i] as CompiledRule);
    if (rules.length === 0 || rules.some((r) => r.sticky !== undefined)) return 0;
    return Math.min(...rules.map((r) => r.before + r.after));
  });
  const scannerKeys = keysFirst(compiled, triggers);
  const prefilter = createKeywordScanner(keywords, thinStep, refusedBefore(compiled, triggers), scannerKeys);
  // Rules whose every hit the keyword pass has tested by its key (see `Gate.keyFirst`): not tested again.
  const keyTested = new Uint8Array(compiled.length).fill(1);
  triggers.forEach((indices, k) => {
    if (scannerKeys[k] === undefined) for (const i of indices) keyTested[i] = 0;
  });
  // The same lists flat, for the loops over hits: keyword k's rules are `ruleOf[ruleStart[k]…ruleStart[k + 1]]`.
  const ruleStart = new Int32Array(keywords.length + 1);
  for (let k = 0; k < keywords.length; k++)
    ruleStart[k + 1] = (ruleStart[k] as number) + (triggers[k] as readonly number[]).length;
  const ruleOf = Int32Array.from(triggers.flat());
  const buf: HitBuffer = { count: 0, at: new Int32Array(1024), keyword: new Int32Array(1024) };

  const ruleCount = compiled.length;
  const from = new Int32Array(ruleCount);
  const to = new Int32Array(ruleCount);
  const lastAt = new Int32Array(ruleCount);
  /**
   * One `Hits` for every scan (scans do not nest), its rules in a buffer: each of W2's 54,554 strings with a
   * keyword made an array and an object, 15 MB of garbage a result. The rules of the last scan stay listed,
   * and the next clears their `to` entries (the count pass starts at 0).
   */
  const hits: Hits = { at: new Int32Array(1024), from, to, triggered: new Int32Array(ruleCount), count: 0 };

  const peersOf = findPeers(compiled);
  // Rules whose own search of a text is quick: few literal openings, which the regex engine looks for by a
  // fast scan. A rule that opens on tens of keys (the assignment rules) tries each at every position of a
  // global search (30 ns a character), more than its sticky attempts cost at hits a few characters apart. So
  // does one that opens with a positive look-around (`(?<=(?:^|\n)[ \t]{0,16})Credentials: `): the engine
  // cannot skip ahead by what follows it, and reads every position (2.5-5 ms a megabyte, against 0.2). And so
  // does one whose openings are not all ASCII (`密碼`, `Schlüsselinhalt`, case-insensitive): 1 MB of `密碼 1 `
  // x7 + `:` took 36 ms searched, 20 with its attempts answered by the replay (`netsh-wlan-key`'s search read
  // prose at 9 ms a megabyte).
  const searchesWell = Uint8Array.from(compiled, (r) => {
    if (r.sticky === undefined || OPENS_WITH_LOOKAROUND.test(r.source.regex.source)) return 0;
    const openings = literalPrefixes(r.source.regex.source).texts;
    return openings.length <= SEARCH_OPENINGS && openings.every(isAscii) ? 1 : 0;
  });

  // How far each anchored rule's regex reads around a hit (-1: no bound): where the text reads the same
  // around a hit as around one a period back, the regex answers as it did there (see `replay.ts`).
  const reaches = compiled.map((r) => (r.sticky === undefined ? undefined : regexReach(r.sticky)));
  const reachBehind = Int32Array.from(reaches, (x) => (x === undefined ? -1 : x.behind));
  const reachAhead = Int32Array.from(reaches, (x) => (x === undefined ? -1 : x.ahead));
  const replay = createReplay();

  // Searches that rules share, numbered: a gate's (one per set of characters or pattern) and a closing's (one
  // per end table). Each rule ran its own from its first hit, and in a text with no gate character or place to
  // end (1 MB of random alphanumerics) every rule with a hit read to the text's end: now the first to find none
  // says so, for the rest of the scan (`noneFrom`), and a search from before that place stops there.
  const shared = new Map<unknown, number>();
  const slotOf = (search: unknown): number => {
    let slot = shared.get(search);
    if (slot === undefined) {
      slot = shared.size;
      shared.set(search, slot);
    }
    return slot;
  };
  const gateSlot = Int32Array.from(compiled, (r) => (r.gate === undefined ? -1 : slotOf(r.gate.find)));
  const endSlot = Int32Array.from(compiled, (r) => (r.closing === undefined ? -1 : slotOf(r.closing.ends)));
  const noneFrom = new Int32Array(shared.size);
  const noneScan = new Float64Array(shared.size); // the scan `noneFrom` is of

  /** Where this scan found none of `slot`'s characters from on, to the text's end; else the end. */
  function knownNone(slot: number, n: number): number {
    return noneScan[slot] === scans ? (noneFrom[slot] as number) : n;
  }
  function noteNone(slot: number, from: number, n: number): void {
    if (from >= n) return;
    if (noneScan[slot] !== scans || from < (noneFrom[slot] as number)) {
      noneScan[slot] = scans;
      noneFrom[slot] = from;
    }
  }
  let scans = 0;
  let tags = 0;
  /**
   * What peers found at their k-th hit: `answered[k]` is the tag of the peers and scan that asked, and
   * `canMatch[k]` the answer. Peers have the same hits, so one index serves them all. Another group or scan
   * writing over an entry only makes the next member ask again.
   */
  let answered = new Int32Array(1024);
  let canMatch = new Uint8Array(1024);

  function answer(k: number, tag: number, can: number): void {
    answered[k] = tag;
    canMatch[k] = can;
  }

  /** The tag under which `peers` record this scan's answers, with room for `count` hits. */
  function openPeers(peers: Peers, count: number): number {
    if (answered.length < count) {
      const size = Math.max(count, answered.length * 2);
      answered = new Int32Array(size);
      canMatch = new Uint8Array(size);
    }
    if (peers.scan !== scans) {
      if (tags === 0x7fffffff) {
        answered.fill(0);
        tags = 0;
      }
      peers.scan = scans;
      peers.tag = ++tags;
    }
    return peers.tag;
  }

  /**
   * Keyword hits grouped by rule, in two passes over the hit buffer (count, then place) into one typed array:
   * a text that repeats a keyword has a hit every few characters, and growing an array per rule cost more
   * than the scan that found them.
   */
  function findHits(text: string, modes: ArrayLike<number> | undefined): Hits | undefined {
    buf.count = 0;
    prefilter(text, buf);
    masks = maskSpans(text, buf, maskKeyword, ruleIds);
    if (masks.length > 0) dropHitsInMasks(masks, buf);
    const triggered = hits.triggered;
    for (let j = 0; j < hits.count; j++) to[triggered[j] as number] = 0;
    hits.count = 0;
    const count = buf.count;
    if (count === 0) return undefined;
    const { at, keyword } = buf;
    let rules = 0;
    for (let h = 0; h < count; h++) {
      const k = keyword[h] as number;
      for (let r = ruleStart[k] as number, stop = ruleStart[k + 1] as number; r < stop; r++) {
        const i = ruleOf[r] as number;
        if (modes && !modes[i]) continue;
        if (to[i] === 0) triggered[rules++] = i;
        to[i] = (to[i] as number) + 1;
      }
    }
    hits.count = rules;
    if (rules === 0) return undefined;
    sortPrefix(triggered, rules);
    let total = 0;
    for (let j = 0; j < rules; j++) {
      const i = triggered[j] as number;
      from[i] = total;
      total += to[i] as number;
      to[i] = from[i] as number;
      lastAt[i] = -1;
    }
    if (hits.at.length < total) hits.at = new Int32Array(Math.max(total, hits.at.length * 2));
    const out = hits.at;
    let unordered = false;
    for (let h = 0; h < count; h++) {
      const pos = at[h] as number;
      const k = keyword[h] as number;
      for (let r = ruleStart[k] as number, stop = ruleStart[k + 1] as number; r < stop; r++) {
        const i = ruleOf[r] as number;
        if (modes && !modes[i]) continue;
        const last = lastAt[i] as number;
        if (last === pos) continue; // another keyword of the same rule at the same place
        if (last > pos) unordered = true;
        out[to[i] as number] = pos;
        to[i] = (to[i] as number) + 1;
        lastAt[i] = pos;
      }
    }
    // A keyword is reported where the trigram it is looked for by ends, not where it starts, and non-ASCII
    // keywords after the main pass: restore ascending order per rule.
    if (unordered) {
      for (let j = 0; j < rules; j++) {
        const i = triggered[j] as number;
        const start = from[i] as number;
        const p = out.subarray(start, to[i] as number).sort();
        let w = 0;
        for (let r = 0; r < p.length; r++) if (r === 0 || p[r] !== p[w - 1]) p[w++] = p[r] as number;
        to[i] = start + w;
      }
    }
    return hits;
  }

  // The secret spans of the candidates this scan's checks turned away, as start–end pairs (see `unsettled`).
  let refused = new Int32Array(64);
  let refusedCount = 0;
  let lastUnsettled: readonly number[] = SETTLED;
  let lastHadKeywords = false;
  function refuse(start: number, end: number): void {
    if (2 * refusedCount === refused.length) {
      const bigger = new Int32Array(refused.length * 2);
      bigger.set(refused);
      refused = bigger;
    }
    refused[2 * refusedCount] = start;
    refused[2 * refusedCount + 1] = end;
    refusedCount++;
  }

  // The masks the scanned text already holds, as start-end pairs (see `maskSpans`): a rule reads nothing in them.
  let masks: readonly number[] = NO_MASKS;
  const masked = (start: number, end: number): boolean =>
    masks.length > 0 && overlapsSpans(masks, start, end);
  let judged = 0;
  let remembered = 0;
  let rereads = 0;
  let verdicts: Map<CompiledRule, Map<string, boolean>> | undefined;

  /**
   * `accept`, remembered per rule and secret once a scan has judged many candidates: a text that repeats one
   * value (a token in every log line, `"secret_key": "` over 1 MB: 33,000 matches of one string) ran the same
   * checks, entropy, placeholders, allowlists, for each. The checks and the filter depend on nothing else.
   */
  function judge(rule: CompiledRule, secret: string, filter: MatchFilter | undefined): boolean {
    if (++judged <= JUDGE_ALONE) return accept(rule, secret, filter);
    verdicts ??= new Map();
    // A map per rule, not one keyed by rule and value: the joined key was a string built and hashed per candidate.
    let mine = verdicts.get(rule);
    if (mine === undefined) {
      mine = new Map();
      verdicts.set(rule, mine);
    }
    let verdict = mine.get(secret);
    if (verdict === undefined) {
      verdict = accept(rule, secret, filter);
      if (remembered < VERDICTS_MAX) {
        mine.set(secret, verdict);
        remembered++;
      }
    }
    return verdict;
  }

  /** Whether the last scan's hits of `rule` hold one from `s` up to `e`. */
  function holdsHit(rule: CompiledRule, s: number, e: number): boolean {
    const at = hits.at;
    let lo = hits.from[rule.index] as number;
    let hi = hits.to[rule.index] as number;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((at[mid] as number) < s) lo = mid + 1;
      else hi = mid;
    }
    return lo < (hits.to[rule.index] as number) && (at[lo] as number) < e;
  }

  /** `judge` of the value at `s`-`e` of an anchored rule's latest answer, told by `replay` where it knows. */
  function judgeAnswer(
    rule: CompiledRule,
    text: string,
    s: number,
    e: number,
    filter?: MatchFilter,
  ): boolean {
    const verdict = replay.verdict() ?? judge(rule, text.slice(s, e), filter);
    replay.judged(verdict);
    return verdict;
  }

  function accept(rule: CompiledRule, secret: string, filter: MatchFilter | undefined): boolean {
    if (secret.length === 0) return false;
    if (rule.gate !== undefined && (CAMEL_WORDS.test(secret) || TAG_OPENING.test(secret))) return false;
    if (rule.entropy > 0 && shannonEntropy(secret) < rule.entropy) return false;
    if (isPlaceholder(secret)) return false;
    // Base64 of a sentence under a secret's name is text sent encoded. Not for rules that read what a format
    // defines as encoded secrets (a Kubernetes Secret's `data:`), where it may be a passphrase.
    if (rule.gate !== undefined && encodesProse(secret)) return false;
    for (const re of rule.allowRegexes) if (re.test(secret)) return false;
    // Stopwords are placeholder words (`your`, `xxxxx`, `example`): they drop a match only when it reads like a
    // placeholder, not when a random token happens to contain the letters.
    if (rule.stopwordTest?.test(secret) && placeholderWords(secret, rule.stopwords)) return false;
    return filter ? filter(secret, rule) : true;
  }

  /**
   * The match found before (rules run in order, so by an earlier rule or earlier by this one) that holds
   * `start`–`end`, if any. Then this one cannot change the masks: merged, the span stays that match's, and the
   * name its or a longer match's (a tie goes to the earlier rule), so the checks of `accept` (entropy,
   * placeholders, allowlists) are skipped. `GITHUB_TOKEN=ghp_…` is found by `github-pat` and again by the
   * generic assignment rule: W4 +7-10%. Only the latest few matches are looked at: a miss merely runs the
   * checks.
   */
  function covering(out: readonly SecretMatch[], start: number, end: number): SecretMatch | undefined {
    for (let i = out.length - 1; i >= 0 && i >= out.length - COVER_LOOKBACK; i--) {
      const m = out[i] as SecretMatch;
      if (m.start <= start && end <= m.end) return m;
    }
    return undefined;
  }

  function runAnchored(
    rule: CompiledRule,
    text: string,
    hits: Hits,
    out: SecretMatch[],
    filter?: MatchFilter,
  ) {
    const re = rule.sticky as RegExp;
    const gate = rule.gate;
    const first = hits.from[rule.index] as number;
    const end = hits.to[rule.index] as number;
    const peers = peersOf[rule.index];
    const tag = peers === undefined ? 0 : openPeers(peers, end - first);
    // The last gate search: no gate character from its start up to `reached`, which is one when it came
    // before that search's limit (`isGate`).
    let reached = -1;
    let isGate = false;
    let chainEnd = -1; // the last of the hits close together that the last gate search served
    const closing = rule.closing;
    const n = text.length;
    const gSlot = gateSlot[rule.index] as number;
    const eSlot = endSlot[rule.index] as number;
    let endAt = -1; // where a value can end: the first such place at or after the search's start
    let last = -1;
    // Attempts of the regex (or of its peers' union) that failed, counted from the one at `since`.
    let failed = 0;
    let since = 0;
    const positions = hits.at;
    replay.start(scans, text, reachBehind[rule.index] as number, reachAhead[rule.index] as number);
    for (let h = first; h < end; h++) {
      const at = positions[h] as number;
      if (at < last) continue; // inside the previous match
      const k = h - first;
      let any = true; // the peers' union, where it was tried, matches here
      if (tag !== 0 && answered[k] === tag) {
        if (canMatch[k] === 0) continue; // a peer found none of the group can match here
      } else {
        if (gate !== undefined) {
          if (gate.keyFirst && keyTested[rule.index] === 0) {
            gate.key.lastIndex = at;
            if (!gate.key.test(text)) {
              if (tag !== 0) answer(k, tag, 0); // peers share the keys
              continue;
            }
          }
          // Searched from the key's end: from the hit, the first characters read were the key's own letters,
          // and a key of four or more sent every search on to the regex (1 MB of `xray=`: two regex calls a hit).
          const from = at + gate.after;
          const limit = at + gate.within + 1;
          if (reached < from || (!isGate && reached < limit)) {
            const x = Math.max(from, reached);
            const none = knownNone(gSlot, n);
            // As far as the hits that follow close together reach (each inside the reach of the one before),
            // so that what the search learns serves them too (1 MB of `twitter `: one search to the text's end
            // turns every hit away), and no further: in prose the next gate character can be far on (W1's
            // next `: ` for the message rule, ~30,000 characters), and reading on to it served no later hit.
            if (h > chainEnd) chainEnd = chainOf(positions, h, end, gate.within);
            const stop = Math.min((positions[chainEnd] as number) + gate.within + 1, none);
            reached = x >= stop ? NO_GATE : gate.find(text, x, stop);
            if (reached === NO_GATE) {
              if (stop === none) noteNone(gSlot, x, n);
              else reached = stop; // none before `stop`, which is past this hit's reach
            }
            isGate = reached < limit;
          }
          // A value that may end the text (`endsText`) needs no gate character where the text ends first.
          if ((!isGate || reached >= limit) && !(gate.endsText && limit > n)) {
            if (tag !== 0) answer(k, tag, 0); // peers share the gate
            continue;
          }
        }
        if (closing !== undefined) {
          if (endAt < at + closing.min) {
            const x = at + closing.min;
            const none = knownNone(eSlot, n);
            endAt = x >= none ? n : valueEnd(text, x, closing.ends, none);
            if (endAt === n) noteNone(eSlot, x, n);
          }
          if (endAt > at + closing.max) continue;
        }
        if (peers !== undefined) {
          peers.any.lastIndex = at;
          any = peers.any.test(text);
          answer(k, tag, any ? 1 : 0);
        }
      }
      // Where the union failed the regex is not asked, and that counts as its failure: 1 MB of `twitter=` is
      // 125,000 hits where the union fails.
      if (any) {
        let m = replay.answer(at);
        const replayed = m !== undefined;
        if (m === undefined) {
          re.lastIndex = at;
          m = re.exec(text);
        }
        replay.note(at, m);
        if (m !== null) {
          last = take(rule, text, m, out, filter);
          continue;
        }
        // A failure known without asking goes on to a search only where that is quicker (see `searchesWell`).
        if (replayed && searchesWell[rule.index] === 0) continue;
      }
      if (failed === 0) since = at;
      if (++failed === DENSE_FAILS) {
        failed = 0;
        if (at - since < DENSE_FAILS * DENSE_SPAN && h + 1 < end && searchesWell[rule.index] === 1) {
          // Peers answer the rest of their hits together, by one search of their union: each member going on
          // by its own search read the text once a member (1 MB of `twitter 1 ` x 7 + `:`, four times 15 ms).
          // Once they are answered, this member's own regex is what fails.
          if (peers === undefined || answered[k + 1] === tag)
            return searchOn(rule, text, positions, h + 1, end, out, filter);
          answerOn(peers.anyOn, tag, text, positions, first, h + 1, end);
        }
      }
    }
  }

  /** The last hit of the run from the h-th on where each hit lies inside the reach of the one before. */
  function chainOf(positions: Int32Array, h: number, end: number, within: number): number {
    while (h + 1 < end && (positions[h + 1] as number) <= (positions[h] as number) + within) h++;
    return h;
  }

  /**
   * Peers' answers for their hits from the h-th to `end` (hit k of theirs is `first + k`), by one search with
   * their union, global: it goes from start to start itself, and a hit can match where the search finds a
   * match that starts at it.
   */
  function answerOn(
    any: RegExp,
    tag: number,
    text: string,
    positions: Int32Array,
    first: number,
    h: number,
    end: number,
  ): void {
    any.lastIndex = positions[h] as number;
    while (h < end) {
      const m = any.exec(text);
      const at = m === null ? text.length : m.index;
      for (; h < end && (positions[h] as number) < at; h++) answer(h - first, tag, 0);
      if (h === end || m === null) return;
      if (positions[h] === at) answer(h++ - first, tag, 1);
      if (h < end) any.lastIndex = positions[h] as number;
    }
  }

  /**
   * The rest of an anchored rule's hits, from the h-th, where its regex failed at hit after hit close together
   * (a keyword repeated with nothing a secret needs after it: 1 MB of `pcsk_` is 200,000 attempts, a regex call
   * each): one search with the global regex, which goes from start to start itself. A match counts only where a
   * hit is, as in the sticky loop, so the masks are the same either way.
   */
  function searchOn(
    rule: CompiledRule,
    text: string,
    positions: Int32Array,
    h: number,
    end: number,
    out: SecretMatch[],
    filter: MatchFilter | undefined,
  ): void {
    const re = rule.regex;
    re.lastIndex = positions[h] as number;
    while (h < end) {
      const m = re.exec(text);
      if (m === null) return;
      while (h < end && (positions[h] as number) < m.index) h++;
      if (h === end) return;
      if (positions[h] !== m.index) re.lastIndex = positions[h] as number;
      else if (m[0].length > 0) re.lastIndex = Math.max(take(rule, text, m, out, filter), m.index + 1);
      else re.lastIndex = (positions[h++] as number) + 1; // no anchored rule matches nothing, but it must not stall
    }
  }

  /**
   * Where a value the regex read up to `e` ends: the part it read decides, the rest goes with it (see
   * `SecretRule.continues`).
   */
  function continued(rule: CompiledRule, text: string, e: number): number {
    const on = rule.continues;
    if (on === undefined) return e;
    on.lastIndex = e;
    return on.test(text) ? on.lastIndex : e;
  }

  /**
   * A match of `rule`: its secret, if it passes the checks and no earlier match holds it, goes to `out`.
   * Returns where the rule's later hits count again: past the match when an earlier match holds it, else at the
   * value's start, so that a key inside it is still read (`password: https://…?token=…`, where the link is no
   * value but its query's token is; `storepassword = storepassword = …`, where the value is the next key).
   * A value turned away is read again `REREADS_MAX` times a scan: each hit inside it reads on over the rest of
   * it, and 1 MB of `pwd=` is 250,000 values of 500 characters. Past that, one that holds a key is masked to
   * its line's end. The cap passed over such keys before, and after 1,035 `credentials: ` in a row (each
   * reading the next key as its value) the secret assigned to the last went unmasked.
   */
  function take(
    rule: CompiledRule,
    text: string,
    m: RegExpExecArray,
    out: SecretMatch[],
    filter: MatchFilter | undefined,
  ): number {
    const past = m.index + m[0].length;
    if (rule.gate !== undefined && splitsWord(rule.gate.key, text, m.index)) {
      refuse(m.index, past);
      return past;
    }
    let s = m.index;
    let e = past;
    if (rule.secretGroup > 0) {
      const span = secretSpan(rule, m);
      if (span === undefined) return past;
      s = span[0];
      e = span[1];
    }
    if (e <= s || masked(s, e)) return past;
    // A match that went on over a run of value characters holds every later hit inside that run. Its
    // value may still go on past the match that holds it (`DB_PASSWORD=Tr0ub4dor&3xyzQ`: the database rule's
    // match stops at `&`), and then the rest goes too.
    const holder = covering(out, s, e);
    if (holder !== undefined) {
      // Read on only from where the holder ends too: past it, the value already went on (1 MB of `token=` is
      // one match to the end, and each later hit inside it read on to the end again).
      const on = holder.end === e ? continued(rule, text, e) : e;
      if (on > e) out.push({ start: s, end: on, rule });
      return past;
    }
    if (
      inCode(rule, text, e) ||
      !(judgeAnswer(rule, text, s, e, filter) || passesWhole(rule, text, s, e, filter))
    ) {
      refuse(s, e);
      return readAgain(rule, text, m.index, s, e, past, out);
    }
    out.push({ start: s, end: continued(rule, text, e), rule });
    // A value taken may be the next key too (`storepassword = storepassword = …`): passing over its hit left
    // that key's own value unmasked.
    return readAgain(rule, text, m.index, s, e, past, out);
  }

  /**
   * Where the rule's hits count again after the value `s`-`e` of its match at `at`, taken or turned away: from
   * the value's start while the scan reads values again (`REREADS_MAX`); past the match, where the value holds
   * no later hit of the rule. Past the cap, one that holds a hit is masked to its line's end, where what that
   * key is assigned ends at the latest.
   */
  function readAgain(
    rule: CompiledRule,
    text: string,
    at: number,
    s: number,
    e: number,
    past: number,
    out: SecretMatch[],
  ): number {
    if (!holdsHit(rule, Math.max(s, at + 1), e)) return past;
    if (rereads++ < REREADS_MAX) return s;
    const end = lineEnd(text, e);
    out.push({ start: s, end, rule });
    return end;
  }

  /**
   * Whether a value the checks turned away where the regex stopped (`e`) passes them read on to `to`: a
   * password with a `&` or `;` in it whose first part alone reads as a name (`FASTLANE_PASSWORD=Tidewater&Orca88`,
   * `Tidewater` a capitalised word). Not when the rest holds a `=`: that is a query's next parameter
   * (`token=abc&page=2`). Only where the regex stopped at such a character: from there `continues` reads a
   * bounded tail, where from any other stop it reads on over the rest of a run (1 MB of `pwd=` repeated was
   * read again from each refused hit: 1.7 s).
   */
  function passesWhole(
    rule: CompiledRule,
    text: string,
    s: number,
    e: number,
    filter: MatchFilter | undefined,
  ): boolean {
    if (!VALUE_STOPS.includes(text.charAt(e))) return false;
    const to = continued(rule, text, e);
    if (to <= e) return false;
    const rest = text.slice(e, to);
    return !rest.includes('=') && judge(rule, text.slice(s, to), filter);
  }

  function runRule(rule: CompiledRule, text: string, hits: Hits, out: SecretMatch[], filter?: MatchFilter) {
    if (rule.sticky) return runAnchored(rule, text, hits, out, filter);
    const n = text.length;
    const positions = hits.at;
    const stop = hits.to[rule.index] as number;
    // The compiled regex itself: scans are synchronous and do not nest, and a copy per call cost more than
    // the scan of a short text.
    const re = rule.regex;
    let k = hits.from[rule.index] as number;
    while (k < stop) {
      let start = Math.max(0, (positions[k] as number) - rule.before);
      let end = Math.min(n, (positions[k] as number) + rule.after);
      k++;
      while (k < stop && (positions[k] as number) - rule.before <= end) {
        end = Math.min(n, (positions[k] as number) + rule.after);
        k++;
      }
      // A match that runs into the window's end may have been cut short: widen the window and scan again.
      for (;;) {
        const slice = start === 0 && end === n ? text : text.slice(start, end);
        const found: SecretMatch[] = [];
        let truncated = false;
        re.lastIndex = 0;
        let m: RegExpExecArray | null = re.exec(slice);
        while (m !== null) {
          if (m[0].length === 0) {
            re.lastIndex++;
          } else {
            if (m.index + m[0].length === slice.length && end < n) {
              truncated = true;
              break;
            }
            let s = m.index;
            let e = s + m[0].length;
            if (rule.secretGroup > 0) {
              const span = secretSpan(rule, m);
              if (span) {
                s = span[0];
                e = span[1];
              } else {
                s = e; // group did not take part
              }
            }
            if (e > s && !masked(start + s, start + e) && covering(out, start + s, start + e) === undefined) {
              if (!inCode(rule, slice, e) && judge(rule, slice.slice(s, e), filter))
                found.push({ start: start + s, end: start + e, rule });
              else refuse(start + s, start + e);
            }
          }
          m = re.exec(slice);
        }
        if (!truncated) {
          for (const f of found) out.push(f);
          break;
        }
        end = Math.min(n, end + rule.after + 1024);
        while (k < stop && (positions[k] as number) - rule.before <= end) k++;
        start = Math.max(0, start);
      }
    }
  }

  // Keywords that open with a line break stand for a line's start (`\npw`, `\nauth `), and a text's first line
  // starts at 0, with no break before it: a text that opens with the rest of one (`pw: …`, `AUTH …`, a file
  // or a field's value) is scanned after a line break of ours, and what is found is moved back over it.
  const lineOpenings = keywords
    .filter((k) => k.length > 1 && k.charCodeAt(0) === 0x0a)
    .map((k) => k.slice(1));
  const opensLine = (text: string): boolean => {
    // The first unit in lower case, to compare before slicing: most texts open with none of them.
    const c = text.charCodeAt(0);
    const first = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
    for (const rest of lineOpenings) {
      if ((first === rest.charCodeAt(0) || c >= 0x80) && text.slice(0, rest.length).toLowerCase() === rest)
        return true;
    }
    return false;
  };

  function scan(text: string, modes?: ArrayLike<number>, filter?: MatchFilter): SecretMatch[] {
    if (!opensLine(text)) return scanText(text, modes, filter);
    const matches = scanText(`\n${text}`, modes, filter);
    lastUnsettled = lastUnsettled.map((at) => Math.max(0, at - 1));
    return matches.map((m) => ({ start: Math.max(0, m.start - 1), end: m.end - 1, rule: m.rule }));
  }

  function scanText(text: string, modes?: ArrayLike<number>, filter?: MatchFilter): SecretMatch[] {
    lastUnsettled = SETTLED;
    lastHadKeywords = false;
    if (text.length < 4) return [];
    scans++; // a plain number: 2^53 scans away from repeating
    refusedCount = 0;
    judged = 0;
    remembered = 0;
    rereads = 0;
    verdicts = undefined;
    const hits = findHits(text, modes);
    lastHadKeywords = hits !== undefined;
    if (hits === undefined) return [];
    const raw: SecretMatch[] = [];
    for (let j = 0; j < hits.count; j++)
      runRule(compiled[hits.triggered[j] as number] as CompiledRule, text, hits, raw, filter);
    // Its keys are slices of the text, which would keep the whole text alive until the next scan; so would
    // `replay`.
    verdicts = undefined;
    replay.end(scans);
    for (let j = 0; j < raw.length; j++) raw[j] = wholeClusters(text, raw[j] as SecretMatch);
    const matches = mergeMatches(raw);
    lastUnsettled = unsettledMatches(text, matches, refused, refusedCount);
    return matches;
  }

  const byId = new Map(compiled.map((r) => [r.id, r] as const));
  const unsettled = (): readonly number[] => lastUnsettled;
  const hadKeywords = (): boolean => lastHadKeywords;
  return Object.freeze({ rules: Object.freeze(compiled), byId, scan, unsettled, hadKeywords });
}

/**
 * Words in camelCase, three or more and no digit (`searchConfluenceUsingCql`), also after a namespace
 * (`clm06695:AgencyIdentificationCodeContentType`, an XML type): a name in code, not a value, after a key that
 * only names a provider (`getPagesInConfluenceSpace,searchConfluenceUsingCql`). Only assignment rules (those
 * with a gate) skip them: a value a format defines by itself may be letters only.
 */
const CAMEL_WORDS = /^(?:[A-Za-z][\w.-]{0,30}:)?(?:[a-z]{1,20}|[A-Z][a-z]{1,20})(?:[A-Z][a-z]{1,20}){2,8}$/;
/**
 * The opening of a markup tag and its first attribute (`<xsd:element name=`): a quoted value that holds markup
 * is read to the first inner quote, which leaves this.
 */
const TAG_OPENING = /^<[A-Za-z][\w:.-]{0,60}\s[^<>]{0,80}=$/;

/** Candidates a scan judges before it remembers verdicts (see `judge`): most texts have a few. */
const JUDGE_ALONE = 64;
/**
 * An anchored rule goes on by one global search (see `searchOn`) once this many attempts of its regex failed
 * at fewer than `DENSE_SPAN` characters apart on average: never in prose or logs, where hits are far apart and
 * most are passed over before the regex.
 */
const DENSE_FAILS = 256;
const DENSE_SPAN = 32;
/** The most literal openings a rule's regex may have for `searchOn` to be worth it (see `searchesWell`). */
const SEARCH_OPENINGS = 32;
/** Values a scan reads again for the keys inside them (see `take`). */
const REREADS_MAX = 1024;
/** A regex that opens with a positive look-ahead or look-behind (see `searchesWell`). */
const OPENS_WITH_LOOKAROUND = /^\(\?<?=/;
/** Verdicts a scan remembers at most: a bound on its memory, whatever the text. */
const VERDICTS_MAX = 4096;

/** What ends a value in code where a config line's value may go on (`Tidewater&Orca88`): see `passesWhole`. */
const VALUE_STOPS = '&;,(){}[]<>';

/** How many of the latest matches `covering` looks at. */
const COVER_LOOKBACK = 4;

/**
 * Per keyword, the keys its rules all test at a hit before anything else (see `Gate.keyFirst`), as one sticky
 * regex: the scanner reports a hit only where one of them matches. Undefined where any of its rules has no such
 * key, or scans windows (either may match where the keys do not).
 */
function keysFirst(
  compiled: readonly CompiledRule[],
  triggers: readonly (readonly number[])[],
): (RegExp | undefined)[] {
  return triggers.map((indices) => {
    const rules = indices.map((i) => compiled[i] as CompiledRule);
    const tested = (r: CompiledRule): boolean => r.sticky !== undefined && r.gate?.keyFirst === true;
    if (rules.length === 0 || !rules.every(tested)) return undefined;
    const sources = new Set(rules.map((r) => (r.gate as Gate).key.source));
    return new RegExp([...sources].join('|'), 'iy');
  });
}

/** How a rule's mask opens: `[REDACTED:<rule-id>]` (see `SecretRule.id`). */
export const MASK_OPEN = '[REDACTED:';
/** The same as a keyword (keywords are lower case). */
const MASK_KEY = MASK_OPEN.toLowerCase();
const NO_MASKS: readonly number[] = [];

/**
 * The masks a text already holds (a second pass, or masked text passed on), as start-end pairs, ascending,
 * from the keyword pass's hits of MASK_KEY (keyword index `k`). Rule ids spell keywords
 * (`ssh-keygen-old-passphrase`) and values (`jwt-base64`): a hit in a mask read on to a value the first pass
 * never had a hit for, and a label's text read as a value, so masking the masked text masked more. Only a
 * label of one of the registry's rules (`ids`) counts: `[REDACTED:` before a real token and a `]` after it
 * would otherwise shield the token.
 */
function maskSpans(text: string, buf: HitBuffer, k: number, ids: ReadonlySet<string>): readonly number[] {
  let spans: number[] | undefined;
  for (let h = 0; h < buf.count; h++) {
    if (buf.keyword[h] !== k) continue;
    const open = buf.at[h] as number;
    const close = text.startsWith(MASK_OPEN, open) ? text.indexOf(']', open) : -1;
    if (close < 0 || !ids.has(text.slice(open + MASK_OPEN.length, close))) continue;
    // One keyword's hits come in the text's order: the spans ascend.
    spans ??= [];
    spans.push(open, close + 1);
  }
  return spans ?? NO_MASKS;
}

/** Where the line holding `at` ends: its `\r` or `\n`, or the text's end. */
function lineEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return i;
  }
  return text.length;
}

/** Drops the keyword hits inside `spans`. */
function dropHitsInMasks(spans: readonly number[], buf: HitBuffer): void {
  let kept = 0;
  for (let h = 0; h < buf.count; h++) {
    const at = buf.at[h] as number;
    if (overlapsSpans(spans, at, at + 1)) continue;
    buf.at[kept] = at;
    buf.keyword[kept++] = buf.keyword[h] as number;
  }
  buf.count = kept;
}

/** Is the secret ending at `end` followed by a character that shows it is code (see `SecretRule.notBefore`)? */
function inCode(rule: CompiledRule, text: string, end: number): boolean {
  const re = rule.notBefore;
  if (re === undefined) return false;
  re.lastIndex = end;
  return re.test(text);
}

/**
 * Per keyword, the ASCII characters after which none of its rules can start (`(k << 7) | c` is 1): the
 * scanner reports no hit there. A rule qualifies when it is tried only at its hits (sticky) and its
 * regex opens with a negative look-behind (see `openingClass`); a keyword qualifies when all its rules do, and
 * refuses what all of them refuse. 1 MB of `EAAA` is 250,000 hits of two such rules, each right after an `A`,
 * and Twilio's `sk` hits every `task` and `desk` in prose.
 */
function refusedBefore(
  compiled: readonly CompiledRule[],
  triggers: readonly (readonly number[])[],
): Uint8Array {
  // Per rule, the characters its look-behind refuses.
  const tables = compiled.map((rule) => {
    const cls = rule.sticky === undefined ? undefined : openingClass(rule.regex.source);
    return cls === undefined ? undefined : asciiMatches(cls, rule.regex.flags);
  });
  const refused = new Uint8Array(triggers.length << 7);
  triggers.forEach((indices, k) => {
    const own = indices.map((i) => tables[i]);
    if (own.length === 0 || own.some((t) => t === undefined)) return;
    for (let c = 0; c < 128; c++) if (own.every((t) => t?.[c] === 1)) refused[(k << 7) | c] = 1;
  });
  return refused;
}
