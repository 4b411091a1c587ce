/**
 * @module rules/assignments
 * `<key> = <value>`: the assignment shape rules are written with (`ASSIGN`, `keyed`), and the gate that marks
 * such a rule (`gated`): the operator that must follow its key, so that the scan skips a keyword hit with none
 * in reach without running the regex. Prose says `token` and `bot` all the time.
 */

import { escapeRegex } from '../core/regex.js';
import { literalPrefixes } from './prefixes.js';

/** Between an operator and its value: quotes, a backslash escaping one, spaces, all on the operator's line. */
export const VALUE_LEAD = `[ \\t'"\`\\\\]{0,5}`;

/** A string type declared between a name and its `=`: no longer than the 12 spaces or quotes it stands for. */
const TYPED = `\\s{1,2}string\\s{1,2}|\\s{0,2}:\\s{0,2}(?:string|&?str)\\s{1,2}`;

/**
 * Assignment between a key and its value: `=`, `:`, `:=`, `=>`, `.=`, Make's `::=`, `:::=`, `?=` and `+=`, the
 * logical assignments `||=`, `??=` and `&&=` (Ruby's `ENV['API_SECRET'] ||= '…'`), after a quoted subscript
 * too (`os.environ["SERVICE_TOKEN"] = "…"`, `$config['db_password'] = '…'`; only after a quote, so that a mask's
 * own label, `[REDACTED:gitlab-scim-token]:`, is no key), or
 * `"KEY", "value")` (a setProperty call: the comma only between quoted strings closed by `)`, so
 * `"auth","token_uri":` is no assignment). A declared string type may stand between the name and the operator
 * (Go's `var apiToken string = …`, `token: string = …`). Quotes may be backslash-escaped: JSON text inside a
 * JSON string (`{\"token\": \"…\"}`) is what many tools return. The value starts on the operator's line:
 * after `GITHUB_API_KEY=` left empty, the next line is the next assignment.
 */
export const ASSIGN = `(?:(?:[\\s'"\`\\\\]{0,12}|["']\\][ \\t]{0,4}|${TYPED})(?:=>|:{1,3}=|(?:[.?+]|\\|\\||\\?\\?|&&)=|[=:])|['"]\\s{0,2},\\s{0,2}(?=['"][^'"\\s]{1,500}['"]\\s{0,2}\\)))${VALUE_LEAD}`;

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
  /** The text's end stands for a gate character: a line's end after a value that may end the text. */
  readonly endsText: boolean;
  /**
   * The keys hold a look-ahead (`bot(?!h)`), so a keyword hit may be no key (`both`): `key` is tried at the hit
   * before the gate is searched, by the keyword pass where it can (see `keysFirst` in the registry), else by
   * the rule. W1's prose says `both` 8,000 times, and each sent the bot-token rules on to their gate search
   * and, where a `,` or `=` came near, to their regex (2.4 ms a call).
   */
  readonly keyFirst: boolean;
}

/**
 * What a gate's search returns when no gate character follows: past every hit by more than any `within`, so
 * every later hit is skipped. (The text's length, returned before, let a hit near the end of a short text
 * through to its regex: every URL without userinfo ran `url-password` in full.) Below 2^30, a small integer.
 */
export const NO_GATE = 2 ** 30 - 1;

/** Regexes marked by `gated`. */
const GATES = new WeakMap<RegExp, Gate>();

/** The gate `gated` marked `re` with, if any. */
export function gateOf(re: RegExp): Gate | undefined {
  return GATES.get(re);
}

/**
 * The search for a set of characters. One character is `indexOf`, several a table read over the first
 * `GATE_NEAR` characters and then a global regex (scans do not nest, so one regex per gate is enough): where the gate
 * character follows every hit (`hec-token` repeated), a regex call per hit cost more than the regex it was
 * there to save.
 */
const FINDERS = new Map<string, Gate['find']>();
/**
 * How many characters a set's search reads one by one before it hands over to its regex: the operator right
 * after a key. Further on the regex reads faster than a hand loop, the call included: W1's 49,600 gate
 * searches of ~36 characters each (`token`, `bot` in prose) took 5.7 ms read by hand for 64 characters and
 * 4.1 ms with the regex after 4.
 */
const GATE_NEAR = 4;
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

/**
 * The search for `char` where one of `next` follows it (`:` then a space or a tab, as a message's colon has
 * it): a hand loop over `indexOf`, where a pattern gate's regex read each character of a hit's reach. A
 * log's times (`10:22:31`) hold colons that a set of one character would stop at.
 */
export function charBefore(char: string, next: string): Gate['find'] {
  const codes = [...next].map((c) => c.charCodeAt(0));
  return (text, from, end = text.length) => {
    const within = upTo(text, end);
    for (let i = within.indexOf(char, from); i >= 0; i = within.indexOf(char, i + 1)) {
      if (codes.includes(text.charCodeAt(i + 1))) return i;
    }
    return NO_GATE;
  };
}

function newFinder(chars: string): Gate['find'] {
  if (chars.length === 1) {
    return (text, from, end = text.length) => {
      const i = upTo(text, end).indexOf(chars, from);
      return i < 0 ? NO_GATE : i;
    };
  }
  if ([...chars].some((c) => c.charCodeAt(0) >= 128)) {
    // Characters outside ASCII (a full-width colon, 是): read unit by unit to the reach's end.
    const codes = new Set([...chars].map((c) => c.charCodeAt(0)));
    return (text, from, end = text.length) => {
      for (let i = from; i < end; i++) if (codes.has(text.charCodeAt(i))) return i;
      return NO_GATE;
    };
  }
  const set = new RegExp(`[${escapeRegex(chars)}]`, 'g');
  const isGate = new Uint8Array(128);
  for (const c of chars) {
    const code = c.charCodeAt(0);
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
 * of `chars` (by default `=`, `:`, `,`, `>`), or a match of `chars` when it is a regex (or what a search of
 * the gate's own finds, such as `charBefore`'s), after its key and
 * starting at most `afterKey` characters after the longest key. Scanned as
 * an anchored rule, a keyword hit with none of them that close is skipped without running the regex: prose
 * says `token` and `bot` all the time, and each attempt walked the bounded gaps after the keyword to their
 * ends (1 MB of `bot` repeated: 100 ms). Only anchored rules use a gate (windowed ones scan whole windows):
 * a test checks every gated rule is anchored. Keys must be literal alternatives (see `literalPrefixes`): a
 * rule whose keys could not be read to their end lost its gate and, with it, the checks only gated rules get
 * (a `.` in a name once did), so such keys throw when the rules load. With `endsText`, a hit whose reach runs
 * past the text's end is tried without one (`chars` a line break, before a value that may be the text's last
 * line).
 */
export function gated(
  re: RegExp,
  keys: string,
  afterKey: number,
  chars: string | RegExp | Gate['find'] = '=:,>',
  endsText = false,
): RegExp {
  const lengths = keyLengths(keys);
  if (lengths === undefined) throw new Error(`gated: keys are no literal alternatives: ${keys.slice(0, 80)}`);
  GATES.set(re, {
    endsText,
    after: lengths.shortest,
    within: lengths.longest + afterKey,
    find:
      typeof chars === 'string'
        ? finder(chars)
        : typeof chars === 'function'
          ? chars
          : search(chars, lengths.longest + afterKey - lengths.shortest),
    key: new RegExp(`(?:${keys})`, 'iy'),
    keyFirst: /\(\?[=!]/.test(keys),
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
export function splitsWord(key: RegExp, text: string, at: number): boolean {
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
