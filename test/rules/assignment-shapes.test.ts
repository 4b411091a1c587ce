/**
 * @module test/rules/assignment-shapes
 * The places a key and its value are written in, held for the rules that find a value by its key's name: the
 * generic rule and the provider rules built on `keyed` and `assigned`. The shapes are those of configuration
 * files, source code and Makefiles that secret-scanner test suites write their samples in (gitleaks' sample
 * templates among them); each rule must mask its value in every one.
 */
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { expandTemplate } from './expand.js';

/** `i` the key's provider part, `s` the value. */
const SHAPES: Readonly<Record<string, (i: string, s: string) => string>> = {
  'ini, quoted': (i, s) => `${i}Token="${s}"`,
  'ini, spaced': (i, s) => `${i}Token = "${s}"`,
  'ini, unquoted': (i, s) => `${i}Token=${s}`,
  'ini, unquoted and spaced': (i, s) => `${i}Token = ${s}`,
  json: (i, s) => `{\n    "${i}_token": "${s}"\n}`,
  'json in a json string': (i, s) => `{"config.ini": "${i.toUpperCase()}_TOKEN=${s}\\nDEBUG=false"}`,
  'json, escaped': (i, s) => `\\{\n    \\"${i}_token\\": \\"${s}\\"\n\\}`,
  'xml element': (i, s) => `<${i}Token>${s}</${i}Token>`,
  'xml element, value on its own line': (i, s) => `<${i}Token>\n    ${s}\n</${i}Token>`,
  'yaml, unquoted': (i, s) => `${i}_token: ${s}`,
  'yaml, single quotes': (i, s) => `${i}_token: '${s}'`,
  'yaml, double quotes': (i, s) => `${i}_token: "${s}"`,
  'yaml, literal block': (i, s) => `${i}_token: |\n  ${s}`,
  'yaml, folded block': (i, s) => `${i}_token: >\n  ${s}`,
  'C#': (i, s) => `string ${i}Token = "${s}";`,
  'go, typed': (i, s) => `var ${i}Token string = "${s}"`,
  'go, short': (i, s) => `${i}Token := "${s}"`,
  'go, raw string': (i, s) => `${i}Token := \`${s}\``,
  java: (i, s) => `String ${i}Token = "${s}";`,
  'kotlin, typed': (i, s) => `var ${i}Token: String = "${s}"`,
  'typescript, typed': (i, s) => `const ${i}Token: string = "${s}";`,
  'php, concatenation': (i, s) => `$${i}Token .= "${s}"`,
  'python, single quotes': (i, s) => `${i}Token = '${s}'`,
  'python, double quotes': (i, s) => `${i}Token = "${s}"`,
  'setProperty call': (i, s) => `System.setProperty("${i.toUpperCase()}_TOKEN", "${s}")`,
  logstash: (i, s) => `  "${i}Token" => "${s}"`,
  'make, recursive': (i, s) => `${i}_TOKEN = "${s}"`,
  'make, simple': (i, s) => `${i}_TOKEN := "${s}"`,
  'make, ::=': (i, s) => `${i}_TOKEN ::= "${s}"`,
  'make, :::=': (i, s) => `${i}_TOKEN :::= "${s}"`,
  'make, conditional': (i, s) => `${i}_TOKEN ?= "${s}"`,
  'make, append': (i, s) => `${i}_TOKEN += "${s}"`,
  'csv row': (i, s) => `${i}Token,${s},`,
  'csv row, last cell': (i, s) => `id,${i}_token,${s}\n`,
};

/** A rule's key word and a value of its format, as a template (see `expand.ts`). */
const KEYED: readonly (readonly [rule: string, key: string, value: string])[] = [
  ['generic-secret-assignment', 'deploy', '«a12»-«a12»'],
  ['asana-client-secret', 'asana', '«l32»'],
  ['kucoin-access-token', 'kucoin', '«h24»'],
  ['adafruit-api-key', 'adafruit', '«l32»'],
  ['finicity-api-token', 'finicity', '«h32»'],
  ['discord-client-secret', 'discord', '«w32»'],
  ['sonar-api-token', 'sonar', 'squ_«h40»'],
];

const cases = KEYED.flatMap(([rule, key, template]) =>
  Object.entries(SHAPES).map(([shape, write]) => {
    const secret = expandTemplate(template, shape);
    return [rule, shape, write(key, secret), secret] as const;
  }),
);

describe('a value of each keyed format is masked in every place a key is assigned', () => {
  it.each(cases)('%s in %s', (_rule, _shape, text, secret) => {
    expect(maskSecrets(text).text).not.toContain(secret);
  });
});

/**
 * A provider's name spelled inside a camelCase word is no key (`sumObj` holds `sumo`, `rookTable` `okta`,
 * `CameraKit` `meraki`); the same value next to the name written as a word of its own is masked.
 */
const SPLIT_NAMES: readonly (readonly [rule: string, word: string, name: string, value: string])[] = [
  ['sumologic-access-id', 'sumObj', 'sumoLogicAccessId', 'su«a12»'],
  ['sumologic-access-token', 'sumOfExposures', 'sumoAccessKey', '«a64»'],
  ['okta-access-token', 'rookTable', 'oktaApiToken', '00«w40»'],
  ['cisco-meraki-api-key', 'ReactNativeCameraKit', 'ciscoMerakiKey', '«h40»'],
];

describe('a provider name inside a camelCase word is no key', () => {
  it.each(SPLIT_NAMES)('%s: %s is passed over, %s is a key', (_rule, word, name, template) => {
    const secret = expandTemplate(template, word);
    expect(maskSecrets(`${word} = ${secret}`).text).toContain(secret);
    expect(maskSecrets(`${name} = ${secret}`).text).not.toContain(secret);
  });
});

describe('a CSV header row that names a token is no value', () => {
  it.each([
    'id,apiToken,created_at,updated_at',
    'user,password,lastLogin\n',
    'syn region dNestTokenString start=+{+ end=+}+ contains=dNestTokenString,@dTokens,dFormat',
    'au BufRead */etc/passwd,*/etc/passwd-,*/etc/shadow setf passwd',
  ])('%s', (text) => {
    expect(maskSecrets(text).text).toBe(text);
  });
});

describe('markup and type names read as a quoted value are no value', () => {
  it.each([
    'telegram_api_token = "<xsd:element name="AgencyIdentificationCode" type="clm05429:CodeType"/>"',
    'telegram_api_token = "token:"clm06695:AgencyIdentificationCodeContentType""',
  ])('%s', (text) => {
    expect(maskSecrets(text).text).toBe(text);
  });
});

describe('words in camelCase after a provider key are a name, not its value', () => {
  it('getPagesInConfluenceSpace,searchConfluenceUsingCql', () => {
    const text = 'getPagesInConfluenceSpace,searchConfluenceUsingCql';
    expect(maskSecrets(text).text).toBe(text);
  });

  it('a value with a digit is still one', () => {
    expect(maskSecrets('confluence_token = searchConfluence2UsingCql').text).not.toContain('Cql');
  });
});

describe('a value longer than the generic rule reads (500 characters) is masked to its end', () => {
  const long = expandTemplate('«a700»', 'long value');
  it.each([
    ['unquoted', `token=${long} end`, 'token=[REDACTED:generic-secret-assignment] end'],
    ['quoted', `{"token": "${long}", "n": 1}`, '{"token": "[REDACTED:generic-secret-assignment]", "n": 1}'],
  ])('%s', (_shape, text, masked) => {
    expect(maskSecrets(text).text).toBe(masked);
  });
});
