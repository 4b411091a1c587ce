import { describe, expect, it } from 'vitest';
import { charBefore, type Gate, gated, gateOf, keyed, NO_GATE } from '../../src/rules/assignments.js';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, type RuleRegistry } from '../../src/rules/registry.js';
import { assigned } from '../../src/rules/shapes.js';
import type { SecretRule } from '../../src/rules/types.js';
import { prng } from './expand.js';

const rule = (regex: RegExp, keywords = ['abcdef', 'de']): SecretRule => ({
  id: 'test-gate',
  description: 'test',
  family: 'test',
  keywords,
  regex,
  secretGroup: 1,
  examples: { positive: ['abcdef=123456'], negative: ['abcdef'] },
});
const found = (regex: RegExp, text: string, keywords?: string[]) =>
  createRuleRegistry([rule(regex, keywords)])
    .scan(text)
    .map((m) => text.slice(m.start, m.end));

/** A text of fewer than `most` pieces drawn at random. */
const randomText = (rnd: () => number, pieces: readonly string[], most: number): string => {
  let text = '';
  const n = Math.floor(rnd() * most);
  for (let i = 0; i < n; i++) text += pieces[Math.floor(rnd() * pieces.length)] as string;
  return text;
};
const span = (m: { start: number; end: number }): string => `${m.start}-${m.end}`;

/** Scans `count` texts with both registries: the texts where they differ, and how many matches `b` found. */
function sameScans(a: RuleRegistry, b: RuleRegistry, text: () => string, count: number) {
  const wrong: string[] = [];
  let matches = 0;
  for (let t = 0; t < count; t++) {
    const s = text();
    const x = a.scan(s).map(span);
    const y = b.scan(s).map(span);
    matches += y.length;
    if (x.join() !== y.join()) wrong.push(JSON.stringify({ text: s, a: x, b: y }));
  }
  return { wrong, matches };
}

// Each case puts the operator as far from the keyword as the regex allows: a gate one character too tight
// would skip the hit and lose the secret.
describe('assignment gates keep the farthest and the nearest operator the regex accepts', () => {
  it('keyed: 30 name characters, 12 quotes or spaces, then `.=`', () => {
    const re = keyed('abcdef|de', '[0-9]{6}');
    expect(found(re, `abcdef${'x'.repeat(30)}${' '.repeat(12)}.=${' '.repeat(5)}123456`)).toEqual(['123456']);
    expect(found(re, `de${'x'.repeat(30)}"   ,  "123456")`)).toEqual([]); // not an assignment at all
  });

  it('assigned: 30 name characters, 3 quotes, then `||=`', () => {
    const re = assigned('abcdef|de', '[0-9]{6}');
    expect(found(re, `abcdef${'x'.repeat(30)}'''||='''''123456`)).toEqual(['123456']);
    expect(found(re, `<abcdef${'x'.repeat(30)}>123456</abcdef>`)).toEqual(['123456']);
  });

  it('keyed with a word tail: 20 name characters, the longest word, 12 spaces, then `.=`', () => {
    const re = keyed('abcdef|de', '[0-9]{6}', '[\\w.-]{0,20}?(?:key|secret)');
    expect(found(re, `de${'x'.repeat(20)}secret${' '.repeat(12)}.=123456`)).toEqual(['123456']);
  });

  it('the search starts after the shortest key: an operator right after it is found', () => {
    // Searched from the hit plus the longest key instead, the `=` after `de` would be passed over.
    for (const re of [keyed('abcdef|de', '[0-9]{6}'), assigned('abcdef|de', '[0-9]{6}')]) {
      expect(createRuleRegistry([rule(re)]).rules[0]?.gate?.after).toBe(2);
      expect(found(re, 'de=123456')).toEqual(['123456']);
      expect(found(re, 'x de:123456 abcdef=654321')).toEqual(['123456', '654321']);
    }
  });

  it('keys with optional characters: measured at their longest spelling', () => {
    const re = assigned('abc[_-]?def|de', '[0-9]{6}');
    const keywords = ['abcdef', 'abc_def', 'abc-def', 'de'];
    expect(createRuleRegistry([rule(re, keywords)]).rules[0]?.gate?.within).toBe(7 + 35);
    expect(found(re, `abc_def${'x'.repeat(30)}'''||=123456`, keywords)).toEqual(['123456']);
  });

  it('generic-secret-assignment: the longest name, its longest end and `" value =` at its widest', () => {
    const generic = RULES.find((r) => r.id === 'generic-secret-assignment') as SecretRule;
    const longest = [...generic.keywords].sort((a, b) => b.length - a.length)[0] as string;
    const registry = createRuleRegistry([generic]);
    const value = 'Zq8Lw3Rk9Tn2Vb7Xc4';
    for (const text of [
      `${longest}123"    value  ="${value}"`,
      `${longest}_string"    value  ="${value}"`,
      `${longest}_string${' '.repeat(12)}.=${value}`,
    ]) {
      expect(registry.scan(text).map((m) => text.slice(m.start, m.end))).toEqual([value]);
    }
  });

  it('curl-user-password: three spaces, a quote and 128 user characters before the colon', () => {
    const curl = RULES.find((r) => r.id === 'curl-user-password') as SecretRule;
    const registry = createRuleRegistry([curl]);
    const password = 'Zq8Lw3Rk9Tn2';
    const text = `curl --user   "${'u'.repeat(128)}:${password} https://api.internal/`;
    expect(registry.scan(text).map((m) => text.slice(m.start, m.end))).toEqual([password]);
  });

  it('splunk-hec-token: the UUID after 30 name characters, 3 quotes, `=>` and 5 spaces', () => {
    const splunk = RULES.find((r) => r.id === 'splunk-hec-token') as SecretRule;
    const registry = createRuleRegistry([splunk]);
    const uuid = '739cad4f-3eb9-4ebe-8957-9abe9a95ce59';
    const text = `hec_token${'x'.repeat(30)}'''=>${' '.repeat(5)}${uuid}`;
    expect(registry.scan(text).map((m) => text.slice(m.start, m.end))).toEqual([uuid]);
  });

  it('facebook-access-token: the `|` after 30 name characters, 3 quotes, `=>`, 5 spaces and 16 digits', () => {
    const facebook = RULES.find((r) => r.id === 'facebook-access-token') as SecretRule;
    const registry = createRuleRegistry([facebook]);
    const token = '2160661328061673|CJgNM5sqZ1qpyN-ROJ5sH7T1x0J';
    for (const key of ['facebook', 'fb']) {
      const text = `${key}${'x'.repeat(30)}'''=>${' '.repeat(5)}${token}`;
      expect(registry.scan(text).map((m) => text.slice(m.start, m.end))).toEqual([token]);
    }
    // No operator at all, as in logs.
    expect(registry.scan(`facebook ${token}`)).toHaveLength(1);
  });

  it('url-password: the `@` after 128 user and 256 password characters', () => {
    const url = RULES.find((r) => r.id === 'url-password') as SecretRule;
    const registry = createRuleRegistry([url]);
    const user = 'Ab3'.repeat(43).slice(0, 128);
    const password = 'Zq8Lw3Rk9Tn2Vb7Xc4Pm6'.repeat(13).slice(0, 256);
    const text = `before smtp://${user}:${password}@mail.internal:587 after`;
    expect(registry.scan(text).map((m) => text.slice(m.start, m.end))).toEqual([password]);
    // One character more and the regex itself refuses it.
    const longer = `before smtp://${user}x:${password}@mail.internal:587 after`;
    expect(registry.scan(longer)).toEqual([]);
  });

  it('are set only on rules scanned anchored, where the scan uses them', () => {
    const registry = createRuleRegistry(RULES);
    const gated = registry.rules.filter((r) => r.gate !== undefined);
    expect(gated.length).toBeGreaterThan(90);
    expect(gated.filter((r) => r.sticky === undefined).map((r) => r.id)).toEqual([]);
  });

  it('need keys that are literal alternatives, and say so when they are not', () => {
    // A `.` in the generic rule's names once dropped its gate silently, and with it the checks that only a
    // gated rule's values get (base64 of a sentence under `auth:` went masked).
    expect(() => gated(/security.psk=(\w+)/, 'token|security.psk', 4)).toThrow(/literal alternatives/);
    expect(gateOf(gated(/security\.psk=(\w+)/, 'token|security\\.psk', 4))?.within).toBe(16);
    expect(RULES.find((r) => r.id === 'generic-secret-assignment')?.regex).toSatisfy(
      (re: RegExp) => gateOf(re) !== undefined,
    );
  });

  it('a search that finds no gate character says so, whatever is left of the text', () => {
    // The text's length, returned before, is within reach of a hit near the end of a short text: every URL
    // without userinfo then ran url-password's regex in full.
    const registry = createRuleRegistry(RULES);
    const gated = registry.rules.filter((r) => r.gate !== undefined);
    const text = 'plain words';
    for (const r of gated) {
      const gate = r.gate as Gate;
      expect(gate.find(text, gate.after), r.id).toBe(NO_GATE);
      expect(NO_GATE - text.length, r.id).toBeGreaterThan(gate.within);
    }
  });

  it('rules that share a search stop where another found none, and find what the same rules ungated find', () => {
    // Three rules on different keys share the `=:,>` search and one closing's end table. Where a text has none
    // of either to its end, the first rule to search from a hit says so for the scan, and the others' searches
    // from before that place stop there. Copies of the regexes have neither gate nor closing.
    const keys = ['abcdef|de', 'ghijk|gh', 'mnopq'];
    const spec = (re: RegExp, i: number): SecretRule => ({
      ...rule(re, (keys[i] as string).split('|')),
      id: `shared-${i}`,
    });
    const regexes = keys.map((k) => keyed(k, '[0-9a-f]{6}'));
    const shared = createRuleRegistry(regexes.map(spec));
    const plain = createRuleRegistry(regexes.map((re, i) => spec(new RegExp(re.source, re.flags), i)));
    expect(new Set(shared.rules.map((r) => r.gate?.find)).size).toBe(1);
    expect(new Set(shared.rules.map((r) => r.closing?.ends)).size).toBe(1);
    expect(plain.rules.every((r) => r.gate === undefined && r.closing === undefined)).toBe(true);
    const rnd = prng(16);
    const pieces = [
      'abcdef',
      'de',
      'ghijk',
      'gh',
      'mnopq',
      'abcdefabcdef',
      '=',
      ':',
      ' ',
      '12ab3f',
      'ffeedd0',
    ];
    const { wrong, matches } = sameScans(shared, plain, () => randomText(rnd, pieces, 40), 4000);
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(300);
  });

  it('a set of gate characters is found where a plain search finds it, near a hit and far from it', () => {
    // Texts of operators, letters, hex, dashes and non-ASCII units, searched from every place: the first few
    // characters are read by table, the rest by a regex, so both and the hand-over between them are met. The
    // default set is the one the rules share (finders are kept per set). The one pattern gate, splunk's UUID
    // dash, is held by the farthest-operator test above. Each search also runs told where the last gate
    // character is, as a scan tells it once another rule found none from a place on.
    const rnd = prng(11);
    const pieces = [...'=:,>@-af0x é\uff1d', '\ud83d\ude00', 'abcdef12-', 'token', 'bot', 'x'.repeat(40)];
    const wrong: string[] = [];
    for (const chars of ['=:,>', ':@', '>-', '@']) {
      const gate = createRuleRegistry([rule(gated(/abcdef=(\d+)/, 'abcdef', 1, chars))]).rules[0]
        ?.gate as Gate;
      const re = new RegExp(`[${chars}]`, 'g');
      for (let t = 0; t < 60; t++) {
        const text = randomText(rnd, pieces, 40);
        // Told that none is at `end` or after (the tightest such end), a search stops there.
        let end = 0;
        for (const m of text.matchAll(re)) end = m.index + 1;
        for (let from = 0; from <= text.length; from++) {
          re.lastIndex = from;
          const m = re.exec(text);
          const want = m === null ? NO_GATE : m.index;
          if (gate.find(text, from) !== want || gate.find(text, from, end) !== want)
            wrong.push(JSON.stringify([chars, text, from]));
          // Bounded to a hit's reach: the first gate character before `stop`, or none.
          const stop = from + Math.floor(rnd() * (text.length - from + 1));
          const bounded = m === null || m.index >= stop ? NO_GATE : m.index;
          if (gate.find(text, from, stop) !== bounded) wrong.push(JSON.stringify([chars, text, from, stop]));
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never turn away a hit whose regex matches: the same rules ungated find the same', () => {
    // The scan keeps what its last gate search learnt (a gate character there, or none up to a place) for
    // the hits after it; the rules' regexes copied lose their gates and are tried at every hit.
    const rnd = prng(12);
    const regexes = [
      keyed('abcdef|de', '[0-9a-f]{6}'),
      assigned('abcdef|de', '[0-9a-f]{6}'),
      keyed('abcdef|de', '[0-9a-f]{6}', '[\\w.-]{0,20}?(?:key|secret)'),
      // A pattern gate (searched no further than its reach), the operator optional, as facebook's.
      gated(
        /(?:abcdef|de)[\w.-]{0,8}?[=:]?\s{0,2}(\d{3}-[0-9a-f]{6})/,
        'abcdef|de',
        8 + 1 + 2 + 3,
        /-(?<=\d{3}-)/,
      ),
      // A gate of a colon with a blank after it (the message rule's), by a search of its own.
      gated(/(?:abcdef|de)[^:\n]{0,8}:[ \t]([0-9a-f]{6})/, 'abcdef|de', 8 + 1, charBefore(':', ' \t')),
    ];
    const pieces = [
      'abcdef',
      'de',
      '=',
      ':',
      ' ',
      '  ',
      '"',
      'x',
      'xxxxxxxx',
      'key',
      'secret',
      '12ab3f',
      'ffeedd0',
      '\n',
      '123-',
      '-',
    ];
    const wrong: string[] = [];
    let matches = 0;
    for (const re of regexes) {
      const withGate = createRuleRegistry([rule(re)]);
      const without = createRuleRegistry([rule(new RegExp(re.source, re.flags))]);
      expect(withGate.rules[0]?.gate).toBeDefined();
      expect(without.rules[0]?.gate).toBeUndefined();
      const seen = sameScans(withGate, without, () => randomText(rnd, pieces, 30), 2000);
      wrong.push(...seen.wrong);
      matches += seen.matches;
    }
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(150);
  });

  it('a gate whose text end stands for its character tries the hits that reach the end, and only those', () => {
    // A value that ends its line or the text (the AUTH command's): the line break is the gate.
    const re = gated(
      /(?:abcdef|de)[ \t]{1,2}(\d{3}[0-9a-f]{3})(?=[ \t]{0,2}(?:\n|$))/,
      'abcdef|de',
      2 + 6 + 2,
      '\n',
      true,
    );
    const withGate = createRuleRegistry([rule(re)]);
    const without = createRuleRegistry([rule(new RegExp(re.source, re.flags))]);
    const rnd = prng(21);
    const pieces = ['de', 'abcdef', ' ', '123abc', '456def', '\n', 'x', '\t'];
    const seen = sameScans(withGate, without, () => randomText(rnd, pieces, 12), 6000);
    expect(seen.wrong).toEqual([]);
    expect(seen.matches).toBeGreaterThan(100);
    expect(found(re, 'log in: de 123abc')).toEqual(['123abc']);
    // Far from the end and with no line break after it, a hit is passed over without its regex.
    const calls = { n: 0 };
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, t: string) {
      if (this.source === re.source) calls.n++;
      return exec.call(this, t);
    };
    try {
      expect(withGate.scan(`${'de x '.repeat(2000)}de 123abc`).length).toBe(1);
    } finally {
      RegExp.prototype.exec = exec;
    }
    expect(calls.n).toBeLessThan(10);
  });

  it('a hit whose next hit is beyond its reach is searched only to its reach, and loses nothing', () => {
    // In prose the next gate character is ~100 characters on and the next hit further: a search that read on
    // to it served no later hit. Where hits come close together, one search reading on serves them all, and
    // reads no further than the last of them reaches.
    const re = keyed('abcdef', '[0-9a-f]{6}');
    const within = (gateOf(re) as Gate).within;
    // What each search's regex read: from where it started to the end of the text it was given.
    const gateSearches = (text: string) => {
      const reads: number[] = [];
      const exec = RegExp.prototype.exec;
      RegExp.prototype.exec = function (this: RegExp, s: string) {
        if (this.source === '[=:,>]') reads.push(s.length - this.lastIndex);
        return exec.call(this, s);
      };
      try {
        const matches = found(re, text, ['abcdef']);
        return { reads, found: matches };
      } finally {
        RegExp.prototype.exec = exec;
      }
    };
    const far = gateSearches(`${`abcdef${' '.repeat(100)}`.repeat(50)}abcdef = 12ab3f`);
    expect(far.found).toEqual(['12ab3f']);
    expect(far.reads).toHaveLength(50);
    expect(Math.max(...far.reads)).toBeLessThan(within);
    const near = gateSearches(`${'abcdef '.repeat(1000)}x`);
    expect(near).toEqual({ reads: [7000 - 10 + 1], found: [] });
    // Hits close together, then one far on: the run's search stops where its last hit's reach ends.
    const run = gateSearches(`${'abcdef '.repeat(20)}${' '.repeat(500)}abcdef = 12ab3f`);
    expect(run.found).toEqual(['12ab3f']);
    expect(run.reads[0]).toBeLessThan(20 * 7 + within);
    // And what is found is what the rule finds ungated, with fillers longer than a hit's reach between hits.
    const rnd = prng(14);
    const pieces = ['abcdef', '=', ':', ' ', '"', 'x'.repeat(70), ' '.repeat(45), '12ab3f', '\n'];
    const withGate = createRuleRegistry([rule(re, ['abcdef'])]);
    const without = createRuleRegistry([rule(new RegExp(re.source, re.flags), ['abcdef'])]);
    const { wrong, matches } = sameScans(withGate, without, () => randomText(rnd, pieces, 30), 2000);
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(100);
  });

  it('a pattern gate is found where a plain search finds it within its reach, and not looked for past it', () => {
    // Unbounded, the search read on to the next match however far: one `fb` early in 10 MB with no `|`
    // read all of it. Here a UUID-dash pattern with a reach of 12 past the key, from every place.
    const rnd = prng(13);
    const pattern = /-(?<=[0-9a-f]{8}-)/;
    const gate = createRuleRegistry([rule(gated(/abcdef(\w+)/, 'abcdef', 12, pattern))]).rules[0]
      ?.gate as Gate;
    const span = gate.within - gate.after;
    expect(span).toBe(12);
    const plain = new RegExp(pattern.source, 'g');
    const pieces = ['-', 'deadbeef', '0123', 'x', ' ', 'abcdef', 'a1b2c3d4-', 'é'];
    const wrong: string[] = [];
    for (let t = 0; t < 200; t++) {
      const text = randomText(rnd, pieces, 20);
      for (let from = 0; from <= text.length; from++) {
        plain.lastIndex = from;
        const m = plain.exec(text);
        const limit = from + span + 1;
        const got = gate.find(text, from);
        const stop = limit >= text.length ? NO_GATE : limit;
        const right = m !== null && m.index < limit ? got === m.index : got === stop;
        if (!right) wrong.push(JSON.stringify([text, from, got]));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the end table and search of every built-in closing stop at each unit its look-ahead allows, only there', () => {
    const registry = createRuleRegistry(RULES);
    const closed = registry.rules.filter((r) => r.closing !== undefined);
    expect(closed.length).toBeGreaterThan(100);
    for (const r of closed) {
      const notAfter = /\(\?!(\[(?:[^\]\\]|\\.)+\])\)$/.exec(r.regex.source)?.[1] as string;
      const refuses = new RegExp(notAfter, r.regex.flags.replace(/[gyd]/g, ''));
      const { search, table } = r.closing?.ends ?? {};
      const wrong: number[] = [];
      for (const c of [...Array(128).keys(), 0x80, 0xe9, 0x130, 0x212a, 0x4e00, 0xd800, 0xdfff, 0xffff]) {
        const unit = String.fromCharCode(c);
        const ends = c >= 128 || !refuses.test(unit);
        (search as RegExp).lastIndex = 0;
        if ((search as RegExp).test(unit) !== ends) wrong.push(c);
        if (c < 128 && (table?.[c] === 1) !== ends) wrong.push(c);
      }
      expect(wrong, r.id).toEqual([]);
    }
  });

  it('a fixed-length value is found where its end is any unit the boundary refuses, or the text ends', () => {
    const re = keyed('abcdef|de', '[0-9]{6}');
    expect(createRuleRegistry([rule(re)]).rules[0]?.closing?.max).toBe(49 + 14 + 6);
    // Nothing but the key's own class before and after: the only end is the non-ASCII unit, or the text's end.
    expect(found(re, `abcdef=123456é${'a'.repeat(100)}`)).toEqual(['123456']);
    expect(found(re, `${'a'.repeat(100)} abcdef=123456`)).toEqual(['123456']);
    expect(found(re, `abcdef=123456${'a'.repeat(100)}`)).toEqual([]);
  });

  it('a value of a range of lengths, an optional prefix before it, is found where the rule unclosed finds it', () => {
    const re = keyed('abcdef|de', '(?:u\\+)?[0-9a-f]{6,8}');
    const closed = createRuleRegistry([rule(re)]);
    const plain = createRuleRegistry([rule(new RegExp(re.source, re.flags))]);
    // From the shortest key and the shortest value on; to the farthest operator and the longest prefixed value.
    expect(closed.rules[0]?.closing).toMatchObject({ min: 2 + 6, max: 49 + 14 + 2 + 8 });
    expect(plain.rules[0]?.closing).toBeUndefined();
    const rnd = prng(23);
    const pieces = [...'= f0x-é', 'abcdef', 'de', 'u+', '12ab3f', '=12ab3f', '=u+12ab3f0f '];
    const { wrong, matches } = sameScans(closed, plain, () => randomText(rnd, pieces, 24), 4000);
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(300);
  });

  it('a hit whose value cannot end within reach is passed over without an attempt', () => {
    // `abcdef=` over and over: every character is one the value's boundary refuses to follow it, so no
    // value ends before the text does; one search for that end answers every hit.
    const registry = createRuleRegistry([rule(keyed('abcdef|de', '[0-9a-f=]{6}'))]);
    const own = registry.rules[0]?.sticky?.source;
    let attempts = 0;
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      if (this.source === own) attempts++;
      return exec.call(this, s);
    };
    try {
      expect(registry.scan('abcdef='.repeat(200))).toEqual([]);
    } finally {
      RegExp.prototype.exec = exec;
    }
    // Only the hits near the text's end, which may end a value, are tried: those within 77 characters of it
    // (the gate's reach, 49, its slack and the value's length), of 400 (`abcdef` and the `de` inside it).
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(2 * Math.ceil(77 / 7));
  });

  /**
   * A token rule against the same regex not read as a token (`(?:)` appended), over random texts of `pieces`:
   * its closing window, and the scans that differ.
   */
  function tokenAgainstApart(token: RegExp, keywords: string[], pieces: string[], seed: number) {
    const apart = new RegExp(`${token.source}(?:)`); // the same matches, not read as a token
    const registry = createRuleRegistry([{ ...rule(token, keywords), secretGroup: 0 }]);
    const plain = createRuleRegistry([{ ...rule(apart, keywords), secretGroup: 0 }]);
    expect(plain.rules[0]?.closing).toBeUndefined();
    const rnd = prng(seed);
    const scans = sameScans(registry, plain, () => randomText(rnd, pieces, 16), 3000);
    return { closing: registry.rules[0]?.closing, ...scans };
  }
  const TOKEN_PIECES = ['ab12', 'x', 'Z9', ' ', '-', 'é', '\n', '1234567'];

  it('a token of bounded length is found where it can end, and tried only there', () => {
    // `tok_` and 4 to 8 alphanumerics, closed by a look-ahead: its end is 8 to 12 characters after the hit.
    const token = /(?<![A-Za-z0-9])tok_[A-Za-z0-9]{4,8}(?![A-Za-z0-9])/;
    const { closing, wrong, matches } = tokenAgainstApart(
      token,
      ['tok_'],
      ['tok_', 'tok_', ...TOKEN_PIECES],
      14,
    );
    expect(closing).toMatchObject({ min: 8, max: 12 });
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(200);
  });

  it('... and so is a token whose prefix has several lengths, tried where the shortest or the longest can end', () => {
    // `tx` or `tokenlongx`, then 4 to 8 alphanumerics: its end is 6 to 18 characters after the hit. (Letters
    // only, so that a long token has no place to end inside its prefix.)
    const token = /(?<![A-Za-z0-9])(?:tx|tokenlongx)[A-Za-z0-9]{4,8}(?![A-Za-z0-9])/;
    const keywords = ['tx', 'tokenlongx'];
    const { closing, wrong, matches } = tokenAgainstApart(
      token,
      keywords,
      [...keywords, ...TOKEN_PIECES],
      15,
    );
    expect(closing).toMatchObject({ min: 6, max: 18 });
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(200);
  });

  it('a set of gate characters may hold others than ASCII (a full-width equals sign), looked for in reach', () => {
    const re = gated(/abc[ a-z]{0,4}[=\uff1d]([0-9]{6})/, 'abc', 4, '=\uff1d');
    expect(found(re, 'abc\uff1d123456', ['abc'])).toEqual(['123456']);
    expect(found(re, 'abc x=123456', ['abc'])).toEqual(['123456']);
    expect(found(re, 'abc  abc \uff1d123456', ['abc'])).toEqual(['123456']);
    expect(found(re, 'abc      \uff1d123456', ['abc'])).toEqual([]);
  });

  it("a gate character out of one hit's reach is in the next one's", () => {
    // within = 3 + 4: the `=` at 8 is too far from the hit at 0; the hit at 5 is the only one whose regex matches.
    const re = gated(/abc[ a-z]{0,4}=([0-9]{6})/, 'abc', 4);
    expect(found(re, 'abc  abc=123456', ['abc'])).toEqual(['123456']);
    expect(found(re, 'abc  abc =123456', ['abc'])).toEqual(['123456']);
    expect(found(re, 'abc  abc      =123456', ['abc'])).toEqual([]);
    // Past the loop's look-ahead, the regex finds the operator (the key tail is long enough to reach it).
    const long = gated(/abc[ a-z]{0,60}=([0-9]{6})/, 'abc', 60);
    expect(found(long, `abc${' '.repeat(59)}=123456`, ['abc'])).toEqual(['123456']);
    // Hits one apart: the second reaches exactly one character further than the first.
    const two = gated(/(?:abc|bcd)[ a-z]{0,4}=([0-9]{6})/, 'abc|bcd', 4);
    expect(found(two, 'abcd    =123456', ['abc', 'bcd'])).toEqual(['123456']);
  });
});

describe('keys with a look-ahead (`bot(?!h)`)', () => {
  const botRule = (): SecretRule => rule(assigned('alpha|bot(?!h)', '[0-9]{6}'), ['alpha', 'bot']);

  /** The registry's tests of the rule's key at its hits, counted: the scanner's own copy is not this object. */
  function keyTests(r: SecretRule, text: string, others: SecretRule[] = []) {
    const key = (gateOf(r.regex) as Gate).key;
    const test = key.test;
    let count = 0;
    key.test = function (this: RegExp, s: string) {
      count++;
      return test.call(this, s);
    };
    try {
      const matches = createRuleRegistry([r, ...others])
        .scan(text)
        .map((m) => text.slice(m.start, m.end));
      return { matches, count };
    } finally {
      key.test = test;
    }
  }

  it('marks a gate whose keys hold a look-ahead, and no other', () => {
    expect(gateOf(botRule().regex)?.keyFirst).toBe(true);
    expect(gateOf(assigned('alpha|bot', '[0-9]{6}'))?.keyFirst).toBe(false);
  });

  it('reports no hit where the keyword is no key: the rule never sees `both`', () => {
    const text = `${'we both agree, '.repeat(500)}bot_token=123456 alpha: 654321 both=111111`;
    const { matches, count } = keyTests(botRule(), text);
    expect(matches).toEqual(['123456', '654321']);
    // The keyword pass tested every hit by the key, the 501 `both` among them, so the rule tests none again
    // (where the pass does not, the rule tests all 503 hits).
    expect(count).toBe(0);
  });

  it('still reports those hits when another rule of the keyword may match there', () => {
    const other: SecretRule = { ...rule(/both=([0-9]{6})/, ['bot']), id: 'test-both' };
    const { matches, count } = keyTests(botRule(), 'we both agree, both=135791 bot=246802', [other]);
    expect(matches).toEqual(['135791', '246802']);
    // Every hit reached the rules, and the bot rule turned the two `both` away by its key itself.
    expect(count).toBe(3);
  });
});
