import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/proxy/log.js';
import { createRelay, type ProxyMessageEvent, type RelayOptions } from '../../src/proxy/relay.js';
import { createFakeAirlock } from './fake-airlock.js';

function setup(extra: Partial<RelayOptions> = {}) {
  const airlock = createFakeAirlock();
  const logs: string[] = [];
  const toClient: unknown[] = [];
  const toServer: string[] = [];
  const events: ProxyMessageEvent[] = [];
  const relay = createRelay(
    {
      airlock,
      serverName: 'srv',
      log: createLogger('debug', (line) => logs.push(line)),
      onMessage: (e) => events.push(e),
      ...extra,
    },
    {
      toClient: (text) => toClient.push(JSON.parse(text)),
      toServer: (text) => toServer.push(text),
    },
  );
  const request = (id: unknown, method: string, params?: unknown) =>
    relay.fromClient(
      JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
    );
  const respond = (id: unknown, result: unknown = {}) =>
    relay.fromServer(JSON.stringify({ jsonrpc: '2.0', id, result }));
  return { airlock, logs, toClient, toServer, events, relay, request, respond };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('relay: pairing and ids', () => {
  it.each([[1], [0], [-7], [2.5], ['abc'], ['1'], [''], ['id with spaces and ünïcode']])(
    'answers request id %j with the same id and a sanitized result',
    (id) => {
      const t = setup();
      t.request(id, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });
      t.respond(id, { content: [{ type: 'text', text: 'hi' }] });
      expect(t.toClient).toEqual([
        {
          jsonrpc: '2.0',
          id,
          result: { sanitized: 'tools/call', value: { content: [{ type: 'text', text: 'hi' }] } },
        },
      ]);
      expect(t.airlock.calls[0]?.call).toEqual({
        serverName: 'srv',
        toolName: 'echo',
        arguments: { message: 'hi' },
      });
      expect(t.relay.pendingCount).toBe(0);
    },
  );

  it('keeps the string id "1" and the number id 1 apart', () => {
    const t = setup();
    t.request(1, 'tools/call', { name: 'a' });
    t.request('1', 'tools/call', { name: 'b' });
    t.respond('1', { n: 'string' });
    t.respond(1, { n: 'number' });
    expect(t.toClient).toEqual([
      { jsonrpc: '2.0', id: '1', result: { sanitized: 'tools/call', value: { n: 'string' } } },
      { jsonrpc: '2.0', id: 1, result: { sanitized: 'tools/call', value: { n: 'number' } } },
    ]);
    expect(t.airlock.calls.map((c) => c.call?.toolName)).toEqual(['b', 'a']);
  });

  it('forwards client text byte for byte', () => {
    const t = setup();
    const text = '{ "jsonrpc" : "2.0", "id": 7, "method": "x/unknown", "params": {"b":1, "a":[2]} }';
    t.relay.fromClient(text);
    t.relay.fromClient('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(t.toServer).toEqual([text, '{"jsonrpc":"2.0","method":"notifications/initialized"}']);
  });

  it('sanitizes each result by the method of its request', () => {
    const t = setup();
    for (const [i, method] of [
      'initialize',
      'prompts/get',
      'resources/read',
      'completion/complete',
      'ping',
    ].entries()) {
      t.request(i, method, {});
      t.respond(i, {});
    }
    expect(t.airlock.calls.map((c) => c.method)).toEqual([
      'initialize',
      'prompts/get',
      'resources/read',
      'completion/complete',
      'ping',
    ]);
  });

  it('sanitizes JSON-RPC errors with the call context and keeps the code', () => {
    const t = setup();
    t.request(3, 'tools/call', { name: 'boom', arguments: { token: 'abcd' } });
    t.relay.fromServer('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"bad"}}');
    expect(t.toClient).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'clean: bad' } }]);
    expect(t.airlock.calls[0]).toMatchObject({
      kind: 'error',
      call: { toolName: 'boom', arguments: { token: 'abcd' } },
    });
  });

  it('rejects a second request with an id that is still pending', () => {
    const t = setup();
    t.request(5, 'tools/call', { name: 'a' });
    t.request(5, 'tools/call', { name: 'b' });
    expect(t.toServer).toHaveLength(1);
    expect(t.toClient).toEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringContaining('Duplicate') } },
    ]);
  });

  it('reports each relayed response to onMessage with method, tool, id and duration', () => {
    const t = setup();
    t.request('a', 'tools/call', { name: 'echo' });
    t.respond('a');
    expect(t.events).toHaveLength(1);
    expect(t.events[0]).toMatchObject({ server: 'srv', method: 'tools/call', tool: 'echo', id: 'a' });
    expect(t.events[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('relay: batches (2025-03-26)', () => {
  it('forwards a host batch as sent, tracks each request, and answers each element of a server batch', () => {
    const t = setup();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
      { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'b' } },
    ]);
    t.relay.fromClient(batch);
    expect(t.toServer).toEqual([batch]);
    expect(t.relay.pendingCount).toBe(2);
    t.relay.fromServer(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'b', result: { n: 2 } },
        { jsonrpc: '2.0', id: 1, result: { n: 1 } },
      ]),
    );
    expect(t.toClient.map((m) => (m as { id: unknown }).id)).toEqual(['b', 1]);
    expect(t.airlock.calls.map((c) => c.call?.toolName)).toEqual(['b', 'a']);
  });

  it('drops invalid elements of a host batch with an error each, forwarding the rest', () => {
    const t = setup();
    t.relay.fromClient(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { id: 2 }]));
    expect(JSON.parse(t.toServer[0] as string)).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(t.toClient).toEqual([{ jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32600 }) }]);
  });
});

describe('relay: garbage from the server is dropped, never forwarded', () => {
  it.each([
    ['a non-JSON line', 'hello from a print statement'],
    ['partial JSON', '{"jsonrpc":"2.0","id":1,"resu'],
    ['a response with an unknown id', '{"jsonrpc":"2.0","id":99,"result":{}}'],
    ['a JSON number', '42'],
    ['an object that is not JSON-RPC', '{"hello":"world"}'],
    ['an error without an id', '{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}'],
  ])('%s', (_name, line) => {
    const t = setup();
    t.request(1, 'tools/call', { name: 'x' });
    t.relay.fromServer(line);
    expect(t.toClient).toEqual([]);
    expect(t.logs.some((l) => l.includes('warn'))).toBe(true);
    expect(t.relay.pendingCount).toBe(1);
  });

  it('drops a duplicate response', () => {
    const t = setup();
    t.request(1, 'tools/call', { name: 'x' });
    t.respond(1, { first: true });
    t.respond(1, { second: true });
    expect(t.toClient).toHaveLength(1);
    expect(t.logs.some((l) => l.includes('unknown id 1'))).toBe(true);
  });

  it.each([
    ['result and error', '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"both"}}'],
    ['a wrong version', '{"jsonrpc":"1.0","id":1,"result":{}}'],
    ['an error that is not an error object', '{"jsonrpc":"2.0","id":1,"error":"nope"}'],
  ])('answers a pending request whose response has %s with an upstream_error', (_name, line) => {
    const t = setup();
    t.request(1, 'tools/call', { name: 'x' });
    t.relay.fromServer(line);
    expect(t.toClient).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: expect.any(String), data: { kind: 'upstream_error' } },
      },
    ]);
  });
});

describe('relay: bad input from the host', () => {
  it.each([
    ['not JSON', 'nope', { code: -32700, id: null }],
    ['no jsonrpc member', '{"id":4,"method":"x"}', { code: -32600, id: 4 }],
    [
      'params that are a string',
      '{"jsonrpc":"2.0","id":4,"method":"x","params":"s"}',
      { code: -32600, id: 4 },
    ],
  ])('%s is answered with an error and not forwarded', (_name, line, expected) => {
    const t = setup();
    t.relay.fromClient(line);
    expect(t.toServer).toEqual([]);
    expect(t.toClient).toEqual([
      { jsonrpc: '2.0', id: expected.id, error: expect.objectContaining({ code: expected.code }) },
    ]);
  });
});

describe('relay: server requests and notifications', () => {
  it('sanitizes server→client request params and passes the host answer through unchanged', () => {
    const t = setup();
    t.relay.fromServer(
      '{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[]}}',
    );
    expect(t.toClient).toEqual([
      {
        jsonrpc: '2.0',
        id: 's1',
        method: 'sampling/createMessage',
        params: { messages: [], sanitized: true },
      },
    ]);
    const answer = '{"jsonrpc":"2.0","id":"s1","result":{"role":"assistant"}}';
    t.relay.fromClient(answer);
    expect(t.toServer).toEqual([answer]);
  });

  it('sanitizes notifications and keeps progress tokens', () => {
    const t = setup();
    t.request(1, 'tools/call', { name: 'slow', _meta: { progressToken: 'p1' } });
    t.relay.fromServer(
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1,"message":"m"}}',
    );
    expect(t.toClient).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p1', progress: 1, message: 'm', sanitized: true },
      },
    ]);
    expect(t.events[0]).toMatchObject({ method: 'notifications/progress', tool: 'slow' });
  });

  it('passes a notification without params as is', () => {
    const t = setup();
    t.relay.fromServer('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}');
    expect(t.toClient).toEqual([{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
  });

  it('forgets a request the host cancelled and drops its late response quietly', () => {
    const t = setup();
    t.request(9, 'tools/call', { name: 'slow' });
    const cancel =
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9,"reason":"user"}}';
    t.relay.fromClient(cancel);
    expect(t.toServer.at(-1)).toBe(cancel);
    expect(t.relay.pendingCount).toBe(0);
    t.respond(9);
    expect(t.toClient).toEqual([]);
    expect(t.logs.some((l) => l.includes('warn'))).toBe(false);
  });
});

describe('relay: remembered context', () => {
  it('passes the outputSchema from tools/list with later calls of that tool', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const real = setup();
    // An identity airlock here: schemas are remembered from the sanitized listing.
    const airlock = real.airlock;
    airlock.sanitizeResponse = (method, result, call) => {
      airlock.calls.push({ kind: 'response', method, call });
      return {
        rawResult: result,
        sanitizedResult: result,
        isSanitized: false,
        report: { version: 1, changed: false, counts: {}, findings: [] },
      };
    };
    real.request(1, 'tools/list', {});
    real.respond(1, { tools: [{ name: 'sum', inputSchema: { type: 'object' }, outputSchema: schema }] });
    real.request(2, 'tools/call', { name: 'sum', arguments: { a: 1 } });
    real.respond(2, { content: [] });
    expect(airlock.calls[1]?.call).toEqual({
      serverName: 'srv',
      toolName: 'sum',
      outputSchema: schema,
      arguments: { a: 1 },
    });
  });

  it('applies transformToolsList after sanitizing', () => {
    const seen: unknown[] = [];
    const t = setup({
      transformToolsList: (result) => {
        seen.push(result);
        return { pinned: true };
      },
    });
    t.request(1, 'tools/list', {});
    t.respond(1, { tools: [] });
    expect(seen).toEqual([{ sanitized: 'tools/list', value: { tools: [] } }]);
    expect(t.toClient).toEqual([{ jsonrpc: '2.0', id: 1, result: { pinned: true } }]);
  });

  it('gives tasks/result the tool name and arguments of the call that created the task', () => {
    const t = setup();
    t.request(1, 'tools/call', {
      name: 'research',
      arguments: { password: 'hunter22' },
      task: { ttl: 1000 },
    });
    t.respond(1, { task: { taskId: 'task-1', status: 'working' } });
    t.request(2, 'tasks/result', { taskId: 'task-1' });
    t.respond(2, { content: [] });
    expect(t.airlock.calls[1]).toMatchObject({
      method: 'tasks/result',
      call: { toolName: 'research', arguments: { password: 'hunter22' } },
    });
  });
});

describe('relay: faults', () => {
  it('answers a request that times out, cancels it upstream, and drops the late response', () => {
    vi.useFakeTimers();
    const t = setup({ timeoutMs: 1000 });
    t.request(1, 'tools/call', { name: 'hang' });
    vi.advanceTimersByTime(1001);
    expect(t.toClient).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32001, message: expect.any(String), data: { kind: 'timeout' } },
      },
    ]);
    expect(JSON.parse(t.toServer.at(-1) as string)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'timeout' },
    });
    t.respond(1);
    expect(t.toClient).toHaveLength(1);
    expect(t.relay.pendingCount).toBe(0);
  });

  it('answers every pending request once when the upstream dies, and later requests too', () => {
    const t = setup();
    for (const id of [1, 'two', 3]) t.request(id, 'tools/call', { name: 'x' });
    t.relay.upstreamClosed('server exited with code 1');
    t.request(4, 'tools/list', {});
    const ids = t.toClient.map((m) => (m as { id: unknown }).id);
    expect(ids).toEqual([1, 'two', 3, 4]);
    for (const m of t.toClient) {
      expect(m).toMatchObject({ error: { code: -32000, data: { kind: 'upstream_error' } } });
    }
    expect(t.toServer).toHaveLength(3);
  });

  it.each([
    ['id first', '{"id":7,"jsonrpc":"2.0","result":{"content":[{"type":"text","text":"', 'aaaa"}]}}'],
    ['id after jsonrpc', '{"jsonrpc":"2.0","id":7,"result":{"x":"', 'aaaa"}}'],
    [
      'id last (SDK order)',
      '{"result":{"content":[{"type":"text","text":"',
      'aaa"}]},"jsonrpc":"2.0","id":7}',
    ],
  ])('answers an oversize response (%s) with payload_too_large', (_name, head, tail) => {
    const t = setup();
    t.request(7, 'tools/call', { name: 'big' });
    t.relay.serverOversize({ bytes: 100_000_000, head, tail }, 1000);
    expect(t.toClient).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32002, message: expect.any(String), data: { kind: 'payload_too_large' } },
      },
    ]);
  });

  it('does not guess an id from the middle of an oversize message', () => {
    const t = setup();
    t.request(7, 'tools/call', { name: 'big' });
    t.relay.serverOversize({ bytes: 10_000, head: '{"result":{"nested":{"id":7,', tail: 'xx"}}}' }, 1000);
    expect(t.toClient).toEqual([]);
  });

  it('holds host messages while the upstream restarts and replays the initialize', () => {
    const t = setup();
    const init = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}';
    t.relay.fromClient(init);
    t.respond(0, {});
    t.relay.fromClient('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    t.relay.upstreamClosed('crash', true);
    t.request(1, 'tools/list', {});
    expect(t.toServer).toHaveLength(2);
    t.relay.upstreamRestarted();
    const replay = JSON.parse(t.toServer[2] as string);
    expect(replay).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(String(replay.id)).toMatch(/^mcp-airlock:/);
    t.respond(replay.id, {});
    expect(t.toServer.slice(3).map((s) => JSON.parse(s).method)).toEqual([
      'notifications/initialized',
      'tools/list',
    ]);
    expect(t.toClient).toHaveLength(1);
  });
});
