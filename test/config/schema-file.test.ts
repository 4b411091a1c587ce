import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, configJsonSchema } from '../../src/config/schema.js';

describe('schema/airlock.config.schema.json', () => {
  it('is up to date with the zod schema (run node scripts/gen-config-schema.mjs)', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('../../schema/airlock.config.schema.json', import.meta.url), 'utf8'),
    );
    expect(shipped).toEqual(configJsonSchema());
  });

  it('describes every top-level key the zod schema accepts', () => {
    const properties = Object.keys((configJsonSchema().properties ?? {}) as object).sort();
    expect(properties).toEqual(Object.keys(ConfigSchema.shape).sort());
  });
});
