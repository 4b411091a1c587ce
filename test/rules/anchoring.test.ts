import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, startsWithKeyword } from '../../src/rules/registry.js';
import { prng } from './expand.js';

describe('startsWithKeyword', () => {
  it.each([
    [/ghp_[A-Za-z0-9]{36}/, ['ghp_'], true],
    [/(?<![A-Za-z0-9])(?:bot|telegram)[\w.]{0,30}?=(\d{5})/i, ['bot', 'telegram'], true],
    [/((?:AKIA|ASIA)[A-Z0-9]{16})/, ['akia', 'asia'], true],
    [/\bSK[0-9a-f]{32}/, ['sk'], true],
    [/(?:AKIA|ASIA)[A-Z0-9]{16}/, ['akia'], false],
    [/ghp_x|gho_y/, ['ghp_', 'gho_'], true],
    [/ghp_x|xgho_y/, ['ghp_', 'gho_'], false],
    [/(?:bot)?token=(\w+)/, ['bot', 'token'], true],
    [/(?:bot)?token=(\w+)/, ['token'], false],
    [/[sr]k_live_\w+/, ['sk_live_', 'rk_live_'], true],
    [/[sr]k_live_\w+/, ['sk_live_'], false],
    [/(?:linked[_-]?in)=(\w+)/i, ['linkedin', 'linked_in', 'linked-in'], true],
    [/(?:pager[_-]?duty)=(\w+)/i, ['pagerduty', 'pager_duty'], false],
    [/[a-z]k_\w+/, ['sk_', 'rk_'], false],
    [/(?:sk|rk)*_live/, ['sk', 'rk'], false],
    [/\bfb=\w+/, ['fb'], true],
    [/-----BEGIN PRIVATE KEY-----/, ['private key-----'], false],
    [/x*ghp_\w+/, ['ghp_'], false],
    [/(?:priv[_ -]?key|privkey)=\w+/, ['priv_key', 'privkey'], false],
  ] as const)('%s with %j -> %s', (regex, keywords, expected) => {
    expect(startsWithKeyword({ regex, keywords })).toBe(expected);
  });
});

describe('scan order and duplicates', () => {
  const registry = createRuleRegistry(RULES);
  it.each([
    ['GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 and bot_token=1234567:AAAA'],
    ['token token token password=Zq8v!mK2@pL9#xR4 token'],
  ])('returns sorted disjoint matches for %j', (text) => {
    const found = registry.scan(text);
    for (let i = 1; i < found.length; i++) {
      expect((found[i] as { start: number }).start).toBeGreaterThanOrEqual(
        (found[i - 1] as { end: number }).end,
      );
    }
    expect(found.length).toBeGreaterThan(0);
  });
});

/**
 * Over 300 texts that open with a run of `unit` (long enough to switch, or not) and go on with `pieces` at
 * random, `subject` finds what `reference` finds; returns how many that was in all.
 */
function sameOnDenseTexts(
  seed: number,
  unit: string,
  maxRun: number,
  pieces: readonly string[],
  reference: (text: string) => string[],
  subject: (text: string) => string[],
): number {
  const next = prng(seed);
  let found = 0;
  for (let t = 0; t < 300; t++) {
    let text = unit.repeat(Math.floor(next() * maxRun));
    while (text.length < 4000) text += pieces[Math.floor(next() * pieces.length)];
    const want = reference(text);
    found += want.length;
    expect(subject(text), text).toEqual(want);
  }
  return found;
}

/** Calls of `exec` during `run` by regexes whose source `counted` accepts (`test` calls it once replaced). */
function execCalls(counted: (source: string) => boolean, run: () => void): number {
  let calls = 0;
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    if (counted(this.source)) calls++;
    return exec.call(this, s);
  };
  try {
    run();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return calls;
}

describe('an anchored rule whose regex keeps failing at hits close together', () => {
  // After 256 failures less than 32 characters apart, the scan goes on with one global search. A rule scanned
  // in windows, not at its hits, is the reference: the same regex, so the same matches wherever it goes on.
  // (No look-ahead at the end, so no closing check passes the hits over before the regex is tried.)
  const spec = {
    id: 'dense-test',
    description: 'test',
    family: 'test',
    keywords: ['tok_'],
    regex: /(?<![a-z])tok_[a-z]{4}[0-9]/,
    examples: { positive: ['tok_abcd1'], negative: ['tok_'] },
  };
  const anchored = createRuleRegistry([{ ...spec, anchored: true }]);
  // `t{1}`: the same regex, which the registry cannot read as starting with the keyword.
  const windowed = createRuleRegistry([{ ...spec, regex: /(?<![a-z])t{1}ok_[a-z]{4}[0-9]/ }]);
  const spans = (registry: typeof anchored, text: string) =>
    registry.scan(text).map((m) => `${m.start}-${m.end}`);

  it('finds what the same regex finds scanned in windows', () => {
    expect(anchored.rules[0]?.sticky).toBeDefined();
    expect(windowed.rules[0]?.sticky).toBeUndefined();
    const pieces = ['tok_', 'tok_', 'tok_', 'tok_abcd1 ', 'tok_abcde', 'TOK_wxyz1', ' ', 'x', 'tok_ab', '7'];
    const found = sameOnDenseTexts(
      7,
      'tok_',
      600,
      pieces,
      (text) => spans(windowed, text),
      (text) => spans(anchored, text),
    );
    expect(found).toBeGreaterThan(1000);
  });

  it('calls its regex once per match from the switch on, not once per hit', () => {
    const text = `${'tok_'.repeat(5000)}tok_abcd1 ${'tok_'.repeat(5000)}`;
    const calls = execCalls(
      (source) => source === spec.regex.source,
      () => expect(spans(anchored, text)).toEqual(['20000-20009']),
    );
    expect(calls).toBeLessThan(300);
  });

  it('goes on by a search only where its openings are ASCII, which the engine finds by a fast scan', () => {
    // Searched for, `密碼` or `пароль_` under `i` cost the engine tens of nanoseconds a position; the replay
    // answers a repeated text's attempts for less.
    const searches = (registry: typeof anchored, keyword: string) => {
      const text = `${`${keyword} `.repeat(5000)}${keyword}abcd1 ${`${keyword} `.repeat(5000)}`;
      let calls = 0;
      const exec = RegExp.prototype.exec;
      RegExp.prototype.exec = function (this: RegExp, s: string) {
        if (this.global) calls++;
        return exec.call(this, s);
      };
      try {
        const at = 5000 * (keyword.length + 1);
        expect(spans(registry, text)).toEqual([`${at}-${at + keyword.length + 5}`]);
      } finally {
        RegExp.prototype.exec = exec;
      }
      return calls;
    };
    const cyrillic = createRuleRegistry([
      { ...spec, keywords: ['пароль_'], regex: /(?<![a-zа-я])пароль_[a-z]{4}[0-9]/i, anchored: true },
    ]);
    expect(searches(anchored, 'tok_')).toBeGreaterThan(0);
    expect(searches(cyrillic, 'пароль_')).toBe(0);
  });

  it('takes a match only where a hit is, as the loop at the hits does', () => {
    // Declared anchored, but its regex can also start with `zzz_`, which is no keyword: never tried there.
    const loose = createRuleRegistry([{ ...spec, anchored: true, regex: /(?:tok|zzz)_[a-z]{4}[0-9]/ }]);
    expect(spans(loose, `${'tok_'.repeat(600)} zzz_abcd1 tok_wxyz1`)).toEqual(['2411-2420']);
  });
});

describe('peer rules whose shared attempt keeps failing at hits close together', () => {
  // Two rules that differ only in their secret are tried at a hit by one union of both; where the union fails
  // at hit after hit (1 MB of `twitter=`), one global search of the union answers the rest of the hits for both,
  // and each member tries its own regex only where the union matched.
  // (No look-ahead at the end, so no closing check passes the hits over before the union is tried.)
  const rule = (id: string, secret: string, example: string, tail = '') => ({
    id,
    description: 'test',
    family: 'test',
    keywords: ['tok'],
    anchored: true,
    regex: new RegExp(`tok=(${secret})${tail}`),
    secretGroup: 1,
    examples: { positive: [example], negative: ['tok='] },
  });
  const letters = rule('peer-letters', '[a-z]{5}', 'tok=abcde');
  const digits = rule('peer-digits', '[0-9]{6}', 'tok=123456');
  const together = createRuleRegistry([letters, digits]);
  // `(?:)` after one of them: the same texts, but no longer read as the other's peer.
  const apart = createRuleRegistry([letters, { ...digits, regex: rule('', '[0-9]{6}', '', '(?:)').regex }]);
  const found = (registry: typeof together, text: string) =>
    registry.scan(text).map((m) => `${m.rule.id} ${m.start}-${m.end}`);

  it('finds what the same rules find each with its own attempt', () => {
    const pieces = ['tok=', 'tok=', 'tok=abcde ', 'tok=123456.', 'tok=abcdef', 'tok=12345', ' ', 'x', '9'];
    const matches = sameOnDenseTexts(
      11,
      'tok=',
      700,
      pieces,
      (text) => found(apart, text),
      (text) => found(together, text),
    );
    expect(matches).toBeGreaterThan(1000);
  });

  it('stops trying the union at every hit once it fails densely', () => {
    const text = `${'tok='.repeat(5000)}tok=abcde tok=123456 ${'tok='.repeat(5000)}`;
    const calls = execCalls(
      (source) => source.startsWith('tok='),
      () => expect(found(together, text)).toEqual(['peer-letters 20004-20009', 'peer-digits 20014-20020']),
    );
    expect(calls).toBeLessThan(1000);
  });

  it('searches for the rest of the hits once for all members, not once a member', () => {
    const third = rule('peer-upper', '[A-Z]{7}', 'tok=ABCDEFG');
    const three = createRuleRegistry([letters, digits, third]);
    const own = new Set(three.rules.map((r) => r.regex.source));
    const text = `${'tok='.repeat(5000)}tok=abcde tok=ABCDEFG ${'tok='.repeat(5000)}`;
    // Searches (global calls) by the members' own regexes, and by any other: the union's.
    let ownSearches = 0;
    let otherSearches = 0;
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      if (this.global) {
        if (own.has(this.source)) ownSearches++;
        else otherSearches++;
      }
      return exec.call(this, s);
    };
    try {
      expect(found(three, text)).toEqual(['peer-letters 20004-20009', 'peer-upper 20014-20021']);
    } finally {
      RegExp.prototype.exec = exec;
    }
    // The members try their own regexes only at their hits; the union's search stops at its two matches.
    expect(ownSearches).toBe(0);
    expect(otherSearches).toBe(3);
  });
});

describe('hits right after a character every rule of their keyword refuses to start after', () => {
  // Such hits are not reported: rules tried only at their hits whose regexes open with a look-behind cannot
  // match there. Each rule has a windowed twin as the reference (`{1}` after the keyword's first letter: the
  // same regex, which the registry cannot read as starting with the keyword, so it is not tried at hits).
  const rule = (id: string, keywords: string[], regex: RegExp, example: string) => ({
    id,
    description: 'test',
    family: 'test',
    keywords,
    regex,
    examples: { positive: [example], negative: [keywords[0] as string] },
  });
  const rules = [
    // One keyword, two rules that refuse different characters: only what both refuse is left out.
    rule('alnum', ['key_'], /(?<![A-Za-z0-9])key_[a-z]{3}1/, 'key_abc1'),
    rule('underscore', ['key_'], /(?<![_])key_[a-z]{3}2/, 'key_abc2'),
    // The look-behind binds the first alternative only: `bbb_` may follow a letter.
    rule('alternatives', ['aaa_', 'bbb_'], /(?<![a-z])aaa_\d{3}|bbb_\d{3}/, 'aaa_123'),
    // Case-insensitive: the class refuses upper and lower case alike.
    rule('folded', ['tokx'], /(?<![a-z])tokx[0-9]{4}/i, 'tokx1234'),
  ];
  const twin = (r: (typeof rules)[number]) => ({
    ...r,
    regex: new RegExp(
      r.regex.source.replace(/(key|aaa|bbb|tok)/g, (w) => `${w[0]}{1}${w.slice(1)}`),
      r.regex.flags,
    ),
  });
  const atHits = createRuleRegistry(rules);
  const windowed = createRuleRegistry(rules.map(twin));
  const found = (registry: typeof atHits, text: string) =>
    registry.scan(text).map((m) => `${m.rule.id} ${m.start}-${m.end}`);

  it('finds what the same rules find scanned in windows', () => {
    expect(atHits.rules.every((r) => r.sticky !== undefined)).toBe(true);
    expect(windowed.rules.every((r) => r.sticky === undefined)).toBe(true);
    const pieces = [
      'key_abc1',
      'key_abc2',
      'key_',
      'aaa_123',
      'bbb_123',
      'TOKX1234',
      'tokx',
      'x',
      '_',
      ' ',
      'K',
    ];
    const matches = sameOnDenseTexts(
      5,
      'x',
      3,
      pieces,
      (text) => found(windowed, text),
      (text) => found(atHits, text),
    );
    expect(matches).toBeGreaterThan(1000);
  });

  it('does not try the regex at a keyword repeated back to back, where each occurrence follows a letter', () => {
    const text = `${'tokx'.repeat(5000)} tokx1234 ${'TOKX'.repeat(5000)}`;
    const calls = execCalls(
      (source) => source.includes('tokx'),
      () => expect(found(atHits, text)).toEqual(['folded 20001-20009']),
    );
    // The first occurrence of each run and the one after the space.
    expect(calls).toBeLessThan(5);
  });
});
