import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { WITHHELD_RESULT_TEXT } from '../../src/integrations/shared.js';
import { withAirlock } from '../../src/integrations/with-airlock.js';
import { createFakeAirlock } from './fake-airlock.js';

// The seams are tested against a recording stand-in; test/e2e runs the same paths with the real airlock.
vi.mock('../../src/core/airlock.js', () => ({
  createAirlock: () => {
    throw new Error('these tests pass their own airlock');
  },
}));

async function connect(server: { connect(t: InMemoryTransport): Promise<void> }) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.request({ method: 'tools/call', params: { name, arguments: args } }, ResultSchema) as Promise<
    Record<string, unknown>
  >;

function toolServer(airlock = createFakeAirlock(), before = false) {
  const server = new McpServer({ name: 'unit-server', version: '1.0.0' });
  const register = () => {
    server.registerTool(
      'echo',
      { inputSchema: { text: z.string(), password: z.string().optional() } },
      async ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
    server.registerTool('short', { outputSchema: { word: z.string().max(5) } }, async () => ({
      content: [{ type: 'text', text: 'x' }],
      structuredContent: { word: 'abcdefghij' },
    }));
    server.registerTool('boom', {}, async () => {
      throw new Error('failed \u202Ewith\u202C detail');
    });
  };
  if (before) register();
  withAirlock(server, { airlock });
  if (!before) register();
  return { server, airlock };
}

describe('withAirlock on McpServer', () => {
  it.each([
    ['tools registered after withAirlock', false],
    ['tools registered before withAirlock', true],
  ])('sanitizes a tool result with its call context (%s)', async (_title, before) => {
    const { server, airlock } = toolServer(createFakeAirlock(), before);
    const client = await connect(server);
    const result = await call(client, 'echo', { text: 'a\u202Eb', password: 'hunter22' });
    expect(result.content).toEqual([{ type: 'text', text: 'ab' }]);
    expect(result._meta).toEqual({ 'fake/sanitized': true });
    const tools = airlock.calls.filter((c) => c.kind === 'tool');
    expect(tools).toHaveLength(1);
    expect(tools[0]?.call).toEqual({
      toolName: 'echo',
      serverName: 'unit-server',
      arguments: { text: 'a\u202Eb', password: 'hunter22' },
    });
  });

  it('sanitizes before McpServer checks the outputSchema, and passes the schema as JSON Schema', async () => {
    // The fake cuts strings to 5 chars: the raw 10-char word would fail max(5); the sanitized one passes.
    const { server, airlock } = toolServer(createFakeAirlock({ cut: 5 }));
    const client = await connect(server);
    const result = await call(client, 'short');
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ word: 'abcde' });
    const schema = airlock.calls.find((c) => c.kind === 'tool')?.call?.outputSchema as Record<
      string,
      unknown
    >;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties as object)).toEqual(['word']);
  });

  it('sanitizes a failed output check once more, as the SDK-made error it is', async () => {
    const { server, airlock } = toolServer(createFakeAirlock({ cut: 50 }));
    const client = await connect(server);
    const result = await call(client, 'short');
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Output validation error');
    expect(airlock.calls.filter((c) => c.kind === 'tool')).toHaveLength(2);
  });

  it.each([
    ['unknown tool', 'missing', {}, 'Tool missing not found'],
    ['bad input', 'echo', { text: 42 }, 'Input validation error'],
    ['handler throws', 'boom', {}, 'failed with detail'],
  ])('sanitizes the isError result the SDK makes for: %s', async (_title, name, args, expected) => {
    const { server, airlock } = toolServer();
    const client = await connect(server);
    const result = await call(client, name, args);
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ 'fake/sanitized': true });
    const text = JSON.stringify(result.content);
    expect(text).toContain(expected);
    expect(text).not.toContain('\u202E');
    const seen = airlock.calls.filter((c) => c.kind === 'tool');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.call?.toolName).toBe(name);
  });

  it('fails closed: a sanitizer that throws yields a withheld isError result with nothing of the original', async () => {
    const { server } = toolServer(createFakeAirlock({ throwOn: 'tool' }));
    const client = await connect(server);
    const result = await call(client, 'echo', { text: 'SECRET-ORIGINAL' });
    expect(result).toEqual({ content: [{ type: 'text', text: WITHHELD_RESULT_TEXT }], isError: true });
  });

  it('sanitizes prompts/get and resources/read, and their thrown errors keep the JSON-RPC code', async () => {
    const airlock = createFakeAirlock();
    const server = withAirlock(new McpServer({ name: 'unit-server', version: '1.0.0' }), { airlock });
    server.registerPrompt('p', { argsSchema: { who: z.string() } }, async ({ who }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `hi\u200B ${who}` } }],
    }));
    server.registerResource('r', 'note://r', {}, async (uri) => ({
      contents: [{ uri: uri.href, text: 'x\u2066y' }],
    }));
    const client = await connect(server);
    const prompt = await client.getPrompt({ name: 'p', arguments: { who: 'bob' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'hi bob' });
    const resource = await client.readResource({ uri: 'note://r' });
    expect(resource.contents[0]).toMatchObject({ text: 'xy' });
    const methods = airlock.calls.filter((c) => c.kind === 'response').map((c) => [c.method, c.call]);
    expect(methods).toEqual([
      ['prompts/get', { serverName: 'unit-server', arguments: { who: 'bob' } }],
      ['resources/read', { serverName: 'unit-server' }],
    ]);
    const error = await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toBe(
      'MCP error -32602: [remote] MCP error -32602: Prompt nope not found',
    );
  });

  it('sanitizes a durable task result on every retrieval, with the original tool name and arguments', async () => {
    const airlock = createFakeAirlock();
    const taskStore = new InMemoryTaskStore();
    const server = withAirlock(
      new McpServer(
        { name: 'unit-server', version: '1.0.0' },
        { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore },
      ),
      { airlock },
    );
    server.experimental.tasks.registerToolTask(
      'job',
      { inputSchema: { token: z.string() }, execution: { taskSupport: 'required' } },
      {
        createTask: async (_args, extra) => {
          const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 10 });
          await extra.taskStore.storeTaskResult(task.taskId, 'completed', {
            content: [{ type: 'text', text: 'done\u202E!' }],
          });
          return { task };
        },
        getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
      },
    );
    const client = await connect(server);
    const created = (await client.request(
      { method: 'tools/call', params: { name: 'job', arguments: { token: 'tok-1234' }, task: {} } },
      ResultSchema,
    )) as { task: { taskId: string } };
    const taskId = created.task.taskId;
    const first = await client.request({ method: 'tasks/result', params: { taskId } }, ResultSchema);
    const second = await client.request({ method: 'tasks/result', params: { taskId } }, ResultSchema);
    expect(first).toEqual(second);
    expect(first.content).toEqual([{ type: 'text', text: 'done!' }]);
    const retrievals = airlock.calls.filter((c) => c.method === 'tasks/result');
    expect(retrievals).toHaveLength(2);
    expect(retrievals[0]?.call).toEqual({
      toolName: 'job',
      serverName: 'unit-server',
      arguments: { token: 'tok-1234' },
    });
    // The store keeps the raw result: sanitizing happens on the way out, each time.
    expect(await taskStore.getTaskResult(taskId)).toEqual({
      content: [{ type: 'text', text: 'done\u202E!' }],
    });
    const got = await client.request({ method: 'tasks/get', params: { taskId } }, ResultSchema);
    expect(got._meta).toEqual({ 'fake/sanitized': 'tasks/get' });
  });

  it.each([
    ['after connect', 'integration_connected'],
    ['twice', 'integration_installed'],
  ])('refuses to install %s', async (title, code) => {
    const server = new McpServer({ name: 'unit-server', version: '1.0.0' });
    server.registerTool('t', {}, async () => ({ content: [] }));
    if (title === 'twice') withAirlock(server, { airlock: createFakeAirlock() });
    else await connect(server);
    expect(() => withAirlock(server, { airlock: createFakeAirlock() })).toThrow(
      expect.objectContaining({ code }),
    );
  });
});

describe('withAirlock on a low-level Server', () => {
  function lowServer(before: boolean, airlock = createFakeAirlock()) {
    const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
    const register = () =>
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        if (request.params.name === 'throw') {
          throw new McpError(ErrorCode.InvalidParams, 'bad \u202Eargs');
        }
        return { content: [{ type: 'text', text: `got\u200B ${request.params.name}` }] };
      });
    if (before) register();
    withAirlock(server, { airlock });
    if (!before) register();
    return { server, airlock };
  }

  it.each([
    ['registered after withAirlock', false],
    ['registered before withAirlock', true],
  ])('sanitizes results and thrown errors (%s)', async (_title, before) => {
    const { server, airlock } = lowServer(before);
    const client = await connect(server);
    const result = await call(client, 'x', { password: 'pw-1234' });
    expect(result.content).toEqual([{ type: 'text', text: 'got x' }]);
    expect(airlock.calls.find((c) => c.kind === 'tool')?.call).toEqual({
      toolName: 'x',
      serverName: 'low',
      arguments: { password: 'pw-1234' },
    });
    const error = (await call(client, 'throw').catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toBe('MCP error -32602: [remote] MCP error -32602: bad args');
  });

  it('passes the outputSchema seen in tools/list to the airlock', async () => {
    const airlock = createFakeAirlock();
    const server = withAirlock(
      new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } }),
      {
        airlock,
      },
    );
    const outputSchema = { type: 'object', properties: { n: { type: 'number' } } };
    server.setRequestHandler(
      (await import('@modelcontextprotocol/sdk/types.js')).ListToolsRequestSchema,
      async () => ({
        tools: [{ name: 'n', inputSchema: { type: 'object' }, outputSchema }],
      }),
    );
    server.setRequestHandler(CallToolRequestSchema, async () => ({
      content: [],
      structuredContent: { n: 1 },
    }));
    const client = await connect(server);
    await client.listTools();
    await call(client, 'n');
    expect(airlock.calls.find((c) => c.kind === 'tool')?.call?.outputSchema).toEqual(outputSchema);
  });
});
