/**
 * @module config/schema
 * The schema of `airlock.config.json`, written once in zod; the TypeScript types are inferred from it and the
 * shipped JSON Schema (`schema/airlock.config.schema.json`, for editor completion) is generated from it by
 * `scripts/gen-config-schema.mjs`. Objects are strict, so a misspelt key is an error rather than a silently
 * ignored setting — in a security tool a typo must never fall back to a weaker default.
 *
 * A file holds the airlock options at the top level, plus:
 * - `servers: { <name>: { ...options, tools?: { <glob>: { ...options } } } }` — per-server overrides;
 * - `tools: { <glob>: { ...options } }` — per-tool overrides for every server;
 * - `proxy`, `audit`, `pins`, `logLevel` — how the proxy itself runs.
 *
 * @example
 * {
 *   "$schema": "./node_modules/mcp-airlock/schema/airlock.config.schema.json",
 *   "label": "spotlight",
 *   "secrets": { "mode": "mask", "fromEnv": ["GITHUB_TOKEN"] },
 *   "servers": { "github": { "secrets": { "credentialTools": ["create_token"] } } },
 *   "tools": { "read_*": { "bounds": { "document": 20000 } } },
 *   "pins": { "onChange": "hide" }
 * }
 */
import { z } from 'zod';

const positiveInt = z.number().int().positive();
const secretMode = z.enum(['off', 'mask', 'block']);

export const BoundsSchema = z
  .strictObject({
    document: positiveInt.optional().describe('Text blocks, resource text, prompt text. Default 100000.'),
    field: positiveInt.optional().describe('Names, titles, descriptions, structured strings. Default 4000.'),
    error: positiveInt.optional().describe('Error text. Default 2000.'),
    key: positiveInt.optional().describe('Object keys. Default 256.'),
    result: positiveInt
      .optional()
      .describe('Whole-result budget after the per-string bounds. Default 400000.'),
  })
  .meta({ id: 'Bounds', description: 'Per-class bounds in UTF-16 code units.' });

export const BinarySchema = z
  .strictObject({
    omitAboveBytes: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Decoded size above which binaries are replaced.'),
    maxBytes: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Decoded size above which binaries are always omitted.'),
    replacement: z.string().optional().describe('What replaces an omitted binary. Default "".'),
    textBearing: z
      .enum(['clean', 'omit'])
      .optional()
      .describe('SVG, text/*, JSON, XML blobs: clean or omit.'),
  })
  .meta({ id: 'Binary', description: 'Binary content: images, audio, blobs.' });

export const StructureSchema = z.strictObject({
  maxDepth: positiveInt.optional().describe('Nesting deeper than this becomes JSON text. Default 100.'),
  maxItems: positiveInt.optional().describe('Arrays longer than this are cut. Default 10000.'),
});

export const SpotlightSchema = z.strictObject({
  key: z
    .string()
    .min(16)
    .optional()
    .describe('HMAC key for delimiter tags (secret). Default: random per process.'),
  datamark: z.boolean().optional().describe('Interleave a marker between words of documents.'),
});

export const SecretsSchema = z
  .strictObject({
    mode: secretMode.optional().describe('Pattern masking mode. Exact redaction is always on.'),
    tools: z.record(z.string(), secretMode).optional().describe('Mode per tool name glob.'),
    rules: z.record(z.string(), secretMode).optional().describe('Mode per rule id.'),
    values: z
      .array(z.string().min(1))
      .optional()
      .describe('Known secret values, always redacted (hidden in print).'),
    fromEnv: z
      .array(z.string().min(1))
      .optional()
      .describe('Names of environment variables holding secrets.'),
    credentialTools: z
      .array(z.string().min(1))
      .optional()
      .describe('Globs of credential-issuing tools: their successful results skip pattern masking.'),
    allow: z
      .strictObject({
        values: z.array(z.string()).optional().describe('Values never masked by patterns.'),
        patterns: z.array(z.string()).optional().describe('Regular expressions of values never masked.'),
        paths: z
          .array(
            z.strictObject({
              path: z.string().optional().describe('JSON-pointer glob.'),
              tool: z.string().optional().describe('Tool-name glob.'),
              rules: z.array(z.string()).optional().describe('Rule ids; all rules when omitted.'),
            }),
          )
          .optional()
          .describe('Scopes where pattern rules do not apply.'),
      })
      .optional(),
  })
  .meta({ id: 'Secrets', description: 'Secret redaction and masking.' });

/** The options a config file can set, at the top level, per server and per tool. */
export const OverridesSchema = z
  .strictObject({
    profile: z.enum(['balanced', 'strict']).optional().describe('Unicode profile. Default balanced.'),
    lookalikes: z
      .enum(['fold', 'keep'])
      .optional()
      .describe(
        'Greek and Cyrillic look-alikes inside Latin words: rewritten to Latin (fold, default) or kept.',
      ),
    bounds: BoundsSchema.optional(),
    label: z
      .enum(['none', 'notice', 'spotlight'])
      .optional()
      .describe('Model-visible labelling. Default notice.'),
    spotlight: SpotlightSchema.optional(),
    secrets: SecretsSchema.optional(),
    binary: BinarySchema.optional(),
    structure: StructureSchema.optional(),
    onInvalidOutput: z.enum(['mark', 'drop', 'withhold']).optional().describe('Default mark.'),
    unknownBlocks: z.enum(['withhold', 'drop']).optional().describe('Default withhold.'),
    untrustedPaths: z.boolean().optional().describe('Add _meta["airlock/untrusted"]. Default true.'),
  })
  .meta({ id: 'Overrides', description: 'Airlock options, at the top level, per server or per tool.' });

export const ToolOverridesSchema = z
  .record(z.string().min(1), OverridesSchema)
  .describe('Overrides by tool name glob (* and ?), applied in file order; later entries win.');

export const ServerSchema = OverridesSchema.extend({
  tools: ToolOverridesSchema.optional(),
}).meta({ id: 'Server', description: 'Overrides for one server, with its own per-tool overrides.' });

export const ProxySchema = z.strictObject({
  timeoutMs: positiveInt.optional().describe('Per-request timeout towards the server.'),
  maxMessageBytes: positiveInt.optional().describe('Largest JSON-RPC message accepted from either side.'),
  restart: z.boolean().optional().describe('Restart a stdio server that exits, replaying the initialize.'),
  envAllow: z
    .array(z.string().min(1))
    .optional()
    .describe('Environment variable names (or prefixes ending in *) passed to a stdio server; default: all.'),
  listen: z.string().min(1).optional().describe('Serve Streamable HTTP downstream, e.g. 127.0.0.1:8787.'),
  listenToken: z.string().min(1).optional().describe('Bearer token required by the HTTP endpoint (secret).'),
  allowedOrigins: z.array(z.string()).optional().describe('Origin values allowed besides loopback origins.'),
  allowedHosts: z.array(z.string()).optional().describe('Host header values allowed besides loopback names.'),
  upstream: z.url().optional().describe('Streamable HTTP URL of the server to wrap.'),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe('Headers sent upstream (values hidden in print).'),
  bearerToken: z.string().min(1).optional().describe('Bearer token sent upstream (secret).'),
});

export const PinsSchema = z.strictObject({
  enabled: z.boolean().optional().describe('Pin tool definitions. Default true.'),
  file: z.string().min(1).optional().describe('State file. Default $XDG_STATE_HOME/mcp-airlock/pins.json.'),
  onChange: z
    .enum(['report', 'hide'])
    .optional()
    .describe('A changed tool definition is reported, or also hidden until approved. Default report.'),
});

export const LogLevelSchema = z.enum(['silent', 'error', 'warn', 'info', 'debug']);

export const ConfigSchema = OverridesSchema.extend({
  $schema: z.string().optional(),
  servers: z.record(z.string().min(1), ServerSchema).optional().describe('Overrides by server name.'),
  tools: ToolOverridesSchema.optional(),
  proxy: ProxySchema.optional(),
  audit: z.string().min(1).optional().describe('Append one JSON line per sanitized message to this file.'),
  pins: PinsSchema.optional(),
  logLevel: LogLevelSchema.optional().describe('Logs go to stderr only. Default warn.'),
});

export type Overrides = z.infer<typeof OverridesSchema>;
export type ServerConfig = z.infer<typeof ServerSchema>;
export type ProxyConfig = z.infer<typeof ProxySchema>;
export type PinsConfig = z.infer<typeof PinsSchema>;
export type LogLevel = z.infer<typeof LogLevelSchema>;
export type AirlockConfig = z.infer<typeof ConfigSchema>;

/** The JSON Schema of the config file (draft 2020-12), as shipped in `schema/airlock.config.schema.json`. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ConfigSchema, {
    target: 'draft-2020-12',
    io: 'input',
  }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://unpkg.com/mcp-airlock/schema/airlock.config.schema.json',
    title: 'mcp-airlock configuration',
  };
}
