/**
 * The built CLI's proxy mode fails with one clear line and a non-zero exit, never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch-dir.js';
import { buildOnce, MAIN } from './proxy-helpers.js';

const dir = scratchDir('cli', {
  'good.json': JSON.stringify({ pins: { enabled: false } }),
  'bad.json': JSON.stringify({ label: 'loud', proxy: { timeoutMs: -1 } }),
});
const good = join(dir, 'good.json');
const bad = join(dir, 'bad.json');

beforeAll(() => buildOnce());

describe('proxy CLI errors', () => {
  it.each([
    ['an unknown option', ['--bogus'], 'unknown option --bogus'],
    ['a missing server command', ['--config', good, '--'], 'no server command'],
    [
      'a server command that does not exist',
      ['--config', good, '--', 'no-such-command-airlock'],
      'command not found',
    ],
    [
      'a non-loopback listen without a token',
      ['--config', good, '--listen', '0.0.0.0:0', '--', 'node', '-e', '1'],
      'requires a bearer token',
    ],
    [
      'an upstream that is not http',
      ['--config', good, '--upstream', 'ftp://example'],
      'must be an http(s) URL',
    ],
    [
      'a bearer variable that is not set',
      ['--config', good, '--bearer-env', 'AIRLOCK_NOT_SET_X', '--upstream', 'http://127.0.0.1:9/mcp'],
      'is not set',
    ],
    ['a bad config file', ['--config', bad, '--', 'node', '-e', '1'], 'problems'],
  ])('%s', (_name, args, message) => {
    const run = spawnSync('node', [MAIN, ...args], { input: '', encoding: 'utf8', timeout: 20_000 });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mcp-airlock: /);
    expect(lines[0]).toContain(message);
  });
});
