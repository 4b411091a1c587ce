/**
 * @module bench/redos
 * Adversarial inputs of 1 MB per rule family and for the Unicode cleaner, timed one by one; prints
 * `RESULT {json}` with the slowest input per family. Inputs are built from each rule's own keywords (repeated
 * prefixes, in lower case and capitals, the keyword and a space, keyword + long runs of its alphabet,
 * near-misses, `k=k=k=`), plus shapes common to all rules.
 *   node bench/redos.mjs [--quick]
 */
import { performance } from 'node:perf_hooks';
import { loadAirlock, makeSanitize, UNBOUNDED } from './airlock.mjs';
import { createRandom, makeW1 } from './workloads.mjs';

const SIZE = 1_000_000;
const fill = (unit) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const r = createRandom(7);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Shapes aimed at one keyword: what a greedy or nested quantifier after that keyword would choke on. Keywords
 * are found in any case, but many rules match only one (`AKIA`, `ATBB`, `EAAA`): the keyword in capitals is
 * repeated too, so that those rules' regexes get past their first character.
 */
function keywordInputs(kw) {
  const near = `${kw}${r.chars(ALNUM, 19)} `;
  const upper = kw.toUpperCase();
  const capitals =
    upper === kw ? {} : { [`${upper} repeated`]: fill(upper), [`${upper}= repeated`]: fill(`${upper}=`) };
  return {
    ...capitals,
    [`${kw} repeated`]: fill(kw),
    // Each occurrence a word of its own (`\bfb` matches at every one), with no operator near.
    [`${kw} + space repeated`]: fill(`${kw} `),
    [`${kw} + a-run`]: kw + fill('a'),
    [`${kw}= + A-run`]: `${kw}=${fill('A')}`,
    [`${kw} + alnum-run`]: kw + r.chars(ALNUM, SIZE),
    [`${kw} near-miss x N`]: fill(near),
    [`${kw}= repeated`]: fill(`${kw}=`),
    [`${kw} + space-run`]: `${kw}${fill(' \t')}x`,
    [`"${kw}": " repeated`]: fill(`"${kw}": "`),
    // A short value cut by a separator: the value that is the rest of its line is looked for at each.
    [`${kw}=a& repeated`]: fill(`${kw}=a&`),
    // A quoted value with a space in it, read to the next quote at each hit and turned away (its entropy is
    // too low): random characters here would time masking 70,000 real-looking values a megabyte instead.
    [`${kw}="aaaaaaaa repeated`]: fill(`${kw}="aaaaaaaa `),
    // Prose with a digit after each name (the prose rules' gate), and a colon some words on (a message's).
    [`${kw} 1 repeated`]: fill(`${kw} 1 `),
    [`${kw} 1 x7 + colon repeated`]: fill(`${`${kw} 1 `.repeat(7)}:`),
    // A link as the value, turned away, with the key again in its query: read again inside.
    [`${kw}: link?${kw}= repeated`]: fill(`${kw}: https://x.io/?${kw}=`),
  };
}

/** Shapes that no keyword targets: long runs of the alphabets secrets are made of. */
const COMMON = {
  'a-run': () => fill('a'),
  'alnum random': () => r.chars(ALNUM, SIZE),
  'base64 random': () => r.chars(`${ALNUM}+/`, SIZE),
  'hex random': () => r.chars('0123456789abcdef', SIZE),
  digits: () => fill('0'),
  'a=a=a=': () => fill('a='),
  'key=key=': () => fill('key='),
  '-----BEGIN  repeated': () => fill('-----BEGIN '),
  'BEGIN PRIVATE KEY, no END': () => `-----BEGIN RSA PRIVATE KEY-----\n${fill(`${r.chars(ALNUM, 64)}\n`)}`,
  'eyJ. repeated': () => fill('eyJ.'),
  'eyJ + base64url run': () => `eyJ${r.chars(`${ALNUM}-_`, SIZE)}`,
  'xoxb-1- repeated': () => fill('xoxb-1-'),
  '---- run': () => fill('-'),
  'quote run': () => fill('"'),
  'newline run': () => fill('\n'),
  // A CLI's aligned table under a header that names a secret: rows read through the masks and labels in them.
  'aligned table, rows of labels': () => fill('NAME      Token\na         [REDACTED x\n'),
  'aligned table, one row of tokens': () =>
    `NAME      Token\na         ${fill(`ghp_${r.chars(ALNUM, 36)} `)}`,
};

/** Unicode-cleaner attacks: runs of what the cleaner treats in context (ZWJ, VS, tags, ESC, bidi, look-alikes). */
const UNICODE = {
  'ZWJ run': () => fill('\u200d'),
  'emoji+ZWJ chain': () => fill('👨\u200d'),
  'VS16 run': () => fill('\ufe0f'),
  'base+VS run': () => fill('a\ufe0f'),
  'VS-supplement run': () => fill('\udb40\udd00'),
  'tag run': () => fill('\udb40\udc61'),
  'flag tag, no cancel': () => `🏴${fill('\udb40\udc67')}`,
  'ESC run': () => fill('\x1b'),
  'CSI opener run': () => fill('\x1b['),
  'CSI long params': () => `\x1b[${fill('1;')}`,
  'OSC unterminated': () => `\x1b]0;${fill('a')}`,
  'OSC opener run': () => fill('\x1b]'),
  'bidi run': () => fill('\u202e\u2066'),
  'ZWNJ between Arabic': () => fill('ب\u200c'),
  'RLM run': () => fill('\u200f'),
  // A mark beside letters that are not right-to-left: each must be weighed against the whole output.
  'letter+RLM': () => fill('a\u200f'),
  'ideograph+LRM': () => fill('中\u200e'),
  'space+ALM': () => fill(' \u061c'),
  'ideograph+ZWNJ x2': () => fill('中\u200c\u200c'),
  'Arabic+VS15 x2': () => fill('ب\ufe0e\ufe0e'),
  'lone surrogates': () => fill('\ud800'),
  'combining marks': () => `a${fill('\u0301')}`,
  'NBSP/space run': () => fill('\u00a0 '),
  // Braille blanks: removed after a letter, kept after a braille cell, each a stop either way.
  'letter+braille blank': () => fill('x\u2800'),
  'braille cell+blank': () => fill('\u2801\u2800'),
  // Look-alikes: one word of a megabyte, words back to back, and a look-alike after every Latin letter.
  'Cyrillic o run': () => fill('\u043e'),
  'Latin+Cyrillic a': () => fill('a\u0430'),
  'Greek omicron+space': () => fill('\u03bf '),
  'Greek question marks': () => fill('\u037e'),
  'letter+mark+look-alike': () => fill('e\u0301\u043e'),
};

/**
 * Each input is timed best of two; the slowest few of each family are then timed again, best of two more, in
 * each of three passes over all families, and so is the ordinary text they are read against. The slowest
 * input of a family is a maximum over hundreds of timings, and one slow spell of this shared machine during
 * any of them named a family's slowest input 2–3x above what the input takes. Five runs back to back could
 * all fall in one spell (a run's families 10–12x ordinary text, 4–7x in the runs before and after); passes
 * over everything spread each input's runs over the retiming.
 */
const RETIMED = 3;
const RETIME_PASSES = 3;
const RETIME_RUNS = 2;

function timeIt(fn, input, runs = 2) {
  fn(input.slice(0, 10_000));
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The function under test: `maskSecrets`/a Unicode export if dist has them, else the whole airlock on one block. */
function pickTargets(mod) {
  const viaAirlock = () => {
    const sanitize = makeSanitize(mod, UNBOUNDED);
    return (text) => sanitize({ content: [{ type: 'text', text }] });
  };
  const mask = typeof mod.maskSecrets === 'function' ? (text) => mod.maskSecrets(text) : null;
  const unicodeName = ['cleanUnicode', 'cleanText', 'sanitizeUnicode', 'cleanString'].find(
    (name) => typeof mod[name] === 'function',
  );
  return {
    secrets: mask ?? viaAirlock(),
    secretsVia: mask ? 'maskSecrets(text)' : 'createAirlock().sanitizeToolResult on one text block',
    unicode: unicodeName ? (text) => mod[unicodeName](text) : viaAirlock(),
    unicodeVia: unicodeName ? `${unicodeName}(text)` : 'createAirlock().sanitizeToolResult on one text block',
  };
}

/** Rule families and their keywords, from listRules() when dist has it. */
function families(mod, quick) {
  const map = new Map();
  if (typeof mod.listRules === 'function') {
    for (const rule of mod.listRules()) {
      const family = rule.family ?? rule.id;
      const keywords = quick ? (rule.keywords ?? []).slice(0, 1) : (rule.keywords ?? []);
      const set = map.get(family) ?? new Set();
      for (const kw of keywords) set.add(kw);
      map.set(family, set);
    }
  }
  return map;
}

async function main() {
  const quick = process.argv.includes('--quick');
  const loaded = await loadAirlock();
  if (loaded.missing) {
    console.log(`RESULT ${JSON.stringify({ skip: loaded.missing })}`);
    return;
  }
  const targets = pickTargets(loaded.mod);
  // The few slowest inputs of each family, with their texts, to be timed again at the end.
  const candidates = {};
  const note = (family, name, ms, text) => {
    const list = candidates[family] ?? [];
    candidates[family] = list;
    list.push({ ms, input: name, text });
    list.sort((a, b) => b.ms - a.ms);
    list.length = Math.min(list.length, RETIMED);
  };
  let inputs = 0;
  for (const [family, keywords] of families(loaded.mod, quick)) {
    for (const kw of keywords) {
      for (const [name, text] of Object.entries(keywordInputs(kw))) {
        note(`secrets/${family}`, name, timeIt(targets.secrets, text), text);
        inputs++;
      }
    }
  }
  for (const [name, make] of Object.entries(COMMON)) {
    const text = make();
    note('secrets/(shapes common to all rules)', name, timeIt(targets.secrets, text), text);
    inputs++;
  }
  for (const [name, make] of Object.entries(UNICODE)) {
    const text = make();
    note('unicode', name, timeIt(targets.unicode, text), text);
    inputs++;
  }
  // What the same functions take on 1 MB of ordinary text (W1's prose and logs), timed the same way: the
  // adversarial inputs read against it, whatever the speed of the machine at the time.
  const ordinary = makeW1({ chars: 1_000_000 }).result.content[0].text;
  const reference = { secrets: Number.POSITIVE_INFINITY, unicode: Number.POSITIVE_INFINITY };
  for (let pass = 0; pass < RETIME_PASSES; pass++) {
    for (const [family, list] of Object.entries(candidates)) {
      const fn = family === 'unicode' ? targets.unicode : targets.secrets;
      for (const c of list) c.ms = Math.min(c.ms, timeIt(fn, c.text, RETIME_RUNS));
    }
    reference.secrets = Math.min(reference.secrets, timeIt(targets.secrets, ordinary, RETIME_RUNS));
    reference.unicode = Math.min(reference.unicode, timeIt(targets.unicode, ordinary, RETIME_RUNS));
  }
  const slowest = {};
  for (const [family, list] of Object.entries(candidates)) {
    const worst = list.reduce((a, b) => (b.ms > a.ms ? b : a));
    slowest[family] = { ms: worst.ms, input: worst.input };
  }
  const hasRules = typeof loaded.mod.listRules === 'function';
  console.log(
    `RESULT ${JSON.stringify({
      inputs,
      secretsVia: targets.secretsVia,
      unicodeVia: targets.unicodeVia,
      perRuleFamilies: hasRules,
      slowest,
      reference,
    })}`,
  );
}

await main();
