/**
 * @module test/reliability/memory
 * 20,000 calls in one process retain no memory: the airlock alone, and the proxy relay with the real airlock
 * in front of it. Each run is a child `node --expose-gc` on the built package (dist/, which `npm test` builds
 * first), so that a full collection before and after measures retained heap, not garbage. The bound is on
 * memory, never on time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const CALLS = 20_000;
/** Retained heap growth allowed over 20,000 calls: 10 MB, where a leak of ~500 bytes per call would show. */
const BOUND = 10 * 1024 * 1024;

/** A script body that defines `step(i)`; run it `CALLS` times between two full collections. */
function measure(setup: string): { before: number; after: number; calls: number } {
  const script = `
    const dist = ${JSON.stringify(DIST)};
    const { createAirlock } = await import(dist + 'index.js');
    ${setup}
    const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };
    for (let i = 0; i < 1000; i++) step(i); // warm up: caches, JIT, lazily built tables
    const before = heap();
    for (let i = 0; i < ${CALLS}; i++) step(i);
    const after = heap();
    process.stdout.write(JSON.stringify({ before, after, calls: ${CALLS} }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(out) as { before: number; after: number; calls: number };
}

/** A ~2 KB CallToolResult with something for every stage: bidi, ANSI, a secret, structured data. */
const RESULT_SETUP = `
  const airlock = createAirlock();
  const secret = 'ghp_' + 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5';
  const result = (i) => ({
    content: [
      { type: 'text', text: 'row ' + i + ' \\u202Eevil\\u202C \\u001b[31mred\\u001b[0m token ' + secret + ' ' + 'lorem ipsum '.repeat(120) },
      { type: 'resource_link', uri: 'file:///notes/' + i + '.txt', name: 'note ' + i },
    ],
    structuredContent: { id: i, title: 'title\\u200B' + i, tags: ['a', 'b', 'c'], body: 'dolor sit amet '.repeat(20) },
  });
`;

describe('memory', () => {
  it('dist/ is built (npm test builds it first)', () => {
    expect(existsSync(`${DIST}index.js`)).toBe(true);
  });

  it(`retains under 10 MB over ${CALLS} sanitizeToolResult calls of a ~2 KB result`, () => {
    const m = measure(`
      ${RESULT_SETUP}
      if (JSON.stringify(result(0)).length < 2000) throw new Error('result too small');
      const step = (i) => {
        const out = airlock.sanitizeToolResult(result(i), { toolName: 'search', serverName: 'web', arguments: { password: 'pw-' + i } });
        if (!out.isSanitized) throw new Error('not sanitized');
      };
    `);
    expect(m.calls).toBe(CALLS);
    expect(m.after - m.before).toBeLessThan(BOUND);
  });

  it(`retains under 10 MB over ${CALLS} requests through the proxy relay with the real airlock`, () => {
    const m = measure(`
      ${RESULT_SETUP}
      const { createRelay } = await import(dist + 'proxy/relay.js');
      const { createLogger } = await import(dist + 'proxy/log.js');
      let answered = 0;
      let sent = 0;
      const relay = createRelay(
        { airlock, serverName: 'web', log: createLogger('silent') },
        { toClient: () => { answered++; }, toServer: () => {} },
      );
      // Every id distinct, as a long-lived host sends them: nothing per id may stay behind.
      const step = (i) => {
        sent++;
        relay.fromClient(JSON.stringify({ jsonrpc: '2.0', id: 'req-' + i, method: 'tools/call', params: { name: 'search', arguments: { q: i } } }));
        relay.fromServer(JSON.stringify({ jsonrpc: '2.0', id: 'req-' + i, result: result(i) }));
        if (answered !== sent) throw new Error('not answered: ' + i);
      };
    `);
    expect(m.calls).toBe(CALLS);
    expect(m.after - m.before).toBeLessThan(BOUND);
  });
});
