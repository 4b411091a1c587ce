import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, type SecretMatch } from '../../src/rules/registry.js';
import { expandTemplate, prng } from './expand.js';

// A text that repeats one short unit is what an attack on the scan's time looks like: a keyword hit every few
// characters, at each of which a rule's regex fails. Where the text reads the same around a hit as around one
// that failed a period before, as far as the regex reads, the scan skips the attempt (see `failsAgain`).
const registry = createRuleRegistry(RULES);
const UNITS = [': psk', 'pwd=a&', 'storepassword = ', `${'age-secret-key-1 1 '.repeat(7)}:`, 'credentials: '];

/** Counts the calls of a compiled rule's sticky regex while `run` runs. */
function countAttempts(id: string, run: () => void): number {
  const sticky = registry.byId.get(id)?.sticky as RegExp;
  let calls = 0;
  const exec = sticky.exec;
  sticky.exec = function counted(text: string) {
    calls++;
    return exec.call(this, text);
  };
  try {
    run();
  } finally {
    sticky.exec = exec;
  }
  return calls;
}

const covers = (found: SecretMatch[], start: number, end: number): boolean =>
  found.some((m) => m.start <= start && end <= m.end);

describe('a text that repeats itself', () => {
  it('is read at a few of its hits, not at each', () => {
    const text = ': psk'.repeat(20_000);
    const calls = countAttempts('generic-secret-assignment', () => registry.scan(text));
    // A hit a unit. Read: the first few, and the last 2,548 characters (the rule's regex may read that far, and
    // past the text's end nothing is known).
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(1000);
  });

  it('still finds each secret that breaks the repetition, wherever it stands', () => {
    const random = prng(3);
    const lines = RULES.filter((_, i) => i % 7 === 0).map((rule) => [
      rule.id,
      expandTemplate(rule.examples.positive[0] as string),
    ]);
    for (const unit of UNITS) {
      for (const [id, line] of lines) {
        const alone = registry.scan(`\n${line}\n`).map((m) => [m.start - 1, m.end - 1] as const);
        expect(alone.length, id).toBeGreaterThan(0);
        // The same secret after 100 to 3,000 units, so that the scan is well past its first periods.
        const before = `${unit.repeat(100 + Math.floor(random() * 2900))}\n`;
        const text = `${before}${line}\n${unit.repeat(500)}`;
        const found = registry.scan(text);
        for (const [start, end] of alone)
          expect(covers(found, before.length + start, before.length + end), `${id} after ${unit}`).toBe(true);
      }
    }
  });

  it('still finds a secret under the key the repetition fails at, wherever it stands', () => {
    // The key that failed period after period, now with a value: the hit reads as the hits before it, and only
    // the text further on differs. Only the generic assignment rule finds these.
    const token = 'Zq8vR2mK9xLp4TnW7bYc';
    const random = prng(5);
    for (const [unit, line] of [
      ['secret: a ', `secret: ${token} `],
      ['api_key=a& ', `api_key=${token}& `],
      ['auth-key=a&', `auth-key=${token}&`],
      ['xi-api-key=a&', `xi-api-key=${token}&`],
      ['credentials: ', `credentials: ${token} `],
      ['storepassword = ', `storepassword = ${token} `],
    ] as const) {
      for (let round = 0; round < 5; round++) {
        const before = unit.repeat(300 + Math.floor(random() * 3000));
        const text = `${before}${line}${unit.repeat(700)}`;
        const at = before.length + line.indexOf(token);
        expect(covers(registry.scan(text), at, at + token.length), `${line} after ${unit}`).toBe(true);
      }
    }
  });

  it('masks past the values it reads again only to the end of the line that holds them', () => {
    // Over 1,024 values turned away that hold a key (each `credentials: ` reads the next as its value), the
    // scan masks such a value to its line's end instead of reading it again: what follows on the line may be
    // what the key inside is assigned.
    const token = 'Zq8vR2mK9xLp4TnW7bYc';
    const line = `${'credentials: '.repeat(1100)}credentials: ${token} end`;
    const text = `${line}\nsafe: nothing here at all\ncredentials: ${token} done\n`;
    const found = registry.scan(text);
    const first = line.indexOf(token);
    const second = text.lastIndexOf(token);
    expect(covers(found, first, first + token.length)).toBe(true);
    expect(covers(found, second, second + token.length)).toBe(true);
    // Nothing past the first line's end but the second token.
    expect(found.filter((m) => m.end > line.length).map((m) => text.slice(m.start, m.end))).toEqual([token]);
  });

  it('finds what it found before in each of its units, the repetition read in full', () => {
    // A secret inside the unit itself: every period holds one, and none may be skipped as a failure.
    const token = 'Zq8vR2mK9xLp4TnW7bYc';
    for (const unit of [`pwd=${token}&`, `secret=${token}; `, `api_key: "${token}" `, `token: ${token}\n`]) {
      const text = unit.repeat(3000);
      const found = registry.scan(text);
      for (let i = 0; i < 3000; i++) {
        const at = i * unit.length + unit.indexOf(token);
        expect(covers(found, at, at + token.length), `${unit} #${i}`).toBe(true);
      }
    }
  });
});
