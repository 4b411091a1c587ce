/**
 * @module core/resolve
 * Raw options → validated, resolved, frozen options, once per airlock. Bad options throw one `AirlockError`
 * naming the option; nothing on the hot path re-reads raw options.
 */
import { createBoundStrings } from '../sanitizers/bound-strings.js';
import { createCleanUnicode } from '../sanitizers/clean-unicode.js';
import { PROCESS_LABEL_KEY, SPOTLIGHT_OVERHEAD } from '../sanitizers/label-untrusted.js';
import { createMaskSecrets } from '../sanitizers/mask-secrets.js';
import { collectSecretArguments } from '../secrets/exact.js';
import { isSecretishKey } from '../secrets/key-names.js';
import { type ResolvedSecrets, resolveSecretsOptions } from '../secrets/options.js';
import { lastCleanMayHoldContext } from '../unicode/clean.js';
import { REMOTE_ERROR_PREFIX } from './error-results.js';
import { AirlockError } from './errors.js';
import {
  type AirlockOptions,
  type BinaryOptions,
  type Bounds,
  DEFAULT_BINARY,
  DEFAULT_BOUNDS,
  DEFAULT_STRUCTURE,
  type LabelMode,
  type OnInvalidOutput,
  type StructureOptions,
  type TextBearingPolicy,
  type UnknownBlockPolicy,
} from './options.js';
import { chain } from './pipeline.js';
import type { CallContext, LookalikeMode, Sanitizer, UnicodeProfile } from './types.js';
import type { TextPipeline } from './walk.js';

export interface ResolvedOptions {
  readonly profile: UnicodeProfile;
  readonly lookalikes: LookalikeMode;
  /** Effective bounds: the document bound leaves room for spotlight delimiters when they are on. */
  readonly bounds: Bounds;
  readonly label: LabelMode;
  readonly labelKey: string;
  readonly datamark: boolean;
  readonly secrets: ResolvedSecrets;
  readonly binary: BinaryOptions;
  readonly structure: StructureOptions;
  readonly onInvalidOutput: OnInvalidOutput;
  readonly unknownBlocks: UnknownBlockPolicy;
  readonly untrustedPaths: boolean;
  readonly serverName: string | undefined;
  /** Every `text` stage in order: user `before`, unicode, secrets, user `after`, bounds. */
  readonly pipeline: TextPipeline;
  /** The same stages with another bounding stage (`sanitizeText` takes a bound per call). */
  readonly pipelineWith: (bound: TextPipeline) => TextPipeline;
  /** The set a call keeps the keys `pipeline` left unchanged in, if any (see `walkKey` and `cleanKeySets`). */
  readonly cleanKeysFor: (call: CallContext, isError: boolean) => Set<string> | undefined;
  readonly blockStage: Sanitizer['block'];
  readonly resultStage: Sanitizer['result'];
}

function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    throw new AirlockError(
      'bad_option',
      `option ${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

function count(name: string, value: number | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new AirlockError(
      'bad_option',
      `option ${name} must be an integer >= ${min} (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

function stages(name: string, value: readonly Sanitizer[] | undefined): readonly Sanitizer[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.some((s) => typeof s !== 'object' || s === null || typeof s.name !== 'string')
  ) {
    throw new AirlockError(
      'bad_option',
      `option ${name} must be an array of sanitizers ({ name, text?, block?, result? })`,
    );
  }
  return value;
}

export function resolveOptions(options: AirlockOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null)
    throw new AirlockError('bad_option', 'options must be an object');
  const profile = oneOf('profile', options.profile, ['balanced', 'strict'], 'balanced');
  const lookalikes = oneOf<LookalikeMode>('lookalikes', options.lookalikes, ['fold', 'keep'], 'fold');
  const label = oneOf('label', options.label, ['none', 'notice', 'spotlight'], 'notice');
  const raw = options.bounds ?? {};
  const bounds: Bounds = Object.freeze({
    document: count('bounds.document', raw.document, DEFAULT_BOUNDS.document, 64),
    field: count('bounds.field', raw.field, DEFAULT_BOUNDS.field, 32),
    error: count('bounds.error', raw.error, DEFAULT_BOUNDS.error, 32),
    key: count('bounds.key', raw.key, DEFAULT_BOUNDS.key, 32),
    result: count('bounds.result', raw.result, DEFAULT_BOUNDS.result, 64),
  });
  if (label === 'spotlight' && Math.min(bounds.document, bounds.error) < SPOTLIGHT_OVERHEAD + 64) {
    throw new AirlockError(
      'bad_option',
      `label spotlight needs bounds.document and bounds.error of at least ${SPOTLIGHT_OVERHEAD + 64}`,
    );
  }
  // Room for what the airlock adds around a string: spotlight delimiters, the remote-error prefix.
  const effective: Bounds = Object.freeze({
    ...bounds,
    document: label === 'spotlight' ? Math.max(32, bounds.document - SPOTLIGHT_OVERHEAD) : bounds.document,
    error: Math.max(
      32,
      bounds.error - REMOTE_ERROR_PREFIX.length - (label === 'spotlight' ? SPOTLIGHT_OVERHEAD : 0),
    ),
  });
  const binary: BinaryOptions = Object.freeze({
    omitAboveBytes: count(
      'binary.omitAboveBytes',
      options.binary?.omitAboveBytes,
      DEFAULT_BINARY.omitAboveBytes,
    ),
    maxBytes: count('binary.maxBytes', options.binary?.maxBytes, DEFAULT_BINARY.maxBytes),
    replacement: replacement(options.binary?.replacement),
    textBearing: oneOf<TextBearingPolicy>(
      'binary.textBearing',
      options.binary?.textBearing,
      ['clean', 'omit'],
      'clean',
    ),
  });
  const structure: StructureOptions = Object.freeze({
    maxDepth: count('structure.maxDepth', options.structure?.maxDepth, DEFAULT_STRUCTURE.maxDepth, 1),
    maxItems: count('structure.maxItems', options.structure?.maxItems, DEFAULT_STRUCTURE.maxItems, 1),
  });
  const spotlightKey = options.spotlight?.key;
  if (spotlightKey !== undefined && (typeof spotlightKey !== 'string' || spotlightKey.length < 16)) {
    throw new AirlockError('bad_option', 'option spotlight.key must be a string of at least 16 characters');
  }
  let secrets: ResolvedSecrets;
  try {
    secrets = resolveSecretsOptions(options.secrets, options.env ?? process.env);
  } catch (error) {
    if (error instanceof AirlockError) throw error;
    throw new AirlockError('bad_option', `option secrets: ${(error as Error).message}`);
  }
  const before = stages('before', options.before);
  const after = stages('after', options.after);
  const clean = createCleanUnicode({ profile, lookalikes }).text!;
  const rest = chain('after-cleaning', withKeyContext(createMaskSecrets(secrets)), ...after).text!;
  const userBefore = chain('before', ...before).text;
  const boundStage = createBoundStrings(effective).text!;
  const onlyMasking = after.length === 0;
  const pipelineWith = (bound: TextPipeline): TextPipeline =>
    settle(userBefore, clean, rest, bound, onlyMasking);
  const users = chain('user', ...before, ...after);
  const cleanKeysFor = cleanKeySets(before.length + after.length === 0, secrets);
  return Object.freeze({
    profile,
    lookalikes,
    bounds: effective,
    label,
    labelKey: spotlightKey ?? PROCESS_LABEL_KEY,
    datamark: options.spotlight?.datamark === true,
    secrets,
    binary,
    structure,
    onInvalidOutput: oneOf<OnInvalidOutput>(
      'onInvalidOutput',
      options.onInvalidOutput,
      ['mark', 'drop', 'withhold'],
      'mark',
    ),
    unknownBlocks: oneOf<UnknownBlockPolicy>(
      'unknownBlocks',
      options.unknownBlocks,
      ['withhold', 'drop'],
      'withhold',
    ),
    untrustedPaths: options.untrustedPaths !== false,
    serverName: options.serverName,
    pipeline: pipelineWith(boundStage),
    pipelineWith,
    cleanKeysFor,
    blockStage: users.block,
    resultStage: users.result,
  });
}

/** Tools whose clean keys are kept from call to call (see `cleanKeySets`). */
const SHARED_TOOLS = 64;

/**
 * Where a call keeps the keys it found clean. Keys repeat from call to call as well as within one (`status`,
 * `items`, `id`, `title`), and a key found clean by one call is clean in the next whenever its verdict cannot
 * depend on the call beyond its tool: with no user stage (it sees the site and the call) and no secret among
 * the call's arguments (they are masked as exact values). Then the calls of a tool share one set (two: a
 * credential tool's successes skip the rules), bounded by `walkKey`: W4 ~+5%, its seven keys no longer
 * cleaned in every call. Otherwise each call starts an empty set. With an allowlist scope that has a path, a
 * key's verdict depends on the object it sits in, so no key is kept at all: one allowed under one path
 * would have passed unmasked under every other.
 */
function cleanKeySets(
  onlyBuiltIn: boolean,
  secrets: ResolvedSecrets,
): (call: CallContext, isError: boolean) => Set<string> | undefined {
  if (secrets.pathScoped) return () => undefined;
  if (!onlyBuiltIn) return () => new Set();
  // Per tool: its modes object (one per tool, kept by the secrets options) stands for the tool. At most
  // SHARED_TOOLS tools' sets are kept, so that what they hold stays bounded whatever tools are called.
  const shared = new Map<object, Set<string>[]>();
  return (call, isError) => {
    if (call.arguments !== undefined && collectSecretArguments(call.arguments).length > 0) return new Set();
    const modes = secrets.modesFor(call.toolName, '');
    let sets = shared.get(modes);
    if (sets === undefined) {
      if (shared.size >= SHARED_TOOLS) shared.clear();
      sets = [new Set(), new Set()];
      shared.set(modes, sets);
    }
    return sets[!isError && secrets.isCredentialTool(call.toolName) ? 1 : 0] as Set<string>;
  };
}

/**
 * Masking that sees the key a value sits under: `{"password": "Z8BWkVg90tyk"}` holds no secret in either
 * string alone, but its text rendering `"password": "Z8BWkVg90tyk"` matches the keyword-gated rules. Quoted,
 * as JSON has it: the string is the whole value, and a quoted value may hold what ends an unquoted one in
 * code (`&`, `;`, `,`, brackets), which passwords are made of. Framed as `password=Tr0ub4dor&3xyzQ`, it lost
 * `&3xyzQ`, and `aB3;dE6fG9hJ` or `p(ss)W0rd12345` went through whole. A value holding a double quote is
 * framed in single quotes, one holding both bare. A value that masks on its own, or whose key does not name
 * a credential, costs nothing extra.
 */
function withKeyContext(mask: Sanitizer): Sanitizer {
  const text = mask.text!;
  return {
    name: mask.name,
    text(value, site, ctx) {
      const out = text(value, site, ctx);
      const key = site.key;
      // Frame what masking left (not the raw value), so that a second pass frames the same text and finds
      // nothing new; a value already redacted whole has nothing left to frame.
      if (key === undefined || out.length < 4 || out === '[REDACTED]' || !isSecretishKey(key)) return out;
      const quote = !out.includes('"') ? '"' : !out.includes("'") ? "'" : '';
      const prefix = `${JSON.stringify(key)}: ${quote}`;
      const framed = prefix + out + quote;
      const masked = text(framed, site, ctx);
      if (masked === framed) return out;
      // The key was cleaned and masked already, so what stands between the quotes is the value, masked; if a
      // rule took the key or a quote with it, the whole value goes.
      return masked.startsWith(prefix) &&
        masked.endsWith(quote) &&
        masked.length >= prefix.length + quote.length
        ? masked.slice(prefix.length, masked.length - quote.length)
        : '[REDACTED]';
    },
  };
}

/** Characters kept or removed by their neighbours: joiners, bidi marks, variation selectors. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: these invisible characters are matched one by one on purpose
const CONTEXTUAL = /[\u200C-\u200F\u061C\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/;

/**
 * User `before` stages, cleaning, masking (with user `after` stages), bounding — settled, so that sanitizing
 * is idempotent: a cut can leave a new secret-shaped string behind (`AKIA...EXAMPLE` glued to letters stands
 * alone once the letters are cut), and masking or a cut can remove the letters that justified keeping a
 * joiner or a bidi mark. So a string that was cut, or that masking changed and that still holds a context
 * character, goes round once or twice more. A cut string is at most its bound long, so the extra rounds are
 * cheap; strings that came through unchanged are never scanned twice.
 */
function settle(
  before: TextPipeline | undefined,
  clean: TextPipeline,
  mask: TextPipeline,
  bound: TextPipeline,
  onlyMasking: boolean,
): TextPipeline {
  return function settled(value, site, ctx) {
    const cleaned = clean(before === undefined ? value : before(value, site, ctx), site, ctx);
    // Our masking only puts ASCII in: when the cleaned text holds no context character, neither does the
    // masked one, and the search for them (6% of W1) is skipped. User `after` stages may put anything in.
    const mayHoldContext = !onlyMasking || lastCleanMayHoldContext();
    const masked = mask(cleaned, site, ctx);
    let out = bound(masked, site, ctx);
    let cut = out !== masked;
    if (!cut && (masked === cleaned || !mayHoldContext || !CONTEXTUAL.test(masked))) return out;
    for (let round = 0; round < 2; round++) {
      // Cleaning again is the check; masking again is needed only if it changed something or if it was cut.
      const recleaned = clean(out, site, ctx);
      if (recleaned === out && !cut) break;
      const remasked = mask(recleaned, site, ctx);
      const next = bound(remasked, site, ctx);
      if (next === out) break;
      cut = next !== remasked;
      out = next;
    }
    return out;
  };
}

function replacement(value: string | undefined): string {
  if (value === undefined) return DEFAULT_BINARY.replacement;
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new AirlockError(
      'bad_option',
      'option binary.replacement must be a valid base64 string ("" by default)',
    );
  }
  return value;
}
