/**
 * @module proxy/session
 * One host connected to one server: a relay between a client-side channel and an upstream, with
 * backpressure in both directions and the optional restart of a dead upstream.
 */
import type { Logger } from './log.js';
import type { JsonRpcMessage } from './message.js';
import { createRelay, type Relay, type RelayOptions } from './relay.js';
import type { Upstream } from './upstream.js';

/** First restart delay; it doubles per consecutive crash up to `MAX_RESTART_DELAY_MS`. */
export const RESTART_DELAY_MS = 200;
export const MAX_RESTART_DELAY_MS = 5000;
/** A child that lived this long counts as healthy: the next crash restarts it after the first delay again. */
const HEALTHY_AFTER_MS = 10_000;

export interface ClientChannel {
  /** Sends one message to the host; false means the host is slow and `onDrain` will follow. */
  send(text: string, message: JsonRpcMessage): boolean;
  onDrain?(listener: () => void): void;
  pause?(): void;
  resume?(): void;
}

export interface SessionOptions {
  readonly relay: RelayOptions;
  readonly upstream: Upstream;
  readonly restart: boolean;
  readonly maxMessageBytes: number;
  readonly log: Logger;
}

export interface Session {
  readonly relay: Relay;
  /** Resolves with the reason once the upstream is gone for good (never, while restarts are on). */
  readonly ended: Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the upstream and wires it to the channel. Rejects when the upstream cannot start at all.
 *
 * @example
 * const session = await openSession({ relay: { airlock, log }, upstream, restart: false, log }, channel);
 */
export async function openSession(options: SessionOptions, client: ClientChannel): Promise<Session> {
  const { upstream, log } = options;
  let stopping = false;
  let failures = 0;
  let startedAt = 0;
  let endSession: (reason: string) => void = () => {};
  const ended = new Promise<string>((resolve) => {
    endSession = resolve;
  });

  const relay = createRelay(options.relay, {
    toClient(text, message) {
      if (!client.send(text, message)) upstream.pause();
    },
    toServer(text, message) {
      if (!upstream.send(text, message)) client.pause?.();
    },
  });
  client.onDrain?.(() => upstream.resume());
  upstream.onDrain(() => client.resume?.());

  const events = {
    line: (text: string) => relay.fromServer(text),
    value: (value: unknown) => relay.fromServerValue(value),
    oversize: (info: Parameters<Relay['serverOversize']>[0]) =>
      relay.serverOversize(info, options.maxMessageBytes),
    fail: relay.failRequest,
    pending: relay.isPending,
    closed(reason: string) {
      if (stopping) {
        relay.upstreamClosed(reason);
        endSession(reason);
        return;
      }
      log.warn(reason);
      if (!options.restart) {
        relay.upstreamClosed(reason);
        endSession(reason);
        return;
      }
      relay.upstreamClosed(reason, true);
      if (performance.now() - startedAt > HEALTHY_AFTER_MS) failures = 0;
      const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** failures);
      failures += 1;
      log.info(`restarting the server in ${delay} ms`);
      setTimeout(() => {
        if (stopping) return;
        startedAt = performance.now();
        upstream.start(events).then(
          () => relay.upstreamRestarted(),
          (error: Error) => events.closed(error.message),
        );
      }, delay).unref?.();
    },
  };

  startedAt = performance.now();
  await upstream.start(events);

  return {
    relay,
    ended,
    async close(): Promise<void> {
      stopping = true;
      await upstream.stop();
      relay.upstreamClosed('proxy shutting down');
      relay.close();
      endSession('closed');
    },
  };
}
