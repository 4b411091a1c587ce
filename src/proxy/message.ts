/**
 * @module proxy/message
 * JSON-RPC 2.0 message types and the guards the relay uses to tell them apart. The guards check shape only
 * (what JSON-RPC requires), never MCP semantics: unknown methods and extra keys are fine and pass through.
 */

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: unknown;
}

export interface JsonRpcNotification {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: unknown;
}

export interface JsonRpcSuccess {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly result: unknown;
}

export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export interface JsonRpcFailure {
  readonly jsonrpc: '2.0';
  /** `null` only when the id of the failed request could not be read (parse errors). */
  readonly id: JsonRpcId | null;
  readonly error: JsonRpcErrorObject;
}

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcSuccess | JsonRpcFailure;

/** What a parsed value is, as far as JSON-RPC can tell. */
export type MessageKind = 'request' | 'notification' | 'success' | 'failure' | 'invalid';

/** JSON-RPC and MCP error codes the proxy answers with. */
export const RPC_CODES = Object.freeze({
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
  /** The SDK's `ConnectionClosed`: the upstream went away. */
  connectionClosed: -32000,
  /** The SDK's `RequestTimeout`. */
  requestTimeout: -32001,
  /** Implementation-defined: the message was larger than the configured limit. */
  payloadTooLarge: -32002,
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON-RPC id as MCP allows it: a string or a finite number (never null for requests). */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isObject(value) && typeof value.code === 'number' && typeof value.message === 'string';
}

/**
 * Classifies one parsed JSON value. A response must carry exactly one of `result` and `error`; params, when
 * present, must be an object or an array (JSON-RPC 2.0, section 4.2).
 */
export function classifyMessage(value: unknown): MessageKind {
  if (!isObject(value) || value.jsonrpc !== '2.0') return 'invalid';
  const hasId = 'id' in value;
  if (typeof value.method === 'string') {
    if ('result' in value || 'error' in value) return 'invalid';
    const params = value.params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) return 'invalid';
    if (!hasId) return 'notification';
    return isJsonRpcId(value.id) ? 'request' : 'invalid';
  }
  if ('method' in value) return 'invalid';
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult === hasError) return 'invalid';
  if (hasResult) return isJsonRpcId(value.id) ? 'success' : 'invalid';
  if (!isErrorObject(value.error)) return 'invalid';
  return isJsonRpcId(value.id) || value.id === null ? 'failure' : 'invalid';
}

/** The id of a value that may be a malformed message, when it has a usable one. */
export function idOf(value: unknown): JsonRpcId | undefined {
  return isObject(value) && isJsonRpcId(value.id) ? value.id : undefined;
}

/** Builds an error response. `data.kind` carries the airlock error kind when there is one. */
export function errorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  kind?: string,
): JsonRpcFailure {
  return kind === undefined
    ? { jsonrpc: '2.0', id, error: { code, message } }
    : { jsonrpc: '2.0', id, error: { code, message, data: { kind } } };
}

/**
 * Reads the id of a message that was too large to parse, from its first and last bytes only. Only the two
 * positions where a top-level id can be told apart without parsing are trusted: right after the opening brace
 * (optionally after `"jsonrpc":"2.0",`) and right before the closing brace. Anything else returns undefined.
 */
export function sniffId(head: string, tail: string): JsonRpcId | undefined {
  const start = HEAD_ID.exec(head) ?? HEAD_ID_AFTER_VERSION.exec(head);
  const end = start ?? TAIL_ID.exec(tail);
  if (end === null) return undefined;
  const raw = end[1] as string;
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined;
    }
  }
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

const ID_VALUE = String.raw`(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.){0,256}")`;
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*"id"\s*:\s*${ID_VALUE}\s*,`);
const HEAD_ID_AFTER_VERSION = new RegExp(
  String.raw`^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*${ID_VALUE}\s*,`,
);
const TAIL_ID = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
