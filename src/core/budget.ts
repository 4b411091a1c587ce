/**
 * @module core/budget
 * The whole-result budget, applied after the per-string bounds: strings are kept in document order (content
 * blocks, then structuredContent, then the rest, in key order) until the budget is spent; the string that
 * crosses it is cut with the usual marker and every later string becomes empty. Deterministic, and idempotent
 * because a result within budget is left alone and the cut string is settled as the next pass would settle it.
 */
import { boundText } from '../sanitizers/bound-strings.js';
import { childPath } from './paths.js';
import type { SanitizeContext } from './types.js';

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
 * @param settle the string stages, for a string the budget cut: a cut can leave a bidi mark without the
 *   right-to-left letters that justified it, or a secret shape standing alone, which the next pass would
 *   remove or mask.
 */
export function applyBudget(
  result: Record<string, unknown>,
  budget: number,
  ctx: SanitizeContext,
  settle: (text: string, path: string) => string,
): Record<string, unknown> {
  let remaining = budget;
  const visit = (value: unknown, path: string, key: string | undefined): unknown => {
    if (key !== undefined && NOT_TEXT.has(key)) return value;
    if (typeof value === 'string') {
      if (value.length <= remaining) {
        remaining -= value.length;
        return value;
      }
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
      let changed = false;
      const out = value.map((item, i) => {
        const next = visit(item, childPath(path, i), undefined);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : value;
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
    if (Object.hasOwn(result, key)) visited.set(key, visit(result[key], childPath('', key), key));
  }
  for (const key of Object.keys(result)) out[key] = visited.get(key);
  return out;
}
