import { describe, expect, it } from 'vitest';
import { guessServerName, parseListen, parseProxyArgs } from '../../src/cli/commands/proxy.js';
import { AirlockError } from '../../src/core/errors.js';
import { filterEnv } from '../../src/proxy/stdio-upstream.js';

describe('proxy command options', () => {
  it('takes everything after -- as the server command, flags included', () => {
    const args = parseProxyArgs(['--timeout-ms', '500', '--restart', '--', 'node', 'srv.js', '--port', '1']);
    expect(args).toMatchObject({ command: ['node', 'srv.js', '--port', '1'], timeoutMs: 500, restart: true });
  });

  it('reads repeated and = forms', () => {
    const args = parseProxyArgs([
      '--upstream=http://127.0.0.1:9/mcp',
      '--header',
      'X-A: 1',
      '--header=X-B:two:parts',
      '--env-allow',
      'PATH',
      '--env-allow',
      'GITHUB_*',
      '--listen',
      '127.0.0.1:0',
      '--log-level',
      'debug',
    ]);
    expect(args).toMatchObject({
      upstream: 'http://127.0.0.1:9/mcp',
      headers: { 'X-A': '1', 'X-B': 'two:parts' },
      envAllow: ['PATH', 'GITHUB_*'],
      listen: { host: '127.0.0.1', port: 0 },
      logLevel: 'debug',
    });
  });

  it.each([
    [['--nope'], 'unknown option --nope'],
    [['node', 'x.js'], 'put the server command after --'],
    [['--timeout-ms', 'soon'], '--timeout-ms needs a positive integer'],
    [['--timeout-ms'], '--timeout-ms needs a value'],
    [['--log-level', 'loud'], '--log-level must be one of'],
    [['--header', 'novalue'], '--header needs Name:value'],
    [['--listen', 'localhost'], '--listen needs host:port'],
    [['--'], 'no server command given after --'],
  ])('%j fails with one clear line', (argv, message) => {
    let caught: unknown;
    try {
      parseProxyArgs(argv);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AirlockError);
    expect((caught as AirlockError).code).toBe('bad_option');
    expect((caught as AirlockError).message).toContain(message);
    expect((caught as AirlockError).message).not.toContain('\n');
  });

  it.each([
    ['127.0.0.1:8787', { host: '127.0.0.1', port: 8787 }],
    ['[::1]:9', { host: '::1', port: 9 }],
    [':0', { host: '127.0.0.1', port: 0 }],
    ['0.0.0.0:80', { host: '0.0.0.0', port: 80 }],
  ])('parses --listen %s', (value, expected) => {
    expect(parseListen(value)).toEqual(expected);
  });

  it.each([
    [
      ['node', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
      '@modelcontextprotocol/server-everything',
    ],
    [
      ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      '@modelcontextprotocol/server-filesystem',
    ],
    [['python3', '-m', 'mcp_server_git'], 'mcp_server_git'],
    [['./bin/my-server'], 'my-server'],
    [['uvx', 'mcp-server-fetch'], 'mcp-server-fetch'],
  ])('names the server of %j %s', (command, name) => {
    expect(guessServerName(command)).toBe(name);
  });
});

describe('server environment', () => {
  it.each([
    [undefined, ['A_1', 'B', 'GITHUB_TOKEN', 'PATH']],
    [['PATH'], ['PATH']],
    [
      ['GITHUB_*', 'A_?'],
      ['A_1', 'GITHUB_TOKEN'],
    ],
    [['A.1'], []],
  ])('envAllow %j passes %j', (allow, names) => {
    const source = { A_1: '1', B: '2', GITHUB_TOKEN: 't', PATH: '/bin' };
    expect(Object.keys(filterEnv(source, allow)).sort()).toEqual(names);
  });

  it('adds extra variables after filtering', () => {
    expect(filterEnv({ PATH: '/bin', X: '1' }, ['PATH'], { Y: '2' })).toEqual({ PATH: '/bin', Y: '2' });
  });
});
