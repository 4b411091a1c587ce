/**
 * @module config/print
 * The effective configuration as JSON for `mcp-airlock config --print`, with every secret value hidden:
 * `secrets.values`, `spotlight.key`, the proxy's bearer tokens and every upstream header value, at the top
 * level and inside each server and tool override. Hidden values keep their position and count, so a person can
 * still see that three secret values are configured, without seeing any of them.
 *
 * @example
 * stdout.write(`${printConfig(loadConfig())}\n`);
 */
import type { LoadedConfig } from './load.js';
import type { AirlockConfig, Overrides } from './schema.js';

/** What replaces a hidden value. */
export const HIDDEN = '[hidden]';

/** Returns a copy of the config with every secret value replaced by `[hidden]`. Never mutates its input. */
export function hideSecrets(config: AirlockConfig): AirlockConfig {
  const out: AirlockConfig = { ...hideOverrides(config) };
  if (config.tools) out.tools = mapValues(config.tools, hideOverrides);
  if (config.servers) {
    out.servers = mapValues(config.servers, (server) => {
      const hidden = { ...hideOverrides(server) };
      if (server.tools) hidden.tools = mapValues(server.tools, hideOverrides);
      return hidden;
    });
  }
  if (config.proxy) {
    const proxy = { ...config.proxy };
    if (proxy.bearerToken !== undefined) proxy.bearerToken = HIDDEN;
    if (proxy.listenToken !== undefined) proxy.listenToken = HIDDEN;
    if (proxy.headers) proxy.headers = mapValues(proxy.headers, () => HIDDEN);
    out.proxy = proxy;
  }
  return out;
}

/**
 * The text `config --print` writes: where the config came from, then the effective config (secrets hidden).
 * With a server (and tool) name, the resolved airlock options for it instead of the whole file.
 */
export function printConfig(loaded: LoadedConfig, target: { server?: string; tool?: string } = {}): string {
  const body =
    target.tool !== undefined
      ? hideOverrides(loaded.forTool(target.server, target.tool) as Overrides)
      : target.server !== undefined
        ? hideOverrides(loaded.forServer(target.server) as Overrides)
        : hideSecrets(loaded.config);
  const printed = {
    source: loaded.source,
    path: loaded.path,
    ...(loaded.envApplied.length > 0 ? { env: loaded.envApplied } : {}),
    ...(target.server !== undefined ? { server: target.server } : {}),
    ...(target.tool !== undefined ? { tool: target.tool } : {}),
    config: body,
  };
  return JSON.stringify(printed, null, 2);
}

function hideOverrides<T extends Overrides>(value: T): T {
  const out = { ...value };
  if (value.secrets?.values)
    out.secrets = { ...value.secrets, values: value.secrets.values.map(() => HIDDEN) };
  if (value.spotlight?.key !== undefined) out.spotlight = { ...value.spotlight, key: HIDDEN };
  return out;
}

function mapValues<T, U>(record: Record<string, T>, fn: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(out, key, {
      value: fn(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
