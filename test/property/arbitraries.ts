/**
 * Random hostile inputs for property tests: strings that mix every class of character the airlock deals with,
 * and CallToolResults with every block type, binaries, deep nesting, long arrays and hostile keys.
 */
import fc from 'fast-check';

/** Pieces a hostile string is made of: each is a unit an attack or real text uses. */
const PIECES = [
  'a',
  'Z',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '.',
  '{',
  '"',
  '\\',
  '~',
  '/',
  '=',
  '_',
  '-',
  'é',
  'ß',
  '中文',
  'مرحبا',
  'שלום',
  'हिन्दी',
  'क्‍ष',
  'می‌خواهم',
  '\u202E',
  '\u202A',
  '\u2066',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u3164',
  '\u115F',
  '\u{E0041}',
  '\u{E0061}',
  '\u{E007F}',
  '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  '\uFE0F',
  '\uFE0E',
  '\u{E0100}',
  '\u{E0080}',
  '\uFFF0',
  '\u{1BCA0}',
  '❤️',
  '1️⃣',
  '葛\u{E0100}',
  '👨‍👩‍👧‍👦',
  '🏳️‍⚧️',
  '👍🏽',
  '🇫🇷',
  '\u001b[31m',
  '\u001b[0m',
  '\u001b]8;;http://x\u0007',
  '\u001b]0;title\u001b\\',
  '\u001b',
  '\u009b2J',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\uD800',
  '\uDFFF',
  '\uFFFE',
  '\uFDD0',
  'AKIAIOSFODNN7EXAMPLE',
  'ghp_',
  'xoxb-',
  'password=',
  'sk-',
];

export const hostileString = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...PIECES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

/** Occasionally long, to cross bounds. */
export const boundedString = fc.oneof(
  { weight: 8, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(hostileString, fc.integer({ min: 100, max: 3000 }))
      .map(([s, n]) => (s || 'x').repeat(Math.ceil(n / Math.max(1, s.length)))),
  },
);

export const hostileKey = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'airlock/report', 'a\u200Bb', 'ab'),
  },
);

export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    boundedString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A chain nested `depth` deep, to cross maxDepth. */
export const deepValue = fc.integer({ min: 95, max: 400 }).map((depth) => {
  let value: unknown = 'bottom\u202E';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
});

const base64 = fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64'));
const bigBase64 = fc.integer({ min: 2_000, max: 6_000 }).map((n) => Buffer.alloc(n, 3).toString('base64'));
const mime = fc.constantFrom(
  'image/png',
  'audio/wav',
  'image/svg+xml',
  'text/plain',
  'application/json',
  'bad mime\u202E',
  undefined,
);
const annotations = fc.record(
  {
    audience: fc.constantFrom(['user'], ['assistant'], ['robot']),
    priority: fc.double({ min: -1, max: 2, noNaN: true }),
    lastModified: fc.constantFrom('2025-01-01T00:00:00Z', '2025-01-01', 'soon'),
  },
  { requiredKeys: [] },
);

const uri = fc.oneof(fc.constantFrom('file:///a.txt', 'https://example.com/x', 'mem://x'), hostileString);

export const contentBlock: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    { type: fc.constant('text'), text: boundedString, annotations },
    { requiredKeys: ['type', 'text'] },
  ),
  fc.record({
    type: fc.constantFrom('image', 'audio'),
    data: fc.oneof(base64, bigBase64, fc.constant('not*base64')),
    mimeType: mime,
  }),
  fc.record({
    type: fc.constant('resource'),
    resource: fc.oneof(
      fc.record({ uri, mimeType: mime, text: boundedString }, { requiredKeys: ['uri', 'text'] }),
      fc.record(
        { uri, mimeType: mime, blob: fc.oneof(base64, bigBase64) },
        { requiredKeys: ['uri', 'blob'] },
      ),
    ),
  }),
  fc.record(
    { type: fc.constant('resource_link'), uri, name: hostileString, description: boundedString },
    { requiredKeys: ['type', 'uri', 'name'] },
  ),
  fc.record({ type: fc.constantFrom('hologram', 'x\u202E'), payload: hostileString }),
);

const toolResultRecord = fc.record(
  {
    content: fc.array(contentBlock, { maxLength: 5 }),
    structuredContent: fc.oneof(
      fc.dictionary(hostileKey, jsonValue, { maxKeys: 6 }),
      deepValue.map((v) => ({ deep: v })),
    ),
    isError: fc.boolean(),
    _meta: fc.dictionary(hostileKey, jsonValue, { maxKeys: 3 }),
  },
  { requiredKeys: ['content'] },
);

/**
 * A result, a third of the time with a text mirror of its structuredContent (its JSON text, compact or
 * indented, as the spec asks servers to add) among its blocks.
 */
export const toolResult = fc
  .tuple(toolResultRecord, fc.constantFrom(-1, -1, 0, 2), fc.nat())
  .map(([result, indent, at]) => {
    if (indent < 0 || result.structuredContent === undefined) return result;
    const text = JSON.stringify(result.structuredContent, null, indent === 0 ? undefined : indent);
    const content = [...result.content];
    content.splice(at % (content.length + 1), 0, { type: 'text', text });
    return { ...result, content };
  });

export const options = fc.record({
  label: fc.constantFrom('none', 'notice', 'spotlight'),
  profile: fc.constantFrom('balanced', 'strict'),
  bounds: fc.record({
    document: fc.integer({ min: 160, max: 5_000 }),
    field: fc.integer({ min: 32, max: 500 }),
    result: fc.integer({ min: 64, max: 20_000 }),
  }),
  binary: fc.record({ omitAboveBytes: fc.constantFrom(1_024, 262_144) }),
  structure: fc.record({ maxDepth: fc.constantFrom(10, 100), maxItems: fc.constantFrom(3, 10_000) }),
});

export const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
