/**
 * @module rules/closings
 * Where a match that a negative look-ahead closes can end, read once from the rule's regex: a keyword hit with
 * no such place in its reach cannot match, and is skipped without running the regex.
 */

import { asciiMatches } from '../core/regex.js';
import { type Gate, VALUE_LEAD } from './assignments.js';
import { aroundGroup, countedLengths, tokenEnd } from './prefixes.js';

/**
 * Where a match closed by a negative look-ahead can end: from `min` to `max` characters after the hit, at a
 * character the look-ahead allows (see `EndSearch`; any other unit, and the text's end, may). A hit
 * with no such place in that window cannot match. Where the closing class holds the text's every character
 * (`bitbucket=` or `dckr_pat_` over 1 MB), each attempt read the longest value before the look-ahead
 * failed; one search for the run's end now answers every hit inside the run. Made for assignments of a value
 * of bounded length (`…=([a-z0-9=_-]{64})(?![\w+/=-])`, `{40,46}`, a fixed prefix before the class) and tokens
 * (`vck_[A-Za-z0-9]{24,100}`, and of one length, `fio-u-[A-Za-z0-9_=-]{64}`, where the window is a single place).
 */
export interface Closing {
  readonly min: number;
  readonly max: number;
  readonly ends: EndSearch;
}

/** The code units a match can end before: those not of the look-ahead's class, and every one not ASCII. */
export interface EndSearch {
  /** Per ASCII unit, 1 where a match can end before it. */
  readonly table: Uint8Array;
  /** One such unit (global): a class the regex engine searches at ~1 GB/s, where a loop read 1 MB in ~6 ms. */
  readonly search: RegExp;
}

/**
 * How far past the gate's reach an assignment's value can start: after the operator's first character, the
 * rest of it and five quotes or spaces. The farthest is a declared type whose `:` the gate finds
 * (`: &str = "`, 13), then Make's `:::=` (9); the `"KEY", "value"` call's comma, two spaces and five quotes
 * is 8. (Those are all characters a value can end at, so a hit this far out is met by one of them first.)
 */
const VALUE_SLACK = 14;
/**
 * How the assignment shapes end, just before the value: `ASSIGN`'s, `assigned`'s, and the one written out by
 * the Splunk, Facebook and secp256k1 rules.
 */
const ASSIGN_TAILS = [VALUE_LEAD, '[\\s\'"`]{0,5}', '[\\s\'"`\\\\]{0,5}'];

/** `Closing.ends` per look-ahead class and flags: the 156 built-in rules with one share 16, each 128 regex tests to make. */
const END_SEARCHES = new Map<string, EndSearch>();

export function closingOf(regex: RegExp, group: number, gate: Gate | undefined): Closing | undefined {
  const ends = (notAfter: string): EndSearch => {
    const flags = regex.flags.replace(/[gyd]/g, '');
    const key = `${flags}/${notAfter}`;
    let found = END_SEARCHES.get(key);
    if (found === undefined) {
      const table = asciiMatches(notAfter, flags).map((cannotFollow) => 1 - cannotFollow);
      // The table's units as ranges, and every unit not ASCII.
      let ranges = '';
      for (let c = 0; c < 128; c++) {
        if (table[c] === 0) continue;
        let last = c;
        while (last < 127 && table[last + 1] === 1) last++;
        ranges += `\\u${hex4(c)}-\\u${hex4(last)}`;
        c = last;
      }
      found = { table, search: new RegExp(`[${ranges}\\u0080-\\uffff]`, 'g') };
      END_SEARCHES.set(key, found);
    }
    return found;
  };
  if (gate === undefined) {
    // A token: where the token's class holds its own prefix and separator (`fio-u-` or `tfp_=` repeated),
    // every failed attempt read the whole token before its look-ahead failed.
    const token = tokenEnd(regex.source);
    return token && { min: token.min, max: token.max, ends: ends(token.notAfter) };
  }
  const cut = group === 0 ? undefined : aroundGroup(regex.source, group);
  if (cut === undefined || !ASSIGN_TAILS.some((tail) => cut.before.endsWith(tail))) return undefined;
  const value = countedLengths(cut.inner);
  const notAfter = /^\(\?!(\[[^\]]+\])\)$/.exec(cut.after);
  if (value === undefined || notAfter === null) return undefined;
  // The value starts after the key, and within the gate's reach plus the rest of the operator.
  return {
    min: gate.after + value.min,
    max: gate.within + VALUE_SLACK + value.max,
    ends: ends(notAfter[1] as string),
  };
}

/**
 * The first place at or after `from` where a match can end (see `Closing`); the text's end if none before it.
 * None is at `stop` or after it, when the caller says so.
 */
export function valueEnd(text: string, from: number, ends: EndSearch, stop = text.length): number {
  // The first few units by table: an end is often that near (`gsk_` repeated has one every four units, and a
  // regex call per hit was a third of the time).
  const near = Math.min(stop, from + NEAR_ENDS);
  for (let i = from; i < near; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ends.table[c] === 1) return i;
  }
  if (near >= stop) return text.length;
  const search = ends.search;
  search.lastIndex = near;
  const at = search.test(text) ? search.lastIndex - 1 : text.length;
  return at < stop ? at : text.length;
}

/** Units read by table where a value may end before the search is called. */
const NEAR_ENDS = 4;

const hex4 = (c: number): string => c.toString(16).padStart(4, '0');
