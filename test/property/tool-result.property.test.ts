import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AirlockOptions,
  createAirlock,
  DEFAULT_BOUNDS,
  REPORT_KEY,
  UNTRUSTED_KEY,
} from '../../src/index.js';
import { options as optionsArb, RUNS, toolResult } from './arbitraries.js';

const KEY = 'property-key-0123456789';
const call = { toolName: 'tool', serverName: 'server' };

/**
 * Written apart from the implementation's tables: a code point no output may carry. Tag characters are
 * allowed only inside an emoji flag tag sequence (U+1F3F4, tag letters, U+E007F).
 */
function forbiddenIn(text: string): string | null {
  const withoutFlags = text.replace(/\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,8}\u{E007F}/gu, '');
  for (let i = 0; i < withoutFlags.length; i++) {
    const c = withoutFlags.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = withoutFlags.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return `lone high surrogate at ${i}`;
      const cp = withoutFlags.codePointAt(i)!;
      if (cp >= 0xe0000 && cp <= 0xe007f) return `tag U+${cp.toString(16)}`;
      if (
        (cp >= 0x1bca0 && cp <= 0x1bca3) ||
        (cp >= 0xe0080 && cp <= 0xe0fff && !(cp >= 0xe0100 && cp <= 0xe01ef))
      )
        return `invisible U+${cp.toString(16)}`;
      if ((cp & 0xfffe) === 0xfffe) return `noncharacter U+${cp.toString(16)}`;
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `lone low surrogate at ${i}`;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f))
      return `control U+${c.toString(16)}`;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return `bidi U+${c.toString(16)}`;
    if (
      c === 0xfeff ||
      c === 0x200b ||
      (c >= 0x2060 && c <= 0x2064) ||
      c === 0x00ad ||
      (c >= 0xfff0 && c <= 0xfffb)
    ) {
      return `invisible U+${c.toString(16)}`;
    }
    if ((c >= 0xfdd0 && c <= 0xfdef) || c === 0xfffe || c === 0xffff)
      return `noncharacter U+${c.toString(16)}`;
  }
  return null;
}

/** Every string (values and keys) of a value, with its pointer, skipping the airlock's own `_meta` entries. */
function* strings(value: unknown, path = ''): Generator<[string, string, 'value' | 'key']> {
  if (typeof value === 'string') yield [path, value, 'value'];
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* strings(item, `${path}/${i}`);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === REPORT_KEY || key === UNTRUSTED_KEY) continue;
      yield [path, key, 'key'];
      yield* strings(item, `${path}/${key}`);
    }
  }
}

/** The value `pointer` (RFC 6901) names in `root`, or undefined where it names nothing. */
function at(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function airlockFor(options: AirlockOptions) {
  return createAirlock({ ...options, spotlight: { key: KEY } });
}

describe('sanitizeToolResult properties', () => {
  it('holds every invariant of DESIGN.md on random hostile results', () => {
    fc.assert(
      fc.property(toolResult, optionsArb, (input, options) => {
        const before = JSON.stringify(input);
        const airlock = airlockFor(options as AirlockOptions);
        const first = airlock.sanitizeToolResult(input, call);
        const out = first.sanitizedResult;
        // input untouched, rawResult the same reference
        expect(JSON.stringify(input)).toBe(before);
        expect(first.rawResult).toBe(input);
        // valid for the SDK
        const parsed = CallToolResultSchema.safeParse(out);
        expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0])).toBe(true);
        // deterministic, across airlock instances with the same options
        expect(
          JSON.stringify(
            airlockFor(options as AirlockOptions).sanitizeToolResult(input, call).sanitizedResult,
          ),
        ).toBe(JSON.stringify(out));
        // idempotent
        expect(JSON.stringify(airlock.sanitizeToolResult(out, call).sanitizedResult)).toBe(
          JSON.stringify(out),
        );
        // bounds and forbidden code points
        const bounds = { ...DEFAULT_BOUNDS, ...(options.bounds as object) };
        const profileStrict = options.profile === 'strict';
        for (const [path, text, kind] of strings(out)) {
          if (kind === 'key') expect(text.length, path).toBeLessThanOrEqual(bounds.key);
          else if (path === '/content/0/text' && options.label !== 'none')
            continue; // our own notice
          else if (/^\/content\/\d+\/text$/.test(path)) {
            expect(text.length, path).toBeLessThanOrEqual(
              out.isError === true ? bounds.error : bounds.document,
            );
          } else if (path.startsWith('/structuredContent'))
            expect(text.length, path).toBeLessThanOrEqual(Math.max(bounds.field, bounds.document));
          if (!/\/(data|blob)$/.test(path))
            expect(forbiddenIn(text), `${path}: ${JSON.stringify(text)}`).toBeNull();
          if (profileStrict && kind === 'value' && !/\/(data|blob)$/.test(path)) {
            expect(/\u200C|\u200D|\u200E|\u200F/.test(text), path).toBe(false);
          }
        }
        // the untrusted pointers name what is in the output
        const untrusted = out._meta?.[UNTRUSTED_KEY] as { paths: string[] } | undefined;
        for (const pointer of untrusted?.paths ?? []) expect(at(out, pointer), pointer).toBeDefined();
        // the report carries types, pointers and counts only
        expect(first.report.version).toBe(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws, whatever it is given', () => {
    const airlock = createAirlock();
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true }),
        (value) => {
          const out = airlock.sanitizeToolResult(value, call);
          expect(CallToolResultSchema.safeParse(out.sanitizedResult).success).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
