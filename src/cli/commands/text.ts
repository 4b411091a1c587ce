/**
 * @module cli/commands/text
 * `mcp-airlock text [--class C] [--profile P] [--max-chars N]`: stdin → sanitized text on stdout.
 */
import { createAirlock } from '../../core/airlock.js';
import { AirlockError } from '../../core/errors.js';
import type { StringClass, UnicodeProfile } from '../../core/types.js';
import { type CommandIO, parseOptions, processIO, readAll } from '../io.js';

const CLASSES: readonly StringClass[] = ['document', 'field', 'error', 'key'];

export async function run(argv: string[], io: CommandIO = processIO): Promise<number> {
  const { values } = parseOptions('text', argv, {
    class: { type: 'string', default: 'document' },
    profile: { type: 'string', default: 'balanced' },
    'max-chars': { type: 'string' },
  });
  const cls = values.class as StringClass;
  if (!CLASSES.includes(cls))
    throw new AirlockError('bad_option', `text: --class must be one of ${CLASSES.join(', ')}`);
  const profile = values.profile as UnicodeProfile;
  if (profile !== 'balanced' && profile !== 'strict') {
    throw new AirlockError('bad_option', 'text: --profile must be balanced or strict');
  }
  const maxChars = values['max-chars'] === undefined ? undefined : Number(values['max-chars']);
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 1)) {
    throw new AirlockError('bad_option', 'text: --max-chars must be a positive integer');
  }
  const airlock = createAirlock({ profile });
  const input = await readAll(io.stdin);
  io.stdout.write(
    airlock.sanitizeText(input, { class: cls, ...(maxChars === undefined ? {} : { maxChars }) }),
  );
  return 0;
}
