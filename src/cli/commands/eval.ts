/**
 * @module cli/commands/eval
 * `mcp-airlock eval <corpora-dir>`: figures on evaluation corpora in the format of shared/corpora (Unicode
 * attacks and benign text, secrets positive and negative). Exit 0 when the figures were computed; the figures
 * themselves are for people to read, not a pass/fail gate.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AirlockError } from '../../core/errors.js';
import { evalInjection, formatInjectionEval } from '../../eval/injection.js';
import { evalSecrets, formatSecretsEval } from '../../eval/secrets.js';
import { evalUnicode, formatUnicodeEval } from '../../eval/unicode.js';
import { type CommandIO, parseOptions, processIO, write } from '../io.js';

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { positionals } = parseOptions('eval', argv, {}, true);
  const dir = positionals[0];
  if (dir === undefined || positionals.length > 1)
    throw new AirlockError('bad_option', 'eval: usage: mcp-airlock eval <corpora-dir>');
  if (!existsSync(dir)) throw new AirlockError('not_found', `eval: no such directory: ${dir}`);
  let ran = 0;
  if (existsSync(join(dir, 'unicode-attacks.jsonl')) || existsSync(join(dir, 'unicode-benign.jsonl'))) {
    write(io.stdout, formatUnicodeEval(evalUnicode(dir)));
    ran++;
  }
  if (existsSync(join(dir, 'secrets-positive.jsonl')) || existsSync(join(dir, 'secrets-negative.jsonl'))) {
    write(io.stdout, formatSecretsEval(evalSecrets(dir)));
    ran++;
  }
  if (existsSync(join(dir, 'injection-payloads.jsonl'))) {
    write(io.stdout, formatInjectionEval(evalInjection(dir)));
    ran++;
  }
  if (ran === 0) {
    throw new AirlockError(
      'not_found',
      `eval: no corpus files (unicode-*, secrets-*, injection-*.jsonl) in ${dir}`,
    );
  }
  return 0;
}
