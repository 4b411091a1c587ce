/**
 * @module cli/commands/sanitize
 * `mcp-airlock sanitize [--tool NAME] [--server NAME] [--label L] [--report]`: a CallToolResult JSON on stdin →
 * the sanitized result on stdout; with `--report`, the report on stderr.
 */
import { createAirlock } from '../../core/airlock.js';
import { AirlockError } from '../../core/errors.js';
import type { LabelMode } from '../../core/options.js';
import { type CommandIO, parseJson, parseOptions, processIO, readAll, write } from '../io.js';

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('sanitize', argv, {
    tool: { type: 'string' },
    server: { type: 'string' },
    label: { type: 'string', default: 'notice' },
    report: { type: 'boolean', default: false },
  });
  const label = values.label as LabelMode;
  if (!['none', 'notice', 'spotlight'].includes(label)) {
    throw new AirlockError('bad_option', 'sanitize: --label must be none, notice or spotlight');
  }
  const raw = parseJson(await readAll(io.stdin), 'stdin');
  const airlock = createAirlock({ label });
  const outcome = airlock.sanitizeToolResult(raw, {
    ...(values.tool === undefined ? {} : { toolName: values.tool }),
    ...(values.server === undefined ? {} : { serverName: values.server }),
  });
  write(io.stdout, JSON.stringify(outcome.sanitizedResult));
  if (values.report) write(io.stderr, JSON.stringify(outcome.report, null, 2));
  return 0;
}
