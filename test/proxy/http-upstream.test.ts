/**
 * The Streamable HTTP upstream against a deliberately odd server (fixtures/http-faulty-server.mjs): JSON and
 * event-stream answers, a dropped stream resumed with Last-Event-ID, HTTP errors mapped to kinds, oversize
 * bodies, and the session and version headers carried on every request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type ProxyHandle, runProxy } from '../../src/proxy/index.js';
import { createFakeAirlock } from './fake-airlock.js';

const SERVER = fileURLToPath(new URL('./fixtures/http-faulty-server.mjs', import.meta.url));

interface Msg {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: { value?: { content?: Array<{ text: string }> } };
  error?: { code: number; message: string; data?: { kind: string } };
}

let server: ChildProcess;
let url: string;
const serverLines: string[] = [];
let handle: ProxyHandle;
const input = new PassThrough();
const output = new PassThrough();
const messages: Msg[] = [];

const send = (m: unknown) => input.write(`${JSON.stringify(m)}\n`);
const call = (id: unknown, name: string, extra: Record<string, unknown> = {}) =>
  send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, ...extra } });
const answer = async (id: unknown) => {
  await expect
    .poll(() => messages.some((m) => m.id === id && m.method === undefined), { timeout: 20_000 })
    .toBe(true);
  return messages.find((m) => m.id === id && m.method === undefined) as Msg;
};
const textOf = (m: Msg) => m.result?.value?.content?.[0]?.text;

beforeAll(async () => {
  server = spawn('node', [SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => {
    createInterface({ input: server.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      serverLines.push(line);
      const m = /^listening (\d+)$/.exec(line);
      if (m !== null) resolve(m[1] as string);
    });
  });
  url = `http://127.0.0.1:${port}/mcp`;
  createInterface({ input: output }).on('line', (l) => messages.push(JSON.parse(l) as Msg));
  handle = await runProxy({
    upstream: { url, headers: { 'X-Custom': 'yes' }, bearerToken: 'upstream-token' },
    airlock: createFakeAirlock(),
    log: createLogger('silent'),
    maxMessageBytes: 100_000,
    io: { input, output },
  });
  send({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {} },
  });
  // expect.poll only works inside tests; wait for the initialize answer by hand.
  while (!messages.some((m) => m.id === 'init')) await new Promise((resolve) => setTimeout(resolve, 10));
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
});

afterAll(() => {
  server?.kill();
});

describe('HTTP upstream', () => {
  it('carries the session id, negotiated version, bearer token and custom headers', async () => {
    call(1, 'headers');
    expect(JSON.parse(textOf(await answer(1)) as string)).toEqual({
      session: 'sess-1',
      version: '2025-06-18',
      authorization: 'Bearer upstream-token',
      custom: 'yes',
    });
  });

  it('relays a JSON answer', async () => {
    call(2, 'ok');
    expect(textOf(await answer(2))).toBe('ok');
  });

  it('relays an event-stream answer and its progress notification, sanitized', async () => {
    call(3, 'sse', { _meta: { progressToken: 'tok' } });
    expect(textOf(await answer(3))).toBe('streamed');
    const note = messages.find((m) => m.method === 'notifications/progress');
    expect(note?.params).toMatchObject({ progressToken: 'tok', sanitized: true });
  });

  it('resumes a stream that ended before the answer, with Last-Event-ID', async () => {
    call(4, 'drop');
    expect(textOf(await answer(4))).toBe('replayed');
  });

  it.each([
    ['status401', 'unauthorized'],
    ['status500', 'upstream_error'],
    ['huge', 'payload_too_large'],
  ])('answers %s with an error of kind %s', async (name, kind) => {
    const id = `e-${name}`;
    call(id, name);
    expect((await answer(id)).error?.data?.kind).toBe(kind);
  });

  it('passes a JSON-RPC error carried by a 400 through the airlock', async () => {
    call(5, 'rpcerror');
    const m = await answer(5);
    expect(m.error?.code).toBe(-32602);
    expect(m.error?.message.startsWith('clean: ')).toBe(true);
    expect(messages.filter((x) => x.id === 5)).toHaveLength(1);
  });

  it('ends the upstream session with DELETE when the proxy closes', async () => {
    await handle.close();
    await expect.poll(() => serverLines.includes('deleted sess-1')).toBe(true);
  });
});
