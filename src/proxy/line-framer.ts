/**
 * @module proxy/line-framer
 * Newline-delimited JSON framing with a bounded buffer, for stdio in both directions. A line longer than the
 * limit is never held whole: its first and last few KB are kept (enough to read a top-level id, see
 * `sniffId`) and the rest is discarded as it streams past, so memory stays bounded whatever a peer sends.
 * With `keepEmpty` (for SSE, where a blank line ends an event) empty lines are reported too.
 */
import { StringDecoder } from 'node:string_decoder';

/** How many bytes of an oversize line are kept at each end to read its id from. */
export const OVERSIZE_PEEK_BYTES = 4096;

export interface OversizeLine {
  /** Total length of the line in bytes. */
  readonly bytes: number;
  readonly head: string;
  readonly tail: string;
}

export interface LineFramerHandlers {
  line(text: string): void;
  oversize(info: OversizeLine): void;
}

export interface LineFramer {
  push(chunk: Buffer): void;
  /** Flushes a final line that had no trailing newline (end of stream). */
  end(): void;
}

/**
 * @example
 * const framer = createLineFramer(1 << 20, { line: (s) => relay.fromServer(s), oversize: (o) => ... });
 * child.stdout.on('data', (chunk) => framer.push(chunk));
 */
export function createLineFramer(
  maxBytes: number,
  handlers: LineFramerHandlers,
  options: { readonly keepEmpty?: boolean } = {},
): LineFramer {
  const keepEmpty = options.keepEmpty === true;
  let parts: Buffer[] = [];
  let size = 0;
  // Set while discarding an oversize line: its kept head and a rolling tail.
  let head: Buffer | undefined;
  let tail: Buffer = Buffer.alloc(0);
  let skipped = 0;

  const emit = (buf: Buffer): void => {
    // Tolerate CRLF framing from peers that write it.
    const end = buf.length > 0 && buf[buf.length - 1] === 13 ? buf.length - 1 : buf.length;
    if (end === 0) {
      if (keepEmpty) handlers.line('');
      return;
    }
    const text = buf.toString('utf8', 0, end);
    if (!keepEmpty && text.trim() === '') return;
    handlers.line(text);
  };

  const startDiscard = (first: Buffer): void => {
    head = first.subarray(0, OVERSIZE_PEEK_BYTES);
    tail = Buffer.from(first.subarray(Math.max(0, first.length - OVERSIZE_PEEK_BYTES)));
    skipped = first.length;
  };

  const keepTail = (piece: Buffer): void => {
    skipped += piece.length;
    if (piece.length >= OVERSIZE_PEEK_BYTES) {
      tail = Buffer.from(piece.subarray(piece.length - OVERSIZE_PEEK_BYTES));
    } else {
      const joined = Buffer.concat([tail, piece]);
      tail = joined.subarray(Math.max(0, joined.length - OVERSIZE_PEEK_BYTES));
    }
  };

  const finishDiscard = (): void => {
    const decoder = new StringDecoder('utf8');
    const info: OversizeLine = {
      bytes: skipped,
      head: decoder.write(head ?? Buffer.alloc(0)),
      tail: tail.toString('utf8'),
    };
    head = undefined;
    tail = Buffer.alloc(0);
    skipped = 0;
    handlers.oversize(info);
  };

  return {
    push(chunk: Buffer): void {
      let start = 0;
      while (start < chunk.length) {
        const nl = chunk.indexOf(10, start);
        const stop = nl === -1 ? chunk.length : nl;
        const piece = chunk.subarray(start, stop);
        if (head !== undefined) {
          keepTail(piece);
          if (nl !== -1) finishDiscard();
        } else if (size + piece.length > maxBytes) {
          const first = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
          parts = [];
          size = 0;
          startDiscard(first);
          if (nl !== -1) finishDiscard();
        } else if (nl === -1) {
          // Copy: the stream may reuse the chunk's memory after this call returns.
          parts.push(Buffer.from(piece));
          size += piece.length;
        } else if (parts.length === 0) {
          emit(piece);
        } else {
          parts.push(piece);
          const whole = Buffer.concat(parts, size + piece.length);
          parts = [];
          size = 0;
          emit(whole);
        }
        start = stop + 1;
      }
    },
    end(): void {
      if (head !== undefined) finishDiscard();
      else if (size > 0) {
        const whole = Buffer.concat(parts, size);
        parts = [];
        size = 0;
        emit(whole);
      }
    },
  };
}
