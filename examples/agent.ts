/**
 * @module examples/agent
 * A small agent-side client: it lists the tools of a server, calls each one through `wrapClient`, and collects
 * what it would hand to its model. The wrapped client returns sanitized results; the raw ones stay reachable
 * with `rawResultOf` for logs, never in the model's input.
 *
 * Import `runAgent(transport)` to drive any transport (tests use an in-memory pair and real stdio), or run the
 * file to start `./server.js` beside it as a child process over stdio.
 *
 * @example
 * const turns = await runAgent(new StdioClientTransport({ command: 'node', args: ['server.js'] }));
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { rawResultOf, type WrapClientOptions, wrapClient } from '../src/integrations/wrap-client.js';

/** What the agent would put in front of its model for one tool call, and how big the raw result was. */
export interface AgentTurn {
  readonly tool: string;
  /** The sanitized result as the model would read it. */
  readonly modelInput: string;
  /** Length of the raw result's JSON, kept for the agent's own logs. */
  readonly rawChars: number;
}

/** Arguments the agent sends; the password is synthetic and must never come back in a result. */
export const AGENT_ARGUMENTS: Readonly<Record<string, Record<string, unknown>>> = {
  'hostile-text': { password: 'hunter2-example-pw' },
  weather: { city: 'Oslo' },
  'needs-number': { n: 'not a number' },
};

/**
 * Connects over `transport`, calls every tool that does not require a task, and closes.
 *
 * @example
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await createExampleServer().connect(serverSide);
 * const turns = await runAgent(clientSide);
 */
export async function runAgent(transport: Transport, options?: WrapClientOptions): Promise<AgentTurn[]> {
  const client = wrapClient(new Client({ name: 'example-agent', version: '1.0.0' }), options);
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const turns: AgentTurn[] = [];
    for (const tool of tools) {
      if (tool.execution?.taskSupport === 'required') continue;
      const result = await client.callTool({ name: tool.name, arguments: AGENT_ARGUMENTS[tool.name] ?? {} });
      turns.push({
        tool: tool.name,
        modelInput: JSON.stringify(result),
        rawChars: JSON.stringify(rawResultOf(result) ?? null).length,
      });
    }
    return turns;
  } finally {
    await client.close();
  }
}

/** Run as a program: start the example server beside this file and print what the model would see. */
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = fileURLToPath(new URL('./server.js', import.meta.url));
  const turns = await runAgent(new StdioClientTransport({ command: process.execPath, args: [server] }));
  for (const turn of turns) process.stdout.write(`${turn.tool}: ${turn.modelInput}\n`);
}
