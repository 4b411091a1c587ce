/**
 * @module core/messages
 * Every other channel a server writes to (DESIGN.md, "Proxy: what it touches"), as data: a shape per method
 * saying which string is a document, a field or an error, which is an identifier to validate (tool names,
 * URIs) and which is an opaque token to keep byte for byte (cursors, task ids, progress tokens). Anything a
 * shape does not name is still walked, every string as a field: an unknown key is never a way around the
 * airlock.
 */
import {
  annotations,
  type ContentEnv,
  icons,
  validUri,
  walkBlock,
  walkBlocks,
  walkMeta,
  walkResourceContents,
} from './content.js';
import { AIRLOCK_ERROR_PREFIX, REMOTE_ERROR_PREFIX } from './error-results.js';
import { childPath } from './paths.js';
import type { ResolvedOptions } from './resolve.js';
import { walkToolResult } from './tool-result.js';
import type { CallContext, StringClass } from './types.js';
import {
  DROP_KEY,
  isPlainObject,
  type Walk,
  walkArray,
  walkJson,
  walkObject,
  walkOpaque,
  walkString,
} from './walk.js';

type Special =
  | 'opaque' // a token kept as it is (ids, cursors, enums, numbers); anything else in it walked as a field
  | 'icons' // icon list: src validated as a URI
  | 'annotations' // resource annotations: only what the spec allows
  | 'name' // a tool or prompt name: validated; an item with an invalid name is dropped from its list
  | 'uri' // validated; invalid → item dropped
  | 'role' // 'user' | 'assistant'; invalid → item dropped
  | 'block' // one content block
  | 'blocks' // a content block or an array of them (sampling allows both)
  | 'contents' // resource contents array
  | 'meta' // _meta: airlock/ keys dropped
  | 'tool-result' // a nested CallToolResult
  | 'jsonrpc-error'
  | 'server-requests'; // 2026 inputRequests: { key: { method, params } }

export type Shape = StringClass | Special | { readonly [key: string]: Shape } | readonly [Shape];

/** Removes the item that holds an invalid identifier from its list. */
const DROP = Symbol('drop');

const NAME = /^[A-Za-z0-9_.\-/:]{1,128}$/;

const ICONS: Shape = 'icons';
const TASK: Shape = {
  taskId: 'opaque',
  status: 'opaque',
  statusMessage: 'field',
  createdAt: 'opaque',
  lastUpdatedAt: 'opaque',
  ttl: 'opaque',
  pollInterval: 'opaque',
  _meta: 'meta',
};
const TOOL: Shape = {
  name: 'name',
  title: 'field',
  description: 'field',
  inputSchema: 'field',
  outputSchema: 'field',
  annotations: 'field',
  execution: 'opaque',
  icons: ICONS,
  _meta: 'meta',
};
const PROMPT: Shape = {
  name: 'name',
  title: 'field',
  description: 'field',
  arguments: [{ name: 'field', title: 'field', description: 'field', required: 'opaque' }],
  icons: ICONS,
  _meta: 'meta',
};
const RESOURCE: Shape = {
  uri: 'uri',
  name: 'field',
  title: 'field',
  description: 'field',
  mimeType: 'field',
  size: 'opaque',
  annotations: 'annotations',
  icons: ICONS,
  _meta: 'meta',
};
const TEMPLATE: Shape = {
  uriTemplate: 'field',
  name: 'field',
  title: 'field',
  description: 'field',
  mimeType: 'field',
  annotations: 'annotations',
  icons: ICONS,
  _meta: 'meta',
};
const MESSAGE: Shape = { role: 'role', content: 'blocks', _meta: 'meta' };

const RESULTS: Record<string, Shape> = {
  initialize: {
    protocolVersion: 'opaque',
    capabilities: 'field',
    serverInfo: {
      name: 'field',
      version: 'field',
      title: 'field',
      description: 'field',
      websiteUrl: 'field',
      icons: ICONS,
    },
    instructions: 'document',
    _meta: 'meta',
  },
  'tools/list': { tools: [TOOL], nextCursor: 'opaque', _meta: 'meta' },
  'prompts/list': { prompts: [PROMPT], nextCursor: 'opaque', _meta: 'meta' },
  'prompts/get': { description: 'field', messages: [MESSAGE], _meta: 'meta' },
  'resources/list': { resources: [RESOURCE], nextCursor: 'opaque', _meta: 'meta' },
  'resources/templates/list': { resourceTemplates: [TEMPLATE], nextCursor: 'opaque', _meta: 'meta' },
  'resources/read': { contents: 'contents', _meta: 'meta' },
  'completion/complete': {
    completion: { values: ['field'], total: 'opaque', hasMore: 'opaque' },
    _meta: 'meta',
  },
  'tasks/get': { ...TASK, result: 'tool-result', error: 'jsonrpc-error' },
  'tasks/list': { tasks: [TASK], nextCursor: 'opaque', _meta: 'meta' },
  'tasks/cancel': TASK,
  ping: {},
};

/** A tools/call answered with a task instead of a result (task-augmented call). */
const CREATE_TASK: Shape = { task: TASK, resultType: 'opaque', _meta: 'meta' };

const SERVER_REQUESTS: Record<string, Shape> = {
  'sampling/createMessage': {
    messages: [MESSAGE],
    systemPrompt: 'document',
    modelPreferences: 'field',
    stopSequences: ['field'],
    metadata: 'field',
    tools: [TOOL],
    toolChoice: 'opaque',
    includeContext: 'opaque',
    temperature: 'opaque',
    maxTokens: 'opaque',
    task: 'opaque',
    _meta: 'meta',
  },
  'elicitation/create': {
    message: 'document',
    requestedSchema: 'field',
    mode: 'opaque',
    url: 'uri',
    elicitationId: 'opaque',
    _meta: 'meta',
  },
};

const NOTIFICATIONS: Record<string, Shape> = {
  'notifications/progress': {
    progressToken: 'opaque',
    progress: 'opaque',
    total: 'opaque',
    message: 'field',
    _meta: 'meta',
  },
  'notifications/message': { level: 'opaque', logger: 'field', data: 'document', _meta: 'meta' },
  'notifications/tasks/status': TASK,
  'notifications/resources/updated': { uri: 'uri', title: 'field', _meta: 'meta' },
  'notifications/cancelled': { requestId: 'opaque', reason: 'field', _meta: 'meta' },
  'notifications/elicitation/complete': { elicitationId: 'opaque', _meta: 'meta' },
};

/** Keys that hold opaque tokens wherever they appear, even in messages no shape describes. */
const OPAQUE_KEYS = new Set([
  'requestState',
  'nextCursor',
  'cursor',
  'taskId',
  'progressToken',
  'requestId',
  'elicitationId',
]);

export interface MessageEnv {
  readonly walk: Walk;
  readonly options: ResolvedOptions;
  readonly call: CallContext;
  /** The same walk seen by the content-block walkers (documents), made once per message. */
  readonly content: ContentEnv;
}

export function messageEnv(walk: Walk, options: ResolvedOptions, call: CallContext): MessageEnv {
  return { walk, options, call, content: { walk, options, textClass: 'document' } };
}

export function resultShape(method: string, result: unknown): Shape | 'tool-result' {
  if (method === 'tools/call' || method === 'tasks/result') {
    if (isPlainObject(result) && result.task !== undefined && result.content === undefined)
      return CREATE_TASK;
    return 'tool-result';
  }
  return RESULTS[method] ?? 'field';
}

export function serverRequestShape(method: string): Shape {
  return SERVER_REQUESTS[method] ?? 'field';
}

export function notificationShape(method: string): Shape {
  return NOTIFICATIONS[method] ?? 'field';
}

/** `value` walked by `shape` at `path`. May return DROP for an item whose identifier is invalid. */
export function walkShaped(
  env: MessageEnv,
  value: unknown,
  shape: Shape,
  path: string,
  depth: number,
  key?: string,
): unknown {
  const { walk } = env;
  if (typeof shape === 'string') {
    switch (shape) {
      case 'document':
      case 'field':
      case 'error':
      case 'key':
        return walkJson(walk, value, path, depth, shape, key);
      case 'opaque':
        return walkOpaque(walk, value, path, depth);
      case 'icons':
        return icons(env.content, value, path) ?? DROP;
      case 'annotations':
        return annotations(env.content, value, path) ?? DROP;
      case 'name':
        if (typeof value === 'string' && NAME.test(value)) return value;
        walk.ctx.report({ path, action: 'invalid', class: 'name' });
        return DROP;
      case 'uri':
        return validUri(env.content, value, path) ?? DROP;
      case 'role':
        if (value === 'user' || value === 'assistant') return value;
        walk.ctx.report({ path, action: 'invalid', class: 'role' });
        return DROP;
      case 'block':
        return walkBlock(env.content, value, path) ?? DROP;
      case 'blocks':
        return Array.isArray(value)
          ? walkBlocks(env.content, value, path, 0)
          : (walkBlock(env.content, value, path) ?? DROP);
      case 'contents':
        if (!Array.isArray(value)) return walkJson(walk, value, path, depth, 'document');
        return walkArray(
          walk,
          value,
          path,
          depth,
          (item, at) => walkResourceContents(env.content, item, at) ?? DROP,
        ).filter((item) => item !== DROP);
      case 'meta':
        if (isPlainObject(value)) return walkMeta(walk, value, path);
        if (value === undefined) return undefined;
        walk.ctx.report({ path, action: 'dropped', class: '_meta' });
        return DROP_KEY;
      case 'tool-result':
        return walkToolResult(walk, env.options, value, env.call);
      case 'jsonrpc-error':
        return walkJsonRpcError(walk, value, path, depth);
      case 'server-requests':
        return walkObject(walk, isPlainObject(value) ? value : {}, path, depth, (item, at, d) =>
          walkServerRequest(env, item, at, d),
        );
    }
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return walkJson(walk, value, path, depth, 'field', key);
    const itemShape = shape[0] as Shape;
    const out = walkArray(walk, value, path, depth, (item, at, d) => walkShaped(env, item, itemShape, at, d));
    if (!out.includes(DROP)) return out;
    return out.filter((item, i) => {
      if (item !== DROP) return true;
      walk.ctx.report({ path: childPath(path, i), action: 'dropped', class: 'invalid-item' });
      return false;
    });
  }
  if (!isPlainObject(value)) return walkJson(walk, value, path, depth, 'field', key);
  const fields = shape as { readonly [key: string]: Shape };
  // An invalid identifier drops the list item that holds it; at the top, the whole message is withheld.
  let dropped = false;
  const out = walkObject(walk, value, path, depth, (item, at, d, k) => {
    const sub = fields[k] ?? (OPAQUE_KEYS.has(k) ? 'opaque' : k === '_meta' ? 'meta' : 'field');
    const next = walkShaped(env, item, sub, at, d, k);
    if (next !== DROP) return next;
    dropped = true;
    return DROP_KEY;
  });
  return dropped ? DROP : out;
}

function walkServerRequest(env: MessageEnv, value: unknown, path: string, depth: number): unknown {
  if (!isPlainObject(value) || typeof value.method !== 'string')
    return walkJson(env.walk, value, path, depth, 'field');
  const shape = serverRequestShape(value.method);
  return walkShaped(env, value, { method: 'opaque', params: shape }, path, depth);
}

/** A JSON-RPC error: the code kept, message and data as class `error`, the message marked as remote words. */
export function walkJsonRpcError(walk: Walk, value: unknown, path: string, depth: number): unknown {
  if (!isPlainObject(value)) return walkJson(walk, value, path, depth, 'error');
  const out: Record<string, unknown> = {};
  const validCode = typeof value.code === 'number' && Number.isInteger(value.code);
  if (!validCode) walk.ctx.report({ path: childPath(path, 'code'), action: 'invalid', class: 'code' });
  out.code = validCode ? value.code : -32603;
  if (typeof value.message !== 'string')
    walk.ctx.report({ path: childPath(path, 'message'), action: 'dropped', class: 'not-a-string' });
  const raw = typeof value.message === 'string' ? value.message : '';
  // Our own errors (a withheld message) are the airlock's words, not the server's: they keep their prefix.
  const ours = raw.startsWith(AIRLOCK_ERROR_PREFIX);
  const body = raw.startsWith(REMOTE_ERROR_PREFIX) ? raw.slice(REMOTE_ERROR_PREFIX.length) : raw;
  const clean = walkString(walk, body, childPath(path, 'message'), 'error');
  out.message = ours ? clean : REMOTE_ERROR_PREFIX + clean;
  if (value.data !== undefined)
    out.data = walkJson(walk, value.data, childPath(path, 'data'), depth + 1, 'error');
  return out;
}

export { DROP };
