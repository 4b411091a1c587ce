/**
 * @module integrations/wrap-client
 * `wrapClient(client, options)`: an SDK `Client` whose results are sanitized before the caller (and so the
 * model) sees them: `callTool`, `getPrompt`, `readResource`, `listTools`, and task retrieval through
 * `experimental.tasks` (`getTaskResult`, `getTask`, `callToolStream`).
 *
 * Raw results: every sanitized result carries the server's original as a non-enumerable, read-only
 * `rawResult` property (also reachable with `rawResultOf(result)`). Non-enumerable means `JSON.stringify`,
 * spreading and `Object.keys` — what builds a model's input — never see it; code that stores or debugs results
 * reads it explicitly. Errors the server sends are rethrown as `McpError`s with a sanitized message and data;
 * the original is the non-enumerable `rawError` property.
 *
 * Results are read with the SDK's loose `ResultSchema`: `Client.callTool` would reject a result whose
 * structuredContent misses the cached outputSchema, or one with a block the strict schema refuses, before
 * anything could sanitize it. Output schemas seen in `listTools` go to the airlock, which re-validates the
 * sanitized value by its own policy. The call keeps the SDK's refusal of required-task tools.
 *
 * The wrapper is a Proxy over the same client: everything else (connect, close, handlers) is the client's own.
 *
 * @example
 * const client = wrapClient(new Client({ name: 'agent', version: '1.0.0' }));
 * await client.connect(transport);
 * const result = await client.callTool({ name: 'search', arguments: { q: 'mcp' } });
 * model.send(JSON.stringify(result)); // sanitized; rawResultOf(result) holds what the server sent
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallContext } from '../core/types.js';
import {
  callContext,
  type IntegrationOptions,
  isCreateTaskResult,
  isObject,
  resolveAirlock,
  sanitizeCreateTaskResult,
  sanitizeResponseSafely,
  sanitizeThrown,
  sanitizeToolResultSafely,
  TaskCalls,
} from './shared.js';

export type WrapClientOptions = IntegrationOptions;

/** A sanitized result with the server's original attached (non-enumerable). */
export type WithRawResult<T> = T & { readonly rawResult: unknown };

type Obj = Record<string, unknown>;
type RequestOptions = Parameters<Client['request']>[2];

/** The server's original of a result returned by a wrapped client, or `undefined`. */
export function rawResultOf(result: unknown): unknown {
  return isObject(result) ? Object.getOwnPropertyDescriptor(result, 'rawResult')?.value : undefined;
}

function withRaw(sanitized: Obj, raw: unknown): Obj {
  // A fresh object, so the property is never defined on the raw result or on a frozen airlock output.
  const out = { ...sanitized };
  Object.defineProperty(out, 'rawResult', {
    value: raw,
    enumerable: false,
    writable: false,
    configurable: false,
  });
  return out;
}

/** The part of the SDK's private client API the wrapper uses, checked at run time. */
interface ClientInternals {
  isToolTaskRequired?: (name: string) => boolean;
  isToolTask?: (name: string) => boolean;
}

interface StreamMessage {
  readonly type: string;
  readonly [key: string]: unknown;
}

/**
 * Wraps an SDK `Client` so what it returns is sanitized. Returns a Proxy over the same client.
 *
 * @example
 * const client = wrapClient(new Client({ name: 'agent', version: '1.0.0' }), { secrets: { values: [apiKey] } });
 */
export function wrapClient<C extends Client>(client: C, options?: WrapClientOptions): C {
  const airlock = resolveAirlock(options);
  const tasks = new TaskCalls();
  const schemas = new Map<string, unknown>();
  const internals = client as unknown as ClientInternals;

  const serverName = (): string | undefined => {
    if (options?.serverName !== undefined) return options.serverName;
    const name = client.getServerVersion()?.name;
    return typeof name === 'string' ? name : undefined;
  };
  const toolCall = (name: unknown, args: unknown): CallContext =>
    callContext({
      toolName: name,
      serverName: serverName(),
      arguments: args,
      outputSchema: typeof name === 'string' ? schemas.get(name) : undefined,
    });
  const taskCall = (taskId: unknown): CallContext => {
    const known = tasks.recall(taskId);
    return known ? toolCall(known.toolName, known.arguments) : callContext({ serverName: serverName() });
  };

  /** Rethrows a server's error as an McpError with a sanitized message and data; the original is `rawError`. */
  const sanitizedError = (error: unknown, call: CallContext): Error => {
    const code = isObject(error) || error instanceof Error ? (error as unknown as Obj).code : undefined;
    let message = error instanceof Error ? error.message : String(error);
    // McpError prefixes its message; strip it so the new McpError does not prefix it twice.
    if (typeof code === 'number') message = message.replace(`MCP error ${code}: `, '');
    const data = error instanceof McpError ? error.data : undefined;
    const clean = sanitizeThrown(airlock, { code, message, ...(data !== undefined && { data }) }, call);
    const out = new McpError(clean.code, clean.message, clean.data);
    Object.defineProperty(out, 'rawError', { value: error, enumerable: false });
    return out;
  };

  const request = async (method: string, params: unknown, call: CallContext, opts: RequestOptions) => {
    try {
      return (await client.request({ method, params } as never, ResultSchema, opts)) as unknown;
    } catch (error) {
      throw sanitizedError(error, call);
    }
  };

  const toolResult = (raw: unknown, call: CallContext): Obj => {
    if (isCreateTaskResult(raw)) {
      tasks.remember(raw.task.taskId, call.toolName, call.arguments);
      return withRaw(sanitizeCreateTaskResult(airlock, raw), raw);
    }
    return withRaw(sanitizeToolResultSafely(airlock, raw, call), raw);
  };

  async function callTool(
    params: { name: string; arguments?: unknown },
    _schema?: unknown,
    opts?: RequestOptions,
  ) {
    if (internals.isToolTaskRequired?.(params.name)) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Tool "${params.name}" requires task-based execution. Use client.experimental.tasks.callToolStream() instead.`,
      );
    }
    const call = toolCall(params.name, params.arguments);
    return toolResult(await request('tools/call', params, call, opts), call);
  }

  async function listTools(params?: unknown, opts?: RequestOptions) {
    const raw = await client.listTools(params as never, opts).catch((error: unknown) => {
      throw sanitizedError(error, {});
    });
    for (const tool of raw.tools) if (tool.outputSchema) schemas.set(tool.name, tool.outputSchema);
    const call = callContext({ serverName: serverName() });
    return withRaw(sanitizeResponseSafely(airlock, 'tools/list', raw, call), raw);
  }

  async function getPrompt(params: { name: string; arguments?: unknown }, opts?: RequestOptions) {
    const call = callContext({ serverName: serverName(), arguments: params.arguments });
    const raw = await request('prompts/get', params, call, opts);
    return withRaw(sanitizeResponseSafely(airlock, 'prompts/get', raw, call), raw);
  }

  async function readResource(params: { uri: string }, opts?: RequestOptions) {
    const call = callContext({ serverName: serverName() });
    const raw = await request('resources/read', params, call, opts);
    return withRaw(sanitizeResponseSafely(airlock, 'resources/read', raw, call), raw);
  }

  async function getTaskResult(taskId: string, _schema?: unknown, opts?: RequestOptions) {
    const call = taskCall(taskId);
    const raw = await request('tasks/result', { taskId }, call, opts);
    return withRaw(sanitizeResponseSafely(airlock, 'tasks/result', raw, call), raw);
  }

  async function getTask(taskId: string, opts?: RequestOptions) {
    const call = taskCall(taskId);
    const raw = await request('tasks/get', { taskId }, call, opts);
    return withRaw(sanitizeResponseSafely(airlock, 'tasks/get', raw, call), raw);
  }

  async function* callToolStream(
    params: { name: string; arguments?: unknown },
    _schema?: unknown,
    opts?: RequestOptions,
  ): AsyncGenerator<StreamMessage, void, void> {
    const call = toolCall(params.name, params.arguments);
    const task = opts?.task ?? (internals.isToolTask?.(params.name) ? {} : undefined);
    const stream = client.experimental.tasks.requestStream(
      { method: 'tools/call', params } as never,
      ResultSchema,
      { ...opts, ...(task !== undefined && { task }) } as RequestOptions,
    ) as AsyncGenerator<StreamMessage, void, void>;
    for await (const message of stream) {
      if (message.type === 'result') {
        yield { ...message, result: toolResult(message.result, call) };
      } else if (message.type === 'error') {
        yield { ...message, error: sanitizedError(message.error, call) };
      } else if (isObject(message.task)) {
        if (message.type === 'taskCreated')
          tasks.remember(message.task.taskId, params.name, params.arguments);
        const clean = sanitizeCreateTaskResult(airlock, { task: message.task }).task;
        yield { ...message, task: clean };
      } else {
        yield message;
      }
    }
  }

  const overrides: Obj = { callTool, listTools, getPrompt, readResource };
  const taskOverrides: Obj = { getTaskResult, getTask, callToolStream };
  const bound = new WeakMap<object, unknown>();
  const delegate = (target: object, key: PropertyKey): unknown => {
    const value = Reflect.get(target, key, target);
    if (typeof value !== 'function') return value;
    if (!bound.has(value)) bound.set(value, value.bind(target));
    return bound.get(value);
  };
  let experimental: unknown;

  return new Proxy(client, {
    get(target, key) {
      if (typeof key === 'string' && Object.hasOwn(overrides, key)) return overrides[key];
      if (key === 'experimental') {
        experimental ??= new Proxy(target.experimental, {
          get(exp, expKey) {
            if (expKey !== 'tasks') return delegate(exp, expKey);
            return new Proxy(exp.tasks, {
              get(t, taskKey) {
                if (typeof taskKey === 'string' && Object.hasOwn(taskOverrides, taskKey)) {
                  return taskOverrides[taskKey];
                }
                return delegate(t, taskKey);
              },
            });
          },
        });
        return experimental;
      }
      return delegate(target, key);
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  });
}
