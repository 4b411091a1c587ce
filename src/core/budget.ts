/**
 * @module core/budget
 * The whole-result budget, applied after the per-string bounds: strings are kept in document order (content
 * blocks, then structuredContent, then the rest, in key order) until the budget is spent; the string that
 * crosses it is cut with the usual marker, and every later string becomes empty, except in arrays: there the
 * first later item that holds text and every item after it are dropped, with one finding for the array.
 * Fifty thousand items emptied field by field would still be a megabyte of keys and quotes for the model to
 * read; cutting the tail keeps what is left bounded and every kept item's pointer where it was.
 * Deterministic, and idempotent because a result within budget is left alone and the cut string is settled
 * as the next pass would settle it.
 */
import { boundText } from '../sanitizers/bound-strings.js';
import { childPath } from './paths.js';
import type { Walk } from './walk.js';

/**
 * Keys whose values are identifiers or typed metadata, not text: never cut (cutting a URI, a type or an
 * annotation's enum breaks the result) and not counted, as the walk does not count them either.
 */
const NOT_TEXT = new Set([
  'type',
  'uri',
  'mimeType',
  'data',
  'blob',
  'resultType',
  'requestState',
  'annotations',
  'icons',
]);

/** Cuts of one string at most: each after the string stages grew it past the budget again. */
const CUTS = 3;

/**
 * @param contentOffset where the server's first content block will sit in the output (after our notice),
 *   so that pointers name the block the client will see.
 * @param settle the string stages, for a string the budget cut: a cut can leave a bidi mark without the
 *   right-to-left letters that justified it, or a secret shape standing alone, which the next pass would
 *   remove or mask.
 */
export function applyBudget(
  result: Record<string, unknown>,
  budget: number,
  walk: Walk,
  contentOffset: number,
  settle: (text: string, path: string) => string,
): Record<string, unknown> {
  const ctx = walk.ctx;
  let remaining = budget;
  let spent = false; // a string did not fit
  const cuts = new Map<string, number>(); // array pointer -> index of its first dropped item
  const visit = (value: unknown, path: string, key: string | undefined, first = 0): unknown => {
    if (key !== undefined && NOT_TEXT.has(key)) return value;
    if (typeof value === 'string') {
      if (value.length <= remaining) {
        remaining -= value.length;
        return value;
      }
      spent = true;
      let out = remaining >= 32 ? boundText(value, remaining) : '';
      for (let cut = 1; cut < CUTS; cut++) {
        const settled = settle(out, path);
        if (settled === out) break;
        out = settled.length <= remaining ? settled : boundText(settled, remaining);
      }
      remaining = Math.max(0, remaining - out.length);
      ctx.report({ path, action: 'truncated', class: 'result-budget', removed: value.length - out.length });
      return out;
    }
    if (Array.isArray(value)) {
      let out: unknown[] | undefined; // made at the first change
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (spent) {
          // An item with no text has nothing the budget would change: kept unvisited, so that nested arrays
          // are not searched for text once per level.
          if (!holdsText(item, undefined)) continue;
          cuts.set(path, first + i);
          ctx.report({ path, action: 'dropped', class: 'result-budget', count: value.length - i });
          return (out ?? value).slice(0, i);
        }
        const next = visit(item, childPath(path, first + i), undefined);
        if (next !== item) out ??= value.slice();
        if (out !== undefined) out[i] = next;
      }
      return out ?? value;
    }
    if (typeof value === 'object' && value !== null) {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(value)) {
        const next = visit(item, childPath(path, k), k);
        if (next !== item) changed = true;
        out[k] = next;
      }
      return changed ? out : value;
    }
    return value;
  };
  const out: Record<string, unknown> = {};
  const order = [
    'content',
    'structuredContent',
    ...Object.keys(result).filter((k) => k !== 'content' && k !== 'structuredContent'),
  ];
  const visited = new Map<string, unknown>();
  for (const key of order) {
    if (!Object.hasOwn(result, key)) continue;
    const first = key === 'content' ? contentOffset : 0;
    visited.set(key, visit(result[key], childPath('', key), key, first));
  }
  for (const key of Object.keys(result)) out[key] = visited.get(key);
  if (cuts.size > 0) forgetDropped(walk, cuts);
  return out;
}

/** Whether the budget would count anything in `value`: a non-empty string not under a key it leaves alone. */
function holdsText(value: unknown, key: string | undefined): boolean {
  if (key !== undefined && NOT_TEXT.has(key)) return false;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.some((item) => holdsText(item, undefined));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([k, item]) => holdsText(item, k));
  return false;
}

/**
 * The untrusted pointers into dropped items are gone with them (they point into the output). Findings stay:
 * the report says what the server sent and what was done to it, and the array's `dropped` finding says
 * where the items went.
 */
function forgetDropped(walk: Walk, cuts: ReadonlyMap<string, number>): void {
  const list = walk.untrusted;
  if (list === null) return;
  // Compacted in place: `push(...kept)` throws past ~100,000 arguments, and a result can have that many blocks.
  let kept = 0;
  for (const pointer of list) if (!droppedBy(cuts, pointer)) list[kept++] = pointer;
  list.length = kept;
}

/** Whether `pointer` is at or under an item at or after the cut of one of its ancestor arrays. */
function droppedBy(cuts: ReadonlyMap<string, number>, pointer: string): boolean {
  for (let slash = pointer.indexOf('/'); slash >= 0; ) {
    const next = pointer.indexOf('/', slash + 1);
    const cut = cuts.get(pointer.slice(0, slash));
    if (cut !== undefined) {
      const segment = pointer.slice(slash + 1, next < 0 ? pointer.length : next);
      if (/^\d+$/.test(segment) && Number(segment) >= cut) return true;
    }
    slash = next;
  }
  return false;
}
