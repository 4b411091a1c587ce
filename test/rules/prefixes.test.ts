import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import {
  aroundGroup,
  captureGroups,
  countedLengths,
  endGroup,
  literalPrefixes,
  openingClass,
  tokenEnd,
} from '../../src/rules/prefixes.js';
import { expandTemplate } from './expand.js';

describe('literalPrefixes', () => {
  it.each([
    ['ghp_[A-Za-z0-9]{36}', ['ghp_'], false],
    ['heroku|cf_api', ['heroku', 'cf_api'], true],
    ['linked[_-]?in', ['linkedin', 'linked_in', 'linked-in'], true],
    ['(?:pager[_-]?duty|pd_token)', ['pagerduty', 'pager_duty', 'pager-duty', 'pd_token'], true],
    [
      '(?<![A-Za-z0-9])[sr]k_(?:live|test)_[A-Za-z0-9]{10}',
      ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
      false,
    ],
    ['\\bfb\\b', ['fb'], true],
    ['amzn\\.mws\\.[0-9a-f]{8}', ['amzn.mws.'], false],
    ['access_token\\$(?:production|sandbox)\\$', ['access_token$production$', 'access_token$sandbox$'], true],
    ['do[o-r]_', ['doo_', 'dop_', 'doq_', 'dor_'], true],
    // A quantifier: `*` and `{0,` may mean absent; `+` and `{2}` give one certain copy.
    ['ab*c', ['a'], false],
    ['ab{0,3}c', ['a'], false],
    ['ab+c', ['ab'], false],
    ['ab{2}c', ['ab'], false],
    ['ab??c', ['abc', 'ac'], true],
    ['(?:ab)?c', ['abc', 'c'], true],
    // A group read only in part ends the reading after it; an optional one may also be absent.
    ['x(?:ab\\d|c)y', ['xab', 'xc'], false],
    ['x(?:a\\d)?y', ['xa', 'x'], false],
    // What it does not read ends the reading where it stands.
    ['ab\\dc', ['ab'], false],
    ['a[^b]c', ['a'], false],
    ['a[a-z]c', ['a'], false],
    ['a.c', ['a'], false],
    ['(?<name>ab)c', [''], false],
    ['^ab', [''], false],
    ['a(?=b)c', ['ac'], true],
    ['(ab', [''], false],
  ] as const)('%s -> %j (complete: %s)', (src, texts, complete) => {
    const read = literalPrefixes(src);
    expect([...read.texts].sort()).toEqual([...texts].sort());
    expect(read.complete).toBe(complete);
  });

  it('stops before an item that would make more than 64 texts', () => {
    const six = literalPrefixes('[ab][cd][ef][gh][ij][kl]x');
    expect(six.texts).toHaveLength(64);
    expect(six.complete).toBe(true);
    const seven = literalPrefixes('[ab][cd][ef][gh][ij][kl][mn]x');
    expect(seven.texts).toHaveLength(64);
    expect(seven.texts.every((t) => t.length === 6)).toBe(true);
    expect(seven.complete).toBe(false);
    expect(literalPrefixes('(?:a|b|c|d|e|f|g|h)(?:a|b|c|d|e|f|g|h)(?:a|b)').texts).toHaveLength(64);
  });

  // Soundness on the real rules: every match of every rule's example starts with one of its texts, and a
  // complete reading matches nothing longer than its longest text.
  const cases = RULES.flatMap((rule) =>
    rule.examples.positive.map(
      (example, i) => [rule.id, i, rule.regex, expandTemplate(example, rule.id)] as const,
    ),
  );
  it.each(cases)('%s example %i starts with one of its texts', (_id, _i, regex, example) => {
    const { texts } = literalPrefixes(regex.source);
    const fold = (s: string): string => (regex.ignoreCase ? s.toLowerCase() : s);
    const all = new RegExp(regex.source, `${regex.flags}g`);
    const matches = [...example.matchAll(all)].map((m) => m[0]);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect(texts.some((t) => fold(m).startsWith(fold(t)))).toBe(true);
  });
});

describe('countedLengths', () => {
  it.each([
    ['[a-z]{40}', { min: 40, max: 40, least: 0 }],
    ['[a-z]{40,46}', { min: 40, max: 46, least: 0 }],
    ['(?:u\\+)?[A-Za-z0-9_+-]{20}', { min: 20, max: 22, least: 0 }],
    ['sk-(?:proj|svcacct)-[\\w-]{20,30}', { min: 28, max: 41, least: 8 }],
  ] as const)('%s -> %j', (src, expected) => {
    expect(countedLengths(src)).toEqual(expected);
  });

  it.each([['[a-z]+'], ['[a-z]{4}x'], ['\\w[a-z]{4}'], ['[a-z]{4}|[0-9]{6}']])('%s has none', (src) => {
    expect(countedLengths(src)).toBeUndefined();
  });
});

describe('openingClass', () => {
  it.each([
    ['(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}', '[A-Za-z0-9]'],
    ['(?<![\\w-])(?:sq0atp-|EAAA)[\\w-]{22,60}(?![\\w-])', '[\\w-]'],
    ['(?<![\\]a])x', '[\\]a]'],
  ] as const)('%s -> %s', (src, expected) => {
    expect(openingClass(src)).toBe(expected);
  });

  it.each([
    ['SK[0-9a-f]{32}'], // no look-behind
    ['\\bSK[0-9a-f]{32}'],
    ['(?<!x)SK'], // not a class
    ['(?<![a-z]x)SK'], // more than a class
    ['(?<![a-z])sk_live|rk_live'], // binds only the first alternative
    ['(?<=[a-z])SK'], // positive
    ['x(?<![a-z])SK'], // not where the regex opens
  ])('%s has none', (src) => {
    expect(openingClass(src)).toBeUndefined();
  });
});

describe('tokenEnd: one length', () => {
  it.each([
    [
      '(?<![A-Za-z0-9])fio-u-[A-Za-z0-9_=-]{64}(?![A-Za-z0-9_=-])',
      { min: 70, max: 70, notAfter: '[A-Za-z0-9_=-]' },
    ],
    [
      '(?<![A-Za-z0-9_])(ghp_[A-Za-z0-9]{36})(?![A-Za-z0-9_])',
      { min: 40, max: 40, notAfter: '[A-Za-z0-9_]' },
    ],
    ['(?:do[opr]_v1_[a-f0-9]{64})(?![\\w-])', { min: 71, max: 71, notAfter: '[\\w-]' }],
    ['\\bamzn\\.mws\\.[0-9a-f]{8}(?![\\w-])', { min: 17, max: 17, notAfter: '[\\w-]' }],
    // Alternative tokens under one look-ahead: the lengths of all.
    [
      '(?<![\\w-])((?:ATBB[A-Za-z0-9_=.-]{28,36}|ATCTT3xFfGN0[A-Za-z0-9_=-]{160,240}))(?![\\w=.-])',
      { min: 32, max: 252, notAfter: '[\\w=.-]' },
    ],
    ['(?:sb_secret_[a-z]{20,64}|sbp_[a-f0-9]{40})(?![\\w-])', { min: 30, max: 74, notAfter: '[\\w-]' }],
    ['(ghp_)[a-z]{4}(?![a-z])', { min: 8, max: 8, notAfter: '[a-z]' }],
  ] as const)('%s -> %j', (src, expected) => {
    expect(tokenEnd(src)).toEqual(expected);
  });

  it.each([
    ['ghp_[A-Za-z0-9]{36}'], // no boundary after
    ['ghp_\\w[A-Za-z0-9]{36}(?![A-Za-z0-9])'], // a prefix it cannot read
    ['(?<name>ghp_[A-Za-z0-9]{36})(?![A-Za-z0-9])'],
    ['(?:ghp_[a-z]{36}|gho_\\w+)(?![a-z])'], // one alternative is no counted token
    ['(ghp_[a-z]{36})|gho_[a-z]{36}(?![a-z])'], // the look-ahead closes only the second
    ['ghp_[a-z]{36}|gho_[a-z]{36}(?![a-z])'],
    ['(?<![a-z])ghp_[a-z]{36}|gho_[a-z]{36}(?![a-z])'],
  ])('%s has none', (src) => {
    expect(tokenEnd(src)).toBeUndefined();
  });

  // On the real rules: every match of every example of a token rule is as long as its regex says.
  const cases = RULES.flatMap((rule) => {
    const end = tokenEnd(rule.regex.source);
    if (end === undefined) return [];
    return rule.examples.positive.map(
      (example) => [rule.id, end.min, end.max, rule.regex, expandTemplate(example, rule.id)] as const,
    );
  });
  it('applies to the token rules', () => {
    expect(new Set(cases.map((c) => c[0])).size).toBeGreaterThan(40);
  });
  it.each(cases)('%s matches are %i to %i long', (_id, min, max, regex, example) => {
    const matches = [...example.matchAll(new RegExp(regex.source, `${regex.flags}g`))];
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m[0].length).toBeGreaterThanOrEqual(min);
      expect(m[0].length).toBeLessThanOrEqual(max);
    }
  });
});

describe('endGroup', () => {
  it.each([
    ['(?:token)=([a-z0-9]{32})(?![\\w-])', 1],
    ['(a)(b)', 2],
    ['(a(b))', 1],
    ['(a)(?<!x)\\b', 1],
    ['x(?<name>y)', 1],
    ['(?:a)(?=b)', 0],
    ['a(b)|c(d)', 0], // the last group is not where every match ends
    ['(a)?', 0],
    ['(a)\\\\b', 0], // an escaped backslash, then a literal b
    ['(a)$', 0],
    ['(a', 0],
  ] as const)('%s -> %i', (src, expected) => {
    expect(endGroup(src)).toBe(expected);
  });

  // On the real rules: where the secret group ends the source, its span from the match's end and the group's
  // length is the span the match indices give, for every example.
  const cases = RULES.filter(
    (r) => (r.secretGroup ?? 0) > 0 && endGroup(r.regex.source) === r.secretGroup,
  ).flatMap((rule) =>
    rule.examples.positive.map((example) => [rule.id, rule, expandTemplate(example, rule.id)] as const),
  );
  it('applies to most rules with a secret group', () => {
    expect(new Set(cases.map((c) => c[0])).size).toBeGreaterThan(150);
  });
  it.each(cases)('%s: the span from the end is the indexed span', (_id, rule, example) => {
    const re = new RegExp(rule.regex.source, `${rule.regex.flags}gd`);
    const matches = [...example.matchAll(re)];
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      const group = rule.secretGroup as number;
      const end = (m.index as number) + m[0].length;
      expect([end - (m[group] as string).length, end]).toEqual(m.indices?.[group]);
    }
  });
});

describe('captureGroups', () => {
  /** What the engine says: an always-matching alternative reports every group, matched or not. */
  const engine = (src: string, flags = ''): number =>
    (new RegExp(`${src}|`, flags).exec('')?.length ?? 1) - 1;

  it.each([
    ['abc', 0],
    ['(a)(b(c))', 3],
    ['(?:a)(?=b)(?!c)(?<=d)(?<!e)', 0],
    ['x(?<name>y)(?<other>z)', 2],
    ['\\(a\\)', 0],
    ['\\\\(a)', 1], // an escaped backslash, then a group
    ['[(](a)', 1],
    ['[\\]()](b)', 1],
    ['[](c)', 1], // an empty class, then a group
    ['[^](d)', 1],
  ] as const)('%s -> %i', (src, expected) => {
    expect(captureGroups(src)).toBe(expected);
    expect(engine(src)).toBe(expected);
  });

  it('counts what the engine counts for every rule and allowlist regex', () => {
    const regexes = RULES.flatMap((r) => [r.regex, ...(r.allowlist?.regexes ?? [])]);
    expect(regexes.length).toBeGreaterThan(300);
    for (const re of regexes) expect(captureGroups(re.source), re.source).toBe(engine(re.source, re.flags));
  });
});

describe('aroundGroup', () => {
  it.each([
    [
      '(?:plaid)[\\w.-]{0,30}?=([a-z0-9]{24})(?![\\w-])',
      1,
      '(?:plaid)[\\w.-]{0,30}?=',
      '[a-z0-9]{24}',
      '(?![\\w-])',
    ],
    [
      '(?<![\\w-])(pscale_(?:pw|oauth)_[a-z]{32})(?![\\w-])',
      1,
      '(?<![\\w-])',
      'pscale_(?:pw|oauth)_[a-z]{32}',
      '(?![\\w-])',
    ],
    ['(a)=(b|c)', 2, '(a)=', 'b|c', ''],
    ['[(](x)\\)', 1, '[(]', 'x', '\\)'],
  ] as const)('%s, group %i', (src, n, before, inner, after) => {
    expect(aroundGroup(src, n)).toEqual({ before, inner, after });
  });

  it.each([
    ['a|(b)', 1, 'a top-level alternative'],
    ['(?:a(b)|c)', 1, 'the group inside an alternation'],
    ['(?=(b))b', 1, 'the group inside a look-ahead'],
    ['(b)+', 1, 'a repeated group'],
    ['(b){2}', 1, 'a counted group'],
    ['(b)?c', 1, 'an optional group'],
    ['(a)=(b)\\1', 2, 'a back-reference'],
    ['(?<k>a)=(b)\\k<k>', 2, 'a named back-reference'],
    ['(a)', 2, 'no such group'],
    ['(a', 1, 'an unclosed group'],
  ] as const)('%s, group %i: none (%s)', (src, n, _why) => {
    expect(aroundGroup(src, n)).toBeUndefined();
  });

  it('cuts every rule it cuts back into its own source', () => {
    let cut = 0;
    for (const r of RULES) {
      const around = aroundGroup(r.regex.source, r.secretGroup ?? 0);
      if (around === undefined) continue;
      cut++;
      expect(`${around.before}(${around.inner})${around.after}`).toBe(r.regex.source);
    }
    expect(cut).toBeGreaterThan(100);
  });
});

describe('tokenEnd: a range of lengths', () => {
  it.each([
    [
      '(?<![A-Za-z0-9])vck_[A-Za-z0-9]{24,100}(?![A-Za-z0-9])',
      { min: 28, max: 104, notAfter: '[A-Za-z0-9]' },
    ],
    ['(?<![\\w-])(pscale_(?:pw|tk)_[a-z]{32,64})(?![\\w=.-])', { min: 42, max: 74, notAfter: '[\\w=.-]' }],
    // Prefixes of several lengths: from the shortest with the fewest to the longest with the most.
    ['(?<![A-Za-z0-9])dckr_(?:pat|oauth)_[a-z]{27,40}(?![a-z])', { min: 36, max: 51, notAfter: '[a-z]' }],
    ['(?:sk|rk_x)[A-Za-z0-9]{20}(?![A-Za-z0-9])', { min: 22, max: 24, notAfter: '[A-Za-z0-9]' }],
  ] as const)('%s', (src, expected) => {
    expect(tokenEnd(src)).toEqual(expected);
  });

  it.each([
    ['tok_[a-z]{4,}(?![a-z])', 'no longest count'],
    ['tok_[a-z]{4,8}', 'no closing look-ahead'],
  ] as const)('%s: none (%s)', (src, _why) => {
    expect(tokenEnd(src)).toBeUndefined();
  });
});
