/**
 * @module core/tool-result
 * A CallToolResult through the fixed order of DESIGN.md: structure guard and binary stage inside the walk,
 * every string through unicode → secrets → bound, then the result stage: blocked secrets withhold the result,
 * the whole-result budget, the outputSchema check, the text mirror of structuredContent, labels, the report.
 */
import { boundText } from '../sanitizers/bound-strings.js';
import {
  datamark,
  neutralise,
  noticeText,
  spotlightTag,
  unwrapDocument,
  wrapDocument,
} from '../sanitizers/label-untrusted.js';
import { applyBudget } from './budget.js';
import { type ContentEnv, walkBlocks, walkMeta } from './content.js';
import { blockedDetails, errorResult, SECRET_BLOCKED_MESSAGE } from './error-results.js';
import { outputSchemaErrors } from './output-schema.js';
import { childPath } from './paths.js';
import type { ResolvedOptions } from './resolve.js';
import type { CallContext, ContentBlock, StringClass, ToolResult } from './types.js';
import { asUnit, isPlainObject, pipeString, type Walk, walkJson, walkObject, walkOpaque } from './walk.js';

const RESULT_TYPES = new Set(['complete', 'input_required', 'task']);

/** Strings under these keys are opaque tokens a client sends back: kept byte for byte, never model-visible. */
const OPAQUE = new Set(['requestState', 'nextCursor', 'cursor', 'taskId', 'progressToken']);

function takesStructuredObject(call: CallContext): boolean {
  return call.protocolVersion === undefined || call.protocolVersion < '2026-07-28';
}

/**
 * Which JSON text of structuredContent a text block is, if it is one: 0 for compact, 1 for two-space
 * indentation, -1 for neither. The JSON text is made only for a block that could be a mirror (it starts like
 * JSON), once per result, so results without a mirror pay nothing.
 */
function mirrorMatcher(raw: unknown, datamarked: boolean): (text: string) => number {
  let compact: string | undefined | null;
  let pretty: string | undefined | null;
  const json = (indent: number | undefined): string | null => {
    try {
      return JSON.stringify(raw, null, indent) ?? null;
    } catch {
      return null; // too deep to stringify: it is converted by the walk and not mirrored
    }
  };
  return (text) => {
    const first = text.charCodeAt(0);
    if (first !== 0x7b && first !== 0x5b) return -1; // '{' or '['
    // What we send with datamarking on has its spaces marked (see `datamark`): that is ours, recognised too.
    const is = (json: string | null): boolean =>
      json !== null && (text === json || (datamarked && text === datamark(json)));
    if (text.charCodeAt(1) === 0x0a) {
      pretty ??= json(2);
      return is(pretty) ? 1 : -1;
    }
    compact ??= json(undefined);
    return is(compact) ? 0 : -1;
  };
}

export function walkToolResult(
  walk: Walk,
  options: ResolvedOptions,
  raw: unknown,
  call: CallContext,
): ToolResult {
  if (!isPlainObject(raw)) throw new TypeError('not a CallToolResult');
  const isError = raw.isError === true;
  const env: ContentEnv = { walk, options, textClass: isError ? 'error' : 'document' };
  const ctx = walk.ctx;
  const resultType = typeof raw.resultType === 'string' ? raw.resultType : undefined;
  const rawContent = raw.content;
  const labelled =
    options.label !== 'none' &&
    Array.isArray(rawContent) &&
    (resultType === undefined || resultType === 'complete');
  const offset = labelled ? 1 : 0; // the server's first block sits after our notice
  const server = call.serverName ?? options.serverName;
  const notice = noticeText(call.toolName, server, isError);

  // structuredContent first: its sanitized value regenerates any text mirror of it.
  let structured: unknown;
  let structuredMoved: string | undefined;
  if (raw.structuredContent !== undefined) {
    structured = asUnit(walk, '/structuredContent', () =>
      walkJson(walk, raw.structuredContent, '/structuredContent', 1, 'field'),
    );
    if (!isPlainObject(structured) && takesStructuredObject(call)) {
      ctx.report({ path: '/structuredContent', action: 'converted', class: 'structured-content' });
      structuredMoved = JSON.stringify(structured);
      structured = undefined;
    }
  }

  let content: ContentBlock[] | undefined;
  // The mirrors as they went out, with their forms: the whole-result budget may cut structuredContent after.
  let mirrored: Map<ContentBlock, number> | undefined;
  if (Array.isArray(rawContent)) {
    const mirrorForm =
      raw.structuredContent === undefined
        ? () => -1
        : mirrorMatcher(raw.structuredContent, options.label === 'spotlight' && options.datamark);
    const blocks: unknown[] = [];
    let mirrors: Map<number, { form: number; text: string }> | undefined; // made for the first mirror
    rawContent.forEach((block, i) => {
      // Our own notice from an earlier pass is recognised, not labelled twice.
      if (i === 0 && isText(block) && block.text === notice) return;
      const at = blocks.length;
      // Our own spotlight delimiters come off first: a mirror we labelled on an earlier pass is still a mirror.
      const own =
        options.label === 'spotlight' ? unwrapOurs(options, block, server, call, at + offset) : block;
      if (isText(own) && structured !== undefined) {
        const form = mirrorForm(own.text);
        if (form >= 0) {
          // A mirror is regenerated from the sanitized value, not scanned a second time.
          mirrors ??= new Map();
          mirrors.set(at, { form, text: own.text });
          blocks.push({ ...own, text: '' });
          return;
        }
      }
      blocks.push(own);
    });
    content = walkBlocks(env, blocks, '/content', offset).map((block, i) => {
      const mirror = mirrors?.get(i);
      if (mirror === undefined) return block;
      // Unchanged structuredContent: the server's own mirror is already its JSON text.
      const json = structured === raw.structuredContent ? mirror.text : mirrorJson(structured, mirror.form);
      const text = settleMirror(walk, json, options.bounds[env.textClass], i + offset, env.textClass);
      walk.chars += text.length;
      const regenerated = { ...block, text };
      mirrored ??= new Map();
      mirrored.set(regenerated, mirror.form);
      return regenerated;
    });
    if (structuredMoved !== undefined) {
      const path = childPath('/content', content.length + offset);
      content.push({ type: 'text', text: walkJsonText(walk, structuredMoved, path) });
    }
  } else if (rawContent !== undefined) {
    ctx.report({ path: '/content', action: 'invalid', class: 'content' });
    content = [];
  }

  let out: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    switch (key) {
      case 'content':
        if (content !== undefined) out.content = content;
        break;
      case 'structuredContent':
        if (structured !== undefined) out.structuredContent = structured;
        break;
      case 'isError':
        if (typeof value !== 'boolean') ctx.report({ path: '/isError', action: 'invalid', class: 'isError' });
        out.isError = isError;
        break;
      case '_meta':
        if (isPlainObject(value)) out._meta = walkMeta(walk, value, '/_meta');
        else ctx.report({ path: '/_meta', action: 'dropped', class: '_meta' });
        break;
      case 'resultType':
        if (typeof value === 'string' && RESULT_TYPES.has(value)) out.resultType = value;
        else ctx.report({ path: '/resultType', action: 'invalid', class: 'resultType' });
        break;
      default:
        if (OPAQUE.has(key)) out[key] = walkOpaque(walk, value, childPath('', key), 1);
        else if (key.startsWith('airlock/'))
          ctx.report({ path: '', action: 'dropped', class: 'forged-label' });
        else extra[key] = value;
    }
  }
  // Keys the spec does not name are walked like any object's: keys cleaned, hostile keys dropped.
  const others = walkObject(walk, extra, '', 0, (item, at, depth) =>
    asUnit(walk, at, () => walkJson(walk, item, at, depth, 'field')),
  );
  for (const key of Object.keys(others)) if (!Object.hasOwn(out, key)) out[key] = others[key];
  if (content === undefined && structuredMoved !== undefined) {
    out.content = [{ type: 'text', text: walkJsonText(walk, structuredMoved, '/content/0') }];
  }

  if (walk.findings.some((f) => f.action === 'blocked'))
    return ourError(walk, secretBlocked(walk), options, call, server);
  if (walk.chars > options.bounds.result) {
    const budgeted = applyBudget(out, options.bounds.result, walk, offset, settleCut(walk));
    // A mirror the budget left whole is made again from what the budget left of structuredContent: the next
    // pass recognises only the JSON text of the structuredContent it is given, and reads anything else as text.
    // Only where that is whole JSON no longer than what the budget counted: a mirror cut to its bound is text
    // to the next pass, counted before structuredContent, and made again it could come out longer (the cut's
    // marker a digit shorter, one more character kept: random seed 414633152), so that the next pass's budget
    // left structuredContent one character less. Cut, it stays as the budget counted it.
    if (mirrored !== undefined && budgeted.structuredContent !== out.structuredContent) {
      const forms = mirrored;
      budgeted.content = (budgeted.content as ContentBlock[]).map((block) => {
        const form = forms.get(block);
        if (form === undefined) return block;
        const json = mirrorJson(budgeted.structuredContent, form);
        return isWholeMirror(json, options.bounds[env.textClass], env.textClass) &&
          json.length <= (block.text as string).length
          ? { ...block, text: json }
          : block;
      });
    }
    out = budgeted;
  }
  out = checkOutputSchema(out, call, options, walk);
  if (out.isError === true && !isError) return ourError(walk, out as ToolResult, options, call, server);
  if (labelled) {
    const blocks = (out.content as ContentBlock[]) ?? [];
    const spotlit =
      options.label === 'spotlight'
        ? blocks.map((b, i) => spotlight(options, b, server, call, i + 1, walk, env.textClass))
        : blocks;
    out.content = [{ type: 'text', text: notice }, ...spotlit];
  }
  return out as ToolResult;
}

/** The JSON text of `value` in a mirror's form (see `mirrorMatcher`): 0 compact, 1 indented by two. */
function mirrorJson(value: unknown, form: number): string {
  return JSON.stringify(value, null, form === 0 ? undefined : 2);
}

/**
 * A regenerated mirror as its block's class holds it. Whole and in a document, it is the JSON text of the
 * sanitized structuredContent, which a second pass recognises and regenerates alike. Otherwise a second pass
 * may read it as a text like any other block's (cut, it is no JSON; an error's class puts an indented
 * mirror's newlines on one line), so it goes through the string stages now, the cut reported, and the next
 * pass finds nothing more to do.
 */
function settleMirror(walk: Walk, json: string, bound: number, index: number, cls: StringClass): string {
  if (isWholeMirror(json, bound, cls)) return json;
  const path = childPath(childPath('/content', index), 'text');
  const cut = boundText(json, bound);
  if (cut !== json)
    walk.ctx.report({ path, action: 'truncated', class: cls, removed: json.length - cut.length });
  return pipeString(walk, cut, path, cls);
}

/** Does a mirror's JSON text go out as it is, whole and in a document (see `settleMirror`)? */
function isWholeMirror(json: string, bound: number, cls: StringClass): boolean {
  return cls === 'document' && json.length <= bound;
}

/**
 * The string stages again, for a string the whole-result budget cut. As a document: every class cleans an
 * already cleaned string alike (only documents keep tabs and newlines, and the others have none left), and
 * the document bound is the largest, so nothing the budget kept is cut by it.
 */
function settleCut(walk: Walk): (text: string, path: string) => string {
  return (text, path) => pipeString(walk, text, path, 'document');
}

/** An error result of ours in place of the server's, labelled as a second pass would label it. */
function ourError(
  walk: Walk,
  result: ToolResult,
  options: ResolvedOptions,
  call: CallContext,
  server: string | undefined,
): ToolResult {
  if (options.label === 'none') return result;
  let blocks = (result.content ?? []) as ContentBlock[];
  if (options.label === 'spotlight')
    blocks = blocks.map((b, i) => spotlight(options, b, server, call, i + 1, walk, 'error'));
  const content = [{ type: 'text', text: noticeText(call.toolName, server, true) }, ...blocks];
  return { ...result, content };
}

function isText(block: unknown): block is { type: 'text'; text: string } {
  return isPlainObject(block) && block.type === 'text' && typeof block.text === 'string';
}

function walkJsonText(walk: Walk, text: string, path: string): string {
  return walkJson(walk, text, path, 1, 'document') as string;
}

/**
 * The secret_blocked result. Its pointers are built from cleaned keys, which are server text: the text goes
 * through the string pipeline like a server's error would, so a second pass finds nothing more in it.
 */
function secretBlocked(walk: Walk): ToolResult {
  const result = errorResult('secret_blocked', SECRET_BLOCKED_MESSAGE, blockedDetails(walk.findings));
  const block = (result.content as ContentBlock[])[0] as { type: string; text: string };
  const text = walk.pipeline(
    block.text,
    { path: '/content/0/text', class: 'error', isError: true },
    walk.ctx,
  );
  return { ...result, content: [{ type: 'text', text }] };
}

function checkOutputSchema(
  out: Record<string, unknown>,
  call: CallContext,
  options: ResolvedOptions,
  walk: Walk,
): Record<string, unknown> {
  if (call.outputSchema === undefined || out.isError === true) return out;
  const errors = outputSchemaErrors(call.outputSchema, out.structuredContent);
  if (errors.length === 0) return out;
  for (const pointer of errors) {
    walk.ctx.report({ path: `/structuredContent${pointer}`, action: 'invalid', class: 'output_invalid' });
  }
  switch (options.onInvalidOutput) {
    case 'mark':
      return out;
    case 'drop': {
      if (out.structuredContent === undefined) return out; // nothing left to drop (a second pass)
      walk.ctx.report({ path: '/structuredContent', action: 'dropped', class: 'output_invalid' });
      const { structuredContent: _dropped, ...rest } = out;
      return rest;
    }
    case 'withhold':
      walk.ctx.report({ path: '', action: 'withheld', class: 'output_invalid' });
      return errorResult(
        'output_invalid',
        'The result was withheld because it does not match the tool output schema.',
        {
          pointers: errors.map((p) => `/structuredContent${p}`),
        },
      ) as Record<string, unknown>;
  }
}

function tagFor(
  options: ResolvedOptions,
  server: string | undefined,
  call: CallContext,
  path: string,
): string {
  return spotlightTag(options.labelKey, server, call.toolName, path);
}

function unwrapOurs(
  options: ResolvedOptions,
  block: unknown,
  server: string | undefined,
  call: CallContext,
  index: number,
): unknown {
  if (!isText(block)) return block;
  const path = childPath(childPath('/content', index), 'text');
  const inner = unwrapDocument(block.text, tagFor(options, server, call, path));
  return inner === null ? block : { ...block, text: inner };
}

function spotlight(
  options: ResolvedOptions,
  block: ContentBlock,
  server: string | undefined,
  call: CallContext,
  index: number,
  walk: Walk,
  cls: StringClass,
): ContentBlock {
  if (block.type !== 'text' || typeof block.text !== 'string') return block;
  const path = childPath(childPath('/content', index), 'text');
  let text = neutralise(block.text);
  if (text !== block.text) {
    walk.ctx.report({ path, action: 'normalized', class: 'delimiter' });
    // The rules read the neutralised text otherwise (`‹` ends no value where `<` did): it goes through the
    // string stages again now, as the next pass would send it, so that sanitizing twice changes nothing more.
    text = pipeString(walk, text, path, cls);
  }
  if (options.datamark) text = datamark(text);
  return { ...block, text: wrapDocument(text, tagFor(options, server, call, path)) };
}
