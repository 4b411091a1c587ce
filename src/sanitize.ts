/**
 * @module sanitize
 * The two one-call entry points, for code that does not keep an airlock around. Each keeps one default airlock
 * per options object it has seen, so that repeated calls with the same options resolve them once.
 */
import { createAirlock } from './core/airlock.js';
import type { AirlockOptions } from './core/options.js';
import type { Airlock, CallContext, SanitizeOutcome, TextOptions, ToolResult } from './core/types.js';

let defaultAirlock: Airlock | undefined;
const airlocks = new WeakMap<AirlockOptions, Airlock>();

function airlockFor(options: AirlockOptions | undefined): Airlock {
  if (options === undefined) {
    defaultAirlock ??= createAirlock();
    return defaultAirlock;
  }
  let airlock = airlocks.get(options);
  if (airlock === undefined) {
    airlock = createAirlock(options);
    airlocks.set(options, airlock);
  }
  return airlock;
}

/** Options of `sanitizeToolCallResult`: airlock options plus what is known about the call. */
export interface SanitizeToolCallResultOptions extends AirlockOptions, CallContext {}

/**
 * A tool result, sanitized with these options (the default policy when none are given).
 * @example
 * const { sanitizedResult, isSanitized, report } = sanitizeToolCallResult(result, { toolName: 'read_issue' });
 */
export function sanitizeToolCallResult(
  result: unknown,
  options?: SanitizeToolCallResultOptions,
): SanitizeOutcome<ToolResult> {
  const call: CallContext = options ?? {};
  return airlockFor(options).sanitizeToolResult(result, {
    ...(call.toolName === undefined ? {} : { toolName: call.toolName }),
    ...(call.serverName === undefined ? {} : { serverName: call.serverName }),
    ...(call.arguments === undefined ? {} : { arguments: call.arguments }),
    ...(call.outputSchema === undefined ? {} : { outputSchema: call.outputSchema }),
    ...(call.protocolVersion === undefined ? {} : { protocolVersion: call.protocolVersion }),
  });
}

/**
 * One string, cleaned, masked and bounded as its class (`document` by default); `null` in, `null` out.
 * @example sanitizeText('pay\u202Eusd', { class: 'field' }) // 'payusd'
 */
export function sanitizeText(raw: string, options?: TextOptions): string;
export function sanitizeText(raw: string | null, options?: TextOptions): string | null;
export function sanitizeText(raw: string | null, options: TextOptions = {}): string | null {
  return airlockFor(undefined).sanitizeText(raw, options);
}
