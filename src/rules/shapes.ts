/**
 * @module rules/shapes
 * Pieces the provider families share. `assigned(key, value)` is the regex of `<provider…> = <value>`: the
 * provider name in the key, an assignment operator, then the value in group 1. It is for values with no
 * prefix, whose shape alone (hex, alnum) would also match digests and ids. The operators cover dotenv, YAML,
 * JSON (also backslash-escaped), Go `:=`, PHP `.=`, Ruby `||=`, Make's `?=`, `+=`, `::=` and `:::=`,
 * `"KEY", "value"` calls and `<key>value</key>` elements. Every gap is bounded, which keeps the scan linear.
 */
import { gated } from './assignments.js';

export function assigned(key: string, value: string): RegExp {
  const re = new RegExp(
    `(?:${key})[\\w.\\- \\t]{0,30}?[\\s'"\`\\\\]{0,3}(?:=>|:{1,3}=|\\|\\|=|[?+]=|[=:,>])[\\s'"\`\\\\]{0,5}(${value})(?![\\w+/=-])`,
    'i',
  );
  // The operator after at most 30 name characters and 3 quotes; its `=` 2 further at most (`||=`).
  return gated(re, key, 30 + 3 + 2);
}
/** Words docs write where a password goes (`-p password`, `password: changeme`, `****`): no password. */
export const WORD_PASSWORDS = /^(?:password|passwd|pass|pwd|secret|changeme|mypassword|\*+)$/i;
/** A shell variable standing where the value goes (`-p $REGISTRY_PASSWORD`, `"${CI_TOKEN}"`): no value. */
export const SHELL_VARIABLE = /^\$\{?[A-Za-z_][A-Za-z0-9_]{0,63}\}?$/;
/** Placeholder fragments that mark a documented template rather than a key. */
export const PLACEHOLDERS = ['xxxxx', 'your_', 'your-', 'placeholder', 'changeme', 'redacted'] as const;
/** Prefix-less values also exclude `example`, common in docs next to the provider name. */
export const GATED_PLACEHOLDERS = [...PLACEHOLDERS, 'example', '00000000'] as const;
/**
 * The base64 that any text starting with `text` starts with: the characters its whole three-byte groups
 * encode, which no byte after them changes. For rules that read what a base64 value encodes by its start.
 */
export function base64Start(text: string): string {
  return btoa(text).slice(0, Math.floor(text.length / 3) * 4);
}

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A command's words up to the first of its flags that `stop` reads, then the blank and `flag`: `max`
 * characters at most, a backslash that ends a line going on to the next (`docker login host \` and then
 * `-p '…'`). Read no further than the first such flag, an attempt tries one; the rules gate their hits on a
 * flag in reach (see `gated`), since a hit with none reads all `max` characters.
 */
export function wordsToFlag(flag: string, max: number, stop = flag): string {
  return String.raw`(?:[^\n \t\\]|\\(?:\r?\n)?|[ \t](?!${stop})){0,${max}}[ \t]${flag}`;
}

/**
 * `min` to `max` of `chars` (a character class) holding a digit and a letter, as generated values do and
 * words and numbers do not. The look-aheads read no further than the value may run.
 */
export function withLetterAndDigit(chars: string, min: number, max: number): string {
  return `(?=${chars}{0,${max - 1}}\\d)(?=${chars}{0,${max - 1}}[A-Za-z])${chars}{${min},${max}}`;
}

/**
 * What stands between an access key's id and its secret where a console, a CSV or a note shows the pair: blanks
 * or a delimiter on the same line (`AKIA…    wJalr…`, `LTAI…,TQMI…`), or a line break and the secret's own
 * label (`AccessKey ID：LTAI…\nAccessKey Secret：…`). The secret has no name of its own beside the id.
 */
export const ID_THEN_SECRET = String.raw`(?:[ \t]{1,40}|[ \t]{0,4}[,;|][ \t]{0,4}|[ \t]{0,4}\r?\n[^\n]{0,40}?(?:[Ss]ecret|SECRET|シークレット)[^\n]{0,24}?[:：=][ \t]{0,4})`;
