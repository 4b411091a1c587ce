/**
 * @module rules/periods
 * Where a text repeats itself: whether it reads the same at a distance over a stretch, answered from what
 * earlier questions of the same scan verified. A regex that failed at one place fails again one period on
 * when the text there reads the same as far as the regex can read (see `reach.ts`); an adversarial text is
 * one short unit repeated (1 MB of `: psk`), and every attempt after the first few is then a lookup.
 */

/** Periods remembered at once: a rule's recent failures give a few (hits of two keywords alternate). */
const SLOTS = 8;

export interface Periods {
  /** Starts a new text: nothing about it is known. */
  reset(text: string): void;
  /** Whether `text[x] === text[x + p]` for every `x` from `lo` up to `hi` (both inside the text). */
  same(p: number, lo: number, hi: number): boolean;
}

/** Characters compared one by one before whole stretches: where a text does not repeat, it differs at once. */
const ONE_BY_ONE = 16;
/**
 * Characters compared at once, as two slices: a JS loop over `charCodeAt` pairs takes ~3 ns a character, an
 * equality of slices ~0.1 (memory compared). A question verifies up to this far past what it asks, so the
 * next questions of a scan that go on one period each find it known.
 */
const STRETCH = 1024;

export function createPeriods(): Periods {
  let text = '';
  // Per slot: its period (0: free), a stretch [from, to) known to repeat at that period, and a place known
  // not to (-1: none found yet).
  const period = new Int32Array(SLOTS);
  const from = new Int32Array(SLOTS);
  const to = new Int32Array(SLOTS);
  const bad = new Int32Array(SLOTS);
  let next = 0;

  const slotOf = (p: number, lo: number): number => {
    for (let s = 0; s < SLOTS; s++) if (period[s] === p) return s;
    const s = next;
    next = (next + 1) % SLOTS;
    period[s] = p;
    from[s] = lo;
    to[s] = lo;
    bad[s] = -1;
    return s;
  };

  /** The first `x` from `x` on, below `limit`, where the text differs from itself `p` on; else `limit`. */
  const agreeUntil = (p: number, x: number, limit: number): number => {
    const quick = Math.min(limit, x + ONE_BY_ONE);
    while (x < quick && text.charCodeAt(x) === text.charCodeAt(x + p)) x++;
    if (x < quick) return x;
    while (x < limit) {
      const end = Math.min(limit, x + STRETCH);
      if (text.substring(x, end) !== text.substring(x + p, end + p)) {
        while (text.charCodeAt(x) === text.charCodeAt(x + p)) x++;
        return x;
      }
      x = end;
    }
    return limit;
  };

  return {
    reset(t: string): void {
      text = t;
      period.fill(0);
    },
    same(p: number, lo: number, hi: number): boolean {
      if (p <= 0 || lo < 0 || hi + p > text.length) return false;
      const s = slotOf(p, lo);
      const start = from[s] as number;
      const end = to[s] as number;
      if (lo >= start && hi <= end) return true;
      const miss = bad[s] as number;
      if (miss >= lo && miss < hi) return false;
      // Go on from the known stretch where it reaches `lo`; else start again at `lo`.
      let x = end;
      if (lo < start || lo > end) {
        from[s] = lo;
        x = lo;
      }
      const limit = Math.min(text.length - p, hi + STRETCH);
      x = agreeUntil(p, x, limit);
      to[s] = x;
      if (x < limit) bad[s] = x;
      return x >= hi;
    },
  };
}
