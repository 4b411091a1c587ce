/**
 * @module mcp-airlock
 * Sanitizes what MCP servers send to models. Everything public is named here or in the two entry points
 * beside it, `mcp-airlock/server` (`withAirlock`) and `mcp-airlock/client` (`wrapClient`); nothing else is
 * exported. This root imports nothing from the MCP SDK (a test holds it to that): code that only sanitizes
 * results does not load the SDK and zod, which took ~13 MB of memory and two thirds of the time importing the root
 * took (measured: 71 -> 58 MB RSS, ~290 -> ~95 ms on a slow morning).
 */
export { createAirlock, REPORT_KEY, UNTRUSTED_KEY } from './core/airlock.js';
export { AirlockError } from './core/errors.js';
export type {
  AirlockOptions,
  BinaryOptions,
  Bounds,
  LabelMode,
  OnInvalidOutput,
  SpotlightOptions,
  StructureOptions,
  TextBearingPolicy,
  UnknownBlockPolicy,
} from './core/options.js';
export { DEFAULT_BINARY, DEFAULT_BOUNDS, DEFAULT_STRUCTURE } from './core/options.js';
export { chain } from './core/pipeline.js';
export type {
  Airlock,
  CallContext,
  ContentBlock,
  ErrorKind,
  Finding,
  FindingAction,
  JsonRpcError,
  Report,
  SanitizeContext,
  SanitizeOutcome,
  Sanitizer,
  SecretMode,
  StringClass,
  TextOptions,
  TextSite,
  ToolResult,
  UnicodeProfile,
} from './core/types.js';
export {
  DEFAULT_ENVELOPE_LIMITS,
  type EnvelopeInput,
  type EnvelopeLimits,
  type EnvelopeOptions,
  type ErrorInput,
  envelopeResult,
  errorResult,
  type HelperResult,
  kindForStatus,
  UNTRUSTED_CONTENT_NOTICE,
} from './integrations/envelope.js';
export type { IntegrationOptions } from './integrations/shared.js';
export { listRules, RULES } from './rules/index.js';
export type { SecretRule } from './rules/types.js';
export { type SanitizeToolCallResultOptions, sanitizeText, sanitizeToolCallResult } from './sanitize.js';
export { boundText, createBoundStrings } from './sanitizers/bound-strings.js';
export { createCleanUnicode, visible } from './sanitizers/clean-unicode.js';
export { createMaskSecrets, maskSecrets, SECRET_FIELD_NAMES } from './sanitizers/mask-secrets.js';
export type { SecretsOptions } from './secrets/options.js';
