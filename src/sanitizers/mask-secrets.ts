/**
 * @module sanitizers/mask-secrets
 * The secrets stage: exact redaction of known values first (always on, `[REDACTED]`), then the pattern rules
 * (`[REDACTED:<rule-id>]`) in the mode the options give for the tool and rule. Findings carry pointers, rule
 * ids and counts, never a value or a piece of one.
 */

import type { SanitizeContext, Sanitizer, TextSite } from '../core/types.js';
import { hasWideUnits, LONG_TEXT, OneByteText } from '../core/units.js';
import { MASK_OPEN, type SecretMatch } from '../rules/registry.js';
import { mergeMatches } from '../rules/spans.js';
import { findBesideMasks } from '../secrets/beside-masks.js';
import { withEchoes } from '../secrets/echoes.js';
import { decodeEscapes, mergeDecoded, wholeEscapes } from '../secrets/escaped.js';
import { collectSecretArguments, createExactMatcher, type ExactMatcher } from '../secrets/exact.js';
import { isSecretishKey } from '../secrets/key-names.js';
import { type ResolvedSecrets, resolveSecretsOptions, type SecretsOptions } from '../secrets/options.js';
import { maskCells, secretColumnCells, wholeCells } from '../secrets/table-columns.js';

export { SECRET_FIELD_NAMES } from '../secrets/exact.js';

/** The class of exact-redaction findings. */
export const KNOWN_SECRET_CLASS = 'known-secret';

/** `[REDACTED:<rule-id>]` per compiled rule, made once: a text can hold tens of thousands of matches. */
const LABELS = new WeakMap<SecretMatch['rule'], string>();
function labelOf(rule: SecretMatch['rule']): string {
  let label = LABELS.get(rule);
  if (label === undefined) {
    label = `${MASK_OPEN}${rule.id}]`;
    LABELS.set(rule, label);
  }
  return label;
}

/**
 * Replace matched spans in one pass; returns per-rule counts through `counts`. Concatenated, then read once:
 * the read flattens the rope, so the result is one flat string and its copy is paid here, not by whoever reads
 * it first. (Joining an array of the pieces did the same copy, slower: 25,000 masks in 1 MB, 10.2 -> 4.6 ms.)
 * A long text of one-byte units is written into one Buffer instead (see `OneByteText`).
 */
function applyMasks(text: string, matches: readonly SecretMatch[], counts: Map<string, number>): string {
  let units = text.length;
  let rule: SecretMatch['rule'] | undefined;
  let label = '';
  let run = 0; // matches of `rule` in a row, counted once per run
  for (const m of matches) {
    if (m.rule !== rule) {
      if (rule !== undefined) counts.set(rule.id, (counts.get(rule.id) ?? 0) + run);
      rule = m.rule;
      label = labelOf(rule);
      run = 0;
    }
    run++;
    units += label.length - (m.end - m.start);
  }
  if (rule !== undefined) counts.set(rule.id, (counts.get(rule.id) ?? 0) + run);
  // Labels are ASCII: the output fits in one byte a unit if the text does.
  const long = units >= LONG_TEXT && !hasWideUnits(text) ? new OneByteText(units) : undefined;
  let out = '';
  let at = 0;
  rule = undefined;
  for (const m of matches) {
    if (m.rule !== rule) {
      rule = m.rule;
      label = labelOf(rule);
    }
    if (long === undefined) out += text.slice(at, m.start) + label;
    else {
      long.span(text, at, m.start);
      long.add(label);
    }
    at = m.end;
  }
  if (long !== undefined) {
    long.span(text, at, text.length);
    return long.done();
  }
  out += text.slice(at);
  out.charCodeAt(0);
  return out;
}

/**
 * Rounds of masking what masks left standing, at most. Each round reads only beside the masks the one before
 * made; a chain where every mask frees the candidate before it (`dckr_pat_` repeated: each token's end is
 * the next one's start) is cut off here.
 */
const RESCANS = 3;

/**
 * Where the masks of the matches listed in `only` (ascending indices; all when omitted) will stand in the
 * masked text, as start–end pairs.
 */
function maskSpans(matches: readonly SecretMatch[], only?: readonly number[]): Int32Array {
  const spans = new Int32Array(2 * (only ?? matches).length);
  let shift = 0;
  let next = 0; // the next of `only`
  matches.forEach((m, i) => {
    const label = labelOf(m.rule).length;
    if (only === undefined || only[next] === i) {
      const k = only === undefined ? i : next++;
      spans[2 * k] = m.start + shift;
      spans[2 * k + 1] = m.start + shift + label;
    }
    shift += label - (m.end - m.start);
  });
  return spans;
}

/** Exact matcher for one call: the configured values plus the secret-named argument values. */
function callMatcher(resolved: ResolvedSecrets, args: unknown): ExactMatcher | undefined {
  const fromArgs = args === undefined ? [] : collectSecretArguments(args);
  if (fromArgs.length === 0) return resolved.exact;
  return createExactMatcher([...resolved.exactValues, ...fromArgs]);
}

interface MaskOutcome {
  text: string;
  redacted: number;
  /** rule id → [count, blocked?] */
  rules: Map<string, number>;
  blocked: Set<string>;
}

function maskOne(
  resolved: ResolvedSecrets,
  exact: ExactMatcher | undefined,
  value: string,
  toolName: string | undefined,
  isError: boolean,
  path: string,
): MaskOutcome | undefined {
  let text = value;
  let redacted = 0;
  if (exact) {
    const r = exact.replace(text);
    text = r.text;
    redacted = r.count;
  }
  let rules: Map<string, number> | undefined;
  let blocked: Set<string> | undefined;
  // Credential-issuing tools exist to return secrets: their successes skip patterns, their errors do not.
  if (!(resolved.isCredentialTool(toolName) && !isError)) {
    const modes = resolved.modesFor(toolName, path);
    if (modes.anyOn) {
      const registry = resolved.registry;
      let matches = registry.scan(text, modes.codes, resolved.allowSecret);
      // The matches whose masks the masked text is read again around: those the scan could not vouch for, or,
      // when `undefined`, all of them.
      let beside: readonly number[] | undefined = registry.unsettled();
      // A table's cells under a header that names a secret: each read as the value under that name. The
      // header is in the text and framing adds only `=` or quotes: where no rule's keyword is, none is framed.
      // The tables are read as the masks will leave them, as masking the masked text reads them.
      const cells = registry.hadKeywords() ? secretColumnCells(text, isSecretishKey, matches) : undefined;
      if (cells !== undefined && cells.length > 0) {
        const found = maskCells(text, cells, (framed) =>
          registry.scan(framed, modes.codes, resolved.allowSecret),
        ).concat(wholeCells(cells, matches));
        if (found.length > 0) {
          matches = mergeMatches([...matches, ...found]);
          beside = undefined;
        }
      }
      // String literals with their escapes (JSON as text): also read as the text they stand for, and masked
      // by whole escapes.
      const decoded = decodeEscapes(text);
      if (decoded !== undefined) {
        const found = registry.scan(decoded.text, modes.codes, resolved.allowSecret);
        // Merged, the matches are others: their indices no longer name them.
        if (found.length > 0 || beside?.length !== 0) beside = undefined;
        matches = mergeDecoded(matches, found, decoded);
      }
      // A value found once is masked wherever else the text repeats it.
      const echoed = withEchoes(text, matches);
      if (echoed !== matches) {
        matches = echoed;
        beside = undefined;
      }
      // What a mask leaves standing beside it is masked too (see `findBesideMasks`), so that masking the
      // masked text finds nothing more. Rarely needed; a chain of such candidates is followed `RESCANS` deep.
      for (let round = 0; matches.length > 0; round++) {
        rules ??= new Map();
        const settled = beside !== undefined && beside.length === 0;
        const masks = settled || round === RESCANS ? undefined : maskSpans(matches, beside);
        text = applyMasks(text, matches, rules);
        for (const m of matches) {
          if (modes.codes[m.rule.index] !== 2) continue;
          blocked ??= new Set();
          blocked.add(m.rule.id);
        }
        if (masks === undefined) break;
        const next = findBesideMasks(registry, text, masks, modes.codes, resolved.allowSecret);
        matches = next.matches;
        beside = next.settled ? [] : undefined;
        const escapes = decoded && matches.length > 0 ? decodeEscapes(text) : undefined;
        if (escapes !== undefined) matches = wholeEscapes(matches, escapes);
      }
    }
  }
  if (redacted === 0 && !rules) return undefined;
  return { text, redacted, rules: rules ?? new Map(), blocked: blocked ?? new Set() };
}

/**
 * The secrets sanitizer for a resolved configuration (name `mask-secrets`).
 *
 * @example
 * const stage = createMaskSecrets(resolveSecretsOptions({ values: ['hunter22'] }));
 */
export function createMaskSecrets(resolved: ResolvedSecrets): Sanitizer {
  // Identity of this stage's per-call cache entry: one matcher per call, built from that call's arguments.
  const cacheKey = {};
  return {
    name: 'mask-secrets',
    text(value: string, site: TextSite, ctx: SanitizeContext): string {
      if (value.length < 4) return value;
      // Without arguments the matcher is the configured one: no per-call cache entry or closure needed.
      const args = ctx.call.arguments;
      const exact =
        args === undefined ? resolved.exact : ctx.cache(cacheKey, () => callMatcher(resolved, args));
      const outcome = maskOne(resolved, exact, value, ctx.call.toolName, ctx.isError, site.path);
      if (!outcome) return value;
      if (outcome.redacted > 0) {
        ctx.report({
          path: site.path,
          action: 'redacted',
          class: KNOWN_SECRET_CLASS,
          count: outcome.redacted,
        });
      }
      for (const [rule, count] of outcome.rules) {
        ctx.report({ path: site.path, action: 'masked', rule, count });
        if (outcome.blocked.has(rule)) ctx.report({ path: site.path, action: 'blocked', rule, count });
      }
      return outcome.text;
    },
  };
}

const resolvedCache = new WeakMap<object, ResolvedSecrets>();
let resolvedDefault: ResolvedSecrets | undefined;

/**
 * Mask one string directly. Findings name the rule (`known-secret` for exact redactions) and a count.
 *
 * @example
 * maskSecrets('token ghp_...').text;
 */
export function maskSecrets(
  text: string,
  options?: SecretsOptions & { toolName?: string },
): { text: string; findings: { rule: string; count: number }[] } {
  let resolved: ResolvedSecrets;
  if (options === undefined) resolved = resolvedDefault ??= resolveSecretsOptions(undefined);
  else {
    const hit = resolvedCache.get(options);
    resolved = hit ?? resolveSecretsOptions(options);
    if (!hit) resolvedCache.set(options, resolved);
  }
  const outcome = maskOne(resolved, resolved.exact, text, options?.toolName, false, '');
  if (!outcome) return { text, findings: [] };
  const findings: { rule: string; count: number }[] = [];
  if (outcome.redacted > 0) findings.push({ rule: KNOWN_SECRET_CLASS, count: outcome.redacted });
  for (const [rule, count] of outcome.rules) findings.push({ rule, count });
  return { text: outcome.text, findings };
}
