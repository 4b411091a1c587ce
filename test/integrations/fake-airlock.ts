/**
 * @module test/integrations/fake-airlock
 * A deterministic stand-in for the core airlock, so the integration seams are tested on their own: it strips
 * bidi/zero-width characters, cuts strings to `cut` chars, records every call with its context, and can be
 * told to throw to exercise the fail-closed paths.
 */
import type {
  Airlock,
  CallContext,
  JsonRpcError,
  SanitizeOutcome,
  TextOptions,
} from '../../src/core/types.js';

export interface Recorded {
  readonly kind: string;
  readonly method?: string;
  readonly call?: CallContext;
  readonly input: unknown;
  readonly textClass?: string;
}

const INVISIBLE = /[\u200B\u202A-\u202E\u2066-\u2069]/g;

function cleanDeep(value: unknown, cut: number): unknown {
  if (typeof value === 'string') return value.replace(INVISIBLE, '').slice(0, cut);
  if (Array.isArray(value)) return value.map((v) => cleanDeep(v, cut));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanDeep(v, cut)]));
  }
  return value;
}

function outcome<T>(raw: unknown, sanitized: T): SanitizeOutcome<T> {
  return {
    rawResult: raw,
    sanitizedResult: sanitized,
    isSanitized: true,
    report: { version: 1, changed: true, counts: {}, findings: [] },
  };
}

export function createFakeAirlock(opts: { cut?: number; throwOn?: string } = {}): Airlock & {
  readonly calls: Recorded[];
} {
  const cut = opts.cut ?? 10_000;
  const calls: Recorded[] = [];
  const maybeThrow = (kind: string) => {
    if (opts.throwOn === kind) throw new Error('sanitizer exploded with ORIGINAL-DATA');
  };
  function sanitizeText(text: string, options?: TextOptions): string;
  function sanitizeText(text: string | null, options?: TextOptions): string | null;
  function sanitizeText(text: string | null, options?: TextOptions): string | null {
    calls.push({ kind: 'text', input: text, ...(options?.class && { textClass: options.class }) });
    if (text === null) return null;
    const clean = text.replace(INVISIBLE, '');
    const max = options?.maxChars;
    return max !== undefined && clean.length > max ? `${clean.slice(0, max)}[truncated]` : clean;
  }
  return {
    calls,
    sanitizeText,
    sanitizeToolResult(result, call) {
      calls.push({ kind: 'tool', input: result, ...(call && { call }) });
      maybeThrow('tool');
      const clean = cleanDeep(result, cut) as Record<string, unknown>;
      return outcome(result, { ...clean, _meta: { 'fake/sanitized': true } });
    },
    sanitizeResponse(method, result, call) {
      calls.push({ kind: 'response', method, input: result, ...(call && { call }) });
      maybeThrow('response');
      const clean = cleanDeep(result, cut) as Record<string, unknown>;
      return outcome(result, { ...clean, _meta: { ...(clean._meta as object), 'fake/sanitized': method } });
    },
    sanitizeServerRequest(_method, params) {
      return outcome(params, params);
    },
    sanitizeNotification(_method, params) {
      return outcome(params, params);
    },
    sanitizeError(error: JsonRpcError, call?: CallContext) {
      calls.push({ kind: 'error', input: error, ...(call && { call }) });
      maybeThrow('error');
      return outcome(error, { ...error, message: `[remote] ${String(cleanDeep(error.message, cut))}` });
    },
  };
}
