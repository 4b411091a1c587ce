/**
 * The proxy over real Streamable HTTP, both sides: server-everything in streamableHttp mode on a loopback port,
 * the built CLI with `--upstream` and `--listen 127.0.0.1:0`, and real SDK clients. Plus the HTTP guards
 * (Host, Origin, token, media type, size) and a 2026-07-28-style stateless server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAirlock } from '../../src/core/airlock.js';
import { AirlockError } from '../../src/core/errors.js';
import { createLogger, type ProxyHandle, runProxy } from '../../src/proxy/index.js';
import { createFakeAirlock } from '../proxy/fake-airlock.js';
import { scratchDir } from '../scratch-dir.js';
import { buildOnce, EVERYTHING, freePort, MAIN } from './proxy-helpers.js';

const SECRET = 'Hq7Wm2Rx-airlock-http-secret-Tz9';
const FAULTY = fileURLToPath(new URL('../proxy/fixtures/faulty-server.mjs', import.meta.url));
const STATELESS = fileURLToPath(new URL('../proxy/fixtures/stateless-server.mjs', import.meta.url));
const dir = scratchDir('http', { 'airlock.config.json': JSON.stringify({ pins: { enabled: false } }) });
const config = join(dir, 'airlock.config.json');
const env = { ...(process.env as Record<string, string>), AIRLOCK_TEST_SECRET: SECRET, XDG_STATE_HOME: dir };
const children: ChildProcess[] = [];

/** Spawns a process and resolves with the first match of `pattern` on the chosen stream. */
function spawnUntil(
  args: string[],
  extraEnv: Record<string, string>,
  pattern: RegExp,
  stream: 'stdout' | 'stderr',
) {
  const proc = spawn('node', args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(proc);
  return new Promise<RegExpExecArray>((resolve, reject) => {
    createInterface({ input: proc[stream] as NodeJS.ReadableStream }).on('line', (line) => {
      const m = pattern.exec(line);
      if (m !== null) resolve(m);
    });
    proc.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

let upstreamUrl: string;
let proxyUrl: string;

async function connect(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'e2e-http', version: '1.0.0' }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    model: 'test-model',
    role: 'assistant',
    content: { type: 'text', text: 'sampled over http' },
  }));
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

beforeAll(async () => {
  buildOnce();
  const port = await freePort();
  await spawnUntil([EVERYTHING, 'streamableHttp'], { PORT: String(port) }, /listening on port/, 'stderr');
  upstreamUrl = `http://127.0.0.1:${port}/mcp`;
  const m = await spawnUntil(
    [
      MAIN,
      '--config',
      config,
      '--secret-env',
      'AIRLOCK_TEST_SECRET',
      '--upstream',
      upstreamUrl,
      '--listen',
      '127.0.0.1:0',
      '--max-message-bytes',
      '1000000',
    ],
    {},
    /^mcp-airlock: listening (http:\/\/\S+)$/,
    'stderr',
  );
  proxyUrl = m[1] as string;
});

afterAll(() => {
  for (const child of children) child.kill();
});

describe('proxy over Streamable HTTP with server-everything', () => {
  let direct: Client;
  let proxied: Client;
  let proxiedTransport: StreamableHTTPClientTransport;
  beforeAll(async () => {
    direct = (await connect(upstreamUrl)).client;
    ({ client: proxied, transport: proxiedTransport } = await connect(proxyUrl));
  });
  afterAll(async () => {
    await proxiedTransport?.terminateSession();
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  it('reports a loopback URL and gives the host a session id', () => {
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(proxiedTransport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the same tools, prompts and resources as a direct connection', async () => {
    const names = async (c: Client) => ({
      tools: (await c.listTools()).tools.map((t) => t.name).sort(),
      prompts: (await c.listPrompts()).prompts.map((p) => p.name).sort(),
      resources: (await c.listResources()).resources.map((r) => r.uri).sort(),
    });
    expect(await names(proxied)).toEqual(await names(direct));
  });

  it('removes bidi characters and redacts the secret', async () => {
    const echo = await proxied.request(
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'a\u202Eb\u2066c' } } },
      CallToolResultSchema,
    );
    expect(JSON.stringify(echo.content)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    const envResult = await proxied.request(
      { method: 'tools/call', params: { name: 'get-env', arguments: {} } },
      CallToolResultSchema,
    );
    expect(JSON.stringify(envResult)).not.toContain(SECRET);
  });

  it('relays progress over the event stream', async () => {
    const progress: number[] = [];
    await proxied.request(
      {
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
      },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress.length).toBeGreaterThanOrEqual(1);
  });

  it('relays a server→client sampling request and its answer', async () => {
    const result = await proxied.request(
      {
        method: 'tools/call',
        params: { name: 'trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 5 } },
      },
      CallToolResultSchema,
    );
    expect(JSON.stringify(result.content)).toContain('sampled over http');
  });

  it('keeps concurrent sessions apart', async () => {
    const n = 12;
    const sessions = await Promise.all(Array.from({ length: n }, () => connect(proxyUrl)));
    const ids = new Set(sessions.map((s) => s.transport.sessionId));
    expect(ids.size).toBe(n);
    const texts = await Promise.all(
      sessions.map(async ({ client }, i) => {
        const r = await client.request(
          { method: 'tools/call', params: { name: 'echo', arguments: { message: `<session ${i}>` } } },
          CallToolResultSchema,
        );
        return JSON.stringify(r.content);
      }),
    );
    texts.forEach((t, i) => {
      expect(t).toContain(`<session ${i}>`);
      for (let j = 0; j < n; j++) if (j !== i) expect(t).not.toContain(`<session ${j}>`);
    });
    for (const s of sessions) {
      await s.transport.terminateSession();
      await s.client.close();
    }
  });
});

describe('stdio host in front of an HTTP server (--upstream without --listen)', () => {
  it('relays listing, calls and progress, sanitized, and ends the upstream session on exit', async () => {
    const client = new Client({ name: 'stdio-to-http', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'node',
        args: [MAIN, '--config', config, '--secret-env', 'AIRLOCK_TEST_SECRET', '--upstream', upstreamUrl],
        env,
        stderr: 'ignore',
      }),
    );
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get-env');
    const r = await client.request(
      { method: 'tools/call', params: { name: 'get-env', arguments: {} } },
      CallToolResultSchema,
    );
    expect(JSON.stringify(r)).not.toContain(SECRET);
    const progress: number[] = [];
    await client.request(
      {
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
      },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress.length).toBeGreaterThanOrEqual(1);
    await client.close();
  });
});

describe('HTTP downstream in front of a stdio server (one child per session)', () => {
  let handle: ProxyHandle;
  beforeAll(async () => {
    handle = await runProxy({
      command: ['node', EVERYTHING, 'stdio'],
      listen: { host: '127.0.0.1', port: 0 },
      airlock: createAirlock({ secrets: { fromEnv: ['AIRLOCK_TEST_SECRET'] }, env }),
      env: { AIRLOCK_TEST_SECRET: SECRET },
      log: createLogger('silent'),
    });
  });
  afterAll(() => handle?.close());

  it('serves two sessions, each with its own server, sanitized', async () => {
    const [a, b] = await Promise.all([connect(handle.url as string), connect(handle.url as string)]);
    for (const { client } of [a, b]) {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('echo');
      const r = await client.request(
        { method: 'tools/call', params: { name: 'get-env', arguments: {} } },
        CallToolResultSchema,
      );
      expect(JSON.stringify(r)).not.toContain(SECRET);
    }
    for (const s of [a, b]) {
      await s.transport.terminateSession();
      await s.client.close();
    }
  });
});

describe('HTTP guards', () => {
  const post = (body: string, headers: Record<string, string> = {}, path = '/mcp') =>
    fetch(proxyUrl.replace('/mcp', path), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    });
  /** A body of `size` bytes as a stream: sent chunked, so the proxy learns its size only by reading it. */
  const postChunks = (size: number) => {
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
      duplex: 'half',
    };
    return fetch(proxyUrl, init);
  };
  /** A POST through node:http, for what fetch cannot send: a Host header of its own, a pause inside a body. */
  const rawPost = (headers: OutgoingHttpHeaders, onAnswer: (res: IncomingMessage) => void): ClientRequest => {
    const url = new URL(proxyUrl);
    return request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers }, onAnswer);
  };
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  });

  it.each([
    ['malformed JSON', () => post('{"jsonrpc":'), 400],
    ['a body that is not JSON-RPC', () => post('{"hello":1}'), 400],
    ['an empty batch', () => post('[]'), 400],
    ['an oversized body', () => post(`{"x":"${'a'.repeat(1_100_000)}"}`), 413],
    // Still being sent when the proxy has seen enough: it reads the rest before it answers and closes, or
    // the client gets a broken pipe instead of the answer.
    ['an oversized body of 6 MB', () => post(`{"x":"${'a'.repeat(6_000_000)}"}`), 413],
    ['an oversized body sent in chunks, with no length', () => postChunks(6_000_000), 413],
    ['a wrong content type', () => post(init, { 'content-type': 'text/plain' }), 415],
    ['a foreign Origin', () => post(init, { origin: 'https://evil.example' }), 403],
    ['Origin null', () => post(init, { origin: 'null' }), 403],
    ['an unknown session', () => post(init, { 'mcp-session-id': 'no-such-session' }), 404],
    ['another path', () => post(init, {}, '/other'), 404],
    ['GET without a session', () => fetch(proxyUrl, { headers: { accept: 'text/event-stream' } }), 405],
    ['DELETE without a session', () => fetch(proxyUrl, { method: 'DELETE' }), 400],
    ['PUT', () => fetch(proxyUrl, { method: 'PUT', body: '{}' }), 405],
  ])('answers %s with the right 4xx', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    await res.body?.cancel();
  });

  it('reads an oversized body to its end before it answers 413', async () => {
    // Half the body over the limit, a pause, then the rest: an answer (and close) before the end would reach
    // the client mid-upload, whose next write then fails.
    const events: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawPost(
        { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        (res) => {
          events.push('answer');
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('a'.repeat(1_500_000));
      setTimeout(() => {
        events.push('end');
        req.end('a'.repeat(500_000));
      }, 200);
    });
    expect(status).toBe(413);
    expect(events).toEqual(['end', 'answer']);
  });

  it('answers a declared length far past the limit before any of the body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawPost(
        { 'content-type': 'application/json', 'content-length': String(1_000_000_000) },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('rejects a rebinding Host header', async () => {
    const port = new URL(proxyUrl).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawPost({ host: `attacker.example:${port}`, 'content-type': 'application/json' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(init);
    });
    expect(status).toBe(403);
  });

  it('accepts a loopback Origin and still works after all the bad requests', async () => {
    const res = await post(init, { origin: 'http://localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeTruthy();
    await res.body?.cancel();
    await fetch(proxyUrl, {
      method: 'DELETE',
      headers: { 'mcp-session-id': res.headers.get('mcp-session-id') as string },
    });
  });
});

describe('HTTP bearer token', () => {
  let handle: ProxyHandle;
  beforeAll(async () => {
    handle = await runProxy({
      command: ['node', FAULTY],
      listen: { host: '127.0.0.1', port: 0, token: 'correct-horse-battery' },
      airlock: createFakeAirlock(),
      log: createLogger('silent'),
    });
  });
  afterAll(() => handle?.close());

  const call = (headers: Record<string, string>) =>
    fetch(handle.url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {} },
      }),
    });

  it.each([
    ['no token', {}, 401],
    ['a wrong token', { authorization: 'Bearer wrong' }, 401],
    ['a token of another scheme', { authorization: 'Basic correct-horse-battery' }, 401],
    ['the right token', { authorization: 'Bearer correct-horse-battery' }, 200],
  ])('%s → %s', async (_name, headers, status) => {
    const res = await call(headers);
    expect(res.status).toBe(status);
    if (status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
    if (status === 200)
      expect(await res.json()).toMatchObject({ id: 1, result: { sanitized: 'initialize' } });
    else await res.body?.cancel();
  });

  it('refuses to listen off loopback without a token', async () => {
    const run = runProxy({
      command: ['node', FAULTY],
      listen: { host: '0.0.0.0', port: 0 },
      airlock: createFakeAirlock(),
      log: createLogger('silent'),
      io: { input: new PassThrough(), output: new PassThrough() },
    });
    await expect(run).rejects.toThrow(AirlockError);
    await expect(run).rejects.toThrow('requires a bearer token');
  });
});

describe('a 2026-07-28 stateless request', () => {
  let handle: ProxyHandle;
  beforeAll(async () => {
    const m = await spawnUntil([STATELESS], {}, /^listening (\d+)$/, 'stdout');
    handle = await runProxy({
      upstream: { url: `http://127.0.0.1:${m[1]}/mcp` },
      listen: { host: '127.0.0.1', port: 0 },
      airlock: createAirlock({}),
      serverName: 'stateless',
      log: createLogger('silent'),
    });
  });
  afterAll(() => handle?.close());

  it('is relayed without initialize or session, with its version header, and its result is sanitized', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const res = await fetch(handle.url as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'r1',
        method: 'tools/call',
        params: { name: 'read', arguments: {}, _meta: meta },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const text = await res.text();
    const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] as string);
    const message = JSON.parse(data);
    expect(message.id).toBe('r1');
    const body = JSON.stringify(message.result.content);
    expect(body).toContain('saw 2026-07-28: safe');
    expect(body).not.toMatch(/[\u202A-\u202E]|\u{E0069}/u);
    expect(message.result.resultType).toBe('complete');
  });
});
