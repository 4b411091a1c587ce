/**
 * @module unicode/output
 * The cleaned text as it is built: pieces of the input and characters of the cleaner's own, turned into one
 * string at the end (by joining slices, or through a buffer when the pieces are short).
 */

import { hasWideUnits, LONG_TEXT, OneByteText, textOfUnits } from '../core/units.js';

/** Pieces an emptied output keeps room for: what a long text grew past this is let go of. */
const PIECES_KEPT = 1024;

/** `a` copied into an array twice its length. */
export function doubled<T extends Int32Array | Uint8Array>(a: T): T {
  const bigger = new (a.constructor as new (length: number) => T)(2 * a.length);
  bigger.set(a);
  return bigger;
}

/**
 * The cleaned text as pieces: spans of the input, or one character of ours (a negative `from`: -1 - code).
 * Kept as numbers, not strings: 1 MB of a letter and a joiner alternating is 500,000 pieces, and a string
 * per piece made the garbage collector a third of the time.
 */
export class Output {
  length = 0;
  chars = 0;
  // 16 entries (64 bytes) stay on the V8 heap; a larger typed array gets a backing store of its own.
  private from = new Int32Array(16);
  private to = new Int32Array(16);
  /** Whether the last piece is a span `range` may lengthen (not one of ours, not one `clear` may empty). */
  private open = false;

  /** Empty again, letting go of what a long text grew. */
  reset(): void {
    this.length = 0;
    this.open = false;
    this.chars = 0;
    if (this.from.length > PIECES_KEPT) {
      this.from = new Int32Array(16);
      this.to = new Int32Array(16);
    }
  }

  /** A span of the input; one that goes on where the last span ended makes that one longer. */
  range(from: number, to: number): void {
    const last = this.length - 1;
    if (this.open && this.to[last] === from) this.to[last] = to;
    else {
      this.push(from, to);
      this.open = true;
    }
    this.chars += to - from;
  }

  /** A span of the input that stays a piece of its own, so that `clear` can empty it later. */
  piece(from: number, to: number): void {
    this.push(from, to);
    this.open = false;
    this.chars += to - from;
  }

  char(code: number): void {
    this.push(-1 - code, 0);
    this.open = false;
    this.chars += 1;
  }

  /** Empties piece `k` (a context character removed afterwards). */
  clear(k: number): void {
    const from = this.from[k]!;
    this.chars -= from < 0 ? 1 : this.to[k]! - from;
    this.from[k] = 0;
    this.to[k] = 0;
  }

  /** Where piece `k` starts in the input; negative for a character of ours. */
  startOf(k: number): number {
    return this.from[k]!;
  }

  endOf(k: number): number {
    return this.to[k]!;
  }

  text(s: string, k: number): string {
    const from = this.from[k]!;
    return from < 0 ? String.fromCharCode(-1 - from) : s.slice(from, this.to[k]);
  }

  /**
   * Long pieces are sliced and joined (a copy at native speed); when they are short on average, the code
   * units are copied into one buffer and turned into a string a chunk at a time, with no string per piece.
   */
  build(s: string): string {
    const { length, from, to } = this;
    if (length === 0) return '';
    if (this.chars >= length * SHORT_PIECES) {
      if (this.chars >= LONG_TEXT && !this.wideChars(s)) return this.write(s);
      const parts = new Array<string>(length);
      for (let k = 0; k < length; k++) parts[k] = this.text(s, k);
      return parts.join('');
    }
    const units = new Uint16Array(this.chars);
    let w = 0;
    for (let k = 0; k < length; k++) {
      const f = from[k]!;
      if (f < 0) units[w++] = -1 - f;
      else for (let i = f, e = to[k]!; i < e; i++) units[w++] = s.charCodeAt(i);
    }
    return textOfUnits(units);
  }

  /** Whether the output may hold a unit above U+00FF: one of the input's or a character of ours. */
  private wideChars(s: string): boolean {
    if (hasWideUnits(s)) return true; // at once for most two-byte input
    for (let k = 0; k < this.length; k++) if (this.from[k]! < -1 - 0xff) return true;
    return false;
  }

  /** Long pieces of a long output of one-byte units, written into one Buffer (see `OneByteText`). */
  private write(s: string): string {
    const out = new OneByteText(this.chars);
    for (let k = 0; k < this.length; k++) out.add(this.text(s, k));
    return out.done();
  }

  private push(from: number, to: number): void {
    if (this.length === this.from.length) {
      this.from = doubled(this.from);
      this.to = doubled(this.to);
    }
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.length++;
  }
}

/** Below this many code units per piece on average, the output is built from a buffer, not by joining. */
const SHORT_PIECES = 32;
