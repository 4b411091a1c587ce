/**
 * @module rules/prefixes
 * Reads what a regex source implies about its matches. Mainly the literal texts every match starts with, used
 * twice by the registry: a rule all of whose texts start with one of its keywords can be tried at its keyword
 * hits (anchored) instead of across windows around them, and a key pattern read to its end has a longest
 * length, which bounds how far after a hit an assignment's operator can be (gates). Also a token's
 * lengths (one or a range) and closing boundary (`tokenEnd`) and the capturing group that ends a match
 * (`endGroup`).
 *
 * It knows literal characters, escaped punctuation, small character classes (`[_-]`, `[sr]`), optional items
 * (`x?`), groups of alternatives (nested, capturing or not) and zero-width assertions (`\b`, look-arounds,
 * which only narrow what matches). Anything else ends the reading where it stands, so the texts are then
 * prefixes that still hold: the answer is conservative, never a guess.
 */

/**
 * More texts than this and the reading stops: `[a-f][0-9]` spelt out is not worth having. The generic
 * rule's secret names are one list of literals, 80 of them.
 */
const LIMIT = 96;

/** A class with more characters than this ends the reading (`[a-z]` is no literal). */
const CLASS_LIMIT = 8;

export interface Prefixes {
  /** Every match starts with one of these (in the regex's own case; `['']` when nothing is known). */
  readonly texts: readonly string[];
  /** The whole source was read: the texts are then all the strings it matches. */
  readonly complete: boolean;
}

interface Read {
  texts: string[];
  complete: boolean;
  /** Where the reading stopped: an item it did not read, a `|` or `)` ending a sequence, or the end. */
  end: number;
}

/**
 * @example
 * literalPrefixes('(?:linked[_-]?in)=(\\w+)').texts; // ['linkedin', 'linked_in', 'linked-in']
 * literalPrefixes('heroku|cf_api'); // { texts: ['heroku', 'cf_api'], complete: true }
 */
export function literalPrefixes(src: string): Prefixes {
  const read = readAlternatives(src, 0);
  const complete = read.complete && read.end === src.length;
  return { texts: read.texts, complete };
}

/** The alternatives from `i` to the `)` that closes them (or the end); `end` is at that `)`. */
function readAlternatives(src: string, i: number): Read {
  const texts = new Set<string>();
  let complete = true;
  for (;;) {
    const seq = readSequence(src, i);
    for (const t of seq.texts) texts.add(t);
    let end = seq.end;
    if (!seq.complete) {
      complete = false;
      end = alternativeEnd(src, end);
      if (end < 0) return { texts: [''], complete: false, end: src.length };
    }
    if (texts.size > LIMIT) return { texts: [''], complete: false, end: alternativeEnd(src, end) };
    if (src[end] === '|') {
      i = end + 1;
      continue;
    }
    return { texts: [...texts], complete, end };
  }
}

/** One alternative: items in turn until a `|` or `)`, or an item that cannot be read. */
function readSequence(src: string, start: number): Read {
  let texts = [''];
  let i = start;
  const stop = (): Read => ({ texts, complete: false, end: i });
  while (i < src.length) {
    const c = src[i];
    if (c === '|' || c === ')') return { texts, complete: true, end: i };
    if (c === '\\' && (src[i + 1] === 'b' || src[i + 1] === 'B')) {
      i += 2;
      continue;
    }
    if (isLookaround(src, i)) {
      const end = groupEnd(src, i);
      if (end < 0) return stop();
      i = end;
      continue;
    }
    const item = readItem(src, i);
    if (item === undefined) return stop();
    let options = item.texts;
    let next = item.end;
    let last = !item.complete;
    const q = src[next];
    if (q === '?') {
      options = [...options, ''];
      next++;
      if (src[next] === '?') next++; // lazy
    } else if (q === '+' || (q === '{' && /^\{0*[1-9]/.test(src.slice(next, next + 4)))) {
      last = true; // at least once: one copy is certain, what follows is not
    } else if (q === '*' || q === '{') {
      return stop(); // may be absent
    }
    const product: string[] = [];
    for (const t of texts) for (const o of options) product.push(t + o);
    if (product.length > LIMIT) return stop();
    texts = product;
    i = next;
    if (last) return stop();
  }
  return { texts, complete: true, end: i };
}

interface Item {
  readonly texts: string[];
  /** False for a group read only in part: its texts are prefixes. */
  readonly complete: boolean;
  readonly end: number;
}

/** A literal character, a small class or a group at `i`; undefined when it is none of those. */
function readItem(src: string, i: number): Item | undefined {
  const c = src[i] as string;
  if (c === '\\') {
    const d = src[i + 1] ?? '';
    return isPunctuation(d) ? { texts: [d], complete: true, end: i + 2 } : undefined;
  }
  if (c === '[') return readClass(src, i);
  if (c === '(') {
    let body = i + 1;
    if (src.startsWith('?:', body)) body += 2;
    else if (src[body] === '?') return undefined; // named group or other syntax: not worth reading
    const group = readAlternatives(src, body);
    if (src[group.end] !== ')') return undefined;
    return { texts: group.texts, complete: group.complete, end: group.end + 1 };
  }
  if ('^$.|?*+{}'.includes(c)) return undefined;
  return { texts: [c], complete: true, end: i + 1 };
}

/** A class of at most CLASS_LIMIT characters, spelt out; undefined for negated, escaped-letter or large ones. */
function readClass(src: string, open: number): Item | undefined {
  if (src[open + 1] === '^') return undefined;
  const chars = new Set<string>();
  let i = open + 1;
  while (i < src.length && src[i] !== ']') {
    let c = src[i] as string;
    if (c === '\\') {
      c = src[i + 1] ?? '';
      if (!isPunctuation(c)) return undefined;
      i++;
    }
    i++;
    if (src[i] === '-' && src[i + 1] !== ']' && i + 1 < src.length) {
      const to = src[i + 1] as string;
      if (to === '\\') return undefined;
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++) {
        chars.add(String.fromCharCode(code));
        if (chars.size > CLASS_LIMIT) return undefined;
      }
      i += 2;
    } else {
      chars.add(c);
    }
    if (chars.size > CLASS_LIMIT) return undefined;
  }
  if (src[i] !== ']' || chars.size === 0) return undefined;
  return { texts: [...chars], complete: true, end: i + 1 };
}

/** Escapes that stand for the character itself (`\.`, `\-`, `\$`), not for a class (`\w`) or a code. */
const isPunctuation = (c: string): boolean =>
  c.length === 1 && /[-./_:~@#%&=!,'"`\s$\\^*+?()[\]{}|<>;]/.test(c);

/** Index of the `|` or `)` that ends the alternative `i` is in (or the source's end); -1 when unbalanced. */
function alternativeEnd(src: string, i: number): number {
  let depth = 0;
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') {
      i = classEnd(src, i);
      if (i < 0) return -1;
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (c === '|' && depth === 0) return i;
  }
  return depth === 0 ? src.length : -1;
}

/** Does a look-ahead or look-behind (`(?=`, `(?!`, `(?<=`, `(?<!`) open at `i`? */
const isLookaround = (src: string, i: number): boolean => /^\(\?<?[=!]/.test(src.slice(i, i + 4));

/** Index just past the group that opens at `open` (a `(`), or -1. Escapes and classes are skipped. */
function groupEnd(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(src, i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
    if (i < 0) return -1;
  }
  return -1;
}

/**
 * How many capturing groups a regex source has: unnamed `(…)` and named `(?<name>…)`, not `(?:…)` or
 * lookarounds; escapes and classes skipped. What a match of the regex would report, read without compiling
 * it: compiling every built-in rule once more to ask the engine took ~25 ms of creating an airlock, this ~4.
 *
 * @example
 * captureGroups('(?<![a-z])(ghp_[a-z]{36})(?:\\()'); // 1
 */
export function captureGroups(src: string): number {
  let count = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') {
      i = classEnd(src, i);
      if (i < 0) break;
    } else if (c === '(' && (src[i + 1] !== '?' || (src[i + 2] === '<' && !isLookaround(src, i)))) count++;
  }
  return count;
}

/**
 * The class of the negative look-behind a regex opens with (`(?<![A-Za-z0-9])ghp_…`): no match starts right
 * after a character of it. Undefined when the regex opens otherwise, or has alternatives at its top level,
 * where the look-behind binds only the first.
 *
 * @example
 * openingClass('(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}'); // '[A-Za-z0-9]'
 * openingClass('(?<![a-z])sk_live|rk_live'); // undefined
 */
export function openingClass(src: string): string | undefined {
  if (!src.startsWith('(?<![')) return undefined;
  const close = classEnd(src, 4);
  if (close < 0 || src[close + 1] !== ')' || alternativeEnd(src, 0) !== src.length) return undefined;
  return src.slice(4, close + 1);
}

/** Index of the `]` closing the class that opens at `open`, or -1. */
function classEnd(src: string, open: number): number {
  for (let i = open + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === ']') return i;
  }
  return -1;
}

/**
 * A token with a boundary after it, `(?<!…)(PREFIX[C]{min,max})(?![D])`: every match is `min` to `max` long
 * (one length for a count `{n}`) and no character of `notAfter` (a class's source) follows it.
 */
export interface TokenEnd {
  readonly min: number;
  readonly max: number;
  readonly notAfter: string;
}

/** A negative look-ahead of one class closing a regex: `(?![A-Za-z0-9])`. */
const CLOSED = /\(\?!(\[(?:[^\]\\]|\\.)+\])\)$/;
/** A class counted at the end of a token: `[A-Za-z0-9]{24,100}`. */
const COUNTED = /(\[(?:[^\]\\]|\\.)+\])\{(\d+)(?:,(\d+))?\}$/;

/**
 * The lengths and closing boundary of a token regex, `(?<!…)(PREFIX[C]{min,max})(?![D])`, when it has that
 * shape and its prefix reads to whole texts, of one length or several (`pscale_(?:pw|oauth|tkn)_`: from the
 * shortest with the fewest characters to the longest with the most); else undefined. Alternative tokens of
 * that shape under one look-ahead (`(ATBB[…]{28,36}|ATCTT3xFfGN0[…]{160,240})(?![\w=.-])`) give the lengths
 * of all. The scan checks where such a token can end before running the regex: where the token's class holds
 * its own prefix and separator (`fio-u-`, `tfp_=`, `dckr_pat_` or `ATBB=` repeated), every failed attempt read
 * the longest token before its lookahead failed.
 *
 * @example
 * tokenEnd('(?<![A-Za-z0-9])vck_[A-Za-z0-9]{24,100}(?![A-Za-z0-9])'); // { min: 28, max: 104, notAfter: '[A-Za-z0-9]' }
 * tokenEnd('(?<![A-Za-z0-9])fio-u-[A-Za-z0-9_=-]{64}(?![A-Za-z0-9_=-])'); // { min: 70, max: 70, notAfter: '[A-Za-z0-9_=-]' }
 */
export function tokenEnd(src: string): TokenEnd | undefined {
  const closed = CLOSED.exec(src);
  if (closed === null) return undefined;
  let body = src.slice(0, closed.index);
  if (isLookaround(body, 0)) {
    const end = groupEnd(body, 0);
    if (end < 0) return undefined;
    body = body.slice(end);
  }
  // Groups around the whole token, capturing or not, are no part of its text. Alternatives are read only
  // inside one: at the top level, the look-ahead would close only the last.
  let grouped = false;
  for (;;) {
    const open = body.startsWith('(?:') ? 3 : body.startsWith('(') && body[1] !== '?' ? 1 : 0;
    if (open === 0 || groupEnd(body, 0) !== body.length) break;
    body = body.slice(open, -1);
    grouped = true;
  }
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let i = 0; i <= body.length; ) {
    const end = alternativeEnd(body, i);
    if (end < 0 || (end < body.length && (body[end] !== '|' || !grouped))) return undefined;
    const lengths = countedLengths(body.slice(i, end));
    // A token opens with its own text: one that may open with a bare class is no token of this shape.
    if (lengths === undefined || lengths.least === 0) return undefined;
    min = Math.min(min, lengths.min);
    max = Math.max(max, lengths.max);
    i = end + 1;
  }
  return { min, max, notAfter: closed[1] as string };
}

/**
 * The shortest and longest match of `PREFIX[C]{n,m}` (or `{n}`), a prefix read to whole texts (see
 * `literalPrefixes`) and a counted class; `least` is the shortest prefix. Undefined for any other shape.
 *
 * @example
 * countedLengths('(?:u\\+)?[A-Za-z0-9_+-]{20}'); // { min: 20, max: 22, least: 0 }
 */
export function countedLengths(src: string): { min: number; max: number; least: number } | undefined {
  const counted = COUNTED.exec(src);
  if (counted === null) return undefined;
  const { texts, complete } = literalPrefixes(src.slice(0, counted.index));
  if (!complete || texts.length === 0) return undefined;
  const lengths = texts.map((t) => t.length);
  const least = Math.min(...lengths);
  const count = Number(counted[2]);
  return {
    min: least + count,
    max: Math.max(...lengths) + (counted[3] === undefined ? count : Number(counted[3])),
    least,
  };
}

interface Group {
  readonly open: number;
  readonly capturing: boolean;
  /** A look-ahead or look-behind. */
  readonly zeroWidth: boolean;
  /** Its number when capturing, else 0. */
  readonly number: number;
}

/**
 * The number of the capturing group a regex source ends with, zero-width assertions after it aside
 * (`…=(value)(?![\w-])`), or 0. Such a group ends where the match ends, so the scan places it by its length
 * and needs no match indices (the `d` flag made every match allocate an array of spans). A source with a
 * top-level `|` answers 0: its last group need not be where a match ends.
 *
 * @example
 * endGroup('(?:token)=([a-z0-9]{32})(?![\\w-])'); // 1
 */
export function endGroup(src: string): number {
  // One pass: each group's opening index, kind and number, keyed by its closing index.
  const groups = new Map<number, Group>();
  const stack: Group[] = [];
  const escapes = new Set<number>();
  let count = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      escapes.add(i);
      i++;
    } else if (c === '[') {
      i = classEnd(src, i);
      if (i < 0) return 0;
    } else if (c === '(') {
      const zeroWidth = isLookaround(src, i);
      const capturing = src[i + 1] !== '?' || (src[i + 2] === '<' && !zeroWidth);
      stack.push({ open: i, capturing, zeroWidth, number: capturing ? ++count : 0 });
    } else if (c === ')') {
      const group = stack.pop();
      if (group === undefined) return 0;
      groups.set(i, group);
    } else if (c === '|' && stack.length === 0) {
      return 0;
    }
  }
  if (stack.length > 0) return 0;
  let end = src.length;
  for (;;) {
    const last = groups.get(end - 1);
    if (last?.zeroWidth) end = last.open;
    else if (src.slice(end - 2, end) === '\\b' && escapes.has(end - 2)) end -= 2;
    else return last?.capturing ? last.number : 0;
  }
}

/** A regex source cut around one of its capturing groups: `before` + `(` + `inner` + `)` + `after`. */
export interface AroundGroup {
  readonly before: string;
  readonly inner: string;
  readonly after: string;
}

/**
 * Capturing group `n` cut out of a regex source, when the source is a plain sequence around it: the group at
 * the top level, not repeated, no top-level `|`, and no back-reference anywhere. Then a regex whose group
 * holds `X|Y` instead matches at a place exactly when the regex with `X` or the one with `Y` does, which is
 * what lets rules that differ only in their secret be tried once for all. Undefined otherwise.
 *
 * @example
 * aroundGroup('(?:plaid)[\\w.-]{0,30}?=([a-z0-9]{24})(?![\\w-])', 1);
 * // { before: '(?:plaid)[\\w.-]{0,30}?=', inner: '[a-z0-9]{24}', after: '(?![\\w-])' }
 */
export function aroundGroup(src: string, n: number): AroundGroup | undefined {
  let depth = 0;
  let count = 0;
  let cut: AroundGroup | undefined;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      if (/[1-9k]/.test(src[i + 1] ?? '')) return undefined;
      i++;
    } else if (c === '[') {
      i = classEnd(src, i);
      if (i < 0) return undefined;
    } else if (c === '(') {
      const capturing = src[i + 1] !== '?' || (src[i + 2] === '<' && !isLookaround(src, i));
      if (capturing) count++;
      if (capturing && count === n && depth === 0) {
        const end = groupEnd(src, i);
        if (end < 0 || /^[?*+{]/.test(src.slice(end))) return undefined;
        cut = { before: src.slice(0, i), inner: src.slice(i + 1, end - 1), after: src.slice(end) };
      }
      depth++;
    } else if (c === ')') {
      depth--;
    } else if (c === '|' && depth === 0) {
      return undefined;
    }
  }
  return depth === 0 ? cut : undefined;
}
