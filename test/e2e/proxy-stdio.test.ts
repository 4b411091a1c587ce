/**
 * The proxy over real stdio: a real SDK client spawns `mcp-airlock -- <server-everything stdio>` (built CLI)
 * and must see the same server, every tool working, and sanitized output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch-dir.js';
import { buildOnce, EVERYTHING, MAIN } from './proxy-helpers.js';

const SECRET = 'zq8Vt3Lk-airlock-e2e-secret-value-Pz1';
const dir = scratchDir('e2e', {
  'airlock.config.json': JSON.stringify({ binary: { omitAboveBytes: 64 }, pins: { enabled: false } }),
});
const config = join(dir, 'airlock.config.json');
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  AIRLOCK_TEST_SECRET: SECRET,
  XDG_STATE_HOME: dir,
};

function makeClient(): Client {
  const client = new Client(
    { name: 'e2e', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    model: 'test-model',
    role: 'assistant',
    content: { type: 'text', text: 'sampled' },
  }));
  client.setRequestHandler(ElicitRequestSchema, async (req) =>
    req.params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: {} },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: 'file:///tmp', name: 'tmp' }],
  }));
  return client;
}

async function connect(proxied: boolean): Promise<Client> {
  const client = makeClient();
  const server = ['node', EVERYTHING, 'stdio'];
  const transport = new StdioClientTransport({
    command: proxied ? 'node' : (server[0] as string),
    args: proxied
      ? [
          MAIN,
          '--config',
          config,
          '--secret-env',
          'AIRLOCK_TEST_SECRET',
          '--log-level',
          'warn',
          '--',
          ...server,
        ]
      : server.slice(1),
    env,
    stderr: 'ignore',
  });
  await client.connect(transport);
  return client;
}

/** Deterministic incompressible-ish bytes (an LCG), base64, so the gzip blob stays above the policy's limit. */
function noise(bytes: number): string {
  const out = Buffer.alloc(bytes);
  let x = 12345;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out.toString('base64');
}

/** Arguments for every tool server-everything lists; a tool missing here fails the test. */
const ARGS: Record<string, Record<string, unknown>> = {
  echo: { message: 'safe \u202Egnp.exe\u202C text' },
  'get-annotated-message': { messageType: 'success', includeImage: true },
  'get-env': {},
  'get-resource-links': { count: 2 },
  'get-resource-reference': { resourceType: 'Blob', resourceId: 2 },
  'get-structured-content': { location: 'Chicago' },
  'get-sum': { a: 2, b: 3 },
  'get-tiny-image': {},
  'gzip-file-as-resource': { data: `data:text/plain;base64,${noise(4000)}`, outputType: 'resource' },
  'toggle-simulated-logging': {},
  'toggle-subscriber-updates': {},
  'trigger-long-running-operation': { duration: 1, steps: 2 },
  'get-roots-list': {},
  'trigger-elicitation-request': {},
  'trigger-url-elicitation': { url: 'https://example.com/consent' },
  'trigger-sampling-request': { prompt: 'hello', maxTokens: 5 },
};
/** Tools that need a task-augmented call (tested below, not with a plain tools/call). */
const TASK_TOOLS = new Set(['simulate-research-query']);

let direct: Client;
let proxied: Client;

beforeAll(async () => {
  buildOnce();
  [direct, proxied] = await Promise.all([connect(false), connect(true)]);
});

afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

describe('proxy over stdio with server-everything', () => {
  it('lists the same tools, prompts, resources and templates as a direct connection', async () => {
    const names = async (c: Client) => ({
      tools: (await c.listTools()).tools.map((t) => t.name).sort(),
      prompts: (await c.listPrompts()).prompts.map((p) => p.name).sort(),
      resources: (await c.listResources()).resources.map((r) => r.uri).sort(),
      templates: (await c.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate).sort(),
    });
    const [a, b] = await Promise.all([names(direct), names(proxied)]);
    expect(b).toEqual(a);
    expect(a.tools.length).toBeGreaterThan(10);
  });

  it('has arguments for every listed tool', async () => {
    const { tools } = await proxied.listTools();
    const missing = tools.map((t) => t.name).filter((n) => !(n in ARGS) && !TASK_TOOLS.has(n));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(ARGS))('calls %s and gets a valid, labelled result', async (name) => {
    const call = () =>
      proxied.request(
        { method: 'tools/call', params: { name, arguments: ARGS[name] } },
        CallToolResultSchema,
      );
    const result = await call();
    // Toggles are switched back, so later tests start from the server's defaults.
    if (name.startsWith('toggle-')) await call();
    expect(result.isError ?? false).toBe(false);
    expect(result.content.length).toBeGreaterThan(0);
    expect(result._meta?.['airlock/untrusted']).toBeDefined();
  });

  it('removes the bidi characters echo passes through', async () => {
    const result = await proxied.request(
      { method: 'tools/call', params: { name: 'echo', arguments: ARGS.echo } },
      CallToolResultSchema,
    );
    const text = JSON.stringify(result.content);
    expect(text).toContain('gnp.exe');
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("redacts get-env's secret value", async () => {
    const [raw, clean] = await Promise.all(
      [direct, proxied].map((c) =>
        c.request({ method: 'tools/call', params: { name: 'get-env', arguments: {} } }, CallToolResultSchema),
      ),
    );
    expect(JSON.stringify(raw)).toContain(SECRET);
    expect(JSON.stringify(clean)).not.toContain(SECRET);
    expect(JSON.stringify(clean)).toContain('[REDACTED]');
  });

  it('omits the tiny image and the gzip blob by the binary policy, with fingerprints', async () => {
    for (const name of ['get-tiny-image', 'gzip-file-as-resource']) {
      const result = await proxied.request(
        { method: 'tools/call', params: { name, arguments: ARGS[name] } },
        CallToolResultSchema,
      );
      const binaries = result.content.flatMap((b) =>
        b.type === 'image'
          ? [b.data]
          : b.type === 'resource' && 'blob' in b.resource
            ? [b.resource.blob]
            : [],
      );
      expect(binaries.length).toBeGreaterThan(0);
      expect(binaries.every((d) => d === '')).toBe(true);
      expect(JSON.stringify(result._meta?.['airlock/report'])).toContain('sha256:');
    }
  });

  it('relays progress notifications with the host progress token', async () => {
    const progress: number[] = [];
    const result = await proxied.request(
      {
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
      },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(result.isError ?? false).toBe(false);
    // The last notification may race the response (MCP-NOTES); the first ones must arrive.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toBeGreaterThan(0);
  });

  it('relays cancellation and stays responsive', async () => {
    const controller = new AbortController();
    const call = proxied.request(
      {
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      },
      CallToolResultSchema,
      { signal: controller.signal, onprogress: () => controller.abort('enough') },
    );
    await expect(call).rejects.toThrow();
    const echo = await proxied.request(
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'still here' } } },
      CallToolResultSchema,
    );
    expect(JSON.stringify(echo.content)).toContain('still here');
  });

  it('relays logging notifications sanitized', async () => {
    const seen: unknown[] = [];
    proxied.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      seen.push(n.params);
    });
    await proxied.setLoggingLevel('debug');
    await proxied.request(
      { method: 'tools/call', params: { name: 'toggle-simulated-logging', arguments: {} } },
      CallToolResultSchema,
    );
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await proxied.request(
      { method: 'tools/call', params: { name: 'toggle-simulated-logging', arguments: {} } },
      CallToolResultSchema,
    );
  });

  it('runs a task-augmented call (simulate-research-query) to its sanitized result', async () => {
    const stream = proxied.experimental.tasks.callToolStream(
      { name: 'simulate-research-query', arguments: { topic: 'airlocks' } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    );
    const kinds: string[] = [];
    let final: unknown;
    for await (const message of stream) {
      kinds.push(message.type);
      if (message.type === 'result') final = message.result;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds.at(-1)).toBe('result');
    expect(CallToolResultSchema.parse(final).content.length).toBeGreaterThan(0);
  });
});

describe('proxy over stdio, raw lines', () => {
  let proc: ChildProcess;
  const lines: string[] = [];
  beforeAll(async () => {
    buildOnce();
    proc = spawn('node', [MAIN, '--config', config, '--', 'node', EVERYTHING, 'stdio'], {
      env,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (l) => lines.push(l));
  });
  afterAll(() => {
    proc?.stdin?.end();
  });

  const send = (message: unknown) => proc.stdin?.write(`${JSON.stringify(message)}\n`);
  const answer = async (id: unknown) => {
    await expect.poll(() => lines.some((l) => JSON.parse(l).id === id), { timeout: 20_000 }).toBe(true);
    return JSON.parse(lines.find((l) => JSON.parse(l).id === id) as string);
  };

  it('keeps the host ids exactly, strings and numbers, and writes only JSON-RPC to stdout', async () => {
    send({
      jsonrpc: '2.0',
      id: 'init-α',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const init = await answer('init-α');
    expect(init.result.serverInfo.name).toBeTypeOf('string');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const ids = [0, 41, -3, 'x', '41', 'req with spaces'];
    for (const id of ids)
      send({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get-sum', arguments: { a: 1, b: typeof id === 'number' ? id : 0 } },
      });
    for (const id of ids) {
      const msg = await answer(id);
      expect(msg.id).toStrictEqual(id);
      expect(JSON.stringify(msg.result.content)).toContain(String(1 + (typeof id === 'number' ? id : 0)));
    }
    send({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    const pong = (await answer('p')).result;
    expect(Object.keys(pong).filter((k) => k !== '_meta')).toEqual([]);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
  });

  it('terminates the server when the host closes stdin', async () => {
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    proc.stdin?.end();
    expect(await exited).toBe(0);
  });
});
