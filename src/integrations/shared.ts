/**
 * @module integrations/shared
 * What the server hook, the client wrapper and the envelope helpers share: resolving an airlock from options,
 * sanitizing a result or a thrown error so that nothing escapes unsanitized, and the bounded memory of task
 * calls. It imports nothing from the MCP SDK, so importing the package root (which the envelope helpers are
 * part of) loads no SDK, zod or ajv module: a client that only calls `sanitizeToolCallResult` does not pay for
 * them (ajv is loaded on the first result that carries an outputSchema).
 */
import { createAirlock } from '../core/airlock.js';
import type { AirlockOptions } from '../core/options.js';
import type { Airlock, CallContext } from '../core/types.js';
import { isPlainObject as isObject } from '../core/walk.js';

/** A JSON object, not an array or null: the walk's own test, under the name the integrations use. */
export { isObject };

type Obj = Record<string, unknown>;

/** Options of `withAirlock`, `wrapClient` and the envelope helpers: airlock options, or a ready airlock to share. */
export interface IntegrationOptions extends AirlockOptions {
  /** Use this airlock instead of creating one from the other options. */
  readonly airlock?: Airlock;
}

/** The most task calls remembered for sanitizing later retrievals; the oldest is forgotten first. */
export const MAX_REMEMBERED_TASKS = 10_000;

/** Text of the result that replaces one the wrapper could not sanitize. Carries nothing of the original. */
export const WITHHELD_RESULT_TEXT =
  'mcp-airlock withheld this result because it could not be sanitized (kind: sanitizer_failed).';

/**
 * An error the SDK sends exactly as it is: `Protocol` reads `code`, `message` and `data` off whatever a handler
 * throws. Not an `McpError`, whose constructor would prefix the already prefixed message a second time.
 */
export class SanitizedRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'SanitizedRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** The airlock an integration uses: the one passed in, or one made from the options. */
export function resolveAirlock(options: IntegrationOptions | undefined): Airlock {
  if (options?.airlock) return options.airlock;
  const { airlock: _ignored, ...rest } = options ?? {};
  return createAirlock(rest);
}

/** An isError result that says the result was withheld and carries nothing of it. */
export function withheldToolResult(): Obj {
  return { content: [{ type: 'text', text: WITHHELD_RESULT_TEXT }], isError: true };
}

/** Builds a CallContext without undefined keys (exactOptionalPropertyTypes). */
export function callContext(parts: {
  toolName?: unknown;
  serverName?: string | undefined;
  arguments?: unknown;
  outputSchema?: unknown;
}): CallContext {
  return {
    ...(typeof parts.toolName === 'string' && { toolName: parts.toolName }),
    ...(parts.serverName !== undefined && { serverName: parts.serverName }),
    ...(parts.arguments !== undefined && { arguments: parts.arguments }),
    ...(parts.outputSchema !== undefined && { outputSchema: parts.outputSchema }),
  };
}

/** Sanitizes a CallToolResult; never throws. */
export function sanitizeToolResultSafely(airlock: Airlock, result: unknown, call: CallContext): Obj {
  try {
    const out = airlock.sanitizeToolResult(result, call).sanitizedResult;
    return isObject(out) ? out : withheldToolResult();
  } catch {
    return withheldToolResult();
  }
}

/** Sanitizes any other result by method; a failure becomes an error that carries nothing of it. */
export function sanitizeResponseSafely(airlock: Airlock, method: string, result: unknown, call: CallContext) {
  let out: unknown;
  try {
    out = airlock.sanitizeResponse(method, result, call).sanitizedResult;
  } catch {
    out = undefined;
  }
  if (!isObject(out)) throw new SanitizedRpcError(-32603, WITHHELD_RESULT_TEXT);
  return out;
}

/** A CreateTaskResult answers a task-augmented tools/call: only its status message is remote text. */
export function sanitizeCreateTaskResult(airlock: Airlock, result: Obj): Obj {
  const task = result.task;
  if (!isObject(task) || typeof task.statusMessage !== 'string') return result;
  try {
    return {
      ...result,
      task: { ...task, statusMessage: airlock.sanitizeText(task.statusMessage, { class: 'field' }) },
    };
  } catch {
    const { statusMessage: _dropped, ...rest } = task;
    return { ...result, task: rest };
  }
}

export function isCreateTaskResult(result: unknown): result is Obj & { task: Obj } {
  return isObject(result) && isObject(result.task) && !('content' in result);
}

/** Turns anything thrown into an error whose message and data are sanitized and whose code is kept. */
export function sanitizeThrown(airlock: Airlock, thrown: unknown, call: CallContext): SanitizedRpcError {
  if (thrown instanceof SanitizedRpcError) return thrown;
  try {
    const source = isObject(thrown) || thrown instanceof Error ? (thrown as unknown as Obj) : {};
    const code = Number.isSafeInteger(source.code) ? (source.code as number) : -32603;
    const message = typeof source.message === 'string' ? source.message : 'Internal error';
    const error = { code, message, ...(source.data !== undefined && { data: source.data }) };
    const out = airlock.sanitizeError(error, call).sanitizedResult;
    return new SanitizedRpcError(out.code, out.message, out.data);
  } catch {
    return new SanitizedRpcError(-32603, 'Internal error (details withheld by mcp-airlock)');
  }
}

/** taskId → the call a task was created for, bounded; insertion order is eviction order. */
export class TaskCalls {
  readonly #calls = new Map<string, { toolName?: unknown; arguments?: unknown }>();
  remember(taskId: unknown, toolName: unknown, args: unknown): void {
    if (typeof taskId !== 'string') return;
    this.#calls.delete(taskId);
    this.#calls.set(taskId, { toolName, arguments: args });
    if (this.#calls.size > MAX_REMEMBERED_TASKS) {
      const oldest = this.#calls.keys().next().value;
      if (oldest !== undefined) this.#calls.delete(oldest);
    }
  }
  recall(taskId: unknown): { toolName?: unknown; arguments?: unknown } | undefined {
    return typeof taskId === 'string' ? this.#calls.get(taskId) : undefined;
  }
}
