/**
 * @module test/property/messages.property
 * Structure-aware fuzzing of whole JSON-RPC messages against the real airlock: every kind of server→client
 * result, server request, notification and error the airlock handles, built mostly valid for the SDK schemas
 * but with hostile strings in every string slot, hostile keys, deep nesting, long arrays, and now and then
 * random garbage in any slot. `FUZZ_RUNS` sets the runs per property (`npm run fuzz` runs a million).
 *
 * The forbidden-code-point predicate and the secret shapes are written here, apart from src/unicode/tables.ts
 * and src/rules, so that a mistake in those tables cannot hide itself.
 */
import {
  CallToolResultSchema,
  CompleteResultSchema,
  CreateMessageRequestParamsSchema,
  CreateTaskResultSchema,
  ElicitRequestParamsSchema,
  GetPromptResultSchema,
  GetTaskResultSchema,
  InitializeResultSchema,
  JSONRPCErrorResponseSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListTasksResultSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationParamsSchema,
  ProgressNotificationParamsSchema,
  ReadResourceResultSchema,
  ResourceUpdatedNotificationParamsSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AirlockOptions,
  createAirlock,
  type JsonRpcError,
  REPORT_KEY,
  type SanitizeOutcome,
} from '../../src/index.js';
import { hostileKey, hostileString, jsonValue, toolResult } from './arbitraries.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SPOTLIGHT_KEY = 'messages-fuzz-key-0123456789';

// ---------------------------------------------------------------------------------------------- predicates

/** Flag tag sequences (black flag, 2–8 tag letters/digits, cancel tag) are the one place tags may stay. */
const FLAG_TAGS = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,8}\u{E007F}/gu;

/** The first forbidden code point of `text`, described, or null. */
function forbidden(text: string): string | null {
  const s = text.replace(FLAG_TAGS, '');
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return `lone high surrogate at ${i}`;
      const cp = s.codePointAt(i) as number;
      if (cp >= 0xe0000 && cp <= 0xe007f) return `tag character U+${cp.toString(16)} at ${i}`;
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `lone low surrogate at ${i}`;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a) return `C0 U+${c.toString(16)} at ${i}`;
    if (c >= 0x7f && c <= 0x9f) return `DEL/C1 U+${c.toString(16)} at ${i}`;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
      return `bidi U+${c.toString(16)} at ${i}`;
    if (c === 0xfeff || c === 0x200b) return `invisible U+${c.toString(16)} at ${i}`;
  }
  return null;
}

/** Standalone tokens, as the rules match them: a key id glued to letters on both sides is part of a word. */
const SECRET_SHAPES = [/(?<![A-Za-z0-9])ghp_[A-Za-z0-9]{36}/, /(?<![A-Z0-9])AKIA[0-9A-Z]{16}(?![A-Z0-9])/];

/** Base64 slots hold bytes, not text: binaries are never scanned as text, by design (DESIGN.md). */
const BINARY_KEYS = new Set(['data', 'blob']);

/** The AWS documentation's example key id: a published placeholder that the rules rightly leave alone. */
const AWS_EXAMPLE_KEY = /AKIAIOSFODNN7EXAMPLE/g;

/**
 * Every string of a value (keys too) with its pointer, skipping base64 slots and, unless asked, the report.
 * Opaque tokens (cursors, task ids) are checked too: a clean token round-trips, a hostile one is cleaned.
 */
function* strings(value: unknown, withReport: boolean, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* strings(item, withReport, `${path}/${i}`);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === REPORT_KEY && !withReport) continue;
      yield [`${path}/${key}#key`, key];
      if (BINARY_KEYS.has(key) && typeof item === 'string') continue;
      yield* strings(item, withReport, `${path}/${key}`);
    }
  }
}

/** What is wrong with an output: a forbidden code point or a surviving secret, with where; or null. */
function leakIn(output: unknown, withReport = false): string | null {
  for (const [path, text] of strings(output, withReport)) {
    const bad = forbidden(text);
    if (bad !== null) return `${path}: ${bad} in ${JSON.stringify(text)}`;
    const scanned = text.replace(AWS_EXAMPLE_KEY, '');
    for (const shape of SECRET_SHAPES)
      if (shape.test(scanned)) return `${path}: secret ${shape.source} survives in ${JSON.stringify(text)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------- arbitraries

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * `n` characters of `alphabet` from a seed: well spread, so entropy floors and placeholder checks pass. No
 * character follows itself (either case): a draw of `XXXX` is filler by the placeholder rule, not a key
 * (seed 2046893294 drew `AKIALSXXXXE6OKBLWQES`).
 */
function spread(seed: number, n: number, alphabet: string): string {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  let out = '';
  while (out.length < n) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const c = alphabet[x % alphabet.length] as string;
    if (c.toLowerCase() !== out.at(-1)?.toLowerCase()) out += c;
  }
  return out;
}

/** Always-removed characters an attacker puts inside a secret so that a pattern scan would miss it. */
const SPLITTERS = ['\u200B', '\u2060', '\uFEFF', '\u202E', '\u{E0041}', '\u001b[31m', '\u00AD'];

/** A real-looking GitHub or AWS key, sometimes split by an invisible character, always between spaces. */
const secret = fc
  .tuple(
    fc.integer(),
    fc.boolean(),
    fc.nat(40),
    fc.constantFrom(...SPLITTERS),
    fc.constantFrom('plain', 'split'),
  )
  .map(([seed, github, at, splitter, how]) => {
    const raw = github ? `ghp_${spread(seed, 36, ALNUM)}` : `AKIA${spread(seed, 16, UPPER_DIGITS)}`;
    const cut = Math.min(at, raw.length - 1) + 1;
    const body = how === 'split' ? raw.slice(0, cut) + splitter + raw.slice(cut) : raw;
    return ` ${body} `;
  });

/** Any UTF-16 code units at all, lone surrogates included. */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

/** A hostile string: attack pieces, secrets, raw code units, mixed. */
const hostile: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: hostileString },
      { weight: 1, arbitrary: secret },
      { weight: 1, arbitrary: codeUnits },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(''));

/** Keys an attacker picks, as well as ordinary ones. */
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'path', 'query', 'limit') },
  { weight: 2, arbitrary: hostileKey },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'airlock/report') },
  { weight: 1, arbitrary: secret },
);

const deep = fc.integer({ min: 5, max: 160 }).chain((depth) =>
  hostile.map((leaf) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++)
      value = i % 2 === 0 ? [value] : { [i % 3 === 0 ? '__proto__' : 'k']: value };
    return value;
  }),
);

const longArray = fc
  .tuple(hostile, fc.integer({ min: 20, max: 300 }))
  .map(([s, n]) => Array.from({ length: n }, (_, i) => (i % 7 === 0 ? s : i)));

/** Anything at all, for a slot that should have held something else. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  jsonValue,
  hostile,
  deep,
  longArray,
  fc.constantFrom(undefined, null, 0, -1, 1e308, true, [], {}, ''),
);

/** Mostly `arb`, sometimes garbage: every slot of every message can be wrong. */
function slot<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof({ weight: 14, arbitrary: arb }, { weight: 1, arbitrary: garbage });
}

const text = slot(hostile);
const name = slot(
  fc.oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,15}$/) },
    { weight: 1, arbitrary: hostile },
  ),
);
const validUri = fc.oneof(
  fc.constantFrom('file:///tmp/a.txt', 'https://example.com/x?y=1', 'mem://notes/1', 'urn:x:y'),
  fc.stringMatching(/^https:\/\/example\.com\/[a-z0-9]{1,12}$/),
);
const uri = slot(fc.oneof({ weight: 4, arbitrary: validUri }, { weight: 1, arbitrary: hostile }));
const token = slot(fc.oneof(hostile, fc.integer()));
const isoDate = fc.constantFrom('2025-01-01T00:00:00Z', '2026-07-28T12:30:00.5+02:00');
const dict = (value: fc.Arbitrary<unknown>) => fc.dictionary(key, value, { maxKeys: 4 });
const meta = slot(dict(slot(jsonValue)));
const list = <T>(arb: fc.Arbitrary<T>, maxLength = 6) => slot(fc.array(arb, { maxLength }));
const rec = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, requiredKeys: (keyof T)[]) =>
  fc.record(fields, { requiredKeys: requiredKeys as never });

const icon = rec(
  { src: uri, mimeType: slot(fc.constantFrom('image/png', 'image/svg+xml')), sizes: list(text, 2) },
  ['src'],
);

const block = fc.oneof(
  rec({ type: fc.constant('text'), text, _meta: meta }, ['type', 'text']),
  rec(
    {
      type: fc.constantFrom('image', 'audio'),
      data: slot(fc.uint8Array({ maxLength: 48 }).map((b) => Buffer.from(b).toString('base64'))),
      mimeType: slot(fc.constantFrom('image/png', 'audio/wav')),
    },
    ['type', 'data', 'mimeType'],
  ),
  rec(
    {
      type: fc.constant('resource'),
      resource: rec({ uri, mimeType: slot(fc.constant('text/plain')), text }, ['uri', 'text']),
    },
    ['type', 'resource'],
  ),
  rec({ type: fc.constant('resource_link'), uri, name: text, description: text }, ['type', 'uri', 'name']),
  garbage,
);

const task = rec(
  {
    taskId: token,
    status: slot(fc.constantFrom('working', 'input_required', 'completed', 'failed', 'cancelled')),
    statusMessage: text,
    createdAt: slot(isoDate),
    lastUpdatedAt: slot(isoDate),
    ttl: slot(fc.oneof(fc.constant(null), fc.nat())),
    pollInterval: slot(fc.nat()),
    _meta: meta,
  },
  ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'],
);

const tool = rec(
  {
    name,
    title: text,
    description: text,
    inputSchema: slot(
      fc.record({
        type: fc.constant('object'),
        properties: dict(rec({ type: fc.constant('string'), description: text }, ['type'])),
      }),
    ),
    annotations: slot(rec({ title: text, readOnlyHint: fc.boolean() }, [])),
    icons: list(icon, 2),
    _meta: meta,
  },
  ['name', 'inputSchema'],
);

const message = rec({ role: slot(fc.constantFrom('user', 'assistant')), content: block, _meta: meta }, [
  'role',
  'content',
]);

type Kind = 'result' | 'request' | 'notification';

interface Case {
  readonly kind: Kind;
  readonly method: string;
  readonly arb: fc.Arbitrary<unknown>;
  /** The SDK schema the message must still satisfy when it satisfied it on the way in. */
  readonly schema: { safeParse(value: unknown): { success: boolean } };
  readonly note?: string;
}

const CASES: readonly Case[] = [
  {
    kind: 'result',
    method: 'initialize',
    schema: InitializeResultSchema,
    arb: rec(
      {
        protocolVersion: slot(fc.constantFrom('2025-06-18', '2025-11-25')),
        capabilities: slot(fc.record({ tools: fc.constant({}), logging: dict(jsonValue) })),
        serverInfo: slot(
          rec({ name: text, version: text, title: text, websiteUrl: uri, icons: list(icon, 2) }, [
            'name',
            'version',
          ]),
        ),
        instructions: text,
        _meta: meta,
      },
      ['protocolVersion', 'capabilities', 'serverInfo'],
    ),
  },
  {
    kind: 'result',
    method: 'tools/list',
    schema: ListToolsResultSchema,
    arb: rec({ tools: list(tool), nextCursor: token, _meta: meta }, ['tools']),
  },
  {
    kind: 'result',
    method: 'prompts/list',
    schema: ListPromptsResultSchema,
    arb: rec(
      {
        prompts: list(
          rec(
            {
              name,
              title: text,
              description: text,
              arguments: list(
                rec({ name: text, description: text, required: slot(fc.boolean()) }, ['name']),
                3,
              ),
              icons: list(icon, 2),
              _meta: meta,
            },
            ['name'],
          ),
        ),
        nextCursor: token,
        _meta: meta,
      },
      ['prompts'],
    ),
  },
  {
    kind: 'result',
    method: 'prompts/get',
    schema: GetPromptResultSchema,
    arb: rec({ description: text, messages: list(message), _meta: meta }, ['messages']),
  },
  {
    kind: 'result',
    method: 'resources/list',
    schema: ListResourcesResultSchema,
    arb: rec(
      {
        resources: list(
          rec(
            {
              uri,
              name: text,
              title: text,
              description: text,
              mimeType: slot(fc.constantFrom('text/plain', 'application/json')),
              size: slot(fc.nat()),
              _meta: meta,
            },
            ['uri', 'name'],
          ),
        ),
        nextCursor: token,
        _meta: meta,
      },
      ['resources'],
    ),
  },
  {
    kind: 'result',
    method: 'resources/templates/list',
    schema: ListResourceTemplatesResultSchema,
    arb: rec(
      {
        resourceTemplates: list(
          rec(
            {
              uriTemplate: slot(fc.constantFrom('file:///{path}', 'mem://notes/{id}')),
              name: text,
              description: text,
              mimeType: slot(fc.constant('text/plain')),
            },
            ['uriTemplate', 'name'],
          ),
        ),
        nextCursor: token,
      },
      ['resourceTemplates'],
    ),
  },
  {
    kind: 'result',
    method: 'resources/read',
    schema: ReadResourceResultSchema,
    arb: rec(
      {
        contents: list(
          fc.oneof(
            rec({ uri, mimeType: slot(fc.constant('text/plain')), text }, ['uri', 'text']),
            rec(
              {
                uri,
                mimeType: slot(fc.constant('application/octet-stream')),
                blob: slot(fc.constant('AAEC')),
              },
              ['uri', 'blob'],
            ),
          ),
        ),
        _meta: meta,
      },
      ['contents'],
    ),
  },
  {
    kind: 'result',
    method: 'completion/complete',
    schema: CompleteResultSchema,
    arb: rec(
      {
        completion: slot(
          rec({ values: list(text, 8), total: slot(fc.nat()), hasMore: slot(fc.boolean()) }, ['values']),
        ),
        _meta: meta,
      },
      ['completion'],
    ),
  },
  { kind: 'result', method: 'tools/call', schema: CallToolResultSchema, arb: slot(toolResult) },
  {
    kind: 'result',
    method: 'tools/call',
    schema: CreateTaskResultSchema,
    note: 'answered with a task',
    arb: rec({ task, _meta: meta }, ['task']),
  },
  { kind: 'result', method: 'tasks/get', schema: GetTaskResultSchema, arb: task },
  { kind: 'result', method: 'tasks/result', schema: CallToolResultSchema, arb: slot(toolResult) },
  {
    kind: 'result',
    method: 'tasks/list',
    schema: ListTasksResultSchema,
    arb: rec({ tasks: list(task), nextCursor: token, _meta: meta }, ['tasks']),
  },
  {
    kind: 'request',
    method: 'sampling/createMessage',
    schema: CreateMessageRequestParamsSchema,
    arb: rec(
      {
        messages: list(message),
        systemPrompt: text,
        maxTokens: slot(fc.nat(4096)),
        stopSequences: list(text, 3),
        includeContext: slot(fc.constantFrom('none', 'thisServer', 'allServers')),
        temperature: slot(fc.double({ min: 0, max: 2, noNaN: true })),
        metadata: slot(dict(jsonValue)),
        modelPreferences: slot(rec({ hints: list(rec({ name: text }, []), 2) }, [])),
        _meta: meta,
      },
      ['messages', 'maxTokens'],
    ),
  },
  {
    kind: 'request',
    method: 'elicitation/create',
    schema: ElicitRequestParamsSchema,
    arb: fc.oneof(
      rec(
        {
          mode: fc.constant('form'),
          message: text,
          requestedSchema: slot(
            fc.record({
              type: fc.constant('object'),
              properties: dict(
                rec({ type: fc.constant('string'), title: text, description: text }, ['type']),
              ),
            }),
          ),
          _meta: meta,
        },
        ['message', 'requestedSchema'],
      ),
      rec({ mode: fc.constant('url'), message: text, url: uri, elicitationId: token }, [
        'mode',
        'message',
        'url',
        'elicitationId',
      ]),
    ),
  },
  {
    kind: 'notification',
    method: 'notifications/progress',
    schema: ProgressNotificationParamsSchema,
    arb: rec(
      { progressToken: token, progress: slot(fc.nat()), total: slot(fc.nat()), message: text, _meta: meta },
      ['progressToken', 'progress'],
    ),
  },
  {
    kind: 'notification',
    method: 'notifications/message',
    schema: LoggingMessageNotificationParamsSchema,
    arb: rec(
      {
        level: slot(fc.constantFrom('debug', 'info', 'warning', 'error', 'critical')),
        logger: text,
        data: slot(fc.oneof(hostile, dict(jsonValue), deep)),
        _meta: meta,
      },
      ['level', 'data'],
    ),
  },
  {
    kind: 'notification',
    method: 'notifications/tasks/status',
    schema: TaskStatusNotificationParamsSchema,
    arb: task,
  },
  {
    kind: 'notification',
    method: 'notifications/resources/updated',
    schema: ResourceUpdatedNotificationParamsSchema,
    arb: rec({ uri, title: text, _meta: meta }, ['uri']),
  },
];

const errorArb = rec(
  {
    code: slot(fc.integer({ min: -32768, max: 32767 })),
    message: text,
    data: slot(fc.oneof(hostile, dict(jsonValue))),
  },
  ['code', 'message'],
);

/** Options that move every bound and policy the outputs depend on. */
const optionsArb: fc.Arbitrary<AirlockOptions> = fc.record({
  label: fc.constantFrom('none', 'notice', 'spotlight'),
  profile: fc.constantFrom('balanced', 'strict'),
  bounds: fc.record({
    document: fc.constantFrom(400, 100_000),
    field: fc.constantFrom(40, 4_000),
    error: fc.constantFrom(300, 2_000),
    result: fc.constantFrom(2_000, 400_000),
  }),
  structure: fc.record({ maxDepth: fc.constantFrom(8, 100), maxItems: fc.constantFrom(5, 10_000) }),
  secrets: fc.record({ mode: fc.constantFrom('mask', 'block') }),
  spotlight: fc.constant({ key: SPOTLIGHT_KEY }),
}) as fc.Arbitrary<AirlockOptions>;

/** Airlocks are built once per distinct options (resolution is the expensive part, and is not under test). */
const airlocks = new Map<string, ReturnType<typeof createAirlock>>();
function airlockFor(options: AirlockOptions) {
  const id = JSON.stringify(options);
  let airlock = airlocks.get(id);
  if (airlock === undefined) {
    airlock = createAirlock(options);
    airlocks.set(id, airlock);
  }
  return airlock;
}

// ---------------------------------------------------------------------------------------------- properties

type Run = (airlock: ReturnType<typeof createAirlock>, input: unknown) => SanitizeOutcome;

const CALL = { toolName: 'fuzzed-tool', serverName: 'fuzzed-server' };

function runner(c: Case | 'error'): Run {
  if (c === 'error') return (a, input) => a.sanitizeError(input as JsonRpcError, CALL);
  if (c.kind === 'result') return (a, input) => a.sanitizeResponse(c.method, input, CALL);
  if (c.kind === 'request') return (a, input) => a.sanitizeServerRequest(c.method, input);
  return (a, input) => a.sanitizeNotification(c.method, input);
}

/** The JSON text of a value, undefined kept apart from `{}`. */
const json = (value: unknown): string => (value === undefined ? 'undefined' : JSON.stringify(value));

interface Subject {
  readonly name: string;
  readonly run: Run;
  readonly arb: fc.Arbitrary<unknown>;
  readonly valid: (value: unknown) => boolean;
}

const SUBJECTS: readonly Subject[] = [
  ...CASES.map((c) => ({
    name: `${c.kind} ${c.method}${c.note ? ` (${c.note})` : ''}`,
    run: runner(c),
    // Mostly the message, sometimes nothing like it at all.
    arb: fc.oneof({ weight: 9, arbitrary: c.arb }, { weight: 1, arbitrary: garbage }),
    valid: (value: unknown) => c.schema.safeParse(value).success,
  })),
  {
    name: 'JSON-RPC error',
    run: runner('error'),
    arb: errorArb,
    valid: (error: unknown) => JSONRPCErrorResponseSchema.safeParse({ jsonrpc: '2.0', id: 1, error }).success,
  },
];

const INVARIANTS: readonly [string, (s: Subject, input: unknown, options: AirlockOptions) => void][] = [
  [
    'never throws, is deterministic and leaves its input alone',
    (s, input, options) => {
      const before = json(input);
      const airlock = airlockFor(options);
      const first = s.run(airlock, input);
      expect(json(input)).toBe(before);
      expect(first.rawResult).toBe(input);
      expect(json(s.run(airlock, input).sanitizedResult)).toBe(json(first.sanitizedResult));
      // a fresh airlock with the same options says the same
      expect(json(s.run(createAirlock(options), input).sanitizedResult)).toBe(json(first.sanitizedResult));
    },
  ],
  [
    'lets no forbidden code point and no secret through (opaque tokens aside)',
    (s, input, options) => {
      const out = s.run(airlockFor(options), input);
      expect(leakIn(out.sanitizedResult)).toBeNull();
      if (out.error !== undefined) expect(leakIn(out.error)).toBeNull();
    },
  ],
  [
    'puts nothing raw into the report either',
    (s, input, options) => {
      const out = s.run(airlockFor(options), input);
      expect(leakIn(out.report, true)).toBeNull();
    },
  ],
  [
    'is idempotent',
    (s, input, options) => {
      const airlock = airlockFor(options);
      const first = s.run(airlock, input);
      // A message answered with a JSON-RPC error has no result to sanitize again: the error is deterministic.
      if (first.error !== undefined) expect(s.run(airlock, input).error).toEqual(first.error);
      else
        expect(json(s.run(airlock, first.sanitizedResult).sanitizedResult)).toBe(json(first.sanitizedResult));
    },
  ],
  [
    'still validates against the SDK schema when the input did',
    (s, input, options) => {
      if (!s.valid(input)) return;
      const out = s.run(airlockFor(options), input);
      // A message withheld as a JSON-RPC error has no result to validate.
      if (out.error === undefined) expect(s.valid(out.sanitizedResult), json(out.sanitizedResult)).toBe(true);
    },
  ],
];

describe.each(SUBJECTS.map((s) => [s.name, s] as const))('whole-message fuzzing: %s', (_name, subject) => {
  it.each(INVARIANTS)('%s', (_invariant, check) => {
    fc.assert(
      fc.property(subject.arb, optionsArb, (input, options) => check(subject, input, options)),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('JSON-RPC error codes', () => {
  it('keeps an integer code as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: -32768, max: 32767 }), hostile, optionsArb, (code, message, options) => {
        expect(airlockFor(options).sanitizeError({ code, message }).sanitizedResult.code).toBe(code);
      }),
      { numRuns: RUNS },
    );
  });
});
