/**
 * Proxy faults over real stdio with a deliberately broken server (fixtures/faulty-server.mjs): crashes, hangs,
 * garbage, oversize answers, a slow host with 1,000 requests in flight, and the host going away.
 * The airlock is a fake here: these tests are about the relay and its transports.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AirlockError } from '../../src/core/errors.js';
import { createLogger, type ProxyOptions, runProxy } from '../../src/proxy/index.js';
import { createFakeAirlock } from './fake-airlock.js';

const FAULTY = fileURLToPath(new URL('./fixtures/faulty-server.mjs', import.meta.url));

interface Msg {
  id?: unknown;
  result?: { value?: { content?: Array<{ text: string }> } };
  error?: { code: number; message: string; data?: { kind: string } };
}

/** Each proxy's directory (its server's pid file), removed when the file's tests are done. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Partial<ProxyOptions> = {}, slowHost = false) {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-faults-'));
  dirs.push(dir);
  const pidFile = join(dir, 'pid');
  const input = new PassThrough();
  const output = new PassThrough({ highWaterMark: slowHost ? 256 : 16 * 1024 });
  const messages: Msg[] = [];
  const logs: string[] = [];
  const read = () =>
    createInterface({ input: output }).on('line', (l) => messages.push(JSON.parse(l) as Msg));
  if (!slowHost) read();
  const handle = await runProxy({
    command: ['node', FAULTY],
    airlock: createFakeAirlock(),
    log: createLogger('debug', (l) => logs.push(l)),
    io: { input, output },
    ...options,
    env: { PID_FILE: pidFile, ...options.env },
  });
  const send = (m: unknown) => input.write(`${JSON.stringify(m)}\n`);
  const call = (id: unknown, name: string, args: unknown = {}) =>
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const answersFor = (id: unknown) => messages.filter((m) => m.id === id);
  const answer = async (id: unknown) => {
    await expect.poll(() => answersFor(id).length, { timeout: 20_000 }).toBeGreaterThan(0);
    return answersFor(id)[0] as Msg;
  };
  const pid = async () => {
    await expect.poll(() => existsSync(pidFile)).toBe(true);
    return Number(readFileSync(pidFile, 'utf8'));
  };
  const initialize = async () => {
    send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {} },
    });
    await answer('init');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  };
  return { handle, input, output, messages, logs, send, call, answer, answersFor, pid, initialize, read };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const textOf = (m: Msg) => m.result?.value?.content?.[0]?.text;

describe('proxy faults', () => {
  it('answers every pending request once when the server crashes mid-call, leaking no partial output', async () => {
    const p = await start();
    await p.initialize();
    p.call(1, 'hang');
    p.call(2, 'slow', { ms: 60_000 });
    p.call(3, 'crash');
    for (const id of [1, 2, 3]) {
      const m = await p.answer(id);
      expect(m.error).toMatchObject({ code: -32000, data: { kind: 'upstream_error' } });
    }
    expect(await p.handle.done).toBe(1);
    for (const id of [1, 2, 3]) expect(p.answersFor(id)).toHaveLength(1);
    expect(p.messages.every((m) => m.result === undefined || m.id === 'init')).toBe(true);
  });

  it('restarts a crashed server with --restart and later calls work', async () => {
    const p = await start({ restart: true });
    await p.initialize();
    const first = await p.pid();
    p.call(1, 'crash');
    expect((await p.answer(1)).error?.data?.kind).toBe('upstream_error');
    p.call(2, 'ok', { after: 'restart' });
    expect(textOf(await p.answer(2))).toBe('ok {"after":"restart"}');
    expect(await p.pid()).not.toBe(first);
    await p.handle.close();
  });

  it('times out a hanging call and stays responsive', async () => {
    const p = await start({ timeoutMs: 300 });
    await p.initialize();
    p.call('h', 'hang');
    p.call('o', 'ok');
    expect(textOf(await p.answer('o'))).toBe('ok {}');
    expect((await p.answer('h')).error).toMatchObject({ code: -32001, data: { kind: 'timeout' } });
    p.call('o2', 'ok');
    expect(textOf(await p.answer('o2'))).toBe('ok {}');
    await p.handle.close();
  });

  it('drops garbage, unknown ids and a second answer, forwarding the real answer once', async () => {
    const p = await start();
    await p.initialize();
    p.call('g', 'garbage');
    expect(textOf(await p.answer('g'))).toBe('first');
    p.call('after', 'ok');
    await p.answer('after');
    expect(p.answersFor('g')).toHaveLength(1);
    expect(p.answersFor('nobody-asked')).toHaveLength(0);
    expect(p.logs.filter((l) => l.includes('warn')).length).toBeGreaterThanOrEqual(3);
    await p.handle.close();
  });

  it('answers an oversize response with payload_too_large and keeps working', async () => {
    const p = await start({ maxMessageBytes: 100_000 });
    await p.initialize();
    p.call(7, 'huge');
    expect((await p.answer(7)).error).toMatchObject({ code: -32002, data: { kind: 'payload_too_large' } });
    p.call(8, 'ok');
    expect(textOf(await p.answer(8))).toBe('ok {}');
    await p.handle.close();
  });

  it('answers an oversize request from the host with payload_too_large without forwarding it', async () => {
    const p = await start({ maxMessageBytes: 10_000 });
    await p.initialize();
    p.call(9, 'ok', { blob: 'z'.repeat(50_000) });
    expect((await p.answer(9)).error?.data?.kind).toBe('payload_too_large');
    p.call(10, 'ok');
    expect(textOf(await p.answer(10))).toBe('ok {}');
    await p.handle.close();
  });

  it('answers 1,000 requests in flight to a slow host exactly once each, without cross-talk', async () => {
    const p = await start({}, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const n = 1000;
    for (let i = 0; i < n; i++) p.call(i % 2 === 0 ? i : `s${i}`, 'ok', { i });
    // The host starts reading only now: until then the proxy must hold back (backpressure), not lose anything.
    await new Promise((resolve) => setTimeout(resolve, 200));
    p.read();
    await expect.poll(() => p.messages.length, { timeout: 30_000 }).toBe(n);
    for (let i = 0; i < n; i++) {
      const got = p.answersFor(i % 2 === 0 ? i : `s${i}`);
      expect(got).toHaveLength(1);
      expect(textOf(got[0] as Msg)).toBe(`ok {"i":${i}}`);
    }
    await p.handle.close();
  });

  it('terminates the server when the host closes its input (SIGKILL after the grace if it ignores SIGTERM)', async () => {
    const p = await start({ killGraceMs: 200, env: { IGNORE_SIGTERM: '1' } });
    const pid = await p.pid().catch(() => 0);
    expect(pid).toBeGreaterThan(0);
    p.input.end();
    expect(await p.handle.done).toBe(0);
    expect(alive(pid)).toBe(false);
  });

  it('rejects a server command that does not exist with one clear error', async () => {
    const run = runProxy({
      command: ['definitely-not-a-command-airlock'],
      airlock: createFakeAirlock(),
      log: createLogger('silent'),
      io: { input: new PassThrough(), output: new PassThrough() },
    });
    await expect(run).rejects.toThrow(AirlockError);
    await expect(run).rejects.toThrow('command not found: definitely-not-a-command-airlock');
  });
});
