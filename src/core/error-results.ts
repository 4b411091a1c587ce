/**
 * @module core/error-results
 * The airlock's own isError results, in the envelope ADR's shape `{ error: { kind, message, ... } }`. They
 * carry fixed words, rule ids and pointers — never original data, never exception text.
 */
import type { ErrorKind, Finding, JsonRpcError, ToolResult } from './types.js';

export function errorResult(
  kind: ErrorKind,
  message: string,
  extra: Record<string, unknown> = {},
): ToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify({ error: { kind, message, ...extra } }) }],
    isError: true,
  };
}

export const SANITIZER_FAILED_MESSAGE = 'The result was withheld: the airlock could not sanitize it.';

/**
 * Marks an upstream error message as the remote service's words; recognised, so it is never added twice.
 * The error bound leaves room for it.
 */
export const REMOTE_ERROR_PREFIX = 'Remote MCP server error: ';

const MAX_POINTERS = 10;
const MAX_POINTER_CHARS = 120;

/**
 * Rule ids and pointers of the findings that blocked a message: what a person needs to find the secret in
 * the server's output, never the secret. Capped, so that the error stays within the error bound.
 */
export function blockedDetails(findings: readonly Finding[]): { rules: string[]; pointers: string[] } {
  const blocked = findings.filter((f) => f.action === 'blocked');
  const rules = [...new Set(blocked.map((f) => f.rule ?? 'unknown'))].sort();
  const all = [...new Set(blocked.map((f) => f.path))].sort();
  const pointers = all
    .slice(0, MAX_POINTERS)
    .map((p) => (p.length > MAX_POINTER_CHARS ? `${p.slice(0, MAX_POINTER_CHARS)}…` : p));
  if (all.length > MAX_POINTERS) pointers.push(`… ${all.length - MAX_POINTERS} more`);
  return { rules, pointers };
}

export const SECRET_BLOCKED_MESSAGE = 'The result was withheld because it contains secrets.';

/** The prefix of the JSON-RPC errors the airlock itself answers with. */
export const AIRLOCK_ERROR_PREFIX = 'mcp-airlock: ';

/**
 * The JSON-RPC error that withholds a message (or replaces an upstream error) whose secrets are in block mode.
 * It names the rules and how many places; the pointers, which are built from server text, stay in the report,
 * so the error itself carries nothing a later pass could find a secret in.
 */
export function secretBlockedError(code: number, findings: readonly Finding[]): JsonRpcError {
  const { rules } = blockedDetails(findings);
  const places = new Set(findings.filter((f) => f.action === 'blocked').map((f) => f.path)).size;
  return {
    code,
    message: `${AIRLOCK_ERROR_PREFIX}${SECRET_BLOCKED_MESSAGE}`,
    data: { kind: 'secret_blocked', rules, places },
  };
}
