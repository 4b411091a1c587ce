/**
 * @module rules/replay
 * A rule's regex answers at a keyword hit as it answered a period back, where the text reads the same around
 * both as far as the regex reads (see `reach.ts`): the same failure, or the same match moved on by the
 * period. An adversarial text is one short unit repeated (1 MB of `: psk` is 200,000 failing attempts of the
 * generic assignment rule, ~100 ns each; of `credentials: `, 77,000 matches whose value is the next key);
 * past the first few periods, each attempt is then a few lookups.
 */

import { createPeriods } from './periods.js';

/**
 * The latest answers an attempt is compared with: the period of a text in hits of a rule. `pwd 1 ` seven times
 * and a colon is 13 hits of the generic assignment rule (seven `pwd`, six ` pw`) a period: with 4 kept, none was
 * answered (1 MB 56.3 ms; 45.7 with 16). A longer period is read as before.
 */
const KEPT = 16; // a power of two: slots are `count & SLOT`
const SLOT = KEPT - 1;
/**
 * Questions in a row that may go unanswered before only one attempt in `RETRY` asks. Where the text does not
 * repeat as far as the regex reads (hits close together in prose, or 1 MB of `pwd 1 ` x 7 + `:`, which
 * repeats at 6 characters for 40), each question reads on to where it differs.
 */
const GIVE_UP = 32;
const RETRY = 64;
/** The longest period looked for, in characters. */
const FARTHEST = 2048;

export interface Replay {
  /**
   * Starts the attempts of one rule at the hits of scan `scan` of `text`; its regex reads `behind` characters
   * before and `ahead` past where it is tried (-1: no bound, and no answer is known).
   */
  start(scan: number, text: string, behind: number, ahead: number): void;
  /** The regex's answer at `at`, known from an earlier one; undefined when it must be asked. */
  answer(at: number): RegExpExecArray | null | undefined;
  /** Notes the regex's answer at `at` (hits in ascending order). */
  note(at: number, m: RegExpExecArray | null): void;
  /**
   * What the checks said of the value of the match answered last, once, when that answer was known from an
   * earlier one whose value they judged: the same text, so the same verdict, with no slice hashed to look it up
   * (1 MB of `pwd="aaaaaaaa `: 47 -> 41 ms).
   */
  verdict(): boolean | undefined;
  /** Notes what the checks said of the value of the match noted last. */
  judged(verdict: boolean): void;
  /** Lets go of the text after a scan. */
  end(scan: number): void;
}

/** `m` found `by` characters further on: the same texts, its places moved. */
function moved(m: RegExpExecArray, by: number): RegExpExecArray {
  const copy = m.slice() as RegExpExecArray;
  copy.index = m.index + by;
  copy.input = m.input;
  const indices = m.indices;
  if (indices !== undefined)
    copy.indices = indices.map((p) => p && [p[0] + by, p[1] + by]) as unknown as RegExpIndicesArray;
  return copy;
}

export function createReplay(): Replay {
  const periods = createPeriods();
  let periodsScan = 0; // the scan whose text `periods` holds
  let scan = 0;
  let text = '';
  let behind = -1;
  let ahead = -1;
  // The latest places the regex answered at, a ring (`count` counts them all), and its answers.
  const place = new Int32Array(KEPT);
  const answers: (RegExpExecArray | null)[] = new Array(KEPT).fill(null);
  // Per slot, what the checks said of its match's value: 0 not judged, 1 turned away, 2 taken.
  const verdicts = new Uint8Array(KEPT);
  let replayed = 0; // the verdict of the answer `answer` moved (0: none)
  let count = 0;
  let unanswered = 0;
  let period = 0; // the distance back to the answer that served last (0: none)
  let hitsBack = 0; // and how many answers back it was
  let asked = false; // whether this attempt asked `periods` anything
  let holds = false; // whether `answers` may hold a match of this scan's text

  /** Whether the text reads around `at` as around `f`, as far as the regex reads. */
  const sameAround = (f: number, at: number): boolean => {
    // The hits' own characters first: an answer at another keyword's hit is no period back.
    if (text.charCodeAt(f) !== text.charCodeAt(at) || text.charCodeAt(f - 1) !== text.charCodeAt(at - 1))
      return false;
    // Near the text's ends the regex may read past them: no question there, and none counts unanswered.
    if (f - behind < 0 || at + ahead > text.length) return false;
    asked = true;
    // Most scans ask nothing (W2: 75,000 scans, 300 questions): `periods` learns the text at the first.
    if (periodsScan !== scan) {
      periods.reset(text);
      periodsScan = scan;
    }
    return periods.same(at - f, f - behind, f + ahead);
  };

  /** The answer `j` answers back moved to `at`, if the text reads the same around both. */
  const from = (j: number, at: number): RegExpExecArray | null | undefined => {
    const slot = (count - j) & SLOT;
    const f = place[slot] as number;
    if (!sameAround(f, at)) return undefined;
    unanswered = 0;
    period = at - f;
    hitsBack = j;
    const m = answers[slot] as RegExpExecArray | null;
    replayed = verdicts[slot] as number;
    return m === null ? null : moved(m, at - f);
  };

  return {
    start(s: number, t: string, back: number, on: number): void {
      scan = s;
      text = t;
      behind = back;
      ahead = on;
      count = 0;
      unanswered = 0;
      period = 0;
      hitsBack = 0;
    },
    answer(at: number): RegExpExecArray | null | undefined {
      replayed = 0;
      if (behind < 0 || (unanswered >= GIVE_UP && count % RETRY !== 0)) return undefined;
      asked = false;
      // The period that served last first, found as many answers back as then: the others would each read on
      // to where they differ, and walking the ring back to it was most of an answer's time (the generic rule
      // alone on 1 MB of `pwd 1 ` x7 + `:`, a period of 13 hits: 38.6 -> 30.2 ms). Answers further back than
      // `FARTHEST` are no period of a repeating text: in prose and logs hits are far apart, and the ring is
      // left at its first entry (W1 at 1 MB was 6% slower walking all sixteen).
      const again =
        hitsBack > 0 && hitsBack <= count && at - (place[(count - hitsBack) & SLOT] as number) === period;
      if (again) {
        const m = from(hitsBack, at);
        if (m !== undefined) return m;
      }
      for (let j = 1; j <= KEPT && j <= count; j++) {
        const back = at - (place[(count - j) & SLOT] as number);
        if (back > FARTHEST) break;
        if (again && back === period) continue;
        const m = from(j, at);
        if (m !== undefined) return m;
      }
      if (asked) unanswered++;
      return undefined;
    },
    note(at: number, m: RegExpExecArray | null): void {
      if (behind < 0) return;
      place[count & SLOT] = at;
      answers[count & SLOT] = m;
      verdicts[count & SLOT] = 0;
      count++;
      holds ||= m !== null;
    },
    verdict(): boolean | undefined {
      // Told once: a later match judged without an answer of ours (`searchOn`'s) must not hear it.
      const known = replayed;
      replayed = 0;
      return known === 0 ? undefined : known === 2;
    },
    judged(verdict: boolean): void {
      if (behind >= 0 && count > 0) verdicts[(count - 1) & SLOT] = verdict ? 2 : 1;
    },
    end(s: number): void {
      // The answers hold slices of the text, and `periods` the text itself.
      if (holds) answers.fill(null);
      holds = false;
      text = '';
      if (periodsScan === s) periods.reset('');
    },
  };
}
