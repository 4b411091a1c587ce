/**
 * @module eval/secrets
 * Evaluate the secrets stage on a corpus directory: recall over secrets-positive.jsonl (the case's `secret`
 * no longer appears in the masked text) and the unchanged rate over the strict cases of
 * secrets-negative.jsonl, with misses by rule and category and false positives by category.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskSecrets } from '../sanitizers/mask-secrets.js';

export interface SecretsEvalMiss {
  readonly id: string;
  readonly rule: string;
  readonly category: string;
}

export interface SecretsEvalResult {
  readonly positives: number;
  readonly caught: number;
  readonly recall: number;
  readonly strictNegatives: number;
  readonly unchanged: number;
  readonly unchangedRate: number;
  /** Non-strict negatives (near-miss formats) that were masked: tolerated, reported for information. */
  readonly tolerated: number;
  readonly misses: readonly SecretsEvalMiss[];
  readonly missesByRule: Readonly<Record<string, number>>;
  readonly missesByCategory: Readonly<Record<string, number>>;
  readonly falsePositives: readonly { id: string; category: string; rules: readonly string[] }[];
  readonly falsePositivesByCategory: Readonly<Record<string, number>>;
}

function readJsonl(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const bump = (o: Record<string, number>, k: string): void => {
  o[k] = (o[k] ?? 0) + 1;
};

/**
 * @example
 * formatSecretsEval(evalSecrets('../shared/corpora'));
 */
export function evalSecrets(dir: string): SecretsEvalResult {
  const positives = readJsonl(join(dir, 'secrets-positive.jsonl'));
  const negatives = readJsonl(join(dir, 'secrets-negative.jsonl'));
  const misses: SecretsEvalMiss[] = [];
  const missesByRule: Record<string, number> = {};
  const missesByCategory: Record<string, number> = {};
  let caught = 0;
  for (const c of positives) {
    const text = String(c.text ?? '');
    const secret = String(c.secret ?? '');
    if (!maskSecrets(text).text.includes(secret)) {
      caught++;
      continue;
    }
    const miss = { id: String(c.id), rule: String(c.rule ?? '?'), category: String(c.context ?? '?') };
    misses.push(miss);
    bump(missesByRule, miss.rule);
    bump(missesByCategory, miss.category);
  }
  let strict = 0;
  let unchanged = 0;
  let tolerated = 0;
  const falsePositives: { id: string; category: string; rules: string[] }[] = [];
  const falsePositivesByCategory: Record<string, number> = {};
  for (const c of negatives) {
    const text = String(c.text ?? '');
    const r = maskSecrets(text);
    const same = r.text === text;
    if (c.strict === false) {
      if (!same) tolerated++;
      continue;
    }
    strict++;
    if (same) {
      unchanged++;
      continue;
    }
    const category = String(c.category ?? '?');
    falsePositives.push({ id: String(c.id), category, rules: r.findings.map((f) => f.rule) });
    bump(falsePositivesByCategory, category);
  }
  return {
    positives: positives.length,
    caught,
    recall: positives.length ? caught / positives.length : 1,
    strictNegatives: strict,
    unchanged,
    unchangedRate: strict ? unchanged / strict : 1,
    tolerated,
    misses,
    missesByRule,
    missesByCategory,
    falsePositives,
    falsePositivesByCategory,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Human-readable figures: recall, unchanged rate, then misses and false positives. */
export function formatSecretsEval(r: SecretsEvalResult): string {
  const lines = [
    `secrets: recall ${pct(r.recall)} (${r.caught}/${r.positives})`,
    `secrets: strict negatives unchanged ${pct(r.unchangedRate)} (${r.unchanged}/${r.strictNegatives}); near-miss masked (tolerated): ${r.tolerated}`,
  ];
  if (r.misses.length > 0) {
    lines.push('  misses by rule:');
    for (const [k, v] of Object.entries(r.missesByRule).sort()) lines.push(`    ${k}: ${v}`);
    lines.push('  misses by category:');
    for (const [k, v] of Object.entries(r.missesByCategory).sort()) lines.push(`    ${k}: ${v}`);
    lines.push(`  missed cases: ${r.misses.map((m) => m.id).join(', ')}`);
  }
  if (r.falsePositives.length > 0) {
    lines.push('  false positives by category:');
    for (const [k, v] of Object.entries(r.falsePositivesByCategory).sort()) lines.push(`    ${k}: ${v}`);
    for (const f of r.falsePositives) lines.push(`    ${f.id} (${f.category}): ${f.rules.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
