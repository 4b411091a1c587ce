import { describe, expect, it } from 'vitest';
import { escapeRegex } from '../../src/core/regex.js';
import { createKeywordScanner, windowScore } from '../../src/rules/keyword-scanner.js';
import { createRuleRegistry } from '../../src/rules/registry.js';
import type { SecretRule } from '../../src/rules/types.js';
import { fold7 } from '../../src/rules/window-pass.js';
import { prng } from './expand.js';

// The keyword prefilter looks for a few characters of each keyword and checks the rest exactly (see
// createKeywordScanner). A hit it misses is a secret missed, so here its hits are tested through rules
// whose regex starts with the keyword: every match of those regexes over the whole text must be found.
const KEY_CHARS = 'abcAB_-.';
const TEXT_CHARS = 'abcdeABC_-. 0123456789é日\u{1F600}';
/** The same without units above U+00FF: a text V8 holds one byte a unit, whose copy the exact check reads. */
const ONE_BYTE_CHARS = 'abcdeABC_-. 0123456789é\u00ff';

const pick = (next: () => number, chars: string[]) => chars[Math.floor(next() * chars.length)] as string;

function keyword(next: () => number): string {
  const length = 2 + Math.floor(next() * 6);
  if (next() < 0.15) return 'a'.repeat(Math.max(3, length)); // a run keyword
  let out = '';
  while (out.length < length) out += pick(next, [...KEY_CHARS]).toLowerCase();
  return out;
}

function text(next: () => number, keywords: string[], alphabet = TEXT_CHARS): string {
  const chars = [...alphabet];
  let out = '';
  while (out.length < 3000) {
    const r = next();
    if (r < 0.08) {
      // a keyword in random case, then what the rule wants (or not quite)
      const kw = [...(pick(next, keywords) as string)].map((c) => (next() < 0.5 ? c.toUpperCase() : c));
      out += kw.join('');
      if (next() < 0.7)
        out += (next() < 0.5 ? pick(next, chars) : '') + String(100 + Math.floor(next() * 900));
    } else out += pick(next, chars);
  }
  return out;
}

/** Characters covered by any match of any rule's regex over the whole text, as a 0/1 string. */
function covered(rules: SecretRule[], t: string): string {
  const cover = new Array<number>(t.length).fill(0);
  for (const r of rules) {
    for (const m of t.matchAll(new RegExp(r.regex.source, 'gid'))) {
      const [s, e] = (m.indices as RegExpIndicesArray)[1] as [number, number];
      const value = t.slice(s, e);
      if (/^(.)\1*$/u.test(value)) continue; // one repeated character reads as a placeholder
      cover.fill(1, s, e);
    }
  }
  return cover.join('');
}

function rulesFor(keywords: string[]): SecretRule[] {
  return keywords.map((kw, i) => ({
    id: `test-kw-${i}`,
    description: 'keyword then one optional character and three digits',
    family: 'test',
    keywords: [kw],
    regex: new RegExp(`${escapeRegex(kw)}(\\D?[0-9]{3})(?![0-9])`, 'i'),
    secretGroup: 1,
    examples: { positive: [`${kw}123`], negative: [kw] },
  }));
}

function expectAllFound(keywords: string[], t: string): void {
  const rules = rulesFor(keywords);
  const cover = new Array<number>(t.length).fill(0);
  for (const m of createRuleRegistry(rules).scan(t)) cover.fill(1, m.start, m.end);
  expect(cover.join(''), `keywords ${JSON.stringify(keywords)}`).toBe(covered(rules, t));
}

describe('keyword prefilter', () => {
  it('reports every occurrence, in any case, next to any character, up to the text end', () => {
    const next = prng(20261203);
    for (let round = 0; round < 60; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + Math.floor(next() * 6) }, () => keyword(next)))];
      expectAllFound(keywords, `${text(next, keywords)}${keywords[0]}42${keywords[0]}999`); // one at the end
    }
  });

  it('reports every occurrence in texts of one-byte units too', () => {
    const next = prng(20261208);
    for (let round = 0; round < 60; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + Math.floor(next() * 6) }, () => keyword(next)))];
      expectAllFound(keywords, `${text(next, keywords, ONE_BYTE_CHARS)}${keywords[0]}42`);
    }
  });

  it('reports them in short texts too (read by character, not from a copy)', () => {
    const next = prng(20261205);
    for (let round = 0; round < 200; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => keyword(next)))];
      expectAllFound(keywords, text(next, keywords).slice(0, 8 + Math.floor(next() * 120)));
    }
  });

  it('reports keywords across the chunks a long text is copied in', () => {
    // Long texts are scanned from a Latin-1 copy 16,384 units at a time: a keyword may straddle two chunks,
    // or its looked-for window may end on a chunk's last unit with the character after it in the next. So
    // each keyword is planted at every offset around the first and second boundaries, one text per offset.
    const next = prng(20261206);
    const keywords = ['ab_c.', 'cab-a', 'b.cab', 'aaaa', 'ca'];
    const filler = text(next, keywords).replace(/[abc]/gi, 'e');
    let long = '';
    while (long.length < 33_000) long += filler;
    for (const kw of keywords)
      for (const boundary of [16_384, 32_768])
        for (let at = boundary - kw.length - 4; at <= boundary + 1; at++)
          expectAllFound(keywords, `${long.slice(0, at)} ${kw}123 ${long.slice(at + kw.length + 5)}`);
  });

  it('reports a keyword that ends a long text, whatever the parity of its length', () => {
    // Long texts are read two characters a step, with a last single step when their length is odd. Here the
    // secret comes before its keyword, so the keyword's hit at the very end is what brings the rule in.
    const keywords = ['ab_c.', 'cab-a', 'b.cab', 'aaaa', 'ca', 'bca'];
    const rules = keywords.map(
      (kw, i): SecretRule => ({
        id: `test-end-${i}`,
        description: 'three digits, then the keyword',
        family: 'test',
        keywords: [kw],
        regex: new RegExp(`(?<![0-9])([0-9]{3})${escapeRegex(kw)}`, 'i'),
        secretGroup: 1,
        examples: { positive: [`123${kw}`], negative: [kw] },
      }),
    );
    const registry = createRuleRegistry(rules);
    for (const kw of keywords)
      for (let length = 200; length < 204; length++) {
        const t = `${'e '.repeat(length).slice(0, length - kw.length - 3)}123${kw}`;
        expect(t).toHaveLength(length);
        expect(
          registry.scan(t).map((m) => t.slice(m.start, m.end)),
          `${kw} ending ${length} characters`,
        ).toEqual(['123']);
      }
  });

  it('reads no keyword into characters whose low byte spells one', () => {
    // U+0161..U+0163 copy to Latin-1 as a, b, c: false candidates at most, never hits.
    const lookalike = (word: string) =>
      [...word].map((c) => String.fromCharCode(0x100 | c.charCodeAt(0))).join('');
    for (const kw of ['abc', 'ab_c', 'ca-b']) {
      const t = `${'x'.repeat(200)}${lookalike(kw)}123 ${kw.slice(0, -1)}${lookalike(kw.slice(-1))}123 ${kw}123`;
      const found = createRuleRegistry(rulesFor([kw])).scan(t);
      expect(found.map((m) => t.slice(m.start, m.end))).toEqual(['123']);
      expect(found[0]?.start).toBe(t.lastIndexOf('123'));
    }
  });

  it('reports no hit where only low bytes spell a keyword, after many keywords found or few', () => {
    // Long texts are checked in the window pass's Latin-1 copy. Once the keywords found there are a quarter of
    // the text, the pass asks whether the text is of one-byte units, where the copy is exact: if not (U+0161
    // is `a` copied), every keyword found is still looked at in the text. Hits, not matches: a rule's regex
    // would refuse a false hit.
    const kw = 'ab_c';
    const scan = createKeywordScanner([kw], [0], new Uint8Array(128));
    const hits = (t: string) => {
      const buf = { count: 0, at: new Int32Array(8), keyword: new Int32Array(8) };
      scan(t, buf);
      return [...buf.at.subarray(0, buf.count)];
    };
    const lookalike = [...kw].map((c) => String.fromCharCode(0x100 | c.charCodeAt(0))).join('');
    for (const times of [0, 100]) {
      const many = `${kw}1 `.repeat(times);
      const wide = `${many}${' '.repeat(200)}${lookalike} ${kw.slice(0, -1)}${lookalike.slice(-1)} ${kw}`;
      expect(hits(wide), `${times} before`).toEqual([...hits(many), wide.length - kw.length]);
      const narrow = `${many}${' '.repeat(200)}é${kw} ${kw.toUpperCase()} ÿ${kw}`;
      expect(hits(narrow)).toEqual([
        ...hits(many),
        ...[-kw.length, -2 * kw.length - 2, -3 * kw.length - 3].map((d) => narrow.length + d).reverse(),
      ]);
    }
  });

  it('reports keywords in other scripts in their lower-case, capitalised and upper-case forms', () => {
    // The pass reads such units by their low seven bits (`р` and `Р` apart, `キ` as `-`), so these keywords are
    // looked for in each form, and the filler holds units whose low bytes spell them (U+503F reads as `п`).
    const keywords = ['пароль', 'κωδικός', 'パスワード', '密码', 'apiキー', 'şifre', 'ーー', 'é'];
    const forms = (kw: string) => [kw, kw[0]?.toUpperCase() + kw.slice(1), kw.toUpperCase()];
    const lowBytes = keywords
      .join('')
      .replace(/./gu, (c) => String.fromCharCode(0x5000 | (c.charCodeAt(0) & 0xff)));
    const filler = [...`abc 0123456789${keywords.join('')}${lowBytes}`];
    const next = prng(20261207);
    for (let round = 0; round < 40; round++) {
      let t = '';
      while (t.length < 400 + round * 100) {
        if (next() < 0.1) t += `${pick(next, forms(pick(next, keywords)))}${next() < 0.5 ? ' ' : ''}123`;
        else t += pick(next, filler);
      }
      expectAllFound(keywords, t);
    }
  });

  it('reports no keyword in other scripts where only the low bytes of its units are', () => {
    for (const kw of ['パスワード', '密码', 'пароль']) {
      const lookalike = [...kw].map((c) => String.fromCharCode(0x5000 | (c.charCodeAt(0) & 0xff))).join('');
      const t = `${'x '.repeat(100)}${lookalike}123 ${kw}123 ${lookalike.repeat(300)}123`;
      const found = createRuleRegistry(rulesFor([kw])).scan(t);
      expect(found.map((m) => t.slice(m.start, m.end))).toEqual(['123']);
      expect(found[0]?.start).toBe(t.indexOf(`${kw}123`) + kw.length);
    }
  });

  it('reports keywords that share their rarest characters (full buckets choose others)', () => {
    // Common letters before `_key`, so that `_key` is the rarest part of every keyword, as in the real rules.
    const next = prng(20261204);
    const common = [...'etaoinsh'];
    const prefix = () =>
      Array.from({ length: 2 + Math.floor(next() * 5) }, () => pick(next, common)).join('');
    for (let round = 0; round < 20; round++) {
      const keywords = [
        ...new Set(Array.from({ length: 8 + Math.floor(next() * 20) }, () => `${prefix()}_key`)),
      ];
      expectAllFound(keywords, text(next, keywords));
    }
  });
});

describe('windowScore', () => {
  const fold = (word: string) => Int32Array.from(word, (c) => fold7(c.charCodeAt(0)));

  it('ranks a window of one repeated character after every mixed one, however few keywords hold it', () => {
    const codes = fold('private key-----');
    const dashes = windowScore(codes, 12, 4, 1); // `----`, held by this keyword alone
    expect(windowScore(codes, 11, 4, 1)).toBe(dashes);
    for (let o = 0; o <= 10; o++) expect(windowScore(codes, o, 4, 50), `window at ${o}`).toBeLessThan(dashes);
  });

  it('otherwise prefers fewer holders, then rarer characters', () => {
    const codes = fold('xq_token');
    expect(windowScore(codes, 0, 4, 1)).toBeLessThan(windowScore(codes, 0, 4, 2));
    expect(windowScore(codes, 0, 4, 1)).toBeLessThan(windowScore(codes, 4, 4, 1)); // `xq_t` before `oken`
  });
});
