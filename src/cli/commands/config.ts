/**
 * @module cli/commands/config
 * `mcp-airlock config [--print] [--check] [--config PATH] [--server S] [--tool T]`: shows the effective
 * configuration as JSON with every secret value hidden (`--print`, the default), or only validates it
 * (`--check`). With `--server` (and `--tool`) it prints the resolved airlock options for that server or tool,
 * so per-server and per-tool globs can be checked before they meet a real server. A bad file is one line on
 * stderr and exit code 2 (thrown as `AirlockError('bad_config')` and printed by the CLI top).
 *
 * @example
 * mcp-airlock config --print --server github --tool create_token
 */
import { loadConfig } from '../../config/load.js';
import { printConfig } from '../../config/print.js';
import { AirlockError } from '../../core/errors.js';
import { type CommandIO, parseOptions, processIO, write } from '../io.js';

const USAGE = 'usage: mcp-airlock config [--print | --check] [--config PATH] [--server NAME] [--tool NAME]';

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('config', argv, {
    print: { type: 'boolean' },
    check: { type: 'boolean' },
    config: { type: 'string' },
    server: { type: 'string' },
    tool: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    write(io.stdout, USAGE);
    return 0;
  }
  if (values.print && values.check)
    throw new AirlockError('bad_option', 'config: give --print or --check, not both');
  const loaded = loadConfig(values.config);
  if (values.check) {
    write(io.stdout, loaded.path === null ? 'ok: no config file, defaults apply' : `ok: ${loaded.path}`);
    return 0;
  }
  const target = {
    ...(values.server === undefined ? {} : { server: values.server }),
    ...(values.tool === undefined ? {} : { tool: values.tool }),
  };
  write(io.stdout, printConfig(loaded, target));
  return 0;
}
