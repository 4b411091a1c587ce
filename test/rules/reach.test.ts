import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { regexReach } from '../../src/rules/reach.js';
import { expandTemplate, prng } from './expand.js';

describe('regexReach', () => {
  it.each([
    // One more unit either side than any read.
    [/abc/, { behind: 1, ahead: 4 }],
    [/a{2,5}b?/, { behind: 1, ahead: 7 }],
    [/(?:ab|cdef){1,3}/, { behind: 1, ahead: 13 }],
    // A boundary reads the unit before; a look-ahead reads on from where it stands.
    [/\bkey=[a-z]{4}(?![a-z])/, { behind: 2, ahead: 10 }],
    // A look-behind reads back as far as its longest text, from wherever it stands (and, counted loosely, on
    // past where it stands by what its shortest text would leave).
    [/(?<![A-Za-z0-9])ghp_[A-Za-z0-9]{36}(?![A-Za-z0-9])/, { behind: 2, ahead: 42 }],
    [/x{0,3}(?<=ab{1,4})/, { behind: 6, ahead: 7 }],
    // A class or `.` may take a surrogate pair in `u` mode.
    [/[a-z]{3}/u, { behind: 1, ahead: 7 }],
    [/a{0}/, { behind: 1, ahead: 1 }],
    [/\u0041\x42\cJ\p{L}/u, { behind: 1, ahead: 9 }],
    // A back-reference reads again at most what its group took; a look-ahead's capture taken whole is how a
    // rule says "atomically".
    [/(a)\1/, { behind: 1, ahead: 3 }],
    [/(?<x>ab?)\k<x>c/, { behind: 1, ahead: 6 }],
    [/x(?:[ \t](?=([^\n:=]{1,40}))\1)?=/, { behind: 1, ahead: 44 }],
    [/(?:(a)|(bcd))\2\1/, { behind: 1, ahead: 8 }],
  ])('%s reads %o', (regex, reach) => {
    expect(regexReach(regex)).toEqual(reach);
  });

  // `v` mode's classes nest (`[[a-z]--[aeiou]]`); the flag comes from a variable, as the compiler targets ES2022.
  // A reference to a group not closed yet matches nothing, which the reader does not work out: written as
  // strings, since a linter rightly calls such a reference useless.
  const vMode = 'v';
  const early = ['\\1(a)', '(a\\1)'].map((source) => new RegExp(source));
  it.each([/token=\S+/, /a*/, /a{2,}/, ...early, /(a+)\1/, new RegExp('[a-z]{3}', vMode)])(
    '%s has no bound',
    (regex) => {
      expect(regexReach(regex)).toBeUndefined();
    },
  );

  it('bounds most anchored rules', () => {
    const bounded = RULES.filter((rule) => regexReach(rule.regex) !== undefined);
    expect(bounded.length).toBeGreaterThan(RULES.length * 0.8);
  });

  /**
   * The claim the scan relies on, checked against the engine: a rule's regex tried at a place answers the same
   * whatever the text is outside its reach there. Each rule's examples, in random surroundings, are tried where
   * the regex first matches them (else at their start); then everything outside the reach is replaced, and the
   * answer must not change.
   */
  it('is all a rule regex reads around the place it is tried at', () => {
    const random = prng(20261207);
    const alphabet = 'aZ9 _-=:"\'\n/+.xyzQW';
    const noise = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(random() * alphabet.length)];
      return s;
    };
    let tried = 0;
    let matched = 0;
    for (const rule of RULES) {
      const reach = regexReach(rule.regex);
      if (reach === undefined) continue;
      const sticky = new RegExp(rule.regex.source, `${rule.regex.flags}y`);
      const examples = [...rule.examples.positive, ...rule.examples.negative].map((example) =>
        expandTemplate(example),
      );
      for (const example of examples) {
        for (let round = 0; round < 3; round++) {
          // The reach lies inside the text, as the scan asks.
          const text = noise(reach.behind + 5) + example + noise(reach.ahead + 5);
          const global = new RegExp(rule.regex.source, `${rule.regex.flags}g`);
          const at = reach.behind + 5 + (global.exec(example)?.index ?? 0);
          sticky.lastIndex = at;
          const before = sticky.exec(text)?.[0] ?? null;
          // Outside [at - behind, at + ahead) the text changes; inside it stays.
          const lo = at - reach.behind;
          const hi = at + reach.ahead;
          const changed = noise(lo) + text.slice(lo, hi) + noise(text.length - hi);
          sticky.lastIndex = at;
          const after = sticky.exec(changed)?.[0] ?? null;
          expect(after, `${rule.id} on ${JSON.stringify(example)}`).toBe(before);
          tried++;
          if (before !== null) matched++;
        }
      }
    }
    expect(tried).toBeGreaterThan(3000);
    expect(matched).toBeGreaterThan(1000);
  });
});
