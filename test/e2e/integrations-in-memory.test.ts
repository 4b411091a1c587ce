import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { runAgent } from '../../examples/agent.js';
import {
  BIG_IMAGE_BYTES,
  createExampleServer,
  DEEP_JSON_LEVELS,
  HOSTILE_TEXT,
} from '../../examples/server.js';
import { CALLS, depthOf, problems } from '../integrations/hostile.js';

/** A plain SDK client (no wrapClient), so what it receives is what the server hook made. */
async function plainClient() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createExampleServer().connect(serverSide);
  const client = new Client({ name: 'plain', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.request({ method: 'tools/call', params: { name, arguments: args } }, ResultSchema);

describe('withAirlock over InMemoryTransport (real airlock)', () => {
  it.each(CALLS)('%s arrives sanitized', async (name, args) => {
    const client = await plainClient();
    const result = await call(client, name, args);
    expect(problems(result)).toEqual([]);
    await client.close();
  });

  it('the hostile inputs are what the test thinks they are', () => {
    expect(problems({ text: HOSTILE_TEXT })).not.toEqual([]);
    expect(BIG_IMAGE_BYTES).toBeGreaterThan(256 * 1024);
    expect(DEEP_JSON_LEVELS).toBeGreaterThan(100);
  });

  it('omits the large image and flattens the deep JSON', async () => {
    const client = await plainClient();
    const image = await call(client, 'big-image', {});
    const block = (image.content as { type: string; data?: string }[]).find((b) => b.type === 'image');
    expect(block?.data?.length ?? 0).toBeLessThan(1024);
    const deep = await call(client, 'deep-json', {});
    expect(depthOf(deep.structuredContent)).toBeLessThanOrEqual(101);
    await client.close();
  });

  it.each([
    ['no-such-tool', {}, 'not found'],
    ['needs-number', { n: 'x' }, 'Input validation error'],
    ['explode', {}, 'upstream failed'],
  ])('the SDK-made error for %s is an isError result, sanitized', async (name, args, expected) => {
    const client = await plainClient();
    const result = await call(client, name, args);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(expected);
    expect(problems(result)).toEqual([]);
    await client.close();
  });

  it('sanitizes a task-augmented call on every retrieval', async () => {
    const client = await plainClient();
    const created = (await client.request(
      {
        method: 'tools/call',
        params: { name: 'slow-report', arguments: { token: 'tok-e2e-55555' }, task: {} },
      },
      ResultSchema,
    )) as { task: { taskId: string } };
    const first = await client.request(
      { method: 'tasks/result', params: { taskId: created.task.taskId } },
      ResultSchema,
    );
    const second = await client.request(
      { method: 'tasks/result', params: { taskId: created.task.taskId } },
      ResultSchema,
    );
    expect(problems(first)).toEqual([]);
    expect(JSON.stringify(first)).not.toContain('tok-e2e-55555');
    expect(second).toEqual(first);
    await client.close();
  });

  it('200 concurrent calls give the same outputs as the same calls one after another', async () => {
    const client = await plainClient();
    const plan = Array.from({ length: 200 }, (_, i) => CALLS[i % CALLS.length] as (typeof CALLS)[number]);
    const sequential: string[] = [];
    for (const [name, args] of plan) sequential.push(JSON.stringify(await call(client, name, args)));
    const concurrent = await Promise.all(
      plan.map(async ([name, args]) => JSON.stringify(await call(client, name, args))),
    );
    expect(concurrent).toEqual(sequential);
    await client.close();
  });

  it('the example agent, through wrapClient, hands its model only sanitized results', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createExampleServer().connect(serverSide);
    const turns = await runAgent(clientSide);
    expect(turns.map((t) => t.tool)).toEqual([
      'hostile-text',
      'big-image',
      'deep-json',
      'weather',
      'needs-number',
      'explode',
    ]);
    for (const turn of turns) expect(problems(JSON.parse(turn.modelInput))).toEqual([]);
  });
});
