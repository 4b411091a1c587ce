import { describe, expect, it } from 'vitest';
import { listRules, RULES } from '../../src/rules/index.js';
import { createRuleRegistry } from '../../src/rules/registry.js';
import { expandTemplate } from './expand.js';

const registry = createRuleRegistry(RULES);

/** Mask `text` with one rule only, so a positive proves that rule (not a neighbour) catches it. */
function maskWith(id: string, text: string): string {
  const rule = registry.byId.get(id);
  if (!rule) throw new Error(id);
  const modes = new Uint8Array(registry.rules.length);
  modes[rule.index] = 1;
  let out = '';
  let at = 0;
  for (const m of registry.scan(text, modes)) {
    out += `${text.slice(at, m.start)}[REDACTED:${m.rule.id}]`;
    at = m.end;
  }
  return out + text.slice(at);
}

/** The random runs a template expands to: each must be gone after masking. */
function randomParts(template: string, expanded: string): string[] {
  const fixed = template.split(/«[a-zA-Z]\d{1,4}»/);
  const parts: string[] = [];
  let rest = expanded;
  for (let i = 0; i < fixed.length; i++) {
    const f = fixed[i] as string;
    const at = rest.indexOf(f);
    if (i > 0) parts.push(rest.slice(0, at));
    rest = rest.slice(at + f.length);
  }
  return parts.filter((p) => p.length >= 8);
}

const positives = RULES.flatMap((r) => r.examples.positive.map((t) => [r.id, t] as const));
const negatives = RULES.flatMap((r) => r.examples.negative.map((t) => [r.id, t] as const));

describe('rule examples', () => {
  it.each(positives)('%s masks %j', (id, template) => {
    const text = expandTemplate(template);
    const out = maskWith(id, text);
    expect(out).toContain(`[REDACTED:${id}]`);
    for (const part of randomParts(template, text)) expect(out).not.toContain(part);
  });

  it.each(negatives)('%s leaves %j alone', (id, template) => {
    const text = expandTemplate(template);
    expect(maskWith(id, text)).toBe(text);
  });
});

describe('registry', () => {
  it('holds at least 150 provider formats with unique kebab-case ids', () => {
    expect(RULES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('lists every rule for the CLI', () => {
    const listed = listRules();
    expect(listed.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(listed[0]).toEqual({
      id: RULES[0]?.id,
      description: RULES[0]?.description,
      keywords: RULES[0]?.keywords,
      family: RULES[0]?.family,
    });
  });

  const base = {
    id: 'demo-token',
    description: 'demo',
    family: 'demo',
    keywords: ['demo_'],
    regex: /demo_([a-z]{8})/,
    secretGroup: 1,
    examples: { positive: ['demo_abcdefgh'], negative: ['demo'] },
  };
  it.each([
    ['a duplicate id', [base, base], /"demo-token": duplicate id/],
    ['a non-kebab id', [{ ...base, id: 'Demo_Token' }], /"Demo_Token": id must be kebab-case/],
    [
      'an upper-case keyword',
      [{ ...base, keywords: ['Demo_'] }],
      /"demo-token": keyword "Demo_" must be lower-case/,
    ],
    ['no keywords', [{ ...base, keywords: [] }], /"demo-token": keywords are empty/],
    ['a missing group', [{ ...base, secretGroup: 2 }], /"demo-token": secret group 2 does not exist/],
    [
      'a g flag',
      [{ ...base, regex: /demo_([a-z]{8})/g }],
      /"demo-token": regex must not carry the g or y flag/,
    ],
    [
      'continues on a rule scanned in windows',
      [{ ...base, regex: /(?:id|key)=demo_([a-z]{8})/, continues: /[a-z]+/ }],
      /"demo-token": continues needs an anchored rule/,
    ],
    [
      'no examples',
      [{ ...base, examples: { positive: [], negative: ['x'] } }],
      /"demo-token": no positive examples/,
    ],
  ])('rejects %s, naming the rule', (_name, rules, message) => {
    expect(() => createRuleRegistry(rules)).toThrow(message);
  });

  it('freezes what it compiles', () => {
    expect(Object.isFrozen(registry.rules)).toBe(true);
    expect(Object.isFrozen(registry.rules[0])).toBe(true);
  });

  it('finds keywords case-insensitively and overlapping', () => {
    const r = createRuleRegistry([
      { ...base },
      { ...base, id: 'emo-token', keywords: ['emo_'], regex: /emo_([a-z]{8})/ },
    ]);
    const found = r.scan('x DEMO_ no; demo_abcdefgh');
    expect(found).toHaveLength(1);
    // both rules matched overlapping spans; the longer (demo-token's group is the same length: rule order) wins
    expect(found[0]?.rule.id).toBe('demo-token');
  });

  it('widens a window when a match runs into its end', () => {
    const r = createRuleRegistry([
      { ...base, regex: /demo_([a-z]{8,5000})/, window: { before: 0, after: 16 } },
    ]);
    const secret = 'q'.repeat(10) + 'abcdefghijklmnopqrstuvwxyz'.repeat(40);
    const [m] = r.scan(`demo_${secret}!`);
    expect(m?.end).toBe(5 + secret.length);
  });
});
