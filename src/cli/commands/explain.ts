/**
 * @module cli/commands/explain
 * `mcp-airlock explain [--tool T] [--server S] [--method M] [--config PATH] < result.json`: the demo's human
 * account for any result. Reads one CallToolResult (or a JSON-RPC response carrying one, or a JSON-RPC error)
 * from stdin, sanitizes it with the effective options for that server and tool, and prints what came in, what
 * goes out, and the findings — invisible characters spelt out, values never repeated from the report.
 *
 * @example
 * mcp-airlock explain --tool get_issue < result.json
 */
import { loadConfig } from '../../config/load.js';
import { createAirlock } from '../../core/airlock.js';
import type { Finding, JsonRpcError, SanitizeOutcome } from '../../core/types.js';
import { type CommandIO, parseJson, parseOptions, processIO, readAll, write } from '../io.js';
import { renderBlocks, show, showLines, summarizeReport } from '../render.js';

/** Most findings listed one per line; the rest are counted. */
export const EXPLAIN_MAX_FINDINGS = 25;

const USAGE = 'usage: mcp-airlock explain [--tool T] [--server S] [--method M] [--config PATH] < result.json';

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('explain', argv, {
    tool: { type: 'string' },
    server: { type: 'string' },
    method: { type: 'string' },
    config: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    write(io.stdout, USAGE);
    return 0;
  }
  const loaded = loadConfig(values.config);
  const tool = values.tool;
  const server = values.server;
  const options = tool === undefined ? loaded.forServer(server) : loaded.forTool(server, tool);
  const airlock = createAirlock(options);
  const input = parseJson(await readAll(io.stdin), 'stdin');
  const call = {
    ...(tool === undefined ? {} : { toolName: tool }),
    ...(server === undefined ? {} : { serverName: server }),
  };

  // Accept a bare result, a JSON-RPC response around one, or a JSON-RPC error.
  const message = input as { result?: unknown; error?: unknown; jsonrpc?: unknown } | null;
  const rpcError = message?.jsonrpc !== undefined && message.error !== undefined ? message.error : undefined;
  const result = message?.jsonrpc !== undefined && message.result !== undefined ? message.result : input;
  const method = values.method ?? 'tools/call';

  const lines: string[] = [];
  let outcome: SanitizeOutcome;
  if (rpcError !== undefined) {
    outcome = airlock.sanitizeError(rpcError as JsonRpcError, call);
    lines.push('what came in (a JSON-RPC error):', ...renderError(rpcError), '');
    lines.push('what goes out:', ...renderError(outcome.sanitizedResult), '');
  } else {
    outcome =
      method === 'tools/call'
        ? airlock.sanitizeToolResult(result, call)
        : airlock.sanitizeResponse(method, result, call);
    const what = method === 'tools/call' ? 'a tool result' : `a ${method} result`;
    lines.push(`what came in (${what}):`, ...renderInput(result, method), '');
    lines.push('what goes out:', ...renderInput(outcome.sanitizedResult, method), '');
  }
  lines.push(...renderFindings(outcome.report.findings), '', `airlock: ${summarizeReport(outcome.report)}`);
  write(io.stdout, lines.join('\n'));
  return 0;
}

function renderInput(value: unknown, method: string): string[] {
  if (method === 'tools/call' || method === 'tasks/result') return renderBlocks(value);
  // Other results have no common shape: show their JSON, made visible and cut.
  return showLines(JSON.stringify(value, null, 2) ?? 'undefined', '  ');
}

function renderError(error: unknown): string[] {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const lines = [`  code ${String(e.code)}: ${show(String(e.message ?? ''))}`];
  if (e.data !== undefined) lines.push(`  data: ${show(JSON.stringify(e.data) ?? '')}`);
  return lines;
}

function renderFindings(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return ['findings: none'];
  const lines = [`findings (${findings.length}):`];
  for (const f of findings.slice(0, EXPLAIN_MAX_FINDINGS)) {
    const what = [f.class, f.rule, f.mimeType].filter((v) => v !== undefined).join(' ');
    const extra = [
      f.removed === undefined ? '' : `${f.removed} removed`,
      f.count === undefined ? '' : `×${f.count}`,
      f.size === undefined ? '' : `${f.size} bytes`,
      f.fingerprint === undefined ? '' : f.fingerprint.slice(0, 19),
    ].filter((v) => v !== '');
    lines.push(
      `  ${show(f.path, 80) || '(root)'}  ${f.action}${what ? ` ${what}` : ''}${extra.length ? `  ${extra.join(', ')}` : ''}`,
    );
  }
  if (findings.length > EXPLAIN_MAX_FINDINGS)
    lines.push(`  … ${findings.length - EXPLAIN_MAX_FINDINGS} more`);
  return lines;
}
