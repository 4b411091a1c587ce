/**
 * @module core/types
 * The few types everything else is built on: string classes, findings, the report, and the `Sanitizer`
 * contract. A sanitizer never mutates its input and never logs; it returns new values and reports what it did
 * through the context, as types, pointers and counts only — never a removed or masked value.
 */

/** Where a string sits decides how it is cleaned and bounded (see DESIGN.md, "String classes"). */
export type StringClass = 'document' | 'field' | 'error' | 'key';

/** `balanced` keeps invisible characters that real text needs; `strict` removes every Cc/Cf/Zl/Zp. */
export type UnicodeProfile = 'balanced' | 'strict';
/** Greek and Cyrillic look-alikes inside Latin words: rewritten to the Latin letters (`fold`) or kept. */
export type LookalikeMode = 'fold' | 'keep';

export type SecretMode = 'off' | 'mask' | 'block';

export type ErrorKind =
  | 'not_found'
  | 'invalid_params'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'timeout'
  | 'upstream_error'
  | 'payload_too_large'
  | 'secret_blocked'
  | 'output_invalid'
  | 'sanitizer_failed';

/** What a stage did to one place. */
export type FindingAction =
  | 'removed' // characters removed (class = unicode category)
  | 'normalized' // newlines or similar rewritten for the string class
  | 'masked' // a pattern rule matched (rule = rule id)
  | 'redacted' // a known secret value matched
  | 'blocked' // a rule in block mode matched: the result is withheld
  | 'truncated' // a bound cut the string (removed = chars cut)
  | 'omitted' // a binary was replaced (fingerprint, size, mimeType)
  | 'converted' // a subtree too deep became its JSON text
  | 'dropped' // a key, block, item or field was removed
  | 'renamed' // an object key changed when cleaned, or collided
  | 'invalid' // a value failed validation (schema, URI, name, base64)
  | 'withheld'; // a whole part or result was replaced by a notice

export interface Finding {
  /** RFC 6901 pointer into the sanitized output (or the input, for things that were removed). */
  readonly path: string;
  readonly action: FindingAction;
  /** Unicode category, string class, block type or error kind, depending on the action. */
  readonly class?: string;
  /** Rule id, for masked/blocked findings. */
  readonly rule?: string;
  /** How many characters (or items, or matches) the action removed or touched. */
  readonly removed?: number;
  readonly count?: number;
  /** `sha256:<hex>` of the full original bytes, for omitted binaries. */
  readonly fingerprint?: string;
  readonly mimeType?: string;
  readonly size?: number;
}

export interface Report {
  readonly version: 1;
  readonly changed: boolean;
  /** Totals by `action` and by `action:class|rule`, e.g. `{ masked: 2, 'masked:github-pat': 2 }`. */
  readonly counts: Readonly<Record<string, number>>;
  /**
   * At most `REPORT_MAX_FINDINGS`, plus the first of any `action:detail` not among them; `counts` covers all.
   */
  readonly findings: readonly Finding[];
  /** How many findings were left out of `findings`, when any were. */
  readonly omitted?: number;
}

/** What is known about the call a result answers. Everything is optional. */
export interface CallContext {
  readonly toolName?: string;
  readonly serverName?: string;
  /** The call's arguments: values of secret-named fields are redacted from the result. */
  readonly arguments?: unknown;
  /** The tool's declared outputSchema (from tools/list), for re-validating structuredContent. */
  readonly outputSchema?: unknown;
  /**
   * The session's protocol version. Before `2026-07-28` structuredContent must be an object: other values are
   * moved into a text block so that older clients do not reject the whole result. Default: before 2026-07-28.
   */
  readonly protocolVersion?: string;
}

/** Where a string leaf is. Valid during the stage's call only: the walk reuses one site object per call. */
export interface TextSite {
  readonly path: string;
  readonly class: StringClass;
  /** True inside an isError result. */
  readonly isError: boolean;
  /**
   * The object key this string is the value of, when it is one (`password` for `{"password": "..."}`), so that
   * keyword-gated secret rules see the context a text rendering of the object would show.
   */
  readonly key?: string;
}

/** Per-call state shared by the stages of one sanitize call. Never shared between calls. */
export interface SanitizeContext {
  readonly call: CallContext;
  readonly isError: boolean;
  report(finding: Finding): void;
  /** A per-call cache: `create` runs once per call for each key (e.g. a matcher built from the arguments). */
  cache<T>(key: object, create: () => T): T;
}

/** A JSON object in the shape of an MCP content block: `{ type, ... }`. */
export interface ContentBlock {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** A CallToolResult, kept open to extra keys as the spec is. */
export interface ToolResult {
  readonly content?: readonly ContentBlock[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/**
 * A stage of the airlock. Every method is optional; a sanitizer that has none does nothing.
 * - `text`: every string leaf, in document order, after the built-in string stages before it.
 * - `block`: every content block, before its strings are walked; return `null` to withhold it.
 * - `result`: the whole sanitized result, after the walk.
 *
 * @example
 * const noShouting: Sanitizer = { name: 'no-shouting', text: (s) => s.toLowerCase() };
 */
export interface Sanitizer {
  readonly name: string;
  text?(value: string, site: TextSite, ctx: SanitizeContext): string;
  block?(block: ContentBlock, path: string, ctx: SanitizeContext): ContentBlock | null;
  result?(result: ToolResult, ctx: SanitizeContext): ToolResult;
}

/** What every sanitize call returns: the raw input (same reference), the sanitized value and the report. */
export interface SanitizeOutcome<T = unknown> {
  /** The input, untouched (the same reference). Keep it for storage or debugging; never show it to a model. */
  readonly rawResult: unknown;
  /** The sanitized value; the same reference as `rawResult` when nothing changed and no label was added. */
  readonly sanitizedResult: T;
  /** Whether anything was changed, removed, masked or withheld. */
  readonly isSanitized: boolean;
  readonly report: Report;
  /**
   * Set when the message could not be sanitized and has no withheld form of its own (anything but a tool
   * result, which becomes an isError result instead): answer the request with this JSON-RPC error, or drop
   * the notification. `sanitizedResult` then carries no original data.
   */
  readonly error?: JsonRpcError;
}

/** A JSON-RPC error object. */
export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export interface TextOptions {
  readonly class?: StringClass;
  readonly maxChars?: number;
  readonly profile?: UnicodeProfile;
}

/**
 * An airlock: options resolved and frozen once, then one method per kind of MCP message. Every method is
 * synchronous, deterministic, never mutates its input, and never throws: a failure inside becomes a withheld
 * result (kind `sanitizer_failed`) carrying no original data.
 */
export interface Airlock {
  /** A CallToolResult (tools/call, tasks/result, the `result` of a finished tasks/get). */
  sanitizeToolResult(result: unknown, call?: CallContext): SanitizeOutcome<ToolResult>;
  /** One string; `null` in, `null` out. */
  sanitizeText(text: string, options?: TextOptions): string;
  sanitizeText(text: string | null, options?: TextOptions): string | null;
  /**
   * Any server→client result, by the method of the request it answers: `tools/call`, `tasks/result`,
   * `tasks/get`, `tools/list`, `prompts/list`, `prompts/get`, `resources/list`, `resources/templates/list`,
   * `resources/read`, `completion/complete`, `initialize`, and anything else (every string as a field).
   */
  sanitizeResponse(method: string, result: unknown, call?: CallContext): SanitizeOutcome;
  /** Params of a server→client request: `sampling/createMessage`, `elicitation/create`, and others. */
  sanitizeServerRequest(method: string, params: unknown): SanitizeOutcome;
  /** Params of a server→client notification: progress, message (logging), tasks/status, resources/updated... */
  sanitizeNotification(method: string, params: unknown): SanitizeOutcome;
  /** A JSON-RPC error from upstream: message and data as class `error`; the code is kept. */
  sanitizeError(error: JsonRpcError, call?: CallContext): SanitizeOutcome<JsonRpcError>;
}
