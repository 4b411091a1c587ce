/**
 * @module proxy/sse
 * A bounded reader for `text/event-stream` bodies (the Streamable HTTP transport's server→client streams).
 * Only `data`, `id`, `event` and `retry` fields matter; comments and unknown fields are ignored. A data line
 * above the limit is reported as oversize (its head and tail only) and never held whole.
 */
import { createLineFramer, type OversizeLine } from './line-framer.js';

export interface SseHandlers {
  /** One `message` event's data (the data lines joined with `\n`). */
  event(data: string, id: string | undefined): void;
  oversize(info: OversizeLine): void;
  retry?(ms: number): void;
}

/**
 * Reads the stream to its end (or until the signal aborts). Resolves with the last event id seen.
 *
 * @example
 * const lastId = await readSse(res.body, 1 << 26, { event: (data) => relay.fromServer(data), oversize });
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  handlers: SseHandlers,
): Promise<string | undefined> {
  let data: string[] = [];
  let type = 'message';
  let id: string | undefined;
  let lastId: string | undefined;
  let tooBig = false;
  const framer = createLineFramer(
    maxBytes,
    {
      line(line) {
        if (line === '') {
          // Servers send priming events with an id and empty data (2025-11-25 resumability): nothing to relay.
          const joined = data.join('\n');
          if (joined !== '' && type === 'message' && !tooBig) handlers.event(joined, id);
          if (id !== undefined) lastId = id;
          data = [];
          type = 'message';
          tooBig = false;
          return;
        }
        if (line.startsWith(':')) return;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') type = value;
        else if (field === 'id') id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) handlers.retry?.(Number(value));
      },
      oversize(info) {
        tooBig = true;
        const head = info.head.replace(/^data: ?/, '');
        handlers.oversize({ bytes: info.bytes, head, tail: info.tail });
      },
    },
    { keepEmpty: true },
  );
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      framer.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  } finally {
    reader.releaseLock();
  }
  // An event not ended by a blank line is incomplete and is discarded, as the SSE rules say.
  framer.end();
  return lastId ?? id;
}
