/**
 * @module proxy/tool-airlocks
 * Per-tool configuration (`tools: { "<glob>": {...} }` in airlock.config.json) for a proxy that serves a
 * whole server: one `Airlock` whose per-call methods route to an airlock built from that tool's effective
 * options. Tools with the same effective options share one airlock; the cache is bounded, so a server that
 * invents tool names cannot grow the proxy.
 */
import { createAirlock } from '../core/airlock.js';
import type { AirlockOptions } from '../core/options.js';
import type { Airlock, CallContext } from '../core/types.js';

const MAX_TOOLS = 1024;

/**
 * @example
 * const airlock = createToolAirlocks(createAirlock(base), (tool) => ({ ...base, ...loaded.forTool(server, tool) }));
 */
export function createToolAirlocks(
  base: Airlock,
  optionsForTool: (tool: string) => AirlockOptions,
  make: (options: AirlockOptions) => Airlock = createAirlock,
): Airlock {
  const byTool = new Map<string, Airlock>();
  const byOptions = new Map<string, Airlock>();
  const forCall = (call: CallContext | undefined): Airlock => {
    const tool = call?.toolName;
    if (tool === undefined) return base;
    let airlock = byTool.get(tool);
    if (airlock !== undefined) return airlock;
    const options = optionsForTool(tool);
    const key = JSON.stringify(options);
    airlock = byOptions.get(key);
    if (airlock === undefined) {
      airlock = make(options);
      if (byOptions.size < MAX_TOOLS) byOptions.set(key, airlock);
    }
    if (byTool.size >= MAX_TOOLS) byTool.clear();
    byTool.set(tool, airlock);
    return airlock;
  };
  return Object.freeze({
    sanitizeToolResult: (result, call) => forCall(call).sanitizeToolResult(result, call),
    sanitizeText: base.sanitizeText,
    sanitizeResponse: (method, result, call) => forCall(call).sanitizeResponse(method, result, call),
    sanitizeServerRequest: (method, params) => base.sanitizeServerRequest(method, params),
    sanitizeNotification: (method, params) => base.sanitizeNotification(method, params),
    sanitizeError: (error, call) => forCall(call).sanitizeError(error, call),
  } satisfies Airlock);
}
