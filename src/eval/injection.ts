/**
 * @module eval/injection
 * Measures labelling against `injection-payloads.jsonl` (indirect prompt injections as they arrive inside tool
 * results). Detection is not the airlock's job — labelling is: under `spotlight`, every result must come out
 * inside delimiters whose tag the payload could not know, with no look-alike delimiter or chat-template token
 * left inside to fake an end of data, and with hidden (invisible) payload text removed. The injection hints
 * the proxy logs for tool definitions are counted too, for information.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAirlock } from '../core/airlock.js';
import { findInjectionHints } from '../proxy/injection-hints.js';
import { unwrapDocument } from '../sanitizers/label-untrusted.js';
import type { Rate } from './unicode.js';

interface InjectionCase {
  readonly id: string;
  readonly family: string;
  readonly text: string;
  readonly payload: string;
}

export interface InjectionEvalResult {
  /** Results that came out with the notice block and the document inside our delimiters. */
  readonly labelled: Rate;
  /** Cases whose text carried a delimiter look-alike or a chat-template token: none of them left inside. */
  readonly neutralised: Rate;
  /** Cases whose text hid something in invisible characters: none of those characters left. */
  readonly hiddenRemoved: Rate;
  /** Payloads the tool-definition heuristics would flag (information only). */
  readonly hinted: Rate;
  readonly failures: readonly { readonly id: string; readonly reason: string }[];
}

const KEY = 'eval-injection-key-0123456789';
const FAKE_DELIMITER = /[\u27EA\u27EB]|<\||\|>/;
const HIDDEN = /[\u200B-\u200F\u2060-\u2064\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

function rate(passed: number, total: number): Rate {
  return { total, passed, rate: total === 0 ? 1 : passed / total };
}

export function evalInjection(dir: string): InjectionEvalResult {
  const cases = readFileSync(join(dir, 'injection-payloads.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as InjectionCase);
  const airlock = createAirlock({ label: 'spotlight', spotlight: { key: KEY } });
  const call = { toolName: 'read_email', serverName: 'mail' };
  const failures: { id: string; reason: string }[] = [];
  let labelled = 0;
  let faked = 0;
  let neutralised = 0;
  let hidden = 0;
  let hiddenRemoved = 0;
  let hinted = 0;
  for (const c of cases) {
    const out = airlock.sanitizeToolResult(
      { content: [{ type: 'text', text: c.text }] },
      call,
    ).sanitizedResult;
    const blocks = (out.content ?? []) as unknown as { text?: string }[];
    const notice = blocks[0]?.text ?? '';
    const wrapped = blocks[1]?.text ?? '';
    const header = /^\u27EAuntrusted-data ([0-9a-f]{16})\u27EB\n/.exec(wrapped);
    const inner = header === null ? null : unwrapDocument(wrapped, header[1]!);
    if (notice.startsWith('[airlock] ') && inner !== null) labelled++;
    else failures.push({ id: c.id, reason: 'not labelled' });
    if (FAKE_DELIMITER.test(c.text)) {
      faked++;
      if (inner !== null && !FAKE_DELIMITER.test(inner)) neutralised++;
      else failures.push({ id: c.id, reason: 'a delimiter look-alike survived' });
    }
    if (HIDDEN.test(c.text)) {
      hidden++;
      if (inner !== null && !HIDDEN.test(inner)) hiddenRemoved++;
      else failures.push({ id: c.id, reason: 'hidden characters survived' });
    }
    if (findInjectionHints(c.payload).length > 0) hinted++;
  }
  return {
    labelled: rate(labelled, cases.length),
    neutralised: rate(neutralised, faked),
    hiddenRemoved: rate(hiddenRemoved, hidden),
    hinted: rate(hinted, cases.length),
    failures,
  };
}

function pct(r: Rate): string {
  return `${r.passed}/${r.total} (${(r.rate * 100).toFixed(1)}%)`;
}

export function formatInjectionEval(r: InjectionEvalResult): string {
  const lines = [
    'Injection payloads (label spotlight)',
    `  labelled and delimited        ${pct(r.labelled)}`,
    `  fake delimiters neutralised   ${pct(r.neutralised)}`,
    `  hidden payload text removed   ${pct(r.hiddenRemoved)}`,
    `  flagged by injection hints    ${pct(r.hinted)} (information: detection is not the goal)`,
  ];
  for (const f of r.failures) lines.push(`    ${f.id}: ${f.reason}`);
  return `${lines.join('\n')}\n`;
}
