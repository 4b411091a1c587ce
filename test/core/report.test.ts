import { describe, expect, it } from 'vitest';
import { buildReport, REPORT_MAX_FINDINGS } from '../../src/core/report.js';
import type { Finding } from '../../src/core/types.js';

describe('buildReport', () => {
  it('totals by action and by action:rule or action:class, keys sorted', () => {
    const findings: Finding[] = [
      { path: '/content/0/text', action: 'removed', class: 'zero-width', removed: 2 },
      { path: '/content/0/text', action: 'masked', rule: 'github-pat', count: 1 },
      { path: '/content/1/text', action: 'removed', class: 'bidi-mark', removed: 1 },
      { path: '/content/1/text', action: 'masked', rule: 'github-pat', count: 3 },
      { path: '/structuredContent', action: 'dropped', class: 'items', count: 5 },
      { path: '/content/2', action: 'invalid' },
    ];
    const report = buildReport(findings, true);
    expect(Object.keys(report.counts)).toEqual([
      'dropped',
      'dropped:items',
      'invalid',
      'masked',
      'masked:github-pat',
      'removed',
      'removed:bidi-mark',
      'removed:zero-width',
    ]);
    expect(report.counts).toEqual({
      dropped: 5,
      'dropped:items': 5,
      invalid: 1,
      masked: 4,
      'masked:github-pat': 4,
      removed: 3,
      'removed:bidi-mark': 1,
      'removed:zero-width': 2,
    });
    expect(report.findings).toBe(findings);
    expect(report.changed).toBe(true);
  });

  it('counts details past the number of keys it keeps made', () => {
    // More distinct classes than the kept keys (1,024 per action): those past it are made per report.
    const findings: Finding[] = Array.from({ length: 1500 }, (_, i) => ({
      path: '/x',
      action: 'removed',
      class: `class-${String(i).padStart(4, '0')}`,
      removed: 1,
    }));
    for (let pass = 0; pass < 2; pass++) {
      const { counts } = buildReport(findings, true);
      expect(counts.removed).toBe(1500);
      expect(Object.keys(counts)).toHaveLength(1501);
      expect(counts['removed:class-0000']).toBe(1);
      expect(counts['removed:class-1499']).toBe(1);
    }
  });

  it('lists a bounded number of findings, one of each kind past the bound, and counts them all', () => {
    const removed = (i: number): Finding => ({
      path: `/a/${i}`,
      action: 'removed',
      class: 'zero-width',
      removed: 1,
    });
    const findings: Finding[] = [
      ...Array.from({ length: 5000 }, (_, i) => removed(i)),
      { path: '/b', action: 'masked', rule: 'github-pat', count: 1 },
      removed(5000),
      { path: '/c', action: 'masked', rule: 'github-pat', count: 2 },
      { path: '/d', action: 'invalid' },
    ];
    const report = buildReport(findings, true);
    expect(report.findings).toHaveLength(REPORT_MAX_FINDINGS + 2);
    expect(report.findings.slice(0, REPORT_MAX_FINDINGS)).toEqual(findings.slice(0, REPORT_MAX_FINDINGS));
    expect(report.findings.slice(REPORT_MAX_FINDINGS).map((f) => f.path)).toEqual(['/b', '/d']);
    expect(report.omitted).toBe(findings.length - REPORT_MAX_FINDINGS - 2);
    expect(report.counts).toEqual({
      invalid: 1,
      masked: 3,
      'masked:github-pat': 3,
      removed: 5001,
      'removed:zero-width': 5001,
    });
  });

  it('leaves out nothing, and says so by leaving `omitted` off, when every finding past the bound is a new kind', () => {
    const findings: Finding[] = Array.from({ length: REPORT_MAX_FINDINGS + 5 }, (_, i) => ({
      path: '/x',
      action: 'removed',
      class: `class-${i}`,
    }));
    const report = buildReport(findings, true);
    expect(report.findings).toBe(findings);
    expect('omitted' in report).toBe(false);
  });
});
