/**
 * Fixture cases in the manner of secretlint: `test/fixtures/ok.<case>/` must come out unchanged (labels aside),
 * `ng.<case>/` must change, and each output must equal `output.json`. `UPDATE_SNAPSHOT=1 npm test` rewrites the
 * outputs; read the diff before committing it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { type AirlockOptions, createAirlock, type SanitizeOutcome } from '../../src/index.js';

const ROOT = join(import.meta.dirname, '..', 'fixtures');
const KEY = 'fixture-key-0123456789abcdef';
const update = process.env.UPDATE_SNAPSHOT === '1';

const read = (dir: string, file: string) => JSON.parse(readFileSync(join(ROOT, dir, file), 'utf8'));

function expected(outcome: SanitizeOutcome) {
  return {
    isSanitized: outcome.isSanitized,
    counts: outcome.report.counts,
    sanitizedResult: outcome.sanitizedResult,
  };
}

describe.each(readdirSync(ROOT).filter((d) => /^(ok|ng)\./.test(d)))('%s', (dir) => {
  const { result, call } = read(dir, 'input.json');
  const options: AirlockOptions = {
    ...read(dir, 'options.json'),
    spotlight: { key: KEY, ...read(dir, 'options.json').spotlight },
  };
  const airlock = createAirlock(options);
  const outcome = airlock.sanitizeToolResult(result, call ?? {});

  it(dir.startsWith('ok.') ? 'comes out unchanged' : 'is changed', () => {
    expect(outcome.isSanitized).toBe(dir.startsWith('ng.'));
  });

  it('matches output.json', () => {
    const actual = expected(outcome);
    if (update) writeFileSync(join(ROOT, dir, 'output.json'), `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(read(dir, 'output.json'));
  });

  it('is valid for the SDK and idempotent', () => {
    if (call?.protocolVersion !== '2026-07-28')
      expect(CallToolResultSchema.safeParse(outcome.sanitizedResult).success).toBe(true);
    const again = airlock.sanitizeToolResult(outcome.sanitizedResult, call ?? {});
    expect(JSON.stringify(again.sanitizedResult)).toBe(JSON.stringify(outcome.sanitizedResult));
  });
});
