import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/config.js';
import { AirlockError } from '../../src/core/errors.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-config-cmd-'));
  vi.stubEnv('XDG_CONFIG_HOME', join(dir, 'xdg'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

async function runConfig(argv: string[]): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await run(argv, { stdin: new PassThrough(), stdout, stderr: new PassThrough() });
  return { code, out };
}

describe('mcp-airlock config', () => {
  it('prints the effective config with secrets hidden', async () => {
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ label: 'none', secrets: { values: ['hunter2-secret'] } }));
    const { code, out } = await runConfig(['--print', '--config', file]);
    expect(code).toBe(0);
    expect(out).not.toContain('hunter2-secret');
    expect(JSON.parse(out)).toMatchObject({ source: 'explicit', path: file, config: { label: 'none' } });
  });

  it('prints the resolved options of one tool', async () => {
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { gh: { tools: { 'get_*': { profile: 'strict' } } } } }));
    const { out } = await runConfig(['--config', file, '--server', 'gh', '--tool', 'get_me']);
    expect(JSON.parse(out).config).toEqual({ profile: 'strict', serverName: 'gh' });
  });

  it('checks a file', async () => {
    const file = join(dir, 'c.json');
    writeFileSync(file, '{}');
    expect(await runConfig(['--check', '--config', file])).toEqual({ code: 0, out: `ok: ${file}\n` });
  });

  it.each([[['--print', '--check']], [['--bogus']], [['--config', 'does-not-exist.json']]])(
    'refuses %j with one line',
    async (argv) => {
      const error = await runConfig(argv).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AirlockError);
      expect((error as Error).message).not.toContain('\n');
    },
  );
});
