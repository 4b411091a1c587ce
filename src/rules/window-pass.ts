/**
 * @module rules/window-pass
 * The keyword prefilter's pass over long texts (see `createKeywordScanner` in `registry.ts`), as a small
 * WebAssembly function. The pass rolls a window of three folded characters over the text and tests it against
 * two bitmaps; in JavaScript it was the largest single cost of sanitizing prose (~27% of W1) and of a typical
 * result's text block. The same loop compiled by V8 from WebAssembly runs without the bounds and type checks
 * of typed-array reads: W1's keyword pass ~2x faster, W1 sanitized 13-15% faster, W4 ~7%.
 *
 * The module is assembled from its instructions by `core/wasm.ts`; `SCAN` below reads as its text format
 * would. Where WebAssembly is not available (`node --jitless`), `createWindowPass` returns undefined and the
 * caller reads characters itself.
 */

import { copyUnits } from '../core/units.js';
import {
  bin,
  block,
  br,
  brIf,
  type Code,
  compileScanModule,
  get,
  globalSet,
  i32,
  inc,
  load8,
  loop,
  set,
  store,
  when,
} from '../core/wasm.js';

/** Units of text scanned per call: the text is copied into the module's memory a chunk at a time. */
export const CHUNK = 1 << 14;

/** The window's width in bits: three characters of seven bits (ASCII, folded with `| 0x20`). */
export const WINDOW_MASK = 0x1fffff;

// Memory layout, in bytes: both bitmaps (2^21 bits each), the chunk (one unit more, for the look one
// character on), then where the pass writes each candidate's position and window.
const BITS = 0;
const FOLLOW = 1 << 18;
const TEXT = 1 << 19;
const AT = TEXT + CHUNK + 4;
const WINDOW = AT + 4 * CHUNK;

// Locals: the three parameters, then four more.
const END = 0; // units to scan in this chunk
const COPIED = 1; // units copied (the chunk, and one more unless the text ends)
const G = 2; // the window, carried over from the previous chunk by the caller
const I = 3;
const N = 4; // candidates written
const NEXT = 5;
const G2 = 6;

/** `(table[w >> 3] >> (w & 7)) & 1` for the window in `local`: is its bit set? */
const bitOf = (table: number, local: number): Code =>
  bin(
    'i32.and',
    bin('i32.shr_u', load8(table, bin('i32.shr_u', get(local), i32(3))), bin('i32.and', get(local), i32(7))),
    i32(1),
  );

/** `((w << 7) | c) & WINDOW_MASK`: the window `w` one character on. */
const shiftIn = (w: Code, c: Code): Code =>
  bin('i32.and', bin('i32.or', bin('i32.shl', w, i32(7)), c), i32(WINDOW_MASK));

/**
 * scan(end, copied, g) -> candidates. For each unit i < end:
 *   g = ((g << 7) | (text[i] | 0x20)) & WINDOW_MASK
 *   if bits[g] and follow[((g << 7) | next) & WINDOW_MASK], next = text[i + 1] | 0x20 (0x7f if not ASCII,
 *   a space past the text): write i to AT and g to WINDOW.
 * The window reached is left in the global `state` for the next chunk.
 */
const SCAN = [
  block(
    loop(
      brIf(1, bin('i32.ge_u', get(I), get(END))),
      set(G, shiftIn(get(G), bin('i32.or', load8(TEXT, get(I)), i32(0x20)))),
      when(
        bitOf(BITS, G),
        // next = i + 1 < copied ? text[i + 1] | 0x20 : 0x20, then 0x7f for anything not ASCII
        set(NEXT, i32(0x20)),
        when(
          bin('i32.lt_u', bin('i32.add', get(I), i32(1)), get(COPIED)),
          set(NEXT, bin('i32.or', load8(TEXT + 1, get(I)), i32(0x20))),
        ),
        when(bin('i32.ge_u', get(NEXT), i32(128)), set(NEXT, i32(0x7f))),
        set(G2, shiftIn(get(G), get(NEXT))),
        when(
          bitOf(FOLLOW, G2),
          store(AT, bin('i32.shl', get(N), i32(2)), get(I)),
          store(WINDOW, bin('i32.shl', get(N), i32(2)), get(G)),
          inc(N, 1),
        ),
      ),
      inc(I, 1),
      br(0),
    ),
  ),
  globalSet(0, get(G)),
  get(N),
];

const makePass = compileScanModule({
  memory: WINDOW + 4 * CHUNK,
  params: 3,
  locals: 4,
  state: true,
  body: SCAN,
});

/** One instance of the pass: its memory holds one registry's bitmaps. */
export interface WindowPass {
  /** The first bitmap (windows a keyword is looked for by), to be filled by the caller. */
  readonly bits: Int32Array;
  /** The second bitmap (the same window one character on). */
  readonly follow: Int32Array;
  /**
   * Scans `text` from `base` to `base + CHUNK` (or its end), the window carried on from the previous chunk
   * (`base` 0 starts afresh). Returns how many windows passed both bitmaps; the i-th ends at
   * `base + at[i]` and is `window[i]`.
   */
  chunk(text: string, base: number): number;
  readonly at: Int32Array;
  readonly window: Int32Array;
}

/** A pass with empty bitmaps, or undefined where WebAssembly cannot run. */
export function createWindowPass(): WindowPass | undefined {
  if (makePass === undefined) return undefined;
  const { memory, scan, state } = makePass();
  const units = Buffer.from(memory, TEXT, CHUNK + 1);
  return {
    bits: new Int32Array(memory, BITS, (WINDOW_MASK + 1) >> 5),
    follow: new Int32Array(memory, FOLLOW, (WINDOW_MASK + 1) >> 5),
    at: new Int32Array(memory, AT, CHUNK),
    window: new Int32Array(memory, WINDOW, CHUNK),
    chunk(text, base) {
      const n = text.length;
      const stop = Math.min(n, base + CHUNK);
      const copied = Math.min(n, stop + 1) - base;
      // Low bytes: a non-ASCII unit may read as ASCII, a false candidate the caller's exact check rejects.
      copyUnits(units, text, base, copied, 'latin1');
      return scan(stop - base, copied, base === 0 ? 0 : state());
    },
  };
}
