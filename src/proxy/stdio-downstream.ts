/**
 * @module proxy/stdio-downstream
 * The host channel over our own stdin/stdout: newline-delimited JSON in, one JSON-RPC message per line out.
 * Stdout carries nothing else. When stdout cannot keep up, the caller is told (`write` returns false) so it
 * can pause the upstream instead of buffering without bound.
 */
import type { Readable, Writable } from 'node:stream';
import { createLineFramer, type OversizeLine } from './line-framer.js';

export interface StdioDownstreamEvents {
  line(text: string): void;
  oversize(info: OversizeLine): void;
  /** The host went away: end of input, or our stdout broke (EPIPE). */
  closed(reason: string): void;
}

export interface StdioDownstream {
  /** Writes one message line; false means wait for `onDrain`. */
  write(text: string): boolean;
  onDrain(listener: () => void): void;
  pause(): void;
  resume(): void;
  /** Stops reading and detaches listeners. */
  close(): void;
}

export interface StdioDownstreamOptions {
  readonly input: Readable;
  readonly output: Writable;
  readonly maxMessageBytes: number;
}

/**
 * @example
 * const host = createStdioDownstream({ input: process.stdin, output: process.stdout, maxMessageBytes }, events);
 */
export function createStdioDownstream(
  options: StdioDownstreamOptions,
  events: StdioDownstreamEvents,
): StdioDownstream {
  const { input, output } = options;
  let closed = false;
  const close = (reason: string): void => {
    if (closed) return;
    closed = true;
    events.closed(reason);
  };
  const framer = createLineFramer(options.maxMessageBytes, { line: events.line, oversize: events.oversize });
  const onData = (chunk: Buffer | string): void => {
    framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };
  const onEnd = (): void => {
    framer.end();
    close('host closed its input');
  };
  const onOutputError = (error: NodeJS.ErrnoException): void => {
    close(error.code === 'EPIPE' ? 'host closed its output (EPIPE)' : `host output failed: ${error.message}`);
  };
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('error', onEnd);
  output.on('error', onOutputError);
  const drainListeners: Array<() => void> = [];
  const onDrain = (): void => {
    for (const listener of drainListeners) listener();
  };
  output.on('drain', onDrain);

  return {
    write(text: string): boolean {
      if (closed || output.destroyed) return true;
      return output.write(`${text}\n`);
    },
    onDrain(listener: () => void): void {
      drainListeners.push(listener);
    },
    pause(): void {
      input.pause();
    },
    resume(): void {
      input.resume();
    },
    close(): void {
      closed = true;
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onEnd);
      output.off('drain', onDrain);
      input.pause();
    },
  };
}
