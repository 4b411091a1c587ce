/**
 * @module core/output-schema
 * Re-validates sanitized structuredContent against the tool's declared outputSchema: masking a secret or
 * cutting a string can break a `pattern` or `maxLength`, and a client that validates (the SDK's `callTool`
 * does) would then reject the whole result. Draft-07 (the SDK's default) and 2020-12 (`$schema` says so) are
 * both accepted, with the SDK's settings. Compiled validators are cached per schema object and by JSON text,
 * with a bounded cache so that a long-running proxy does not grow.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv | Ajv2020,
) => void;

const settings = { strict: false, validateFormats: true, validateSchema: false, allErrors: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

function compilerFor(schema: Record<string, unknown>): Ajv | Ajv2020 {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12') || declared.includes('2019-09')) {
    if (draft2020 === undefined) {
      draft2020 = new Ajv2020(settings);
      addFormats(draft2020);
    }
    return draft2020;
  }
  if (draft07 === undefined) {
    draft07 = new Ajv(settings);
    addFormats(draft07);
  }
  return draft07;
}

const byObject = new WeakMap<object, ValidateFunction | null>();
const byText = new Map<string, ValidateFunction | null>();
const MAX_CACHED_SCHEMAS = 256;

function compile(schema: Record<string, unknown>): ValidateFunction | null {
  const cached = byObject.get(schema);
  if (cached !== undefined) return cached;
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (validate === undefined) {
    try {
      validate = compilerFor(schema).compile(schema);
    } catch {
      validate = null; // an uncompilable schema fails every value: fail closed
    }
    if (byText.size >= MAX_CACHED_SCHEMAS) byText.delete(byText.keys().next().value!);
    byText.set(text, validate);
  }
  byObject.set(schema, validate);
  return validate;
}

/** The JSON pointers at which `value` fails `schema` (empty when it conforms), or `['']` for a bad schema. */
export function outputSchemaErrors(schema: unknown, value: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [''];
  const validate = compile(schema as Record<string, unknown>);
  if (validate === null) return [''];
  if (validate(value)) return [];
  return [...new Set((validate.errors ?? []).map((e) => e.instancePath))].sort();
}
