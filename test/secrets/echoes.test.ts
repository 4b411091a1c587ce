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
