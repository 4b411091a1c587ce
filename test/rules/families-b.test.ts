/**
 * @module test/rules/families-b
 * Standalone checks of the payment, messaging, llm, ci, registries, observability and saas rule families:
 * shape of every rule (ids, keywords, flags, groups) and its own true/false positive examples, judged the
 * way the engine judges a match (secret group, entropy floor, allowlist).
 */
import { describe, expect, it } from 'vitest';
import { rules as ci } from '../../src/rules/ci.js';
import { rules as llm } from '../../src/rules/llm.js';
import { rules as messaging } from '../../src/rules/messaging.js';
import { rules as observability } from '../../src/rules/observability.js';
import { rules as payment } from '../../src/rules/payment.js';
import { rules as registries } from '../../src/rules/registries.js';
import { rules as saas } from '../../src/rules/saas.js';
import type { SecretRule } from '../../src/rules/types.js';
import { expandTemplate } from './expand.js';

const FAMILIES: Record<string, readonly SecretRule[]> = {
  payment,
  messaging,
  llm,
  ci,
  registries,
  observability,
  saas,
};
const ALL = Object.values(FAMILIES).flat();

/** Shannon entropy in bits per character; the engine's floor is compared against this. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Secrets the rule would report in `text`: regex matches that pass the entropy floor and the allowlist. */
function findSecrets(rule: SecretRule, text: string): string[] {
  const re = new RegExp(rule.regex.source, `${rule.regex.flags}g`);
  const found: string[] = [];
  for (const m of text.matchAll(re)) {
    const secret = m[rule.secretGroup ?? 0];
    if (secret === undefined || secret === '') continue;
    if (rule.entropy !== undefined && entropy(secret) < rule.entropy) continue;
    const lower = secret.toLowerCase();
    if (rule.allowlist?.stopwords?.some((w) => lower.includes(w))) continue;
    if (rule.allowlist?.regexes?.some((r) => r.test(secret))) continue;
    found.push(secret);
  }
  return found;
}

/** Count of capture groups in a regex, read from an always-matching alternative. */
function groupCount(re: RegExp): number {
  return (new RegExp(`${re.source}|`, re.flags.replace(/[gy]/g, '')).exec('') ?? []).length - 1;
}

/** Places a key named after the provider and a value, the ways config files and code assign them. */
const CONTEXTS: readonly (readonly [string, (key: string, value: string) => string])[] = [
  ['go backticks', (k, v) => `${k}Token := \`${v}\``],
  ['php concat', (k, v) => `$${k}Token .= "${v}";`],
  ['hash rocket', (k, v) => `"${k}Token" => "${v}"`],
  ['setProperty call', (k, v) => `System.setProperty("${k.toUpperCase()}_TOKEN", "${v}")`],
  ['xml element', (k, v) => `<${k}Token>\n    ${v}\n</${k}Token>`],
  ['make ?=', (k, v) => `${k.toUpperCase()}_TOKEN ?= ${v}`],
  ['ruby ||=', (k, v) => `${k}_token ||= "${v}"`],
  ['escaped newline in json', (k, v) => `{"config.ini": "${k.toUpperCase()}_TOKEN=${v}\\nDEBUG=1"}`],
  ['escaped json', (k, v) => `{\\"${k}_token\\": \\"${v}\\"}`],
  ['typed go var', (k, v) => `var ${k}Token string = "${v}"`],
  ['shell export', (k, v) => `export ${k.toUpperCase()}_API_KEY="${v}"`],
  ['yaml', (k, v) => `${k}_token: '${v}'`],
];
/** Keyword-gated rules from each family: their value must be found in every context above. */
const GATED = [
  'datadog-access-token',
  'sumologic-access-token',
  'okta-access-token',
  'adobe-client-id',
  'twitter-api-key',
  'plaid-client-id',
  'discord-client-secret',
  'cohere-api-token',
  'mailgun-signing-key',
  'snyk-api-token',
  'jfrog-identity-token',
  'confluent-access-token',
];
const contextRows = GATED.flatMap((id) => CONTEXTS.map(([name, place]) => [id, name, place] as const));

const ruleRows = ALL.map((rule) => [rule.id, rule] as const);
const positiveRows = ALL.flatMap((rule) =>
  rule.examples.positive.map((text) => [rule.id, expandTemplate(text, rule.id), rule] as const),
);
const negativeRows = ALL.flatMap((rule) =>
  rule.examples.negative.map((text) => [rule.id, expandTemplate(text, rule.id), rule] as const),
);

describe('rule families b: shape', () => {
  it('has at least 80 rules across the seven files', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(80);
  });

  it('has unique ids', () => {
    const ids = ALL.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(Object.entries(FAMILIES))('family %s names its own file', (family, rules) => {
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.family !== family).map((r) => r.id)).toEqual([]);
  });

  it.each(ruleRows)('%s is well-formed', (_id, rule) => {
    expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(rule.description.length).toBeGreaterThan(10);
    expect(rule.keywords.length).toBeGreaterThan(0);
    for (const k of rule.keywords) expect(k).toBe(k.toLowerCase());
    expect(rule.regex.flags).not.toMatch(/[gy]/);
    expect(groupCount(rule.regex)).toBeGreaterThanOrEqual(rule.secretGroup ?? 0);
    expect(rule.examples.positive.length).toBeGreaterThan(0);
    expect(rule.examples.negative.length).toBeGreaterThan(0);
  });
});

describe('rule families b: examples', () => {
  it.each(positiveRows)('%s masks %j', (_id, text, rule) => {
    const lower = text.toLowerCase();
    expect(rule.keywords.some((k) => lower.includes(k))).toBe(true);
    expect(findSecrets(rule, text).length).toBeGreaterThan(0);
  });

  it.each(negativeRows)('%s leaves %j alone', (_id, text, rule) => {
    expect(findSecrets(rule, text)).toEqual([]);
  });

  it.each(contextRows)('%s finds its value in a %s', (id, _name, place) => {
    const rule = ALL.find((r) => r.id === id);
    if (rule === undefined) throw new Error(`no rule ${id}`);
    const [example] = rule.examples.positive;
    const [secret] = findSecrets(rule, example ?? '');
    if (secret === undefined) throw new Error(`${id}: first positive example yields no secret`);
    const keyword = rule.keywords[0] ?? '';
    expect(findSecrets(rule, place(keyword, secret))).toEqual([secret]);
  });

  it('keyword-gated rules do not fire on a bare digest', () => {
    const digest = 'sha256 digest 4a13d81b74eb0092dd5fc0fdad5cae91450b3843b2ac6b576e329daf9d4526af';
    expect(ALL.filter((r) => findSecrets(r, digest).length > 0).map((r) => r.id)).toEqual([]);
  });
});
