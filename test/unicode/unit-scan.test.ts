import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StringClass, UnicodeProfile } from '../../src/core/types.js';
import { cleanText, type RemovalCounts } from '../../src/unicode/clean.js';
import { CHUNK, createUnitScan, PLAIN_HIGH, type UnitScan } from '../../src/unicode/unit-scan.js';
import { prng } from '../rules/expand.js';
import { PIECES } from './pieces.js';

/** The search the WebAssembly function makes, written out plainly. */
function expected(table: Uint8Array, text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const a = table[text.charCodeAt(i)] as number;
    if (a === 0) continue;
    const d = text.charCodeAt(i + 1); // NaN past the end
    if (a === PLAIN_HIGH && d >= 0xdc00 && d <= 0xdfff) {
      i++;
      continue;
    }
    return i;
  }
  return text.length;
}

/** A search over `text` (the scanner begun on it). */
function over(scan: UnitScan, text: string, slot: number): (from: number) => number {
  scan.begin(text, slot);
  return (from) => scan.next(from);
}

/** Long texts of plain runs with the interacting pieces sprinkled in, some sparse and some dense. */
function longTexts(seed: number, count: number): string[] {
  const next = prng(seed);
  const plain = ['a', ' ', 'e', '中', 'é', 'ر', '😀', '\n'];
  const out: string[] = [];
  for (let t = 0; t < count; t++) {
    const length = [256, 300, CHUNK - 3, CHUNK + 2, 2 * CHUNK + 1, 40_000][t % 6] as number;
    const density = [0.002, 0.02, 0.3][Math.floor(next() * 3)] as number;
    let s = '';
    while (s.length < length) {
      const pool = next() < density ? PIECES : plain;
      s += pool[Math.floor(next() * pool.length)];
    }
    out.push(s);
  }
  return out;
}

describe('unit scan (WebAssembly)', () => {
  it('stops where the plain search stops, across chunks, stepping over pairs', () => {
    const scan = createUnitScan();
    if (scan === undefined) throw new Error('WebAssembly runs here');
    const next = prng(20261203);
    const table = new Uint8Array(0x10000);
    for (let c = 0; c < 0x10000; c++) if (next() < 0.02) table[c] = 2 + Math.floor(next() * 20);
    for (let c = 0xd800; c < 0xdc00; c++) table[c] = next() < 0.9 ? PLAIN_HIGH : 2;
    for (let c = 0xdc00; c < 0xe000; c++) table[c] = 3;
    table.fill(0, 0x20, 0x7f); // printable ASCII: no table acts on it (the search steps over it by eights)
    table[0x4e2d] = 0;
    table[0x1b] = 4; // ESC: the stop planted below
    scan.table(2, table);
    const units = [
      0x61, 0x20, 0x7e, 0x7f, 0x1f, 0x4e2d, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0x1b, 0x200b, 0xd800, 0xfeff,
    ];
    for (const length of [1, 255, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3]) {
      for (let round = 0; round < 4; round++) {
        const sparse = round % 2 === 0;
        let text = '';
        while (text.length < length) {
          const u = sparse && next() < 0.97 ? 0x61 : (units[Math.floor(next() * units.length)] as number);
          text += String.fromCharCode(u);
        }
        const search = over(scan, text, 2);
        const got: number[] = [];
        const want: number[] = [];
        for (let i = search(0); i < text.length; i = search(i + 1)) got.push(i);
        for (let i = expected(table, text, 0); i < text.length; i = expected(table, text, i + 1))
          want.push(i);
        expect(got, `length ${length}, round ${round}`).toEqual(want);
      }
    }
    // A pair across a chunk's end is stepped over; a high half that ends the text is a stop.
    // Every place in a group of eight, and a group that ends the chunk or the text.
    for (const at of [0, 1, 7, 8, 9, 15, 300, CHUNK - 8, CHUNK - 1, CHUNK, CHUNK + 7]) {
      const text = `${'a'.repeat(at)}\u001b${'b'.repeat(CHUNK + 40 - at)}`;
      const search = over(scan, text, 2);
      expect(search(0), `a stop at ${at}`).toBe(at);
      expect(search(at + 1)).toBe(text.length);
    }
    const pair = `${'a'.repeat(CHUNK - 1)}\ud83d\ude00${'a'.repeat(10)}`;
    expect(over(scan, pair, 2)(0)).toBe(pair.length);
    expect(over(scan, `${'a'.repeat(300)}\ud83d`, 2)(0)).toBe(300);
  });

  it('takes no table that acts on printable ASCII', () => {
    const scan = createUnitScan();
    const table = new Uint8Array(0x10000);
    table[0x7e] = 5;
    expect(() => scan?.table(0, table)).toThrow(/printable ASCII/);
    table[0x7e] = 0;
    table[0x7f] = 5;
    expect(() => scan?.table(0, table)).not.toThrow();
  });

  it('reads each text begun afresh, even where its positions fall in the chunk of the one before', () => {
    const scan = createUnitScan();
    if (scan === undefined) throw new Error('WebAssembly runs here');
    const table = new Uint8Array(0x10000);
    table[0x7f] = 5; // DEL
    scan.table(0, table);
    const a = `${'x'.repeat(500)}\u007f${'x'.repeat(500)}\u007f`;
    const b = `${'y'.repeat(700)}\u007f${'y'.repeat(100)}`;
    scan.begin(a, 0);
    expect(scan.next(0)).toBe(500);
    scan.begin(b, 0);
    expect(scan.next(0)).toBe(700);
    expect(scan.next(701)).toBe(b.length);
    scan.begin(a, 0);
    expect(scan.next(501)).toBe(1001);
    scan.end(); // lets go of `a`: what is left to search is empty
    expect(scan.next(0)).toBe(0);
  });

  it('cleans long texts exactly as the regex search does (compared with node --jitless)', async () => {
    // The built package (`npm test` builds first) without WebAssembly searches by regex at every length.
    const texts = longTexts(20261204, 36);
    const modes: [StringClass, UnicodeProfile][] = [
      ['document', 'balanced'],
      ['field', 'balanced'],
      ['document', 'strict'],
      ['key', 'strict'],
    ];
    const dir = mkdtempSync(join(tmpdir(), 'airlock-unit-scan-'));
    try {
      const input = join(dir, 'texts.json');
      writeFileSync(input, JSON.stringify({ texts, modes }));
      const clean = fileURLToPath(new URL('../../dist/unicode/clean.js', import.meta.url));
      const body = `
        import { readFileSync } from 'node:fs';
        const { cleanText } = await import(${JSON.stringify(clean)});
        const { texts, modes } = JSON.parse(readFileSync(${JSON.stringify(input)}, 'utf8'));
        const out = [typeof WebAssembly];
        for (const t of texts) for (const [c, p] of modes) { const counts = {}; out.push([cleanText(t, c, p, counts), counts]); }
        console.log(JSON.stringify(out));`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--jitless', '--no-warnings', '--input-type=module', '-e', body],
        { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      );
      const want = JSON.parse(stdout) as unknown[];
      expect(want[0]).toBe('undefined');
      let k = 1;
      let changed = 0;
      for (const t of texts) {
        for (const [c, p] of modes) {
          const counts: RemovalCounts = {};
          const out = cleanText(t, c, p, counts);
          if (out !== t) changed++;
          expect([out, counts], `text of ${t.length} units as ${c}, ${p}`).toEqual(want[k++]);
        }
      }
      expect(changed).toBeGreaterThan(100); // the texts do exercise the cleaning
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
