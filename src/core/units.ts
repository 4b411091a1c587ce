/**
 * @module core/units
 * Code units of strings written into Buffers by Node's native writers: a text's units copied into a scanner's
 * memory (`copyUnits`), and long one-byte outputs assembled from spans of a text (`OneByteText`): both stages
 * that rewrite a whole text, the Unicode cleaner and secret masking, end by joining spans of their input.
 */

/**
 * Node's writers behind `Buffer#write` (on every Buffer, undocumented): `write(…, encoding)` looks the
 * encoding up on each call (~0.4 us more on a 1,450-character text), so it is only the fallback.
 */
type NativeWrite = (this: Buffer, text: string, offset: number, bytes: number) => number;
const native = Buffer.prototype as unknown as { latin1Write?: NativeWrite; ucs2Write?: NativeWrite };
const latin1Write = native.latin1Write;
const ucs2Write = native.ucs2Write;

/**
 * Writes `part` whole at byte `at` of `into`, one byte a unit (its low byte) or two; returns the bytes
 * written. Node writes only what fits; a part that does not fit is a caller's error, thrown, not truncated.
 */
function writeAt(into: Buffer, part: string, at: number, wide: boolean): number {
  const bytes = wide ? 2 * part.length : part.length;
  let written: number;
  if (!wide) written = latin1Write ? latin1Write.call(into, part, at, bytes) : into.write(part, at, 'latin1');
  else written = ucs2Write ? ucs2Write.call(into, part, at, bytes) : into.write(part, at, 'utf16le');
  if (written !== bytes) throw new RangeError(`${bytes} bytes do not fit at ${at} of ${into.length}`);
  return written;
}

/**
 * Copies `text[from, from + units)` to the start of `into`, a view of a module's memory: as Latin-1, each
 * unit's low byte (a non-ASCII unit may read as an ASCII one; every ASCII one reads as itself), or as
 * UTF-16, two bytes a unit, lone surrogates included.
 */
export function copyUnits(
  into: Buffer,
  text: string,
  from: number,
  units: number,
  encoding: 'latin1' | 'utf16le',
): void {
  writeAt(into, units === text.length ? text : text.slice(from, from + units), 0, encoding === 'utf16le');
}

/**
 * From this many code units on, Node turns a Buffer into an external string (its `EXTERN_APEX`), made by
 * one native copy outside V8's heap. Below it, V8 copies the units into its heap again (checking whether
 * they fit in one byte), and joining the pieces in V8 is as fast or faster.
 */
export const LONG_TEXT = 0xfbee9;

/** Below this many code units `String.fromCharCode` beats a Buffer's fixed cost; above, it costs ~10 ns a unit. */
const FEW_UNITS = 32;
/** A Uint16Array holds units in the host's byte order, and Buffer reads UTF-16 little-endian. */
const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

/**
 * The string of `units`, lone surrogates included. Node decodes UTF-16 from a Buffer in one native copy: 1 MB
 * of units came out in 0.6 ms against 3.3 for `String.fromCharCode` a chunk at a time and a join.
 */
export function textOfUnits(units: Uint16Array): string {
  if (units.length < FEW_UNITS) return String.fromCharCode.apply(null, units as unknown as number[]);
  const bytes = Buffer.from(units.buffer, units.byteOffset, units.byteLength);
  if (BIG_ENDIAN) bytes.swap16();
  return bytes.toString('utf16le');
}

/** A unit a one-byte string cannot hold. */
const WIDE_UNIT = /[^\0-\xff]/;

/**
 * Whether `text` has a code unit above U+00FF. On a string V8 holds in one byte this returns at once; on a
 * two-byte one it stops at the first such unit (a two-byte string of ASCII is read to its end: ~6 ms for
 * 10 MB here, two-fifths of the join it saves).
 */
export const hasWideUnits = (text: string): boolean => WIDE_UNIT.test(text);

/**
 * A long string of units up to U+00FF, written piece by piece into one Buffer of a known length. Joined in
 * V8, 10 MB of spans of a text took 15 ms here; written here, 3 ms. (Two-byte text gains nothing this way:
 * the Buffer and the string it becomes are two fresh 20 MB blocks, and the page faults on them cost what
 * the faster copy saves, with 38 MB more peak memory on W1; such text is joined in V8.) Every unit written
 * must be at most U+00FF (`hasWideUnits`): a wider one would lose its high byte.
 *
 * @example
 * const out = new OneByteText(text.length - 1); // text: 2,000,000 units, none above U+00FF
 * out.span(text, 0, 5);
 * out.span(text, 6, text.length);
 * out.done(); // text without its sixth unit
 */
export class OneByteText {
  private readonly bytes: Buffer;
  private at = 0;

  constructor(units: number) {
    this.bytes = Buffer.allocUnsafeSlow(units);
  }

  /** Appends `text[from, to)`. */
  span(text: string, from: number, to: number): void {
    if (to > from) this.add(to - from === text.length ? text : text.slice(from, to));
  }

  /** Appends all of `text`. */
  add(text: string): void {
    this.at += writeAt(this.bytes, text, this.at, false);
  }

  /** The string written; throws if fewer units were written than announced (more throw as they are written). */
  done(): string {
    if (this.at !== this.bytes.length)
      throw new RangeError(`${this.at} of ${this.bytes.length} units written`);
    return this.bytes.toString('latin1');
  }
}
