/**
 * @module core/walk
 * The one walk over a message. It descends once, keeps the structure guard (depth, items, hostile keys) in
 * the descent itself so that no input can reach a recursion limit, and hands every string leaf to the string
 * pipeline (unicode → secrets → bound) with its JSON pointer and class. It never mutates its input: a node is
 * copied only when something under it changed, so a clean subtree keeps its reference.
 */
import { holdsSecrets, isSecretData, namedValue, SECRET_NAME } from './member-names.js';
import { childPath } from './paths.js';
import { stringifyIteratively } from './structure.js';
import type { Finding, SanitizeContext, StringClass, TextSite } from './types.js';

/** The string pipeline of one airlock: every built-in and user `text` stage, bounds last. */
export type TextPipeline = (value: string, site: TextSite, ctx: SanitizeContext) => string;

/** Per-call walk state. */
export interface Walk {
  readonly ctx: SanitizeContext;
  /** What the stages reported so far in this call (read by the result stage). */
  readonly findings: readonly Finding[];
  readonly pipeline: TextPipeline;
  readonly maxDepth: number;
  readonly maxItems: number;
  /**
   * Pointers to the server's strings in the output, or null when not collected. Inside a unit (a content
   * block, structuredContent, a `_meta` entry: see `asUnit`) the unit's pointer stands for all of them.
   */
  readonly untrusted: string[] | null;
  /** The pointer of the unit being walked, if any. */
  unit: string | undefined;
  /**
   * Keys that came out unchanged, so that repeated keys (`title`, `body`, ...) are cleaned once per call, or
   * once for many calls when the set is shared; undefined when a key's verdict depends on where it sits
   * (`ResolvedOptions.cleanKeysFor`).
   */
  readonly cleanKeys: Set<string> | undefined;
  /** Total length of value strings emitted, for the whole-result budget. */
  chars: number;
  /**
   * One site object per walk, refilled for every string: W2-sized results have hundreds of thousands of
   * strings, and a site per string was most of the garbage. Stages read a site during their call only.
   */
  readonly site: { path: string; class: StringClass; isError: boolean; key: string | undefined };
}

/**
 * What an object walker's child returns to drop its key. `undefined` is a value like any other (kept as it
 * came, and left out by JSON as always): a separate marker keeps "drop this key" apart from it, so an object
 * comes out the same whether or not something else in it changed.
 */
export const DROP_KEY: unique symbol = Symbol('drop-key');

/** Keys that reach an object's prototype through assignment or through a later merge by the consumer. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A string leaf through the pipeline, recorded as untrusted. */
export function walkString(walk: Walk, value: string, path: string, cls: StringClass, key?: string): string {
  const out = pipeString(walk, value, path, cls, key);
  markUntrusted(walk, path);
  walk.chars += out.length;
  return out;
}

/** `value` through the string stages at `path`, in class `cls`: nothing recorded or counted. */
export function pipeString(walk: Walk, value: string, path: string, cls: StringClass, key?: string): string {
  const site = walk.site;
  site.path = path;
  site.class = cls;
  site.key = key;
  return walk.pipeline(value, site as TextSite, walk.ctx);
}

/** Records that the string at `path` came from the server: as its unit's pointer when inside one. */
export function markUntrusted(walk: Walk, path: string): void {
  const list = walk.untrusted;
  if (list === null) return;
  const pointer = walk.unit ?? path;
  if (list[list.length - 1] !== pointer) list.push(pointer);
}

/**
 * Walks `f` as one unit: every server string under `path` is recorded as the single pointer `path`. A
 * result of 50,000 objects then carries one pointer for its structuredContent instead of 400,000, which
 * kept every pointer alive through the walk (a third of its time went to the garbage collector) and made
 * the message larger than its content. Units do not nest: inside one, `f` runs as it is.
 */
export function asUnit<T>(walk: Walk, path: string, f: () => T): T {
  if (walk.unit !== undefined) return f();
  walk.unit = path;
  try {
    return f();
  } finally {
    walk.unit = undefined;
  }
}

/**
 * The most keys a set of clean keys holds, and the longest it holds: one set may serve many calls, so what it
 * keeps is bounded (1,024 keys of 128 characters at most); keys past that are cleaned every time they come.
 */
const KEPT_CLEAN_KEYS = 1024;
const KEPT_KEY_CHARS = 128;

/**
 * An object key, cleaned as class `key`. Its findings point at the object that holds it: a pointer built
 * from the raw key would carry the very characters (or secret) that cleaning removes into the report.
 */
export function walkKey(walk: Walk, key: string, parentPath: string): string {
  const kept = walk.cleanKeys;
  if (kept?.has(key)) return key;
  const site = walk.site;
  site.path = parentPath;
  site.class = 'key';
  site.key = undefined;
  const out = walk.pipeline(key, site as TextSite, walk.ctx);
  if (out === key && kept !== undefined && kept.size < KEPT_CLEAN_KEYS && key.length <= KEPT_KEY_CHARS)
    kept.add(key);
  return out;
}

/**
 * A slot that holds an opaque token (cursor, task id, progress token, status enum, timestamp). A token that
 * is clean already comes out byte for byte, so it round-trips; it is cleaned as a document (newlines kept,
 * the large bound) so that a long cursor is not cut. Anything but a scalar in it is walked as a field.
 */
export function walkOpaque(walk: Walk, value: unknown, path: string, depth: number): unknown {
  if (typeof value === 'string') return walkString(walk, value, path, 'document');
  return walkJson(walk, value, path, depth, 'field');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Any JSON value, every string leaf as `cls`. Values that JSON cannot carry (functions, symbols, bigint,
 * non-finite numbers) are replaced so the output is always JSON.
 */
export function walkJson(
  walk: Walk,
  value: unknown,
  path: string,
  depth: number,
  cls: StringClass,
  key?: string,
): unknown {
  switch (typeof value) {
    case 'string':
      return walkString(walk, value, path, cls, key);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return null;
      if (depth > walk.maxDepth) return convertDeep(walk, value, path, cls);
      if (Array.isArray(value))
        return walkArray(walk, value, path, depth, (item, p, d) => walkJson(walk, item, p, d, cls));
      return walkMembers(walk, value as Record<string, unknown>, path, depth, cls);
    case 'undefined':
      return undefined;
    default:
      walk.ctx.report({ path, action: 'dropped', class: typeof value });
      return null;
  }
}

/**
 * The members of a JSON object, each through the string stages under its key, or under the name the object
 * gives it (see `core/member-names`); `under`, when given, names every member.
 */
function walkMembers(
  walk: Walk,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  cls: StringClass,
  under?: string,
): Record<string, unknown> {
  const pair = namedValue(value);
  const secret = holdsSecrets(value);
  return walkObject(walk, value, path, depth, (item, p, d, k) => {
    if (secret && isSecretData(k) && isPlainObject(item) && d <= walk.maxDepth)
      return walkMembers(walk, item, p, d, cls, SECRET_NAME);
    const name = under ?? (pair !== undefined && k === pair.valueKey ? pair.name : k);
    return walkJson(walk, item, p, d, cls, name);
  });
}

export type ChildWalker = (value: unknown, path: string, depth: number) => unknown;

/** An array: cut to `maxItems`, each item through `child`. */
export function walkArray(
  walk: Walk,
  value: readonly unknown[],
  path: string,
  depth: number,
  child: ChildWalker,
): unknown[] {
  const length = Math.min(value.length, walk.maxItems);
  if (value.length > length)
    walk.ctx.report({ path, action: 'dropped', class: 'items', count: value.length - length });
  // Copy on write: an array whose items all come back unchanged is returned as it is, unallocated.
  let out: unknown[] | undefined = length === value.length ? undefined : value.slice(0, length);
  for (let i = 0; i < length; i++) {
    const item = value[i];
    const next = child(item, childPath(path, i), depth + 1);
    if (next !== item && out === undefined) out = value.slice(0, length);
    if (out !== undefined) out[i] = next;
  }
  return out ?? (value as unknown[]);
}

/**
 * An object: keys cleaned as class `key`, hostile keys dropped. When cleaning makes two keys collide, the key
 * that was already clean keeps its name and the cleaned one gets ` (2)`, ` (3)`... in key order, so a key with
 * hidden characters can never displace the real one, and the outcome is deterministic.
 */
export function walkObject(
  walk: Walk,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  child: (item: unknown, path: string, depth: number, key: string) => unknown,
): Record<string, unknown> {
  const keys = Object.keys(value);
  let outKeys: (string | null)[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const outKey = UNSAFE_KEYS.has(key) ? key : walkKey(walk, key, path);
    const unsafe = UNSAFE_KEYS.has(outKey);
    if (unsafe) walk.ctx.report({ path: childPath(path, outKey), action: 'dropped', class: 'unsafe-key' });
    if (outKeys === undefined && (unsafe || outKey !== key)) outKeys = keys.slice(0, i);
    if (outKeys !== undefined) outKeys[i] = unsafe ? null : outKey;
  }
  if (outKeys !== undefined) return rebuildObject(walk, value, path, depth, child, keys, outKeys);
  // The common case: every key clean. Copy on write, so an unchanged object is returned as it is.
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = value[key];
    const next = child(item, childPath(path, key), depth + 1, key);
    if (next === item && out === undefined) continue;
    if (out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = value[keys[j]!];
    }
    if (next !== DROP_KEY) out[key] = next;
  }
  return out ?? value;
}

/** An object some of whose keys were renamed or dropped: collisions resolved, then every entry rebuilt. */
function rebuildObject(
  walk: Walk,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  child: (item: unknown, path: string, depth: number, key: string) => unknown,
  keys: readonly string[],
  outKeys: (string | null)[],
): Record<string, unknown> {
  resolveCollisions(keys, outKeys);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const outKey = outKeys[i];
    if (outKey === null || outKey === undefined) continue;
    const key = keys[i]!;
    if (outKey !== key) walk.ctx.report({ path: childPath(path, outKey), action: 'renamed', class: 'key' });
    const next = child(value[key], childPath(path, outKey), depth + 1, outKey);
    if (next !== DROP_KEY) out[outKey] = next;
  }
  return out;
}

function resolveCollisions(keys: readonly string[], outKeys: (string | null)[]): void {
  const taken = new Set<string>();
  keys.forEach((key, i) => {
    if (outKeys[i] === key) taken.add(key);
  });
  for (let i = 0; i < keys.length; i++) {
    const outKey = outKeys[i];
    if (outKey === null || outKey === undefined || outKey === keys[i]) continue;
    let candidate = outKey;
    for (let n = 2; taken.has(candidate); n++) candidate = `${outKey} (${n})`;
    taken.add(candidate);
    outKeys[i] = candidate;
  }
}

/**
 * A subtree deeper than `maxDepth` becomes its JSON text. It is cleaned and bounded as the class of the place
 * it sits in (a field inside structuredContent), so that a second pass, which sees only a string there, leaves
 * it as it is.
 */
function convertDeep(walk: Walk, value: object, path: string, cls: StringClass): string {
  walk.ctx.report({ path, action: 'converted', class: 'depth' });
  return walkString(walk, stringifyIteratively(value), path, cls);
}
