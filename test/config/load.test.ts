import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadConfig,
  matchGlob,
  optionsForServer,
  optionsForTool,
  parseConfig,
} from '../../src/config/load.js';
import { AirlockError } from '../../src/core/errors.js';

let dir: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-config-'));
  env = { HOME: join(dir, 'home'), XDG_CONFIG_HOME: join(dir, 'xdg') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, value: unknown): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

function badConfig(fn: () => unknown): AirlockError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AirlockError);
    expect((error as AirlockError).code).toBe('bad_config');
    return error as AirlockError;
  }
  throw new Error('expected a bad_config error');
}

describe('finding the file', () => {
  it('falls back to defaults when there is no file', () => {
    const loaded = loadConfig(undefined, dir, env);
    expect(loaded.source).toBe('defaults');
    expect(loaded.path).toBeNull();
    expect(loaded.logLevel).toBe('warn');
    expect(loaded.forServer()).toEqual({});
  });

  it('prefers the explicit path, then the working directory, then the user folder', () => {
    const user = write(join(dir, 'xdg', 'mcp-airlock', 'config.json'), { label: 'none' });
    expect(loadConfig(undefined, dir, env)).toMatchObject({ source: 'user', path: user });
    const local = write(join(dir, 'airlock.config.json'), { label: 'spotlight' });
    expect(loadConfig(undefined, dir, env)).toMatchObject({ source: 'cwd', path: local });
    const explicit = write(join(dir, 'other.json'), { label: 'notice' });
    const loaded = loadConfig('other.json', dir, env);
    expect(loaded).toMatchObject({ source: 'explicit', path: explicit });
    expect(loaded.forServer().label).toBe('notice');
  });

  it('uses ~/.config when XDG_CONFIG_HOME is unset', () => {
    write(join(dir, 'home', '.config', 'mcp-airlock', 'config.json'), { profile: 'strict' });
    const loaded = loadConfig(undefined, dir, { HOME: join(dir, 'home') });
    expect(loaded.source).toBe('user');
    expect(loaded.forServer().profile).toBe('strict');
  });

  it('takes lookalikes per server and rejects a mode it does not know', () => {
    write(join(dir, 'airlock.config.json'), { servers: { docs: { lookalikes: 'keep' } } });
    const loaded = loadConfig(undefined, dir, env);
    expect(loaded.forServer('docs').lookalikes).toBe('keep');
    expect(loaded.forServer('other').lookalikes).toBeUndefined();
    write(join(dir, 'airlock.config.json'), { lookalikes: 'latin' });
    expect(badConfig(() => loadConfig(undefined, dir, env)).message).toContain('/lookalikes');
  });

  it('reports an explicit path that does not exist', () => {
    expect(badConfig(() => loadConfig('missing.json', dir, env)).message).toMatch(/config file not found/);
  });
});

describe('validation', () => {
  it('reports every problem at once, each with its JSON pointer, on one line', () => {
    write(join(dir, 'airlock.config.json'), {
      label: 'loud',
      bounds: { field: -1 },
      secrets: { mode: 'maybe', valuez: [] },
      servers: {
        gh: { tools: { 'read_*': { profile: 'lax' } } },
        'a/b~c': { tools: { x: { profile: 'lax' } } },
      },
    });
    const { message } = badConfig(() => loadConfig(undefined, dir, env));
    expect(message).not.toContain('\n');
    expect(message).toMatch(/6 problems/);
    for (const pointer of [
      '/label',
      '/bounds/field',
      '/secrets/mode',
      '/secrets:',
      '/servers/gh/tools/read_*/profile',
      '/servers/a~1b~0c/tools/x/profile',
    ]) {
      expect(message).toContain(pointer);
    }
    expect(message).toContain('valuez');
  });

  it.each([
    ['not JSON', '{ "label": ', /invalid JSON/],
    ['an array', '[]', /\(root\)/],
    ['an unknown top-level key', '{"lable": "none"}', /Unrecognized key: "lable"/],
    ['a bad upstream URL', '{"proxy": {"upstream": "not a url"}}', /\/proxy\/upstream/],
    ['a bad pins policy', '{"pins": {"onChange": "delete"}}', /\/pins\/onChange/],
  ])('rejects %s', (_name, text, pattern) => {
    write(join(dir, 'airlock.config.json'), text);
    expect(badConfig(() => loadConfig(undefined, dir, env)).message).toMatch(pattern);
  });

  it('accepts $schema and a BOM', () => {
    write(
      join(dir, 'airlock.config.json'),
      `\uFEFF${JSON.stringify({ $schema: './schema.json', label: 'none' })}`,
    );
    expect(loadConfig(undefined, dir, env).forServer().label).toBe('none');
  });
});

describe('environment overrides', () => {
  it('apply on top of the file and are listed', () => {
    write(join(dir, 'airlock.config.json'), { label: 'none', secrets: { mode: 'mask', fromEnv: ['X'] } });
    const loaded = loadConfig(undefined, dir, {
      ...env,
      AIRLOCK_LABEL: 'spotlight',
      AIRLOCK_SECRETS_MODE: 'block',
      AIRLOCK_LOG_LEVEL: 'debug',
      AIRLOCK_TIMEOUT_MS: '5000',
    });
    expect(loaded.forServer()).toMatchObject({
      label: 'spotlight',
      secrets: { mode: 'block', fromEnv: ['X'] },
    });
    expect(loaded.logLevel).toBe('debug');
    expect(loaded.config.proxy?.timeoutMs).toBe(5000);
    expect(loaded.envApplied).toEqual([
      'AIRLOCK_LABEL',
      'AIRLOCK_SECRETS_MODE',
      'AIRLOCK_LOG_LEVEL',
      'AIRLOCK_TIMEOUT_MS',
    ]);
  });

  it.each([
    ['AIRLOCK_LABEL', 'loud', /env AIRLOCK_LABEL \(\/label\)/],
    ['AIRLOCK_PROFILE', 'lax', /env AIRLOCK_PROFILE \(\/profile\)/],
    ['AIRLOCK_TIMEOUT_MS', 'soon', /env AIRLOCK_TIMEOUT_MS: expected a non-negative integer/],
  ])('name the variable when %s=%s is invalid', (name, value, pattern) => {
    expect(badConfig(() => loadConfig(undefined, dir, { ...env, [name]: value })).message).toMatch(pattern);
  });

  it('do not override a per-server setting from the file', () => {
    write(join(dir, 'airlock.config.json'), { servers: { gh: { label: 'none' } } });
    const loaded = loadConfig(undefined, dir, { ...env, AIRLOCK_LABEL: 'spotlight' });
    expect(loaded.forServer('gh').label).toBe('none');
    expect(loaded.forServer('other').label).toBe('spotlight');
  });
});

describe('effective options', () => {
  const config = parseConfig({
    label: 'notice',
    bounds: { document: 1000, field: 100 },
    secrets: { mode: 'mask', values: ['a-known-secret'] },
    tools: { 'read_*': { bounds: { document: 50 } }, read_file: { label: 'none' } },
    servers: {
      gh: {
        secrets: { mode: 'block', credentialTools: ['create_*'] },
        tools: { 'read_?ile': { bounds: { field: 7 } }, '*': { profile: 'strict' } },
      },
    },
    proxy: { timeoutMs: 10 },
    pins: { onChange: 'hide' },
  });

  it.each([
    [
      'no server',
      undefined,
      { label: 'notice', bounds: { document: 1000, field: 100 }, secrets: { mode: 'mask' } },
    ],
    ['an unknown server', 'nope', { serverName: 'nope', secrets: { values: ['a-known-secret'] } }],
    [
      'a server with overrides (objects merge)',
      'gh',
      {
        serverName: 'gh',
        secrets: { mode: 'block', values: ['a-known-secret'], credentialTools: ['create_*'] },
      },
    ],
  ])('for %s', (_name, server, expected) => {
    const options = optionsForServer(config, server);
    expect(options).toMatchObject(expected);
    expect(options).not.toHaveProperty('proxy');
    expect(options).not.toHaveProperty('pins');
    expect(options).not.toHaveProperty('tools');
  });

  it.each([
    [
      'a tool no glob matches',
      undefined,
      'list',
      { bounds: { document: 1000, field: 100 }, label: 'notice' },
    ],
    [
      'global globs in file order',
      undefined,
      'read_file',
      { bounds: { document: 50, field: 100 }, label: 'none' },
    ],
    [
      'server globs after global ones',
      'gh',
      'read_file',
      { bounds: { document: 50, field: 7 }, profile: 'strict' },
    ],
    ['a server-wide tool glob', 'gh', 'list', { profile: 'strict', secrets: { mode: 'block' } }],
  ])('for %s', (_name, server, tool, expected) => {
    expect(optionsForTool(config, server, tool)).toMatchObject(expected);
  });

  it('never mutates the config when merging', () => {
    const before = JSON.stringify(config);
    optionsForTool(config, 'gh', 'read_file');
    expect(JSON.stringify(config)).toBe(before);
  });

  it('does not resolve a server named like an Object.prototype key', () => {
    expect(optionsForServer(config, 'constructor')).toEqual({
      ...optionsForServer(config),
      serverName: 'constructor',
    });
  });
});

describe('matchGlob', () => {
  it.each([
    ['*', 'anything', true],
    ['read_*', 'read_file', true],
    ['read_*', 'write_file', false],
    ['read_?ile', 'read_file', true],
    ['read_?ile', 'read_fiile', false],
    ['a.b', 'axb', false],
    ['a.b', 'a.b', true],
    ['get-(x)', 'get-(x)', true],
    ['file', 'file_x', false],
  ])('%s against %s is %s', (glob, name, expected) => {
    expect(matchGlob(glob, name)).toBe(expected);
  });
});
