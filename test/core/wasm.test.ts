import { describe, expect, it } from 'vitest';
import { bin, compileScanModule, get, globalSet, i32, load16, set, store } from '../../src/core/wasm.js';

describe('WebAssembly assembler', () => {
  it('encodes constants of every width and sign', () => {
    // 63/64 and -64/-65 are where signed LEB128 needs a second byte; the rest are byte and sign edges.
    for (const n of [0, 1, 63, 64, -64, -65, 127, 128, 0x1fffff, 0x7fffffff, -1, -0x80000000]) {
      const make = compileScanModule({ memory: 1, params: 0, locals: 0, state: false, body: [i32(n)] });
      expect(make?.().scan(), String(n)).toBe(n);
    }
  });

  it('gives no scanner for a module the engine rejects, so that its caller falls back', () => {
    // `i32.add` with one operand does not validate: what an engine without an instruction would answer.
    expect(
      compileScanModule({ memory: 1, params: 0, locals: 0, state: false, body: [[0x41, 1, 0x6a]] }),
    ).toBe(undefined);
  });

  it('passes parameters, keeps locals, reads and writes memory at offsets, and exports its state', () => {
    // scan(a, b): memory[16..20) = a + b; state = a; returns the 16-bit unit at byte 16.
    const make = compileScanModule({
      memory: 70_000, // rounded up to two pages
      params: 2,
      locals: 1,
      state: true,
      body: [
        set(2, bin('i32.add', get(0), get(1))),
        store(16, i32(0), get(2)),
        globalSet(0, get(0)),
        load16(16, i32(0)),
      ],
    });
    const instance = make?.();
    expect(instance?.memory.byteLength).toBe(2 * 65536);
    expect(instance?.scan(0x12340, 5)).toBe(0x2345);
    expect(instance?.state()).toBe(0x12340);
    expect(new Int32Array(instance?.memory ?? new ArrayBuffer(0), 16, 1)[0]).toBe(0x12345);
  });
});
