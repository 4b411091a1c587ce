/**
 * @module proxy/audit
 * The audit log (`--audit <file>`): one JSON line per sanitized message, appended. A line says when, which
 * server, method, tool and request id, how long the call took, and what the airlock did — counts by action and
 * class or rule, the rule ids, and the JSON pointers touched. It never holds a value: no text, no removed
 * character, no secret, no argument. Only the fields listed below are copied out of the event, so a new field on
 * the report can never leak into the log by accident.
 *
 * Writing never blocks the relay: lines go to an append stream; if the disk falls behind by more than
 * {@link AUDIT_MAX_BUFFER_BYTES}, lines are dropped and counted (the count is written on close), rather than
 * holding up the host or growing memory without bound.
 *
 * @example
 * const audit = createAudit('/var/log/airlock.jsonl');
 * runProxy({ ..., onMessage: (event) => audit.write(event) });
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AirlockError } from '../core/errors.js';
import type { Report } from '../core/types.js';

/** 8 MiB of lines waiting for the disk; beyond that lines are dropped and counted. */
export const AUDIT_MAX_BUFFER_BYTES = 8 * 1024 * 1024;

/** At most this many pointers per line; the rest are counted in `morePointers`. */
export const AUDIT_MAX_POINTERS = 200;

/** What the relay reports for one sanitized message (the shape of `ProxyMessageEvent`). */
export interface AuditEvent {
  readonly time: string;
  readonly server: string | undefined;
  readonly method: string;
  readonly tool: string | undefined;
  readonly id: string | number | null | undefined;
  readonly durationMs: number | undefined;
  readonly report: Report;
}

/** One line of the audit file. */
export interface AuditLine {
  readonly time: string;
  readonly server?: string;
  readonly method: string;
  readonly tool?: string;
  readonly id?: string | number | null;
  readonly durationMs?: number;
  readonly changed: boolean;
  /** `report.counts`: totals by action and by `action:class|rule`. */
  readonly actions: Readonly<Record<string, number>>;
  readonly rules: readonly string[];
  readonly pointers: readonly string[];
  readonly morePointers?: number;
}

export interface Audit {
  write(event: AuditEvent): void;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

export interface AuditOptions {
  /** Called once if the file cannot be written; auditing then stops (the proxy keeps running). */
  readonly onError?: (error: Error) => void;
}

/** The line for one event: types, pointers and counts only. */
export function auditLine(event: AuditEvent): AuditLine {
  const rules = new Set<string>();
  const pointers = new Set<string>();
  for (const finding of event.report.findings) {
    if (typeof finding.rule === 'string') rules.add(finding.rule);
    if (typeof finding.path === 'string') pointers.add(finding.path);
  }
  const all = [...pointers];
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(event.report.counts))
    if (typeof value === 'number') counts[key] = value;
  return {
    time: event.time,
    ...(event.server !== undefined ? { server: event.server } : {}),
    method: event.method,
    ...(event.tool !== undefined ? { tool: event.tool } : {}),
    ...(event.id !== undefined ? { id: event.id } : {}),
    ...(event.durationMs !== undefined ? { durationMs: event.durationMs } : {}),
    changed: event.report.changed === true,
    actions: counts,
    rules: [...rules].sort(),
    pointers: all.slice(0, AUDIT_MAX_POINTERS),
    ...(all.length > AUDIT_MAX_POINTERS ? { morePointers: all.length - AUDIT_MAX_POINTERS } : {}),
  };
}

export function createAudit(file: string, options: AuditOptions = {}): Audit {
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    throw new AirlockError('bad_option', `cannot create the audit file ${file}: ${(error as Error).message}`);
  }
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  let failed = false;
  let dropped = 0;
  stream.on('error', (error) => {
    if (failed) return;
    failed = true;
    options.onError?.(error);
  });
  return {
    write(event) {
      if (failed) return;
      if (stream.writableLength > AUDIT_MAX_BUFFER_BYTES) {
        dropped++;
        return;
      }
      stream.write(`${JSON.stringify(auditLine(event))}\n`);
    },
    close() {
      return new Promise<void>((resolve) => {
        if (failed || stream.destroyed) return resolve();
        if (dropped > 0) stream.write(`${JSON.stringify({ time: new Date().toISOString(), dropped })}\n`);
        stream.end(() => resolve());
      });
    },
  };
}
