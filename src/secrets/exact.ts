/**
 * @module secrets/exact
 * Exact redaction: known secret values (from options, the environment, and the secret-named fields of the
 * call's own arguments) are replaced wherever they occur, together with their URL-encoded and base64 forms,
 * because a server that echoes a password back often echoes it encoded.
 */

import { escapeRegex } from '../core/regex.js';

/** Field names (compared case-insensitively, ignoring `_` and `-`) whose values are secrets (DESIGN.md). */
export const SECRET_FIELD_NAMES: readonly string[] = Object.freeze([
  'password',
  'secret',
  'client_secret',
  'token',
  'access_token',
  'auth_password',
  'auth_token',
  'private_key',
  'authorization_header',
  'remote_password',
  'mirror_password',
  'mirror_token',
  'aws_secret_access_key',
  'aws_access_key_id',
]);

/** Shortest value treated as a known secret: shorter ones would redact ordinary words. */
export const MIN_EXACT_LENGTH = 4;

/** How deep the call's arguments are searched for secret-named fields. */
export const MAX_ARGUMENT_DEPTH = 8;

export const REDACTED = '[REDACTED]';

const normalizeName = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');
const SECRET_NAMES = new Set(SECRET_FIELD_NAMES.map(normalizeName));

/** True when `name` is one of the secret field names, in any case and with or without separators. */
export function isSecretFieldName(name: string): boolean {
  return SECRET_NAMES.has(normalizeName(name));
}

/**
 * A value and the encodings a server is likely to echo: URL-encoded (`encodeURIComponent`), base64 and
 * base64url (padded and unpadded).
 *
 * @example
 * secretForms('p@ss'); // ['p@ss', 'p%40ss', 'cEBzcw==', 'cEBzcw']
 */
export function secretForms(value: string): string[] {
  const forms = new Set<string>([value]);
  try {
    forms.add(encodeURIComponent(value));
  } catch {
    // lone surrogates cannot be URL-encoded; the raw value is still matched
  }
  const b64 = Buffer.from(value, 'utf8').toString('base64');
  forms.add(b64);
  const unpadded = b64.replace(/=+$/, '');
  if (unpadded.length >= MIN_EXACT_LENGTH) forms.add(unpadded);
  const url = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  if (url.length >= MIN_EXACT_LENGTH) forms.add(url);
  return [...forms];
}

/** Values of secret-named fields anywhere in `args`, to depth {@link MAX_ARGUMENT_DEPTH}. */
export function collectSecretArguments(args: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, depth: number, secret: boolean): void => {
    if (depth > MAX_ARGUMENT_DEPTH) return;
    if (typeof node === 'string') {
      if (secret && node.length >= MIN_EXACT_LENGTH) out.push(node);
      return;
    }
    if (typeof node === 'number' || typeof node === 'bigint') {
      if (secret) {
        const s = String(node);
        if (s.length >= MIN_EXACT_LENGTH) out.push(s);
      }
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1, secret);
      return;
    }
    for (const key of Object.keys(node)) {
      walk((node as Record<string, unknown>)[key], depth + 1, secret || isSecretFieldName(key));
    }
  };
  walk(args, 0, false);
  return out;
}

export interface ExactMatcher {
  /** Replace every known value; `count` is the number of replacements (0 means `text` is returned as is). */
  replace(text: string): { text: string; count: number };
}

/**
 * One regex of all values, longest first so a value never leaves the tail of a longer one behind.
 * Returns undefined when there is nothing to redact.
 */
export function createExactMatcher(values: readonly string[]): ExactMatcher | undefined {
  const all = new Set<string>();
  for (const v of values) if (v.length >= MIN_EXACT_LENGTH) for (const f of secretForms(v)) all.add(f);
  if (all.size === 0) return undefined;
  const sorted = [...all].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const re = new RegExp(sorted.map(escapeRegex).join('|'), 'g');
  return {
    replace(text: string) {
      re.lastIndex = 0;
      if (!re.test(text)) return { text, count: 0 };
      let count = 0;
      const out = text.replace(re, () => {
        count++;
        return REDACTED;
      });
      return { text: out, count };
    },
  };
}
