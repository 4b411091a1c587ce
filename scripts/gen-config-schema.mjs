#!/usr/bin/env node
/**
 * @module scripts/gen-config-schema
 * Writes `schema/airlock.config.schema.json` from the zod schema in `src/config/schema.ts`, so the shipped JSON
 * Schema (editor completion through `$schema`) can never drift from what `loadConfig` accepts. It transpiles the
 * one source file on the fly instead of needing a build: `node scripts/gen-config-schema.mjs`.
 * `test/config/schema-file.test.ts` fails when the committed file is out of date.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = readFileSync(`${root}src/config/schema.ts`, 'utf8');
const { outputText } = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
});
// A data: URL module cannot resolve bare specifiers, so point the one import at zod's resolved file.
const zodUrl = import.meta.resolve('zod');
const code = outputText.replace(/from\s+['"]zod['"]/, `from ${JSON.stringify(zodUrl)}`);
const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
const out = `${root}schema/airlock.config.schema.json`;
writeFileSync(out, `${JSON.stringify(mod.configJsonSchema(), null, 2)}\n`);
// Format as the repository's formatter would, so `npm run lint` and a fresh generation agree byte for byte.
execFileSync(`${root}node_modules/.bin/biome`, ['format', '--write', out], { stdio: 'ignore' });
process.stderr.write(`wrote ${out}\n`);
