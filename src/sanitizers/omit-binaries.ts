/**
 * @module sanitizers/omit-binaries
 * The binary stage: image/audio `data` and resource `blob`. It runs before any text stage, so base64 is never
 * scanned as text. A large binary costs one decode and one SHA-256 (to fingerprint what was omitted), never a
 * scan proportional to its characters; a small one is checked to be valid base64 (the SDK rejects the whole
 * result otherwise) and passed on. Text-bearing types (SVG, text/*, JSON, XML) carry text a model reads, so
 * they are decoded and cleaned as documents, or omitted, by policy — never passed on raw.
 */
import { createHash } from 'node:crypto';
import type { BinaryOptions } from '../core/options.js';
import type { SanitizeContext } from '../core/types.js';

/** Canonical base64 (standard alphabet, padded): what the SDK's `atob` check accepts without complaint. */
const CANONICAL_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ASCII_WHITESPACE = /[\t\n\f\r ]/g;

/** Types whose bytes are text a model or a renderer will read. */
export function isTextBearing(mimeType: string | undefined): boolean {
  if (mimeType === undefined) return false;
  const type = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'image/svg+xml' ||
    type.endsWith('+xml') ||
    type.endsWith('+json') ||
    type === 'application/json' ||
    type === 'application/xml' ||
    type === 'application/javascript' ||
    type === 'application/x-yaml' ||
    type === 'application/yaml' ||
    type === 'application/x-sh' ||
    type === 'application/ld+json'
  );
}

/** Decoded size of a base64 string, from its length alone. */
export function decodedSize(base64: string): number {
  const len = base64.length;
  if (len === 0) return 0;
  let padding = 0;
  if (base64.charCodeAt(len - 1) === 0x3d) padding++;
  if (len > 1 && base64.charCodeAt(len - 2) === 0x3d) padding++;
  return Math.floor((len * 3) / 4) - padding;
}

/** `value` as canonical base64, or `null` when it is not base64 at all. Whitespace and missing padding are mended. */
export function canonicalBase64(value: string): string | null {
  if (value.length % 4 === 0 && CANONICAL_BASE64.test(value)) return value;
  const compact = value.replace(ASCII_WHITESPACE, '');
  const unpadded = compact.replace(/=+$/, '');
  if (unpadded.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(unpadded)) return null;
  return Buffer.from(unpadded, 'base64').toString('base64');
}

export function fingerprint(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Base64 characters decoded per step of `fingerprintBase64` (a multiple of 4). */
const CHUNK = 1 << 16;
/** One process-wide scratch buffer: decoding 8 MiB at once allocated and faulted in 6 MiB per image. */
const scratch = Buffer.allocUnsafe((CHUNK / 4) * 3);

/**
 * Decoded size and SHA-256 of a base64 string, decoded piece by piece into a reused buffer: about twice as
 * fast as decoding the whole of a large image first. Equal to `fingerprint(Buffer.from(value, 'base64'))`:
 * every piece but the last must decode to exactly 3/4 of its length, which holds only when it is all base64
 * characters and no padding; anything else (whitespace, stray characters) is decoded whole instead.
 */
export function fingerprintBase64(value: string): { size: number; fingerprint: string } {
  const hash = createHash('sha256');
  let size = 0;
  for (let i = 0; i < value.length; i += CHUNK) {
    const end = Math.min(value.length, i + CHUNK);
    const n = scratch.write(end - i === value.length ? value : value.slice(i, end), 0, 'base64');
    if (end < value.length && n !== scratch.length) {
      const bytes = Buffer.from(value, 'base64');
      return { size: bytes.length, fingerprint: fingerprint(bytes) };
    }
    size += n;
    hash.update(scratch.subarray(0, n));
  }
  return { size, fingerprint: `sha256:${hash.digest('hex')}` };
}

/** Cleans decoded text as a document at `path`; returns the cleaned text. */
export type CleanDocument = (text: string, path: string) => string;

/**
 * The sanitized value of one base64 field (`data` or `blob`) at `path`.
 * @example sanitizeBinary(bigPng, 'image/png', '/content/0/data', DEFAULT_BINARY, ctx, clean) // '' and a finding
 */
export function sanitizeBinary(
  value: unknown,
  mimeType: string | undefined,
  path: string,
  options: BinaryOptions,
  ctx: SanitizeContext,
  cleanDocument: CleanDocument,
): string {
  if (typeof value !== 'string') {
    ctx.report({ path, action: 'invalid', class: 'base64' });
    ctx.report({ path, action: 'omitted', class: 'not-a-string' });
    return options.replacement;
  }
  // What we put in place of an omitted binary is not omitted again: sanitizing stays idempotent.
  if (value === options.replacement) return value;
  const size = decodedSize(value);
  const omitAbove = Math.min(options.omitAboveBytes, options.maxBytes);
  const textBearing = isTextBearing(mimeType);
  if (size > omitAbove || (textBearing && options.textBearing === 'omit')) {
    return omit(value, size, mimeType, path, options, ctx);
  }
  const canonical = canonicalBase64(value);
  if (canonical === null) {
    ctx.report({ path, action: 'invalid', class: 'base64' });
    return omit(value, size, mimeType, path, options, ctx);
  }
  if (canonical !== value) ctx.report({ path, action: 'normalized', class: 'base64' });
  if (!textBearing) return canonical;
  const text = Buffer.from(canonical, 'base64').toString('utf8');
  const cleaned = cleanDocument(text, path);
  return cleaned === text ? canonical : Buffer.from(cleaned, 'utf8').toString('base64');
}

function omit(
  value: string,
  size: number,
  mimeType: string | undefined,
  path: string,
  options: BinaryOptions,
  ctx: SanitizeContext,
): string {
  // The fingerprint is of the full decoded bytes so that an omitted binary can be matched against a copy
  // fetched out of band; decoding ignores stray characters, which is fine for a fingerprint.
  const decoded = fingerprintBase64(value);
  ctx.report({
    path,
    action: 'omitted',
    class: size > options.maxBytes ? 'over-max-bytes' : isTextBearing(mimeType) ? 'text-bearing' : 'binary',
    size: decoded.size,
    fingerprint: decoded.fingerprint,
    ...(mimeType === undefined ? {} : { mimeType }),
  });
  return options.replacement;
}
