import { describe, expect, it } from 'vitest';
import { type AirlockOptions, createAirlock, type Sanitizer, type ToolResult } from '../../src/index.js';
import { prng } from '../rules/expand.js';

// The mirror is held to its definition, written out plainly: a text block that is the JSON text of the
// server's structuredContent (compact, or indented by two) comes out as the JSON text of the sanitized value in
// the same form; any other text block is sanitized as text, as it would be in a result without
// structuredContent.

const TOKEN = 'ghp_YZm695ObEuAJckLtuXowXXoIOarX85ZNu8UG';
const WORDS = [
  'ok',
  'a\u200Bb',
  'x\u202Ey',
  TOKEN,
  `key=${TOKEN}`,
  'plain text',
  '"quoted"',
  'line\nbreak',
  '日本',
];
const KEYS = ['id', 'title', 'a\u200Bkey', '__proto__', '1', 'body'];

function randomValue(next: () => number, depth: number): unknown {
  const r = next();
  if (depth >= 4 || r < 0.45) {
    if (r < 0.3) return WORDS[Math.floor(next() * WORDS.length)];
    if (r < 0.36) return Math.floor(next() * 1000);
    if (r < 0.38) return Number.NaN;
    if (r < 0.41) return next() < 0.5;
    return null;
  }
  const size = Math.floor(next() * 6);
  if (r < 0.7) return Array.from({ length: size }, () => randomValue(next, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) {
    const key = KEYS[Math.floor(next() * KEYS.length)] as string;
    Object.defineProperty(out, key, {
      value: randomValue(next, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The server's JSON text of `value`, or a near miss: one character changed, dropped or added somewhere. */
function textFor(next: () => number, value: unknown, indent: number | undefined): string {
  const json = JSON.stringify(value, null, indent);
  if (next() < 0.6) return json;
  const at = Math.floor(next() * json.length);
  const r = next();
  if (r < 0.33) return json.slice(0, at) + json.slice(at + 1);
  if (r < 0.66) return `${json.slice(0, at)}\u200B${json.slice(at)}`;
  return `${json.slice(0, at)}${json[at] === 'a' ? 'b' : 'a'}${json.slice(at + 1)}`;
}

/** The text of a result's first block. */
const firstText = (result: ToolResult): string | undefined =>
  (result.content?.[0] as unknown as { text?: string } | undefined)?.text;

const RAISED: AirlockOptions = { label: 'none', bounds: { document: 1e9, field: 1e9, result: 1e9 } };

function check(options: AirlockOptions, seed: number, results: number) {
  const airlock = createAirlock({ ...RAISED, ...options });
  const next = prng(seed);
  let mirrored = 0;
  for (let n = 0; n < results; n++) {
    let structuredContent = randomValue(next, 0);
    // An object: an array is moved into a text block of its own in sessions before 2026-07-28.
    if (
      typeof structuredContent !== 'object' ||
      structuredContent === null ||
      Array.isArray(structuredContent)
    )
      structuredContent = { value: structuredContent };
    const indent = next() < 0.5 ? undefined : 2;
    const text = textFor(next, structuredContent, indent);
    const out = airlock.sanitizeToolResult({
      content: [{ type: 'text', text }],
      structuredContent,
    }).sanitizedResult;
    const got = firstText(out);
    if (text === JSON.stringify(structuredContent, null, indent)) {
      mirrored++;
      expect(got, text).toBe(JSON.stringify(out.structuredContent, null, indent));
    } else {
      const alone = airlock.sanitizeToolResult({ content: [{ type: 'text', text }] }).sanitizedResult;
      expect(got, text).toBe(firstText(alone));
    }
  }
  return mirrored;
}

describe('the text mirror of structuredContent', () => {
  it('is regenerated from the sanitized value exactly when it is the JSON text of the server value', () => {
    expect(check({}, 20261203, 3000)).toBeGreaterThan(1000);
  });

  it('... also when arrays are cut, keys renamed or dropped and subtrees converted', () => {
    expect(check({ structure: { maxItems: 3, maxDepth: 2 } }, 7, 2000)).toBeGreaterThan(500);
  });

  it('... also with what a stage of the user changed', () => {
    const shout: Sanitizer = { name: 'shout', text: (s) => s.replaceAll('ok', 'OK') };
    expect(check({ after: [shout] }, 11, 2000)).toBeGreaterThan(500);
  });

  it('comes out of an error result as an error text: newlines on one line, and the same on a second pass', () => {
    const airlock = createAirlock({ label: 'none' });
    const structuredContent = { errors: [{ code: 'E1', detail: 'bad\u200Binput' }] };
    const text = JSON.stringify(structuredContent, null, 2);
    const once = airlock.sanitizeToolResult({
      content: [{ type: 'text', text }],
      structuredContent,
      isError: true,
    });
    const got = firstText(once.sanitizedResult) as string;
    expect(got).not.toContain('\n');
    expect(got).toBe(JSON.stringify(once.sanitizedResult.structuredContent, null, 2).replace(/\n/g, ' '));
    const twice = airlock.sanitizeToolResult(once.sanitizedResult).sanitizedResult;
    expect(twice).toEqual(once.sanitizedResult);
  });

  it("is cut to its block's bound with the cut reported, and a second pass leaves it as it is", () => {
    const airlock = createAirlock({ label: 'none', bounds: { document: 200 } });
    const structuredContent = {
      items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `x\u200By ${i}` })),
    };
    const text = JSON.stringify(structuredContent);
    const once = airlock.sanitizeToolResult({ content: [{ type: 'text', text }], structuredContent });
    const got = firstText(once.sanitizedResult) as string;
    expect(got.length).toBeLessThanOrEqual(200);
    expect(got).toMatch(/\[truncated \d+ chars\]$/);
    expect(once.report.findings).toContainEqual(
      expect.objectContaining({ path: '/content/0/text', action: 'truncated', class: 'document' }),
    );
    const twice = airlock.sanitizeToolResult(once.sanitizedResult).sanitizedResult;
    expect(twice).toEqual(once.sanitizedResult);
  });

  it.each([
    ['spotlight', { key: 'mirror-test-key-0123456789' }],
    ['spotlight with datamarking', { key: 'mirror-test-key-0123456789', datamark: true }],
  ])('is recognised under our own %s on a second pass, not read as text', (_name, spotlight) => {
    const airlock = createAirlock({ label: 'spotlight', spotlight });
    // As text, `"password=":229789430` reads as an assignment; as the mirror of a number it is none.
    const structuredContent = { settings: { 'password=': 229789430, note: 'a b c' } };
    for (const indent of [undefined, 2]) {
      const text = JSON.stringify(structuredContent, null, indent);
      const once = airlock.sanitizeToolResult({ content: [{ type: 'text', text }], structuredContent });
      expect(once.report.findings).toEqual([]);
      const twice = airlock.sanitizeToolResult(once.sanitizedResult);
      expect(twice.sanitizedResult).toEqual(once.sanitizedResult);
    }
  });

  it('is made again from what the whole-result budget left of structuredContent, when the budget left it whole', () => {
    const airlock = createAirlock({ label: 'none', bounds: { document: 160, field: 32, result: 64 } });
    // The mirror (its field cut to 32) fits the budget and spends it; structuredContent's field is then emptied.
    const structuredContent = { 'password=': -10612, '': [{ '': 'x'.repeat(100) }] };
    const text = JSON.stringify(structuredContent);
    const once = airlock.sanitizeToolResult({ content: [{ type: 'text', text }], structuredContent });
    const out = once.sanitizedResult;
    expect(firstText(out)).toBe(JSON.stringify(out.structuredContent));
    expect(airlock.sanitizeToolResult(out).sanitizedResult).toEqual(out);
  });

  it('stays as the budget counted it when cut to its bound, so that a second pass budgets alike', () => {
    // Random seed 414633152: a mirror cut to its bound, made again from what the budget left of
    // structuredContent, came out one character longer (its cut's marker a digit shorter), and a second pass,
    // reading that text first, left the converted subtree one character less: empty.
    const airlock = createAirlock({
      label: 'none',
      bounds: { document: 160, field: 474, result: 191 },
      structure: { maxDepth: 100, maxItems: 3 },
    });
    let deep: unknown = { k: ['bottom\u202E'] };
    for (let level = 1; level < 108; level++) deep = { k: [deep] };
    const structuredContent = { deep };
    const text = JSON.stringify(structuredContent);
    const once = airlock.sanitizeToolResult({ content: [{ type: 'text', text }], structuredContent });
    const out = once.sanitizedResult;
    expect(firstText(out)).toMatch(/\[truncated \d+ chars\]$/);
    expect(airlock.sanitizeToolResult(out).sanitizedResult).toEqual(out);
  });
});
