import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, type SecretMatch } from '../../src/rules/registry.js';
import { mergeMatches, unsettledMatches } from '../../src/rules/spans.js';
import { expandTemplate } from './expand.js';

// A match inside one an earlier rule found is not checked again (registry `covered`): these pin that the masks
// come out as if every rule had been run on its own and the results merged.
const registry = createRuleRegistry(RULES);
const TOKEN = 'ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE';
const only = (id: string): Uint8Array => {
  const modes = new Uint8Array(RULES.length);
  modes[registry.byId.get(id)?.index as number] = 1;
  return modes;
};
const spans = (found: readonly SecretMatch[]) => found.map((m) => `${m.start}-${m.end}`);

describe('a secret two rules find', () => {
  it('is masked once, by the provider rule, when the generic assignment holds the same token', () => {
    const text = `Using GITHUB_TOKEN=${TOKEN} for the step.`;
    const start = text.indexOf(TOKEN);
    expect(registry.scan(text, only('generic-secret-assignment')).map((m) => m.rule.id)).toEqual([
      'generic-secret-assignment',
    ]);
    const found = registry.scan(text);
    expect(found.map((m) => [m.start, m.end, m.rule.id])).toEqual([
      [start, start + TOKEN.length, 'github-pat'],
    ]);
  });

  it("is masked by the generic rule under a token's name that has no provider's name", () => {
    // Vault's legacy `s.` tokens are keyed on `vault` only; the generic rule holds the rest.
    const value = 's.QhIM2aDCFE4WXDZ86w4kcNXx';
    for (const text of [
      `token = "${value}"`,
      `client_token: ${value}`,
      `{"auth":{"client_token":"${value}"}}`,
      `Initial Root Token: ${value}`,
      `--token=${value}`,
    ]) {
      const start = text.indexOf(value);
      expect(
        registry.scan(text).map((m) => [m.start, m.end]),
        text,
      ).toEqual([[start, start + value.length]]);
    }
    expect(registry.scan(`VAULT_TOKEN=${value}`).map((m) => m.rule.id)).toContain(
      'vault-legacy-service-token',
    );
  });

  it('is masked to the end of the longer match when the generic value runs on past the token', () => {
    const text = `token=${TOKEN}-x9 next`;
    const start = text.indexOf(TOKEN);
    const found = registry.scan(text);
    expect(found.map((m) => [m.start, m.end, m.rule.id])).toEqual([
      [start, start + TOKEN.length + 3, 'generic-secret-assignment'],
    ]);
  });

  it("is masked to the end of its line when the value goes on past the earlier rule's match", () => {
    // The database rule's match stops at `&`; the generic assignment's value reads on to the line's end.
    for (const text of ['DB_PASSWORD=Tr0ub4dor&3xyzQ\nuser=app', 'DB_PASSWORD=Tr0ub4dor&3xyzQ']) {
      const found = registry.scan(text);
      expect(found.map((m) => text.slice(m.start, m.end))).toEqual(['Tr0ub4dor&3xyzQ']);
    }
    // Not past a statement's end, nor onto the next word.
    expect(registry.scan('token = Tr0ub4dorXy3;\n').map((m) => m.end)).toEqual([20]);
    expect(registry.scan('password: Tr0ub4dor&3xyzQ was set').map((m) => m.end)).toEqual([19]);
  });

  it('is masked to its closing quote when a quoted value holds a space or an escape', () => {
    const cases: [text: string, value: string][] = [
      ['"password": "Tr0ub4dor&3 xyz", "user": "app"', 'Tr0ub4dor&3 xyz'],
      ["secret: 'aB3dE6fG9hJ k2 m4'\n", 'aB3dE6fG9hJ k2 m4'],
      ['{\\"token\\": \\"Xk9mP2vL7q pR\\"}', 'Xk9mP2vL7q pR'],
      // JSON escapes in a value between plain quotes: a quote and a backslash are part of the password.
      ['{"password": "J7k\\"Lm9nP0q", "user": "app"}', 'J7k\\"Lm9nP0q'],
      ['{"password": "Lm9nP0qXY\\"abc"}', 'Lm9nP0qXY\\"abc'],
      ['{"password": "J7k\\\\Lm9nP0q"}', 'J7k\\\\Lm9nP0q'],
    ];
    for (const [text, value] of cases) {
      const found = registry.scan(text);
      expect(
        found.map((m) => text.slice(m.start, m.end)),
        text,
      ).toEqual([value]);
    }
    // A string holding JSON is no value: the password inside it is.
    const secretString = '"SecretString": "{\\"username\\":\\"app\\",\\"password\\":\\"Zx9kQ2mW7pLr\\"}"';
    expect(registry.scan(secretString).map((m) => secretString.slice(m.start, m.end))).toEqual([
      'Zx9kQ2mW7pLr',
    ]);
    // Quoted prose under a secret-named key is a message, not a value.
    for (const text of [
      '"reset_password": "successfully reset your password"',
      '"token_help": "Personal API tokens: create one in Settings."',
    ])
      expect(registry.scan(text), text).toEqual([]);
  });

  it('is masked from the start of the longer match when the generic value begins before the token', () => {
    const text = `token=-${TOKEN} next`;
    const found = registry.scan(text);
    expect(found.map((m) => [m.start, m.end])).toEqual([[text.indexOf('-'), text.indexOf(' next')]]);
  });

  it('comes out where each rule run alone and merged puts it, for every rule example in an assignment', () => {
    for (const rule of RULES) {
      const secret = expandTemplate(rule.examples.positive[0] as string);
      for (const text of [`token=${secret}`, `api_key: "${secret}" and secret=${secret};`]) {
        const alone = RULES.flatMap((r) => registry.scan(text, only(r.id)));
        expect(spans(registry.scan(text)), `${rule.id}: ${text}`).toEqual(spans(mergeMatches(alone)));
      }
    }
  });
});

describe('unsettledMatches', () => {
  const rule = registry.rules[0] as SecretMatch['rule'];
  const at = (start: number, end: number): SecretMatch => ({ start, end, rule });
  const none = new Int32Array(0);

  it.each([
    ['a space on each side', 'x ABCD y', []],
    ['a token unit before', 'x-ABCD y', [0]],
    ['a token unit after', 'x ABCD.y', [0]],
    ['the text ends', '  ABCD', []],
  ])('a match with %s', (_name, text, unsettled) => {
    expect(unsettledMatches(text, [at(2, 6)], none, 0)).toEqual(unsettled);
  });

  // `abc <ABCD`, the match at 5–9: a candidate's checks read two units past its end (`<A` reads as code).
  it.each([
    ['ran into the match', [0, 7], [0]],
    ['ended where its checks read the match', [0, 4], [0]],
    ['ended out of their reach', [0, 3], []],
    ['lay inside the match', [6, 8], []],
  ])('a candidate turned away that %s', (_name, [start, end], unsettled) => {
    const refused = Int32Array.from([start as number, end as number]);
    expect(unsettledMatches('abc <ABCD', [at(5, 9)], refused, 1)).toEqual(unsettled);
  });

  it('names only the matches a candidate reached, every one of them', () => {
    // Masks at 2–4, 6–8, 12–14 and 18–20; one candidate turned away at 5–13.
    const matches = [at(2, 4), at(6, 8), at(12, 14), at(18, 20)];
    const text = '  AB  CD    EF    GH  ';
    expect(unsettledMatches(text, matches, Int32Array.from([5, 13]), 1)).toEqual([1, 2]);
  });

  it('is what the registry says of its last scan', () => {
    const found = registry.scan('password=Xk9mQ2vL7pZ<AKIA2E0A8F3B244C9986 was set');
    expect(registry.unsettled()).toEqual([found.length - 1]);
    registry.scan(`Using ${TOKEN} for the step.`);
    expect(registry.unsettled()).toEqual([]);
  });
});

describe('a token longer than its format', () => {
  // A format's fixed length read as a prefix of a longer token masked it and showed the rest.
  it.each([
    ['sentry-org-token', `sntrys_eyJ${expandTemplate('«a60»', 'body')}==_${expandTemplate('«a44»', 'tail')}`],
    [
      'discord-webhook-url',
      `https://discord.com/api/webhooks/123456789012345678/${expandTemplate('«w69»', 'webhook')}`,
    ],
  ])('%s is masked to its end', (id, token) => {
    const found = registry.scan(`value: ${token}\n`, only(id));
    expect(found.map((m) => [m.start, m.end])).toEqual([[7, 7 + token.length]]);
  });
});
