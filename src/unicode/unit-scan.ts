/**
 * @module unicode/unit-scan
 * The search for the next code unit the Unicode stage acts on (`scan` in `clean.ts`), over long texts, as a
 * small WebAssembly function. In JavaScript the search is a regex over a superset class that stops at every
 * surrogate (two-thirds of W1's stops are emoji), then a table lookup per stop; on a text block with a few
 * emoji and non-Latin words it was ~10% of a typical result, and 13% of W1. Here the table itself is read
 * per unit, a well-formed pair whose high half has no action of its own is stepped over without leaving
 * the function, and printable ASCII, on which no policy acts, is stepped over eight units at a time (SIMD).
 * Where WebAssembly is not available (`node --jitless`) `createUnitScan` returns undefined and the regex
 * serves every length.
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
  i16x8,
  i32,
  inc,
  load8,
  load16,
  loadV128,
  loop,
  ret,
  set,
  un,
  when,
} from '../core/wasm.js';

/** Units copied into the module's memory at a time. */
export const CHUNK = 1 << 14;

/** The action of a high surrogate all of whose pairs are plain (see `A_HI` in `clean.ts`). */
export const PLAIN_HIGH = 1;

// Memory layout, in bytes: four action tables (one per policy, 64 Ki units each), then the chunk as UTF-16
// with one unit more, for the low half of a pair that straddles the chunk's end.
const SLOTS = 4;
const TEXT = SLOTS << 16;

// Locals: the four parameters, then two more.
const I = 0; // where to start, within the chunk; then the unit looked at
const END = 1; // units to search in this chunk
const COPIED = 2; // units copied (the chunk, and one more unless the text ends)
const TABLE = 3; // the table's offset
const M = 4; // which of eight units are printable ASCII, a bit each
const A = 5; // the unit's action

/** The byte address of unit `local` of the chunk, from the start of TEXT. */
const unitAt = (local: number): Code => bin('i32.shl', get(local), i32(1));

/**
 * find(i, end, copied, table) -> the first unit at or after i whose action is not 0, where a high surrogate
 * of action PLAIN_HIGH followed by a low one is a pair and is stepped over; or a position at or after end.
 * Printable ASCII has action 0 in every table (`table` checks), so it is tested eight units at a time first.
 */
const FIND = [
  block(
    loop(
      brIf(1, bin('i32.ge_u', get(I), get(END))),
      // Eight units at once while they are printable ASCII (no table acts on those, see `table`):
      // m = the lanes of text[i..i+8) in [0x20, 0x7e]; i += the run of them from lane 0; all eight: again.
      when(
        bin('i32.le_u', bin('i32.add', get(I), i32(8)), get(END)),
        set(
          M,
          un(
            'i16x8.bitmask',
            bin('i16x8.lt_u', bin('i16x8.sub', loadV128(TEXT, unitAt(I)), i16x8(0x20)), i16x8(0x7f - 0x20)),
          ),
        ),
        // All eight: on at once, so that the next load does not wait for this one's lanes to be counted.
        when(bin('i32.eq', get(M), i32(0xff)), inc(I, 8), br(2)),
        set(I, bin('i32.add', get(I), un('i32.ctz', bin('i32.xor', get(M), i32(-1))))),
      ),
      // a = table[text[i]]; 0: the units after it, one at a time while they are not printable ASCII (the
      // eight-unit test fails at once in a Cyrillic or CJK word, and trying it per unit cost 5 ns a unit)
      set(A, load8(0, bin('i32.add', get(TABLE), load16(TEXT, unitAt(I))))),
      when(
        bin('i32.eq', get(A), i32(0)),
        loop(
          inc(I, 1),
          brIf(3, bin('i32.ge_u', get(I), get(END))),
          set(A, load16(TEXT, unitAt(I))),
          brIf(2, bin('i32.lt_u', bin('i32.sub', get(A), i32(0x20)), i32(0x7f - 0x20))),
          set(A, load8(0, bin('i32.add', get(TABLE), get(A)))),
          brIf(0, bin('i32.eq', get(A), i32(0))),
        ),
      ),
      // a == PLAIN_HIGH and i + 1 < copied and (text[i + 1] & 0xfc00) == 0xdc00: a pair, the unit after it
      when(
        bin('i32.eq', get(A), i32(PLAIN_HIGH)),
        when(
          bin('i32.lt_u', bin('i32.add', get(I), i32(1)), get(COPIED)),
          when(
            bin('i32.eq', bin('i32.and', load16(TEXT + 2, unitAt(I)), i32(0xfc00)), i32(0xdc00)),
            inc(I, 2),
            br(3),
          ),
        ),
      ),
      ret(get(I)),
    ),
  ),
  get(I),
];

const makeScan = compileScanModule({
  memory: TEXT + 2 * (CHUNK + 1),
  params: 4,
  locals: 2,
  state: false,
  body: FIND,
});

export interface UnitScan {
  /** Puts a policy's action table (one byte per code unit) in slot `slot` (0 to 3). */
  table(slot: number, actions: Uint8Array): void;
  /** Starts a search over `text` with the table in `slot`. */
  begin(text: string, slot: number): void;
  /**
   * The first unit at or after `from` of the text begun last that the table acts on (see `FIND`), or the
   * text's length. No object is made per text: with a search object per text, V8 doubled its young
   * generation (8 -> 16 MB) within 60,000 W4 calls; without one, not in 150,000.
   */
  next(from: number): number;
  /** Lets go of the text, which the scanner would otherwise keep alive until the next one begins. */
  end(): void;
}

/** A unit scanner with empty tables (each has its own memory), or undefined without WebAssembly. */
export function createUnitScan(): UnitScan | undefined {
  if (makeScan === undefined) return undefined;
  const { memory, scan } = makeScan();
  const units = Buffer.from(memory, TEXT, 2 * (CHUNK + 1));
  let text = '';
  let table = 0;
  // The chunk in memory: text[base, base + copied); base -1 when none is.
  let base = -1;
  let copied = 0;
  return {
    table(slot, actions) {
      if (slot < 0 || slot >= SLOTS || actions.length !== 0x10000) throw new RangeError('bad action table');
      // The search steps over printable ASCII eight units at a time without reading the table.
      for (let c = 0x20; c < 0x7f; c++)
        if (actions[c] !== 0) throw new RangeError('an action table acts on printable ASCII');
      new Uint8Array(memory, slot << 16, 0x10000).set(actions);
    },
    begin(t, slot) {
      text = t;
      table = slot << 16;
      base = -1;
    },
    end() {
      text = '';
      base = -1;
    },
    next(from) {
      const n = text.length;
      for (;;) {
        if (from >= n) return n;
        if (base < 0 || from < base || from >= base + CHUNK) {
          base = from;
          copied = Math.min(n, base + CHUNK + 1) - base;
          copyUnits(units, text, base, copied, 'utf16le');
        }
        const end = Math.min(n, base + CHUNK) - base;
        const at = base + scan(from - base, end, copied, table);
        if (at < base + end) return at;
        from = at; // past the chunk, maybe by the low half of a pair
      }
    },
  };
}
