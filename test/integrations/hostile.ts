/**
 * @module test/integrations/hostile
 * What "arrived sanitized" means for the example server's hostile tools, checked on every string of a message.
 */

import { AGENT_ARGUMENTS } from '../../examples/agent.js';
import { EXAMPLE_TOKEN } from '../../examples/server.js';

/** Bidi controls, zero-width space, ESC and BEL: none may reach a model. */
export const FORBIDDEN = /[\u200B\u202A-\u202E\u2066-\u2069\u001b\u0007]/;

export const SECRETS: readonly string[] = [EXAMPLE_TOKEN, String(AGENT_ARGUMENTS['hostile-text']?.password)];

export function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      allStrings(item, out);
    }
  }
  return out;
}

/** Problems found in a message a model would read; empty when it is clean. */
export function problems(value: unknown): string[] {
  const found: string[] = [];
  for (const text of allStrings(value)) {
    if (FORBIDDEN.test(text)) found.push(`forbidden character in ${JSON.stringify(text.slice(0, 60))}`);
    for (const secret of SECRETS)
      if (text.includes(secret)) found.push(`secret in ${JSON.stringify(text.slice(0, 60))}`);
  }
  return found;
}

export function depthOf(value: unknown): number {
  if (!value || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** The calls the e2e tests make: hostile tools, tools whose errors the SDK makes, and one that throws. */
export const CALLS: readonly (readonly [string, Record<string, unknown>])[] = [
  ['hostile-text', AGENT_ARGUMENTS['hostile-text'] ?? {}],
  ['big-image', {}],
  ['deep-json', {}],
  ['weather', { city: 'Oslo' }],
  ['needs-number', { n: 'not a number' }],
  ['explode', {}],
  ['no-such-tool', {}],
];
