/**
 * @module test/proxy/fake-airlock
 * A stand-in airlock for relay unit tests: it wraps what it is given so a test can see which method ran with
 * which call context, and records every call.
 */
import type { Airlock, CallContext, JsonRpcError, Report, SanitizeOutcome } from '../../src/core/types.js';

const REPORT: Report = { version: 1, changed: true, counts: { removed: 1 }, findings: [] };

export interface FakeCall {
  readonly kind: 'response' | 'request' | 'notification' | 'error';
  readonly method: string;
  readonly call: CallContext | undefined;
}

export function createFakeAirlock(): Airlock & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const outcome = <T>(raw: unknown, value: T): SanitizeOutcome<T> => ({
    rawResult: raw,
    sanitizedResult: value,
    isSanitized: true,
    report: REPORT,
  });
  return {
    calls,
    sanitizeToolResult: (result) => outcome(result, { content: [] }),
    sanitizeText: ((text: string | null) => text) as Airlock['sanitizeText'],
    sanitizeResponse(method, result, call) {
      calls.push({ kind: 'response', method, call });
      return outcome(result, { sanitized: method, value: result });
    },
    sanitizeServerRequest(method, params) {
      calls.push({ kind: 'request', method, call: undefined });
      return outcome(params, { ...(params as object), sanitized: true });
    },
    sanitizeNotification(method, params) {
      calls.push({ kind: 'notification', method, call: undefined });
      return outcome(params, { ...(params as object), sanitized: true });
    },
    sanitizeError(error: JsonRpcError, call) {
      calls.push({ kind: 'error', method: 'error', call });
      return outcome(error, { code: error.code, message: `clean: ${error.message}` });
    },
  };
}
