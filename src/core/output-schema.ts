/**
 * @module core/output-schema
 * Re-validates sanitized structuredContent against the tool's declared outputSchema: masking a secret or
 * cutting a string can break a `pattern` or `maxLength`, and a client that validates (the SDK's `callTool`
 * does) would then reject the whole result. Draft-07 (the SDK's default) and 2020-12 (`$schema` says so) are
 * both accepted, with the SDK's settings. Compiled validators are cached per schema object and by JSON text,
 * with a bounded cache so that a long-running proxy does not grow.
 *
 * ajv is loaded on the first schema, not with the module: most results come without an outputSchema, and
 * loading it cost every process ~35 ms of start-up and an idle proxy 4 MB. It is CommonJS, so `require` loads
 * it synchronously, from the same module cache an `import` would use.
 */
import { createRequire } from 'node:module';
import type { Ajv, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

const require = createRequire(import.meta.url);

const settings = { strict: false, validateFormats: true, validateSchema: false, allErrors: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

/** A compiler of the given draft with ajv-formats added, loaded on first use. */
function createCompiler<T extends Ajv | Ajv2020>(module: string, name: string): T {
  const Compiler = (require(module) as { [name: string]: new (options: typeof settings) => T })[name];
  const addFormats = require('ajv-formats') as { default: (ajv: T) => void };
  if (Compiler === undefined) throw new Error(`${module} has no export ${name}`);
  const compiler = new Compiler(settings);
  addFormats.default(compiler);
  return compiler;
}

function compilerFor(schema: Record<string, unknown>): Ajv | Ajv2020 {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12') || declared.includes('2019-09')) {
    draft2020 ??= createCompiler<Ajv2020>('ajv/dist/2020.js', 'Ajv2020');
    return draft2020;
  }
  draft07 ??= createCompiler<Ajv>('ajv', 'Ajv');
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
