/**
 * @module eval/unicode
 * Measures the Unicode policy against a corpora directory (`unicode-attacks.jsonl`, `unicode-benign.jsonl`,
 * one JSON case per line): how many attacks are neutralised (no forbidden code point left, the visible
 * text intact) and how much benign text survives byte for byte. Cleans as a `document` under `balanced`,
 * the default a text block gets. Figures, not pass/fail: the CLI prints them with `formatUnicodeEval`.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanText } from '../unicode/clean.js';

export interface Rate {
  readonly total: number;
  readonly passed: number;
  /** `passed / total`, or 1 for an empty set. */
  readonly rate: number;
}

export type UnicodeEvalSet = 'attack' | 'optional-attack' | 'benign' | 'lenient-benign';

export interface UnicodeEvalFailure {
  readonly id: string;
  readonly kind: string;
  readonly set: UnicodeEvalSet;
  readonly reason: string;
}

export interface UnicodeEvalResult {
  /** Attacks not marked optional: every one should be neutralised. */
  readonly attacks: Rate;
  /** `optional: true` attacks (homoglyphs): only a confusable-aware cleaner catches them. */
  readonly optionalAttacks: Rate;
  /** Benign cases with `strict` not false: must be preserved exactly. */
  readonly benign: Rate;
  /** Benign cases with `strict: false`: normalising is tolerable, reported for information. */
  readonly lenientBenign: Rate;
  readonly failures: readonly UnicodeEvalFailure[];
}

interface Case {
  readonly id: string;
  readonly kind: string;
  readonly text: string;
  readonly must_not_contain?: readonly string[];
  readonly must_preserve?: string;
  readonly must_preserve_codepoints?: readonly string[];
  readonly optional?: boolean;
  readonly strict?: boolean;
}

function readCases(file: string): Case[] {
  const cases: Case[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const c = JSON.parse(line) as Partial<Case>;
    if (typeof c.id !== 'string' || typeof c.text !== 'string') {
      throw new Error(`${file}:${i + 1}: a case needs a string id and text`);
    }
    cases.push({ kind: 'unknown', ...c } as Case);
  });
  return cases;
}

const parseCodePoint = (u: string): number => Number.parseInt(u.replace(/^U\+/i, ''), 16);

/** Code points of `s` as numbers; lone surrogates count as themselves. */
function codePoints(s: string): Set<number> {
  const set = new Set<number>();
  for (const ch of s) set.add(ch.codePointAt(0)!);
  return set;
}

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

function rate(total: number, passed: number): Rate {
  return { total, passed, rate: total === 0 ? 1 : passed / total };
}

/** Why an attack case is not neutralised, or `undefined` when it is. */
function attackProblem(c: Case, out: string): string | undefined {
  const present = codePoints(out);
  const left = (c.must_not_contain ?? []).map(parseCodePoint).filter((cp) => present.has(cp));
  if (left.length > 0) return `still contains ${left.map(hex).join(', ')}`;
  if (c.must_preserve !== undefined && !out.includes(c.must_preserve)) {
    return `lost must_preserve ${JSON.stringify(c.must_preserve)}`;
  }
  return undefined;
}

/** Why a benign case is not preserved, or `undefined` when it is. */
function benignProblem(c: Case, out: string): string | undefined {
  if (c.must_preserve !== undefined && !out.includes(c.must_preserve)) {
    return `changed must_preserve ${JSON.stringify(c.must_preserve)}`;
  }
  const present = codePoints(out);
  const lost = (c.must_preserve_codepoints ?? []).map(parseCodePoint).filter((cp) => !present.has(cp));
  if (lost.length > 0) return `removed ${lost.map(hex).join(', ')}`;
  return undefined;
}

/**
 * Runs the Unicode evaluation over the corpora in `dir`.
 *
 * @example
 * const result = evalUnicode('../shared/corpora');
 * process.stdout.write(formatUnicodeEval(result));
 */
export function evalUnicode(dir: string): UnicodeEvalResult {
  const failures: UnicodeEvalFailure[] = [];
  const tally = { attack: [0, 0], 'optional-attack': [0, 0], benign: [0, 0], 'lenient-benign': [0, 0] };
  const record = (c: Case, set: UnicodeEvalSet, problem: string | undefined): void => {
    const t = tally[set];
    t[0]! += 1;
    if (problem === undefined) t[1]! += 1;
    else failures.push({ id: c.id, kind: c.kind, set, reason: problem });
  };
  for (const c of readCases(join(dir, 'unicode-attacks.jsonl'))) {
    const out = cleanText(c.text, 'document', 'balanced');
    record(c, c.optional === true ? 'optional-attack' : 'attack', attackProblem(c, out));
  }
  for (const c of readCases(join(dir, 'unicode-benign.jsonl'))) {
    const out = cleanText(c.text, 'document', 'balanced');
    record(c, c.strict === false ? 'lenient-benign' : 'benign', benignProblem(c, out));
  }
  const r = (set: UnicodeEvalSet): Rate => rate(tally[set][0]!, tally[set][1]!);
  return {
    attacks: r('attack'),
    optionalAttacks: r('optional-attack'),
    benign: r('benign'),
    lenientBenign: r('lenient-benign'),
    failures,
  };
}

const pct = (x: Rate): string => `${x.passed}/${x.total} (${(x.rate * 100).toFixed(1)}%)`;

/** A short plain-text table of the figures and the failures with their reasons. */
export function formatUnicodeEval(result: UnicodeEvalResult): string {
  const lines = [
    'Unicode (document, balanced)',
    `  attacks neutralised          ${pct(result.attacks)}`,
    `  optional attacks neutralised ${pct(result.optionalAttacks)}`,
    `  benign preserved (strict)    ${pct(result.benign)}`,
    `  benign preserved (lenient)   ${pct(result.lenientBenign)}`,
  ];
  if (result.failures.length > 0) {
    lines.push('  failures:');
    for (const f of result.failures) lines.push(`    ${f.id} [${f.set}, ${f.kind}] ${f.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
