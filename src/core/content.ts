/**
 * @module core/content
 * Content blocks (tool results, prompt messages, sampling messages) and resource contents. Each known block
 * type is rebuilt from the keys the spec gives it, each string with its class; identifiers (URIs, MIME types)
 * are validated, not rewritten; unknown keys are dropped (the SDK drops them too), unknown block types are
 * withheld by policy, and annotations the SDK would reject (priority out of 0..1, date-only timestamps) are
 * dropped so the whole result is not rejected.
 */
import { sanitizeBinary } from '../sanitizers/omit-binaries.js';
import { cleanText } from '../unicode/clean.js';
import { childPath } from './paths.js';
import type { ResolvedOptions } from './resolve.js';
import type { ContentBlock, StringClass } from './types.js';
import {
  asUnit,
  DROP_KEY,
  isPlainObject,
  markUntrusted,
  type Walk,
  walkArray,
  walkJson,
  walkObject,
  walkString,
} from './walk.js';

/** RFC 3339 date-time with an offset, as the SDK's `z.iso.datetime({ offset: true })` accepts. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/** A URI: a scheme, then no whitespace, controls or invisible characters. */
const URI =
  /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;
const MIME =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;[^\u0000-\u001f\u007f]*)?$/;
const MAX_URI = 8192;

export interface ContentEnv {
  readonly walk: Walk;
  readonly options: ResolvedOptions;
  /** Class of the main text of a block: `document`, or `error` inside an isError result. */
  readonly textClass: StringClass;
}

/** A URI kept as it is when valid; otherwise `null` and a finding (the caller decides what replaces it). */
export function validUri(env: ContentEnv, value: unknown, path: string): string | null {
  // Valid means: a scheme, no whitespace or controls, and nothing the strict Unicode profile would remove
  // (bidi controls, tags, joiners, lone surrogates): a URI is passed on byte for byte or not at all.
  if (
    typeof value === 'string' &&
    value.length <= MAX_URI &&
    URI.test(value) &&
    cleanText(value, 'key', 'strict') === value
  ) {
    markUntrusted(env.walk, path);
    return value;
  }
  env.walk.ctx.report({ path, action: 'invalid', class: 'uri' });
  return null;
}

function mimeType(env: ContentEnv, value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.length <= 255 && MIME.test(value)) {
    markUntrusted(env.walk, path);
    return value;
  }
  env.walk.ctx.report({ path, action: 'invalid', class: 'mime-type' });
  return 'application/octet-stream';
}

export function annotations(
  env: ContentEnv,
  value: unknown,
  path: string,
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    if (value !== undefined) env.walk.ctx.report({ path, action: 'dropped', class: 'annotations' });
    return undefined;
  }
  const out: Record<string, unknown> = {};
  let dropped = 0;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (key === 'audience' && Array.isArray(item) && item.every((r) => r === 'user' || r === 'assistant')) {
      out.audience = [...item];
    } else if (key === 'priority' && typeof item === 'number' && item >= 0 && item <= 1) {
      out.priority = item;
    } else if (key === 'lastModified' && typeof item === 'string' && DATE_TIME.test(item)) {
      out.lastModified = item;
    } else {
      dropped++;
    }
  }
  // The pointer names the annotations object, not the key: a dropped key is server text and stays out of reports.
  if (dropped > 0) env.walk.ctx.report({ path, action: 'dropped', class: 'annotation', count: dropped });
  return out;
}

function meta(env: ContentEnv, value: unknown, path: string): unknown {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    env.walk.ctx.report({ path, action: 'dropped', class: '_meta' });
    return undefined;
  }
  return walkMeta(env.walk, value, path);
}

/** `_meta`: `airlock/` keys from upstream are dropped (a server cannot forge a report); the rest as fields. */
export function walkMeta(walk: Walk, value: Record<string, unknown>, path: string): Record<string, unknown> {
  return walkObject(walk, value, path, 1, (item, at, depth, key) => {
    if (key.startsWith('airlock/')) {
      walk.ctx.report({ path: at, action: 'dropped', class: 'forged-label' });
      return DROP_KEY;
    }
    const cls = key === 'io.modelcontextprotocol/model-immediate-response' ? 'document' : 'field';
    return asUnit(walk, at, () => walkJson(walk, item, at, depth, cls));
  });
}

export function icons(env: ContentEnv, value: unknown, path: string): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: unknown[] = [];
  value.forEach((icon, i) => {
    const at = childPath(path, i);
    if (!isPlainObject(icon)) return;
    const src = validUri(env, icon.src, childPath(at, 'src'));
    if (src === null) return;
    const clean: Record<string, unknown> = { src };
    const mt = mimeType(env, icon.mimeType, childPath(at, 'mimeType'));
    if (mt !== undefined) clean.mimeType = mt;
    if (Array.isArray(icon.sizes))
      clean.sizes = walkJson(
        env.walk,
        icon.sizes.filter((s) => typeof s === 'string'),
        childPath(at, 'sizes'),
        3,
        'field',
      );
    if (icon.theme === 'light' || icon.theme === 'dark') clean.theme = icon.theme;
    out.push(clean);
  });
  return out;
}

type Fields = Record<string, unknown>;

function put(out: Fields, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value;
}

function field(
  env: ContentEnv,
  value: unknown,
  path: string,
  cls: StringClass = 'field',
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    env.walk.ctx.report({ path, action: 'dropped', class: 'not-a-string' });
    return undefined;
  }
  return walkString(env.walk, value, path, cls);
}

function common(env: ContentEnv, block: Record<string, unknown>, path: string, out: Fields): void {
  put(out, 'annotations', annotations(env, block.annotations, childPath(path, 'annotations')));
  put(out, '_meta', meta(env, block._meta, childPath(path, '_meta')));
}

function reportUnknownKeys(
  env: ContentEnv,
  block: Record<string, unknown>,
  known: ReadonlySet<string>,
  path: string,
): void {
  let unknown = 0;
  for (const key of Object.keys(block)) if (!known.has(key)) unknown++;
  if (unknown > 0) env.walk.ctx.report({ path, action: 'dropped', class: 'unknown-key', count: unknown });
}

const KNOWN: Record<string, ReadonlySet<string>> = {
  text: new Set(['type', 'text', 'annotations', '_meta']),
  image: new Set(['type', 'data', 'mimeType', 'annotations', '_meta']),
  audio: new Set(['type', 'data', 'mimeType', 'annotations', '_meta']),
  resource: new Set(['type', 'resource', 'annotations', '_meta']),
  resource_link: new Set([
    'type',
    'uri',
    'name',
    'title',
    'description',
    'mimeType',
    'size',
    'icons',
    'annotations',
    '_meta',
  ]),
};

/** Resource contents (`{ uri, mimeType?, text | blob, _meta? }`), in an embedded resource or resources/read. */
export function walkResourceContents(env: ContentEnv, value: unknown, path: string): Fields | null {
  if (!isPlainObject(value)) {
    env.walk.ctx.report({ path, action: 'withheld', class: 'resource' });
    return null;
  }
  const uri = validUri(env, value.uri, childPath(path, 'uri'));
  if (uri === null) return null;
  const out: Fields = { uri };
  const mt = mimeType(env, value.mimeType, childPath(path, 'mimeType'));
  put(out, 'mimeType', mt);
  if (typeof value.text === 'string') {
    out.text = walkString(env.walk, value.text, childPath(path, 'text'), env.textClass);
  } else if (value.blob !== undefined) {
    out.blob = binary(env, value.blob, mt, childPath(path, 'blob'));
  } else {
    out.text = '';
    env.walk.ctx.report({ path: childPath(path, 'text'), action: 'invalid', class: 'resource' });
  }
  put(out, '_meta', meta(env, value._meta, childPath(path, '_meta')));
  return out;
}

function binary(env: ContentEnv, value: unknown, mt: string | undefined, path: string): string {
  return sanitizeBinary(value, mt, path, env.options.binary, env.walk.ctx, (text, at) =>
    walkString(env.walk, text, at, 'document'),
  );
}

/** A text block saying that something was withheld: the model learns that, not what. */
export function withheldBlock(env: ContentEnv, path: string, what: string): ContentBlock {
  // It takes the place of content, so it is bounded and counted like content: a second pass then sees the same.
  return {
    type: 'text',
    text: walkString(env.walk, `[airlock] ${what} was withheld.`, childPath(path, 'text'), env.textClass),
  };
}

/**
 * One content block at `path`; `null` drops it. User `block` stages run first, on the raw block.
 * @example walkBlock(env, { type: 'text', text: 'hi\u202e' }, '/content/0') // { type: 'text', text: 'hi' }
 */
export function walkBlock(env: ContentEnv, raw: unknown, path: string): ContentBlock | null {
  const { walk } = env;
  if (!isPlainObject(raw) || typeof raw.type !== 'string') {
    walk.ctx.report({ path, action: 'withheld', class: 'not-a-block' });
    return env.options.unknownBlocks === 'drop'
      ? null
      : withheldBlock(env, path, 'A malformed content block');
  }
  let block = raw as ContentBlock;
  if (env.options.blockStage !== undefined) {
    const staged = env.options.blockStage(block, path, walk.ctx);
    if (staged === null) {
      walk.ctx.report({ path, action: 'withheld', class: 'user-stage' });
      return null;
    }
    block = staged;
  }
  const known = KNOWN[block.type];
  if (known === undefined) {
    walk.ctx.report({ path, action: 'withheld', class: 'unknown-block-type' });
    if (env.options.unknownBlocks === 'drop') return null;
    const type = /^[a-z_]{1,32}$/.test(block.type) ? `"${block.type}"` : 'an unknown type';
    return withheldBlock(env, path, `A content block of type ${type}`);
  }
  reportUnknownKeys(env, block, known, path);
  const out: Fields = { type: block.type };
  switch (block.type) {
    case 'text':
      out.text = field(env, block.text, childPath(path, 'text'), env.textClass) ?? '';
      break;
    case 'image':
    case 'audio': {
      if (block.mimeType === undefined)
        env.walk.ctx.report({ path: childPath(path, 'mimeType'), action: 'invalid', class: 'mime-type' });
      const mt = mimeType(env, block.mimeType, childPath(path, 'mimeType')) ?? 'application/octet-stream';
      out.data = binary(env, block.data, mt, childPath(path, 'data'));
      out.mimeType = mt;
      break;
    }
    case 'resource': {
      const resource = walkResourceContents(env, block.resource, childPath(path, 'resource'));
      if (resource === null) return withheldBlock(env, path, 'An embedded resource with an invalid URI');
      out.resource = resource;
      break;
    }
    case 'resource_link': {
      const uri = validUri(env, block.uri, childPath(path, 'uri'));
      if (uri === null) return withheldBlock(env, path, 'A resource link with an invalid URI');
      out.uri = uri;
      out.name = field(env, block.name, childPath(path, 'name')) ?? '';
      put(out, 'title', field(env, block.title, childPath(path, 'title')));
      put(out, 'description', field(env, block.description, childPath(path, 'description')));
      put(out, 'mimeType', mimeType(env, block.mimeType, childPath(path, 'mimeType')));
      if (typeof block.size === 'number' && Number.isFinite(block.size) && block.size >= 0)
        out.size = block.size;
      put(out, 'icons', icons(env, block.icons, childPath(path, 'icons')));
      break;
    }
  }
  common(env, block, path, out);
  return out as ContentBlock;
}

/** An array of content blocks; `offset` shifts output indices (a notice block goes first). */
export function walkBlocks(
  env: ContentEnv,
  blocks: readonly unknown[],
  path: string,
  offset: number,
): ContentBlock[] {
  const out: ContentBlock[] = [];
  const items = walkArray(env.walk, blocks, path, 1, (item) => item);
  for (const item of items) {
    const at = childPath(path, out.length + offset);
    const block = asUnit(env.walk, at, () => walkBlock(env, item, at));
    if (block !== null) out.push(block);
  }
  return out;
}
