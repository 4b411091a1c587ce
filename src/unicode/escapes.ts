/**
 * @module unicode/escapes
 * Where an ANSI escape sequence or control string ends (ECMA-48: CSI, the strings OSC, DCS, SOS, PM and APC,
 * two-character escapes), so that the cleaner removes it whole. Every search is linear: a string terminator
 * found once answers every later question up to it (see `StringEnds`).
 */

import { ANSI, type CodePointRange } from './tables.js';

/** The characters that end a control string. One regex for every cleaning: each sets `lastIndex` first. */
const STRING_ENDS = new RegExp(
  `[${ANSI.stringEnds.map((c) => `\\x${c.toString(16).padStart(2, '0')}`).join('')}]`,
  'g',
);

const IS_STRING_END = new Uint8Array(0x100);
for (const c of ANSI.stringEnds) IS_STRING_END[c] = 1;

/**
 * Finds where control strings (OSC, DCS, SOS, PM, APC) end without rescanning: a search from `k` that finds
 * the first end at `e` also answers every later query up to `e`, and a search that finds none answers all.
 */
export class StringEnds {
  private next = -1;
  constructor(private readonly s: string) {}
  find(k: number): number {
    if (this.next < k && this.next !== this.s.length) {
      // The first unit by hand: where strings open back to back (1 MB of `ESC ]`), the end is the next
      // opener's ESC, right there, and a regex call per string cost more than the string.
      const c = this.s.charCodeAt(k);
      if (c < 0x100 && IS_STRING_END[c] === 1) {
        this.next = k;
        return k;
      }
      STRING_ENDS.lastIndex = k;
      const m = STRING_ENDS.exec(this.s);
      this.next = m === null ? this.s.length : m.index;
    }
    return this.next;
  }
}

/** Whether `c` lies in `range`, read by index: destructuring the pair went through its iterator every byte. */
const inByte = (c: number, range: CodePointRange): boolean => c >= range[0] && c <= range[1];

/** End of a CSI body starting at `k` (parameters, intermediates, final byte); malformed ends early. */
export function csiEnd(s: string, k: number): number {
  const n = s.length;
  while (k < n && inByte(s.charCodeAt(k), ANSI.csiParam)) k++;
  while (k < n && inByte(s.charCodeAt(k), ANSI.intermediate)) k++;
  return k < n && inByte(s.charCodeAt(k), ANSI.final) ? k + 1 : k;
}

/** End of a control string whose body starts at `k`, or -1 when it is never terminated. */
export function controlStringEnd(s: string, k: number, ends: StringEnds): number {
  const e = ends.find(k);
  if (e >= s.length) return -1;
  if (s.charCodeAt(e) !== ANSI.esc) return e + 1;
  // ST is ESC '\'; any other ESC aborts the string and starts a sequence of its own.
  return s.charCodeAt(e + 1) === 0x5c ? e + 2 : e;
}

/**
 * End of what the ESC at `j` starts: an escape sequence (ANSI), at least two units long, or a lone ESC (a
 * control), which ends at `j + 1`. A number alone: a pair allocated per ESC was a tenth of a run of them.
 */
export function escapeEnd(s: string, j: number, ends: StringEnds): number {
  const n = s.length;
  const c = j + 1 < n ? s.charCodeAt(j + 1) : -1;
  if (c === 0x5b) return csiEnd(s, j + 2);
  if (ANSI.escStrings.includes(c)) {
    // An unterminated string loses only its introducer: the rest stays visible rather than vanishing.
    const e = controlStringEnd(s, j + 2, ends);
    return e < 0 ? j + 2 : e;
  }
  if (inByte(c, ANSI.intermediate)) {
    let k = j + 1;
    while (k < n && inByte(s.charCodeAt(k), ANSI.intermediate)) k++;
    const f = k < n ? s.charCodeAt(k) : -1;
    return f >= 0x30 && f <= 0x7e ? k + 1 : k;
  }
  if (c >= 0x30 && c <= 0x7e) return j + 2;
  return j + 1;
}
