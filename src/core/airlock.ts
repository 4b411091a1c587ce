/**
 * @module core/airlock
 * `createAirlock` resolves options once and returns one method per kind of MCP message. Each call gets its
 * own context (findings, caches), so an airlock is safe to share between concurrent calls; the fail-closed
 * boundary is here: nothing thrown inside reaches the caller, and what comes out then carries no original
 * data and no exception text.
 */
import { boundText } from '../sanitizers/bound-strings.js';
import { sealOf } from '../sanitizers/label-untrusted.js';
import { copyOwn } from './copy.js';
import { errorResult, SANITIZER_FAILED_MESSAGE, secretBlockedError } from './error-results.js';
import {
  DROP,
  messageEnv,
  notificationShape,
  resultShape,
  serverRequestShape,
  walkJsonRpcError,
  walkShaped,
} from './messages.js';
import type { AirlockOptions } from './options.js';
import { buildReport, FindingCollector } from './report.js';
import { type ResolvedOptions, resolveOptions } from './resolve.js';
import { walkToolResult } from './tool-result.js';
import type {
  Airlock,
  CallContext,
  Finding,
  JsonRpcError,
  Report,
  SanitizeContext,
  SanitizeOutcome,
  TextOptions,
  ToolResult,
  UnicodeProfile,
} from './types.js';
import { isPlainObject, type Walk } from './walk.js';

export const UNTRUSTED_KEY = 'airlock/untrusted';
export const REPORT_KEY = 'airlock/report';

interface SealedReport extends Report {
  readonly seal: string;
}

/** What an earlier pass of ours left on a message: its report, its pointers, and the message without them. */
interface Earlier {
  readonly report: SealedReport;
  readonly paths: readonly string[] | null;
  readonly rest: Record<string, unknown>;
}

function newWalk(
  options: ResolvedOptions,
  call: CallContext,
  isError: boolean,
): { walk: Walk; changed: () => boolean } {
  const collector = new FindingCollector();
  // Made on first use: most calls have no arguments, and then no stage asks for a cache.
  let caches: Map<object, unknown> | undefined;
  const ctx: SanitizeContext = {
    call,
    isError,
    report: collector.add,
    cache<T>(key: object, create: () => T): T {
      caches ??= new Map();
      if (caches.has(key)) return caches.get(key) as T;
      const value = create();
      caches.set(key, value);
      return value;
    },
  };
  const walk: Walk = {
    ctx,
    findings: collector.findings,
    pipeline: options.pipeline,
    maxDepth: options.structure.maxDepth,
    maxItems: options.structure.maxItems,
    untrusted: options.untrustedPaths ? [] : null,
    unit: undefined,
    cleanKeys: options.cleanKeysFor(call, isError),
    chars: 0,
    site: { path: '', class: 'document', isError, key: undefined },
  };
  return { walk, changed: () => collector.changed };
}

/**
 * What the seal covers: the report and how many pointers came with it. Not the pointers themselves: they
 * would make sealing cost a serialisation of every pointer, and a replayed list of pointers misleads nobody
 * about what the airlock removed.
 */
function sealBody(report: Report, paths: readonly string[] | null): string {
  return JSON.stringify([
    report.version,
    report.changed,
    report.counts,
    report.findings,
    paths?.length ?? -1,
    // Only when findings were left out, so that every other report keeps the seal it had.
    ...(report.omitted === undefined ? [] : [report.omitted]),
  ]);
}

/** A report that we sealed on an earlier pass, with the result it came on minus our keys; else null. */
function ourEarlierReport(options: ResolvedOptions, raw: Record<string, unknown>): Earlier | null {
  const meta = raw._meta;
  if (!isPlainObject(meta)) return null;
  const report = meta[REPORT_KEY];
  if (!isPlainObject(report) || typeof report.seal !== 'string') return null;
  const untrusted = meta[UNTRUSTED_KEY];
  const paths =
    isPlainObject(untrusted) && Array.isArray(untrusted.paths) ? (untrusted.paths as string[]) : null;
  const { seal, ...body } = report as unknown as SealedReport;
  if (sealOf(options.labelKey, sealBody(body, paths)) !== seal) return null;
  const { [REPORT_KEY]: _report, [UNTRUSTED_KEY]: _untrusted, ...restMeta } = meta;
  const rest: Record<string, unknown> = { ...raw, _meta: restMeta };
  if (Object.keys(restMeta).length === 0) delete rest._meta;
  return { report: report as unknown as SealedReport, paths, rest };
}

/**
 * The report with its seal, computed on first read: an HMAC costs about as much as sanitizing a small result,
 * and in-process callers rarely read it, while serialising the report (the proxy, a log) reads it once. The
 * seal is an own enumerable accessor, so that JSON, spreads and equality see it, and its getter is one function
 * shared by every report: on Node 20 an accessor made per object (a closure, an object literal's `get`) gives
 * each report a hidden class of its own (~0.6 µs a report, and garbage that old space keeps).
 */
class LazySealedReport implements SealedReport {
  declare readonly seal: string;
  readonly version: Report['version'];
  readonly changed: boolean;
  readonly counts: Report['counts'];
  readonly findings: Report['findings'];
  declare readonly omitted?: number;
  readonly #key: string;
  readonly #paths: readonly string[] | null;
  #seal: string | undefined;

  constructor(key: string, body: Report, paths: readonly string[] | null) {
    this.version = body.version;
    this.changed = body.changed;
    this.counts = body.counts;
    this.findings = body.findings;
    if (body.omitted !== undefined) this.omitted = body.omitted;
    this.#key = key;
    this.#paths = paths;
    Object.defineProperty(this, 'seal', SEAL_PROPERTY);
  }

  /** The seal of a report made here; undefined for anything else the getter is called on. */
  static sealOf(report: unknown): string | undefined {
    if (typeof report !== 'object' || report === null || !(#key in report)) return undefined;
    report.#seal ??= sealOf(report.#key, sealBody(report, report.#paths));
    return report.#seal;
  }
}

const SEAL_PROPERTY: PropertyDescriptor = Object.freeze({
  enumerable: true,
  get(this: unknown) {
    return LazySealedReport.sealOf(this);
  },
});

/** Report and untrusted pointers into `_meta`, sealed so that a later pass recognises them as ours. */
function withLabels(
  options: ResolvedOptions,
  result: Record<string, unknown>,
  walk: Walk,
  changed: boolean,
  earlier: Earlier | null,
): { result: Record<string, unknown>; report: Report } {
  // A second pass that changes nothing keeps what the first pass said: it knew which strings were the server's.
  const reuse = earlier !== null && !changed;
  const paths = reuse ? earlier.paths : walk.untrusted;
  let report: SealedReport;
  if (reuse) {
    report = earlier.report;
  } else {
    report = new LazySealedReport(options.labelKey, buildReport(walk.findings, changed), paths);
  }
  const meta = isPlainObject(result._meta) ? copyOwn(result._meta) : {};
  if (paths !== null) meta[UNTRUSTED_KEY] = { paths };
  meta[REPORT_KEY] = report;
  const labelled = copyOwn(result);
  labelled._meta = meta;
  return { result: labelled, report };
}

function failedReport(): Report {
  return buildReport([{ path: '', action: 'withheld', class: 'sanitizer_failed' }], true);
}

const FAILED_ERROR: JsonRpcError = Object.freeze({
  code: -32603,
  message: `mcp-airlock: ${SANITIZER_FAILED_MESSAGE}`,
  data: Object.freeze({ kind: 'sanitizer_failed' }),
});

const WITHHELD_ERROR: JsonRpcError = Object.freeze({
  code: -32603,
  message:
    'mcp-airlock: the message was withheld because it carries an invalid identifier (name, URI or role).',
  data: Object.freeze({ kind: 'upstream_error' }),
});

/**
 * An airlock with these options, resolved and frozen now (bad options throw an `AirlockError` here, never
 * later).
 * @example
 * const airlock = createAirlock({ label: 'notice', secrets: { mode: 'mask' } });
 * const { sanitizedResult } = airlock.sanitizeToolResult(result, { toolName: 'search', serverName: 'web' });
 */
export function createAirlock(options: AirlockOptions = {}): Airlock {
  const resolved = resolveOptions(options);
  const byProfile = new Map<UnicodeProfile, ResolvedOptions>([[resolved.profile, resolved]]);

  /** The walk and labels of one tool result; `seed` is a finding the caller already made (a withheld input). */
  function walkAndLabel(
    raw: Record<string, unknown>,
    call: CallContext,
    seed?: Finding,
  ): SanitizeOutcome<ToolResult> {
    const earlier = ourEarlierReport(resolved, raw);
    const input = earlier?.rest ?? raw;
    const { walk, changed } = newWalk(resolved, call, input.isError === true);
    if (seed !== undefined) walk.ctx.report(seed);
    let result = walkToolResult(walk, resolved, input, call) as Record<string, unknown>;
    if (resolved.resultStage !== undefined) {
      result = resolved.resultStage(result as ToolResult, walk.ctx) as Record<string, unknown>;
    }
    const isSanitized = changed();
    const labelled = withLabels(resolved, result, walk, isSanitized, earlier ?? null);
    return {
      rawResult: raw,
      sanitizedResult: labelled.result as ToolResult,
      isSanitized,
      report: labelled.report,
    };
  }

  /**
   * Our own error result in place of the input, labelled like any result (so a second pass leaves it as it
   * is); if even that fails, the bare error result.
   */
  function withheld(
    raw: unknown,
    call: CallContext,
    result: ToolResult,
    cls: string,
  ): SanitizeOutcome<ToolResult> {
    const seed: Finding = { path: '', action: 'withheld', class: cls };
    try {
      return { ...walkAndLabel(result as Record<string, unknown>, call, seed), rawResult: raw };
    } catch {
      const report = buildReport([seed], true);
      return {
        rawResult: raw,
        sanitizedResult: { ...result, _meta: { [REPORT_KEY]: report } },
        isSanitized: true,
        report,
      };
    }
  }

  function sanitizeToolResult(raw: unknown, call: CallContext = {}): SanitizeOutcome<ToolResult> {
    try {
      if (!isPlainObject(raw)) {
        const message = 'The server sent a tool result that is not a CallToolResult object.';
        return withheld(raw, call, errorResult('upstream_error', message), 'not-a-result');
      }
      return walkAndLabel(raw, call);
    } catch {
      return withheld(
        raw,
        call,
        errorResult('sanitizer_failed', SANITIZER_FAILED_MESSAGE),
        'sanitizer_failed',
      );
    }
  }

  /** Any message by shape; results get the report in `_meta`, as tool results do. */
  function sanitizeShaped(
    raw: unknown,
    call: CallContext,
    shape: ReturnType<typeof resultShape>,
    meta: boolean,
  ): SanitizeOutcome {
    try {
      if (shape === 'tool-result') return sanitizeToolResult(raw, call);
      const earlier = meta && isPlainObject(raw) ? ourEarlierReport(resolved, raw) : null;
      const input = earlier?.rest ?? raw;
      const { walk, changed } = newWalk(resolved, call, false);
      const env = messageEnv(walk, resolved, call);
      const out = walkShaped(env, input, shape, '', 0);
      if (out === DROP) {
        const report = buildReport(
          [...walk.findings, { path: '', action: 'withheld', class: 'invalid-identifier' }],
          true,
        );
        return { rawResult: raw, sanitizedResult: {}, isSanitized: true, report, error: WITHHELD_ERROR };
      }
      if (walk.findings.some((f) => f.action === 'blocked')) {
        const report = buildReport(walk.findings, true);
        const error = secretBlockedError(-32603, walk.findings);
        return { rawResult: raw, sanitizedResult: {}, isSanitized: true, report, error };
      }
      const isSanitized = changed();
      // An empty result (ping, an acknowledgement) carries nothing from the server: nothing to label.
      const empty = isPlainObject(out) && Object.keys(out).length === 0 && !isSanitized && earlier === null;
      if (meta && isPlainObject(out) && !empty) {
        const labelled = withLabels(resolved, out, walk, isSanitized, earlier ?? null);
        return { rawResult: raw, sanitizedResult: labelled.result, isSanitized, report: labelled.report };
      }
      const report = buildReport(walk.findings, isSanitized);
      return { rawResult: raw, sanitizedResult: out, isSanitized, report };
    } catch {
      return {
        rawResult: raw,
        sanitizedResult: {},
        isSanitized: true,
        report: failedReport(),
        error: FAILED_ERROR,
      };
    }
  }

  function sanitizeText(text: string | null, textOptions: TextOptions = {}): string | null {
    if (text === null) return null;
    if (typeof text !== 'string') return null;
    try {
      const profile = textOptions.profile ?? resolved.profile;
      let resolvedForProfile = byProfile.get(profile);
      if (resolvedForProfile === undefined) {
        resolvedForProfile = resolveOptions({ ...options, profile });
        byProfile.set(profile, resolvedForProfile);
      }
      const chosen = resolvedForProfile;
      const cls = textOptions.class ?? 'document';
      const { walk } = newWalk(chosen, {}, cls === 'error');
      const max = textOptions.maxChars ?? chosen.bounds[cls];
      const pipeline = chosen.pipelineWith((value) => boundText(value, max));
      return pipeline(text, { path: '', class: cls, isError: cls === 'error' }, walk.ctx);
    } catch {
      return '';
    }
  }

  return Object.freeze({
    sanitizeToolResult,
    sanitizeText: sanitizeText as Airlock['sanitizeText'],
    sanitizeResponse: (method: string, result: unknown, call: CallContext = {}) =>
      sanitizeShaped(result, call, resultShape(method, result), true),
    sanitizeServerRequest: (method: string, params: unknown) =>
      sanitizeShaped(params, {}, serverRequestShape(method), true),
    sanitizeNotification: (method: string, params: unknown) =>
      sanitizeShaped(params, {}, notificationShape(method), false),
    sanitizeError(error: JsonRpcError, call: CallContext = {}): SanitizeOutcome<JsonRpcError> {
      try {
        const { walk, changed } = newWalk(resolved, call, true);
        let out = walkJsonRpcError(walk, error, '', 0) as JsonRpcError;
        if (walk.findings.some((f) => f.action === 'blocked'))
          out = secretBlockedError(out.code, walk.findings);
        const isSanitized = changed();
        return {
          rawResult: error,
          sanitizedResult: out,
          isSanitized,
          report: buildReport(walk.findings, isSanitized),
        };
      } catch {
        return { rawResult: error, sanitizedResult: FAILED_ERROR, isSanitized: true, report: failedReport() };
      }
    },
  });
}
