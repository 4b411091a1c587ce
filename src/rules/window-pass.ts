/**
 * @module rules/window-pass
 * The keyword prefilter's pass over long texts (see `createKeywordScanner` in `keyword-scanner.ts`), as a small
 * WebAssembly function. The pass reads a window of three folded characters at every position and looks it up
 * in a table of the windows keywords are looked for by; in JavaScript it was the largest single cost of
 * sanitizing prose (~27% of W1) and of a typical result's text block. The same loop compiled by V8 from
 * WebAssembly runs without the bounds and type checks of typed-array reads: W1's keyword pass ~2x faster, W1
 * sanitized 13-15% faster, W4 ~7%.
 *
 * Each window is one unaligned four-byte load (the two units before a position, the unit at it and the one
 * after), so no position waits on the one before, and four positions are tested with one branch: a window
 * rolled from the previous one was a chain of three dependent instructions a character, and the bit test of
 * a bitmap four more. The first table is a byte a window (8 MiB of address space, of which the pages a
 * text's windows fall on are touched); the second, consulted only where the first says yes, stays a bitmap.
 * On a 16 KiB chunk of W1: 0.60-0.67 ns a unit, against 1.0 for the rolled window and bitmap.
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
  i32,
  inc,
  load8,
  load32,
  loop,
  set,
  store,
  when,
} from '../core/wasm.js';

/** Units of text scanned per call: the text is copied into the module's memory a chunk at a time. */
export const CHUNK = 1 << 14;

/** A unit as the pass reads it: ASCII letters folded to lower case, anything else by its low seven bits. */
export const fold7 = (unit: number): number => (unit | 0x20) & 0x7f;

/**
 * The window of folded characters `a`, `b`, `c` (in text order): a byte each, the oldest lowest, which is how
 * a little-endian load of the three reads them. A window is below `WINDOWS`.
 */
export const windowOf = (a: number, b: number, c: number): number => a | (b << 8) | (c << 16);
export const WINDOWS = 1 << 23;

/** Window `g` one character on, that character (folded) being `c`: how a loop rolls it unit by unit. */
export const nextWindow = (g: number, c: number): number => (g >>> 8) | (c << 16);

/**
 * Where the second table holds window `g` followed by `next`: the window one character on, with its newest
 * character lowest, so that the 128 followers of one window are one run of bits (on one page, not 128).
 */
export const followerOf = (g: number, next: number): number => (g & 0x7fff00) | next;

/** The window before a text's first character: the pass reads a text as if two spaces came before it. */
export const START_WINDOW = windowOf(0x20, 0x20, 0x20);

/** Unrolled positions per step: four windows tested by one branch. */
const STEP = 4;
/** Spaces written after the units copied: what the last window's follower and the step's loads read. */
const TAIL = 2 * STEP;

// Memory layout, in bytes: the first table (a byte a window), the second (a bit a window), the two units
// before the chunk, the chunk with the unit after it and its tail of spaces, then where the pass writes each
// candidate's position and window.
const FIRST = 0;
const FOLLOW = FIRST + WINDOWS;
const LEAD = FOLLOW + WINDOWS / 8;
const TEXT = LEAD + 2;
const AT = (TEXT + CHUNK + 1 + TAIL + 3) & ~3;
const WINDOW = AT + 4 * CHUNK;

// Locals: the parameter, then four more.
const END = 0; // units to scan in this chunk
const I = 1;
const N = 2; // candidates written
const X = 3; // the four folded units around a position
const G = 4; // the window ending at it

const FOLD = 0x20202020;
const SEVEN_BITS = 0x7f7f7f;

/** Units `i + k - 2` to `i + k + 1`, folded (the window ending at `i + k` and the unit after it). */
const around = (k: number): Code => bin('i32.or', load32(TEXT - 2 + k, get(I)), i32(FOLD));
const windowIn = (x: Code): Code => bin('i32.and', x, i32(SEVEN_BITS));

/** Bit `w` of the second table: the word holding it, shifted (wasm shifts by the count modulo 32). */
const followBit = (w: Code): Code =>
  bin(
    'i32.and',
    bin('i32.shr_u', load32(FOLLOW, bin('i32.and', bin('i32.shr_u', w, i32(3)), i32(~3))), w),
    i32(1),
  );

/**
 * Position `i + k` in full: both tables, and inside the chunk, then written out. The second table is read at
 * `followerOf(g, next)`, spelt here in instructions: the window's two newer units, then the unit after it (the
 * top byte of the four loaded, folded as `fold7` folds).
 */
const check = (k: number): Code[] => [
  set(X, around(k)),
  set(G, windowIn(get(X))),
  when(
    load8(FIRST, get(G)),
    when(
      followBit(
        bin(
          'i32.or',
          bin('i32.and', get(G), i32(0x7fff00)),
          bin('i32.and', bin('i32.shr_u', get(X), i32(24)), i32(0x7f)),
        ),
      ),
      when(
        bin('i32.lt_u', bin('i32.add', get(I), i32(k)), get(END)),
        store(AT, bin('i32.shl', get(N), i32(2)), bin('i32.add', get(I), i32(k))),
        store(WINDOW, bin('i32.shl', get(N), i32(2)), get(G)),
        inc(N, 1),
      ),
    ),
  ),
];

const LANES = Array.from({ length: STEP }, (_, k) => k);

/**
 * scan(end) -> candidates. For i = 0, STEP, 2 * STEP, ... below end: if any window ending at i to
 * i + STEP - 1 is in the first table, each of those that is in the second with the unit after it (a space
 * after the text) and that lies below end has its position written to AT and its window to WINDOW.
 */
const SCAN = [
  block(
    loop(
      brIf(1, bin('i32.ge_u', get(I), get(END))),
      when(
        LANES.map((k) => load8(FIRST, windowIn(around(k)))).reduce((x, y) => bin('i32.or', x, y)),
        ...LANES.flatMap(check),
      ),
      inc(I, STEP),
      br(0),
    ),
  ),
  get(N),
];

const makePass = compileScanModule({
  memory: WINDOW + 4 * CHUNK,
  params: 1,
  locals: 4,
  state: false,
  body: SCAN,
});

/** One instance of the pass: its memory holds one registry's tables. */
export interface WindowPass {
  /** The first table, a byte a window (1: a keyword is looked for by it), to be filled by the caller. */
  readonly first: Uint8Array;
  /** The second, a bit a window and the character after it (see `followerOf`). */
  readonly follow: Int32Array;
  /**
   * Scans `text` from `base` to `base + CHUNK` (or its end); the windows of its first positions reach back
   * into the chunk before. Returns how many windows passed both tables; the i-th ends at `base + at[i]` and
   * is `window[i]`.
   */
  chunk(text: string, base: number): number;
  readonly at: Int32Array;
  readonly window: Int32Array;
  /**
   * The chunk as copied, low bytes: unit `base - 2 + k` of the text at byte `k`, up to the unit after the
   * chunk (or the text's end), then `TAIL` spaces. Read four bytes at a time by the exact checks.
   */
  readonly units: DataView;
}

/** Tables where WebAssembly cannot run, for the caller's own loop. */
export function windowTables(): Pick<WindowPass, 'first' | 'follow'> {
  return { first: new Uint8Array(WINDOWS), follow: new Int32Array(WINDOWS >> 5) };
}

/** A pass with empty tables, or undefined where WebAssembly cannot run. */
export function createWindowPass(): WindowPass | undefined {
  if (makePass === undefined) return undefined;
  const { memory, scan } = makePass();
  const bytes = new Uint8Array(memory);
  const lead = Buffer.from(memory, LEAD, CHUNK + 3);
  const body = Buffer.from(memory, TEXT, CHUNK + 1);
  return {
    first: new Uint8Array(memory, FIRST, WINDOWS),
    follow: new Int32Array(memory, FOLLOW, WINDOWS >> 5),
    at: new Int32Array(memory, AT, CHUNK),
    window: new Int32Array(memory, WINDOW, CHUNK),
    units: new DataView(memory, LEAD, 2 + CHUNK + 1 + TAIL),
    chunk(text, base) {
      const n = text.length;
      const stop = Math.min(n, base + CHUNK);
      const upTo = Math.min(n, stop + 1);
      // Low bytes: a non-ASCII unit may read as ASCII, a false candidate the caller's exact check rejects.
      if (base === 0) {
        bytes[LEAD] = 0x20;
        bytes[LEAD + 1] = 0x20;
        copyUnits(body, text, 0, upTo, 'latin1');
      } else copyUnits(lead, text, base - 2, upTo - base + 2, 'latin1');
      bytes.fill(0x20, TEXT + upTo - base, TEXT + upTo - base + TAIL);
      return scan(stop - base);
    },
  };
}
