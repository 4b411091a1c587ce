import { describe, expect, it } from 'vitest';
import { createAirlock } from '../../src/core/airlock.js';
import type { Sanitizer, ToolResult } from '../../src/core/types.js';

// Keys found clean are kept (within a call, and across the calls of a tool when nothing else could change a
// key's verdict: see cleanKeySets in core/resolve). These pin every case where a kept key must not be trusted.
const TOKEN = 'ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE';
const MASKED = '[REDACTED:github-pat]';
const keysOf = (result: ToolResult, at: string): string[] =>
  Object.keys((result.structuredContent as Record<string, Record<string, unknown>>)[at] ?? {});
const withKey = (key: string, at = 'x'): ToolResult => ({
  content: [],
  structuredContent: { [at]: { [key]: 1 } },
});

describe('clean keys kept from one call to the next', () => {
  it('are masked in a call whose arguments name the key as a secret', () => {
    const airlock = createAirlock({});
    const key = 'hunter2-correct-horse';
    const plain = { toolName: 'login', arguments: { user: 'ada' } };
    expect(keysOf(airlock.sanitizeToolResult(withKey(key), plain).sanitizedResult, 'x')).toEqual([key]);
    const call = { toolName: 'login', arguments: { user: 'ada', password: key } };
    const out = airlock.sanitizeToolResult(withKey(key), call).sanitizedResult;
    expect(keysOf(out, 'x')).toEqual(['[REDACTED]']);
    // And the call after that, without the argument, sees the key as it is again.
    expect(keysOf(airlock.sanitizeToolResult(withKey(key), plain).sanitizedResult, 'x')).toEqual([key]);
  });

  it('are masked for a tool whose rules are on after a tool whose rules are off', () => {
    const airlock = createAirlock({ secrets: { tools: { quiet: 'off' } } });
    const quiet = airlock.sanitizeToolResult(withKey(TOKEN), { toolName: 'quiet' }).sanitizedResult;
    expect(keysOf(quiet, 'x')).toEqual([TOKEN]);
    const loud = airlock.sanitizeToolResult(withKey(TOKEN), { toolName: 'loud' }).sanitizedResult;
    expect(keysOf(loud, 'x')).toEqual([MASKED]);
  });

  it("are masked in a credential tool's error after its success let them through", () => {
    const airlock = createAirlock({ secrets: { credentialTools: ['issue_token'] } });
    const call = { toolName: 'issue_token' };
    const ok = airlock.sanitizeToolResult(withKey(TOKEN), call).sanitizedResult;
    expect(keysOf(ok, 'x')).toEqual([TOKEN]);
    const failed = airlock.sanitizeToolResult({ ...withKey(TOKEN), isError: true }, call).sanitizedResult;
    expect(keysOf(failed, 'x')).toEqual([MASKED]);
  });

  it('still reach a user stage in every call', () => {
    const seen: string[] = [];
    const spy: Sanitizer = {
      name: 'spy',
      text(value, site) {
        if (site.class === 'key') seen.push(value);
        return value;
      },
    };
    const airlock = createAirlock({ after: [spy] });
    airlock.sanitizeToolResult(withKey('status'));
    airlock.sanitizeToolResult(withKey('status'));
    expect(seen.filter((k) => k === 'status')).toHaveLength(2);
  });

  it('come out right past the number of keys kept', () => {
    const airlock = createAirlock({});
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, i]));
    for (let pass = 0; pass < 2; pass++) {
      const out = airlock.sanitizeToolResult({ content: [], structuredContent: { many, x: { [TOKEN]: 1 } } });
      expect(keysOf(out.sanitizedResult, 'many')).toHaveLength(5000);
      expect(keysOf(out.sanitizedResult, 'x')).toEqual([MASKED]);
    }
  });
});

describe('a key allowed by an allowlist scope with a path', () => {
  const airlock = createAirlock({ secrets: { allow: { paths: [{ path: '/structuredContent/a' }] } } });

  it('is masked under every other path, whichever comes first', () => {
    for (const order of [
      ['a', 'b'],
      ['b', 'a'],
    ]) {
      const structuredContent = Object.fromEntries(order.map((at) => [at, { [TOKEN]: 1 }]));
      const out = airlock.sanitizeToolResult({ content: [], structuredContent }).sanitizedResult;
      expect(keysOf(out, 'a'), order.join(',')).toEqual([TOKEN]);
      expect(keysOf(out, 'b'), order.join(',')).toEqual([MASKED]);
    }
  });
});
