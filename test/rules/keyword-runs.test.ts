import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry } from '../../src/rules/registry.js';
import type { SecretRule } from '../../src/rules/types.js';
import { prng } from './expand.js';

// Keyed on a run of one letter and scanned in windows (its regex does not start with a literal keyword).
const runRule: SecretRule = {
  id: 'test-run-keyword',
  description: 'four z then digits',
  family: 'test',
  keywords: ['zzzz'],
  regex: /z{4}([0-9]{3,8})(?![0-9])/i,
  secretGroup: 1,
  examples: { positive: ['zzzz12345'], negative: ['zzz12345'] },
};

/** Every match of the rule's regex over the whole text: what the windowed scan must find here. */
function reference(text: string): [number, number][] {
  const re = new RegExp(runRule.regex.source, 'gid');
  return [...text.matchAll(re)].map((m) => m.indices?.[1] as [number, number]);
}

function randomText(next: () => number): string {
  let out = '';
  while (out.length < 6000) {
    const r = next();
    if (r < 0.3) out += (next() < 0.5 ? 'z' : 'Z').repeat(Math.floor(next() ** 3 * 3000));
    else if (r < 0.6) out += String(Math.floor(next() * 1e8));
    else if (r < 0.8) out += ' ';
    else out += 'zaz9z'.slice(0, 1 + Math.floor(next() * 5));
  }
  return out;
}

describe('keywords of one repeated letter', () => {
  const registry = createRuleRegistry([runRule]);

  it('find what the regex finds over the whole text, runs thinned or not', () => {
    const next = prng(20261202);
    for (let n = 0; n < 300; n++) {
      const text = randomText(next);
      const found = registry.scan(text).map((m) => [m.start, m.end]);
      expect(found, `case ${n}`).toEqual(reference(text));
    }
  });

  it('... and every occurrence for a rule tried at its hits, which needs them all', () => {
    // Anchored, the rule is tried where each occurrence starts: a run is reported whole, not thinned.
    const anchored = createRuleRegistry([
      { ...runRule, regex: /zzzz([0-9]{3,8})(?![0-9])/i, anchored: true },
    ]);
    expect(anchored.rules[0]?.sticky).toBeDefined();
    const next = prng(20261203);
    for (let n = 0; n < 200; n++) {
      const text = randomText(next);
      const found = anchored.scan(text).map((m) => [m.start, m.end]);
      expect(found, `case ${n}`).toEqual(reference(text));
    }
  });

  it('find a run exactly as long as the keyword, at the start, inside and at the end of a text', () => {
    expect(registry.scan('zzzz123').map((m) => m.start)).toEqual([4]);
    expect(registry.scan('x Zzzz123 y').map((m) => m.start)).toEqual([6]);
    expect(registry.scan('zzz1 zzzz12 zzzz123').map((m) => m.start)).toEqual([16]);
  });

  it('find a secret after a run longer than any window, and at the end of one', () => {
    const long = 'z'.repeat(200_000);
    expect(registry.scan(`${long}1234 `).map((m) => m.start)).toEqual([200_000]);
    expect(registry.scan(`${long} x ${long}9876`).map((m) => m.start)).toEqual([400_003]);
  });

  it('find each of runs one to three characters apart, in short texts and long ones', () => {
    // After a run is read, the scanner passes over its windows without looking: the next run must still be
    // seen, however close it starts and however short it is.
    const anchored = createRuleRegistry([
      { ...runRule, regex: /zzzz([0-9]{3,8})(?![0-9])/i, anchored: true },
    ]);
    const next = prng(20261204);
    for (const length of [40, 4000]) {
      for (let n = 0; n < 300; n++) {
        let text = '';
        while (text.length < length) {
          text += 'z'.repeat(1 + Math.floor(next() * 8));
          // Digits, a secret when three or more (never one repeated digit, which is a placeholder), or a gap.
          text +=
            next() < 0.5
              ? '9081726354'.slice(0, 1 + Math.floor(next() * 6))
              : 'a9 '.slice(0, 1 + Math.floor(next() * 3));
        }
        const want = reference(text);
        expect(
          registry.scan(text).map((m) => [m.start, m.end]),
          text,
        ).toEqual(want);
        expect(
          anchored.scan(text).map((m) => [m.start, m.end]),
          text,
        ).toEqual(want);
      }
    }
  });

  it("still check a keyword that shares the run's window at each place inside the run", () => {
    // A two-letter keyword is looked for after any character, `zzz` included: that window is not the run's
    // alone, so it is looked at everywhere, and `zz` found at the run's end.
    const pair: SecretRule = {
      ...runRule,
      id: 'test-pair-keyword',
      keywords: ['zz'],
      regex: /zz(q[0-9]{3})/,
      anchored: true,
      examples: { positive: ['zzq123'], negative: ['zzq1'] },
    };
    const both = createRuleRegistry([runRule, pair]);
    for (const run of [2, 3, 4, 5, 9, 100, 5000]) {
      const text = `x ${'z'.repeat(run)}q123 ${'z'.repeat(run)}1234`;
      const found = both.scan(text).map((m) => `${m.rule.id} ${text.slice(m.start, m.end)}`);
      expect(found, `run of ${run}`).toEqual(
        run >= 4 ? ['test-pair-keyword q123', 'test-run-keyword 1234'] : ['test-pair-keyword q123'],
      );
    }
  });

  it('still mask a Twitter bearer token next to a megabyte of A', () => {
    const all = createRuleRegistry(RULES);
    const token =
      'AAAAAAAAAAAAAAAAAAAAA05Vr7CMT19G8nEVa6d%3DPmnRAGyJ4QAzz5XxPyqiMmVzvasApPgMbiX7sd8g5PvfPEhcm4';
    const text = `${'A'.repeat(1_000_000)} Bearer ${token} ${'a'.repeat(5000)}`;
    const ids = all.scan(text).map((m) => [m.rule.id, text.slice(m.start, m.end)]);
    expect(ids).toContainEqual(['twitter-bearer-token', token]);
  });
});
