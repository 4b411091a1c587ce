/**
 * @module bench/workloads
 * Deterministic benchmark workloads W1–W4 (see PERFORMANCE.md), generated in memory from a seed. Nothing here is
 * ever written to the repository: the same seed gives the same bytes on every machine, so figures are
 * comparable without shipping data. Each generator also returns its ground truth (how many secrets, invisible
 * characters and ANSI escapes it planted) so that what each tool *found* can be set against what is there.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** mulberry32: a tiny 32-bit PRNG, good enough to make varied, reproducible text. Returns floats in [0, 1). */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  const chars = (alphabet, n) => {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[int(alphabet.length)];
    return out;
  };
  return { next, int, pick, chars };
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const BASE32 = `${UPPER}234567`;
const BASE64 = `${ALNUM}+/`;
const BASE64URL = `${ALNUM}-_`;

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they ' +
  'you were her all she there would their we him been has when who will more no if out so said what up its ' +
  'about into than them can only other new some could time these two may then do first any my now such like ' +
  'our over man me even most made after also did many before must through back years where much your way well ' +
  'down should because each just those people how too little state good very make world still own see men work ' +
  'long get here between both life being under never day same another know while last might us great old year ' +
  'server client request response cache queue worker deploy release build merge commit branch token session'
).split(' ');
/** Non-ASCII words: accented Latin, CJK, Arabic and emoji (no ZWJ or variation selector, so none is removable). */
const INTL = [
  'café',
  'naïve',
  'Zürich',
  'São',
  'façade',
  'Ångström',
  'crème',
  'déjà',
  '東京',
  '数据',
  '日本語',
  '서울',
  'مرحبا',
  'بيانات',
  'شكرا',
  '😀',
  '🚀',
  '👍🏽',
  '🎉',
];
/** Characters the airlock's balanced profile always removes (BMP only, so one character is one code unit). */
const INVISIBLES = [
  '\u200b',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u2062',
];
const LEVELS = [
  ['INFO', 32],
  ['WARN', 33],
  ['ERROR', 31],
  ['DEBUG', 36],
];
const SERVICES = ['api', 'auth', 'billing', 'search', 'worker', 'gateway', 'scheduler'];

/** Secret makers: each returns `{ text, count }`, the line fragment and how many secrets it holds. */
const SECRET_KINDS = {
  aws: (r) => ({
    text: `aws_access_key_id = AKIA${r.chars(BASE32, 16)}\naws_secret_access_key = ${r.chars(BASE64, 40)}`,
    count: 2,
  }),
  github: (r) =>
    r.next() < 0.7
      ? { text: `export GITHUB_TOKEN=ghp_${r.chars(ALNUM, 36)}`, count: 1 }
      : { text: `token: github_pat_${r.chars(ALNUM, 22)}_${r.chars(ALNUM, 59)}`, count: 1 },
  jwt: (r) => {
    const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const claims = `{"sub":"${r.int(1e9)}","name":"user${r.int(1e6)}","iat":${1_700_000_000 + r.int(1e7)}}`;
    const payload = Buffer.from(claims).toString('base64url');
    return { text: `Authorization: Bearer ${header}.${payload}.${r.chars(BASE64URL, 43)}`, count: 1 };
  },
  slack: (r) => ({
    text: `slack_bot_token=xoxb-${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 13)}-${r.chars(ALNUM, 24)}`,
    count: 1,
  }),
  privateKey: (r) => {
    // A PKCS#1 RSA key's DER always opens with the same bytes, so its base64 opens with `MIIEpAIBAAKCAQEA`.
    const lines = [`MIIEpAIBAAKCAQEA${r.chars(BASE64, 48)}`];
    for (let i = 1; i < 12; i++) lines.push(r.chars(BASE64, 64));
    lines.push(`${r.chars(BASE64, 40)}==`);
    return {
      text: `-----BEGIN RSA PRIVATE KEY-----\n${lines.join('\n')}\n-----END RSA PRIVATE KEY-----`,
      count: 1,
    };
  },
  generic: (r) => {
    const forms = ['api_key=', 'api_key: "', 'apikey=', 'API_KEY='];
    const form = r.pick(forms);
    const value = r.chars(ALNUM, 32);
    return { text: `${form}${value}${form.endsWith('"') ? '"' : ''}`, count: 1 };
  },
};
const KIND_ORDER = ['aws', 'github', 'jwt', 'slack', 'privateKey', 'generic'];

function createTruth() {
  return { secrets: 0, secretsByKind: {}, invisibles: 0, ansi: 0 };
}

/** A sentence of prose, with a non-ASCII word now and then. */
function prose(r) {
  const n = 8 + r.int(14);
  const words = [];
  for (let i = 0; i < n; i++) words.push(r.next() < 0.06 ? r.pick(INTL) : r.pick(WORDS));
  const s = words.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

function timestamp(r, i) {
  const ms = 1_735_689_600_000 + i * 137 + r.int(100);
  return new Date(ms).toISOString();
}

/** One line of W1: prose, a coloured log line, or a JSON line. */
function line(r, i, truth) {
  const roll = r.next();
  if (roll < 0.4) return `${prose(r)} ${prose(r)}`;
  if (roll < 0.75) {
    const [level, colour] = r.pick(LEVELS);
    const coloured = r.next() < 0.15;
    if (coloured) truth.ansi += 2;
    const tag = coloured ? `\x1b[${colour}m${level}\x1b[0m` : level;
    return `${timestamp(r, i)} ${tag} [${r.pick(SERVICES)}] ${prose(r)} duration_ms=${r.int(5000)} status=${200 + r.int(4) * 100}`;
  }
  return JSON.stringify({
    ts: timestamp(r, i),
    level: r.pick(LEVELS)[0].toLowerCase(),
    service: r.pick(SERVICES),
    msg: prose(r),
    user: `u${r.int(100000)}`,
    latency: r.int(2000),
  });
}

/** Insert one invisible character between two words of `s` (never inside a secret: those are separate lines). */
function withInvisible(r, s, truth) {
  const spaces = [];
  for (let i = s.indexOf(' '); i !== -1 && spaces.length < 32; i = s.indexOf(' ', i + 1)) spaces.push(i);
  const at = spaces.length > 0 ? r.pick(spaces) : s.length;
  truth.invisibles++;
  return `${s.slice(0, at)}${r.pick(INVISIBLES)}${s.slice(at)}`;
}

function secretLine(r, k, truth) {
  const kind = KIND_ORDER[k % KIND_ORDER.length];
  const { text, count } = SECRET_KINDS[kind](r);
  truth.secrets += count;
  truth.secretsByKind[kind] = (truth.secretsByKind[kind] ?? 0) + count;
  return text;
}

/**
 * W1: one text block of `chars` UTF-16 code units (default ~10 MB) with a secret about every 10 KB and an
 * invisible character about every 2.5 KB.
 */
export function makeW1({ seed = 1, chars = 10_000_000 } = {}) {
  const r = createRandom(seed);
  const truth = createTruth();
  const lines = [];
  let length = 0;
  let nextSecret = 10_000;
  let nextInvisible = 2_500;
  let k = 0;
  for (let i = 0; length < chars; i++) {
    let s = line(r, i, truth);
    if (length + s.length >= nextInvisible) {
      s = withInvisible(r, s, truth);
      nextInvisible += 2_500;
    }
    lines.push(s);
    length += s.length + 1;
    if (length >= nextSecret) {
      const secret = secretLine(r, k++, truth);
      lines.push(secret);
      length += secret.length + 1;
      nextSecret += 10_000;
    }
  }
  const result = { content: [{ type: 'text', text: lines.join('\n') }] };
  return { name: chars >= 5_000_000 ? 'W1' : `W1-${Math.round(chars / 1e6)}MB`, result, truth };
}

/**
 * W2: structuredContent `{items: [...]}` of `count` issue-like objects with 8 short string fields, plus its JSON
 * text mirror in a text block. Secrets (no private-key blocks: the fields are short) about one per 10 KB of
 * items, invisibles about one per 2.5 KB. The truth counts the mirror too: every planted value appears twice.
 */
export function makeW2({ seed = 2, count = 50_000 } = {}) {
  const r = createRandom(seed);
  const truth = createTruth();
  const kinds = KIND_ORDER.filter((kind) => kind !== 'privateKey');
  const items = [];
  let length = 0;
  let nextSecret = 10_000;
  let nextInvisible = 2_500;
  let k = 0;
  for (let i = 0; i < count; i++) {
    const item = {
      id: String(i),
      title: prose(r).slice(0, 10),
      body: prose(r).slice(0, 16),
      author: `${r.pick(WORDS)}${r.int(100)}`,
      labels: r.pick(['bug', 'feat', 'docs', 'ui', 'perf']),
      url: `https://git.io/i/${i}`,
      state: r.next() < 0.7 ? 'open' : 'closed',
      date: timestamp(r, i * 1000).slice(0, 10),
    };
    const approx = 160;
    if (length + approx >= nextInvisible) {
      item.title = withInvisible(r, item.title, truth);
      nextInvisible += 2_500;
    }
    if (length + approx >= nextSecret) {
      const kind = kinds[k++ % kinds.length];
      const { text, count: n } = SECRET_KINDS[kind](r);
      truth.secrets += n;
      truth.secretsByKind[kind] = (truth.secretsByKind[kind] ?? 0) + n;
      item.body = `${item.body} ${text}`;
      nextSecret += 10_000;
    }
    length += approx;
    items.push(item);
  }
  const structuredContent = { items };
  const planted = { ...truth.secretsByKind };
  truth.secrets *= 2;
  truth.invisibles *= 2;
  truth.secretsByKind = Object.fromEntries(Object.entries(planted).map(([kind, n]) => [kind, n * 2]));
  const result = { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  return { name: 'W2', result, truth };
}

/** W3: five image blocks of 8 MiB of base64 each (6 MiB of pseudo-random bytes) plus a short text block. */
export function makeW3({ seed = 3, images = 5, base64Chars = 8 * 1024 * 1024 } = {}) {
  const r = createRandom(seed);
  const content = [{ type: 'text', text: 'Five screenshots of the dashboard, captured after the deploy.' }];
  const bytes = Buffer.alloc((base64Chars / 4) * 3);
  for (let n = 0; n < images; n++) {
    for (let i = 0; i + 4 <= bytes.length; i += 4) bytes.writeUInt32LE((r.next() * 4294967296) >>> 0, i);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    content.push({ type: 'image', mimeType: 'image/png', data: bytes.toString('base64') });
  }
  return { name: 'W3', result: { content }, truth: createTruth() };
}

/** W4: a typical ~2 KB result: a text block and a small structuredContent, one token, one zero-width space. */
export function makeW4({ seed = 4 } = {}) {
  const r = createRandom(seed);
  const truth = { secrets: 1, secretsByKind: { github: 1 }, invisibles: 1, ansi: 0 };
  const lines = [];
  for (let i = 0; i < 12; i++) lines.push(`${timestamp(r, i)} INFO [${r.pick(SERVICES)}] ${prose(r)}`);
  lines.splice(4, 0, `Using GITHUB_TOKEN=ghp_${r.chars(ALNUM, 36)} for the ${r.pick(WORDS)} step.`);
  lines[7] = lines[7].replace(' ', ' \u200b');
  const items = [];
  for (let i = 0; i < 3; i++) {
    items.push({
      id: 4000 + i,
      title: prose(r).slice(0, 50),
      state: 'open',
      url: `https://ci.example.org/runs/${4000 + i}`,
    });
  }
  const result = {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { status: 'ok', total: items.length, items },
  };
  return { name: 'W4', result, truth };
}

/** Workload names → generators; `W1-1MB` is W1 at a tenth of the size, for the size-scaling ratio. */
export const WORKLOADS = {
  W1: () => makeW1(),
  'W1-1MB': () => makeW1({ chars: 1_000_000 }),
  W2: () => makeW2(),
  W3: () => makeW3(),
  W4: () => makeW4(),
};

export function makeWorkload(name) {
  const make = WORKLOADS[name];
  if (!make) throw new Error(`unknown workload ${name}; known: ${Object.keys(WORKLOADS).join(', ')}`);
  return make();
}

/** Every string leaf of a value joined by newlines: the text a text-only scanner (secretlint) is given. */
export function stringLeaves(value) {
  const out = [];
  const walk = (v) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k]);
  };
  walk(value);
  return out.join('\n');
}

/**
 * The workload's JSON text and truth cached under `bench/.data/` (gitignored), keyed by a hash of this file so
 * a changed generator regenerates. Measuring processes read the text instead of generating, so their peak RSS
 * is the tool's own and not the generator's.
 */
export function ensureData(name) {
  const dir = fileURLToPath(new URL('./.data/', import.meta.url));
  const key = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  const file = join(dir, `${name}-${key}.json`);
  const truthFile = join(dir, `${name}-${key}.truth.json`);
  if (!existsSync(file) || !existsSync(truthFile)) {
    mkdirSync(dir, { recursive: true });
    const { result, truth } = makeWorkload(name);
    writeFileSync(file, JSON.stringify(result));
    writeFileSync(truthFile, JSON.stringify(truth));
  }
  return { file, truth: JSON.parse(readFileSync(truthFile, 'utf8')) };
}
