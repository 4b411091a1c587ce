/**
 * @module proxy/http-upstream
 * The client side of the Streamable HTTP transport: each message is POSTed to the server's URL; the answer
 * is JSON, an event stream, or 202. `Mcp-Session-Id` (from the initialize response) and
 * `MCP-Protocol-Version` (from the initialize result, or a 2026-07-28 request's own `_meta`) are sent on
 * every later request. When the server offers a GET stream for server-initiated messages, it is opened
 * after initialization and resumed with `Last-Event-ID` when it drops.
 */
import { AirlockError } from '../core/errors.js';
import type { Logger } from './log.js';
import type { JsonRpcId, JsonRpcMessage } from './message.js';
import { RPC_CODES } from './message.js';
import { readSse } from './sse.js';
import type { Upstream, UpstreamEvents } from './upstream.js';

export interface HttpUpstreamOptions {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly bearerToken?: string | undefined;
  readonly maxMessageBytes: number;
  readonly log: Logger;
}

/** The `_meta` key a 2026-07-28 request carries its protocol version in. */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** Give up on a dropped GET stream after this many reconnects in a row that delivered nothing. */
const MAX_GET_RETRIES = 5;

const KIND_BY_STATUS: Readonly<Record<number, string>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
};

function requestIds(message: JsonRpcMessage | readonly JsonRpcMessage[]): JsonRpcId[] {
  const list = Array.isArray(message) ? message : [message];
  const ids: JsonRpcId[] = [];
  for (const m of list as JsonRpcMessage[]) {
    if ('method' in m && 'id' in m) ids.push(m.id);
  }
  return ids;
}

function methodOf(message: JsonRpcMessage | readonly JsonRpcMessage[]): string | undefined {
  return !Array.isArray(message) && 'method' in (message as object)
    ? (message as { method: string }).method
    : undefined;
}

function metaVersion(message: JsonRpcMessage | readonly JsonRpcMessage[]): string | undefined {
  if (Array.isArray(message)) return undefined;
  const params = (message as { params?: { _meta?: Record<string, unknown> } }).params;
  const v = params?._meta?.[PROTOCOL_VERSION_META];
  return typeof v === 'string' ? v : undefined;
}

/** Reads a body up to `limit` bytes; undefined when it is larger (the rest is cancelled, never buffered). */
async function readBounded(res: Response, limit: number): Promise<string | undefined> {
  const body = res.body;
  if (body === null) return '';
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  return Buffer.concat(parts, size).toString('utf8');
}

/**
 * @example
 * const upstream = createHttpUpstream({ url: 'http://127.0.0.1:3001/mcp', maxMessageBytes, log });
 */
export function createHttpUpstream(options: HttpUpstreamOptions): Upstream {
  const { log, maxMessageBytes } = options;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new AirlockError('bad_option', `--upstream is not a URL: ${options.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AirlockError('bad_option', `--upstream must be an http(s) URL: ${options.url}`);
  }
  let events: UpstreamEvents | undefined;
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  let stopped = false;
  let getStreamOpen = false;
  // One controller for everything in flight: stopping aborts every POST, stream and retry at once.
  const stopper = new AbortController();

  const headers = (accept: string, version: string | undefined, lastEventId?: string): Headers => {
    const h = new Headers(options.headers);
    h.set('accept', accept);
    if (options.bearerToken !== undefined) h.set('authorization', `Bearer ${options.bearerToken}`);
    if (sessionId !== undefined) h.set('mcp-session-id', sessionId);
    if (version !== undefined) h.set('mcp-protocol-version', version);
    if (lastEventId !== undefined) h.set('last-event-id', lastEventId);
    return h;
  };

  const failAll = (ids: readonly JsonRpcId[], code: number, message: string, kind: string): void => {
    for (const id of ids) events?.fail(id, code, message, kind);
  };

  const request = (init: RequestInit): Promise<Response> => fetch(url, { ...init, signal: stopper.signal });

  const learnVersion = (body: string): void => {
    const version = /"protocolVersion"\s*:\s*"([^"]{1,64})"/.exec(body)?.[1];
    if (version !== undefined) protocolVersion = version;
  };

  const consumeSse = async (res: Response, initialize = false): Promise<string | undefined> => {
    if (res.body === null) return undefined;
    return readSse(res.body, maxMessageBytes, {
      event: (data) => {
        if (initialize && protocolVersion === undefined) learnVersion(data);
        events?.line(data);
      },
      oversize: (info) => events?.oversize(info),
    });
  };

  const resume = async (lastEventId: string, ids: readonly JsonRpcId[]): Promise<void> => {
    try {
      const res = await request({
        method: 'GET',
        headers: headers('text/event-stream', protocolVersion, lastEventId),
      });
      if (res.ok && (res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        await consumeSse(res);
      } else {
        await res.body?.cancel();
      }
    } catch (error) {
      if (!stopped) log.warn(`resuming an upstream stream failed: ${(error as Error).message}`);
    }
    failAll(ids, RPC_CODES.connectionClosed, 'Upstream stream ended without a response', 'upstream_error');
  };

  const openGetStream = async (): Promise<void> => {
    if (getStreamOpen || sessionId === undefined) return;
    getStreamOpen = true;
    let lastEventId: string | undefined;
    let misses = 0;
    while (!stopped && misses < MAX_GET_RETRIES) {
      try {
        const res = await request({
          method: 'GET',
          headers: headers('text/event-stream', protocolVersion, lastEventId),
        });
        if (res.status === 405 || !res.ok) {
          await res.body?.cancel();
          log.debug(`upstream offers no GET stream (HTTP ${res.status})`);
          break;
        }
        const before = lastEventId;
        lastEventId = (await consumeSse(res)) ?? lastEventId;
        misses = lastEventId === before ? misses + 1 : 0;
      } catch (error) {
        if (stopped) break;
        misses += 1;
        log.debug(`upstream GET stream dropped: ${(error as Error).message}`);
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 250 * misses).unref?.());
    }
    getStreamOpen = false;
  };

  const post = async (text: string, message: JsonRpcMessage | readonly JsonRpcMessage[]): Promise<void> => {
    const ids = requestIds(message);
    const method = methodOf(message);
    let res: Response;
    try {
      res = await request({
        method: 'POST',
        headers: (() => {
          const h = headers('application/json, text/event-stream', metaVersion(message) ?? protocolVersion);
          h.set('content-type', 'application/json');
          return h;
        })(),
        body: text,
      });
    } catch (error) {
      if (stopped) return;
      const why = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      log.warn(`upstream request failed: ${why}`);
      failAll(ids, RPC_CODES.connectionClosed, `Upstream unreachable: ${why}`, 'upstream_error');
      return;
    }
    if (method === 'initialize') {
      const sid = res.headers.get('mcp-session-id');
      if (sid !== null) sessionId = sid;
    }
    const type = res.headers.get('content-type') ?? '';
    try {
      if (res.status === 202 || ids.length === 0) {
        await res.body?.cancel();
        if (method === 'notifications/initialized' && res.ok) void openGetStream();
        return;
      }
      if (type.includes('text/event-stream') && res.ok) {
        const lastEventId = await consumeSse(res, method === 'initialize');
        // A stream that ended before answering everything is resumed once (the server may replay it).
        const open = ids.filter((id) => events?.pending(id) === true);
        if (open.length === 0 || stopped) return;
        if (lastEventId !== undefined) await resume(lastEventId, open);
        else
          failAll(
            open,
            RPC_CODES.connectionClosed,
            'Upstream stream ended without a response',
            'upstream_error',
          );
        return;
      }
      const body = await readBounded(res, maxMessageBytes);
      if (body === undefined) {
        failAll(
          ids,
          RPC_CODES.payloadTooLarge,
          `Upstream response above ${maxMessageBytes} bytes`,
          'payload_too_large',
        );
        return;
      }
      if (type.includes('application/json') && body.trim() !== '') {
        if (method === 'initialize') learnVersion(body);
        // A JSON-RPC error body (even with a 4xx status) answers the request through the airlock.
        events?.line(body);
      }
      if (!res.ok) {
        const kind = KIND_BY_STATUS[res.status] ?? 'upstream_error';
        const gone = res.status === 404 && sessionId !== undefined ? ' (upstream session expired)' : '';
        failAll(ids, RPC_CODES.connectionClosed, `Upstream answered HTTP ${res.status}${gone}`, kind);
      } else {
        failAll(ids, RPC_CODES.internalError, 'Upstream answered without a response', 'upstream_error');
      }
    } catch (error) {
      if (stopped) return;
      log.warn(`upstream response failed: ${(error as Error).message}`);
      failAll(ids, RPC_CODES.connectionClosed, 'Upstream response broke off', 'upstream_error');
    }
  };

  return {
    async start(handlers: UpstreamEvents): Promise<void> {
      events = handlers;
    },
    send(text, message): boolean {
      if (!stopped) void post(text, message);
      return true;
    },
    onDrain(): void {},
    pause(): void {},
    resume(): void {},
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      stopper.abort();
      if (sessionId !== undefined) {
        // Tell the server the session is over; a server that does not support DELETE answers 405.
        try {
          const res = await fetch(url, {
            method: 'DELETE',
            headers: headers('application/json', protocolVersion),
            signal: AbortSignal.timeout(2000),
          });
          await res.body?.cancel();
        } catch {
          // The server may already be gone; nothing else to do.
        }
      }
      events?.closed('proxy closed the upstream session');
    },
  };
}
