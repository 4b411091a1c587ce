/**
 * @module config/load
 * Finds, reads and validates `airlock.config.json`, applies environment overrides, and answers "what are the
 * effective options for this server, and for this tool of it".
 *
 * Where the file comes from, first match wins: the explicit `--config` path (must exist), `airlock.config.json`
 * in the working directory, `$XDG_CONFIG_HOME/mcp-airlock/config.json` (default `~/.config/...`), else no file.
 * Every validation problem is reported at once, each with its JSON pointer, in one `AirlockError('bad_config')`
 * whose message is a single line (the CLI prints it and exits 2).
 *
 * Merging: objects merge key by key, arrays and scalars are replaced; later layers win. The layers of a tool's
 * options are: top level, environment, `tools` globs (file order), the server's own keys, the server's `tools`
 * globs (file order). Environment overrides apply to the top level only, so a per-server setting in the file
 * still wins over a global knob set in the environment.
 *
 * @example
 * const loaded = loadConfig(args.config);
 * const airlock = createAirlock(loaded.forServer('github'));
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { AirlockError } from '../core/errors.js';
import { globToRegExp } from '../core/glob.js';
import type { AirlockOptions } from '../core/options.js';
import { childPath } from '../core/paths.js';
import { type AirlockConfig, ConfigSchema, type LogLevel, type Overrides } from './schema.js';

/** The file name looked for in the working directory. */
export const CONFIG_FILE_NAME = 'airlock.config.json';

export type ConfigSource = 'explicit' | 'cwd' | 'user' | 'defaults';

export interface LoadedConfig {
  /** Absolute path of the file read, or null when none was found. */
  readonly path: string | null;
  readonly source: ConfigSource;
  /** The validated file with environment overrides applied. */
  readonly config: AirlockConfig;
  /** Names of the environment variables that changed something. */
  readonly envApplied: readonly string[];
  readonly logLevel: LogLevel;
  /** Effective options for a server (its overrides on top of the global ones). */
  forServer(server?: string): AirlockOptions;
  /** Effective options for one tool of a server (matching tool globs on top of the server's options). */
  forTool(server: string | undefined, tool: string): AirlockOptions;
}

/**
 * Environment variables for the common knobs, and where each lands in the config. Values are validated by the
 * same schema as the file, so `AIRLOCK_LABEL=loud` is as much an error as `"label": "loud"`.
 */
export const ENV_OVERRIDES: Readonly<
  Record<string, { path: readonly string[]; type: 'string' | 'int' | 'bool' }>
> = Object.freeze({
  AIRLOCK_PROFILE: { path: ['profile'], type: 'string' },
  AIRLOCK_LABEL: { path: ['label'], type: 'string' },
  AIRLOCK_SECRETS_MODE: { path: ['secrets', 'mode'], type: 'string' },
  AIRLOCK_LOG_LEVEL: { path: ['logLevel'], type: 'string' },
  AIRLOCK_AUDIT: { path: ['audit'], type: 'string' },
  AIRLOCK_PINS_FILE: { path: ['pins', 'file'], type: 'string' },
  AIRLOCK_PINS_ON_CHANGE: { path: ['pins', 'onChange'], type: 'string' },
  AIRLOCK_TIMEOUT_MS: { path: ['proxy', 'timeoutMs'], type: 'int' },
  AIRLOCK_MAX_MESSAGE_BYTES: { path: ['proxy', 'maxMessageBytes'], type: 'int' },
  AIRLOCK_UPSTREAM: { path: ['proxy', 'upstream'], type: 'string' },
  AIRLOCK_LISTEN: { path: ['proxy', 'listen'], type: 'string' },
  AIRLOCK_LISTEN_TOKEN: { path: ['proxy', 'listenToken'], type: 'string' },
  AIRLOCK_BEARER_TOKEN: { path: ['proxy', 'bearerToken'], type: 'string' },
  AIRLOCK_OMIT_ABOVE_BYTES: { path: ['binary', 'omitAboveBytes'], type: 'int' },
  AIRLOCK_MAX_DEPTH: { path: ['structure', 'maxDepth'], type: 'int' },
});

/** The user config file: `$XDG_CONFIG_HOME/mcp-airlock/config.json`, default `~/.config/mcp-airlock/config.json`. */
export function userConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'mcp-airlock', 'config.json');
}

/** Finds the config file to read, without reading it. */
export function findConfig(
  path?: string,
  cwd: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): { path: string | null; source: ConfigSource } {
  if (path !== undefined) {
    const absolute = resolve(cwd, path);
    if (!existsSync(absolute)) throw new AirlockError('bad_config', `config file not found: ${absolute}`);
    return { path: absolute, source: 'explicit' };
  }
  const local = join(cwd, CONFIG_FILE_NAME);
  if (existsSync(local)) return { path: local, source: 'cwd' };
  const user = userConfigPath(env);
  if (existsSync(user)) return { path: user, source: 'user' };
  return { path: null, source: 'defaults' };
}

/**
 * Loads the effective configuration.
 * @throws AirlockError `bad_config` with every problem and its JSON pointer on one line.
 */
export function loadConfig(path?: string, cwd?: string, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const found = findConfig(path, cwd, env);
  const raw = found.path === null ? {} : readJson(found.path);
  const where = found.path ?? 'config';
  const { value: withEnv, applied, problems } = applyEnv(raw, env);
  const parsed = ConfigSchema.safeParse(withEnv);
  if (!parsed.success || problems.length > 0) {
    const all = [...problems, ...(parsed.success ? [] : describeIssues(parsed.error.issues, applied))];
    throw new AirlockError(
      'bad_config',
      `${where}: ${all.length} problem${all.length === 1 ? '' : 's'}: ${all.join('; ')}`,
    );
  }
  return createLoaded(
    parsed.data,
    found.path,
    found.source,
    applied.map((a) => a.name),
  );
}

/** Validates an already parsed config object (no file, no environment), e.g. for tests and `explain`. */
export function parseConfig(value: unknown, where = 'config'): AirlockConfig {
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) {
    const all = describeIssues(parsed.error.issues, []);
    throw new AirlockError('bad_config', `${where}: ${all.length} problem(s): ${all.join('; ')}`);
  }
  return parsed.data;
}

/** Wraps a validated config with its resolution functions. */
export function createLoaded(
  config: AirlockConfig,
  path: string | null = null,
  source: ConfigSource = 'defaults',
  envApplied: readonly string[] = [],
): LoadedConfig {
  return Object.freeze({
    path,
    source,
    config,
    envApplied,
    logLevel: config.logLevel ?? 'warn',
    forServer: (server?: string) => optionsForServer(config, server),
    forTool: (server: string | undefined, tool: string) => optionsForTool(config, server, tool),
  });
}

/** Effective airlock options for a server: the top level, then `servers[name]`. */
export function optionsForServer(config: AirlockConfig, server?: string): AirlockOptions {
  const layers: Overrides[] = [pickOverrides(config)];
  const own = server === undefined ? undefined : ownEntry(config.servers, server);
  if (own) layers.push(pickOverrides(own));
  return finish(layers, server);
}

/** Effective airlock options for one tool: the server's options, then matching tool globs (global, then the server's). */
export function optionsForTool(
  config: AirlockConfig,
  server: string | undefined,
  tool: string,
): AirlockOptions {
  const layers: Overrides[] = [pickOverrides(config)];
  for (const [glob, o] of Object.entries(config.tools ?? {})) if (matchGlob(glob, tool)) layers.push(o);
  const own = server === undefined ? undefined : ownEntry(config.servers, server);
  if (own) {
    layers.push(pickOverrides(own));
    for (const [glob, o] of Object.entries(own.tools ?? {})) if (matchGlob(glob, tool)) layers.push(o);
  }
  return finish(layers, server);
}

/** `*` matches any run of characters, `?` one character; everything else is literal. The whole name must match. */
export function matchGlob(glob: string, name: string): boolean {
  return globToRegExp(glob).test(name);
}

// ---------------------------------------------------------------------------------------------------------------

const OVERRIDE_KEYS = [
  'profile',
  'lookalikes',
  'bounds',
  'label',
  'spotlight',
  'secrets',
  'binary',
  'structure',
  'onInvalidOutput',
  'unknownBlocks',
  'untrustedPaths',
] as const satisfies readonly (keyof Overrides)[];

function pickOverrides(source: Overrides): Overrides {
  const out: Record<string, unknown> = {};
  for (const key of OVERRIDE_KEYS) if (source[key] !== undefined) out[key] = source[key];
  return out as Overrides;
}

/** Own-property lookup, so a server named `__proto__` or `constructor` cannot reach Object.prototype. */
function ownEntry<T>(map: Record<string, T> | undefined, key: string): T | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

function finish(layers: readonly Overrides[], server: string | undefined): AirlockOptions {
  let merged: Record<string, unknown> = {};
  for (const layer of layers) merged = mergeDeep(merged, layer as Record<string, unknown>);
  // Typed through Overrides so the compiler checks that every config key is a valid AirlockOptions key.
  const options: AirlockOptions = merged as Parsed<Overrides>;
  return server === undefined ? options : { ...options, serverName: server };
}

/** A parsed value: zod types optional keys as `?: T | undefined`, but parsing never leaves a key undefined. */
type Parsed<T> = T extends readonly (infer U)[]
  ? Parsed<U>[]
  : T extends object
    ? { [K in keyof T]: Parsed<Exclude<T[K], undefined>> }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars from `over` replace. Returns new objects, never mutates. */
function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const prev = out[key];
    out[key] = isPlainObject(prev) && isPlainObject(value) ? mergeDeep(prev, value) : value;
  }
  return out;
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AirlockError('bad_config', `cannot read config file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new AirlockError('bad_config', `${path}: invalid JSON: ${(error as Error).message}`);
  }
}

interface AppliedEnv {
  readonly name: string;
  readonly path: readonly string[];
}

function applyEnv(
  raw: unknown,
  env: NodeJS.ProcessEnv,
): { value: unknown; applied: AppliedEnv[]; problems: string[] } {
  const applied: AppliedEnv[] = [];
  const problems: string[] = [];
  // A file that is not an object is reported by the schema; environment overrides then have nothing to land in.
  if (!isPlainObject(raw)) return { value: raw, applied, problems };
  let value: Record<string, unknown> = raw;
  for (const [name, spec] of Object.entries(ENV_OVERRIDES)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    let parsed: unknown = text;
    if (spec.type === 'int') {
      if (!/^\d+$/.test(text.trim())) {
        problems.push(`env ${name}: expected a non-negative integer`);
        continue;
      }
      parsed = Number(text.trim());
    } else if (spec.type === 'bool') {
      parsed = /^(1|true|yes|on)$/i.test(text.trim());
    }
    let patch: unknown = parsed;
    for (const segment of [...spec.path].reverse()) patch = { [segment]: patch };
    value = mergeDeep(value, patch as Record<string, unknown>);
    applied.push({ name, path: spec.path });
  }
  return { value, applied, problems };
}

/** One `pointer: message` per issue; a problem in a value that came from the environment names the variable. */
function describeIssues(issues: readonly z.core.$ZodIssue[], applied: readonly AppliedEnv[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.map((p) => String(p));
    const pointer = path.length === 0 ? '(root)' : path.reduce(childPath, '');
    const fromEnv = applied.find(
      (a) => a.path.length === path.length && a.path.every((p, i) => p === path[i]),
    );
    return `${fromEnv ? `env ${fromEnv.name} (${pointer})` : pointer}: ${issue.message}`;
  });
}
