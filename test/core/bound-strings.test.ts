import { describe, expect, it } from 'vitest';
import { boundText, graphemeBoundaryAtOrBefore } from '../../src/sanitizers/bound-strings.js';

describe('boundText', () => {
  it.each([
    ['short text stays', 'hello', 10, 'hello'],
    ['exactly at the bound stays', 'a'.repeat(40), 40, 'a'.repeat(40)],
    ['long text is cut with a marker', 'a'.repeat(100), 40, `${'a'.repeat(19)}[truncated 81 chars]`],
  ])('%s', (_name, input, max, expected) => {
    expect(boundText(input, max)).toBe(expected);
  });

  it('never exceeds the bound and counts what it cut in code units', () => {
    for (const max of [32, 33, 50, 99, 1000]) {
      const input = 'x'.repeat(5000);
      const out = boundText(input, max);
      expect(out.length).toBeLessThanOrEqual(max);
      const cut = Number(/\[truncated (\d+) chars\]$/.exec(out)?.[1]);
      expect(out.length - `[truncated ${cut} chars]`.length + cut).toBe(input.length);
    }
  });

  it('does not split a surrogate pair', () => {
    const input = '😀'.repeat(100);
    const out = boundText(input, 41);
    const kept = out.replace(/\[truncated \d+ chars\]$/, '');
    expect(kept.length % 2).toBe(0);
    expect(kept).toBe('😀'.repeat(kept.length / 2));
  });

  it('does not split an emoji ZWJ sequence', () => {
    const family = '👨‍👩‍👧‍👦';
    const input = `ab${family.repeat(20)}`;
    for (let max = 30; max < 60; max++) {
      const kept = boundText(input, max).replace(/\[truncated \d+ chars\]$/, '');
      expect((kept.length - 2) % family.length).toBe(0);
    }
  });

  it('is idempotent', () => {
    const once = boundText('é'.repeat(300), 64);
    expect(boundText(once, 64)).toBe(once);
  });

  it('cuts long combining runs (Zalgo text) on a code point without looping', () => {
    const zalgo = `a${'\u0301'.repeat(500)}`;
    expect(boundText(zalgo, 100).length).toBeLessThanOrEqual(100);
  });
});

describe('graphemeBoundaryAtOrBefore', () => {
  it.each([
    ['start', 'abc', 0, 0],
    ['end', 'abc', 3, 3],
    ['inside a surrogate pair moves back', 'a😀b', 2, 1],
    ['inside a flag moves back', 'a🇫🇷b', 3, 1],
  ])('%s', (_name, text, at, expected) => {
    expect(graphemeBoundaryAtOrBefore(text, at)).toBe(expected);
  });
});
