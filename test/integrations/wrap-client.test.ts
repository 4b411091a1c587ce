import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { createExampleServer } from '../../examples/server.js';
import { rawResultOf, wrapClient } from '../../src/integrations/wrap-client.js';
import { createFakeAirlock } from './fake-airlock.js';

vi.mock('../../src/core/airlock.js', () => ({
  createAirlock: () => {
    throw new Error('these tests pass their own airlock');
  },
}));

/** A plain server (no hook): everything it sends is raw, so what the client returns shows the wrapper's work. */
function rawServer() {
  const server = new McpServer({ name: 'raw-server', version: '1.0.0' });
  server.registerPrompt('p', {}, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'p\u200Bq' } }],
  }));
  server.registerResource('r', 'note://r', {}, async (uri) => ({
    contents: [{ uri: uri.href, text: 'r\u2066s' }],
  }));
  return server;
}

/** A low-level server whose tool breaks its own outputSchema: `Client.callTool` would throw on it. */
function typedServer() {
  const server = new Server({ name: 'raw-server', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'typed',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({
    content: [{ type: 'text', text: 'x\u202Ey' }],
    structuredContent: { n: 'not-a-number' },
  }));
  return server;
}

async function connected(server: McpServer | Server, airlock = createFakeAirlock()) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = wrapClient(new Client({ name: 'agent', version: '1.0.0' }), { airlock });
  await client.connect(clientSide);
  return { client, airlock };
}

describe('wrapClient', () => {
  it('returns sanitized tool results, keeps the raw one out of JSON, and does not throw on outputSchema', async () => {
    const { client, airlock } = await connected(typedServer());
    await client.listTools();
    const result = await client.callTool({ name: 'typed', arguments: { password: 'pw-12345' } });
    expect(result.content).toEqual([{ type: 'text', text: 'xy' }]);
    expect(JSON.stringify(result)).not.toContain('\u202E');
    expect(Object.keys(result)).not.toContain('rawResult');
    expect(rawResultOf(result)).toMatchObject({ content: [{ type: 'text', text: 'x\u202Ey' }] });
    const seen = airlock.calls.find((c) => c.kind === 'tool')?.call;
    expect(seen).toMatchObject({
      toolName: 'typed',
      serverName: 'raw-server',
      arguments: { password: 'pw-12345' },
    });
    expect(seen?.outputSchema).toMatchObject({ type: 'object' });
  });

  it.each([
    ['getPrompt', 'prompts/get'],
    ['readResource', 'resources/read'],
  ])('%s returns a sanitized result with the raw one attached', async (name, method) => {
    const { client, airlock } = await connected(rawServer());
    const result =
      name === 'getPrompt'
        ? await client.getPrompt({ name: 'p' })
        : await client.readResource({ uri: 'note://r' });
    expect(JSON.stringify(result)).not.toMatch(/[\u200B\u2066]/);
    expect(JSON.stringify(rawResultOf(result))).toMatch(/[\u200B\u2066]/);
    expect(airlock.calls.some((c) => c.method === method)).toBe(true);
  });

  it('rethrows a server error as an McpError with a sanitized message, prefixed once, original kept aside', async () => {
    const { client } = await connected(rawServer());
    const error = (await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e)) as McpError & {
      rawError?: unknown;
    };
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toBe('MCP error -32602: [remote] MCP error -32602: Prompt nope not found');
    expect(error.rawError).toBeInstanceOf(McpError);
  });

  it('sanitizes task results on retrieval and stream, with the tool context remembered at creation', async () => {
    const { client, airlock } = await connected(createExampleServer({ airlock: createFakeAirlock() }));
    const messages = [];
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'slow-report', arguments: { token: 'tok-98765' } },
      undefined,
      { task: {} },
    )) {
      messages.push(message);
    }
    const created = messages.find((m) => m.type === 'taskCreated') as { task: { taskId: string } };
    const last = messages.at(-1) as { type: string; result: Record<string, unknown> };
    expect(last.type).toBe('result');
    expect(rawResultOf(last.result)).toBeDefined();
    const again = await client.experimental.tasks.getTaskResult(created.task.taskId);
    expect(JSON.stringify(again)).not.toContain('\u202E');
    const retrieval = airlock.calls.find((c) => c.method === 'tasks/result');
    expect(retrieval?.call).toMatchObject({ toolName: 'slow-report', arguments: { token: 'tok-98765' } });
  });

  it('leaves the rest of the client alone', async () => {
    const { client } = await connected(rawServer());
    expect(client.getServerVersion()?.name).toBe('raw-server');
    expect(await client.ping()).toEqual({});
    await client.close();
  });
});
