/**
 * @module integrations/with-airlock
 * `withAirlock(server, options)`: puts the airlock into an SDK 1.x `Server` or `McpServer`, so every result a
 * model will read is sanitized after the handler and before the SDK validates and serializes it.
 *
 * The seams (checked against `@modelcontextprotocol/sdk` 1.32):
 * - `Server.setRequestHandler` is overridden on the instance. A handler registered for `tools/call`,
 *   `prompts/get`, `resources/read` or `tasks/*` is wrapped first and then handed to the SDK's own
 *   `setRequestHandler`, which for `tools/call` puts its `CallToolResultSchema` check *around* our wrapper. So
 *   the order is: handler → airlock → SDK result check → serialization.
 * - `McpServer` registers its handlers lazily through `server.setRequestHandler`, so they hit the override. If it
 *   has already registered them, they are removed and registered again by the McpServer's own code (before
 *   `connect()` only). Its tools/call handler checks `outputSchema` after the tool callback, so the callback's
 *   result is sanitized at `executeToolHandler` (the one place every tool callback runs), before that check.
 *   What the McpServer makes itself (unknown tool, bad input, a throwing callback, a failed output check: all
 *   `isError` results reading `MCP error -32602: ...`) is sanitized by the wrapper around its handler.
 * - Handlers that were in the dispatch map before `withAirlock` and cannot be registered again (the task
 *   handlers the SDK installs in the constructor, or a low-level `Server`'s own handlers registered earlier) are
 *   wrapped in the map itself; nothing validates after them except, for an earlier `tools/call`, the SDK's
 *   result check, which then runs on the raw result (call `withAirlock` first to avoid that).
 * - Durable tasks: the task store is wrapped so that `createTask` remembers the tool name and arguments of the
 *   request it was created for (the store receives the request there); `tasks/result` and `tasks/get` are
 *   sanitized on every retrieval with that context. The stored result itself stays raw.
 *
 * Thrown errors are sanitized too (message and data as class `error`, code kept) and rethrown in a form the SDK
 * sends as is. Anything the wrapper itself fails on becomes a withheld result: it fails closed.
 *
 * @example
 * const server = withAirlock(new McpServer({ name: 'weather', version: '1.0.0' }), { secrets: { mode: 'mask' } });
 * server.registerTool('forecast', { inputSchema: { city: z.string() } }, async ({ city }) => fetchForecast(city));
 */
import {
  getLiteralValue,
  getObjectShape,
  normalizeObjectSchema,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { AirlockError } from '../core/errors.js';
import type { Airlock, CallContext } from '../core/types.js';
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

export type WithAirlockOptions = IntegrationOptions;

type Handler = (request: unknown, extra: unknown) => unknown;
type Obj = Record<string, unknown>;

/** The parts of the SDK's `Protocol`/`Server` this module reaches; private in the SDK's types. */
interface LowServer {
  setRequestHandler(schema: unknown, handler: Handler): void;
  removeRequestHandler(method: string): void;
  readonly transport?: unknown;
  _requestHandlers: Map<string, Handler>;
  _serverInfo?: { name?: unknown };
  _taskStore?: object;
}

interface RegisteredTool {
  readonly handler: unknown;
  readonly outputSchema?: unknown;
}

/** The parts of `McpServer` this module reaches. */
interface HighServer {
  readonly server: LowServer;
  _registeredTools: Record<string, RegisteredTool>;
  executeToolHandler?: (tool: RegisteredTool, args: unknown, extra: unknown) => Promise<unknown>;
  [key: string]: unknown;
}

/** Methods whose results the hook sanitizes (plus `tools/list`, only observed for output schemas). */
const COVERED = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
]);

/** McpServer's lazily registered handler groups: the flag it sets, the method that registers, what it registers. */
const MCP_GROUPS = [
  ['_toolHandlersInitialized', 'setToolRequestHandlers', ['tools/list', 'tools/call']],
  ['_promptHandlersInitialized', 'setPromptRequestHandlers', ['prompts/list', 'prompts/get']],
  [
    '_resourceHandlersInitialized',
    'setResourceRequestHandlers',
    ['resources/list', 'resources/templates/list', 'resources/read'],
  ],
] as const;

const installed = new WeakSet<object>();
/** Dispatch entries registered through the override: already wrapped (the SDK's closure around our wrapper). */
const ours = new WeakSet<Handler>();

interface Hook {
  readonly airlock: Airlock;
  readonly serverName: string | undefined;
  readonly tasks: TaskCalls;
  /** Output schemas seen in tools/list results (a low-level Server's tools). */
  readonly listedSchemas: Map<string, unknown>;
  readonly high: HighServer | undefined;
  readonly store: object | undefined;
  /** Per request (keyed by the SDK's `extra`, one object per request): the call's context. */
  readonly calls: WeakMap<object, CallContext>;
  /** Per request: the result the McpServer seam already sanitized, so it is not sanitized twice. */
  readonly produced: WeakMap<object, unknown>;
}

const jsonSchemas = new WeakMap<object, unknown>();

/** The JSON Schema McpServer advertises for a zod output schema (the same conversion as its tools/list). */
function jsonOutputSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if (jsonSchemas.has(schema)) return jsonSchemas.get(schema);
  let json: unknown;
  try {
    const obj = normalizeObjectSchema(schema as never);
    json = obj ? toJsonSchemaCompat(obj, { strictUnions: true, pipeStrategy: 'output' }) : undefined;
  } catch {
    json = undefined;
  }
  jsonSchemas.set(schema, json);
  return json;
}

function outputSchemaFor(hook: Hook, toolName: unknown): unknown {
  if (typeof toolName !== 'string') return undefined;
  if (hook.high) {
    const tool = Object.hasOwn(hook.high._registeredTools, toolName)
      ? hook.high._registeredTools[toolName]
      : undefined;
    if (tool?.outputSchema !== undefined) return jsonOutputSchema(tool.outputSchema);
  }
  return hook.listedSchemas.get(toolName);
}

/** The original call of a task: remembered at creation, or read from an in-memory store's own record. */
function taskCall(hook: Hook, taskId: unknown): CallContext {
  let found = hook.tasks.recall(taskId);
  if (!found && typeof taskId === 'string' && hook.store) {
    const record = (hook.store as { tasks?: unknown }).tasks;
    const entry = record instanceof Map ? record.get(taskId) : undefined;
    const params = isObject(entry) && isObject(entry.request) ? entry.request.params : undefined;
    if (isObject(params)) found = { toolName: params.name, arguments: params.arguments };
  }
  return callContext({
    toolName: found?.toolName,
    serverName: hook.serverName,
    arguments: found?.arguments,
    outputSchema: outputSchemaFor(hook, found?.toolName),
  });
}

function paramsOf(request: unknown): Obj {
  return isObject(request) && isObject(request.params) ? request.params : {};
}

function recordListedSchemas(hook: Hook, result: unknown): void {
  if (!isObject(result) || !Array.isArray(result.tools)) return;
  for (const tool of result.tools) {
    if (isObject(tool) && typeof tool.name === 'string' && tool.outputSchema !== undefined) {
      hook.listedSchemas.set(tool.name, tool.outputSchema);
    }
  }
}

/** Wraps one handler (as registered, or as found in the dispatch map) so its result is sanitized. */
function wrapHandler(hook: Hook, method: string, handler: Handler): Handler {
  const { airlock } = hook;
  if (method === 'tools/list') {
    return async function airlockObserveToolsList(request, extra) {
      const result = await handler(request, extra);
      try {
        recordListedSchemas(hook, result);
      } catch {
        // Observing is best effort; the listing itself is the server's own and goes out unchanged.
      }
      return result;
    };
  }
  if (method === 'tools/call') {
    return async function airlockToolsCall(request, extra) {
      let call: CallContext = {};
      let result: unknown;
      try {
        const params = paramsOf(request);
        call = callContext({
          toolName: params.name,
          serverName: hook.serverName,
          arguments: params.arguments,
          outputSchema: outputSchemaFor(hook, params.name),
        });
        if (typeof extra === 'object' && extra !== null) hook.calls.set(extra, call);
        result = await handler(request, extra);
      } catch (error) {
        throw sanitizeThrown(airlock, error, call);
      }
      if (typeof extra === 'object' && extra !== null && hook.produced.get(extra) === result) return result;
      if (isCreateTaskResult(result)) return sanitizeCreateTaskResult(airlock, result);
      return sanitizeToolResultSafely(airlock, result, call);
    };
  }
  return async function airlockResponse(request, extra) {
    let call: CallContext = {};
    let result: unknown;
    try {
      const params = paramsOf(request);
      call = method.startsWith('tasks/')
        ? taskCall(hook, params.taskId)
        : callContext({ serverName: hook.serverName, arguments: params.arguments });
      result = await handler(request, extra);
    } catch (error) {
      throw sanitizeThrown(airlock, error, call);
    }
    return sanitizeResponseSafely(airlock, method, result, call);
  };
}

/** Sanitizes what escapes the SDK's own result check around an inner-wrapped tools/call handler. */
function guardErrors(hook: Hook, entry: Handler): Handler {
  return async function airlockGuardErrors(request, extra) {
    try {
      return await entry(request, extra);
    } catch (error) {
      throw sanitizeThrown(hook.airlock, error, {});
    }
  };
}

function methodOf(schema: unknown): string | undefined {
  try {
    const literal = getLiteralValue(getObjectShape(schema as never)?.method as never);
    return typeof literal === 'string' ? literal : undefined;
  } catch {
    return undefined;
  }
}

function isHighServer(value: unknown): value is HighServer {
  return (
    isObject(value) &&
    isObject(value.server) &&
    typeof (value.server as Obj).setRequestHandler === 'function' &&
    isObject(value._registeredTools)
  );
}

function isLowServer(value: unknown): value is LowServer {
  return (
    isObject(value) && typeof value.setRequestHandler === 'function' && value._requestHandlers instanceof Map
  );
}

function wrapTaskStore(hook: Hook, low: LowServer): object | undefined {
  const store = low._taskStore;
  if (!store) return undefined;
  type CreateTask = (
    params: unknown,
    requestId: unknown,
    request: unknown,
    sessionId?: unknown,
  ) => Promise<unknown>;
  const maybeCreate = (store as { createTask?: CreateTask }).createTask;
  if (typeof maybeCreate !== 'function') return store;
  const create: CreateTask = maybeCreate;
  async function airlockCreateTask(
    params: unknown,
    requestId: unknown,
    request: unknown,
    sessionId?: unknown,
  ) {
    const task = await create.call(store, params, requestId, request, sessionId);
    if (isObject(request) && request.method === 'tools/call' && isObject(task)) {
      const callParams = paramsOf(request);
      hook.tasks.remember(task.taskId, callParams.name, callParams.arguments);
    }
    return task;
  }
  // A Proxy, not a copy: every other method runs on the real store with its own `this`.
  low._taskStore = new Proxy(store, {
    get(target, key) {
      if (key === 'createTask') return airlockCreateTask;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return store;
}

/** The McpServer seam: a tool callback's result is sanitized before McpServer checks it against outputSchema. */
function hookToolExecution(hook: Hook, high: HighServer): void {
  const execute = high.executeToolHandler;
  if (typeof execute !== 'function') return;
  high.executeToolHandler = async function airlockExecuteToolHandler(tool, args, extra) {
    const result = await execute.call(high, tool, args, extra);
    // A task handler returns a CreateTaskResult; its result is sanitized when it is retrieved.
    if (isObject(tool.handler) && 'createTask' in tool.handler) return result;
    if (isCreateTaskResult(result)) return result;
    let call: CallContext = {};
    try {
      const known = typeof extra === 'object' && extra !== null ? hook.calls.get(extra) : undefined;
      const name =
        known?.toolName ?? Object.keys(high._registeredTools).find((n) => high._registeredTools[n] === tool);
      call = callContext({
        toolName: name,
        serverName: hook.serverName,
        arguments: known ? known.arguments : args,
        outputSchema: jsonOutputSchema(tool.outputSchema),
      });
    } catch {
      call = {};
    }
    const out = sanitizeToolResultSafely(hook.airlock, result, call);
    if (typeof extra === 'object' && extra !== null) hook.produced.set(extra, out);
    return out;
  };
}

/**
 * Puts the airlock into an SDK `Server` or `McpServer` and returns the same server. Call it before `connect()`;
 * tools, prompts and resources may be registered before or after.
 *
 * @example
 * const server = withAirlock(new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } }));
 * server.setRequestHandler(CallToolRequestSchema, async (request) => readFileTool(request.params));
 */
export function withAirlock<S extends object>(server: S, options?: WithAirlockOptions): S {
  const high: HighServer | undefined = isHighServer(server) ? server : undefined;
  const low = high ? high.server : server;
  if (!isLowServer(low)) {
    throw new AirlockError('integration_unsupported', 'withAirlock expects an SDK Server or McpServer');
  }
  if (installed.has(low)) {
    throw new AirlockError('integration_installed', 'withAirlock was already applied to this server');
  }
  if (low.transport !== undefined) {
    throw new AirlockError('integration_connected', 'call withAirlock before connecting the server');
  }
  const info = low._serverInfo;
  const hook: Hook = {
    airlock: resolveAirlock(options),
    serverName: options?.serverName ?? (typeof info?.name === 'string' ? info.name : undefined),
    tasks: new TaskCalls(),
    listedSchemas: new Map(),
    high,
    store: low._taskStore,
    calls: new WeakMap(),
    produced: new WeakMap(),
  };
  installed.add(low);
  wrapTaskStore(hook, low);

  const register = low.setRequestHandler.bind(low);
  low.setRequestHandler = function airlockSetRequestHandler(schema, handler) {
    const method = methodOf(schema);
    if (method === undefined || (!COVERED.has(method) && method !== 'tools/list')) {
      register(schema, handler);
      return;
    }
    register(schema, wrapHandler(hook, method, handler));
    const entry = low._requestHandlers.get(method);
    if (method === 'tools/call' && entry) low._requestHandlers.set(method, guardErrors(hook, entry));
    const final = low._requestHandlers.get(method);
    if (final) ours.add(final);
  };

  if (high) {
    hookToolExecution(hook, high);
    for (const [flag, registerGroup, methods] of MCP_GROUPS) {
      const again = high[registerGroup];
      if (high[flag] !== true || typeof again !== 'function') continue;
      for (const method of methods) low.removeRequestHandler(method);
      high[flag] = false;
      again.call(high);
    }
  }
  for (const method of [...COVERED, 'tools/list']) {
    const entry = low._requestHandlers.get(method);
    if (entry && !ours.has(entry)) low._requestHandlers.set(method, wrapHandler(hook, method, entry));
  }
  return server;
}
