/**
 * @module test/rules/expand
 * Expands the `«kN»` templates of rule examples (see SecretRule.examples) into seeded random characters, so
 * that the sources hold no live-looking secret and every run sees the same strings.
 */

const CLASSES: Readonly<Record<string, string>> = {
  a: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  w: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-',
  h: '0123456789abcdef',
  H: '0123456789ABCDEF',
  d: '0123456789',
  l: 'abcdefghijklmnopqrstuvwxyz0123456789',
  u: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  A: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  s: 'abcdefghijklmnopqrstuvwxyz',
  z: 'abcdefghijklmnopqrstuvwxyz234567',
  B: 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L',
};

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Random run from `alphabet` that is no placeholder: no run of 3 equal characters, no `xxx`. */
function randomRun(alphabet: string, n: number, rnd: () => number): string {
  let out = '';
  while (out.length < n) {
    const c = alphabet[Math.floor(rnd() * alphabet.length)] as string;
    const l = out.length;
    if (l >= 2 && out[l - 1] === c && out[l - 2] === c) continue;
    if ((c === 'x' || c === 'X') && l >= 1 && (out[l - 1] === 'x' || out[l - 1] === 'X')) continue;
    if (l === 0 && (c === '-' || c === '_')) continue;
    out += c;
  }
  return out;
}

/**
 * @example
 * expandTemplate('ghp_«a36»'); // 'ghp_' + 36 seeded alphanumerics
 */
export function expandTemplate(template: string, salt = ''): string {
  const rnd = prng(hash(template + salt));
  return template.replace(/«([a-zA-Z])(\d{1,4})»/g, (whole, k: string, n: string) => {
    const alphabet = CLASSES[k];
    if (!alphabet) throw new Error(`unknown template class in ${whole}`);
    return randomRun(alphabet, Number(n), rnd);
  });
}
