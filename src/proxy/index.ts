/**
 * @module proxy
 * `runProxy(options)`: put one MCP server behind the airlock. The upstream is a command (stdio) or a URL
 * (Streamable HTTP); the host side is our stdin/stdout, or an HTTP endpoint with `listen`. With `listen`,
 * each downstream session gets its own upstream (its own child process, or its own upstream HTTP session),
 * so sessions never share state or see each other's messages.
 */
import type { Readable, Writable } from 'node:stream';
import { AirlockError } from '../core/errors.js';
import type { Airlock } from '../core/types.js';
import { createHttpDownstream } from './http-downstream.js';
import { createHttpUpstream } from './http-upstream.js';
import type { Logger } from './log.js';
import type { ProxyMessageEvent } from './relay.js';
import { openSession, type Session } from './session.js';
import { createStdioDownstream } from './stdio-downstream.js';
import { createStdioUpstream } from './stdio-upstream.js';
import type { Upstream } from './upstream.js';

export type { Logger, LogLevel } from './log.js';
export { createLogger, silentLogger } from './log.js';
export type { ProxyMessageEvent } from './relay.js';

/** 64 MiB: larger messages are answered with a `payload_too_large` error and never buffered whole. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface UpstreamUrlOptions {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly bearerToken?: string | undefined;
}

export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port; the bound one is on the handle and logged. */
  readonly port: number;
  /** Bearer token the host must send. Required when `host` is not a loopback address. */
  readonly token?: string | undefined;
  /** Extra allowed `Origin` values (exact), besides loopback origins. */
  readonly allowedOrigins?: readonly string[] | undefined;
  /** Extra allowed `Host` header values (host or host:port), besides loopback names. */
  readonly allowedHosts?: readonly string[] | undefined;
}

export interface ProxyOptions {
  /** The server command for stdio (`['node', 'server.js']`). Exactly one of `command` and `upstream`. */
  readonly command?: readonly string[] | undefined;
  readonly upstream?: UpstreamUrlOptions | undefined;
  /** Serve Streamable HTTP instead of using stdin/stdout. */
  readonly listen?: ListenOptions | undefined;
  readonly airlock: Airlock;
  readonly serverName?: string | undefined;
  /** Per-request timeout; 0 or undefined: none. */
  readonly timeoutMs?: number | undefined;
  /** Default `DEFAULT_MAX_MESSAGE_BYTES`. Also the HTTP request body limit. */
  readonly maxMessageBytes?: number | undefined;
  /** Restart a stdio server that exits, replaying the host's initialize. Default false. */
  readonly restart?: boolean | undefined;
  /** Only these environment variables reach a stdio server (names, or prefixes ending in `*`). */
  readonly envAllow?: readonly string[] | undefined;
  /** Extra environment for a stdio server. */
  readonly env?: Readonly<Record<string, string>> | undefined;
  /** Grace between SIGTERM and SIGKILL when stopping a stdio server. Default 2000 ms. */
  readonly killGraceMs?: number | undefined;
  readonly log: Logger;
  /** Called for every sanitized message, for the audit log. */
  readonly onMessage?: ((event: ProxyMessageEvent) => void) | undefined;
  /** Applied to each sanitized tools/list result (tool pinning). */
  readonly transformToolsList?: ((result: unknown) => unknown) | undefined;
  /** The host channel in stdio mode. Default process.stdin / process.stdout. */
  readonly io?: { readonly input: Readable; readonly output: Writable } | undefined;
}

export interface ProxyHandle {
  /** The MCP endpoint in listen mode (`http://127.0.0.1:PORT/mcp`). */
  readonly url: string | undefined;
  readonly port: number | undefined;
  /** Resolves with an exit code when the proxy ends by itself: 0 when the host left, 1 when the server died. */
  readonly done: Promise<number>;
  /** Stops everything: servers are terminated, listeners closed. */
  close(): Promise<void>;
}

function upstreamFactory(options: ProxyOptions, maxMessageBytes: number): () => Upstream {
  const { command, upstream, log } = options;
  if ((command === undefined) === (upstream === undefined)) {
    throw new AirlockError(
      'bad_option',
      'give exactly one of a server command (after --) or --upstream <url>',
    );
  }
  if (command !== undefined) {
    if (command.length === 0) throw new AirlockError('bad_option', 'no server command given after --');
    return () =>
      createStdioUpstream({
        command,
        envAllow: options.envAllow,
        env: options.env,
        maxMessageBytes,
        killGraceMs: options.killGraceMs,
        log,
      });
  }
  const target = upstream as UpstreamUrlOptions;
  return () => createHttpUpstream({ ...target, maxMessageBytes, log });
}

/**
 * @example
 * const handle = await runProxy({ command: ['node', 'server.js'], airlock: createAirlock({}), log: createLogger() });
 * process.exitCode = await handle.done;
 */
export async function runProxy(options: ProxyOptions): Promise<ProxyHandle> {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const makeUpstream = upstreamFactory(options, maxMessageBytes);
  const { log } = options;
  const relayOptions = {
    airlock: options.airlock,
    serverName: options.serverName,
    timeoutMs: options.timeoutMs,
    log,
    onMessage: options.onMessage,
    transformToolsList: options.transformToolsList,
  };
  const sessionOptions = () => ({
    relay: relayOptions,
    upstream: makeUpstream(),
    restart: options.restart === true && options.command !== undefined,
    maxMessageBytes,
    log,
  });

  if (options.listen !== undefined) {
    const server = await createHttpDownstream({
      ...options.listen,
      maxBodyBytes: maxMessageBytes,
      log,
      openSession: (channel) => openSession(sessionOptions(), channel),
    });
    return { url: server.url, port: server.port, done: server.done.then(() => 0), close: server.close };
  }

  const input = options.io?.input ?? process.stdin;
  const output = options.io?.output ?? process.stdout;
  let session: Session | undefined;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      host.close();
      await session?.close();
    })();
    return closing;
  };
  const early: string[] = [];
  const host = createStdioDownstream(
    { input, output, maxMessageBytes },
    {
      line: (text) => (session === undefined ? early.push(text) : session.relay.fromClient(text)),
      oversize: (info) => session?.relay.clientOversize(info, maxMessageBytes),
      closed: (reason) => {
        log.debug(reason);
        void close().then(() => finish(0));
      },
    },
  );
  host.pause();
  session = await openSession(sessionOptions(), {
    send: (text) => host.write(text),
    onDrain: (listener) => host.onDrain(listener),
    pause: () => host.pause(),
    resume: () => host.resume(),
  }).catch((error: unknown) => {
    host.close();
    throw error;
  });
  for (const text of early.splice(0)) session.relay.fromClient(text);
  host.resume();
  void session.ended.then(async (reason) => {
    if (closing !== undefined) return;
    log.error(`${reason}; exiting`);
    await close();
    // Let the error responses for pending requests reach the host before the exit code is reported.
    await new Promise<void>((resolve) =>
      output.writableNeedDrain ? output.once('drain', resolve) : resolve(),
    );
    finish(1);
  });
  return { url: undefined, port: undefined, done, close };
}
