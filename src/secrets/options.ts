/**
 * @module secrets/options
 * Secrets options: raw (what a user writes) → resolved (validated, compiled, frozen). Resolution is the only
 * place that reads the environment and the only place that throws for bad configuration; scanning never
 * re-parses anything.
 */

import { globToRegExp } from '../core/glob.js';
import type { SecretMode } from '../core/types.js';
import { RULES } from '../rules/index.js';
import { createRuleRegistry, type RuleRegistry } from '../rules/registry.js';
import { createExactMatcher, type ExactMatcher } from './exact.js';

export { globToRegExp };

export interface SecretsOptions {
  /** Global default for pattern rules. Default {@link DEFAULT_SECRET_MODE}. */
  mode?: SecretMode;
  /** Tool-name glob → mode. An exact name wins over globs; among globs the first listed wins. */
  tools?: Readonly<Record<string, SecretMode>>;
  /** Rule id (or glob) → mode; wins over `tools` and `mode`. */
  rules?: Readonly<Record<string, SecretMode>>;
  /** Exact secrets, redacted wherever they occur (with their URL-encoded and base64 forms). */
  values?: readonly string[];
  /** Names of environment variables whose values are exact secrets (read once, at resolve time). */
  fromEnv?: readonly string[];
  /** Tool-name globs whose successful results skip pattern masking and blocking (exact redaction still runs). */
  credentialTools?: readonly string[];
  allow?: {
    /** Literal values that are never masked by a pattern rule. */
    values?: readonly string[];
    /** Regex sources: a pattern match whose secret matches one is not masked. */
    patterns?: readonly string[];
    /** Scopes where rules do not apply: a JSON-pointer glob and/or tool glob, and rule ids (all when omitted). */
    paths?: readonly { path?: string; tool?: string; rules?: readonly string[] }[];
  };
}

export const DEFAULT_SECRET_MODE: SecretMode = 'mask';

const MODES: ReadonlySet<string> = new Set(['off', 'mask', 'block']);
const MODE_CODE: Readonly<Record<SecretMode, number>> = { off: 0, mask: 1, block: 2 };

/** Per-rule mode codes (0 off, 1 mask, 2 block) for one tool and path. */
export interface RuleModes {
  readonly codes: Uint8Array;
  readonly anyOn: boolean;
}

export interface ResolvedSecrets {
  readonly registry: RuleRegistry;
  /** Matcher for the configured and environment values; undefined when there are none. */
  readonly exact: ExactMatcher | undefined;
  /** The configured and environment values themselves (raw), for merging with per-call values. */
  readonly exactValues: readonly string[];
  isCredentialTool(toolName: string | undefined): boolean;
  /** Rule modes for a tool and a JSON pointer (path scopes of the allowlist applied). */
  modesFor(toolName: string | undefined, path: string): RuleModes;
  /** Whether `modesFor` looks at the pointer at all (an allowlist scope with a path). */
  readonly pathScoped: boolean;
  /** False when the secret is allowlisted by value or pattern. A plain function: scans take it unbound. */
  readonly allowSecret: (secret: string) => boolean;
}

const isGlob = (s: string): boolean => s.includes('*') || s.includes('?');

function checkMode(where: string, mode: unknown): SecretMode {
  if (typeof mode !== 'string' || !MODES.has(mode)) {
    throw new Error(`${where}: mode must be one of off, mask, block (got ${JSON.stringify(mode)})`);
  }
  return mode as SecretMode;
}

let defaultRegistry: RuleRegistry | undefined;
/** The registry of all built-in rules, compiled once per process. */
export function builtinRegistry(): RuleRegistry {
  defaultRegistry ??= createRuleRegistry(RULES);
  return defaultRegistry;
}

/** Bounded cache: long-running proxies must not grow per distinct tool name forever. */
const MODE_CACHE_LIMIT = 256;

/**
 * Validate and compile secrets options. Throws a plain Error naming the bad key.
 *
 * @example
 * const resolved = resolveSecretsOptions({ mode: 'block', rules: { 'generic-*': 'mask' } });
 */
export function resolveSecretsOptions(
  options: SecretsOptions | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedSecrets {
  const o = options ?? {};
  const registry = builtinRegistry();
  const globalMode = checkMode('secrets.mode', o.mode ?? DEFAULT_SECRET_MODE);

  const toolExact = new Map<string, number>();
  const toolGlobs: { re: RegExp; code: number }[] = [];
  for (const [name, mode] of Object.entries(o.tools ?? {})) {
    const code = MODE_CODE[checkMode(`secrets.tools["${name}"]`, mode)];
    if (isGlob(name)) toolGlobs.push({ re: globToRegExp(name), code });
    else toolExact.set(name, code);
  }

  // Per-rule overrides: -1 = none.
  const ruleOverride = new Int8Array(registry.rules.length).fill(-1);
  const ruleGlobSet = new Uint8Array(registry.rules.length);
  for (const [key, mode] of Object.entries(o.rules ?? {})) {
    const code = MODE_CODE[checkMode(`secrets.rules["${key}"]`, mode)];
    if (isGlob(key)) {
      const re = globToRegExp(key);
      let any = false;
      for (const r of registry.rules) {
        if (!re.test(r.id)) continue;
        any = true;
        if (ruleOverride[r.index] === -1 || ruleGlobSet[r.index]) {
          // exact ids win over globs; among globs the first listed wins
          if (ruleOverride[r.index] === -1) {
            ruleOverride[r.index] = code;
            ruleGlobSet[r.index] = 1;
          }
        }
      }
      if (!any) throw new Error(`secrets.rules["${key}"]: the glob matches no rule id`);
    } else {
      const r = registry.byId.get(key);
      if (!r) throw new Error(`secrets.rules["${key}"]: unknown rule id`);
      ruleOverride[r.index] = code;
      ruleGlobSet[r.index] = 0;
    }
  }

  const values: string[] = [];
  for (const [i, v] of (o.values ?? []).entries()) {
    if (typeof v !== 'string') throw new Error(`secrets.values[${i}]: must be a string`);
    values.push(v);
  }
  for (const name of o.fromEnv ?? []) {
    if (typeof name !== 'string' || name.length === 0)
      throw new Error('secrets.fromEnv: names must be strings');
    const v = env[name];
    if (typeof v === 'string' && v.length > 0) values.push(v);
  }
  const exact = createExactMatcher(values);

  const credentialTools = (o.credentialTools ?? []).map((g, i) => {
    if (typeof g !== 'string') throw new Error(`secrets.credentialTools[${i}]: must be a string`);
    return globToRegExp(g);
  });

  const allowValues = new Set(o.allow?.values ?? []);
  const allowPatterns = (o.allow?.patterns ?? []).map((src, i) => {
    try {
      return new RegExp(src);
    } catch (err) {
      throw new Error(`secrets.allow.patterns[${i}]: invalid regex (${(err as Error).message})`);
    }
  });
  const scopes = (o.allow?.paths ?? []).map((scope, i) => {
    const where = `secrets.allow.paths[${i}]`;
    const ruleSet =
      scope.rules === undefined
        ? undefined
        : new Set(
            scope.rules.map((id) => {
              const r = registry.byId.get(id);
              if (!r) throw new Error(`${where}.rules: unknown rule id "${id}"`);
              return r.index;
            }),
          );
    if (scope.path === undefined && scope.tool === undefined && ruleSet === undefined) {
      throw new Error(`${where}: give a path, a tool or rules`);
    }
    return {
      path: scope.path === undefined ? undefined : globToRegExp(scope.path, '/'),
      tool: scope.tool === undefined ? undefined : globToRegExp(scope.tool),
      rules: ruleSet,
    };
  });

  const toolCache = new Map<string, RuleModes>();
  // Asked once per string, and the strings of one call share their tool: the last answer is kept beside the
  // cache (a Map lookup per string was ~2% of W2).
  let lastTool: string | undefined;
  let lastModes: RuleModes | undefined;
  const baseModes = (tool: string | undefined): RuleModes => {
    if (lastModes !== undefined && tool === lastTool) return lastModes;
    const modes = lookUpModes(tool);
    lastTool = tool;
    lastModes = modes;
    return modes;
  };
  const lookUpModes = (tool: string | undefined): RuleModes => {
    const key = tool ?? '\u0000';
    const hit = toolCache.get(key);
    if (hit) return hit;
    let toolCode = MODE_CODE[globalMode];
    if (tool !== undefined) {
      const exactCode = toolExact.get(tool);
      if (exactCode !== undefined) toolCode = exactCode;
      else
        for (const g of toolGlobs)
          if (g.re.test(tool)) {
            toolCode = g.code;
            break;
          }
    }
    const codes = new Uint8Array(registry.rules.length);
    let anyOn = false;
    for (let i = 0; i < codes.length; i++) {
      const ov = ruleOverride[i] as number;
      codes[i] = ov >= 0 ? ov : toolCode;
      if (codes[i]) anyOn = true;
    }
    const modes = Object.freeze({ codes, anyOn });
    if (toolCache.size >= MODE_CACHE_LIMIT) toolCache.clear();
    toolCache.set(key, modes);
    return modes;
  };

  // The same for the credential-tool test, a regex per pattern per string otherwise.
  let lastCredentialTool: string | undefined;
  let lastIsCredential = false;
  const resolved: ResolvedSecrets = {
    registry,
    exact,
    exactValues: Object.freeze(values),
    isCredentialTool: (tool) => {
      if (tool === undefined || credentialTools.length === 0) return false;
      if (tool !== lastCredentialTool) {
        lastCredentialTool = tool;
        lastIsCredential = credentialTools.some((re) => re.test(tool));
      }
      return lastIsCredential;
    },
    pathScoped: scopes.some((s) => s.path !== undefined),
    modesFor(tool, path) {
      const base = baseModes(tool);
      if (scopes.length === 0) return base;
      let codes: Uint8Array | undefined;
      for (const s of scopes) {
        if (s.tool && (tool === undefined || !s.tool.test(tool))) continue;
        if (s.path && !s.path.test(path)) continue;
        codes ??= base.codes.slice();
        if (s.rules) for (const i of s.rules) codes[i] = 0;
        else codes.fill(0);
      }
      if (!codes) return base;
      return { codes, anyOn: codes.some((c) => c !== 0) };
    },
    allowSecret: (secret) => {
      if (allowValues.has(secret)) return false;
      for (const re of allowPatterns) if (re.test(secret)) return false;
      return true;
    },
  };
  return Object.freeze(resolved);
}
