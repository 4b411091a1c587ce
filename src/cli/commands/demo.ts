/**
 * @module cli/commands/demo
 * `mcp-airlock demo` (what `npm run demo` runs): the built-in hostile server, live, before and after.
 *
 * It starts two copies of `dist/demo/hostile-server.js`: one connected directly (what the server sends) and
 * one behind the real proxy, `node dist/cli/main.js --config <temp> -- node dist/demo/hostile-server.js`
 * (what the model gets). Both are driven by a real SDK `Client` over stdio. For every tool it prints the two
 * side by side with invisible characters spelt out, and the airlock's report in one line; then it shows the
 * rug pull: the forecast tool changes its description after first use, and the proxy hides it until approved.
 * Pins and config live in a temporary folder, so the demo never touches the user's state.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AirlockError } from '../../core/errors.js';
import type { Report } from '../../core/types.js';
import { findInjectionHints } from '../../proxy/injection-hints.js';
import { type CommandIO, parseOptions, processIO, write } from '../io.js';
import { isNotice, renderBlocks, show, summarizeReport } from '../render.js';

/** The server name the demo's proxy runs under (it names the pins too). */
export const DEMO_SERVER_NAME = 'hostile-demo';

/** How long to wait for the rug pull's `notifications/tools/list_changed`. */
const LIST_CHANGED_WAIT_MS = 5_000;

/** The package root: the nearest folder above this file holding package.json (works from src/ and dist/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new AirlockError('not_found', 'cannot find the mcp-airlock package folder');
    dir = up;
  }
  return dir;
}

interface Peer {
  readonly client: Client;
  readonly transport: StdioClientTransport;
}

async function connect(
  command: string,
  args: string[],
  env: Record<string, string>,
  stderr: 'ignore' | 'pipe',
) {
  const transport = new StdioClientTransport({ command, args, env, stderr });
  const client = new Client({ name: 'mcp-airlock-demo', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport } satisfies Peer;
}

function call(peer: Peer, name: string) {
  // The loose ResultSchema: Client.callTool() would validate and throw on exactly what the demo wants to show.
  return peer.client.request({ method: 'tools/call', params: { name, arguments: {} } }, ResultSchema);
}

/** Heuristic injection hints in the text blocks a model gets (the same list that checks tool descriptions). */
function injectionHints(result: unknown): string[] {
  const ids = new Set<string>();
  for (const block of (result as { content?: unknown[] }).content ?? []) {
    const text = (block as { type?: unknown; text?: unknown }).text;
    if (!isNotice(block) && typeof text === 'string') for (const id of findInjectionHints(text)) ids.add(id);
  }
  return [...ids];
}

function reportOf(result: unknown): Report | undefined {
  const meta = (result as { _meta?: Record<string, unknown> } | null)?._meta;
  return meta?.['airlock/report'] as Report | undefined;
}

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('demo', argv, { help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    write(
      io.stdout,
      'usage: mcp-airlock demo   (starts a hostile MCP server and shows it through the airlock)',
    );
    return 0;
  }
  const root = packageRoot();
  const main = join(root, 'dist', 'cli', 'main.js');
  const hostile = join(root, 'dist', 'demo', 'hostile-server.js');
  if (!existsSync(main) || !existsSync(hostile)) {
    throw new AirlockError('not_built', 'the demo runs the built package: run "npm run build" first');
  }

  const temp = mkdtempSync(join(tmpdir(), 'mcp-airlock-demo-'));
  const config = join(temp, 'airlock.config.json');
  writeFileSync(
    config,
    JSON.stringify({ pins: { file: join(temp, 'pins.json'), onChange: 'hide' }, logLevel: 'warn' }),
  );
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'SYSTEMROOT', 'TMPDIR', 'TEMP', 'TMP']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  env.XDG_STATE_HOME = join(temp, 'state');
  env.XDG_CONFIG_HOME = join(temp, 'config');

  const proxyLog: string[] = [];
  let direct: Peer | undefined;
  let proxied: Peer | undefined;
  const out = (line = '') => write(io.stdout, line);
  try {
    direct = await connect(process.execPath, [hostile], env, 'ignore');
    proxied = await connect(
      process.execPath,
      [main, '--config', config, '--server-name', DEMO_SERVER_NAME, '--', process.execPath, hostile],
      env,
      'pipe',
    );
    proxied.transport.stderr?.on('data', (chunk: Buffer) =>
      proxyLog.push(...chunk.toString('utf8').split('\n')),
    );
    let listChanged: () => void = () => {};
    const changed = new Promise<void>((resolve) => {
      listChanged = resolve;
    });
    proxied.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => listChanged());

    const { tools } = await direct.client.listTools();
    const firstListing = await proxied.client.listTools();
    out('mcp-airlock demo: a hostile MCP server, called directly and through the airlock.');
    out(`Invisible characters are shown as ⟨U+XXXX⟩. ${tools.length} tools.`);

    let changedCount = 0;
    let noticeShown = false;
    for (const tool of tools) {
      const [raw, clean] = await Promise.all([call(direct, tool.name), call(proxied, tool.name)]);
      const report = reportOf(clean);
      if (report?.changed) changedCount++;
      out();
      out(`▸ ${tool.name}: ${show(tool.description ?? '', 100)}`);
      out('  server sent:');
      for (const line of renderBlocks(raw, '    ')) out(line);
      const content = (clean as { content?: unknown[] }).content ?? [];
      if (!noticeShown && content.some(isNotice)) {
        out('  model gets (every result starts with this notice block, left out below):');
        for (const line of renderBlocks({ content: content.filter(isNotice) }, '    ')) out(line);
        noticeShown = true;
      } else {
        out('  model gets:');
      }
      for (const line of renderBlocks(clean, '    ', { hideNotice: true })) out(line);
      const summary = report === undefined ? 'no report' : summarizeReport(report);
      out(
        `  airlock: ${summary === 'unchanged' && content.some(isNotice) ? 'nothing to remove; labelled as data' : summary}`,
      );
      const hints = injectionHints(clean);
      if (hints.length > 0) {
        out(
          `  injection-shaped text still there: ${hints.join(', ')} (a heuristic: kept, under the notice that marks it as data)`,
        );
      }
    }

    // The rug pull: the first call of get_forecast changed its definition; the proxy re-checks the pins.
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), LIST_CHANGED_WAIT_MS).unref(),
    );
    const notified = (await Promise.race([changed, timeout])) !== 'timeout';
    const before = firstListing.tools.map((t) => t.name);
    const [after, afterDirect] = await Promise.all([proxied.client.listTools(), direct.client.listTools()]);
    const visibleNames = new Set(after.tools.map((t) => t.name));
    const hidden = before.filter((name) => !visibleNames.has(name));
    out();
    out('▸ rug pull: a tool changes its description after it was first listed and used');
    out(`  server sent notifications/tools/list_changed: ${notified ? 'yes' : 'not seen'}`);
    for (const name of hidden) {
      const now = afterDirect.tools.find((t) => t.name === name);
      out(`  server now lists ${name} as: ${show(now?.description ?? '(gone)', 240)}`);
    }
    out(
      hidden.length === 0
        ? '  model sees: the same tools as before'
        : `  model sees: ${hidden.join(', ')} hidden until approved (mcp-airlock pins approve ${DEMO_SERVER_NAME} ${hidden[0]})`,
    );
    await new Promise((resolve) => setImmediate(resolve));
    for (const line of proxyLog.filter((l) => l.trim() !== '').slice(0, 6))
      out(`  proxy log: ${show(line, 200)}`);

    out();
    out(
      `${changedCount} of ${tools.length} results were changed by the airlock; ${hidden.length} tool hidden after a rug pull.`,
    );
    out('Explain any result of your own: mcp-airlock explain --tool <name> < result.json');
    return 0;
  } finally {
    await Promise.allSettled([direct?.client.close(), proxied?.client.close()]);
    rmSync(temp, { recursive: true, force: true });
  }
}
