/**
 * @module proxy/pins
 * Tool-definition pinning: a defence against the "rug pull", where a server's tool is approved once and later
 * changes its description (or schema) to carry instructions for the model
 * (https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks).
 *
 * The first time a server's tools are listed, the SHA-256 of each tool's canonical definition (JSON with keys in
 * a stable order, `_meta` left out) is stored in a state file, keyed by server name. On every later listing:
 * - a changed definition is reported, its new hash recorded as `pending`; with `onChange: 'hide'` the tool is
 *   removed from tools/list until `approve(server, tool)` (the CLI's `mcp-airlock pins approve`) accepts it;
 * - a tool that was not there before is reported as added and pinned (trust on first use, per tool);
 * - a tool that disappeared is reported once, and its pin kept, so its return with another definition is a change.
 *
 * The state file (default `$XDG_STATE_HOME/mcp-airlock/pins.json`, else `~/.local/state/mcp-airlock/pins.json`)
 * is re-read before each check and written atomically (temporary file, then rename), so a proxy and the CLI can
 * share it. Listings are rare, so synchronous file access is acceptable here.
 *
 * @example
 * const pins = createPins({ onChange: 'hide' });
 * runProxy({ ..., transformToolsList: pins.transformToolsList('github') });
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { AirlockError } from '../core/errors.js';
import { type InjectionHint, scanTools } from './injection-hints.js';

export type PinPolicy = 'report' | 'hide';

export interface PinEntry {
  /** `sha256:<hex>` of the approved definition. */
  hash: string;
  pinnedAt: string;
  /** `sha256:<hex>` of a changed definition awaiting approval. */
  pending?: string;
  changedAt?: string;
  /** Set when the tool was missing from the latest listing. */
  missingSince?: string;
}

export interface PinState {
  version: 1;
  servers: Record<string, { tools: Record<string, PinEntry> }>;
}

/** What one listing showed, compared with the pins. Names only; never a description. */
export interface PinCheck {
  readonly server: string;
  /** True when this server had no pins yet: everything listed was pinned now. */
  readonly first: boolean;
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  /** Changed tools taken out of tools/list (policy `hide`). */
  readonly hidden: readonly string[];
  /** Injection-shaped text in the listed definitions (see `proxy/injection-hints`): rule ids and pointers. */
  readonly hints: readonly InjectionHint[];
}

export interface PinsOptions {
  /** State file. Default {@link defaultPinsFile}. */
  readonly file?: string;
  /** Default `report`. */
  readonly onChange?: PinPolicy;
  readonly env?: NodeJS.ProcessEnv;
  /** Clock, for tests. */
  readonly now?: () => Date;
}

export interface Pins {
  readonly file: string;
  readonly onChange: PinPolicy;
  /** Compares a listing with the pins, updates the state file, and says what to hide. */
  check(server: string, tools: readonly unknown[]): PinCheck;
  /**
   * A `transformToolsList` hook for the relay: checks the listing of `server`, calls `onCheck` with the outcome,
   * and returns the result without the hidden tools (the same object when nothing is hidden).
   */
  transformToolsList(server: string, onCheck?: (check: PinCheck) => void): (result: unknown) => unknown;
  /** Accepts the pending definition of one tool, or of every tool of the server; forgets removed tools. */
  approve(server: string, tool?: string): string[];
  /** The current state, read from the file. */
  list(): PinState;
}

/** `$XDG_STATE_HOME/mcp-airlock/pins.json`, default `~/.local/state/mcp-airlock/pins.json`. */
export function defaultPinsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'mcp-airlock', 'pins.json');
}

/** JSON with object keys sorted at every level, so the same definition always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const parts: string[] = [];
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `sha256:<hex>` of a tool's canonical definition, `_meta` excluded (it is not shown to the model). */
export function hashTool(tool: unknown): string {
  const { _meta: _ignored, ...definition } = (
    typeof tool === 'object' && tool !== null ? tool : {}
  ) as Record<string, unknown>;
  return `sha256:${createHash('sha256').update(canonicalJson(definition)).digest('hex')}`;
}

export function createPins(options: PinsOptions = {}): Pins {
  const file = options.file ?? defaultPinsFile(options.env);
  const onChange = options.onChange ?? 'report';
  const now = options.now ?? (() => new Date());

  function check(server: string, tools: readonly unknown[]): PinCheck {
    const state = read(file);
    const first = !Object.hasOwn(state.servers, server);
    const entry = first ? { tools: Object.create(null) as Record<string, PinEntry> } : state.servers[server]!;
    const at = now().toISOString();
    const added: string[] = [];
    const changed: string[] = [];
    const removed: string[] = [];
    const hidden: string[] = [];
    const seen = new Set<string>();
    let dirty = first;
    for (const tool of tools) {
      const name = toolName(tool);
      if (name === undefined) continue;
      seen.add(name);
      const hash = hashTool(tool);
      const pin = Object.hasOwn(entry.tools, name) ? entry.tools[name] : undefined;
      if (pin === undefined) {
        if (!first) added.push(name);
        entry.tools[name] = { hash, pinnedAt: at };
        dirty = true;
        continue;
      }
      if (pin.missingSince !== undefined) {
        delete pin.missingSince;
        dirty = true;
      }
      if (pin.hash === hash) {
        // Back to the approved definition: nothing is pending any more.
        if (pin.pending !== undefined) {
          delete pin.pending;
          delete pin.changedAt;
          dirty = true;
        }
        continue;
      }
      changed.push(name);
      if (onChange === 'hide') hidden.push(name);
      if (pin.pending !== hash) {
        pin.pending = hash;
        pin.changedAt = at;
        dirty = true;
      }
    }
    for (const [name, pin] of Object.entries(entry.tools)) {
      if (seen.has(name) || pin.missingSince !== undefined) continue;
      pin.missingSince = at;
      removed.push(name);
      dirty = true;
    }
    if (dirty) {
      setOwn(state.servers, server, entry);
      write(file, state);
    }
    return { server, first, added, changed, removed, hidden, hints: scanTools(tools) };
  }

  return {
    file,
    onChange,
    check,
    transformToolsList(server, onCheck) {
      return function pinToolsList(result: unknown): unknown {
        const tools = (result as { tools?: unknown } | null)?.tools;
        if (!Array.isArray(tools)) return result;
        const outcome = check(server, tools);
        onCheck?.(outcome);
        if (outcome.hidden.length === 0) return result;
        const hide = new Set(outcome.hidden);
        return {
          ...(result as object),
          tools: tools.filter((t) => {
            const name = toolName(t);
            return name === undefined || !hide.has(name);
          }),
        };
      };
    },
    approve(server, tool) {
      const state = read(file);
      const entry = Object.hasOwn(state.servers, server) ? state.servers[server] : undefined;
      if (entry === undefined)
        throw new AirlockError('not_found', `no pins for server "${server}" in ${file}`);
      if (tool !== undefined && !Object.hasOwn(entry.tools, tool)) {
        throw new AirlockError('not_found', `no pin for tool "${tool}" of server "${server}"`);
      }
      const approved: string[] = [];
      for (const [name, pin] of Object.entries(entry.tools)) {
        if (tool !== undefined && name !== tool) continue;
        if (pin.missingSince !== undefined) {
          delete entry.tools[name];
          approved.push(name);
        } else if (pin.pending !== undefined) {
          entry.tools[name] = { hash: pin.pending, pinnedAt: now().toISOString() };
          approved.push(name);
        }
      }
      if (approved.length > 0) write(file, state);
      return approved;
    },
    list: () => read(file),
  };
}

function toolName(tool: unknown): string | undefined {
  const name = (tool as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

function read(file: string): PinState {
  if (!existsSync(file)) return { version: 1, servers: Object.create(null) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AirlockError('bad_state', `cannot read pins file ${file}: ${(error as Error).message}`);
  }
  const servers = (parsed as { servers?: unknown } | null)?.servers;
  if ((parsed as { version?: unknown }).version !== 1 || typeof servers !== 'object' || servers === null) {
    throw new AirlockError('bad_state', `pins file ${file} is not a version 1 pins file`);
  }
  // Rebuild on null-prototype records so server and tool names like `__proto__` stay plain keys.
  const out: PinState = { version: 1, servers: Object.create(null) };
  for (const [server, entry] of Object.entries(servers)) {
    const tools: Record<string, PinEntry> = Object.create(null);
    for (const [name, pin] of Object.entries((entry as { tools?: object }).tools ?? {})) {
      if (typeof (pin as PinEntry).hash === 'string') tools[name] = { ...(pin as PinEntry) };
    }
    out.servers[server] = { tools };
  }
  return out;
}

function write(file: string, state: PinState): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
