/**
 * @module cli/commands/rules
 * `mcp-airlock rules [--json]`: the secret rules, one per line (id, keywords, description).
 */
import { listRules } from '../../rules/index.js';
import { type CommandIO, parseOptions, processIO, write } from '../io.js';

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('rules', argv, { json: { type: 'boolean', default: false } });
  const rules = listRules();
  if (values.json) {
    write(io.stdout, JSON.stringify(rules, null, 2));
    return 0;
  }
  const width = Math.max(...rules.map((r) => r.id.length));
  for (const rule of rules)
    write(io.stdout, `${rule.id.padEnd(width)}  [${rule.keywords.join(', ')}]  ${rule.description}`);
  write(io.stdout, `${rules.length} rules`);
  return 0;
}
