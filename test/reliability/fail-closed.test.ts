/**
 * @module test/reliability/fail-closed
 * The fail-closed boundary: whatever goes wrong inside the airlock — a user stage that throws, a secret rule or
 * allowlist check that throws, an input whose getters or Proxy traps throw, options that make a stage fail —
 * the message is withheld (kind `sanitizer_failed`) and nothing of the original data and nothing of the
 * exception text comes out.
 */
import { describe, expect, it } from 'vitest';
import {
  type Airlock,
  type AirlockOptions,
  type CallContext,
  createAirlock,
  createMaskSecrets,
  type SanitizeOutcome,
  type Sanitizer,
} from '../../src/index.js';

/** Marks every original string, so that any piece of them in the output is found. */
const ORIGINAL = 'ORIGINAL-d41d8cd9';
/** Every exception thrown here says this. */
const BOOM = 'BOOM-exception-text-7f3a';

const boom = (): never => {
  throw new Error(BOOM);
};

/** A result with the marker in every kind of place a stage sees: text, structured data, keys, _meta. */
const toolResult = () => ({
  content: [
    { type: 'text', text: `${ORIGINAL} text block` },
    { type: 'resource', resource: { uri: 'file:///a.txt', text: `${ORIGINAL} resource text` } },
  ],
  structuredContent: { [`${ORIGINAL}-key`]: `${ORIGINAL} value` },
  _meta: { note: `${ORIGINAL} meta` },
});

type ResolvedSecrets = Parameters<typeof createMaskSecrets>[0];

/** A secrets configuration whose one rule's regex throws when it runs (it is compiled fine). */
function throwingRuleSecrets(): ResolvedSecrets {
  class ThrowingRegExp extends RegExp {
    override exec(): RegExpExecArray | null {
      throw new RangeError(BOOM);
    }
  }
  const regex = new ThrowingRegExp('secret-[a-z]+');
  return {
    registry: {
      rules: [],
      byId: new Map(),
      scan: (text: string) => (regex.test(text) ? [] : []),
    },
    exact: undefined,
    exactValues: [],
    isCredentialTool: () => false,
    modesFor: () => ({ codes: new Uint8Array(1).fill(1), anyOn: true }),
    allowSecret: () => true,
  } as unknown as ResolvedSecrets;
}

/** A secrets configuration whose allowlist check throws for the secret it is asked about. */
function throwingAllowSecrets(): ResolvedSecrets {
  return {
    registry: {
      rules: [],
      byId: new Map(),
      scan: (text: string, _codes: Uint8Array, allow: (secret: string) => boolean) => {
        allow(text);
        return [];
      },
    },
    exact: undefined,
    exactValues: [],
    isCredentialTool: () => false,
    modesFor: () => ({ codes: new Uint8Array(1).fill(1), anyOn: true }),
    allowSecret: boom,
  } as unknown as ResolvedSecrets;
}

const stage = (parts: Partial<Sanitizer>): Sanitizer => ({ name: 'user-stage', ...parts });

/** Options that make the airlock fail on `toolResult()`, each a different way. */
const FAILING_OPTIONS: readonly [string, () => AirlockOptions][] = [
  ['a before stage that throws in text', () => ({ before: [stage({ text: boom })] })],
  ['an after stage that throws in text', () => ({ after: [stage({ text: boom })] })],
  ['a stage that throws in block', () => ({ before: [stage({ block: boom })] })],
  ['a stage that throws in result', () => ({ after: [stage({ result: boom })] })],
  [
    'a stage that throws only on the second string',
    () => {
      let n = 0;
      return { after: [stage({ text: (s) => (++n === 2 ? boom() : s) })] };
    },
  ],
  [
    'a secret rule whose regex throws at scan time',
    () => ({ after: [createMaskSecrets(throwingRuleSecrets())] }),
  ],
  ['an allowlist check that throws', () => ({ after: [createMaskSecrets(throwingAllowSecrets())] })],
  [
    'a stage that returns something that is not a string',
    () => ({ before: [stage({ text: () => ({ toString: boom }) as unknown as string })] }),
  ],
  ['a result stage that returns null', () => ({ after: [stage({ result: () => null as never })] })],
];

/** Nothing of the input and nothing of the exception in the output, checked on its JSON text. */
function expectNothingRaw(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(ORIGINAL);
  expect(text).not.toContain(BOOM);
}

function expectWithheldToolResult(
  outcome: ReturnType<ReturnType<typeof createAirlock>['sanitizeToolResult']>,
) {
  const out = outcome.sanitizedResult;
  expect(out.isError).toBe(true);
  // The withheld result is labelled like any other (a notice first, unless label is none): the body is last.
  const body = JSON.parse((out.content as unknown as { text: string }[]).at(-1)?.text ?? '{}');
  expect(body.error.kind).toBe('sanitizer_failed');
  expect(outcome.report.findings).toEqual([{ path: '', action: 'withheld', class: 'sanitizer_failed' }]);
  expectNothingRaw(out);
  expectNothingRaw(outcome.report);
}

describe('fail closed: tool results', () => {
  it.each(FAILING_OPTIONS)('withholds the result for %s', (_name, options) => {
    const call: CallContext = { toolName: 'search', serverName: 'web' };
    expectWithheldToolResult(createAirlock(options()).sanitizeToolResult(toolResult(), call));
    // the same through the generic entry points for results that are tool results
    expectWithheldToolResult(
      createAirlock(options()).sanitizeResponse('tools/call', toolResult(), call) as never,
    );
    expectWithheldToolResult(
      createAirlock(options()).sanitizeResponse('tasks/result', toolResult(), call) as never,
    );
  });
});

/** Messages other than tool results, each with the marker in a string a text stage sees. */
const OTHER_MESSAGES: readonly [string, (a: Airlock) => SanitizeOutcome][] = [
  [
    'a tools/list result',
    (a) =>
      a.sanitizeResponse('tools/list', {
        tools: [{ name: 'search', description: `${ORIGINAL} tool`, inputSchema: { type: 'object' } }],
      }),
  ],
  [
    'a prompts/get result',
    (a) =>
      a.sanitizeResponse('prompts/get', {
        messages: [{ role: 'user', content: { type: 'text', text: `${ORIGINAL} prompt` } }],
      }),
  ],
  [
    'a resources/read result',
    (a) =>
      a.sanitizeResponse('resources/read', { contents: [{ uri: 'file:///a', text: `${ORIGINAL} file` }] }),
  ],
  [
    'a sampling/createMessage request',
    (a) =>
      a.sanitizeServerRequest('sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: `${ORIGINAL} sample` } }],
        maxTokens: 10,
      }),
  ],
  [
    'an elicitation/create request',
    (a) =>
      a.sanitizeServerRequest('elicitation/create', {
        message: `${ORIGINAL} question`,
        requestedSchema: { type: 'object', properties: {} },
      }),
  ],
  [
    'a progress notification',
    (a) =>
      a.sanitizeNotification('notifications/progress', { progressToken: 1, progress: 1, message: ORIGINAL }),
  ],
  [
    'a logging notification',
    (a) => a.sanitizeNotification('notifications/message', { level: 'info', data: `${ORIGINAL} log` }),
  ],
];

/** Text-stage failures apply to every message; block and result stages only see tool results. */
const TEXT_FAILURES = FAILING_OPTIONS.filter(
  ([name]) => !/in block|in result|result stage|block stage/.test(name),
);

describe('fail closed: other messages carry a sanitizer_failed error', () => {
  it.each(
    OTHER_MESSAGES.flatMap(([message, send]) =>
      TEXT_FAILURES.map(([failure, options]) => [message, failure, send, options] as const),
    ),
  )('%s with %s', (_message, _failure, send, options) => {
    const outcome = send(createAirlock(options()));
    expect(outcome.error).toMatchObject({ code: -32603, data: { kind: 'sanitizer_failed' } });
    expectNothingRaw(outcome.sanitizedResult);
    expectNothingRaw(outcome.error);
    expectNothingRaw(outcome.report);
  });

  it.each(TEXT_FAILURES)('a JSON-RPC error from upstream with %s is replaced by ours', (_name, options) => {
    const outcome = createAirlock(options()).sanitizeError({
      code: -32000,
      message: `${ORIGINAL} failed`,
      data: ORIGINAL,
    });
    expect(outcome.sanitizedResult).toMatchObject({ code: -32603, data: { kind: 'sanitizer_failed' } });
    expectNothingRaw(outcome.sanitizedResult);
    expectNothingRaw(outcome.report);
  });
});

/** Inputs that fail by themselves, with the default options. */
const HOSTILE_INPUTS: readonly [string, () => unknown][] = [
  [
    'a getter that throws on a block',
    () => ({
      content: [
        { type: 'text', text: `${ORIGINAL} first` },
        Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: boom }),
      ],
    }),
  ],
  [
    'a getter that throws on structuredContent',
    () =>
      Object.defineProperty({ content: [{ type: 'text', text: ORIGINAL }] }, 'structuredContent', {
        enumerable: true,
        get: boom,
      }),
  ],
  [
    'a Proxy whose traps throw',
    () =>
      new Proxy(
        { content: [{ type: 'text', text: ORIGINAL }] },
        { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom },
      ),
  ],
  [
    'a Proxy block that throws once read',
    () => ({
      content: [
        { type: 'text', text: ORIGINAL },
        new Proxy(
          { type: 'text', text: ORIGINAL },
          { get: (t, k) => (k === 'text' ? boom() : Reflect.get(t, k)) },
        ),
      ],
    }),
  ],
  [
    'an array whose length getter throws',
    () => ({
      content: new Proxy([{ type: 'text', text: ORIGINAL }], {
        get: (t, k) => (k === 'length' ? boom() : Reflect.get(t, k)),
      }),
    }),
  ],
];

describe('fail closed: inputs that throw when read', () => {
  it.each(HOSTILE_INPUTS)('withholds %s', (_name, input) => {
    expectWithheldToolResult(createAirlock().sanitizeToolResult(input(), { toolName: 't' }));
  });

  it.each(HOSTILE_INPUTS)('answers a tools/list result made of %s with an error', (_name, input) => {
    const outcome = createAirlock().sanitizeResponse('tools/list', { tools: [input()] });
    expect(outcome.error).toMatchObject({ data: { kind: 'sanitizer_failed' } });
    expectNothingRaw(outcome.sanitizedResult);
    expectNothingRaw(outcome.report);
  });
});

describe('fail closed: options that make a stage fail', () => {
  it('withholds just the block when a block stage returns something that is not a block', () => {
    const airlock = createAirlock({ after: [stage({ block: () => 'x' as never })] });
    const outcome = airlock.sanitizeToolResult(toolResult(), { toolName: 't' });
    expect(outcome.report.counts['withheld:unknown-block-type']).toBe(2);
    expect(JSON.stringify(outcome.sanitizedResult.content)).not.toContain(ORIGINAL);
  });

  it('withholds a result nested deeper than the stack when maxDepth is set past it', () => {
    let deep: unknown = `${ORIGINAL} bottom`;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const airlock = createAirlock({ structure: { maxDepth: 1_000_000 } });
    expectWithheldToolResult(airlock.sanitizeToolResult({ content: [], structuredContent: { deep } }));
  });
});
