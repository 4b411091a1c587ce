import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, type SecretMatch } from '../../src/rules/registry.js';
import type { SecretRule } from '../../src/rules/types.js';
import { expandTemplate } from './expand.js';

// A registry keeps its hit buffers between scans (scans are synchronous and never nest). These tests pin that
// nothing of one scan leaks into the next: a rule triggered before must be found again, not skipped or doubled.
const registry = createRuleRegistry(RULES);
const spans = (found: SecretMatch[]) => found.map((m) => `${m.start}-${m.end}:${m.rule.id}`);
const texts = RULES.map((rule) => `log line ${expandTemplate(rule.examples.positive[0] as string)} end`);

describe('successive scans of one registry', () => {
  it('find the same secrets in a text whatever was scanned before it', () => {
    const alone = texts.map((text) => spans(registry.scan(text)));
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] as string;
      const before = texts[(i * 7 + 3) % texts.length] as string;
      registry.scan(before);
      expect(spans(registry.scan(text)), RULES[i]?.id).toEqual(alone[i]);
      expect(spans(registry.scan(text)), `${RULES[i]?.id}, scanned twice`).toEqual(alone[i]);
    }
    expect(alone.filter((found) => found.length > 0).length).toBe(RULES.length);
  });

  it('apply each scan its own modes', () => {
    const off = new Uint8Array(RULES.length);
    const on = new Uint8Array(RULES.length).fill(1);
    for (const [i, text] of texts.entries()) {
      const all = spans(registry.scan(text));
      expect(registry.scan(text, off)).toEqual([]);
      expect(spans(registry.scan(text, on))).toEqual(all);
      const only = new Uint8Array(RULES.length);
      only[i] = 1;
      const mine = spans(registry.scan(text, only));
      expect(mine.length, `${RULES[i]?.id} alone finds its own example`).toBeGreaterThan(0);
      expect(mine.every((s) => s.endsWith(`:${RULES[i]?.id}`))).toBe(true);
      expect(spans(registry.scan(text))).toEqual(all);
    }
  });
});

describe('rule stopwords', () => {
  const rule = {
    id: 'test-stopwords',
    description: 'test',
    family: 'test',
    keywords: ['abcdef'],
    regex: /abcdef=([A-Za-z0-9]{16,40})/,
    secretGroup: 1,
    allowlist: { stopwords: ['example'] },
    examples: {
      positive: ['abcdef=q8ZexaMpleR2vK9mW4tLp3Xz7Qw1Bn5Jd0Hs'],
      negative: ['abcdef=ExampleTokenValueHere'],
    },
  };
  const registry = createRuleRegistry([rule]);
  const found = (text: string) => registry.scan(text).map((m) => text.slice(m.start, m.end));

  it('drop a value that reads like the words', () => {
    expect(found('abcdef=ExampleTokenValueHere')).toEqual([]);
    expect(found('abcdef=EXAMPLEEXAMPLEEXAMPLE12')).toEqual([]);
  });

  it('keep a random value that merely holds the letters, in any case', () => {
    const token = 'q8ZexaMpleR2vK9mW4tLp3Xz7Qw1Bn5Jd0Hs';
    expect(found(`abcdef=${token}`)).toEqual([token]);
    expect(found(`abcdef=${token.toLowerCase()}`)).toEqual([token.toLowerCase()]);
  });
});

describe('verdicts remembered within a scan', () => {
  // Past the first few candidates of a scan, a rule's verdict on a secret is kept for the scan's later
  // candidates with the same value (see `judge`). Texts of 200 assignments: well past that point.
  const value = expandTemplate('«a32»', 'verdicts');
  const other = expandTemplate('«a32»', 'verdicts, other');
  const many = (v: string) => Array.from({ length: 200 }, () => `api_key = "${v}"`).join('\n');
  const found = (list: SecretMatch[], text: string) => list.map((m) => text.slice(m.start, m.end));

  it('follow each scan its own filter', () => {
    const text = many(value);
    expect(registry.scan(text)).toHaveLength(200);
    expect(registry.scan(text, undefined, (s) => s !== value)).toHaveLength(0);
    expect(registry.scan(text)).toHaveLength(200);
    expect(registry.scan(text, undefined, (s) => s !== other)).toHaveLength(200);
  });

  it('are kept per value', () => {
    const text = `${many(value)}\n${many(other)}\n${many(value)}`;
    expect(
      found(
        registry.scan(text, undefined, (s) => s !== other),
        text,
      ),
    ).toEqual(Array(400).fill(value));
  });

  it('are kept per rule', () => {
    // One value under two rules whose checks differ: the first rule's verdict is not the second's.
    const rule = (id: string, key: string, entropy: number): SecretRule => ({
      id,
      description: id,
      family: 'test',
      keywords: [key],
      regex: new RegExp(`${key}=([a-z]{16})\\b`),
      secretGroup: 1,
      entropy,
      examples: { positive: [`${key}=abcdefghijklmnop`], negative: [`${key}=short`] },
    });
    const two = createRuleRegistry([rule('low-bar', 'lowbar', 1), rule('high-bar', 'highbar', 3.5)]);
    const plain = 'aaaabbbbaaaabbbb'; // entropy 1: over the low bar, under the high one
    const text = Array.from({ length: 100 }, () => `lowbar=${plain} highbar=${plain}`).join('\n');
    const ids = two.scan(text).map((m) => m.rule.id);
    expect(ids).toEqual(Array(100).fill('low-bar'));
  });
});
