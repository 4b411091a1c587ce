#!/usr/bin/env node
/**
 * @module cli/main
 * The `mcp-airlock` command. The one place that exits: an `AirlockError` becomes one line on stderr and exit
 * code 2; anything else unexpected becomes one line too, never a stack trace (set AIRLOCK_DEBUG=1 for it).
 */
import { readFileSync } from 'node:fs';
import { AirlockError } from '../core/errors.js';
import { processIO, write } from './io.js';

const COMMANDS: Record<string, () => Promise<{ run: (argv: string[]) => Promise<number> }>> = {
  text: () => import('./commands/text.js'),
  sanitize: () => import('./commands/sanitize.js'),
  rules: () => import('./commands/rules.js'),
  eval: () => import('./commands/eval.js'),
  demo: () => import('./commands/demo.js'),
  explain: () => import('./commands/explain.js'),
  config: () => import('./commands/config.js'),
  pins: () => import('./commands/pins.js'),
  proxy: () => import('./commands/proxy.js'),
};

const USAGE = `Usage:
  mcp-airlock [options] -- <server command> [args...]     wrap a stdio MCP server
  mcp-airlock --upstream <url> [--listen 127.0.0.1:<port>] wrap a Streamable HTTP MCP server
  mcp-airlock demo                                          a hostile server, live, before and after
  mcp-airlock text [--class C] [--profile P] [--max-chars N] sanitize stdin as one string
  mcp-airlock sanitize [--tool T] [--server S] [--report]   sanitize a CallToolResult JSON on stdin
  mcp-airlock explain < result.json                         what the airlock does to a result, in words
  mcp-airlock rules [--json]                                list the secret rules
  mcp-airlock config --print                                the effective configuration, secrets hidden
  mcp-airlock pins list | approve <server> [tool]           tool-definition pins
  mcp-airlock eval <corpora-dir>                            figures on evaluation corpora
Run "mcp-airlock proxy --help" for the proxy options.`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    write(first === undefined ? processIO.stderr : processIO.stdout, USAGE);
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    write(processIO.stdout, version());
    return 0;
  }
  const load = COMMANDS[first];
  if (load !== undefined) return (await load()).run(rest);
  if (first.startsWith('-')) return (await COMMANDS.proxy!()).run(argv);
  throw new AirlockError(
    'bad_option',
    `unknown command "${first}" (to wrap a server, put it after --: mcp-airlock -- ${first} ...)`,
  );
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof AirlockError) {
      processIO.stderr.write(`mcp-airlock: ${error.message}\n`);
    } else {
      processIO.stderr.write(
        `mcp-airlock: unexpected error: ${(error as Error)?.message ?? String(error)}\n`,
      );
      if (process.env.AIRLOCK_DEBUG === '1') processIO.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    }
    process.exitCode = 2;
  },
);
