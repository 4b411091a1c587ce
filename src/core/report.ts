/**
 * @module core/report
 * Collects findings during one sanitize call and builds the report: types, pointers and counts only — a
 * finding never holds a removed or masked value, so a report can be logged or audited as it is.
 */
import { sortSmall } from './sort.js';
import type { Finding, Report } from './types.js';

export const REPORT_VERSION = 1 as const;

/**
 * The findings of one sanitize call. A class, not an object literal with a getter: on Node 20 every such
 * literal gets a hidden class of its own, which old space keeps until a full GC, and the call's objects with
 * it (docs/benchmarks-history.md, the fifth round).
 */
export class FindingCollector {
  readonly findings: Finding[] = [];
  /** Findings that change what the model sees (everything but `invalid` marks). */
  changed = false;
  /** Bound, so that it can be handed out as `ctx.report`. */
  readonly add = (finding: Finding): void => {
    this.findings.push(finding);
    if (finding.action !== 'invalid') this.changed = true;
  };
}

/** The most `action:detail` keys kept per action (rule ids and classes are few; a user stage's may not be). */
const KEYS_KEPT = 1024;
const detailKeys = new Map<string, Map<string, string>>();

/**
 * `action:detail`, made once and kept: a key built per finding is a new string each call, which V8 must look
 * up in its string table to use as a property name (W4's four keys: 0.59 -> 0.26 us a report).
 */
function detailKey(action: string, detail: string): string {
  let keys = detailKeys.get(action);
  if (keys === undefined) {
    keys = new Map();
    detailKeys.set(action, keys);
  }
  let key = keys.get(detail);
  if (key === undefined) {
    key = `${action}:${detail}`;
    if (keys.size < KEYS_KEPT) keys.set(detail, key);
  }
  return key;
}

/** The order `Array#sort` gives strings by default: by UTF-16 code units. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Findings a report lists. A report rides in the result's `_meta`, and without a bound it grew with the
 * input: a result of 50,000 items cut by the whole-result budget carried 48,000 `truncated` findings, a 5 MB
 * report on a 1.3 MB result, and a server sending many short strings with one zero-width character each
 * could make it larger still.
 */
export const REPORT_MAX_FINDINGS = 1000;

/** The key a finding is counted under besides its action: `action:rule` or `action:class`, if it has one. */
const keyOf = (f: Finding): string | undefined => {
  const detail = f.rule ?? f.class;
  return detail === undefined ? undefined : detailKey(f.action, detail);
};

/**
 * The findings a report lists: the first `REPORT_MAX_FINDINGS`, and after them the first of each kind not
 * listed yet, so that every count has a pointer to look at (a masked secret is not hidden behind a thousand
 * removed characters). Kinds are rules and classes: a few hundred at most.
 */
function listed(findings: readonly Finding[]): readonly Finding[] {
  if (findings.length <= REPORT_MAX_FINDINGS) return findings;
  const kept = findings.slice(0, REPORT_MAX_FINDINGS);
  const seen = new Set<string>();
  for (const f of kept) seen.add(keyOf(f) ?? f.action);
  for (let i = REPORT_MAX_FINDINGS; i < findings.length; i++) {
    const f = findings[i] as Finding;
    const key = keyOf(f) ?? f.action;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(f);
  }
  return kept.length === findings.length ? findings : kept;
}

/**
 * Totals by action, and by `action:class` or `action:rule`, over every finding; keys sorted so the report is
 * byte-stable. The findings themselves are bounded (see `REPORT_MAX_FINDINGS`).
 */
export function buildReport(findings: readonly Finding[], changed: boolean): Report {
  const tally = new Map<string, number>();
  for (const f of findings) {
    const n = f.count ?? f.removed ?? 1;
    tally.set(f.action, (tally.get(f.action) ?? 0) + n);
    const key = keyOf(f);
    if (key !== undefined) tally.set(key, (tally.get(key) ?? 0) + n);
  }
  const counts: Record<string, number> = {};
  for (const key of sortSmall([...tally.keys()], byCodeUnits)) counts[key] = tally.get(key)!;
  const shown = listed(findings);
  if (shown === findings) return { version: REPORT_VERSION, changed, counts, findings };
  return {
    version: REPORT_VERSION,
    changed,
    counts,
    findings: shown,
    omitted: findings.length - shown.length,
  };
}
