/**
 * @module core/error-results
 * The airlock's own isError results, in the envelope ADR's shape `{ error: { kind, message, ... } }`. They
 * carry fixed words, rule ids and pointers — never original data, never exception text.
 */
import type { ErrorKind, ToolResult } from './types.js';

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
