/**
 * @module core/options
 * The options of the airlock, their defaults, and their resolution: raw options → validated, resolved, frozen.
 * Resolution happens once per `createAirlock`; the hot path only reads the frozen result.
 */
import type { SecretsOptions } from '../secrets/options.js';
import type { LookalikeMode, Sanitizer, StringClass, UnicodeProfile } from './types.js';

export type LabelMode = 'none' | 'notice' | 'spotlight';
export type OnInvalidOutput = 'mark' | 'drop' | 'withhold';
export type UnknownBlockPolicy = 'withhold' | 'drop';
export type TextBearingPolicy = 'clean' | 'omit';

/** Per-class bounds in UTF-16 code units (JavaScript string length), plus the whole-result budget. */
export interface Bounds {
  readonly document: number;
  readonly field: number;
  readonly error: number;
  readonly key: number;
  /** The whole-result budget, applied after the per-string bounds. */
  readonly result: number;
}

/** `{ document: 100_000, field: 4_000, error: 2_000, key: 256, result: 400_000 }` */
export const DEFAULT_BOUNDS: Bounds = Object.freeze({
  document: 100_000,
  field: 4_000,
  error: 2_000,
  key: 256,
  result: 400_000,
});

export interface BinaryOptions {
  /** Decoded size above which image/audio data and blobs are replaced. Default 256 KiB. */
  readonly omitAboveBytes: number;
  /** Decoded size above which a binary is always omitted, whatever else is set. Default 64 MiB. */
  readonly maxBytes: number;
  /** What replaces an omitted binary (MCP requires a string). Default `""`. */
  readonly replacement: string;
  /** Text-bearing types (SVG, text/*, JSON, XML blobs): clean them as documents, or omit them. Default `clean`. */
  readonly textBearing: TextBearingPolicy;
}

/** `{ omitAboveBytes: 262_144, maxBytes: 67_108_864, replacement: '', textBearing: 'clean' }` */
export const DEFAULT_BINARY: BinaryOptions = Object.freeze({
  omitAboveBytes: 256 * 1024,
  maxBytes: 64 * 1024 * 1024,
  replacement: '',
  textBearing: 'clean',
});

export interface StructureOptions {
  /** Nesting deeper than this becomes the subtree's JSON text. Default 100. */
  readonly maxDepth: number;
  /** Arrays longer than this are cut. Default 10,000. */
  readonly maxItems: number;
}

/** `{ maxDepth: 100, maxItems: 10_000 }` */
export const DEFAULT_STRUCTURE: StructureOptions = Object.freeze({ maxDepth: 100, maxItems: 10_000 });

export interface SpotlightOptions {
  /** HMAC key for the delimiter tags. Default: a random key per process. */
  readonly key?: string;
  /** Interleave a marker between words of documents (Microsoft's "datamarking"). Default false. */
  readonly datamark?: boolean;
}

/** What a user passes; every key is optional. */
export interface AirlockOptions {
  /** Unicode profile. Default `balanced`. */
  readonly profile?: UnicodeProfile;
  /**
   * Greek and Cyrillic letters drawn like Latin ones, inside a word otherwise in Latin (`micros\u03BFft`):
   * `fold` (default) rewrites them to the Latin letters, `keep` leaves them (text that mixes scripts on purpose).
   */
  readonly lookalikes?: LookalikeMode;
  readonly bounds?: Partial<Bounds>;
  /** Model-visible labelling. Default `notice`. */
  readonly label?: LabelMode;
  readonly spotlight?: SpotlightOptions;
  readonly secrets?: SecretsOptions;
  readonly binary?: Partial<BinaryOptions>;
  readonly structure?: Partial<StructureOptions>;
  /** What to do when sanitized structuredContent fails the tool's outputSchema. Default `mark`. */
  readonly onInvalidOutput?: OnInvalidOutput;
  /** Unknown content block types. Default `withhold` (replaced by a text block saying so). */
  readonly unknownBlocks?: UnknownBlockPolicy;
  /**
   * Add `_meta["airlock/untrusted"]`: pointers to the server's data, one per content block, structuredContent,
   * `_meta` entry or other field, each covering every string at or below it. Default true.
   */
  readonly untrustedPaths?: boolean;
  /** Your own stages, run on each string/block/result before or after the built-in ones. */
  readonly before?: readonly Sanitizer[];
  readonly after?: readonly Sanitizer[];
  /** Name of the server, for labels (a per-call `serverName` wins). */
  readonly serverName?: string;
  /** Environment used to resolve `secrets.fromEnv`. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type { StringClass };
