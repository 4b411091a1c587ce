/**
 * @module secrets/encoded-prose
 * Base64 whose bytes are a sentence (`ZHVtbXkgdGV4dCBkYXRhIGRhdGEgZGF0YQ==` is `dummy text data data data`):
 * text encoded for transport, which no rule should take for a key because a secret's name stands before it.
 */

/** Standard base64, padded to a multiple of four: what an encoder writes out whole. */
const BASE64 = /^[A-Za-z0-9+/]{14,4094}(?:[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]=|==)$/;

/** The fewest words a sentence has here, and the share of its characters letters and spaces must reach. */
const MIN_WORDS = 3;
const LETTERS_SHARE = 0.6;

/**
 * Does `value` decode from base64 to prose: printable ASCII, three words or more, letters and spaces
 * three in five of its characters at least (`user-agent: Mozilla/5.0 (X11; Linux x86_64)`)? A secret
 * encoded so decodes to random bytes or to one run of characters (`admin:S3cret!`, a key): no spaces between
 * words.
 *
 * @example
 * encodesProse('ZHVtbXkgdGV4dCBkYXRhIGRhdGEgZGF0YQ=='); // true: "dummy text data data data"
 * encodesProse('YWRtaW46UzNjcmV0IQ=='); // false: "admin:S3cret!"
 */
export function encodesProse(value: string): boolean {
  if (value.length % 4 !== 0 || !BASE64.test(value)) return false;
  const text = atob(value);
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      // A word before each space: two spaces in a row, or one first, are no sentence's.
      if (i === 0 || text.charCodeAt(i - 1) === 0x20) return false;
      spaces++;
    } else if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) letters++;
    else if (c < 0x20 || c > 0x7e) return false;
  }
  return spaces + 1 >= MIN_WORDS && letters + spaces >= LETTERS_SHARE * text.length;
}
