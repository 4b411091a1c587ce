import { describe, expect, it } from 'vitest';
import type { Finding, SanitizeContext, TextSite } from '../../src/core/types.js';
import { createCleanUnicode, visible } from '../../src/sanitizers/clean-unicode.js';

function context(): { ctx: SanitizeContext; findings: Finding[] } {
  const findings: Finding[] = [];
  const ctx: SanitizeContext = {
    call: {},
    isError: false,
    report: (f) => findings.push(f),
    cache: (_key, create) => create(),
  };
  return { ctx, findings };
}

const site = (cls: TextSite['class'] = 'document'): TextSite => ({
  path: '/content/0/text',
  class: cls,
  isError: false,
});

describe('createCleanUnicode', () => {
  it('is named clean-unicode', () => {
    expect(createCleanUnicode().name).toBe('clean-unicode');
  });

  it('reports one finding per category, counts only', () => {
    const { ctx, findings } = context();
    const out = createCleanUnicode().text!('a\u200b\u200bb\u202e\r\nc', site(), ctx);
    expect(out).toBe('ab\nc');
    expect(findings).toEqual(
      [
        { path: '/content/0/text', action: 'removed', class: 'bidi', removed: 1 },
        { path: '/content/0/text', action: 'removed', class: 'zero-width', removed: 2 },
        { path: '/content/0/text', action: 'normalized', class: 'newline', removed: 1 },
      ].sort((x, y) => order(x.class) - order(y.class)),
    );
  });

  it.each([
    ['balanced', '👨\u200d👩', '👨\u200d👩', 0],
    ['strict', '👨\u200d👩', '👨👩', 1],
  ] as const)('profile %s', (profile, input, expected, n) => {
    const { ctx, findings } = context();
    expect(createCleanUnicode({ profile }).text!(input, site(), ctx)).toBe(expected);
    expect(findings).toHaveLength(n);
  });

  it('uses the class of the site', () => {
    const { ctx } = context();
    expect(createCleanUnicode().text!('a\tb\nc', site('field'), ctx)).toBe('a b c');
  });

  it('counts each call afresh, also after a report that threw', () => {
    const stage = createCleanUnicode().text!;
    const throwing: SanitizeContext = {
      ...context().ctx,
      report: () => {
        throw new Error('report failed');
      },
    };
    expect(() => stage('a\u200b\u202eb\u200b', site(), throwing)).toThrow('report failed');
    const { ctx, findings } = context();
    expect(stage('c\u200bd', site(), ctx)).toBe('cd');
    expect(findings).toEqual([
      { path: '/content/0/text', action: 'removed', class: 'zero-width', removed: 1 },
    ]);
  });

  it('returns the same string and reports nothing for clean input', () => {
    const { ctx, findings } = context();
    const input = 'Zürich 東京 🚀';
    expect(createCleanUnicode().text!(input, site(), ctx)).toBe(input);
    expect(findings).toEqual([]);
  });
});

const order = (c: string | undefined) => ['bidi', 'zero-width', 'newline'].indexOf(c ?? '');

describe('visible', () => {
  it.each([
    ['pay\u202Eload', 'pay⟨U+202E⟩load'],
    ['a\u200bb', 'a⟨U+200B⟩b'],
    ['tag\u{E0041}', 'tag⟨U+E0041⟩'],
    ['\u001b[31m', '⟨U+001B⟩[31m'],
    ['lone \ud800', 'lone ⟨U+D800⟩'],
    ['👨\u200d👩', '👨⟨U+200D⟩👩'],
    ['keeps spaces\tand\nnewlines', 'keeps spaces\tand\nnewlines'],
    ['Zürich 東京', 'Zürich 東京'],
    ['micros\u03bfft', 'micros⟨U+03BF⟩ft'],
    ['Привет, κόσμε', 'Привет, κόσμε'],
  ])('%j', (input, expected) => {
    expect(visible(input)).toBe(expected);
  });
});
