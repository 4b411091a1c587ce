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

/**
 * A pattern anchored at its start that opens with a look-ahead (`^(?!…)…`, an allowlist's exception) as two
 * patterns recheck's automaton can read, which has no look-ahead before a repetition: the look-ahead's body
 * and the rest. Anchored, the look-ahead runs once a test; each part linear, so is the whole. Else the
 * pattern itself.
 */
function apart(source: string): string[] {
  if (!/^\^\(\?[=!]/.test(source)) return [source];
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return [source.slice(4, i), `^${source.slice(i + 1)}`];
  }
  return [source];
}

describe('every rule regex is linear-time', () => {
  it.each(regexes)(
    '%s',
    async (_name, re) => {
      for (const source of apart(re.source)) {
        const result = await check(source, re.flags, { checker: 'automaton' });
        expect(result.status, JSON.stringify(result.status === 'vulnerable' ? result.attack : result)).toBe(
          'safe',
        );
      }
    },
    60_000,
  );

  it('reads a leading look-ahead apart from the rest', () => {
    expect(apart('^(?![a-z]{4} (?:x|y)$)(?:[a-z]+ )*[a-z]+$')).toEqual([
      '[a-z]{4} (?:x|y)$',
      '^(?:[a-z]+ )*[a-z]+$',
    ]);
    expect(apart('^(?=[)])a(b)$')).toEqual(['[)]', '^a(b)$']);
    expect(apart('^a(?!b)')).toEqual(['^a(?!b)']);
  });
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
