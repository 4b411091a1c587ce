import { describe, expect, it } from 'vitest';
import { createLineFramer, type OversizeLine } from '../../src/proxy/line-framer.js';
import { classifyMessage, sniffId } from '../../src/proxy/message.js';

function frame(chunks: readonly string[], max = 64, keepEmpty = false) {
  const lines: string[] = [];
  const big: OversizeLine[] = [];
  const framer = createLineFramer(
    max,
    { line: (l) => lines.push(l), oversize: (o) => big.push(o) },
    { keepEmpty },
  );
  for (const c of chunks) framer.push(Buffer.from(c));
  framer.end();
  return { lines, big };
}

describe('line framer', () => {
  it.each([
    ['one line', ['{"a":1}\n'], ['{"a":1}']],
    ['two lines in one chunk', ['a\nb\n'], ['a', 'b']],
    ['a line split over chunks', ['{"a"', ':1', '}\n'], ['{"a":1}']],
    ['CRLF', ['a\r\nb\r\n'], ['a', 'b']],
    ['blank lines skipped', ['\n\n a \n\n'], [' a ']],
    ['no trailing newline', ['a\nb'], ['a', 'b']],
    ['a multi-byte character split across chunks', ['"\u00e9', '\u4e2d"\n'], ['"\u00e9\u4e2d"']],
  ])('%s', (_name, chunks, expected) => {
    expect(frame(chunks).lines).toEqual(expected);
  });

  it('splits a UTF-8 sequence across chunk bytes correctly', () => {
    const bytes = Buffer.from('"\u4e2d\u6587"\n');
    const lines: string[] = [];
    const framer = createLineFramer(64, { line: (l) => lines.push(l), oversize: () => {} });
    for (let i = 0; i < bytes.length; i++) framer.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['"\u4e2d\u6587"']);
  });

  it('reports an oversize line with its head and tail and keeps going', () => {
    const long = `{"id":3,"x":"${'y'.repeat(10_000)}"}`;
    const { lines, big } = frame(['ok\n', long.slice(0, 5000), long.slice(5000), '\nnext\n'], 100);
    expect(lines).toEqual(['ok', 'next']);
    expect(big).toHaveLength(1);
    expect(big[0]?.bytes).toBe(long.length);
    expect(big[0]?.head.startsWith('{"id":3,')).toBe(true);
    expect(big[0]?.tail.endsWith('y"}')).toBe(true);
    expect(big[0]?.head.length).toBeLessThanOrEqual(4096);
  });

  it('keeps empty lines when asked (SSE event boundaries)', () => {
    expect(frame(['data: a\n\ndata: b\r\n\r\n'], 64, true).lines).toEqual(['data: a', '', 'data: b', '']);
  });
});

describe('sniffId', () => {
  it.each([
    ['{"id":12,"result":', '', 12],
    ['{"jsonrpc":"2.0","id":"ab\\"c","result":', '', 'ab"c'],
    ['{"result":', ',"jsonrpc":"2.0","id":-4}', -4],
    ['{"result":', '"id":5}}', undefined],
    ['{"result":{"id":5,', 'x}}', undefined],
  ])('%s … %s → %j', (head, tail, expected) => {
    expect(sniffId(head, tail)).toBe(expected);
  });
});

describe('classifyMessage', () => {
  it.each([
    [{ jsonrpc: '2.0', id: 1, method: 'a' }, 'request'],
    [{ jsonrpc: '2.0', id: 'x', method: 'a', params: [] }, 'request'],
    [{ jsonrpc: '2.0', method: 'a' }, 'notification'],
    [{ jsonrpc: '2.0', id: 1, result: null }, 'success'],
    [{ jsonrpc: '2.0', id: null, error: { code: 1, message: 'm' } }, 'failure'],
    [{ jsonrpc: '2.0', id: null, method: 'a' }, 'invalid'],
    [{ jsonrpc: '2.0', id: 1 }, 'invalid'],
    [{ jsonrpc: '2.0', id: { a: 1 }, result: {} }, 'invalid'],
    [{ jsonrpc: '2.0', id: 1, method: 'a', params: 3 }, 'invalid'],
    [{ jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'm' } }, 'invalid'],
    [[{ jsonrpc: '2.0', method: 'a' }], 'invalid'],
    [null, 'invalid'],
  ])('%j is %s', (value, kind) => {
    expect(classifyMessage(value)).toBe(kind);
  });
});
