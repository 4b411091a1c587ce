import { describe, expect, it } from 'vitest';
import type { StringClass, UnicodeProfile } from '../../src/core/types.js';
import { cleanText, lastCleanMayHoldContext, type RemovalCounts } from '../../src/unicode/clean.js';

const clean = (s: string, cls: StringClass = 'document', profile: UnicodeProfile = 'balanced') => {
  const counts: RemovalCounts = {};
  return { out: cleanText(s, cls, profile, counts), counts };
};

describe('always removed (balanced, document)', () => {
  it.each([
    ['NUL', 'name=admin\u0000.png', 'name=admin.png', { control: 1 }],
    ['backspaces', 'safe\b\b\b\brm', 'saferm', { control: 4 }],
    ['DEL', 'abc\u007fdef', 'abcdef', { control: 1 }],
    ['C1 NEL', 'a\u0085b', 'ab', { control: 1 }],
    ['vertical tab and form feed', 'a\u000bb\u000cc', 'abc', { control: 2 }],
    ['RLO file-name spoof', 'report\u202Etxt.exe', 'reporttxt.exe', { bidi: 1 }],
    ['isolates', 'if (a\u2066 b\u2069)', 'if (a b)', { bidi: 2 }],
    ['all embeddings', '\u202Aa\u202Bb\u202Cc\u202Dd', 'abcd', { bidi: 4 }],
    ['ZWSP split keyword', 'SYS\u200BTEM', 'SYSTEM', { 'zero-width': 1 }],
    ['BOM mid-text', 'to\uFEFFken', 'token', { bom: 1 }],
    [
      'word joiner and invisible operators',
      'dele\u2060te\u2062_\u2063all\u2064',
      'delete_all',
      { invisible: 4 },
    ],
    ['soft hyphen', 'pass\u00ADword', 'password', { invisible: 1 }],
    ['Hangul fillers', 'a\u3164b\u115Fc\u1160d\uFFA0e', 'abcde', { invisible: 4 }],
    ['braille blank between Latin words', 'ignore\u2800previous', 'ignoreprevious', { invisible: 1 }],
    [
      'braille blanks as a name',
      'Reviewer:\u2800\u2800\u2800 approved',
      'Reviewer: approved',
      { invisible: 3 },
    ],
    ['Mongolian vowel separator', 'pay\u180Epal', 'paypal', { 'zero-width': 1 }],
    ['combining grapheme joiner', 'a\u034Fb', 'ab', { invisible: 1 }],
    ['Khmer inherent vowels', 'ap\u17B4i\u17B5', 'api', { invisible: 2 }],
    ['interlinear annotation', 'Safe\uFFF9hidden\uFFFA\uFFFB', 'Safehidden', { invisible: 3 }],
    ['shorthand format controls', 'ign\u{1BCA0}ore\u{1BCA3}', 'ignore', { invisible: 2 }],
    [
      'reserved default-ignorables',
      'a\uFFF0b\uFFF8c\u{E0080}d\u{E00FF}e\u{E01F0}f\u{E0FFF}',
      'abcdef',
      { invisible: 6 },
    ],
    ['noncharacters', 'a\uFDD0b\uFFFEc\u{1FFFF}d\u{10FFFE}', 'abcd', { noncharacter: 4 }],
    ['lone high surrogate', 'a\uD83Db', 'ab', { surrogate: 1 }],
    ['lone low surrogate', 'a\uDE00b', 'ab', { surrogate: 1 }],
    ['reversed pair', 'x\uDE00\uD83Dy', 'xy', { surrogate: 2 }],
    ['tag smuggling', 'Hi\u{E0001}\u{E0053}\u{E0059}\u{E0053}', 'Hi', { tag: 4 }],
    ['tag space', 'hello\u{E0020}world', 'helloworld', { tag: 1 }],
  ])('%s', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });
});

describe('braille blank', () => {
  it('stays between braille cells, where it is the space between words, and before or after one', () => {
    for (const text of [
      '\u2813\u2811\u2807\u2807\u2815\u2800\u283a\u2815\u2817\u2807\u2819',
      'x\u2800\u2800\u2801',
      '\u2801\u2800x',
    ]) {
      expect(clean(text)).toEqual({ out: text, counts: {} });
    }
  });

  it('goes where what stood beside a braille cell is removed first, and a second cleaning agrees', () => {
    const once = clean('a\u2800\u200b\u2801');
    expect(once).toEqual({ out: 'a\u2801', counts: { invisible: 1, 'zero-width': 1 } });
    expect(clean(once.out)).toEqual({ out: once.out, counts: {} });
  });
});

describe('ANSI and terminal escapes', () => {
  it.each([
    ['SGR colour', '\u001b[31mERROR\u001b[0m: disk', 'ERROR: disk'],
    ['SGR conceal', 'ok \u001b[8mhidden\u001b[28m', 'ok hidden'],
    ['private CSI (alt screen)', '\u001b[?1049h\u001b[HPrompt', 'Prompt'],
    ['truecolour CSI', '\u001b[38;2;255;0;0mred', 'red'],
    ['OSC title with BEL', '\u001b]0;owned\u0007text', 'text'],
    ['OSC title beyond ASCII, counted by code point', '\u001b]0;título 😀\u0007text', 'text'],
    ['OSC 52 clipboard', '\u001b]52;c;Y3VybA==\u0007Copied!', 'Copied!'],
    [
      'OSC 8 hyperlink keeps the text',
      '\u001b]8;;https://evil.example/\u001b\\docs\u001b]8;;\u001b\\',
      'docs',
    ],
    ['DCS with ST', 'ok\u001bPpayload\u001b\\ok', 'okok'],
    ['APC / PM / SOS', '\u001b_a\u001b\\\u001b^b\u001b\\\u001bXc\u001b\\!', '!'],
    ['charset designation (nF)', '\u001b(Babc', 'abc'],
    ['two-character ESC', '\u001bcreset \u001b7x\u001b8', 'reset x'],
    ['8-bit CSI', 'Build: \u009b31mOK', 'Build: OK'],
    ['8-bit DCS to 8-bit ST', '\u0090q#0;2\u009c sixel', ' sixel'],
    ['8-bit OSC with BEL', '\u009d0;t\u0007x', 'x'],
    ['8-bit OSC beyond ASCII', '\u009d0;😀\u0007x', 'x'],
  ])('%s: the whole sequence goes, counted as ansi', (_name, input, expected) => {
    const removed = [...input].length - [...expected].length;
    expect(clean(input)).toEqual({ out: expected, counts: { ansi: removed } });
  });

  it.each([
    ['lone ESC at the end', 'abc\u001b', 'abc', { control: 1 }],
    ['ESC before a non-ASCII character', 'a\u001bé', 'aé', { control: 1 }],
    ['a run of ESC', 'a\u001b\u001b\u001bé', 'aé', { control: 3 }],
    ['a run of ESC at the end', 'a\u001b\u001b\u001b', 'a', { control: 3 }],
  ])('%s is a control', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });

  it.each([
    // A run of ESC is counted at once up to its last, which may open a sequence.
    ['a CSI', '\u001b\u001b\u001b[31mred', 'red', { control: 2, ansi: 5 }],
    ['an OSC string', 'x\u001b\u001b]0;t\u0007y', 'xy', { control: 1, ansi: 6 }],
    ['a two-character ESC', '\u001b\u001bcz', 'z', { control: 1, ansi: 2 }],
    // The first DCS ends where the second opens (any ESC but ST's aborts a string); `a` is the second's body.
    ['strings opened back to back', '\u001bP\u001bPa\u001b\\b', 'b', { ansi: 7 }],
  ])('the last ESC of a run opens %s', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });

  it('an unterminated control string loses only its introducer', () => {
    expect(clean('Build: \u009d31mOK').out).toBe('Build: 31mOK');
    expect(clean('x\u001b]0;title never closed').out).toBe('x0;title never closed');
  });

  it('stays linear on many unterminated introducers', () => {
    const input = '\u001b]'.repeat(200_000);
    expect(clean(input)).toEqual({ out: '', counts: { ansi: 400_000 } });
  });
});

describe('newlines per string class', () => {
  it.each<[StringClass, string, string, number]>([
    ['document', 'a\r\nb', 'a\nb', 1],
    ['document', 'a\rb', 'a\nb', 1],
    ['document', 'a\u2028b\u2029c', 'a\nb\nc', 2],
    ['document', 'a\tb\nc', 'a\tb\nc', 0],
    ['field', 'a\tb\nc', 'a b c', 2],
    ['field', 'a\r\nb', 'a b', 2],
    ['error', 'a\rb\u2028c', 'a b c', 2],
    ['key', 'k\ne\ty', 'k e y', 2],
  ])('%s: %j', (cls, input, expected, n) => {
    expect(clean(input, cls)).toEqual({ out: expected, counts: n === 0 ? {} : { newline: n } });
  });
});

describe('context characters kept (balanced)', () => {
  it.each([
    ['emoji ZWJ family', 'Team 👨\u200d👩\u200d👧\u200d👦 posted'],
    ['ZWJ after VS16', 'flag 🏳\uFE0F\u200d🌈 and 🏳\uFE0F\u200d⚧\uFE0F'],
    ['ZWJ after a skin tone', '👩🏿\u200d🚒'],
    ['heart on fire', '❤\uFE0F\u200d🔥'],
    ['Devanagari conjunct with ZWJ', 'र्\u200dय and क्\u200dष'],
    ['Devanagari explicit virama with ZWNJ', 'क्\u200cष'],
    ['Malayalam chillu at the end of a word', 'അവന്\u200d. next'],
    ['Sinhala yansaya', 'ක්\u200dය'],
    ['Khmer ZWNJ after the coeng', 'ក\u17D2\u200Cក'],
    ['Myanmar ZWNJ after the virama', 'က\u1039\u200Cက'],
    ['Brahmi ZWJ after the virama', '\u{11013}\u{11046}\u200D\u{11013}'],
    ['Mongolian ZWJ choosing a medial form', 'ᠮ\u200Dᠣᠩᠭᠣᠯ'],
    ['Persian ZWNJ', 'این خانه\u200cای بزرگ است و می\u200cخواهم'],
    ['Hebrew with RLM', 'שם הקובץ: \u200freport.pdf\u200f'],
    ['Arabic letter mark', 'السعر \u061C100'],
    ['England flag tag sequence', 'go 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}!'],
    [
      'Scotland and Texas flags',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} 🏴\u{E0075}\u{E0073}\u{E0074}\u{E0078}\u{E007F}',
    ],
    ['keycap', 'press 1\uFE0F\u20E3 or #\uFE0F\u20E3'],
    ['text-style arrow', 'back ↩\uFE0E'],
    ['ideographic variation sequence', '葛\u{E0100}城市と葛\u{E0101}飾区'],
    ['standardized variant of a math symbol', 'a ≩\uFE00 b'],
    ['slashed zero (the one standardized variant of an ASCII character)', 'K9F0\uFE00-O7Q2'],
    ['Mongolian free variation selector', 'ᠨᠠ\u180Bᠢᠮᠠ'],
    ['Mongolian vowel separator before a final a', 'ᠬᠠᠷ\u180Eᠠ ᠲᠠᠯ\u180Eᠠ'],
    ['Arabic letter forms shown alone', 'ع\u200D (أول)، \u200Dع\u200D (وسط)، \u200Dع (آخر)'],
  ])('%s', (_name, input) => {
    const { out, counts } = clean(input);
    expect(out).toBe(input);
    expect(counts).toEqual({});
  });

  it('returns the same reference when nothing changes', () => {
    for (const s of ['plain ASCII', 'Zürich 東京 مرحبا 🚀', '👨\u200d👩\u200d👧', '']) {
      expect(cleanText(s, 'document', 'balanced')).toBe(s);
    }
  });
});

describe('context characters removed (balanced)', () => {
  it.each([
    ['ZWNJ between Latin letters', 'e\u200cx\u200cf\u200ci\u200cl', 'exfil', { 'zero-width': 4 }],
    ['ZWJ between Latin letters', 'ad\u200dmin', 'admin', { 'zero-width': 1 }],
    ['ZWJ between emoji and a letter', '👍\u200dok', '👍ok', { 'zero-width': 1 }],
    ['two joiners in a row', 'क्\u200d\u200dष', 'क्ष', { 'zero-width': 2 }],
    [
      'marks without right-to-left letters',
      'Total: \u200f100\u200e USD',
      'Total: 100 USD',
      { 'bidi-mark': 2 },
    ],
    ['doubled marks in Hebrew text', 'שלום \u200f\u200fx', 'שלום x', { 'bidi-mark': 2 }],
    ['tags after a non-flag emoji', 'done ✅\u{E0072}\u{E006D}\u{E007F}', 'done ✅', { tag: 3 }],
    ['flag tags that are not a subdivision id', '🏴\u{E0052}\u{E004D}\u{E0020}\u{E007F}', '🏴', { tag: 4 }],
    ['flag tags without CANCEL TAG', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}', '🏴', { tag: 5 }],
    ['variation selector after an ASCII letter', 'a\uFE0Fb', 'ab', { 'variation-selector': 1 }],
    [
      'run of ideographic selectors',
      '中\u{E0155}\u{E0168}\u{E0156} text',
      '中 text',
      { 'variation-selector': 3 },
    ],
    ['ideographic selector after an emoji', '👍\u{E0100}', '👍', { 'variation-selector': 1 }],
    [
      "bytes smuggled after an emoji's own VS16, which stays",
      'Love it \u2764\uFE0F\u{E016B}\u{E0112}\u{E0113}!',
      'Love it \u2764\uFE0F!',
      { 'variation-selector': 3 },
    ],
    [
      'Mongolian vowel separator before no final vowel',
      'ᠬᠠᠷ\u180Eᠢ ᠠ\u180E\u180Eᠠ',
      'ᠬᠠᠷᠢ ᠠᠠ',
      { 'zero-width': 3 },
    ],
    [
      'Mongolian selectors after Latin',
      'admin\u180B\u180C\u180D\u180F',
      'admin',
      { 'variation-selector': 4 },
    ],
  ])('%s', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });

  it.each([
    // Three or more of one character in a row are judged as two in the run and counted as dropped at once: the
    // run's other characters must see them as the same crowd.
    [
      'a run of one mark beside a ZWNJ that stands',
      'ب\u200f\u200f\u200f\u200f\u200cت',
      'ب\u200cت',
      { 'bidi-mark': 4 },
    ],
    ['a run of joiners between emoji', '👨\u200d\u200d\u200d👩', '👨👩', { 'zero-width': 3 }],
    ['a run of selectors after an emoji', '❤\uFE0F\uFE0F\uFE0F\uFE0F', '❤', { 'variation-selector': 4 }],
    ['a run of zero-width spaces', 'a\u200b\u200b\u200b\u200b\u200bb', 'ab', { 'zero-width': 5 }],
    ['lone high surrogates before a pair', '\ud800\ud800\ud800\udc00', '\u{10000}', { surrogate: 2 }],
    ['a long run of one mark', `x${'\u200f'.repeat(100_000)}y`, 'xy', { 'bidi-mark': 100_000 }],
  ])('%s', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });

  it('judges context after removals, so a ZWSP cannot hide a second selector', () => {
    const { out } = clean('❤\uFE0F\u200B\uFE0F');
    expect(out).toBe('❤');
    expect(cleanText(out, 'document', 'balanced')).toBe(out);
  });

  it('keeps an emoji ZWJ sequence split by an escape sequence', () => {
    expect(clean('👨\u001b[0m\u200d👩').out).toBe('👨\u200d👩');
  });
});

describe("bidi marks need a right-to-left letter among the output's bases", () => {
  it.each([
    ['one far before them, in a long stretch', `שלום ${'x'.repeat(300)} \u200fy`, undefined],
    // Twelve: sixteen marks this close would pass the density limit.
    ['one after many short stretches', `${'ab\u200f'.repeat(12)}ב`, undefined],
    ['a supplementary one (Phoenician)', 'a\u200f\u{10900}', undefined],
    [
      'one after a removed noncharacter, in a long stretch',
      'abcdefgh\ufdd0ijklmnopש\u200fq',
      { noncharacter: 1 },
    ],
  ])('kept: %s', (_name, input, counts) => {
    const out = counts === undefined ? input : input.replace('\ufdd0', '');
    expect(clean(input)).toEqual({ out, counts: counts ?? {} });
  });

  it.each([
    ['ARABIC LETTER MARK is a mark, not a letter', ' \u061c \u061c', '  ', { 'bidi-mark': 2 }],
    [
      'the only letter sat inside a removed escape string',
      'abcdefgh\u200fxxxxxxxx\u001b]0;ש\u0007',
      'abcdefghxxxxxxxx',
      { ansi: 6, 'bidi-mark': 1 },
    ],
    // U+FDD0 lies in the Arabic presentation forms block: found by the search, right after a stretch, and removed.
    [
      'the only character of an RTL block was removed, right after a stretch',
      'abcdefgh\ufdd0\u200fxyz',
      'abcdefghxyz',
      { 'bidi-mark': 1, noncharacter: 1 },
    ],
    [
      'no letter after a removed character either',
      'abcdefgh\ufdd0ijklmnop\u200fq',
      'abcdefghijklmnopq',
      { 'bidi-mark': 1, noncharacter: 1 },
    ],
    ['many marks between short stretches', 'a\u200f'.repeat(50), 'a'.repeat(50), { 'bidi-mark': 50 }],
  ])('removed: %s', (_name, input, expected, counts) => {
    expect(clean(input)).toEqual({ out: expected, counts });
  });
});

describe('density limit', () => {
  it('removes all kept context characters past one per four visible characters', () => {
    const persian = 'خانه';
    const stego = Array.from({ length: 40 }, () => `${persian}\u200c`).join('');
    const { out, counts } = clean(stego);
    expect(out).toBe(persian.repeat(40));
    expect(counts).toEqual({ steganography: 40 });
  });

  it('leaves ordinary Persian prose and emoji in prose alone', () => {
    const prose = 'این خانه\u200cای بزرگ است و ما می\u200cخواهیم آن را ببینیم. '.repeat(20);
    expect(clean(prose).out).toBe(prose);
    const chat = 'Team 👨\u200d👩\u200d👧\u200d👦 shipped it, congrats to everyone involved! '.repeat(10);
    expect(clean(chat).out).toBe(chat);
  });

  it('does not count marks already removed for want of right-to-left letters', () => {
    // Ten ZWNJs between Devanagari letters stand; ten RLMs beside them go. Counted with them, the twenty would
    // pass the limit and take the ZWNJs along.
    const text = 'क\u200cक \u200f'.repeat(10);
    expect(clean(text)).toEqual({ out: text.replaceAll('\u200f', ''), counts: { 'bidi-mark': 10 } });
  });

  it('neither counts nor removes the selectors and joiners that emoji sequences are made of', () => {
    // Eight ZWJ sequences, most with VS16 before or after the joiner: twenty kept characters in 70 units.
    const reactions = 'Reactions: ❤️‍🔥 12 · 🏳️‍🌈 4 · 👁️‍🗨️ 2 · 🏋️‍♀️ 7 · 🐻‍❄️ 1 · 😶‍🌫️ 3 · 🏴‍☠️ 5 · 🧑‍⚕️ 2';
    expect(clean(reactions)).toEqual({ out: reactions, counts: {} });
    // Counted apart, they leave the limit to what can carry a payload between them.
    const stego = '\u0628\u200c\u0628😀\uFE0F'.repeat(20);
    expect(clean(stego)).toEqual({ out: '\u0628\u0628😀\uFE0F'.repeat(20), counts: { steganography: 20 } });
  });

  it('counts selectors after ideographs too', () => {
    const stego = '中\u{E0100}'.repeat(30);
    expect(clean(stego)).toEqual({ out: '中'.repeat(30), counts: { steganography: 30 } });
  });
});

describe('strict profile', () => {
  it.each([
    ['emoji ZWJ', '👨\u200d👩', '👨👩', { 'zero-width': 1 }],
    ['Persian ZWNJ', 'خانه\u200cای', 'خانهای', { 'zero-width': 1 }],
    ['RLM in Hebrew', 'שם \u200fx', 'שם x', { 'bidi-mark': 1 }],
    ['flag tags', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', '🏴', { tag: 6 }],
    ['Arabic number sign', '\u0600123', '123', { format: 1 }],
    ['unusual spaces', 'a\u00A0b\u2009c\u3000d', 'a b c d', { separator: 3 }],
  ])('removes %s', (_name, input, expected, counts) => {
    expect(clean(input, 'document', 'strict')).toEqual({ out: expected, counts });
  });

  it('still keeps one emoji variation selector (Mn, not Cf)', () => {
    expect(clean('❤\uFE0F', 'document', 'strict').out).toBe('❤\uFE0F');
  });

  it('leaves no Cc, Cf, Zl or Zp anywhere in the code space', () => {
    const all: string[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp < 0xd800 || cp > 0xdfff) all.push(String.fromCodePoint(cp));
    }
    const out = cleanText(all.join('x'), 'document', 'strict');
    const left = [...out].filter(
      (ch) => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(ch) && ch !== '\t' && ch !== '\n',
    );
    expect(left).toEqual([]);
  });
});

// The output is joined from slices when its pieces are long and built from a code-unit buffer, a chunk at a
// time, when they are short: both must give the same text, surrogate pairs intact across chunk boundaries.
describe('long outputs of short and of long pieces', () => {
  it('removes every other character of a long text', () => {
    const { out, counts } = clean(`a${'😀\u200b'.repeat(10_000)}`);
    expect(out).toBe(`a${'😀'.repeat(10_000)}`);
    expect(counts).toEqual({ 'zero-width': 10_000 });
  });

  it('drops the joiners of Arabic letters alternating with ZWNJ past the density limit', () => {
    const { out } = clean('\u0628\u200c'.repeat(50_000));
    expect(out).toBe('\u0628'.repeat(50_000));
  });

  it('keeps long stretches between removals', () => {
    const line = `${'word '.repeat(40)}\u200b`;
    const { out, counts } = clean(line.repeat(1_000));
    expect(out).toBe('word '.repeat(40_000));
    expect(counts).toEqual({ 'zero-width': 1_000 });
  });

  it('rewrites newlines in a field among short pieces', () => {
    const { out } = clean('x\r\n'.repeat(20_000), 'field');
    expect(out).toBe('x '.repeat(20_000));
  });
});

// The pipeline skips its search for context characters after masking when the cleaned text holds none.
describe('lastCleanMayHoldContext', () => {
  it.each([
    ['plain text', 'plain text', false],
    ['a removed zero-width space', 'a\u200bb', false],
    ['a joiner with no emoji beside it', 'a\u200db', false],
    ['an emoji ZWJ sequence', '\u{1F468}\u200d\u{1F469}', true],
    ['a Persian ZWNJ', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', true],
    ['an emoji variation selector', '\u2764\ufe0f', true],
  ])('%s: %s', (_name, text, expected) => {
    cleanText(text, 'document', 'balanced');
    expect(lastCleanMayHoldContext()).toBe(expected);
  });

  it('answers for the last call only', () => {
    cleanText('\u{1F468}\u200d\u{1F469}', 'document', 'balanced');
    cleanText('plain', 'document', 'balanced');
    expect(lastCleanMayHoldContext()).toBe(false);
  });
});
