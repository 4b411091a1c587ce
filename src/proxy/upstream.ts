/**
 * @module proxy/upstream
 * The seam between a session and its server, whatever the transport: stdio child or Streamable HTTP.
 */
import type { OversizeLine } from './line-framer.js';
import type { JsonRpcId, JsonRpcMessage } from './message.js';

export interface UpstreamEvents {
  /** One message (or batch) of text from the server. */
  line(text: string): void;
  /** A message the transport already parsed. */
  value(value: unknown): void;
  oversize(info: OversizeLine): void;
  /** A request could not be delivered or answered by the transport (HTTP status, broken stream). */
  fail(id: JsonRpcId, code: number, message: string, kind: string): void;
  /** Whether a request of the host is still waiting for its answer. */
  pending(id: JsonRpcId): boolean;
  /** The server is gone. Called at most once per `start`. */
  closed(reason: string): void;
}

export interface Upstream {
  start(events: UpstreamEvents): Promise<void>;
  /** Sends one message (or batch); false asks the caller to wait for `onDrain`. */
  send(text: string, message: JsonRpcMessage | readonly JsonRpcMessage[]): boolean;
  onDrain(listener: () => void): void;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}
