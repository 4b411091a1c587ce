import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { unionOf } from '../../src/rules/peers.js';
import { createRuleRegistry } from '../../src/rules/registry.js';
import type { SecretRule } from '../../src/rules/types.js';
import { expandTemplate, prng } from './expand.js';

// Rules whose regexes differ only in their secret (one key, one operator, values of other lengths) are tried
// once for all at a hit, and the first to reach a hit records the answer for the others. Scanned together,
// they must find what the same rules find with their regexes told apart, which gives each its own attempt.

const byId = new Map(RULES.map((r) => [r.id, r]));
const GROUPS = [
  ['twitter-api-key', 'twitter-api-secret', 'twitter-access-token', 'twitter-access-secret'],
  ['discord-api-token', 'discord-client-id', 'discord-client-secret', 'discord-bot-token'],
  ['mailgun-private-api-token', 'mailgun-pub-key', 'mailgun-signing-key'],
  ['dropbox-api-token', 'dropbox-short-lived-api-token', 'dropbox-long-lived-api-token'],
  ['bitbucket-client-id', 'bitbucket-client-secret', 'bitbucket-app-password'],
  // Two groups interleaved in rule order: each writes over the other's answers.
  ['cloudflare-api-token', 'jfrog-identity-token', 'cloudflare-global-api-key', 'jfrog-api-key'],
].map((ids) => ids.map((id) => byId.get(id) as SecretRule));

/** The same rule with a regex that matches the same texts but no longer reads as any other rule's peer. */
const apart = (rule: SecretRule, i: number): SecretRule => ({
  ...rule,
  regex: new RegExp(rule.regex.source + '(?:)'.repeat(i + 1), rule.regex.flags),
});

const found = (rules: readonly SecretRule[], text: string) =>
  createRuleRegistry(rules)
    .scan(text)
    .map((m) => `${m.rule.id} ${m.start}-${m.end}`);

/**
 * Texts of assignments, most of them a little wrong: a key, maybe a name, an operator, maybe a quote, a value
 * run of one of the classes at or around the lengths these rules take, maybe a closing quote, a separator.
 * Each part is left out or swapped for another part now and then.
 */
function texts(rules: readonly SecretRule[], rnd: () => number, count: number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const keys = [...new Set(rules.flatMap((r) => r.keywords))];
  const values: string[] = [];
  for (const n of [16, 18, 19, 24, 25, 31, 32, 33, 37, 40, 45, 50, 64, 65]) {
    for (const k of ['l', 'd', 'h', 'a', 'w']) values.push(expandTemplate(`«${k}${n}»`, `${n}`));
  }
  values.push(`${expandTemplate('«d19»')}-${expandTemplate('«a30»')}`);
  const parts = [
    keys,
    ['', '_key', 'Token', '.secret', ' id'],
    ['=', ': ', ' = ', '=>', ':=', ','],
    ['', '"', "'"],
    values,
    ['', '"', "'"],
    [' ', '\n', ';', ''],
  ];
  const out: string[] = [];
  for (let t = 0; t < count; t++) {
    let text = '';
    const segments = 1 + Math.floor(rnd() * 3);
    for (let s = 0; s < segments; s++) {
      for (const part of parts) {
        const r = rnd();
        if (r < 0.08) continue;
        text += r < 0.16 ? pick(pick(parts)) : pick(part);
      }
    }
    out.push(text);
  }
  return out;
}

describe('peers: rules that differ only in their secret', () => {
  it('find together what each finds with its own attempt', () => {
    const rnd = prng(5);
    const wrong: string[] = [];
    let matches = 0;
    for (const group of GROUPS) {
      const together = group;
      const separate = group.map(apart);
      const all = [
        ...group.flatMap((r) => r.examples.positive.map((t) => expandTemplate(t))),
        ...texts(group, rnd, 400),
      ];
      // One registry each, scanning every text in turn: an answer recorded in one scan must not be read in the next.
      const a = createRuleRegistry(together);
      const b = createRuleRegistry(separate);
      for (const text of all) {
        const got = a.scan(text).map((m) => `${m.rule.id} ${m.start}-${m.end}`);
        const want = b.scan(text).map((m) => `${m.rule.id} ${m.start}-${m.end}`);
        matches += want.length;
        if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(JSON.stringify({ text, got, want }));
      }
    }
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(100);
  });

  it('each member still finds its own secret next to the others', () => {
    const [key, secret, token, tokenSecret] = GROUPS[0] as SecretRule[];
    const text = [
      `twitter_api_key = "${expandTemplate('«l25»')}"`,
      `twitter_api_secret = "${expandTemplate('«l50»')}"`,
      `twitter_access_token = "${expandTemplate('«d19»-«a30»')}"`,
      `twitter_access_secret = "${expandTemplate('«l45»')}"`,
    ].join('\n');
    expect(found(GROUPS[0] as SecretRule[], text).map((m) => m.split(' ')[0])).toEqual([
      key?.id,
      secret?.id,
      token?.id,
      tokenSecret?.id,
    ]);
  });

  it('try one regex a hit for all of them where the key repeats, and share a closed gate', () => {
    const registry = createRuleRegistry(GROUPS[0] as SecretRule[]);
    const own = new Set(registry.rules.map((r) => r.sticky?.source));
    // Counted through RegExp.prototype.exec, which `test` calls too once it is replaced.
    const attempts = (text: string) => {
      const calls = new Map<string, number>();
      const exec = RegExp.prototype.exec;
      RegExp.prototype.exec = function (this: RegExp, s: string) {
        calls.set(this.source, (calls.get(this.source) ?? 0) + 1);
        return exec.call(this, s);
      };
      try {
        expect(registry.scan(text)).toEqual([]);
      } finally {
        RegExp.prototype.exec = exec;
      }
      const byOwn = [...calls].filter(([source]) => own.has(source)).reduce((a, [, n]) => a + n, 0);
      return { byOwn, all: [...calls.values()].reduce((a, b) => a + b, 0) };
    };
    // Fewer hits than make a run of failures dense (see anchoring.test.ts for what follows one): the union at
    // each, one search for where a value can end, and the keyword pass's one question whether the text is of
    // one-byte units (asked once keywords are a quarter of it).
    expect(attempts('twitter='.repeat(200))).toEqual({ byOwn: 0, all: 202 });
    // No operator anywhere: the first member's gate turns every hit away, and the others read that (and the
    // keyword pass asks its question).
    expect(attempts('twitter '.repeat(1000))).toEqual({ byOwn: 0, all: 2 });
  });
});

describe("unionOf: the members' secrets as one alternation", () => {
  it('joins the lengths of one class repeated into a range, and leaves every other secret as it is', () => {
    expect(unionOf(['[a-z0-9]{25}', '[a-z0-9]{50}', '[0-9]{15,25}-[a-zA-Z0-9]{20,40}', '[a-z0-9]{45}'])).toBe(
      '[a-z0-9]{25,50}|[0-9]{15,25}-[a-zA-Z0-9]{20,40}',
    );
    expect(unionOf(['\\d{6}', '\\d{8,10}', '[A-Z]{8,}', '[A-Z]{4}'])).toBe('\\d{6,10}|[A-Z]{4,}');
    // Classes told apart by their text, even where they hold the same characters.
    expect(unionOf(['[a-f0-9]{24}', '[0-9a-f]{40}'])).toBe('[a-f0-9]{24}|[0-9a-f]{40}');
    // Not one class repeated: a prefix, a quantifier of a group, a class with an escaped bracket.
    expect(unionOf(['key-[a-f0-9]{32}', '(?:ab){3}', '[\\]a]{4}', '[\\]a]{6}'])).toBe(
      '[\\]a]{4,6}|key-[a-f0-9]{32}|(?:ab){3}',
    );
  });

  it('matches every text one of the members matches', () => {
    const secrets = ['[a-z]{5}', '[a-z]{9}', '[0-9]{3,4}'];
    const union = new RegExp(`^=(?:${unionOf(secrets)})(?![a-z0-9])`);
    const rnd = prng(3);
    let matched = 0;
    for (let t = 0; t < 2000; t++) {
      const text = `=${Array.from({ length: Math.floor(rnd() * 12) }, () => 'a1'[Math.floor(rnd() * 2)] as string).join('')}`;
      const any = secrets.some((s) => new RegExp(`^=(?:${s})(?![a-z0-9])`).test(text));
      if (any) {
        matched++;
        expect(union.test(text), text).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(10);
  });
});
