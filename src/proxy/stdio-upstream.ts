/**
 * @module proxy/stdio-upstream
 * The MCP server as a child process speaking newline-delimited JSON on its stdin/stdout. Its stderr is
 * inherited (passed straight through to ours). It is shut down by ending its stdin, then SIGTERM, then SIGKILL
 * after a grace period, so no orphan survives the host going away.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { AirlockError } from '../core/errors.js';
import { globToRegExp } from '../core/glob.js';
import { createLineFramer } from './line-framer.js';
import type { Logger } from './log.js';
import type { Upstream, UpstreamEvents } from './upstream.js';

/** How long a child gets between SIGTERM and SIGKILL. */
export const DEFAULT_KILL_GRACE_MS = 2000;

export interface StdioUpstreamOptions {
  readonly command: readonly string[];
  /** Only these environment variables reach the child (names, or globs with `*` and `?`). */
  readonly envAllow?: readonly string[] | undefined;
  /** Extra variables set for the child, after `envAllow` filtering. */
  readonly env?: Readonly<Record<string, string>> | undefined;
  readonly maxMessageBytes: number;
  readonly killGraceMs?: number | undefined;
  readonly log: Logger;
}

/**
 * `start` spawns the child and rejects with an AirlockError (`spawn_failed`) if the command cannot start;
 * `stop` ends stdin, sends SIGTERM, SIGKILL after the grace period, and resolves when the child has exited.
 */
export interface StdioUpstream extends Upstream {
  readonly pid: number | undefined;
}

/** Picks the environment a child gets: all of `source`, or only the names matching `allow`, plus `extra`. */
export function filterEnv(
  source: NodeJS.ProcessEnv,
  allow: readonly string[] | undefined,
  extra?: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  let env: NodeJS.ProcessEnv = { ...source };
  if (allow !== undefined) {
    env = {};
    const patterns = allow.map((glob) => globToRegExp(glob));
    for (const [name, value] of Object.entries(source)) {
      if (patterns.some((re) => re.test(name))) env[name] = value;
    }
  }
  return extra === undefined ? env : { ...env, ...extra };
}

/**
 * @example
 * const upstream = createStdioUpstream({ command: ['node', 'server.js'], maxMessageBytes: 1 << 26, log });
 * await upstream.start({ line: (t) => relay.fromServer(t), oversize: ..., closed: (why) => relay.upstreamClosed(why) });
 */
export function createStdioUpstream(options: StdioUpstreamOptions): StdioUpstream {
  const { log } = options;
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const drainListeners: Array<() => void> = [];

  const [file, ...args] = options.command;
  if (file === undefined) throw new AirlockError('bad_option', 'no server command given after --');

  return {
    get pid() {
      return child?.pid;
    },
    start(events: UpstreamEvents): Promise<void> {
      const proc = spawn(file, args, {
        stdio: ['pipe', 'pipe', 'inherit'],
        env: filterEnv(process.env, options.envAllow, options.env),
        windowsHide: true,
      });
      child = proc;
      let done = false;
      const finish = (reason: string): void => {
        if (done) return;
        done = true;
        events.closed(reason);
      };
      exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
      const framer = createLineFramer(options.maxMessageBytes, {
        line: events.line,
        oversize: events.oversize,
      });
      proc.stdout?.on('data', (chunk: Buffer) => framer.push(chunk));
      proc.stdout?.on('end', () => framer.end());
      // A write to a child that already died fails with EPIPE; the exit handler reports it.
      proc.stdin?.on('error', (error) => log.debug(`server stdin: ${error.message}`));
      proc.stdin?.on('drain', () => {
        for (const listener of drainListeners) listener();
      });
      proc.once('exit', (code, signal) => {
        finish(signal === null ? `server exited with code ${code}` : `server killed by ${signal}`);
      });
      return new Promise<void>((resolve, reject) => {
        proc.once('spawn', () => resolve());
        proc.once('error', (error: NodeJS.ErrnoException) => {
          const why =
            error.code === 'ENOENT' ? `command not found: ${file}` : `cannot start ${file}: ${error.message}`;
          if (proc.pid === undefined) {
            done = true;
            reject(new AirlockError('spawn_failed', why));
          } else {
            log.error(why);
            finish(why);
          }
        });
      });
    },
    send(text: string): boolean {
      const stdin = child?.stdin;
      if (stdin === undefined || stdin === null || stdin.destroyed || !stdin.writable) return true;
      return stdin.write(`${text}\n`);
    },
    onDrain(listener: () => void): void {
      drainListeners.push(listener);
    },
    pause(): void {
      child?.stdout?.pause();
    },
    resume(): void {
      child?.stdout?.resume();
    },
    async stop(): Promise<void> {
      const proc = child;
      if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
      proc.stdin?.end();
      proc.kill('SIGTERM');
      const killer = setTimeout(() => {
        if (proc.exitCode === null && proc.signalCode === null) {
          log.warn(`server did not exit ${grace} ms after SIGTERM; sending SIGKILL`);
          proc.kill('SIGKILL');
        }
      }, grace);
      await exited;
      clearTimeout(killer);
    },
  };
}
