/**
 * @module secrets/entropy
 * Cheap string measures the secret rules use to tell a credential from a look-alike: Shannon entropy, and the
 * placeholder shapes (`xxxx`, `${VAR}`, `<token>`, `****`, `YOUR_API_KEY`, runs of one digit) that documentation
 * and templates put where a secret would go.
 */

/**
 * Shannon entropy of `s` in bits per character (0 for the empty string).
 *
 * @example
 * shannonEntropy('aaaa'); // 0
 * shannonEntropy('ab'); // 1
 */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  // Secrets are mostly Latin-1: count those in a reused table (no Map per call), the rest in a Map.
  const counts = LATIN1_COUNTS;
  let wide: Map<number, number> | undefined;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 256) counts[c] = (counts[c] as number) + 1;
    else {
      wide ??= new Map();
      wide.set(c, (wide.get(c) ?? 0) + 1);
    }
  }
  let h = 0;
  for (let c = 0; c < 256; c++) {
    const k = counts[c] as number;
    if (k === 0) continue;
    counts[c] = 0;
    const p = k / n;
    h -= p * Math.log2(p);
  }
  if (wide) {
    for (const k of wide.values()) {
      const p = k / n;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

/** Scratch counts for `shannonEntropy`, left all zero after every call. */
const LATIN1_COUNTS = new Int32Array(256);

/**
 * Template and documentation markers: a value containing one is a reference or a stand-in, not a credential.
 * Lower-cased comparison; each entry is a shape people write in place of a secret.
 */
const PLACEHOLDER_MARKERS: readonly string[] = [
  'xxxx',
  '****',
  '•••',
  '...',
  '…',
  '${',
  '{{',
  '$(',
  '%(',
  '<%',
  'your_',
  'your-',
  'yourapi',
  'yourtoken',
  'yoursecret',
  'yourpassword',
  '_here',
  '-here',
  'replace_with',
  'replace-with',
  'replaceme',
  'changeme',
  'change_me',
  'placeholder',
  'redacted',
  'insert_',
  'put_your',
];

const escapeRegex = (m: string): string => m.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** All markers as one case-insensitive regex: one pass over a long value (a PEM body) instead of 27. */
const PLACEHOLDER = new RegExp(PLACEHOLDER_MARKERS.map(escapeRegex).join('|'), 'i');

/** Longest run of one character in `s`. */
function longestRun(s: string): { char: number; length: number } {
  let best = 0;
  let bestChar = -1;
  let run = 0;
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    run = c === prev ? run + 1 : 1;
    prev = c;
    if (run > best) {
      best = run;
      bestChar = c;
    }
  }
  return { char: bestChar, length: best };
}

/**
 * True when `value` is a stand-in for a secret rather than one: a template or variable reference, a masked
 * or elided value, a "your key here" phrase, or filler (a long run of one digit, or a single repeated
 * character). Runs of one *letter* are left to entropy floors: some documented test keys are `sk_live_AAAA…`.
 *
 * @example
 * isPlaceholder('${API_KEY}'); // true
 * isPlaceholder('ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'); // true
 */
export function isPlaceholder(value: string): boolean {
  if (PLACEHOLDER.test(value)) return true;
  const first = value.charCodeAt(0);
  // `$NAME`, `%NAME%`, `{name}`, `<name>`, `[name]`: references and angle-bracket placeholders.
  if (first === 0x24 || first === 0x25 || first === 0x7b || first === 0x3c || first === 0x5b) return true;
  const run = longestRun(value);
  if (run.char >= 0x30 && run.char <= 0x39 && run.length >= 10) return true;
  return run.length === value.length && value.length > 1;
}
