/**
 * @module proxy/relay
 * The message-level relay between one host (client) and one MCP server. It never negotiates anything itself:
 * client→server messages are forwarded as the exact text the host sent, and every server→client message is
 * parsed once, sanitized by the airlock according to what it is (a response to a known request, a server
 * request, a notification, an error) and serialized once.
 *
 * Server text is always re-serialized, never forwarded raw, even when the airlock changed nothing: JSON with
 * duplicate keys parses differently in different parsers, and only the re-serialized form is what was checked.
 */
import type { Airlock, CallContext, JsonRpcError, Report, SanitizeOutcome } from '../core/types.js';
import type { OversizeLine } from './line-framer.js';
import type { Logger } from './log.js';
import {
  classifyMessage,
  errorResponse,
  idOf,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  RPC_CODES,
  sniffId,
} from './message.js';

/** One sanitized server→client message, for the audit log. Never carries a value, only the report. */
export interface ProxyMessageEvent {
  /** ISO 8601 time the message was relayed. */
  readonly time: string;
  readonly server: string | undefined;
  /** The request's method for responses; the message's own method for server requests and notifications. */
  readonly method: string;
  readonly tool: string | undefined;
  readonly id: JsonRpcId | undefined;
  /** Time from the host's request to the relayed response; undefined for notifications and server requests. */
  readonly durationMs: number | undefined;
  readonly report: Report;
}

export interface RelayOptions {
  readonly airlock: Airlock;
  readonly serverName?: string | undefined;
  /** Answer a request with a `timeout` error after this long, and forget it. 0 or undefined: no timeout. */
  readonly timeoutMs?: number | undefined;
  readonly log: Logger;
  readonly onMessage?: ((event: ProxyMessageEvent) => void) | undefined;
  /** Applied to sanitized tools/list results (tool pinning hooks in here). */
  readonly transformToolsList?: ((result: unknown) => unknown) | undefined;
}

/** Where the relay sends things. `text` is one JSON-RPC message without a trailing newline. */
export interface RelayPeers {
  toClient(text: string, message: JsonRpcMessage): void;
  toServer(text: string, message: JsonRpcMessage | readonly JsonRpcMessage[]): void;
}

export interface Relay {
  /** One message (or batch) of text from the host. */
  fromClient(text: string): void;
  /** A message the transport already parsed (HTTP bodies), with its original text. */
  fromClientValue(value: unknown, text: string): void;
  /** One message (or batch) of text from the server. */
  fromServer(text: string): void;
  fromServerValue(value: unknown): void;
  clientOversize(info: OversizeLine, limit: number): void;
  serverOversize(info: OversizeLine, limit: number): void;
  /** Answers one pending request with an error (transport failures); no-op when it is no longer pending. */
  failRequest(id: JsonRpcId, code: number, message: string, kind: string): void;
  isPending(id: JsonRpcId): boolean;
  /**
   * The upstream went away: every pending request gets an `upstream_error`. With `willRestart`, messages
   * from the host are held until `upstreamRestarted`; otherwise later requests are answered with errors.
   */
  upstreamClosed(reason: string, willRestart?: boolean): void;
  /** A fresh upstream is ready: replays the host's initialize (answer swallowed), then releases held messages. */
  upstreamRestarted(): void;
  readonly pendingCount: number;
  /** Stops timers and forgets everything. */
  close(): void;
}

interface Pending {
  readonly method: string;
  readonly params: Record<string, unknown> | undefined;
  readonly start: number;
  timer: NodeJS.Timeout | undefined;
  readonly progressToken: string | number | undefined;
}

/** Ids the relay uses for its own requests (initialize replay); a prefix no host is expected to use. */
const INTERNAL_ID_PREFIX = 'mcp-airlock:';
/** How many cancelled/timed-out ids are remembered so that their late responses are dropped quietly. */
const RECENT_LIMIT = 1024;
/** Messages held while a restarting upstream comes back. */
const HELD_LIMIT = 10_000;
/** Tools whose outputSchema is remembered. */
const SCHEMA_LIMIT = 10_000;
/** Task ids whose originating call is remembered for tasks/result and tasks/get. */
const TASK_LIMIT = 1024;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function progressTokenOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const token = asRecord(params?._meta)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/**
 * @example
 * const relay = createRelay({ airlock, log }, { toClient: (t) => out.write(`${t}\n`), toServer: (t) => child.send(t) });
 * stdinFramer.line = (t) => relay.fromClient(t);
 */
export function createRelay(options: RelayOptions, peers: RelayPeers): Relay {
  const { airlock, log, onMessage, transformToolsList } = options;
  const serverName = options.serverName;
  const timeoutMs = options.timeoutMs ?? 0;
  const pending = new Map<JsonRpcId, Pending>();
  const byProgress = new Map<string | number, Pending>();
  const recent = new Set<JsonRpcId>();
  const outputSchemas = new Map<string, unknown>();
  const taskCalls = new Map<string, Pending>();
  let held: string[] | undefined;
  let closedReason: string | undefined;
  let initializeText: string | undefined;
  let initializedText: string | undefined;
  let internalSeq = 0;
  const internal = new Set<JsonRpcId>();

  const remember = <K, V>(set: Set<K> | Map<K, V>, key: K, value?: V, limit = RECENT_LIMIT): void => {
    if (set instanceof Map) set.set(key, value as V);
    else set.add(key);
    if (set.size > limit) {
      const oldest = set.keys().next().value as K;
      set.delete(oldest);
    }
  };

  const sendError = (id: JsonRpcId | null, code: number, message: string, kind?: string): void => {
    const msg: JsonRpcFailure = errorResponse(id, code, message, kind);
    peers.toClient(JSON.stringify(msg), msg);
  };

  const forget = (id: JsonRpcId, entry: Pending): void => {
    pending.delete(id);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    if (entry.progressToken !== undefined && byProgress.get(entry.progressToken) === entry) {
      byProgress.delete(entry.progressToken);
    }
  };

  const callContext = (entry: Pending): CallContext => {
    const params = entry.params;
    let source: Pending = entry;
    if (entry.method === 'tasks/result' || entry.method === 'tasks/get') {
      const taskId = params?.taskId;
      const origin = typeof taskId === 'string' ? taskCalls.get(taskId) : undefined;
      if (origin !== undefined) source = origin;
    }
    const toolName = source.method === 'tools/call' ? source.params?.name : undefined;
    const ctx: { -readonly [K in keyof CallContext]: CallContext[K] } = {};
    if (serverName !== undefined) ctx.serverName = serverName;
    if (typeof toolName === 'string') {
      ctx.toolName = toolName;
      const schema = outputSchemas.get(toolName);
      if (schema !== undefined) ctx.outputSchema = schema;
    }
    if (source.params?.arguments !== undefined) ctx.arguments = source.params.arguments;
    return ctx;
  };

  const toolOf = (entry: Pending | undefined): string | undefined => {
    if (entry === undefined) return undefined;
    const name = entry.params?.name;
    return entry.method === 'tools/call' && typeof name === 'string' ? name : undefined;
  };

  const audit = (
    method: string,
    entry: Pending | undefined,
    id: JsonRpcId | undefined,
    outcome: SanitizeOutcome<unknown>,
  ): void => {
    if (onMessage === undefined) return;
    try {
      onMessage({
        time: new Date().toISOString(),
        server: serverName,
        method,
        tool: toolOf(entry),
        id,
        durationMs: entry === undefined ? undefined : performance.now() - entry.start,
        report: outcome.report,
      });
    } catch (error) {
      log.warn(`audit hook failed: ${(error as Error).message}`);
    }
  };

  const rememberSchemas = (result: unknown): void => {
    const tools = asRecord(result)?.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      const t = asRecord(tool);
      if (t !== undefined && typeof t.name === 'string' && t.outputSchema !== undefined) {
        // Bounded: a hostile server paging through endless tool names must not grow the proxy without limit.
        outputSchemas.delete(t.name);
        remember(outputSchemas, t.name, t.outputSchema, SCHEMA_LIMIT);
      }
    }
  };

  // --- client → server -------------------------------------------------------------------------------

  const trackRequest = (msg: JsonRpcRequest): boolean => {
    if (pending.has(msg.id)) {
      log.warn(`host reused request id ${JSON.stringify(msg.id)} while it was pending; rejected`);
      sendError(msg.id, RPC_CODES.invalidRequest, 'Duplicate request id: a request with this id is pending');
      return false;
    }
    const params = asRecord(msg.params);
    const entry: Pending = {
      method: msg.method,
      params,
      start: performance.now(),
      timer: undefined,
      progressToken: progressTokenOf(params),
    };
    if (timeoutMs > 0) {
      entry.timer = setTimeout(() => onTimeout(msg.id, entry), timeoutMs);
      entry.timer.unref?.();
    }
    pending.set(msg.id, entry);
    if (entry.progressToken !== undefined) byProgress.set(entry.progressToken, entry);
    return true;
  };

  const onTimeout = (id: JsonRpcId, entry: Pending): void => {
    if (pending.get(id) !== entry) return;
    forget(id, entry);
    remember(recent, id);
    log.warn(`${entry.method} (id ${JSON.stringify(id)}) timed out after ${timeoutMs} ms`);
    sendError(id, RPC_CODES.requestTimeout, `Request timed out after ${timeoutMs} ms`, 'timeout');
    // Tell the server to stop working on it, as the SDK's own client does; initialize must not be cancelled.
    if (entry.method !== 'initialize' && closedReason === undefined && held === undefined) {
      const cancel = {
        jsonrpc: '2.0' as const,
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'timeout' },
      };
      peers.toServer(JSON.stringify(cancel), cancel);
    }
  };

  /** Returns whether the message should be forwarded. */
  const acceptClientMessage = (value: unknown, text: string | undefined): boolean => {
    const kind = classifyMessage(value);
    if (kind === 'invalid') {
      log.warn('host sent a message that is not valid JSON-RPC; answered with an error');
      sendError(idOf(value) ?? null, RPC_CODES.invalidRequest, 'Invalid JSON-RPC message');
      return false;
    }
    const msg = value as JsonRpcMessage;
    if (kind === 'request') {
      const req = msg as JsonRpcRequest;
      if (closedReason !== undefined) {
        sendError(
          req.id,
          RPC_CODES.connectionClosed,
          `Upstream server is gone: ${closedReason}`,
          'upstream_error',
        );
        return false;
      }
      if (!trackRequest(req)) return false;
      if (req.method === 'initialize' && text !== undefined) initializeText = text;
    } else if (kind === 'notification') {
      const method = (msg as { method: string }).method;
      if (method === 'notifications/cancelled') {
        const requestId = asRecord((msg as { params?: unknown }).params)?.requestId;
        const entry = requestId === undefined ? undefined : pending.get(requestId as JsonRpcId);
        if (entry !== undefined) {
          forget(requestId as JsonRpcId, entry);
          remember(recent, requestId as JsonRpcId);
        }
      } else if (method === 'notifications/initialized' && text !== undefined) {
        initializedText = text;
      }
    }
    return true;
  };

  const sendToServer = (text: string, value: JsonRpcMessage | readonly JsonRpcMessage[]): void => {
    if (held !== undefined) {
      if (held.length >= HELD_LIMIT) {
        const id = Array.isArray(value) ? undefined : idOf(value);
        if (id !== undefined) {
          const entry = pending.get(id);
          if (entry !== undefined) forget(id, entry);
          sendError(id, RPC_CODES.connectionClosed, 'Upstream server is restarting', 'upstream_error');
        }
        return;
      }
      held.push(text);
      return;
    }
    peers.toServer(text, value);
  };

  const fromClientValue = (value: unknown, text: string): void => {
    if (Array.isArray(value)) {
      // JSON-RPC batches (2025-03-26 only): each element is tracked, the batch is forwarded as sent.
      const kept = value.filter((item) => acceptClientMessage(item, undefined)) as JsonRpcMessage[];
      if (kept.length === 0) return;
      sendToServer(kept.length === value.length ? text : JSON.stringify(kept), kept);
      return;
    }
    if (acceptClientMessage(value, text)) sendToServer(text, value as JsonRpcMessage);
  };

  // --- server → client -------------------------------------------------------------------------------

  const safely = <T>(what: string, run: () => SanitizeOutcome<T>): SanitizeOutcome<T> | undefined => {
    try {
      return run();
    } catch (error) {
      // The airlock promises not to throw; if it does anyway, nothing raw may pass.
      log.error(`airlock failed on ${what}: ${(error as Error).name}`);
      return undefined;
    }
  };

  const deliverResponse = (value: Record<string, unknown>, isError: boolean): void => {
    const id = value.id as JsonRpcId;
    if (internal.has(id)) {
      internal.delete(id);
      onReinitialized(isError);
      return;
    }
    const entry = pending.get(id);
    if (entry === undefined) {
      if (recent.has(id)) {
        recent.delete(id);
        log.debug(`dropped late response for cancelled or timed-out id ${JSON.stringify(id)}`);
      } else {
        log.warn(`upstream sent a response for unknown id ${JSON.stringify(id)}; dropped`);
      }
      return;
    }
    forget(id, entry);
    const call = callContext(entry);
    if (isError) {
      const outcome = safely('error', () => airlock.sanitizeError(value.error as JsonRpcError, call));
      if (outcome === undefined) {
        sendError(
          id,
          RPC_CODES.internalError,
          'Upstream error withheld: the sanitizer failed',
          'sanitizer_failed',
        );
        return;
      }
      audit(entry.method, entry, id, outcome);
      const msg = { jsonrpc: '2.0' as const, id, error: outcome.sanitizedResult };
      peers.toClient(JSON.stringify(msg), msg);
      return;
    }
    const raw = value.result;
    // A task-augmented request is answered with a CreateTaskResult; the airlock tells the shapes apart itself.
    const taskAugmented = entry.params?.task !== undefined && asRecord(asRecord(raw)?.task) !== undefined;
    const method = entry.method;
    const outcome = safely(method, () => airlock.sanitizeResponse(method, raw, call));
    if (outcome === undefined) {
      sendError(id, RPC_CODES.internalError, 'Result withheld: the sanitizer failed', 'sanitizer_failed');
      return;
    }
    let result = outcome.sanitizedResult;
    if (taskAugmented) {
      const taskId = asRecord(asRecord(raw)?.task)?.taskId;
      if (typeof taskId === 'string') remember(taskCalls, taskId, entry, TASK_LIMIT);
    } else if (entry.method === 'tools/list') {
      rememberSchemas(result);
      if (transformToolsList !== undefined) {
        try {
          result = transformToolsList(result);
        } catch (error) {
          log.error(`tools/list hook failed: ${(error as Error).message}`);
          sendError(
            id,
            RPC_CODES.internalError,
            'tools/list withheld: the pinning hook failed',
            'sanitizer_failed',
          );
          return;
        }
      }
    }
    audit(entry.method, entry, id, outcome);
    const msg = { jsonrpc: '2.0' as const, id, result };
    peers.toClient(JSON.stringify(msg), msg);
  };

  const deliverServerMessage = (value: unknown): void => {
    const kind = classifyMessage(value);
    if (kind === 'success' || kind === 'failure') {
      const record = value as Record<string, unknown>;
      if (record.id === null) {
        log.warn('upstream sent an error without an id; dropped');
        return;
      }
      deliverResponse(record, kind === 'failure');
      return;
    }
    if (kind === 'invalid') {
      const id = idOf(value);
      const entry = id === undefined ? undefined : pending.get(id);
      if (id !== undefined && entry !== undefined && asRecord(value)?.method === undefined) {
        forget(id, entry);
        log.warn(`upstream sent an invalid response for id ${JSON.stringify(id)}; answered with an error`);
        sendError(
          id,
          RPC_CODES.internalError,
          'Upstream sent an invalid JSON-RPC response',
          'upstream_error',
        );
      } else {
        log.warn('upstream sent a message that is not valid JSON-RPC; dropped');
      }
      return;
    }
    const record = value as { id?: JsonRpcId; method: string; params?: unknown };
    const isRequest = kind === 'request';
    let params: unknown = record.params;
    if (params !== undefined) {
      const outcome = safely(record.method, () =>
        isRequest
          ? airlock.sanitizeServerRequest(record.method, params)
          : airlock.sanitizeNotification(record.method, params),
      );
      if (outcome === undefined) {
        if (isRequest && record.id !== undefined) {
          // Answer the server so it does not wait forever for a request the host never saw.
          const refusal = errorResponse(
            record.id,
            RPC_CODES.internalError,
            'Request withheld by mcp-airlock',
          );
          peers.toServer(JSON.stringify(refusal), refusal);
        }
        return;
      }
      params = outcome.sanitizedResult;
      const token = kind === 'notification' ? asRecord(params)?.progressToken : undefined;
      const entry = token === undefined ? undefined : byProgress.get(token as string | number);
      audit(record.method, entry, record.id, outcome);
    }
    const msg: JsonRpcMessage = isRequest
      ? { jsonrpc: '2.0', id: record.id as JsonRpcId, method: record.method, params }
      : params === undefined
        ? { jsonrpc: '2.0', method: record.method }
        : { jsonrpc: '2.0', method: record.method, params };
    peers.toClient(JSON.stringify(msg), msg);
  };

  const fromServerValue = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) deliverServerMessage(item);
    } else {
      deliverServerMessage(value);
    }
  };

  // --- restart ------------------------------------------------------------------------------------------

  const release = (): void => {
    const queue = held ?? [];
    held = undefined;
    for (const text of queue) {
      try {
        peers.toServer(text, JSON.parse(text) as JsonRpcMessage);
      } catch {
        // Held texts were parsed when they arrived; this cannot fail.
      }
    }
  };

  const onReinitialized = (failed: boolean): void => {
    if (failed) log.warn('restarted upstream rejected the replayed initialize');
    if (initializedText !== undefined) {
      peers.toServer(initializedText, JSON.parse(initializedText) as JsonRpcMessage);
    }
    release();
  };

  return {
    fromClient(text: string): void {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        log.warn('host sent a line that is not JSON; answered with a parse error');
        sendError(null, RPC_CODES.parseError, 'Parse error');
        return;
      }
      fromClientValue(value, text);
    },
    fromClientValue,
    fromServer(text: string): void {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        log.warn(`upstream wrote a line that is not JSON (${text.length} chars); dropped`);
        return;
      }
      fromServerValue(value);
    },
    fromServerValue,
    clientOversize(info: OversizeLine, limit: number): void {
      const id = sniffId(info.head, info.tail);
      log.warn(`host sent a message of ${info.bytes} bytes, above the ${limit}-byte limit; not forwarded`);
      sendError(
        id ?? null,
        RPC_CODES.payloadTooLarge,
        `Message too large: ${info.bytes} bytes, limit ${limit}`,
        'payload_too_large',
      );
    },
    serverOversize(info: OversizeLine, limit: number): void {
      const id = sniffId(info.head, info.tail);
      const entry = id === undefined ? undefined : pending.get(id);
      if (id === undefined || entry === undefined) {
        log.warn(`upstream sent a message of ${info.bytes} bytes, above the ${limit}-byte limit; dropped`);
        return;
      }
      forget(id, entry);
      log.warn(
        `response to ${entry.method} was ${info.bytes} bytes, above the ${limit}-byte limit; withheld`,
      );
      sendError(
        id,
        RPC_CODES.payloadTooLarge,
        `Upstream response too large: ${info.bytes} bytes, limit ${limit}`,
        'payload_too_large',
      );
    },
    failRequest(id: JsonRpcId, code: number, message: string, kind: string): void {
      const entry = pending.get(id);
      if (entry === undefined) return;
      forget(id, entry);
      sendError(id, code, message, kind);
    },
    isPending(id: JsonRpcId): boolean {
      return pending.has(id);
    },
    upstreamClosed(reason: string, willRestart = false): void {
      const ids = [...pending.keys()];
      for (const id of ids) {
        const entry = pending.get(id) as Pending;
        forget(id, entry);
        sendError(id, RPC_CODES.connectionClosed, `Upstream server is gone: ${reason}`, 'upstream_error');
      }
      internal.clear();
      if (willRestart) held ??= [];
      else closedReason = reason;
    },
    upstreamRestarted(): void {
      closedReason = undefined;
      held ??= [];
      if (initializeText === undefined) {
        release();
        return;
      }
      // Replay the host's own initialize under an internal id so the new server sees the same client.
      const init = JSON.parse(initializeText) as Record<string, unknown>;
      const id = `${INTERNAL_ID_PREFIX}reinit-${++internalSeq}`;
      internal.add(id);
      const msg = { ...init, id } as JsonRpcRequest;
      peers.toServer(JSON.stringify(msg), msg);
    },
    get pendingCount(): number {
      return pending.size;
    },
    close(): void {
      for (const entry of pending.values()) if (entry.timer !== undefined) clearTimeout(entry.timer);
      pending.clear();
      byProgress.clear();
      taskCalls.clear();
      recent.clear();
    },
  };
}
