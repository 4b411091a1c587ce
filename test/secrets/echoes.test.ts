import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/index.js';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, type SecretMatch } from '../../src/rules/registry.js';
import { withEchoes } from '../../src/secrets/echoes.js';

const mask = (text: string): string => maskSecrets(text).text;

describe('echoes of a found secret', () => {
  it('masks a value again where the text repeats it without a name', () => {
    const out = mask('password: Tr0ub4dor&3xyzQ\n$ radtest bob Tr0ub4dor&3xyzQ 127.0.0.1 0 testing123');
    expect(out).not.toContain('Tr0ub4dor&3xyzQ');
    expect(out.match(/\[REDACTED:generic-secret-assignment\]/g)).toHaveLength(2);
  });

  it('masks every repetition, in a column as in prose', () => {
    const value = 'f3a9c2e1d4b6a8c0e2f4a6b8c0d2e4f6';
    const out = mask(`  APP_SECRET   ${value}   ${value}   n/a\nthe secret is ${value} again`);
    expect(out).not.toContain(value);
  });
});

describe('withEchoes', () => {
  const rule = createRuleRegistry(RULES).rules[0] as SecretMatch['rule'];
  const at = (text: string, value: string): SecretMatch => {
    const start = text.indexOf(value);
    return { start, end: start + value.length, rule };
  };

  it('adds each other place a value stands, by the rule that found it', () => {
    const text = 'a=Xk9mQ2vLp7 then Xk9mQ2vLp7 and Xk9mQ2vLp7.';
    const echoed = withEchoes(text, [at(text, 'Xk9mQ2vLp7')]);
    expect(echoed.map((m) => text.slice(m.start, m.end))).toEqual(['Xk9mQ2vLp7', 'Xk9mQ2vLp7', 'Xk9mQ2vLp7']);
    expect(echoed.every((m) => m.rule === rule)).toBe(true);
  });

  it('leaves a value under eight characters to its context: a PIN recurs by chance', () => {
    const text = 'pin=4096 port 4096';
    const matches = [at(text, '4096')];
    expect(withEchoes(text, matches)).toBe(matches);
  });

  it('returns the same matches when no value repeats, or each repeat is inside a match', () => {
    const text = 'k=Xk9mQ2vLp7 other=AbCdEfGh12';
    const matches = [at(text, 'Xk9mQ2vLp7')];
    expect(withEchoes(text, matches)).toBe(matches);
    // The repeat lies inside a longer match (a line's whole value): nothing to add.
    const lines = 'k=Xk9mQ2vLp7\nurl=https://u:Xk9mQ2vLp7@host';
    const both = [at(lines, 'Xk9mQ2vLp7'), { start: lines.indexOf('https'), end: lines.length, rule }];
    expect(withEchoes(lines, both)).toBe(both);
  });
});

describe('withEchoes on values a text repeats everywhere', () => {
  const rule = createRuleRegistry(RULES).rules[0] as SecretMatch['rule'];
  const matchesOf = (text: string, value: string): SecretMatch[] => {
    const out: SecretMatch[] = [];
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1))
      out.push({ start: at, end: at + value.length, rule });
    return out;
  };
  const byStart = (a: SecretMatch, b: SecretMatch): number => a.start - b.start;

  it('adds nothing for a value that recurs more than eight times near its match: a name in code', () => {
    const text = Array.from({ length: 20 }, (_, i) => `x${i}=Sock5Auth9 `).join('');
    const matches = [matchesOf(text, 'Sock5Auth9')[0] as SecretMatch];
    expect(withEchoes(text, matches)).toBe(matches);
  });

  it('stops reading around a name in code at once, leaving the budget to the values after it', () => {
    // A name matched every 2,000 characters of 100,000; five values matched five times each, 20,000 apart,
    // reading ~74,000 characters each; then one value found once at the end and repeated beside it. Read
    // around all its matches, the name took 100,000 characters of the budget (416,384), and the last value
    // was never looked for.
    const size = 100_000;
    const chars = Array.from({ length: size }, () => '.');
    const put = (value: string, at: number): void => {
      chars.splice(at, value.length, ...value);
    };
    for (let at = 0; at + 20 < size - 3000; at += 2000) put('NameInCode1', at + 10);
    const spread = ['Qv8rT2mLx9', 'Wp3nZ7kBc4', 'Hs6yD1fJe5', 'Tg2cV9pNa7', 'Bn5xK3wQr8'];
    spread.forEach((value, k) => {
      for (let j = 0; j < 5; j++) put(value, 500 + 200 * k + 20_000 * j);
    });
    put('Ek4Rx8Lm2Z', size - 1000);
    put('Ek4Rx8Lm2Z', size - 200);
    const text = chars.join('');
    const echo = size - 200;
    const matches = ['NameInCode1', ...spread]
      .flatMap((value) => matchesOf(text, value))
      .concat({ start: size - 1000, end: size - 990, rule })
      .sort(byStart);
    const out = withEchoes(text, matches);
    expect(out.some((m) => m.start === echo && m.end === echo + 10)).toBe(true);
    expect(out.filter((m) => text.slice(m.start, m.end) === 'NameInCode1')).toHaveLength(
      matchesOf(text, 'NameInCode1').length,
    );
  });
});
