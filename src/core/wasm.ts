/**
 * @module core/wasm
 * Just enough of the WebAssembly binary format to assemble the scanners' one-function modules from their
 * instructions, so that there is no build step, no generated file, and nothing to load from disk. A module
 * here has one memory of fixed size (exported as `memory`), one function of i32 parameters and i32 locals
 * (exported as `scan`), and optionally one mutable i32 global (exported as `state`). Code is written in the
 * text format's folded form, each helper returning its bytes: `set(G, bin('i32.or', get(G), i32(1)))` is
 * `(local.set $g (i32.or (local.get $g) (i32.const 1)))`.
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
  class CompileError extends Error {}
}

/** The instructions used, by their text-format names. */
const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  br_if: 0x0d,
  return: 0x0f,
  'local.get': 0x20,
  'local.set': 0x21,
  'global.set': 0x24,
  'i32.load': 0x28,
  'i32.load8_u': 0x2d,
  'i32.load16_u': 0x2f,
  'i32.store': 0x36,
  'i32.const': 0x41,
} as const;

/** Instructions that take two i32 operands (or, prefixed, two vectors) and leave one value. */
const BINARY = {
  'i32.eq': [0x46],
  'i32.lt_u': [0x49],
  'i32.le_u': [0x4d],
  'i32.ge_u': [0x4f],
  'i32.add': [0x6a],
  'i32.sub': [0x6b],
  'i32.and': [0x71],
  'i32.or': [0x72],
  'i32.xor': [0x73],
  'i32.shl': [0x74],
  'i32.shr_u': [0x76],
  'i16x8.lt_u': [0xfd, 0x30],
  'i16x8.sub': [0xfd, 0x91, 0x01],
} as const;

/** Instructions that take one operand. */
const UNARY = { 'i32.ctz': [0x68], 'i16x8.bitmask': [0xfd, 0x84, 0x01] } as const;

/** The block type of a `block`, `loop` or `if` that leaves nothing on the stack. */
const VOID = 0x40;
const I32 = 0x7f;

/** Bytes of code: one instruction with its operands, or several. */
export type Code = readonly number[];

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

export const get = (local: number): Code => [op['local.get'], local];
export const set = (local: number, value: Code): Code => [...value, op['local.set'], local];
/** `local += n`. */
export const inc = (local: number, n: number): Code => set(local, bin('i32.add', get(local), i32(n)));
export const globalSet = (global: number, value: Code): Code => [...value, op['global.set'], global];
export const i32 = (n: number): Code => [op['i32.const'], ...sleb(n)];
/** A vector of eight 16-bit lanes, all `n`. */
export const i16x8 = (n: number): Code => [
  0xfd,
  0x0c,
  ...new Array<number[]>(8).fill([n & 0xff, (n >> 8) & 0xff]).flat(),
];
export const bin = (name: keyof typeof BINARY, a: Code, b: Code): Code => [...a, ...b, ...BINARY[name]];
export const un = (name: keyof typeof UNARY, a: Code): Code => [...a, ...UNARY[name]];

// Memory at a constant offset from an address: alignment hints 1, 2, 4 and 2 bytes; `load32` at any byte.
export const load8 = (offset: number, address: Code): Code => [
  ...address,
  op['i32.load8_u'],
  0,
  ...uleb(offset),
];
export const load16 = (offset: number, address: Code): Code => [
  ...address,
  op['i32.load16_u'],
  1,
  ...uleb(offset),
];
/** Four bytes as a little-endian i32, from any address: the hint says no alignment is promised. */
export const load32 = (offset: number, address: Code): Code => [
  ...address,
  op['i32.load'],
  0,
  ...uleb(offset),
];
export const store = (offset: number, address: Code, value: Code): Code => [
  ...address,
  ...value,
  op['i32.store'],
  2,
  ...uleb(offset),
];
/** Sixteen bytes as a vector (`v128.load`). */
export const loadV128 = (offset: number, address: Code): Code => [...address, 0xfd, 0x00, 1, ...uleb(offset)];

// Control. Branch depths count the enclosing blocks, loops and ifs from the innermost (0).
export const block = (...body: Code[]): Code => [op.block, VOID, ...body.flat(), op.end];
export const loop = (...body: Code[]): Code => [op.loop, VOID, ...body.flat(), op.end];
/** `(if cond (then ...body))`: an if without else. */
export const when = (cond: Code, ...body: Code[]): Code => [...cond, op.if, VOID, ...body.flat(), op.end];
export const br = (depth: number): Code => [op.br, depth];
export const brIf = (depth: number, cond: Code): Code => [...cond, op.br_if, depth];
export const ret = (value: Code): Code => [...value, op.return];

export interface ScanModule {
  /** Bytes of memory the module needs; rounded up to whole 64 KiB pages. */
  readonly memory: number;
  readonly params: number;
  /** i32 locals after the parameters. */
  readonly locals: number;
  /** Whether the module has the mutable global `state`. */
  readonly state: boolean;
  /** The function's body, without its final `end`. */
  readonly body: readonly Code[];
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
  const code = [1, ...uleb(m.locals), I32, ...m.body.flat(), op.end];
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
 * undefined where WebAssembly cannot run (`node --jitless`) or the engine rejects the module: callers then
 * fall back to JavaScript.
 */
export function compileScanModule(m: ScanModule): (() => ScanInstance) | undefined {
  if (typeof WebAssembly === 'undefined') return undefined;
  let compiled: WebAssembly.Module;
  try {
    compiled = new WebAssembly.Module(assemble(m));
  } catch (error) {
    // An engine that cannot compile an instruction used here (SIMD, where the CPU or build lacks it) rejects
    // the module: the caller's JavaScript path serves instead. The tests require both scanners to compile, so
    // a module broken by this assembler is caught there rather than run around.
    if (error instanceof WebAssembly.CompileError) return undefined;
    throw error;
  }
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
