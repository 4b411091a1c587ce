import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry } from '../../src/rules/registry.js';

// recheck's default backend uses its native binary when present and falls back to a pure-JS worker, so this
// runs on any machine with Node alone. The automaton checker decides linearity exactly (no fuzzing, so no
// time budget to run out of on a loaded machine) and is fast for these patterns.
// Anchored rules only ever run sticky at a keyword hit, so they are checked with the y flag they run with.
const regexes = RULES.flatMap((r) => [
  [r.id, r.anchored ? new RegExp(r.regex.source, `${r.regex.flags}y`) : r.regex] as const,
  ...(r.allowlist?.regexes ?? []).map((re, i) => [`${r.id} allowlist[${i}]`, re] as const),
]);

describe('every rule regex is linear-time', () => {
  it.each(regexes)(
    '%s',
    async (_name, re) => {
      const result = await check(re.source, re.flags, { checker: 'automaton' });
      expect(result.status, JSON.stringify(result.status === 'vulnerable' ? result.attack : result)).toBe(
        'safe',
      );
    },
    60_000,
  );
});

describe('the scan stays linear on adversarial input per family', () => {
  const registry = createRuleRegistry(RULES);
  const families = [...new Set(RULES.map((r) => r.family))];
  it.each(families)('%s: long runs of its own keywords and alphabet find nothing spurious', (family) => {
    const rules = RULES.filter((r) => r.family === family);
    const keyword = rules[0]?.keywords[0] ?? 'x';
    // keyword repeated with near-miss tails: every hit opens a window, none may blow up
    const text = `${keyword}=${'a'.repeat(50)}:`.repeat(2000);
    const out = registry.scan(text);
    expect(Array.isArray(out)).toBe(true);
  });
});
