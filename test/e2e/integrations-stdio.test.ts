/**
 * Over real stdio: the example server runs as a child process. Node 20 cannot run TypeScript, and `dist/` holds
 * only `src/`, so beforeAll transpiles `src/` and `examples/` (TypeScript's own transpileModule, no type check;
 * `npm run typecheck` covers types) into a directory under node_modules/.cache — inside the repository, so the
 * child resolves `@modelcontextprotocol/sdk` and `zod` from the same node_modules. The child runs exactly the
 * code the in-memory tests import.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from '../../examples/agent.js';
import { CALLS, depthOf, problems } from '../integrations/hostile.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'node_modules', '.cache', `mcp-airlock-e2e-${process.pid}`);

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function transpile(): Promise<void> {
  for (const file of [...(await sources(join(root, 'src'))), ...(await sources(join(root, 'examples')))]) {
    const target = join(out, relative(root, file));
    await mkdir(dirname(target), { recursive: true });
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
      const { outputText } = ts.transpileModule(await readFile(file, 'utf8'), {
        fileName: file,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
      });
      await writeFile(target.replace(/\.ts$/, '.js'), outputText);
    } else if (file.endsWith('.json')) {
      await writeFile(target, await readFile(file));
    }
  }
}

const serverTransport = () =>
  new StdioClientTransport({
    command: process.execPath,
    args: [join(out, 'examples', 'server.js')],
    stderr: 'pipe',
  });

beforeAll(transpile);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('withAirlock and wrapClient over real stdio', () => {
  it('every hostile call, SDK-made error and task result arrives sanitized at a plain client', async () => {
    const client = new Client({ name: 'plain', version: '1.0.0' });
    await client.connect(serverTransport());
    try {
      for (const [name, args] of CALLS) {
        const result = await client.request(
          { method: 'tools/call', params: { name, arguments: args } },
          ResultSchema,
        );
        expect({ name, problems: problems(result) }).toEqual({ name, problems: [] });
        if (name === 'deep-json') expect(depthOf(result.structuredContent)).toBeLessThanOrEqual(101);
        if (name === 'big-image') expect(JSON.stringify(result).length).toBeLessThan(4096);
      }
      const created = (await client.request(
        {
          method: 'tools/call',
          params: { name: 'slow-report', arguments: { token: 'tok-stdio-7777' }, task: {} },
        },
        ResultSchema,
      )) as { task: { taskId: string } };
      const taskResult = await client.request(
        { method: 'tasks/result', params: { taskId: created.task.taskId } },
        ResultSchema,
      );
      expect(problems(taskResult)).toEqual([]);
      expect(JSON.stringify(taskResult)).not.toContain('tok-stdio-7777');
    } finally {
      await client.close();
    }
  });

  it('the example agent hands its model only sanitized results', async () => {
    const turns = await runAgent(serverTransport());
    expect(turns).toHaveLength(6);
    for (const turn of turns) expect(problems(JSON.parse(turn.modelInput))).toEqual([]);
    const image = turns.find((t) => t.tool === 'big-image');
    expect(image && image.rawChars > image.modelInput.length).toBe(true);
  });

  it('200 concurrent calls over stdio give the same outputs as sequential ones', async () => {
    const client = new Client({ name: 'plain', version: '1.0.0' });
    await client.connect(serverTransport());
    try {
      const plan = Array.from({ length: 200 }, (_, i) => CALLS[i % CALLS.length] as (typeof CALLS)[number]);
      const once = ([name, args]: (typeof CALLS)[number]) =>
        client
          .request({ method: 'tools/call', params: { name, arguments: args } }, ResultSchema)
          .then((r) => JSON.stringify(r));
      const sequential: string[] = [];
      for (const step of plan) sequential.push(await once(step));
      expect(await Promise.all(plan.map(once))).toEqual(sequential);
    } finally {
      await client.close();
    }
  });
});
