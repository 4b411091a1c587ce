import { describe, expect, it } from 'vitest';
import { regexReach } from '../../src/rules/reach.js';
import { createReplay } from '../../src/rules/replay.js';
import { prng } from './expand.js';

/** A unit repeated, with a character changed here and there. */
function repetitive(random: () => number, length: number): string {
  const alphabet = 'k=: x"a1';
  const unit = Array.from({ length: 2 + Math.floor(random() * 10) }, () =>
    alphabet.charAt(Math.floor(random() * alphabet.length)),
  ).join('');
  const chars = unit
    .repeat(Math.ceil(length / unit.length))
    .slice(0, length)
    .split('');
  for (let d = Math.floor(random() * 4); d > 0; d--) chars[Math.floor(random() * length)] = 'Z';
  return chars.join('');
}

const REGEXES = [
  /k[=:] ?(?:"([a1x]{2,12})"|([a1x]{1,8}))(?![a1x])/dy,
  /(?<![a-z])k=([^ "Z]{1,9})/y,
  /\bk(?:=|: ?)x{0,3}(a)?[1ax]/dy,
];

describe('createReplay', () => {
  it.each(REGEXES)('answers %s as the regex does, wherever it answers', (regex) => {
    const reach = regexReach(regex);
    if (reach === undefined) throw new Error('unbounded');
    const random = prng(regex.source.length);
    const replay = createReplay();
    let answered = 0;
    let matches = 0;
    for (let round = 0; round < 200; round++) {
      const text = repetitive(random, 300 + Math.floor(random() * 1500));
      replay.start(round + 1, text, reach.behind, reach.ahead);
      // The rule's hits: every `k`.
      for (let at = text.indexOf('k'); at >= 0; at = text.indexOf('k', at + 1)) {
        regex.lastIndex = at;
        const truth = regex.exec(text);
        const known = replay.answer(at);
        if (known !== undefined) {
          answered++;
          expect(known === null ? null : [known.index, [...known], known.indices]).toEqual(
            truth === null ? null : [truth.index, [...truth], truth.indices],
          );
          if (known !== null) matches++;
        }
        replay.note(at, truth);
      }
      replay.end(round + 1);
    }
    expect(answered).toBeGreaterThan(1000);
    expect(matches).toBeGreaterThan(100);
  });

  it('knows nothing of a regex with no bound', () => {
    const replay = createReplay();
    const text = 'k=1 '.repeat(100);
    replay.start(1, text, -1, -1);
    for (let at = 0; at < text.length; at += 4) {
      expect(replay.answer(at)).toBeUndefined();
      replay.note(at, null);
    }
  });
});
