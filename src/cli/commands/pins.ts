/**
 * @module cli/commands/pins
 * `mcp-airlock pins list` and `mcp-airlock pins approve <server> [tool]`: look at and accept tool-definition
 * pins (see `proxy/pins`). `approve` with only a server accepts every pending change of it and forgets its
 * removed tools. The pins file is `--file`, else `pins.file` from the config, else the default state file.
 *
 * @example
 * mcp-airlock pins approve github create_issue
 */
import { loadConfig } from '../../config/load.js';
import { AirlockError } from '../../core/errors.js';
import { createPins } from '../../proxy/pins.js';
import { type CommandIO, parseOptions, processIO, write } from '../io.js';
import { show } from '../render.js';

const USAGE = `usage: mcp-airlock pins list [--json] [--file F] [--config PATH]
       mcp-airlock pins approve <server> [tool] [--file F] [--config PATH]`;

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values, positionals } = parseOptions(
    'pins',
    argv,
    {
      file: { type: 'string' },
      config: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  const [action, server, tool, ...extra] = positionals;
  if (values.help || action === undefined) {
    write(values.help ? io.stdout : io.stderr, USAGE);
    return values.help ? 0 : 2;
  }
  const file = values.file ?? loadConfig(values.config).config.pins?.file;
  const pins = createPins(file === undefined ? {} : { file });

  if (action === 'list') {
    if (server !== undefined) throw new AirlockError('bad_option', 'pins list takes no arguments');
    const state = pins.list();
    if (values.json) {
      write(io.stdout, JSON.stringify(state, null, 2));
      return 0;
    }
    const servers = Object.entries(state.servers);
    if (servers.length === 0) {
      write(io.stdout, `no pins yet (${pins.file})`);
      return 0;
    }
    const lines = [`pins in ${pins.file}:`];
    for (const [name, entry] of servers) {
      lines.push(`${show(name, 80)}:`);
      for (const [toolName, pin] of Object.entries(entry.tools)) {
        const status =
          pin.missingSince !== undefined
            ? `missing since ${pin.missingSince}`
            : pin.pending !== undefined
              ? `CHANGED ${pin.changedAt ?? ''}, pending approval`
              : 'ok';
        lines.push(`  ${show(toolName, 80)}  ${pin.hash.slice(0, 19)}…  pinned ${pin.pinnedAt}  ${status}`);
      }
    }
    write(io.stdout, lines.join('\n'));
    return 0;
  }

  if (action === 'approve') {
    if (server === undefined) throw new AirlockError('bad_option', 'pins approve needs a server name');
    if (extra.length > 0)
      throw new AirlockError('bad_option', 'pins approve takes a server and at most one tool');
    const approved = pins.approve(server, tool);
    write(
      io.stdout,
      approved.length === 0
        ? `nothing to approve for ${tool === undefined ? `server ${server}` : `${server} ${tool}`}`
        : `approved ${approved.length}: ${approved.map((n) => show(n, 80)).join(', ')}`,
    );
    return 0;
  }
  throw new AirlockError('bad_option', `unknown pins action "${action}" (list or approve)`);
}
