import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  createWindowPass,
  fold7,
  followerOf,
  nextWindow,
  START_WINDOW,
  WINDOWS,
  windowOf,
} from '../../src/rules/window-pass.js';
import { prng } from './expand.js';

// The WebAssembly pass is held to the loop it replaces, written out plainly here: every window that passes
// both tables, at the same place, across chunks, with non-ASCII units read by their low byte.

const bit = (table: Int32Array, g: number) => ((table[g >> 5] as number) >>> (g & 31)) & 1;

function expected(first: Uint8Array, follow: Int32Array, text: string): [number, number][] {
  const out: [number, number][] = [];
  const low = (i: number) => fold7(text.charCodeAt(i) & 0xff);
  let g = START_WINDOW;
  for (let i = 0; i < text.length; i++) {
    g = nextWindow(g, low(i));
    if (first[g] === 0) continue;
    const next = i + 1 < text.length ? low(i + 1) : 0x20;
    if (bit(follow, followerOf(g, next))) out.push([i, g]);
  }
  return out;
}

function passed(text: string, pass: NonNullable<ReturnType<typeof createWindowPass>>): [number, number][] {
  const out: [number, number][] = [];
  for (let base = 0; base < text.length; base += CHUNK) {
    const count = pass.chunk(text, base);
    for (let c = 0; c < count; c++) out.push([base + (pass.at[c] as number), pass.window[c] as number]);
  }
  return out;
}

const CHARS = [...'abcABC_-. 0123456789\n', 'é', '日', '\u0161', '\u{1F600}', '\u00ff', '\u0100'];

describe('window pass (WebAssembly)', () => {
  it('finds the windows the plain loop finds, across chunks and to the end of the text', () => {
    const pass = createWindowPass();
    expect(pass, 'WebAssembly runs here').toBeDefined();
    if (pass === undefined) return;
    const next = prng(20261203);
    // Tables dense in windows, so that candidates are many and land everywhere, in every lane of a step.
    for (let g = 0; g < WINDOWS; g++) {
      if (next() < 0.3) pass.first[g] = 1;
      if (next() < 0.5) pass.follow[g >> 5] = (pass.follow[g >> 5] as number) | (1 << (g & 31));
    }
    const lengths = [0, 1, 2, 3, 127, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 5, 3 * CHUNK];
    for (const length of lengths) {
      let text = '';
      while (text.length < length) text += CHARS[Math.floor(next() * CHARS.length)];
      text = text.slice(0, length);
      const want = expected(pass.first, pass.follow, text);
      expect(passed(text, pass), `length ${length}`).toEqual(want);
      if (length > 1000) expect(want.length).toBeGreaterThan(100);
    }
  });

  it('starts each text afresh: no window is carried over from the text before', () => {
    const pass = createWindowPass();
    if (pass === undefined) throw new Error('WebAssembly runs here');
    const abc = windowOf(0x61, 0x62, 0x63);
    pass.first[abc] = 1;
    pass.follow.fill(-1);
    expect(passed(`${'x'.repeat(CHUNK)}ab`, pass)).toEqual([]);
    expect(passed(`c${'x'.repeat(200)}abc`, pass)).toEqual([[203, abc]]);
    // ... but a window that straddles two chunks of one text is found.
    expect(passed(`${'x'.repeat(CHUNK - 2)}abc`, pass)).toEqual([[CHUNK, abc]]);
  });

  it('reads a text as if two spaces came before it, and one after it', () => {
    const pass = createWindowPass();
    if (pass === undefined) throw new Error('WebAssembly runs here');
    const ab = windowOf(0x20, 0x61, 0x62);
    pass.first[ab] = 1;
    const end = followerOf(ab, 0x20);
    pass.follow[end >> 5] = 1 << (end & 31);
    expect(passed('ab', pass)).toEqual([[1, ab]]);
    expect(passed('abc', pass)).toEqual([]);
    expect(passed(`${'x'.repeat(CHUNK - 1)} ab`, pass)).toEqual([[CHUNK + 1, ab]]);
  });

  it('without WebAssembly (node --jitless) long texts are still scanned, character by character', async () => {
    // The built package (`npm test` builds first).
    const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
    const token = 'ghp_YZm695ObEuAJckLtuXowXXoIOarX85ZNu8UG';
    const body = `
      const { sanitizeToolCallResult } = await import(${JSON.stringify(dist)});
      const text = 'x '.repeat(${CHUNK / 2 - 8}) + 'token ${token} ' + 'y '.repeat(30000) + ' ${token}';
      const out = sanitizeToolCallResult({ content: [{ type: 'text', text }] }, { label: 'none' });
      console.log(JSON.stringify([typeof WebAssembly, out.sanitizedResult.content[0].text.match(/\\[REDACTED:[^\\]]+\\]/g)]));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--jitless', '--no-warnings', '--input-type=module', '-e', body],
      { timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toEqual(['undefined', ['[REDACTED:github-pat]', '[REDACTED:github-pat]']]);
  });
});
