/**
 * @module rules/registry
 * Validates secret rules, compiles them once into a frozen registry, and scans a text with them.
 *
 * The scan is two-phase, as in gitleaks: one pass of a keyword scanner over the text (see
 * `createKeywordScanner`) records where each rule's keywords occur; then each triggered rule runs its own
 * regex at those hits (anchored rules) or inside windows around them (merged when they overlap). Cost
 * therefore follows the text length and the number of keyword hits, not the number of rules. A rule only
 * finds; masking is the caller's separate pass.
 */

import { asciiMatches, escapeRegex } from '../core/regex.js';
import { sortPrefix } from '../core/sort.js';
import { isPlaceholder, placeholderWords, shannonEntropy } from '../secrets/entropy.js';
import { findPeers, type Peers } from './peers.js';
import {
  aroundGroup,
  captureGroups,
  countedLengths,
  endGroup,
  literalPrefixes,
  openingClass,
  tokenEnd,
} from './prefixes.js';
import type { SecretRule } from './types.js';
import {
  CHUNK,
  createWindowPass,
  fold7,
  followerOf,
  nextWindow,
  START_WINDOW,
  type WindowPass,
  windowOf,
  windowTables,
} from './window-pass.js';

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
}

/** Between an operator and its value: quotes, a backslash escaping one, spaces, all on the operator's line. */
const VALUE_LEAD = `[ \\t'"\`\\\\]{0,5}`;

/** A string type declared between a name and its `=`: no longer than the 12 spaces or quotes it stands for. */
const TYPED = `\\s{1,2}string\\s{1,2}|\\s{0,2}:\\s{0,2}(?:string|&?str)\\s{1,2}`;

/**
 * Assignment between a key and its value: `=`, `:`, `:=`, `=>`, `.=`, Make's `::=`, `:::=`, `?=` and `+=`, or
 * `"KEY", "value")` (a setProperty call: the comma only between quoted strings closed by `)`, so
 * `"auth","token_uri":` is no assignment). A declared string type may stand between the name and the operator
 * (Go's `var apiToken string = …`, `token: string = …`). Quotes may be backslash-escaped: JSON text inside a
 * JSON string (`{\"token\": \"…\"}`) is what many tools return. The value starts on the operator's line:
 * after `GITHUB_API_KEY=` left empty, the next line is the next assignment.
 */
export const ASSIGN = `(?:(?:[\\s'"\`\\\\]{0,12}|${TYPED})(?:=>|:{1,3}=|[.?+]=|[=:])|['"]\\s{0,2},\\s{0,2}(?=['"][^'"\\s]{1,500}['"]\\s{0,2}\\)))${VALUE_LEAD}`;

const DEFAULT_TAIL = '[\\w.-]{0,30}?';

/**
 * `<keyword…> = <value>`: one of `keys` (a regex alternation) in the key name, a short identifier tail, an
 * assignment, then the value as group 1. For values whose shape alone would also match digests and ids.
 * Bounded gaps keep it linear.
 *
 * @example
 * keyed('heroku', '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}');
 */
export function keyed(keys: string, value: string, tail = DEFAULT_TAIL): RegExp {
  const re = new RegExp(`(?:${keys})${tail}${ASSIGN}(${value})(?![\\w+/=-])`, 'i');
  // The first `=` or `:` of ASSIGN comes after the tail and 12 quotes or spaces, one further for `.=`. Tails
  // are up to N name characters (`[\w.-]{0,N}?`), maybe then a word (`(?:key|token)`); others get no gate.
  const tailMax = longestTail(tail);
  return tailMax === undefined ? re : gated(re, keys, tailMax + 12 + 1);
}

/** The most characters a key tail `[…]{0,N}?<words>` spans, the words read by `literalPrefixes`. */
function longestTail(tail: string): number | undefined {
  const parts = /^\[[^\]]+\]\{0,(\d+)\}\??(.*)$/.exec(tail);
  if (parts === null) return undefined;
  const words = parts[2] as string;
  const wordMax = words === '' ? 0 : keyLengths(words)?.longest;
  return wordMax === undefined ? undefined : Number(parts[1]) + wordMax;
}

/**
 * What `gated` knows of a rule's regex: one of `chars` occurs after the key, so at least `after` characters
 * after a match's start (the shortest key), and at most `within` characters after it.
 */
export interface Gate {
  readonly after: number;
  readonly within: number;
  /**
   * Where a search from `from` stopped, with no gate character between `from` and it: at the next gate
   * character, at the text's end ({@link NO_GATE}), or, for a search bounded to the gate's reach (a pattern),
   * past that reach, `within - after + 1` on, saying nothing of what follows. A search of a set reads no
   * further than `end`, returning NO_GATE when none is before it: the caller passes where none is known to
   * follow, or how far its hit can reach.
   */
  readonly find: (text: string, from: number, end?: number) => number;
  /** The keys, sticky and case-insensitive: which key a match starts with (see `splitsWord`). */
  readonly key: RegExp;
}

/**
 * What a gate's search returns when no gate character follows: past every hit by more than any `within`, so
 * every later hit is skipped. (The text's length, returned before, let a hit near the end of a short text
 * through to its regex: every URL without userinfo ran `url-password` in full.) Below 2^30, a small integer.
 */
export const NO_GATE = 2 ** 30 - 1;

/** Regexes marked by `gated`. */
const GATES = new WeakMap<RegExp, Gate>();

/**
 * The search for a set of characters. One character is `indexOf`, several a table read over the first
 * `GATE_NEAR` characters and then a global regex (scans do not nest, so one regex per gate is enough): where the gate
 * character follows every hit (`hec-token` repeated), a regex call per hit cost more than the regex it was
 * there to save.
 */
const FINDERS = new Map<string, Gate['find']>();
/**
 * How many characters a set's search reads one by one before it hands over to its regex: a search bounded to
 * a hit's reach (see `runAnchored`) is read wholly by hand, with no regex call.
 */
const GATE_NEAR = 64;
function finder(chars: string): Gate['find'] {
  let find = FINDERS.get(chars);
  if (find === undefined) {
    find = newFinder(chars);
    FINDERS.set(chars, find);
  }
  return find;
}

/**
 * A gate that is a pattern (`-(?<=[0-9a-f]{8}-)`, a UUID's first dash): where its first match at or after
 * `from` starts, looked for no further than `span` characters on. Unbounded, the search read on to the next
 * match however far: one `fb` early in 10 MB with no `|` in it read all of it (W1 1.15x the time).
 */
function search(pattern: RegExp, span: number): Gate['find'] {
  const re = new RegExp(
    `([\\s\\S]{0,${span}}?)(?:${pattern.source})`,
    `${pattern.flags.replace(/[gy]/g, '')}y`,
  );
  return (text, from) => {
    re.lastIndex = from;
    const m = re.exec(text);
    if (m !== null) return from + (m[1] as string).length;
    return from + span + 1 >= text.length ? NO_GATE : from + span + 1;
  };
}

/** `text`, or only its first `end` units (a slice shares the text's memory). */
const upTo = (text: string, end: number): string => (end < text.length ? text.slice(0, end) : text);

function newFinder(chars: string): Gate['find'] {
  if (chars.length === 1) {
    return (text, from, end = text.length) => {
      const i = upTo(text, end).indexOf(chars, from);
      return i < 0 ? NO_GATE : i;
    };
  }
  const set = new RegExp(`[${escapeRegex(chars)}]`, 'g');
  const isGate = new Uint8Array(128);
  for (const c of chars) {
    const code = c.charCodeAt(0);
    if (code >= 128) throw new Error(`gate characters must be ASCII: ${JSON.stringify(chars)}`);
    isGate[code] = 1;
  }
  return (text, from, end = text.length) => {
    // The first characters by hand: where an operator follows every hit (`bot=` repeated), a regex call per hit
    // cost more than the character or two it reads (1 MB of `bot=`: 0.83x the time).
    const near = Math.min(end, from + GATE_NEAR);
    for (let i = from; i < near; i++) {
      const c = text.charCodeAt(i);
      if (c < 128 && isGate[c] === 1) return i;
    }
    if (near >= end) return NO_GATE;
    set.lastIndex = near;
    return set.test(upTo(text, end)) ? set.lastIndex - 1 : NO_GATE;
  };
}

/**
 * Marks `re`, which starts with one of `keys` (a regex alternation), as an assignment: every match has one
 * of `chars` (by default `=`, `:`, `,`, `>`), or a match of `chars` when it is a regex, after its key and
 * starting at most `afterKey` characters after the longest key. Scanned as
 * an anchored rule, a keyword hit with none of them that close is skipped without running the regex: prose
 * says `token` and `bot` all the time, and each attempt walked the bounded gaps after the keyword to their
 * ends (1 MB of `bot` repeated: 100 ms). Only anchored rules use a gate (windowed ones scan whole windows):
 * a test checks every gated rule is anchored. Keys that cannot be read to their end (see `literalPrefixes`)
 * have no longest length: `re` stays ungated.
 */
export function gated(re: RegExp, keys: string, afterKey: number, chars: string | RegExp = '=:,>'): RegExp {
  const lengths = keyLengths(keys);
  if (lengths === undefined) return re;
  GATES.set(re, {
    after: lengths.shortest,
    within: lengths.longest + afterKey,
    find:
      typeof chars === 'string'
        ? finder(chars)
        : search(chars, lengths.longest + afterKey - lengths.shortest),
    key: new RegExp(`(?:${keys})`, 'iy'),
  });
  return re;
}

const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;

/**
 * Does the key at `at` run across words written in camelCase, ending inside one? `sumObj` holds `sumo`,
 * `rookTable` holds `okta`, `CameraKit` holds `meraki`: a word starts inside the key (lower case, then upper
 * case) and goes on past its end in lower case. A key that ends where its words do (`sumoLogicId`,
 * `linkedInSecret`) or starts a word (`ciscoMerakiKey`) is the provider's name.
 */
function splitsWord(key: RegExp, text: string, at: number): boolean {
  key.lastIndex = at;
  const m = key.exec(text);
  if (m === null) return false;
  const end = at + m[0].length;
  if (!isLower(text.charCodeAt(end))) return false;
  for (let i = at + 1; i < end; i++)
    if (isUpper(text.charCodeAt(i)) && isLower(text.charCodeAt(i - 1))) return true;
  return false;
}

/** The shortest and longest texts a key pattern (`heroku|cf_api`, `linked[_-]?in`) matches; undefined when it cannot be read. */
function keyLengths(keys: string): { shortest: number; longest: number } | undefined {
  const { texts, complete } = literalPrefixes(keys);
  if (!complete) return undefined;
  const lengths = texts.map((t) => t.length);
  return { shortest: Math.min(...lengths), longest: Math.max(...lengths) };
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

/**
 * Where a match closed by a negative look-ahead can end: from `min` to `max` characters after the hit, at a
 * character the look-ahead allows (see `EndSearch`; any other unit, and the text's end, may). A hit
 * with no such place in that window cannot match. Where the closing class holds the text's every character
 * (`bitbucket=` or `dckr_pat_` over 1 MB), each attempt read the longest value before the look-ahead
 * failed; one search for the run's end now answers every hit inside the run. Made for assignments of a value
 * of bounded length (`…=([a-z0-9=_-]{64})(?![\w+/=-])`, `{40,46}`, a fixed prefix before the class) and tokens
 * (`vck_[A-Za-z0-9]{24,100}`, and of one length, `fio-u-[A-Za-z0-9_=-]{64}`, where the window is a single place).
 */
export interface Closing {
  readonly min: number;
  readonly max: number;
  readonly ends: EndSearch;
}

/** The code units a match can end before: those not of the look-ahead's class, and every one not ASCII. */
export interface EndSearch {
  /** Per ASCII unit, 1 where a match can end before it. */
  readonly table: Uint8Array;
  /** One such unit (global): a class the regex engine searches at ~1 GB/s, where a loop read 1 MB in ~6 ms. */
  readonly search: RegExp;
}

/**
 * How far past the gate's reach an assignment's value can start: after the operator's first character, the
 * rest of it and five quotes or spaces. The farthest is a declared type whose `:` the gate finds
 * (`: &str = "`, 13), then Make's `:::=` (9); the `"KEY", "value"` call's comma, two spaces and five quotes
 * is 8. (Those are all characters a value can end at, so a hit this far out is met by one of them first.)
 */
const VALUE_SLACK = 14;
/**
 * How the assignment shapes end, just before the value: `ASSIGN`'s, `assigned`'s, and the one written out by
 * the Splunk, Facebook and secp256k1 rules.
 */
const ASSIGN_TAILS = [VALUE_LEAD, '[\\s\'"`]{0,5}', '[\\s\'"`\\\\]{0,5}'];

/** `Closing.ends` per look-ahead class and flags: the 156 built-in rules with one share 16, each 128 regex tests to make. */
const END_SEARCHES = new Map<string, EndSearch>();

function closingOf(regex: RegExp, group: number, gate: Gate | undefined): Closing | undefined {
  const ends = (notAfter: string): EndSearch => {
    const flags = regex.flags.replace(/[gyd]/g, '');
    const key = `${flags}/${notAfter}`;
    let found = END_SEARCHES.get(key);
    if (found === undefined) {
      const table = asciiMatches(notAfter, flags).map((cannotFollow) => 1 - cannotFollow);
      // The table's units as ranges, and every unit not ASCII.
      let ranges = '';
      for (let c = 0; c < 128; c++) {
        if (table[c] === 0) continue;
        let last = c;
        while (last < 127 && table[last + 1] === 1) last++;
        ranges += `\\u${hex4(c)}-\\u${hex4(last)}`;
        c = last;
      }
      found = { table, search: new RegExp(`[${ranges}\\u0080-\\uffff]`, 'g') };
      END_SEARCHES.set(key, found);
    }
    return found;
  };
  if (gate === undefined) {
    // A token: where the token's class holds its own prefix and separator (`fio-u-` or `tfp_=` repeated),
    // every failed attempt read the whole token before its look-ahead failed.
    const token = tokenEnd(regex.source);
    return token && { min: token.min, max: token.max, ends: ends(token.notAfter) };
  }
  const cut = group === 0 ? undefined : aroundGroup(regex.source, group);
  if (cut === undefined || !ASSIGN_TAILS.some((tail) => cut.before.endsWith(tail))) return undefined;
  const value = countedLengths(cut.inner);
  const notAfter = /^\(\?!(\[[^\]]+\])\)$/.exec(cut.after);
  if (value === undefined || notAfter === null) return undefined;
  // The value starts after the key, and within the gate's reach plus the rest of the operator.
  return {
    min: gate.after + value.min,
    max: gate.within + VALUE_SLACK + value.max,
    ends: ends(notAfter[1] as string),
  };
}

/**
 * The first place at or after `from` where a match can end (see `Closing`); the text's end if none before it.
 * None is at `stop` or after it, when the caller says so.
 */
function valueEnd(text: string, from: number, ends: EndSearch, stop = text.length): number {
  // The first few units by table: an end is often that near (`gsk_` repeated has one every four units, and a
  // regex call per hit was a third of the time).
  const near = Math.min(stop, from + NEAR_ENDS);
  for (let i = from; i < near; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ends.table[c] === 1) return i;
  }
  if (near >= stop) return text.length;
  const search = ends.search;
  search.lastIndex = near;
  const at = search.test(text) ? search.lastIndex - 1 : text.length;
  return at < stop ? at : text.length;
}

/** Units read by table where a value may end before the search is called. */
const NEAR_ENDS = 4;

const hex4 = (c: number): string => c.toString(16).padStart(4, '0');

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
        gate: GATES.get(rule.regex),
        closing: sticky ? closingOf(rule.regex, group, GATES.get(rule.regex)) : undefined,
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
  const keywords = [...direct.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  // Not frozen: the hit loop iterates these once per hit, and on Node 20 a loop over frozen arrays runs
  // several times slower (and slows every array the same loop meets afterwards).
  const triggers: (readonly number[])[] = keywords.map((k) => {
    const all = new Set<number>(direct.get(k));
    if (!isAsciiKeyword(k))
      for (const [other, set] of direct) if (k.includes(other)) for (const i of set) all.add(i);
    return [...all].sort((a, b) => a - b);
  });
  // Hits of a keyword that repeats one character (`aaaa…`, a Twitter bearer token's prefix) can be thinned
  // when every rule it triggers scans windows: hits closer than `before + after` give contiguous windows, so
  // keeping one per that distance, and the last of each run, scans the same text. Anchored rules need every hit.
  const thinStep = triggers.map((indices) => {
    const rules = indices.map((i) => compiled[i] as CompiledRule);
    return rules.some((r) => r.sticky !== undefined) ? 0 : Math.min(...rules.map((r) => r.before + r.after));
  });
  const prefilter = createKeywordScanner(keywords, thinStep, refusedBefore(compiled, triggers));
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

  let judged = 0;
  let remembered = 0;
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

  function accept(rule: CompiledRule, secret: string, filter: MatchFilter | undefined): boolean {
    if (secret.length === 0) return false;
    if (rule.gate !== undefined && CAMEL_WORDS.test(secret)) return false;
    if (rule.entropy > 0 && shannonEntropy(secret) < rule.entropy) return false;
    if (isPlaceholder(secret)) return false;
    for (const re of rule.allowRegexes) if (re.test(secret)) return false;
    // Stopwords are placeholder words (`your`, `xxxxx`, `example`): they drop a match only when it reads like a
    // placeholder, not when a random token happens to contain the letters.
    if (rule.stopwordTest?.test(secret) && placeholderWords(secret, rule.stopwords)) return false;
    return filter ? filter(secret, rule) : true;
  }

  /**
   * Does a match found before (rules run in order, so by an earlier rule or earlier by this one) hold
   * `start`–`end`? Then this one cannot change the masks: merged, the span stays that match's, and the name its
   * or a longer match's (a tie goes to the earlier rule), so the checks of `accept` (entropy, placeholders,
   * allowlists) are skipped. `GITHUB_TOKEN=ghp_…` is found by `github-pat` and again by the generic
   * assignment rule: W4 +7-10%. Only the latest few matches are looked at: a miss merely runs the checks.
   */
  function covered(out: readonly SecretMatch[], start: number, end: number): boolean {
    for (let i = out.length - 1; i >= 0 && i >= out.length - COVER_LOOKBACK; i--) {
      const m = out[i] as SecretMatch;
      if (m.start <= start && end <= m.end) return true;
    }
    return false;
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
    for (let h = first; h < end; h++) {
      const at = positions[h] as number;
      if (at < last) continue; // inside the previous match
      const k = h - first;
      let any = true; // the peers' union, where it was tried, matches here
      if (tag !== 0 && answered[k] === tag) {
        if (canMatch[k] === 0) continue; // a peer found none of the group can match here
      } else {
        if (gate !== undefined) {
          // Searched from the key's end: from the hit, the first characters read were the key's own letters,
          // and a key of four or more sent every search on to the regex (1 MB of `xray=`: two regex calls a hit).
          const from = at + gate.after;
          const limit = at + gate.within + 1;
          if (reached < from || (!isGate && reached < limit)) {
            const x = Math.max(from, reached);
            const none = knownNone(gSlot, n);
            // Past this hit's reach only when the next hit lies inside it, so that what the search learns
            // serves that one too (1 MB of `twitter `: one search to the text's end turns every hit away). In
            // prose the next gate character is ~100 characters on and the next hit further: reading on to
            // it served no later hit.
            const stop = h + 1 < end && (positions[h + 1] as number) < limit ? none : Math.min(limit, none);
            reached = x >= stop ? NO_GATE : gate.find(text, x, stop);
            if (reached === NO_GATE) {
              if (stop === none) noteNone(gSlot, x, n);
              else reached = stop; // none before `stop`, which is past this hit's reach
            }
            isGate = reached < limit;
          }
          if (!isGate || reached >= limit) {
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
        re.lastIndex = at;
        const m = re.exec(text);
        if (m !== null) {
          last = at + m[0].length;
          take(rule, text, m, out, filter);
          continue;
        }
      }
      if (failed === 0) since = at;
      if (++failed === DENSE_FAILS) {
        if (at - since < DENSE_FAILS * DENSE_SPAN)
          return searchOn(rule, text, positions, h + 1, end, out, filter);
        failed = 0;
      }
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
      else if (m[0].length > 0) take(rule, text, m, out, filter);
      else re.lastIndex = (positions[h++] as number) + 1; // no anchored rule matches nothing, but it must not stall
    }
  }

  /** A match of `rule`: its secret, if it passes the checks and no earlier match holds it, goes to `out`. */
  function take(
    rule: CompiledRule,
    text: string,
    m: RegExpExecArray,
    out: SecretMatch[],
    filter: MatchFilter | undefined,
  ): void {
    if (rule.gate !== undefined && splitsWord(rule.gate.key, text, m.index)) return;
    let s = m.index;
    let e = s + m[0].length;
    if (rule.secretGroup > 0) {
      const span = secretSpan(rule, m);
      if (span === undefined) return;
      s = span[0];
      e = span[1];
    }
    // A match that went on over a run of value characters holds every later hit inside that run: covered.
    if (e <= s || inCode(rule, text, e) || covered(out, s, e)) return;
    if (!judge(rule, text.slice(s, e), filter)) return;
    // The part the regex read decides; the rest of a longer value goes with it (see `SecretRule.continues`).
    if (rule.continues !== undefined) {
      rule.continues.lastIndex = e;
      if (rule.continues.test(text)) e = rule.continues.lastIndex;
    }
    out.push({ start: s, end: e, rule });
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
            if (
              e > s &&
              !inCode(rule, slice, e) &&
              !covered(out, start + s, start + e) &&
              judge(rule, slice.slice(s, e), filter)
            )
              found.push({ start: start + s, end: start + e, rule });
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

  function scan(text: string, modes?: ArrayLike<number>, filter?: MatchFilter): SecretMatch[] {
    if (text.length < 4) return [];
    scans++; // a plain number: 2^53 scans away from repeating
    judged = 0;
    remembered = 0;
    verdicts = undefined;
    const hits = findHits(text, modes);
    if (hits === undefined) return [];
    const raw: SecretMatch[] = [];
    for (let j = 0; j < hits.count; j++)
      runRule(compiled[hits.triggered[j] as number] as CompiledRule, text, hits, raw, filter);
    // Its keys are slices of the text, which would keep the whole text alive until the next scan.
    verdicts = undefined;
    for (let j = 0; j < raw.length; j++) raw[j] = wholeClusters(text, raw[j] as SecretMatch);
    return mergeMatches(raw);
  }

  const byId = new Map(compiled.map((r) => [r.id, r] as const));
  return Object.freeze({ rules: Object.freeze(compiled), byId, scan });
}

/**
 * Words in camelCase, three or more and no digit (`searchConfluenceUsingCql`): a name in code, not a value, after
 * a key that only names a provider (`getPagesInConfluenceSpace,searchConfluenceUsingCql`). Only assignment
 * rules (those with a gate) skip them: a value a format defines by itself may be letters only.
 */
const CAMEL_WORDS = /^(?:[a-z]{1,20}|[A-Z][a-z]{1,20})(?:[A-Z][a-z]{1,20}){2,8}$/;

/** Candidates a scan judges before it remembers verdicts (see `judge`): most texts have a few. */
const JUDGE_ALONE = 64;
/**
 * An anchored rule goes on by one global search (see `searchOn`) once this many attempts of its regex failed
 * at fewer than `DENSE_SPAN` characters apart on average: never in prose or logs, where hits are far apart and
 * most are passed over before the regex.
 */
const DENSE_FAILS = 256;
const DENSE_SPAN = 32;
/** Verdicts a scan remembers at most: a bound on its memory, whatever the text. */
const VERDICTS_MAX = 4096;

/** How many of the latest matches `covered` looks at. */
const COVER_LOOKBACK = 4;

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * What may follow a character as part of the same grapheme: combining marks, emoji modifiers, joiners,
 * variation selectors, tag characters, and the pictograph a ZWJ joins on. Sticky, tried where a match ends.
 */
const CLUSTER_TAIL =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: joiners and selectors are matched one by one on purpose
  /(?:[\p{M}\p{Emoji_Modifier}\u200C\u200D\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{E0100}-\u{E01EF}]|(?<=\u200D)\p{Extended_Pictographic})+/uy;

/** Is the secret ending at `end` followed by a character that shows it is code (see `SecretRule.notBefore`)? */
function inCode(rule: CompiledRule, text: string, end: number): boolean {
  const re = rule.notBefore;
  if (re === undefined) return false;
  re.lastIndex = end;
  return re.test(text);
}

/**
 * The match widened so that it neither starts inside a surrogate pair nor ends inside a grapheme. Rules count
 * UTF-16 units (`{8,500}` without the `u` flag), so a length cap can stop between the halves of an emoji or
 * between a flag's black flag and its tag characters; the mask would then leave a lone surrogate or stray
 * tags behind it, which no output may carry and which the next pass would remove.
 */
function wholeClusters(text: string, m: SecretMatch): SecretMatch {
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
 * Keyword hits of one scan, as parallel arrays grown on demand and reused by the next scan of the same
 * registry (scans are synchronous, so one buffer per registry is never shared by two scans at once).
 */
interface HitBuffer {
  count: number;
  at: Int32Array;
  keyword: Int32Array;
}

/** Is code unit `u` the ASCII letter whose folded (`| 0x20`) code is `c`? */
const isFolded = (u: number, c: number): boolean => u < 128 && (u | 0x20) === c;

/** Records one hit of keyword `k` at `at`, growing the buffer when full. */
function pushHit(buf: HitBuffer, at: number, k: number): void {
  if (buf.count === buf.at.length) {
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    buf.at = grow(buf.at);
    buf.keyword = grow(buf.keyword);
  }
  buf.at[buf.count] = at;
  buf.keyword[buf.count] = k;
  buf.count++;
}

/**
 * How common a folded character code is in prose and logs (rough letter frequencies, in percent): used only
 * to pick the four characters (three for a short keyword) the scanner looks for each keyword by.
 */
const COMMONNESS: Readonly<Record<string, number>> = {
  ' ': 15,
  e: 12,
  t: 9,
  a: 8,
  o: 7.5,
  i: 7,
  n: 7,
  s: 6.3,
  h: 6,
  r: 6,
  d: 4.2,
  l: 4,
  c: 2.8,
  u: 2.8,
  m: 2.4,
  w: 2.4,
  f: 2.2,
  g: 2,
  y: 2,
  p: 1.9,
  b: 1.5,
  v: 1,
  k: 0.8,
  j: 0.15,
  x: 0.15,
  q: 0.1,
  z: 0.07,
};
const commonness = (code: number): number =>
  COMMONNESS[String.fromCharCode(code)] ?? (code >= 0x30 && code <= 0x39 ? 0.5 : 0.3);

/**
 * How bad a choice the `width` characters of a keyword's folded `codes` from `o` are to look for it by, given
 * how many keywords hold them: fewest holders first, then rarest characters (a rarity is below 15^4, a space
 * four times). A window of one repeated character comes last: runs (`-----`, `=====`, `_____`) are what
 * separators and padding are made of, whatever the character's frequency in prose. Keyed on `----`,
 * `private key-----` made a candidate at every dash of a markdown rule, and at every unit of a text whose low
 * bytes are 0x2D (`中` repeated): 1 MB of either took 20 ms to scan, 2 ms keyed otherwise.
 */
export function windowScore(codes: Int32Array, o: number, width: number, holders: number): number {
  let rarity = 1;
  let repeated = true;
  for (let j = o; j < o + width; j++) {
    rarity *= commonness(codes[j] as number);
    if (codes[j] !== codes[o]) repeated = false;
  }
  return (repeated ? 1e12 : 0) + holders * 1e6 + rarity;
}

interface Anchored {
  /** The keyword's folded codes. */
  readonly codes: Int32Array;
  /** Where the looked-for trigram starts inside the keyword. */
  readonly offset: number;
  readonly k: number;
  /** For a keyword of one repeated character: its slot in the run state; else -1. */
  readonly run: number;
}

/** Keywords the scanner's main pass finds: two or more characters, all ASCII. The rest go to a regex. */
function isAsciiKeyword(word: string): boolean {
  if (word.length < 2) return false;
  for (let j = 0; j < word.length; j++) if (word.charCodeAt(j) >= 128) return false;
  return true;
}

/**
 * How many keywords hold each window of three and four characters of any keyword. A keyword inside another
 * (`private_key` in `private_key_id`) counts in all its own windows alike, so it does not change which of them
 * is fewest.
 */
function windowCounts(lowered: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of lowered) {
    const windows = new Set<string>();
    for (let o = 0; o + 3 <= word.length; o++) {
      windows.add(word.slice(o, o + 3));
      if (o + 4 <= word.length) windows.add(word.slice(o, o + 4));
    }
    for (const w of windows) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
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

/** Keywords per trigram bucket, where a keyword has another choice of trigram. */
const BUCKET_LIMIT = 4;

/** Fibonacci hashing multiplier for the bucket table. */
const HASH = 0x9e3779b1 | 0;

/** Texts at least this long are scanned by the window pass; below it the copy's fixed cost (~50 ns) is more. */
const COPY_MIN = 128;

/**
 * The keyword prefilter: one pass over the text's char codes (over their low bytes in WebAssembly for long
 * texts, see `window-pass.ts`) with a three-character window (ASCII letters folded to lower case, see
 * `fold7`) looked up in a table of a byte a window. Each keyword is represented by four of its characters, the
 * ones the fewest other keywords hold and of those the rarest, not its first, so `token` or `server=` do not
 * stop the loop at every `to` or `se`: a window of the first three in the table is confirmed by a second
 * table, a bitmap of that window and the character after it, and only then are the few keywords of that
 * window checked exactly. (`vercel` is looked for as `verc`: `ver` alone is in every `server` and `over`.)
 * Two-letter keywords set their pair after every first character, three-letter ones pass the second table
 * whatever follows. Measured on 10 MB of logs and prose, the windows chosen this way and looked up in a
 * bitmap made the scan ~2x the design before (a 4 MiB table of first trigrams, whose cache misses dominated;
 * the byte table now is read four windows at a time, by loads that do not wait on each other), and the second
 * table cut the windows checked exactly from 21.6 to 7.8 per 1,000 characters of W1 (the scan ~12% faster).
 * Keywords with non-ASCII go through a small regex.
 *
 * A keyword of one repeated character occurs at every position of a run of it (1 MB of `a` is a million
 * occurrences), so it is tracked as a run instead of checked letter by letter, and its hits are thinned to
 * one per `thinStep[k]` characters plus the last of each run when the step is not 0.
 *
 * No hit is reported right after a character its keyword's rules all refuse (`refused`, see `refusedBefore`),
 * and that is looked at before the keyword is checked: 1 MB of `EAAA` made 500,000 checks and hits of which one
 * could match.
 */
function createKeywordScanner(
  keywords: readonly string[],
  thinStep: readonly number[],
  refused: Uint8Array,
): (text: string, buf: HitBuffer) => void {
  // The tables live in the window pass's memory when there is one, so that both passes read one copy.
  const pass = createWindowPass();
  const { first: keyWindow, follow } = pass ?? windowTables();
  const setBit = (table: Int32Array, g: number): void => {
    table[g >> 5] = (table[g >> 5] as number) | (1 << (g & 31));
  };
  /** Any character may follow window `g` (a keyword ends with it). */
  const followAny = (g: number): void => {
    for (let next = 0; next < 128; next++) setBit(follow, followerOf(g, next));
  };
  const buckets = new Map<number, Anchored[]>();
  const other: number[] = [];
  const runs: Anchored[] = [];
  const add = (g: number, entry: Anchored): void => {
    keyWindow[g] = 1;
    const list = buckets.get(g);
    if (list) list.push(entry);
    else buckets.set(g, [entry]);
  };
  const held = windowCounts(keywords.map((w) => w.toLowerCase()));
  for (let k = 0; k < keywords.length; k++) {
    const word = keywords[k] as string;
    if (!isAsciiKeyword(word)) {
      other.push(k);
      continue;
    }
    const codes = new Int32Array(word.length);
    for (let j = 0; j < word.length; j++) codes[j] = fold7(word.charCodeAt(j));
    if (word.length >= 3 && codes.every((c) => c === codes[0])) {
      // Reported where an occurrence ends, so that a run is followed from its first full occurrence on.
      const entry = { codes, offset: word.length - 3, k, run: runs.length };
      runs.push(entry);
      const c = codes[0] as number;
      const g = windowOf(c, c, c);
      add(g, entry);
      followAny(g);
      continue;
    }
    if (word.length === 2) {
      // The window holds any first character (or the text start) before the pair.
      const [c0, c1] = codes as unknown as [number, number];
      for (let before = 0; before < 128; before++)
        add(windowOf(before, c0, c1), { codes, offset: -1, k, run: -1 });
      followAny(windowOf(0, c0, c1));
      continue;
    }
    // Four characters (three for a three-letter keyword) held by the fewest other keywords, and of those the
    // rarest by letter frequency, among windows whose bucket is not full. Every window of a bucket's trigram
    // checks all its keywords: twenty keywords ending in `_key` once shared one, so that `private_key=`
    // repeated cost 20 checks per occurrence; and five `priv…` keywords (`private key`, `private_ai`, ...)
    // looked for by `priv` made every `private_key` five more checks. A keyword's own text is what an
    // adversarial input repeats, so it should make a candidate of that keyword alone.
    const width = Math.min(4, word.length);
    const trigramAt = (o: number): number =>
      windowOf(codes[o] as number, codes[o + 1] as number, codes[o + 2] as number);
    let offset = -1;
    let best = Number.POSITIVE_INFINITY;
    let fallback = 0;
    let fallbackScore = Number.POSITIVE_INFINITY;
    for (let o = 0; o + width <= word.length; o++) {
      const score = windowScore(codes, o, width, held.get(word.slice(o, o + width).toLowerCase()) as number);
      if (score < fallbackScore) {
        fallbackScore = score;
        fallback = o;
      }
      if (score < best && (buckets.get(trigramAt(o))?.length ?? 0) < BUCKET_LIMIT) {
        best = score;
        offset = o;
      }
    }
    if (offset < 0) offset = fallback;
    const g = trigramAt(offset);
    add(g, { codes, offset, k, run: -1 });
    if (width === 4) setBit(follow, followerOf(g, codes[offset + 3] as number));
    else followAny(g);
  }
  // The buckets as an open-addressing table over flat typed arrays: bucket `at` is entries `first[at]` to
  // `first[at] + count[at] - 1`, entry `e` keyword `entK[e]`, its folded codes at `allCodes[entCode[e]…]`. A
  // `Map` lookup per candidate window was a fifth of the scan, and then arrays of objects with a typed array
  // each still cost ~100 ns a window, mostly in cache misses. Only windows whose bit is set are looked up,
  // and those are all present, so a probe always ends.
  let slots = 1024;
  while (slots < buckets.size * 4) slots *= 2;
  const shift = 32 - Math.log2(slots);
  const slotMask = slots - 1;
  const slotKey = new Int32Array(slots).fill(-1);
  const first = new Int32Array(slots);
  const count = new Int32Array(slots);
  const entryCount = [...buckets.values()].reduce((sum, list) => sum + list.length, 0);
  const entK = new Int32Array(entryCount);
  const entOffset = new Int32Array(entryCount);
  const entLen = new Int32Array(entryCount);
  const entRun = new Int32Array(entryCount);
  const entCode = new Int32Array(entryCount);
  const runOnly = new Uint8Array(slots); // 1: every keyword of the bucket is a run keyword
  const allCodes = new Uint8Array([...buckets.values()].flat().reduce((sum, a) => sum + a.codes.length, 0));
  let entry = 0;
  let code = 0;
  for (const [g, list] of buckets) {
    let at = Math.imul(g, HASH) >>> shift;
    while (slotKey[at] !== -1) at = (at + 1) & slotMask;
    slotKey[at] = g;
    first[at] = entry;
    count[at] = list.length;
    runOnly[at] = list.every((kw) => kw.run >= 0) ? 1 : 0;
    for (const kw of list) {
      entK[entry] = kw.k;
      entOffset[entry] = kw.offset;
      entLen[entry] = kw.codes.length;
      entRun[entry] = kw.run;
      entCode[entry] = code;
      allCodes.set(kw.codes, code);
      code += kw.codes.length;
      entry++;
    }
  }

  const otherRegex =
    other.length > 0
      ? new RegExp(other.map((k) => escapeRegex(keywords[k] as string)).join('|'), 'gi')
      : undefined;
  const otherIndex = new Map(other.map((k) => [keywords[k] as string, k] as const));

  // Per run keyword, for the scan in progress: where the verified run starts and ends, the last hit reported,
  // and the latest occurrence not reported yet (-1: none).
  const runStart = new Int32Array(runs.length);
  const runEnd = new Int32Array(runs.length);
  const reported = new Int32Array(runs.length);
  const pending = new Int32Array(runs.length);
  /**
   * Whether a scan has touched the run state since it was last reset: most texts meet no run keyword, and
   * resetting three arrays and flushing every run for every string made W4's ten short fields 5.3 us, not 4.4.
   */
  let runsTouched = true;
  const flush = (r: number, buf: HitBuffer): void => {
    const at = pending[r] as number;
    if (at < 0) return;
    pushHit(buf, at, (runs[r] as Anchored).k);
    reported[r] = at;
    pending[r] = -1;
  };
  // Keywords that refuse any character at all: the others' hits are not looked behind.
  const refuses = new Uint8Array(keywords.length);
  for (let k = 0; k < keywords.length; k++)
    refuses[k] = refused.subarray(k << 7, (k + 1) << 7).includes(1) ? 1 : 0;
  /** Whether no rule of keyword `k` can start at `s` in `text`, for the character before it. */
  const refusedAt = (text: string, s: number, k: number): boolean => {
    if (refuses[k] === 0 || s === 0) return false;
    const before = text.charCodeAt(s - 1);
    return before < 128 && refused[(k << 7) | before] === 1;
  };

  /**
   * Candidate end `i` of an occurrence of run keyword `kw`. The first candidate in a run reads the run to its
   * end and reports it whole: every occurrence, or one per `thinStep` characters and the last; the pass then
   * makes a candidate at every unit of the run (1 MB of `A`), and those after the first return at once.
   */
  const runHit = (kw: Anchored, text: string, i: number, buf: HitBuffer): void => {
    const r = kw.run;
    if (i <= (runEnd[r] as number) && i >= (runStart[r] as number)) return; // in the run read last
    const c = kw.codes[0] as number;
    if (!isFolded(text.charCodeAt(i), c)) return;
    runsTouched = true;
    // A new run: the previous one's last occurrence goes out, and this one is measured back (at most len)
    // and on to its end.
    flush(r, buf);
    const len = kw.codes.length;
    let start = i;
    while (start > 0 && i - start + 1 < len && isFolded(text.charCodeAt(start - 1), c)) start--;
    let end = i + 1;
    while (end < text.length && isFolded(text.charCodeAt(end), c)) end++;
    runStart[r] = start;
    runEnd[r] = end - 1;
    // Occurrences start at `start` to `end - len`; the same choice per start as one candidate at a time made.
    const step = thinStep[kw.k] as number;
    const last = end - len;
    let rep = reported[r] as number;
    let pend = -1;
    for (let s = start; s <= last; ) {
      if (step === 0 || rep < 0 || s - rep >= step) {
        // A refusing keyword's rules are all tried at hits, so its step is 0: no occurrence is held back.
        if (!refusedAt(text, s, kw.k)) pushHit(buf, s, kw.k);
        rep = s;
        pend = -1;
        s++;
      } else {
        // Starts before `rep + step` are held back: only the last of them goes out, at the run's end.
        pend = Math.min(rep + step - 1, last);
        s = pend + 1;
      }
    }
    reported[r] = rep;
    pending[r] = pend;
  };

  // Windows `skipG` up to `skipTo` need no look: when every keyword of a bucket is a run keyword, each such
  // window inside the run just read would find that run read already. 1 MB of `A` is a million windows `aaa`,
  // and each one looked its bucket up to learn that.
  let skipG = -1;
  let skipTo = -1;

  /** Window `g` ends at `i` and passed both tables: its bucket's keywords, checked against the text. */
  const candidate = (text: string, n: number, i: number, g: number, buf: HitBuffer): void => {
    if (g === skipG && i <= skipTo) return;
    let at = Math.imul(g, HASH) >>> shift;
    while (slotKey[at] !== g) at = (at + 1) & slotMask;
    const onlyRuns = runOnly[at] === 1;
    if (onlyRuns) {
      skipG = g;
      skipTo = n;
    }
    for (let e = first[at] as number, end = e + (count[at] as number); e < end; e++) {
      const run = entRun[e] as number;
      if (run >= 0) {
        runHit(runs[run] as Anchored, text, i, buf);
        if (onlyRuns) skipTo = Math.min(skipTo, runEnd[run] as number);
        continue;
      }
      const len = entLen[e] as number;
      const s = i - 2 - (entOffset[e] as number);
      if (s < 0 || s + len > n || refusedAt(text, s, entK[e] as number)) continue;
      const codeAt = entCode[e] as number;
      let j = 0;
      for (; j < len; j++) {
        const u = text.charCodeAt(s + j);
        if (u >= 128 || (u | 0x20) !== allCodes[codeAt + j]) break;
      }
      if (j === len) pushHit(buf, s, entK[e] as number);
    }
  };

  /**
   * The pass over the characters themselves, for short texts (and every text where WebAssembly cannot run,
   * see `window-pass.ts`). A non-ASCII unit is read by its low seven bits, as an ASCII one: such windows can
   * only be false candidates, which the exact check rejects, and the loop saves a branch per character.
   */
  const scanChars = (text: string, n: number, buf: HitBuffer): void => {
    let g = START_WINDOW;
    for (let i = 0; i < n; i++) {
      g = nextWindow(g, fold7(text.charCodeAt(i)));
      if (keyWindow[g] === 0) continue;
      // Past the end, a space (reading there would deoptimise the loop).
      const g2 = followerOf(g, i + 1 < n ? fold7(text.charCodeAt(i + 1)) : 0x20);
      if (((follow[g2 >> 5] as number) & (1 << (g2 & 31))) === 0) continue;
      candidate(text, n, i, g, buf);
    }
  };

  /** The same pass in WebAssembly (see `window-pass.ts`), a chunk at a time, each candidate checked here. */
  const scanChunks = (pass: WindowPass, text: string, n: number, buf: HitBuffer): void => {
    const { at, window } = pass;
    for (let base = 0; base < n; base += CHUNK) {
      const count = pass.chunk(text, base);
      for (let c = 0; c < count; c++) candidate(text, n, base + (at[c] as number), window[c] as number, buf);
    }
  };

  return function scanKeywords(text: string, buf: HitBuffer): void {
    const n = text.length;
    skipG = -1;
    if (runsTouched) {
      runEnd.fill(-2);
      reported.fill(-1);
      pending.fill(-1);
      runsTouched = false;
    }
    if (pass !== undefined && n >= COPY_MIN) scanChunks(pass, text, n, buf);
    else scanChars(text, n, buf);
    if (runsTouched) for (let r = 0; r < runs.length; r++) flush(r, buf);
    if (otherRegex) {
      const re = otherRegex; // scans do not nest: no copy per scan
      re.lastIndex = 0;
      let m = re.exec(text);
      while (m !== null) {
        const k = otherIndex.get(m[0].toLowerCase());
        if (k !== undefined && !refusedAt(text, m.index, k)) pushHit(buf, m.index, k);
        re.lastIndex = m.index + 1;
        m = re.exec(text);
      }
    }
  };
}
