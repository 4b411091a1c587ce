/**
 * @module cli/render
 * The human account shared by `mcp-airlock demo` and `mcp-airlock explain`: a result's content shown with its
 * invisible characters spelt out (`⟨U+202E⟩`, via `visible()`), runs of tag characters decoded so the hidden
 * sentence can be read, big binaries and deep JSON summarised instead of dumped, and a one-line summary of the
 * airlock's report. Output is meant for a terminal and a person; it is short on purpose.
 *
 * @example
 * write(stdout, renderBlocks(result).join('\n'));
 * write(stdout, summarizeReport(outcome.report));
 */
import type { Report } from '../core/types.js';
import { visible } from '../sanitizers/clean-unicode.js';
import { NOTICE_PREFIX } from '../sanitizers/label-untrusted.js';

/** Longest string shown before it is cut with `… (+N chars)`. */
export const SHOW_MAX_CHARS = 240;
/** Most lines of one text shown. */
export const SHOW_MAX_LINES = 8;

const TAG_RUN = /[\u{E0000}-\u{E007F}]{4,}/gu;

/**
 * A string made safe and readable for a terminal: tag-character runs decoded as `⟨tags: "…"⟩`, every other
 * invisible or control character as `⟨U+XXXX⟩`, cut to {@link SHOW_MAX_CHARS}.
 */
export function show(text: string, maxChars: number = SHOW_MAX_CHARS): string {
  const cut = text.length > maxChars ? text.slice(0, maxChars) : text;
  const decoded = cut.replace(TAG_RUN, (run) => {
    let hidden = '';
    for (const ch of run) {
      const cp = (ch.codePointAt(0) ?? 0) - 0xe0000;
      if (cp >= 0x20 && cp < 0x7f) hidden += String.fromCharCode(cp);
    }
    return `⟨${[...run].length} tag characters: ${JSON.stringify(hidden)}⟩`;
  });
  const shown = visible(decoded);
  return text.length > maxChars ? `${shown}… (+${text.length - maxChars} chars)` : shown;
}

/** A multi-line text, each line shown, indented by `indent`, at most {@link SHOW_MAX_LINES} lines. */
export function showLines(text: string, indent: string): string[] {
  const lines = show(text).split('\n');
  const kept = lines.slice(0, SHOW_MAX_LINES).map((line) => `${indent}${line}`);
  if (lines.length > SHOW_MAX_LINES) kept.push(`${indent}… (+${lines.length - SHOW_MAX_LINES} lines)`);
  return kept;
}

function kib(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** Depth of a JSON value: a scalar is 0, `{}` or `[]` is 1. Iterative, so hostile depth cannot overflow. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) {
      max = Math.max(max, depth);
      continue;
    }
    max = Math.max(max, depth + 1);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return max;
}

export interface RenderOptions {
  /** Leave out the airlock's own notice block (the demo explains it once). */
  readonly hideNotice?: boolean;
}

/** One line (or a few) per content block, then structuredContent, each line starting with `indent`. */
export function renderBlocks(result: unknown, indent = '  ', options: RenderOptions = {}): string[] {
  const out: string[] = [];
  if (typeof result !== 'object' || result === null)
    return [`${indent}(not an object: ${show(String(result))})`];
  const { content, structuredContent, isError } = result as {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
  };
  if (isError === true) out.push(`${indent}(isError: true)`);
  const blocks = Array.isArray(content) ? content : [];
  for (const block of blocks) {
    if (options.hideNotice && isNotice(block)) continue;
    out.push(...renderBlock(block, indent));
  }
  if (!Array.isArray(content)) out.push(`${indent}(no content array)`);
  if (structuredContent !== undefined) {
    const json = JSON.stringify(structuredContent) ?? '';
    out.push(`${indent}structuredContent: JSON, depth ${jsonDepth(structuredContent)}, ${json.length} chars`);
  }
  return out;
}

/** True for the airlock's own notice block (label `notice`). */
export function isNotice(block: unknown): boolean {
  const b = block as { type?: unknown; text?: unknown } | null;
  return b?.type === 'text' && typeof b.text === 'string' && b.text.startsWith(NOTICE_PREFIX);
}

function renderBlock(block: unknown, indent: string): string[] {
  const b = (typeof block === 'object' && block !== null ? block : {}) as Record<string, unknown>;
  const type = typeof b.type === 'string' ? b.type : '?';
  switch (type) {
    case 'text': {
      const text = typeof b.text === 'string' ? b.text : '';
      if (text.startsWith(NOTICE_PREFIX)) return [`${indent}(label) ${show(text, 120)}`];
      return showLines(text, indent);
    }
    case 'image':
    case 'audio': {
      const data = typeof b.data === 'string' ? b.data : '';
      const what = data.length === 0 ? 'data omitted ("")' : `${kib(base64Bytes(data))} of base64 data`;
      return [`${indent}[${type} ${show(String(b.mimeType ?? '?'), 60)}, ${what}]`];
    }
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      const head = `${indent}[resource ${show(String(r.uri ?? '?'), 120)}]`;
      if (typeof r.text === 'string') return [head, ...showLines(r.text, `${indent}  `)];
      const blob = typeof r.blob === 'string' ? r.blob : '';
      return [`${head} ${blob.length === 0 ? 'blob omitted ("")' : `${kib(base64Bytes(blob))} blob`}`];
    }
    case 'resource_link':
      return [`${indent}[link ${show(String(b.uri ?? '?'), 120)}] ${show(String(b.name ?? ''), 80)}`];
    default:
      return [`${indent}[${show(type, 40)} block]`];
  }
}

/** Words for report actions in the one-line summary. */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  removed: 'removed',
  normalized: 'normalized',
  masked: 'masked',
  redacted: 'redacted',
  blocked: 'blocked',
  truncated: 'truncated',
  omitted: 'omitted',
  converted: 'converted to text',
  dropped: 'dropped',
  renamed: 'renamed',
  invalid: 'invalid',
  withheld: 'withheld',
};

/**
 * One line from a report's counts, e.g. `removed 4 (bidi 4) · masked 1 (github-pat) · omitted 1 (image)`.
 * `unchanged` when the airlock changed nothing. Counts and ids only, like the report itself.
 */
export function summarizeReport(report: Pick<Report, 'changed' | 'counts'>): string {
  const totals = new Map<string, number>();
  const details = new Map<string, string[]>();
  for (const [key, n] of Object.entries(report.counts)) {
    const colon = key.indexOf(':');
    if (colon === -1) {
      totals.set(key, n);
      continue;
    }
    const action = key.slice(0, colon);
    const list = details.get(action) ?? [];
    list.push(n > 1 ? `${key.slice(colon + 1)} ${n}` : key.slice(colon + 1));
    details.set(action, list);
  }
  for (const action of details.keys()) if (!totals.has(action)) totals.set(action, Number.NaN);
  const parts: string[] = [];
  for (const [action, n] of totals) {
    const word = ACTION_WORDS[action] ?? action;
    const detail = details.get(action);
    const count = Number.isNaN(n) ? '' : ` ${n}`;
    parts.push(`${word}${count}${detail ? ` (${detail.join(', ')})` : ''}`);
  }
  if (parts.length === 0) return report.changed ? 'labelled only' : 'unchanged';
  return parts.join(' · ');
}
