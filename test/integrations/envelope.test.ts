import { describe, expect, it, vi } from 'vitest';
import {
  envelopeResult,
  errorResult,
  kindForStatus,
  UNTRUSTED_CONTENT_NOTICE,
} from '../../src/integrations/envelope.js';
import { createFakeAirlock } from './fake-airlock.js';

vi.mock('../../src/core/airlock.js', () => ({
  createAirlock: () => {
    throw new Error('these tests pass their own airlock');
  },
}));

const request = { method: 'GET', path: '/repos/o/r/issues' };
const parse = (result: { content: [{ text: string }] }) => JSON.parse(result.content[0].text);

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function depthOf(value: unknown): number {
  return Array.isArray(value) ? 1 + Math.max(0, ...value.map(depthOf)) : 0;
}

describe('kindForStatus', () => {
  it.each([
    [400, 'invalid_params'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [408, 'timeout'],
    [413, 'payload_too_large'],
    [422, 'invalid_params'],
    [429, 'rate_limited'],
    [500, 'upstream_error'],
    [502, 'upstream_error'],
    [503, 'upstream_error'],
    [504, 'timeout'],
    [599, 'upstream_error'],
    [418, 'upstream_error'],
  ])('%i → %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });
});

describe('errorResult', () => {
  it.each([
    [
      { status: 404, message: 'no such repo' },
      { status: 404, kind: 'not_found', message: 'no such repo' },
    ],
    [
      { status: 500, message: 'db \u202Edown' },
      { status: 500, kind: 'upstream_error', message: 'db down' },
    ],
    [
      { status: 400, message: 'quota', kind: 'rate_limited' as const },
      { status: 400, kind: 'rate_limited', message: 'quota' },
    ],
  ])('%j → %j, message sanitized as class error', (input, expected) => {
    const airlock = createFakeAirlock();
    const result = errorResult(input, { airlock });
    expect(result.isError).toBe(true);
    expect(parse(result)).toEqual({ error: expected });
    expect(airlock.calls.filter((c) => c.kind === 'text').map((c) => c.textClass)).toEqual(['error']);
  });
});

describe('envelopeResult', () => {
  it('holds the six keys in order with a fixed notice, strings as fields and keys as keys', () => {
    const airlock = createFakeAirlock();
    const result = envelopeResult(
      {
        identity: { user: 'bo\u200Bb' },
        request,
        status: 200,
        pagination: { page: 1 },
        data: { 't\u2066itle': 'a\u202Eb' },
      },
      { airlock },
    );
    const body = parse(result);
    expect(Object.keys(body)).toEqual([
      'identity',
      'request',
      'status',
      'pagination',
      'untrusted_content',
      'data',
    ]);
    expect(body).toEqual({
      identity: { user: 'bob' },
      request,
      status: 200,
      pagination: { page: 1 },
      untrusted_content: UNTRUSTED_CONTENT_NOTICE,
      data: { title: 'ab' },
    });
    const classes = new Set(airlock.calls.filter((c) => c.kind === 'text').map((c) => c.textClass));
    expect(classes).toEqual(new Set(['field', 'key']));
    expect(result.isError).toBeUndefined();
  });

  it('fills absent identity and pagination with null', () => {
    const body = parse(
      envelopeResult({ request, status: 204, data: null }, { airlock: createFakeAirlock() }),
    );
    expect(body.identity).toBeNull();
    expect(body.pagination).toBeNull();
  });

  it.each([
    [5, 5, 5],
    [6, 5, 6],
    [1000, 5, 6],
  ])('cuts an array of %i items at maxItems %i (%i entries with the marker)', (length, maxItems, kept) => {
    const data = Array.from({ length }, (_, i) => i);
    const body = parse(
      envelopeResult({ request, status: 200, data }, { airlock: createFakeAirlock(), maxItems }),
    );
    expect(body.data).toHaveLength(kept);
    if (length > maxItems) expect(body.data.at(-1)).toBe(`[truncated ${length - maxItems} items]`);
  });

  it.each([
    [100, false],
    [101, true],
    [5000, true],
  ])('JSON %i levels deep becomes text past depth 100: %s', (levels, converted) => {
    const body = parse(
      envelopeResult({ request, status: 200, data: nested(levels) }, { airlock: createFakeAirlock() }),
    );
    expect(depthOf(body.data)).toBeLessThanOrEqual(100);
    expect(JSON.stringify(body.data).includes('"[')).toBe(converted);
  });

  it('holds the whole text to maxChars', () => {
    const data = Array.from({ length: 50 }, (_, i) => `row ${i} ${'x'.repeat(200)} "quoted"`);
    const result = envelopeResult(
      { request, status: 200, data },
      { airlock: createFakeAirlock(), maxChars: 2000 },
    );
    expect(result.content[0].text.length).toBeLessThanOrEqual(2000);
    expect(parse(result).untrusted_content).toBe(UNTRUSTED_CONTENT_NOTICE);
  });

  it.each([
    ['at the limit', 1024, false],
    ['above the limit', 1025, true],
  ])('a binary body %s', (_title, size, tooLarge) => {
    const data = new Uint8Array(size).fill(7);
    const result = envelopeResult(
      { request, status: 200, data, contentType: 'application/zip' },
      { airlock: createFakeAirlock(), maxBinaryBytes: 1024 },
    );
    const body = parse(result);
    if (tooLarge) {
      expect(result.isError).toBe(true);
      expect(body.error).toMatchObject({ status: 413, kind: 'payload_too_large' });
    } else {
      expect(body.data).toEqual({
        content_base64: Buffer.from(data).toString('base64'),
        content_type: 'application/zip',
        size,
      });
    }
  });

  it('keeps __proto__ as data, marks cycles, and never mutates the input', () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "list": [1]}') as Record<string, unknown>;
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const before = JSON.stringify(data);
    const body = parse(
      envelopeResult({ request, status: 200, data: { data, cyclic } }, { airlock: createFakeAirlock() }),
    );
    expect(Object.getOwnPropertyDescriptor(body.data.data, '__proto__')?.value).toEqual({ polluted: true });
    expect(body.data.cyclic.self).toBe('[circular]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(data)).toBe(before);
  });

  it('is deterministic', () => {
    const airlock = createFakeAirlock();
    const input = { request, status: 200, data: { a: [1, 'two', { three: 3 }] } };
    expect(envelopeResult(input, { airlock })).toEqual(envelopeResult(input, { airlock }));
  });
});
