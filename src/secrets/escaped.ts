/**
 * @module secrets/escaped
 * Text that holds string literals with their escapes: a tool that returns JSON as text writes a command as
 * `"echo \"deploy:…\" | chpasswd"` and a config file as `"uri ldap://x\nbindpw …\n"`, and a web page escapes
 * the code it shows (`{&quot;password&quot;: &quot;…&quot;}`). The rules are written for the text those stand
 * for, so the text is also read decoded (`decodeEscapes`), and what the rules find there is mapped back onto
 * the escaped text (`mergeDecoded`).
 */

import type { SecretMatch } from '../rules/registry.js';

/** The text a string literal stands for, and where each of its units came from. */
export interface DecodedText {
  readonly text: string;
  /** `at[i]`: the index in the escaped text of decoded unit `i`; `at[text.length]` is the escaped length. */
  readonly at: Int32Array;
}

const BACKSLASH = 0x5c;

/** The unit an escape's letter stands for (`\n`, `\"`, ...), or -1 where the escape is left as written. */
function escaped(letter: number): number {
  switch (letter) {
    case 0x22: // "
    case 0x27: // '
    case 0x2f: // /
    case BACKSLASH:
      return letter;
    case 0x6e: // n
      return 0x0a;
    case 0x72: // r
      return 0x0d;
    case 0x74: // t
      return 0x09;
    default:
      return -1;
  }
}

/** A hex digit's value, or -1. */
function hexDigit(u: number): number {
  if (u >= 0x30 && u <= 0x39) return u - 0x30;
  const lower = u | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * `\u00XX` for a printable ASCII character, as Go's encoder writes `<`, `>`, `&` and `=` (`\u003d\u003d` at the
 * end of a base64 secret); -1 for any other.
 */
function unicodeEscape(text: string, i: number): number {
  if (text.charCodeAt(i + 1) !== 0x75 || text.charCodeAt(i + 2) !== 0x30 || text.charCodeAt(i + 3) !== 0x30) {
    return -1;
  }
  const high = hexDigit(text.charCodeAt(i + 4));
  const low = hexDigit(text.charCodeAt(i + 5));
  if (high < 0 || low < 0) return -1;
  const u = high * 16 + low;
  return u >= 0x20 && u < 0x7f ? u : -1;
}

/** HTML's character references for what code in a page is escaped by (`&quot;password&quot;: &quot;…`). */
const ENTITIES = new Map<string, number>([
  ['&quot;', 0x22],
  ['&#34;', 0x22],
  ['&#x22;', 0x22],
  ['&apos;', 0x27],
  ['&#39;', 0x27],
  ['&#x27;', 0x27],
  ['&lt;', 0x3c],
  ['&#60;', 0x3c],
  ['&gt;', 0x3e],
  ['&#62;', 0x3e],
  ['&amp;', 0x26],
  ['&#38;', 0x26],
  ['&#x2f;', 0x2f],
  ['&#47;', 0x2f],
  ['&#61;', 0x3d],
  ['&#x3d;', 0x3d],
]);

/** An escape or a reference starts here. */
const OPENERS = /[\\&]/g;
/** A character reference's text, at most `&#x22;`'s length. */
const REFERENCE = /&#?[0-9a-z]{2,4};/iy;

/** What the escape or reference at `i` stands for, as `[unit, width]`, or undefined where it is left as written. */
function decodeAt(text: string, i: number): [number, number] | undefined {
  if (text.charCodeAt(i) === BACKSLASH) {
    const letter = text.charCodeAt(i + 1);
    const unit = escaped(letter);
    if (unit >= 0) return [unit, 2];
    const u = letter === 0x75 ? unicodeEscape(text, i) : -1;
    return u >= 0 ? [u, 6] : undefined;
  }
  REFERENCE.lastIndex = i;
  const ref = REFERENCE.exec(text);
  const unit = ref === null ? undefined : ENTITIES.get(ref[0].toLowerCase());
  return unit === undefined ? undefined : [unit, (ref as RegExpExecArray)[0].length];
}

/**
 * `text` with its escapes decoded (`\"`, `\'`, `\\`, `\/`, `\n`, `\r`, `\t`, ASCII `\u00XX`) and HTML's
 * character references for quotes, brackets, `&`, `/` and `=`, or undefined when it holds none. Other escapes
 * and references stay as written.
 *
 * @example
 * decodeEscapes('a\\nb')?.text; // 'a\nb'
 * decodeEscapes('&quot;k&quot;')?.text; // '"k"'
 */
export function decodeEscapes(text: string): DecodedText | undefined {
  OPENERS.lastIndex = 0;
  let opener = OPENERS.exec(text);
  if (opener === null) return undefined;
  const at = new Int32Array(text.length + 1);
  let out = '';
  let decoded = false;
  let from = 0; // the start of the run copied as it is
  let n = 0; // decoded units so far
  const copy = (to: number): void => {
    out += text.slice(from, to);
    for (let k = from; k < to; k++) at[n++] = k;
  };
  while (opener !== null) {
    const i = opener.index;
    const found = decodeAt(text, i);
    if (found === undefined) {
      OPENERS.lastIndex = i + 1;
    } else {
      copy(i);
      out += String.fromCharCode(found[0]);
      at[n++] = i;
      decoded = true;
      from = i + found[1];
      OPENERS.lastIndex = from;
    }
    opener = OPENERS.exec(text);
  }
  if (!decoded) return undefined;
  copy(text.length);
  at[n] = text.length;
  return { text: out, at: at.subarray(0, n + 1) };
}

/**
 * `matches` (found in the escaped text, ascending, apart) with `found` (found in its decoded form) mapped back
 * onto it: a mapped match that overlaps one of `matches` widens it, as both are the same secret read two ways.
 */
export function mergeDecoded(
  matches: readonly SecretMatch[],
  found: readonly SecretMatch[],
  decoded: DecodedText,
): SecretMatch[] {
  const merged: SecretMatch[] = [];
  let j = 0;
  const push = (m: SecretMatch): void => {
    const last = merged[merged.length - 1];
    if (last !== undefined && m.start < last.end) {
      merged[merged.length - 1] = {
        rule: last.rule,
        start: last.start,
        end: Math.max(last.end, m.end),
      };
    } else merged.push(m);
  };
  for (const f of found) {
    const m: SecretMatch = {
      rule: f.rule,
      start: decoded.at[f.start] as number,
      end: decoded.at[f.end] as number,
    };
    while (j < matches.length && (matches[j] as SecretMatch).start <= m.start)
      push(matches[j++] as SecretMatch);
    push(m);
  }
  while (j < matches.length) push(matches[j++] as SecretMatch);
  return merged;
}
