import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/types.js';
import { AUDIT_MAX_POINTERS, type AuditEvent, auditLine, createAudit } from '../../src/proxy/audit.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-audit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'ghp_auditNeverSeesThisValue000000000000';

function event(report: Partial<Report>, extra: Partial<AuditEvent> = {}): AuditEvent {
  return {
    time: '2026-01-02T03:04:05.000Z',
    server: 'gh',
    method: 'tools/call',
    tool: 'get_issue',
    id: 7,
    durationMs: 12,
    report: { version: 1, changed: false, counts: {}, findings: [], ...report },
    ...extra,
  };
}

const masked = event({
  changed: true,
  counts: { masked: 1, 'masked:github-pat': 1, removed: 2, 'removed:bidi': 2 },
  findings: [
    { path: '/content/0/text', action: 'masked', rule: 'github-pat' },
    { path: '/content/0/text', action: 'removed', class: 'bidi', removed: 2 },
    // A finding carrying something it should not: only known fields are copied out.
    { path: '/content/1/text', action: 'redacted', value: SECRET } as never,
  ],
});

describe('auditLine', () => {
  it('keeps types, pointers and counts, never a value', () => {
    expect(auditLine(masked)).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      server: 'gh',
      method: 'tools/call',
      tool: 'get_issue',
      id: 7,
      durationMs: 12,
      changed: true,
      actions: { masked: 1, 'masked:github-pat': 1, removed: 2, 'removed:bidi': 2 },
      rules: ['github-pat'],
      pointers: ['/content/0/text', '/content/1/text'],
    });
    expect(JSON.stringify(auditLine(masked))).not.toContain(SECRET);
  });

  it.each([
    [
      'a notification',
      { method: 'notifications/progress', tool: undefined, id: undefined, durationMs: undefined },
    ],
    ['a string id', { id: 'req-1' }],
  ])('leaves out what %s does not have', (_name, extra) => {
    const line = auditLine(event({}, extra as Partial<AuditEvent>));
    for (const [key, value] of Object.entries(extra)) {
      if (value === undefined) expect(line).not.toHaveProperty(key);
      else expect(line).toHaveProperty(key, value);
    }
  });

  it('caps the pointers and counts the rest', () => {
    const findings = Array.from({ length: AUDIT_MAX_POINTERS + 5 }, (_, i) => ({
      path: `/content/${i}/text`,
      action: 'removed' as const,
    }));
    const line = auditLine(event({ findings }));
    expect(line.pointers).toHaveLength(AUDIT_MAX_POINTERS);
    expect(line.morePointers).toBe(5);
  });
});

describe('createAudit', () => {
  it('appends one JSON line per message, across reopenings', async () => {
    const file = join(dir, 'logs', 'audit.jsonl');
    const first = createAudit(file);
    first.write(masked);
    first.write(event({}, { id: 8 }));
    await first.close();
    const second = createAudit(file);
    second.write(event({}, { id: 9 }));
    await second.close();
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([7, 8, 9]);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
  });

  it('reports a file it cannot write once, and keeps going', async () => {
    const errors: Error[] = [];
    let reported: () => void = () => {};
    const errored = new Promise<void>((resolve) => {
      reported = resolve;
    });
    mkdirSync(join(dir, 'is-a-dir'));
    const audit = createAudit(join(dir, 'is-a-dir'), {
      onError: (e) => {
        errors.push(e);
        reported();
      },
    });
    audit.write(masked);
    await errored;
    audit.write(masked);
    await audit.close();
    expect(errors).toHaveLength(1);
  });

  it('says clearly when the folder cannot be created', () => {
    writeFileSync(join(dir, 'file'), '');
    expect(() => createAudit(join(dir, 'file', 'audit.jsonl'))).toThrow(/cannot create the audit file/);
  });
});
