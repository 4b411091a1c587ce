import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built package (`npm test` builds first), imported by its own name the way a user imports it.
const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** Runs an ES module body in a fresh Node process in `cwd`; its stdout, parsed as JSON. */
async function evaluate(cwd: string, body: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', body], {
    cwd,
    timeout: 30_000,
  });
  return JSON.parse(stdout);
}

describe('entry points', () => {
  let alone: string;

  beforeAll(() => {
    expect(existsSync(join(root, 'dist/index.js')), 'run npm run build first').toBe(true);
    // dist with nothing installed beside it or above it: an import of the SDK, zod or ajv would fail to resolve.
    alone = mkdtempSync(join(tmpdir(), 'airlock-alone-'));
    cpSync(join(root, 'dist'), join(alone, 'dist'), { recursive: true });
  });
  afterAll(() => rmSync(alone, { recursive: true, force: true }));

  it('the root sanitizes with no dependency installed: it imports nothing from the SDK, zod or ajv', async () => {
    const out = await evaluate(
      alone,
      `const { sanitizeToolCallResult, envelopeResult } = await import('./dist/index.js');
       const text = 'token ghp_YZm695ObEuAJckLtuXowXXoIOarX85ZNu8UG\\u200b';
       const { sanitizedResult } = sanitizeToolCallResult({ content: [{ type: 'text', text }] }, { label: 'none' });
       const request = { method: 'GET', path: '/issues/7' };
       const envelope = envelopeResult({ request, status: 200, data: { title: 'x\u202e' } });
       const data = JSON.parse(envelope.content[0].text).data;
       console.log(JSON.stringify({ text: sanitizedResult.content[0].text, data }));`,
    );
    expect(out).toEqual({ text: 'token [REDACTED:github-pat]', data: { title: 'x' } });
  });

  it('the integrations need the SDK: without it their entry points fail to load, the root does not', async () => {
    const out = await evaluate(
      alone,
      `const outcome = async (path) => import(path).then(() => 'loaded', (e) => e.code);
       console.log(JSON.stringify([await outcome('./dist/server.js'), await outcome('./dist/client.js')]));`,
    );
    expect(out).toEqual(['ERR_MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND']);
  });

  it('each name is exported from exactly one entry point', async () => {
    const out = (await evaluate(
      root,
      `const names = async (spec) => Object.keys(await import(spec)).sort();
       console.log(JSON.stringify({
         root: await names('mcp-airlock'),
         server: await names('mcp-airlock/server'),
         client: await names('mcp-airlock/client'),
       }));`,
    )) as Record<'root' | 'server' | 'client', string[]>;
    expect(out.server).toEqual(['withAirlock']);
    expect(out.client).toEqual(['rawResultOf', 'wrapClient']);
    expect(out.root).toEqual(
      expect.arrayContaining(['createAirlock', 'sanitizeToolCallResult', 'envelopeResult']),
    );
    expect(out.root).not.toContain('withAirlock');
    expect(out.root).not.toContain('wrapClient');
  });
});
