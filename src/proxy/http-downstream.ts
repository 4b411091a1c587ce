/**
 * @module proxy/http-downstream
 * The server side of the Streamable HTTP transport: one endpoint, `/mcp`, with POST (messages in; JSON or an
 * event stream out), GET (a stream for server-initiated messages) and DELETE (end the session).
 *
 * Each session (created by an initialize POST, named by the `Mcp-Session-Id` we return) has its own upstream.
 * POSTs without a session id that are not initialize (2026-07-28 stateless requests) share one sessionless
 * upstream. Guards, in order: path, Host (DNS rebinding), Origin, bearer token, method, media type, size.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AirlockError } from '../core/errors.js';
import type { Logger } from './log.js';
import { classifyMessage, type JsonRpcId, type JsonRpcMessage, RPC_CODES } from './message.js';
import type { ClientChannel, Session } from './session.js';

/** At most this many live sessions; more initialize POSTs are answered 503. */
export const DEFAULT_MAX_SESSIONS = 64;
/** A session with no request for this long is closed (its upstream stopped). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Server-initiated messages held for a session with no open stream; older ones are dropped beyond this. */
const BACKLOG_LIMIT = 1000;
const ENDPOINT = '/mcp';

export interface HttpDownstreamOptions {
  readonly host: string;
  readonly port: number;
  readonly token?: string | undefined;
  readonly allowedOrigins?: readonly string[] | undefined;
  readonly allowedHosts?: readonly string[] | undefined;
  readonly maxBodyBytes: number;
  readonly maxSessions?: number | undefined;
  /** Default `DEFAULT_SESSION_IDLE_MS`. */
  readonly sessionIdleMs?: number | undefined;
  readonly log: Logger;
  openSession(channel: ClientChannel): Promise<Session>;
}

export interface HttpDownstream {
  readonly url: string;
  readonly port: number;
  /** Resolves when the listener has closed. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

interface Outlet {
  readonly res: ServerResponse;
  readonly sse: boolean;
  readonly waiting: Set<JsonRpcId>;
  /** JSON mode: the responses collected so far; sent when `waiting` is empty. */
  readonly collected: string[];
  readonly batch: boolean;
}

interface DownSession {
  readonly id: string | undefined;
  session: Session | undefined;
  readonly outlets: Map<JsonRpcId, Outlet>;
  readonly progress: Map<string | number, Outlet>;
  getStream: ServerResponse | undefined;
  readonly backlog: string[];
  lastSeen: number;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether a host name or address is loopback (`localhost`, `127.0.0.0/8`, `::1`). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127(?:\.\d{1,3}){3}$/.test(host);
}

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function rpcError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const code = status === 400 ? RPC_CODES.invalidRequest : RPC_CODES.connectionClosed;
  res.writeHead(status, { 'content-type': 'application/json', ...extra });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

function sseEvent(text: string): string {
  // JSON.stringify never emits a raw newline, so one data line always carries the whole message.
  return `event: message\ndata: ${text}\n\n`;
}

/**
 * How much of an oversized body is read past the limit and thrown away before the 413 goes out. A client
 * still sending when the server answered and closed got a broken pipe instead of the answer (fetch: "fetch
 * failed"); past this much, the answer goes out at once and such a client may see the connection reset.
 */
const DISCARD_BYTES = 8 * 1024 * 1024;

/** The body as text, or undefined when it is over `limit` (read to its end, or `DISCARD_BYTES` past the limit). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) parts.push(chunk);
      else if (size - chunk.length <= limit)
        parts = []; // over: what came is dropped, the rest is counted
      else if (size > limit + DISCARD_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
      }
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(parts, size).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

/**
 * @example
 * const http = await createHttpDownstream({ host: '127.0.0.1', port: 0, maxBodyBytes, log, openSession });
 * log.info(`listening ${http.url}`);
 */
export async function createHttpDownstream(options: HttpDownstreamOptions): Promise<HttpDownstream> {
  const { log, maxBodyBytes } = options;
  const loopback = isLoopbackHost(options.host);
  if (!loopback && (options.token === undefined || options.token === '')) {
    throw new AirlockError(
      'bad_option',
      `--listen on ${options.host} (not loopback) requires a bearer token (--listen-token-env NAME)`,
    );
  }
  const tokenDigest = options.token === undefined ? undefined : digest(options.token);
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new Map<string, DownSession>();
  let stateless: DownSession | undefined;
  let opening: Promise<DownSession> | undefined;

  const hostAllowed = (header: string | undefined): boolean => {
    if (header === undefined) return false;
    const h = header.toLowerCase();
    if (allowedHosts.has(h) || allowedHosts.has(hostnameOf(h))) return true;
    // Off loopback the token is the guard; a rebinding page cannot know it.
    if (!loopback) return allowedHosts.size === 0;
    return isLoopbackHost(hostnameOf(h));
  };

  const originAllowed = (origin: string | undefined): boolean => {
    if (origin === undefined) return true;
    if (allowedOrigins.has(origin)) return true;
    if (!loopback) return false;
    try {
      const u = new URL(origin);
      return (u.protocol === 'http:' || u.protocol === 'https:') && isLoopbackHost(u.hostname);
    } catch {
      return false;
    }
  };

  const tokenValid = (header: string | undefined): boolean => {
    if (tokenDigest === undefined) return true;
    if (header === undefined || !header.startsWith('Bearer ')) return false;
    return timingSafeEqual(digest(header.slice(7)), tokenDigest);
  };

  // --- routing server→client messages --------------------------------------------------------------------

  const finishOutlet = (ds: DownSession, outlet: Outlet): void => {
    for (const [token, o] of ds.progress) if (o === outlet) ds.progress.delete(token);
    if (outlet.sse) {
      outlet.res.end();
      return;
    }
    const body = outlet.batch ? `[${outlet.collected.join(',')}]` : (outlet.collected[0] ?? '');
    outlet.res.writeHead(200, { 'content-type': 'application/json', ...sessionHeader(ds) });
    outlet.res.end(body);
  };

  const anyStream = (ds: DownSession): ServerResponse | undefined => {
    if (ds.getStream !== undefined) return ds.getStream;
    let last: ServerResponse | undefined;
    for (const outlet of ds.outlets.values()) if (outlet.sse) last = outlet.res;
    return last;
  };

  const channelFor = (ds: DownSession): ClientChannel => ({
    send(text: string, message: JsonRpcMessage): boolean {
      if (!('method' in message)) {
        const id = (message as { id: JsonRpcId | null }).id;
        const outlet = id === null ? undefined : ds.outlets.get(id);
        if (outlet === undefined || id === null) {
          log.debug(`no open request for response id ${JSON.stringify(id)}; dropped`);
          return true;
        }
        ds.outlets.delete(id);
        outlet.waiting.delete(id);
        if (outlet.sse) outlet.res.write(sseEvent(text));
        else outlet.collected.push(text);
        if (outlet.waiting.size === 0) finishOutlet(ds, outlet);
        return true;
      }
      const token =
        message.method === 'notifications/progress'
          ? (message.params as { progressToken?: string | number } | undefined)?.progressToken
          : undefined;
      const target = (token === undefined ? undefined : ds.progress.get(token)?.res) ?? anyStream(ds);
      if (target === undefined) {
        ds.backlog.push(text);
        if (ds.backlog.length > BACKLOG_LIMIT) {
          ds.backlog.shift();
          log.warn('no stream open for server messages; dropped the oldest held one');
        }
        return true;
      }
      target.write(sseEvent(text));
      return true;
    },
  });

  const flushBacklog = (ds: DownSession, res: ServerResponse): void => {
    for (const text of ds.backlog.splice(0)) res.write(sseEvent(text));
  };

  const sessionHeader = (ds: DownSession): Record<string, string> =>
    ds.id === undefined ? {} : { 'mcp-session-id': ds.id };

  /** Starts an SSE response (a POST's answer stream or the GET stream), headers sent at once. */
  const openEventStream = (res: ServerResponse, ds: DownSession): void => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...sessionHeader(ds),
    });
    res.flushHeaders();
  };

  const newSession = async (id: string | undefined): Promise<DownSession> => {
    const ds: DownSession = {
      id,
      session: undefined,
      outlets: new Map(),
      progress: new Map(),
      getStream: undefined,
      backlog: [],
      lastSeen: performance.now(),
    };
    ds.session = await options.openSession(channelFor(ds));
    return ds;
  };

  const closeSession = async (ds: DownSession): Promise<void> => {
    if (ds.id !== undefined) sessions.delete(ds.id);
    await ds.session?.close();
    for (const outlet of new Set(ds.outlets.values())) outlet.res.end();
    ds.outlets.clear();
    ds.getStream?.end();
  };

  // --- handlers ---------------------------------------------------------------------------------------------

  const handlePost = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const type = req.headers['content-type'] ?? '';
    if (!type.toLowerCase().includes('application/json')) {
      rpcError(res, 415, 'Unsupported Media Type: Content-Type must be application/json');
      return;
    }
    const accept = (req.headers.accept ?? '*/*').toLowerCase();
    const acceptsSse = accept.includes('text/event-stream');
    if (!acceptsSse && !accept.includes('application/json') && !accept.includes('*/*')) {
      rpcError(res, 406, 'Not Acceptable: accept application/json and text/event-stream');
      return;
    }
    // A declared length past what would be read at all is refused before reading; others are read (see
    // DISCARD_BYTES) so that the client gets to see the answer.
    const declared = Number(req.headers['content-length'] ?? 0);
    const text = declared > maxBodyBytes + DISCARD_BYTES ? undefined : await readBody(req, maxBodyBytes);
    if (text === undefined) {
      rpcError(res, 413, `Payload Too Large: limit ${maxBodyBytes} bytes`, { connection: 'close' });
      req.resume();
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: RPC_CODES.parseError, message: 'Parse error' },
        }),
      );
      return;
    }
    const batch = Array.isArray(value);
    const list: unknown[] = batch ? (value as unknown[]) : [value];
    if (list.length === 0 || list.some((m) => classifyMessage(m) === 'invalid')) {
      rpcError(res, 400, 'Invalid Request: the body is not a JSON-RPC message');
      return;
    }
    const messages = list as JsonRpcMessage[];
    const requests = messages.filter((m) => 'method' in m && 'id' in m) as Array<{
      id: JsonRpcId;
      method: string;
      params?: { _meta?: { progressToken?: string | number } };
    }>;

    const sid = req.headers['mcp-session-id'];
    let ds: DownSession | undefined;
    if (typeof sid === 'string') {
      ds = sessions.get(sid);
      if (ds === undefined) {
        rpcError(res, 404, 'Session not found');
        return;
      }
    } else if (requests.some((r) => r.method === 'initialize')) {
      if (sessions.size >= maxSessions) {
        rpcError(res, 503, 'Too many sessions');
        return;
      }
      try {
        ds = await newSession(randomUUID());
      } catch (error) {
        log.error(`cannot open an upstream for a new session: ${(error as Error).message}`);
        rpcError(res, 502, 'Bad Gateway: the upstream server could not be started');
        return;
      }
      sessions.set(ds.id as string, ds);
    } else {
      try {
        opening ??= newSession(undefined);
        stateless ??= await opening;
      } catch (error) {
        opening = undefined;
        log.error(`cannot open the sessionless upstream: ${(error as Error).message}`);
        rpcError(res, 502, 'Bad Gateway: the upstream server could not be started');
        return;
      }
      ds = stateless;
    }
    const session = ds.session as Session;
    ds.lastSeen = performance.now();

    if (requests.length === 0) {
      res.writeHead(202, sessionHeader(ds));
      res.end();
      session.relay.fromClientValue(value, text);
      return;
    }
    if (requests.some((r) => ds.outlets.has(r.id))) {
      rpcError(res, 409, 'Conflict: a request with this id is already open');
      return;
    }
    const outlet: Outlet = { res, sse: acceptsSse, waiting: new Set(), collected: [], batch };
    for (const r of requests) {
      outlet.waiting.add(r.id);
      ds.outlets.set(r.id, outlet);
      const token = r.params?._meta?.progressToken;
      if (token !== undefined) ds.progress.set(token, outlet);
    }
    if (acceptsSse) {
      openEventStream(res, ds);
      if (ds.getStream === undefined) flushBacklog(ds, res);
    }
    const owner = ds;
    // A dropped connection is not a cancellation (the spec says so); its late responses are dropped.
    res.on('close', () => {
      for (const id of outlet.waiting) if (owner.outlets.get(id) === outlet) owner.outlets.delete(id);
      for (const [token, o] of owner.progress) if (o === outlet) owner.progress.delete(token);
    });
    session.relay.fromClientValue(value, text);
  };

  const handleGet = (req: IncomingMessage, res: ServerResponse): void => {
    const accept = (req.headers.accept ?? '').toLowerCase();
    if (!accept.includes('text/event-stream')) {
      rpcError(res, 406, 'Not Acceptable: accept text/event-stream');
      return;
    }
    const sid = req.headers['mcp-session-id'];
    if (typeof sid !== 'string') {
      rpcError(res, 405, 'Method Not Allowed: no stream without a session', { allow: 'POST' });
      return;
    }
    const ds = sessions.get(sid);
    if (ds === undefined) {
      rpcError(res, 404, 'Session not found');
      return;
    }
    if (ds.getStream !== undefined) {
      rpcError(res, 409, 'Conflict: a stream is already open for this session');
      return;
    }
    openEventStream(res, ds);
    ds.getStream = res;
    flushBacklog(ds, res);
    res.on('close', () => {
      if (ds.getStream === res) ds.getStream = undefined;
    });
  };

  const handleDelete = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const sid = req.headers['mcp-session-id'];
    if (typeof sid !== 'string') {
      rpcError(res, 400, 'Bad Request: Mcp-Session-Id header required');
      return;
    }
    const ds = sessions.get(sid);
    if (ds === undefined) {
      rpcError(res, 404, 'Session not found');
      return;
    }
    await closeSession(ds);
    res.writeHead(200);
    res.end();
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== ENDPOINT) {
      rpcError(res, 404, 'Not Found');
      req.resume();
      return;
    }
    if (!hostAllowed(req.headers.host)) {
      log.warn(`rejected a request with Host ${JSON.stringify(req.headers.host ?? '')}`);
      rpcError(res, 403, 'Forbidden: Host not allowed');
      req.resume();
      return;
    }
    const origin = req.headers.origin;
    if (!originAllowed(origin)) {
      log.warn(`rejected a request with Origin ${JSON.stringify(origin)}`);
      rpcError(res, 403, 'Forbidden: Origin not allowed');
      req.resume();
      return;
    }
    if (!tokenValid(req.headers.authorization)) {
      rpcError(res, 401, 'Unauthorized', { 'www-authenticate': 'Bearer' });
      req.resume();
      return;
    }
    const run =
      req.method === 'POST'
        ? handlePost(req, res)
        : req.method === 'GET'
          ? Promise.resolve(handleGet(req, res))
          : req.method === 'DELETE'
            ? handleDelete(req, res)
            : Promise.resolve(rpcError(res, 405, 'Method Not Allowed', { allow: 'GET, POST, DELETE' }));
    run.catch((error: unknown) => {
      log.error(`HTTP handler failed: ${(error as Error).message}`);
      rpcError(res, 500, 'Internal Server Error');
    });
  });
  // Hosts that vanish without DELETE would otherwise keep their upstream (a child process) forever.
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const sweeper = setInterval(
    () => {
      const now = performance.now();
      for (const ds of sessions.values()) {
        if (now - ds.lastSeen > idleMs && ds.outlets.size === 0 && ds.getStream === undefined) {
          log.info(`closing session ${ds.id} after ${Math.round(idleMs / 1000)} s without requests`);
          void closeSession(ds);
        }
      }
    },
    Math.min(60_000, Math.max(1000, idleMs / 2)),
  );
  sweeper.unref();
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new AirlockError('listen_failed', `cannot listen on ${options.host}:${options.port}: ${error.code}`),
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const done = new Promise<void>((resolve) => server.once('close', () => resolve()));
  let closing: Promise<void> | undefined;

  return {
    url: `http://${shownHost}:${port}${ENDPOINT}`,
    port,
    done,
    close(): Promise<void> {
      closing ??= (async () => {
        clearInterval(sweeper);
        const all = [...sessions.values()];
        if (stateless !== undefined) all.push(stateless);
        await Promise.all(all.map(closeSession));
        server.close();
        server.closeAllConnections();
        await done;
      })();
      return closing;
    },
  };
}
