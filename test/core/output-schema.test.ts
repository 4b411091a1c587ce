import { describe, expect, it } from 'vitest';
import { outputSchemaErrors } from '../../src/core/output-schema.js';

describe('outputSchemaErrors', () => {
  it('validates draft-07 schemas (the default), formats included', () => {
    const schema = { type: 'object', properties: { mail: { type: 'string', format: 'email' } } };
    expect(outputSchemaErrors(schema, { mail: 'someone@example.org' })).toEqual([]);
    expect(outputSchemaErrors(schema, { mail: 'not an address' })).toEqual(['/mail']);
  });

  it('validates 2020-12 schemas when $schema says so', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { items: { type: 'array', prefixItems: [{ type: 'string', maxLength: 3 }] } },
    };
    expect(outputSchemaErrors(schema, { items: ['abc'] })).toEqual([]);
    expect(outputSchemaErrors(schema, { items: ['abcd'] })).toEqual(['/items/0']);
  });

  it('fails closed on a schema that does not compile or is not an object', () => {
    expect(outputSchemaErrors({ type: 'no-such-type' }, {})).toEqual(['']);
    expect(outputSchemaErrors('object', {})).toEqual(['']);
  });
});
