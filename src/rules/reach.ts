/**
 * @module rules/reach
 * How far from where it is tried a regex can read the text: its longest match, and how far its look-arounds
 * and boundaries look past either end. A regex tried at two places whose texts agree that far either side
 * gives the same answer at both; the scan uses that to skip attempts in a text that repeats itself (see
 * `registry.ts`, `samePlace`).
 */

/** What a piece of a regex reads, relative to where that piece starts (all in UTF-16 code units). */
interface Span {
  /** The fewest and the most units it matches. */
  readonly min: number;
  readonly max: number;
  /** How far before its start, and how far past its start, it may read (`ahead` >= `max`). */
  readonly behind: number;
  readonly ahead: number;
}

export interface Reach {
  readonly behind: number;
  readonly ahead: number;
}

const EMPTY: Span = { min: 0, max: 0, behind: 0, ahead: 0 };
/** A boundary or anchor (`\b`, `^`, `$`): one unit either side. */
const EDGE: Span = { min: 0, max: 0, behind: 1, ahead: 1 };

/** Thrown inside the reader for what it does not bound (`*`, `+`, forward references, `v` classes). */
class Unbounded extends Error {}

/** `b` after `a`: where `b` starts is anywhere from `a.min` to `a.max` past `a`'s start. */
function then(a: Span, b: Span): Span {
  return {
    min: a.min + b.min,
    max: a.max + b.max,
    behind: Math.max(a.behind, b.behind - a.min),
    ahead: Math.max(a.ahead, a.max + b.ahead),
  };
}

function either(a: Span, b: Span): Span {
  return {
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    behind: Math.max(a.behind, b.behind),
    ahead: Math.max(a.ahead, b.ahead),
  };
}

/** `p` from `least` to `most` times in a row (`most` finite). */
function repeated(p: Span, least: number, most: number): Span {
  if (most === 0) return EMPTY;
  return { min: least * p.min, max: most * p.max, behind: p.behind, ahead: (most - 1) * p.max + p.ahead };
}

/**
 * What a regex tried at a place reads around it, or undefined when that is not bounded (an unbounded
 * quantifier, a forward reference, a `v`-mode class). Conservative: one unit more either side than any read.
 *
 * @example
 * regexReach(/(?<![a-z])ghp_[A-Za-z0-9]{36}(?![A-Za-z0-9])/); // { behind: 2, ahead: 42 }
 * regexReach(/token=\S+/); // undefined
 */
export function regexReach(regex: RegExp): Reach | undefined {
  const src = regex.source;
  if (regex.flags.includes('v')) return undefined;
  // In `u` mode a class or `.` may take a surrogate pair.
  const unit: Span = regex.unicode
    ? { min: 1, max: 2, behind: 0, ahead: 2 }
    : { min: 1, max: 1, behind: 0, ahead: 1 };
  let i = 0;
  // What each capturing group reads, by number less one, once it has closed; and the named ones' numbers.
  const groups: (Span | undefined)[] = [];
  const named = new Map<string, number>();

  const alternatives = (): Span => {
    let all = sequence();
    while (src[i] === '|') {
      i++;
      all = either(all, sequence());
    }
    return all;
  };

  const sequence = (): Span => {
    let seq = EMPTY;
    while (i < src.length && src[i] !== '|' && src[i] !== ')') seq = then(seq, quantified(atom()));
    return seq;
  };

  const atom = (): Span => {
    const c = src[i] as string;
    if (c === '(') return group();
    if (c === '[') {
      i = classEnd(i) + 1;
      return unit;
    }
    if (c === '^' || c === '$') {
      i++;
      return EDGE;
    }
    if (c === '\\') return escaped();
    i++;
    return unit;
  };

  const escaped = (): Span => {
    const c = src[i + 1] as string;
    if (c === 'b' || c === 'B') {
      i += 2;
      return EDGE;
    }
    if ((c >= '1' && c <= '9') || c === 'k') return backReference();
    if ((c === 'p' || c === 'P') && src[i + 2] === '{') i = src.indexOf('}', i) + 1;
    else if (c === 'u' && src[i + 2] === '{') i = src.indexOf('}', i) + 1;
    else if (c === 'u') i += 6;
    else if (c === 'x') i += 4;
    else if (c === 'c') i += 3;
    else i += 2;
    return unit;
  };

  /**
   * `\N` or `\k<name>`: the text its group took, read again from here, so no longer than that group's
   * longest (`(?=([^\n:=]{1,40}))\1`, a look-ahead's capture taken whole, is how a regex says "atomically").
   * A group not closed yet (a forward reference, or one the reference stands inside) is not bounded here.
   */
  const backReference = (): Span => {
    const ref = /^\\(?:([1-9]\d*)|k<([^>]+)>)/.exec(src.slice(i));
    const index = ref?.[1] !== undefined ? Number(ref[1]) - 1 : named.get(ref?.[2] ?? '');
    const taken = index === undefined ? undefined : groups[index];
    if (ref === null || taken === undefined) throw new Unbounded();
    i += ref[0].length;
    return { min: 0, max: taken.max, behind: 0, ahead: taken.max };
  };

  const group = (): Span => {
    const look = /^\(\?(<?)([=!])/.exec(src.slice(i, i + 4));
    if (look !== null) {
      i += look[0].length;
      const inside = alternatives();
      i++; // `)`
      // A look-ahead reads from here on; a look-behind reads the text that ends here, backwards.
      if (look[1] === '') return { min: 0, max: 0, behind: inside.behind, ahead: inside.ahead };
      return {
        min: 0,
        max: 0,
        behind: inside.max + inside.behind,
        ahead: Math.max(0, inside.ahead - inside.min),
      };
    }
    let index = -1; // a capturing group's number less one
    if (src.startsWith('(?:', i)) i += 3;
    else {
      index = groups.length;
      groups.push(undefined);
      if (src.startsWith('(?<', i)) {
        const close = src.indexOf('>', i);
        named.set(src.slice(i + 3, close), index);
        i = close + 1;
      } else i++;
    }
    const inside = alternatives();
    i++; // `)`
    if (index >= 0) groups[index] = inside;
    return inside;
  };

  const quantified = (p: Span): Span => {
    const c = src[i];
    let least: number;
    let most: number;
    if (c === '*' || c === '+') throw new Unbounded();
    if (c === '?') {
      i++;
      least = 0;
      most = 1;
    } else {
      const count = c === '{' ? /^\{(\d+)(?:(,)(\d*))?\}/.exec(src.slice(i)) : null;
      if (count === null) return p;
      if (count[2] !== undefined && count[3] === '') throw new Unbounded();
      i += count[0].length;
      least = Number(count[1]);
      most = count[3] === undefined ? least : Number(count[3]);
    }
    if (src[i] === '?') i++; // lazy: the same reach
    return repeated(p, least, most);
  };

  const classEnd = (open: number): number => {
    for (let j = open + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === ']') return j;
    }
    throw new Unbounded(); // unbalanced: not read
  };

  try {
    const whole = alternatives();
    if (i !== src.length) return undefined;
    return { behind: whole.behind + 1, ahead: whole.ahead + 1 };
  } catch (error) {
    if (error instanceof Unbounded) return undefined;
    throw error;
  }
}
