/**
 * @module core/wasm
 * Just enough of the WebAssembly binary format to assemble the scanners' one-function modules from their
 * instructions, so that there is no build step, no generated file, and nothing to load from disk. A module
 * here has one memory of fixed size (exported as `memory`), one function of i32 parameters and i32 locals
 * (exported as `scan`), and optionally one mutable i32 global (exported as `state`). The instructions read
 * as their text format would: `[...get(I), ...load8(TEXT), op['i32.or']]` is `(i32.or (local.get $i) …)`
 * written in stack order.
 */

/** What this project uses of the WebAssembly API (its `lib` has no DOM, where the API is declared). */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: unknown;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Global {
    readonly value: unknown;
  }
}

/** The instructions used, by their text-format names. */
export const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  br_if: 0x0d,
  return: 0x0f,
  'local.get': 0x20,
  'local.set': 0x21,
  'global.get': 0x23,
  'global.set': 0x24,
  'i32.load8_u': 0x2d,
  'i32.load16_u': 0x2f,
  'i32.store': 0x36,
  'i32.const': 0x41,
  'i32.eq': 0x46,
  'i32.lt_u': 0x49,
  'i32.le_u': 0x4d,
  'i32.ge_u': 0x4f,
  'i32.ctz': 0x68,
  'i32.add': 0x6a,
  'i32.and': 0x71,
  'i32.or': 0x72,
  'i32.xor': 0x73,
  'i32.shl': 0x74,
  'i32.shr_u': 0x76,
} as const;

/** The block type of a `block`, `loop` or `if` that leaves nothing on the stack. */
export const VOID = 0x40;
const I32 = 0x7f;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer. */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

export const get = (local: number): number[] => [op['local.get'], local];
export const set = (local: number): number[] => [op['local.set'], local];
export const i32 = (n: number): number[] => [op['i32.const'], ...sleb(n)];
/** Loads and stores at a constant offset from the address on the stack (alignment hints 1, 2 and 4 bytes). */
export const load8 = (offset: number): number[] => [op['i32.load8_u'], 0, ...uleb(offset)];
export const load16 = (offset: number): number[] => [op['i32.load16_u'], 1, ...uleb(offset)];
export const store = (offset: number): number[] => [op['i32.store'], 2, ...uleb(offset)];

/** SIMD instructions (prefix 0xfd), by their text-format names. */
const SIMD = {
  'v128.load': 0x00,
  'v128.const': 0x0c,
  'i16x8.lt_u': 0x30,
  'i16x8.bitmask': 0x84,
  'i16x8.sub': 0x91,
};
export const simd = (name: keyof typeof SIMD): number[] => [0xfd, ...uleb(SIMD[name])];
/** Loads 16 bytes at a constant offset from the address on the stack (alignment hint 2 bytes). */
export const loadV128 = (offset: number): number[] => [...simd('v128.load'), 1, ...uleb(offset)];
/** A vector of eight 16-bit lanes, all `n`. */
export const i16x8 = (n: number): number[] => [
  ...simd('v128.const'),
  ...new Array<number[]>(8).fill([n & 0xff, (n >> 8) & 0xff]).flat(),
];

export interface ScanModule {
  /** Bytes of memory the module needs; rounded up to whole 64 KiB pages. */
  readonly memory: number;
  readonly params: number;
  /** i32 locals after the parameters. */
  readonly locals: number;
  /** Whether the module has the mutable global `state`. */
  readonly state: boolean;
  /** The function's body, without its final `end`. */
  readonly body: readonly number[];
}

export interface ScanInstance {
  readonly memory: ArrayBuffer;
  readonly scan: (...args: number[]) => number;
  /** The global `state` (0 if the module has none). */
  readonly state: () => number;
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}
const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

/** The module's bytes. */
export function assemble(m: ScanModule): Uint8Array {
  const code = [1, ...uleb(m.locals), I32, ...m.body, op.end];
  const exports = [...name('memory'), 2, 0, ...name('scan'), 0, 0];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, m.params, ...new Array<number>(m.params).fill(I32), 1, I32]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, ...uleb(Math.ceil(m.memory / 65536))]),
    ...(m.state ? section(6, [1, I32, 1, ...i32(0), op.end]) : []),
    ...section(7, [m.state ? 3 : 2, ...exports, ...(m.state ? [...name('state'), 3, 0] : [])]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ]);
}

/**
 * Compiles `m` once and returns a function that makes instances of it (each with its own memory), or
 * undefined where WebAssembly cannot run (`node --jitless`): callers then fall back to a JavaScript loop.
 */
export function compileScanModule(m: ScanModule): (() => ScanInstance) | undefined {
  if (typeof WebAssembly === 'undefined') return undefined;
  // Not caught: a module that does not validate is a bug here, to be seen, not to be run around.
  const compiled = new WebAssembly.Module(assemble(m));
  return () => {
    const exports = new WebAssembly.Instance(compiled, {}).exports as {
      memory: WebAssembly.Memory;
      scan: (...args: number[]) => number;
      state?: WebAssembly.Global;
    };
    const state = exports.state;
    return {
      memory: exports.memory.buffer,
      scan: exports.scan,
      state: state === undefined ? () => 0 : () => state.value as number,
    };
  };
}
