/**
 * @module bench/airlock
 * Loads the built package (`dist/index.js`) if it is there and adapts to what it exports, so the harness can
 * run its baselines before the core lands. Also reads "what the airlock found" out of a sanitized result.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `AIRLOCK_BENCH_DIST=<path>` measures another build (e.g. a copy of dist from before an optimisation). */
export const DIST =
  process.env.AIRLOCK_BENCH_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

/**
 * Bounds and structure limits raised above every workload, so that every byte is really scanned (default
 * bounds would cut W1 to 100,000 chars and W2 to 10,000 items, and the comparison would be meaningless).
 */
export const UNBOUNDED = Object.freeze({
  bounds: { document: 1e9, field: 1e9, error: 1e9, key: 1e9, result: 1e9 },
  structure: { maxItems: 1e9 },
});

/** `{ mod }` when dist exports a sanitizer, else `{ missing: '<why>' }`. */
export async function loadAirlock() {
  if (!existsSync(DIST)) return { missing: 'dist/index.js not built yet (npm run build)' };
  let mod;
  try {
    mod = await import(DIST);
  } catch (error) {
    return { missing: `dist/index.js fails to load: ${String(error?.message ?? error).split('\n')[0]}` };
  }
  if (typeof mod.createAirlock !== 'function' && typeof mod.sanitizeToolCallResult !== 'function') {
    return { missing: 'dist/index.js does not export createAirlock or sanitizeToolCallResult yet' };
  }
  return { mod };
}

/** A `(result) => sanitized` function for the given options, whichever entry point dist has. */
export function makeSanitize(mod, options) {
  if (typeof mod.createAirlock === 'function') {
    const airlock = mod.createAirlock(options);
    const fn = airlock.sanitizeToolResult ?? airlock.sanitizeToolCallResult ?? airlock.sanitize;
    if (typeof fn !== 'function') throw new Error('createAirlock() returned no sanitizeToolResult method');
    return (result) => unwrap(fn.call(airlock, result));
  }
  return (result) => unwrap(mod.sanitizeToolCallResult(result, options));
}

/** Accepts a bare result or a `{ sanitizedResult }` / `{ result }` wrapper. */
function unwrap(out) {
  if (out && typeof out === 'object') {
    if ('sanitizedResult' in out && out.sanitizedResult) return out.sanitizedResult;
    if ('result' in out && out.result && typeof out.result === 'object' && !('content' in out))
      return out.result;
  }
  return out;
}

/**
 * The ten rules of the ten-rule registry: the first ten of the registry's order when the measurement began
 * (the private-key family and three AWS rules), named so that rules added before them later do not change
 * what is measured (the twenty-fifth round put two private-key rules and the password hashes there, and the
 * ten then found none of W1's AWS keys: the ratio went from 1.19x to 1.30x with "all rules" no slower).
 */
const TEN_RULES = [
  'private-key',
  'openssh-private-key',
  'pgp-private-key-block',
  'ssh2-private-key',
  'putty-private-key',
  'age-secret-key',
  'secp256k1-private-key',
  'aws-access-key-id',
  'aws-secret-access-key',
  'aws-session-token',
];

/** Options for a registry of only the ten rules above: every other rule id set to 'off'. */
export function tenRuleOptions(mod) {
  if (typeof mod.listRules !== 'function') return null;
  const ids = mod.listRules().map((rule) => (typeof rule === 'string' ? rule : rule.id));
  const kept = new Set(TEN_RULES.filter((id) => ids.includes(id)));
  const modes = {};
  for (const id of ids) if (!kept.has(id)) modes[id] = 'off';
  return {
    options: { ...UNBOUNDED, secrets: { rules: modes } },
    total: ids.length,
    kept: kept.size,
  };
}

/**
 * What the airlock's report says it did: secrets masked/redacted/blocked and characters removed. Read from
 * the counts, which cover every finding: the list of findings is bounded (W2 makes tens of thousands).
 */
export function airlockFound(sanitized) {
  const report = sanitized?._meta?.['airlock/report'];
  if (!report) return { note: 'no _meta["airlock/report"] in the output' };
  const counts = report.counts ?? {};
  const secrets = (counts.masked ?? 0) + (counts.redacted ?? 0) + (counts.blocked ?? 0);
  let ansi = 0;
  for (const [key, n] of Object.entries(counts)) {
    if (key.startsWith('removed:') && /ansi|escape|osc|csi/i.test(key.slice('removed:'.length))) ansi += n;
  }
  return { secrets, removedChars: (counts.removed ?? 0) - ansi, ansi, counts };
}
