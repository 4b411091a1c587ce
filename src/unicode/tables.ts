/**
 * @module unicode/tables
 * The character tables of the Unicode policy (DESIGN.md, "Unicode policy"), as data: one list of ranges per
 * category, each with the attack it stops. `clean.ts` compiles these into lookup tables once; nothing else
 * decides what is forbidden. Bump {@link UNICODE_TABLES_VERSION} whenever a range, or what the cleaner makes of
 * one, changes: reports and fingerprints of cleaned text depend on it.
 *
 * Ranges are inclusive code point ranges `[from, to]`.
 */

/** Version of these tables and of their reading; part of every report that counts Unicode removals. */
export const UNICODE_TABLES_VERSION = '2026.5';

/** The categories removals and rewrites are counted under (they appear in reports as `class`). */
export const UNICODE_CATEGORIES = [
  'control',
  'ansi',
  'bidi',
  'zero-width',
  'bidi-mark',
  'tag',
  'variation-selector',
  'surrogate',
  'noncharacter',
  'bom',
  'invisible',
  'format',
  'separator',
  'steganography',
  'newline',
  'lookalike',
] as const;

export type UnicodeCategory = (typeof UNICODE_CATEGORIES)[number];

/** An inclusive code point range. */
export type CodePointRange = readonly [from: number, to: number];

/**
 * C0 controls (tab, LF and CR are handled by the per-class newline rules), DEL and the C1 block.
 * Backspace and carriage return overwrite text on terminals; NUL truncates strings in C consumers;
 * C1 U+0085 (NEL) is a line break some parsers honour and others do not.
 */
export const CONTROL_RANGES: readonly CodePointRange[] = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
];

/**
 * ANSI / ECMA-48 escape sequences: terminal injection (colour spoofing, SGR 8 "conceal" hiding text, OSC 52
 * clipboard writes, OSC 8 hyperlinks whose target differs from the text, alternate-screen fake prompts,
 * DCS/sixel payloads). Whole sequences are removed, not just the ESC, so no parameter debris is left.
 */
export const ANSI = {
  esc: 0x1b,
  /** 8-bit CSI (same grammar as `ESC [`). */
  c1Csi: 0x9b,
  /** 8-bit string introducers: DCS, SOS, OSC, PM, APC (same as `ESC P`, `ESC X`, `ESC ]`, `ESC ^`, `ESC _`). */
  c1Strings: [0x90, 0x98, 0x9d, 0x9e, 0x9f] as readonly number[],
  /** Second characters of `ESC x` that open a control string terminated by ST or BEL. */
  escStrings: [0x50, 0x58, 0x5d, 0x5e, 0x5f] as readonly number[],
  /** CSI grammar: parameter bytes, intermediate bytes, final byte. */
  csiParam: [0x30, 0x3f] as CodePointRange,
  intermediate: [0x20, 0x2f] as CodePointRange,
  final: [0x40, 0x7e] as CodePointRange,
  /** Ends a control string: BEL, CAN, SUB (abort), ESC (ST is `ESC \`; any other ESC aborts), 8-bit ST. */
  stringEnds: [0x07, 0x18, 0x1a, 0x1b, 0x9c] as readonly number[],
} as const;

/**
 * Bidi embeddings, overrides and isolates: Trojan Source (CVE-2021-42574, https://trojansource.codes/)
 * reorders what is displayed against what is parsed; RLO also spoofs file extensions (`txt.exe`).
 */
export const BIDI_CONTROL_RANGES: readonly CodePointRange[] = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

/** ZERO WIDTH SPACE: splits keywords and secrets so filters miss them; makes look-alike identifiers. */
export const ZERO_WIDTH_SPACE = 0x200b;
/** ZWNJ and ZWJ: needed by Persian, Arabic, Indic scripts and emoji, so they are judged in context. */
export const ZWNJ = 0x200c;
export const ZWJ = 0x200d;

/** LRM, RLM, ALM: legitimate in right-to-left text, invisible noise (or a covert channel) elsewhere. */
export const BIDI_MARKS: readonly number[] = [0x200e, 0x200f, 0x061c];

/**
 * Tag characters: ASCII smuggling (https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/)
 * encodes a whole hidden prompt as invisible U+E00xx copies of ASCII. Only emoji tag sequences survive:
 * U+1F3F4 WAVING BLACK FLAG + tag letters/digits spelling a well-formed CLDR subdivision id + CANCEL TAG
 * (England is 🏴 + "gbeng" + U+E007F). Spaces, capitals and punctuation, which a hidden prompt needs, never
 * form one.
 */
export const TAG_RANGE: CodePointRange = [0xe0000, 0xe007f];
export const TAG_BASE = 0x1f3f4;
export const TAG_CANCEL = 0xe007f;
/** Offset from a tag character to the ASCII character it mirrors. */
export const TAG_OFFSET = 0xe0000;
/** unicode_subdivision_id: a region (2 letters or 3 digits) and a 1–4 character suffix, lowercase. */
export const SUBDIVISION_ID = /^(?:[a-z]{2}|[0-9]{3})[a-z0-9]{1,4}$/;
export const TAG_SPEC_MAX = 7;

/**
 * Variation selectors: variation-selector smuggling (https://paulbutler.org/2025/smuggling-arbitrary-data-through-an-emoji/)
 * hides one byte per selector after a visible character. One selector after a base that takes it is kept.
 * Mongolian free variation selectors behave the same way and are judged by the same rule.
 */
export const VARIATION_SELECTOR_RANGES: readonly CodePointRange[] = [
  [0x180b, 0x180d],
  [0x180f, 0x180f],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
];
/** VS15/VS16 (text/emoji presentation) are kept after `\p{Emoji}` bases (this includes keycap digits, #, *). */
export const EMOJI_VS: CodePointRange = [0xfe0e, 0xfe0f];
/** VS1–VS14: standardized variants of math symbols, CJK compatibility ideographs, Myanmar and Phags-pa. */
export const STANDARDIZED_VS: CodePointRange = [0xfe00, 0xfe0d];
export const STANDARDIZED_VS_BASES: readonly CodePointRange[] = [
  [0x1000, 0x109f],
  [0x2200, 0x22ff],
  [0x27c0, 0x27ef],
  [0x2980, 0x2aff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa840, 0xa877],
  [0xf900, 0xfaff],
  [0x20000, 0x323af],
];
/** VS17–VS256: Ideographic Variation Sequences (Unicode IVD), only after CJK ideographs. */
export const IDEOGRAPHIC_VS: CodePointRange = [0xe0100, 0xe01ef];
export const IDEOGRAPH_RANGES: readonly CodePointRange[] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0x20000, 0x323af],
];
export const MONGOLIAN_FVS: readonly CodePointRange[] = [
  [0x180b, 0x180d],
  [0x180f, 0x180f],
];
export const MONGOLIAN_LETTERS: readonly CodePointRange[] = [
  [0x1820, 0x1878],
  [0x1880, 0x18aa],
];
/**
 * Mongolian's vowel separator: Traditional Mongolian writes it between a word and its final `a` or `e`
 * (`qar᠎a`, `tal᠎a`), which it sets apart in a form of their own. Anywhere else it is one more invisible.
 */
export const MONGOLIAN_VOWEL_SEPARATOR = 0x180e;
export const MONGOLIAN_FINAL_VOWELS: CodePointRange = [0x1820, 0x1821];

/**
 * Scripts whose orthography uses ZWJ/ZWNJ between (or after) letters: Arabic and Persian (ZWNJ before
 * suffixes), Syriac, N'Ko; the Indic scripts Devanagari through Malayalam and Sinhala (half forms,
 * eyelash RA, chillu, explicit virama); the other Brahmic scripts whose virama or stacker a joiner may
 * follow (UAX #31's contexts): Myanmar, Khmer, Tai Tham, Balinese to Batak, Javanese, Syloti Nagri to
 * Devanagari Extended, and the historic ones of the Supplementary Multilingual Plane (Brahmi to Ahom and
 * on); and Mongolian, whose joiners choose a letter's form. In order: `scriptJoin` takes the first start as
 * the lowest.
 */
/** Cursive scripts, whose letters take a form by the letters they join: Arabic, Syriac, Thaana, N'Ko, Mongolian. */
export const CURSIVE_SCRIPT_RANGES: readonly CodePointRange[] = [
  [0x0600, 0x08ff],
  [0x1800, 0x18af],
];

export const JOINING_SCRIPT_RANGES: readonly CodePointRange[] = [
  [0x0600, 0x08ff],
  [0x0900, 0x0dff],
  [0x1000, 0x109f],
  [0x1780, 0x17ff],
  [0x1800, 0x18af],
  [0x1a20, 0x1aaf],
  [0x1b00, 0x1bff],
  [0xa800, 0xa8ff],
  [0xa980, 0xa9df],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfefc],
  [0x11000, 0x11fff],
];

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, ..., and the RTL supplementary blocks). */
export const RTL_RANGES: readonly CodePointRange[] = [
  [0x0590, 0x08ff],
  [0xfb1d, 0xfdff],
  [0xfe70, 0xfefc],
  [0x10800, 0x10fff],
  [0x1e800, 0x1efff],
];

/** Emoji modifiers (skin tones): may sit between a pictograph and a ZWJ. */
export const EMOJI_MODIFIERS: CodePointRange = [0x1f3fb, 0x1f3ff];

/** Surrogate code units: a lone one is not text and breaks UTF-8 encoders downstream. */
export const SURROGATE_RANGE: CodePointRange = [0xd800, 0xdfff];

/**
 * Noncharacters: U+FDD0–FDEF and the last two code points of every plane. Never valid in interchange;
 * some decoders treat U+FFFE as a byte-order flip.
 */
export const NONCHARACTER_RANGES: readonly CodePointRange[] = [
  [0xfdd0, 0xfdef],
  ...Array.from(
    { length: 17 },
    (_, plane): CodePointRange => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff],
  ),
];

/** U+FEFF: a BOM in mid-text is a zero-width no-break space, another word splitter. */
export const BOM = 0xfeff;

/**
 * The rest of the invisible set the public write-ups use (zero-width splitting, look-alike blank
 * identifiers, hidden annotations): soft hyphen, combining grapheme joiner, Hangul fillers (blank
 * "identifiers" in code, e.g. `const {timeout,\u3164}`), Khmer inherent vowels,
 * WORD JOINER and the invisible math operators, deprecated format controls, interlinear annotation
 * (hidden text between U+FFF9 and U+FFFB), invisible musical formatting and the null notehead, the
 * shorthand format controls. Also the code points Unicode reserves as default-ignorable but has not assigned
 * (U+FFF0-FFF8, U+E0080-E00FF, U+E01F0-E0FFF): renderers must draw them as nothing, whatever they become,
 * so they carry hidden text as well as tag characters do, and no text in use contains them.
 */
export const INVISIBLE_RANGES: readonly CodePointRange[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x2060, 0x2065],
  [0x206a, 0x206f],
  [0x3164, 0x3164],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x1bca0, 0x1bca3],
  [0x1d159, 0x1d159],
  [0x1d173, 0x1d17a],
  [0xe0080, 0xe00ff],
  [0xe01f0, 0xe0fff],
];

/**
 * BRAILLE PATTERN BLANK (U+2800) draws as a space but is none: the invisible-character lists offer it for
 * blank names and for words a filter should not see split (`ignore\u2800previous`). It is kept only beside
 * another braille cell (U+2801-28FF), where it is the space between braille words; elsewhere it is removed.
 */
export const BRAILLE_BLANK = 0x2800;
export const BRAILLE_CELLS: CodePointRange = [0x2801, 0x28ff];

/**
 * Other format characters (Cf), removed by the `strict` profile only: Arabic prepended concatenation marks,
 * Syriac abbreviation mark, Kaithi and Egyptian format controls. They render visibly in their scripts, so
 * `balanced` keeps them.
 */
export const FORMAT_RANGES: readonly CodePointRange[] = [
  [0x0600, 0x0605],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
];

/**
 * Unusual spaces (Zs other than U+0020), rewritten to U+0020 by `strict` only: look-alike spaces split
 * keywords past filters. `balanced` keeps them (French uses U+202F, Japanese U+3000).
 */
export const SPACE_SEPARATOR_RANGES: readonly CodePointRange[] = [
  [0x00a0, 0x00a0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/** LINE SEPARATOR and PARAGRAPH SEPARATOR: break JSON-in-JS and hide a "new line" from line-based filters. */
export const LINE_SEPARATORS: readonly number[] = [0x2028, 0x2029];

/**
 * Steganography density limit: when kept context characters (ZWJ, ZWNJ, bidi marks, variation selectors,
 * flag tag sequences counted as one; not those an emoji sequence is made of) reach
 * {@link DENSITY_MAX_CONTEXT} within fewer than {@link DENSITY_WINDOW} visible code units, every one of them
 * is removed. Real text stays far below: Persian prose has about one ZWNJ per 8–15 characters, Malayalam
 * chillu one ZWJ per word; a hidden channel that carries a useful payload needs about one per visible
 * character. Sixteen in 64 is "one per 4 visible characters, sustained".
 */
export const DENSITY_MAX_CONTEXT = 16;
export const DENSITY_WINDOW = 64;

/**
 * Greek and Cyrillic letters drawn the same as a Latin letter in common fonts (a subset of the pairs in
 * Unicode's confusables data, UTS #39), each with that Latin letter. Inside a word otherwise written in Latin
 * they spell what reads as a Latin word with other code points: `micros\u03BFft`, `say\u041Dello` (the Trojan
 * Source homoglyph sample). Letters that only resemble one (Greek alpha, iota, kappa) are left out, and so is
 * nu, which physics writes next to Latin letters (`\u03BDe`, the electron neutrino).
 */
export const LATIN_LOOKALIKES: readonly (readonly [code: number, latin: string])[] = [
  // Greek capitals, and lunate sigma and yot
  [0x0391, 'A'],
  [0x0392, 'B'],
  [0x0395, 'E'],
  [0x0396, 'Z'],
  [0x0397, 'H'],
  [0x0399, 'I'],
  [0x039a, 'K'],
  [0x039c, 'M'],
  [0x039d, 'N'],
  [0x039f, 'O'],
  [0x03a1, 'P'],
  [0x03a4, 'T'],
  [0x03a5, 'Y'],
  [0x03a7, 'X'],
  [0x03bf, 'o'],
  [0x03f2, 'c'],
  [0x03f3, 'j'],
  [0x03f9, 'C'],
  // Cyrillic
  [0x0405, 'S'],
  [0x0406, 'I'],
  [0x0408, 'J'],
  [0x0410, 'A'],
  [0x0412, 'B'],
  [0x0415, 'E'],
  [0x041a, 'K'],
  [0x041c, 'M'],
  [0x041d, 'H'],
  [0x041e, 'O'],
  [0x0420, 'P'],
  [0x0421, 'C'],
  [0x0422, 'T'],
  [0x0425, 'X'],
  [0x0430, 'a'],
  [0x0435, 'e'],
  [0x043e, 'o'],
  [0x0440, 'p'],
  [0x0441, 'c'],
  [0x0443, 'y'],
  [0x0445, 'x'],
  [0x0455, 's'],
  [0x0456, 'i'],
  [0x0458, 'j'],
  [0x04ae, 'Y'],
  [0x04bb, 'h'],
  [0x04c0, 'I'],
  [0x04cf, 'l'],
  [0x0501, 'd'],
  [0x051a, 'Q'],
  [0x051b, 'q'],
  [0x051c, 'W'],
  [0x051d, 'w'],
];

/** The Greek and Cyrillic blocks, where every look-alike above lies. */
export const GREEK_CYRILLIC: CodePointRange = [0x0370, 0x052f];

/** Latin letters: a word holding one of these and a look-alike from another script is mixed-script. */
export const LATIN_LETTER_RANGES: readonly CodePointRange[] = [
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x24f],
];

/**
 * The rest of the Greek and Cyrillic blocks that belongs to words: their letters (a word with one that has no
 * Latin look-alike is written in that script, not spoofing Latin) and the combining marks of the three
 * scripts, which neither. Greek punctuation (U+0375, U+037E, U+0384-0385, U+0387) and U+0482 end a word.
 */
export const GREEK_CYRILLIC_LETTER_RANGES: readonly CodePointRange[] = [
  [0x0370, 0x0374],
  [0x0376, 0x037d],
  [0x037f, 0x0383],
  [0x0386, 0x0386],
  [0x0388, 0x03ff],
  [0x0400, 0x0481],
  [0x048a, 0x052f],
];
export const WORD_MARK_RANGES: readonly CodePointRange[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
];
