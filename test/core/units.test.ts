import { describe, expect, it } from 'vitest';
import { copyUnits, hasWideUnits, LONG_TEXT, OneByteText } from '../../src/core/units.js';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { cleanText } from '../../src/unicode/clean.js';
import { expandTemplate } from '../rules/expand.js';

describe('copyUnits', () => {
  it('copies a stretch of a text to the start of a buffer, one byte a unit or two', () => {
    const into = Buffer.alloc(8);
    copyUnits(into, 'xyzé中', 2, 3, 'latin1');
    expect([...into.subarray(0, 3)]).toEqual([0x7a, 0xe9, 0x2d]); // 中 is U+4E2D: its low byte
    copyUnits(into, 'xyzé中', 2, 3, 'utf16le');
    expect(into.subarray(0, 6).toString('utf16le')).toBe('zé中');
  });

  it('throws rather than copy part of what it was asked to', () => {
    expect(() => copyUnits(Buffer.alloc(2), 'abc', 0, 3, 'latin1')).toThrow(RangeError);
    expect(() => copyUnits(Buffer.alloc(5), 'abc', 0, 3, 'utf16le')).toThrow(RangeError);
  });
});

describe('hasWideUnits', () => {
  it.each([
    ['', false],
    ['plain ASCII', false],
    ['Latin-1 up to ÿ and \u0080', false],
    ['\u0100 first', true],
    ['last \u{1F600}', true],
    ['a lone \ud800', true],
  ])('%j -> %s', (text, wide) => {
    expect(hasWideUnits(text)).toBe(wide);
  });

  it('reads a two-byte string whose units all fit in one byte to its end', () => {
    // Slicing a two-byte string keeps it two-byte in V8: the case the regex cannot answer at once.
    const text = `${'ascii '.repeat(1000)}\u4e2d`.slice(0, -1);
    expect(hasWideUnits(text)).toBe(false);
    expect(hasWideUnits(`${text}\u0101`)).toBe(true);
  });
});

describe('OneByteText', () => {
  it('joins spans and strings of ours into the announced length', () => {
    const out = new OneByteText(9);
    out.span('abcdef', 1, 4);
    out.add('-é-');
    out.span('xyz', 0, 3);
    out.span('xyz', 2, 2); // empty
    expect(out.done()).toBe('bcd-é-xyz');
  });

  it('throws when fewer or more units are written than announced', () => {
    const short = new OneByteText(4);
    short.add('abc');
    expect(() => short.done()).toThrow(RangeError);
    const long = new OneByteText(2);
    expect(() => long.add('abc')).toThrow(RangeError);
  });
});

/** `block` repeated to 1.5 LONG_TEXT units, so that what is cleaned or masked out leaves LONG_TEXT or more. */
const long = (block: string): string => block.repeat(Math.ceil((1.5 * LONG_TEXT) / block.length));

describe('long outputs', () => {
  const GH = expandTemplate('ghp_«a36»', 'units-1');

  it.each([
    ['one-byte', ''],
    ['two-byte', ' 中文'],
  ])(
    'masking a %s text of LONG_TEXT units or more gives what masking its blocks one by one does',
    (_, extra) => {
      const block = `log line ${GH} done${extra}\nplain line, nothing to see here café\n`;
      const one = maskSecrets(block);
      const text = long(block);
      const r = maskSecrets(text);
      expect(r.text).toBe(one.text.repeat(text.length / block.length));
      expect(r.findings).toEqual([{ rule: 'github-pat', count: text.length / block.length }]);
    },
  );

  it.each([
    ['one-byte', ''],
    ['two-byte', ' 中文\u2028'],
  ])(
    'cleaning a %s text of LONG_TEXT units or more gives what cleaning its blocks one by one does',
    (_, extra) => {
      // ANSI colours, a CR LF, a lone CR (a newline of ours), a soft hyphen and a BEL: all removed or replaced, all below
      // U+0100; with a long line, so that pieces are long on average and joined rather than copied unit by unit.
      const line = 'an ordinary line of a build log, long enough to be one long piece of the output. '.repeat(
        3,
      );
      const block = `\x1b[31mred\x1b[0m line\r\nlone\rCR, soft\u00adhyphen \x07bell${extra} café\n${line}\n`;
      const text = long(block);
      for (const cls of ['document', 'field'] as const) {
        const one = cleanText(block, cls, 'balanced', {});
        const counts = {};
        expect(cleanText(text, cls, 'balanced', counts)).toBe(one.repeat(text.length / block.length));
        expect(counts).not.toEqual({});
      }
    },
  );
});
