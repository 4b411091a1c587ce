/**
 * @module core/glob
 * Globs for tool names, rule ids, environment names and JSON pointers, one implementation for all of them:
 * `*` matches any run of characters (within a segment when `sep` is given), `**` any run across segments,
 * `?` one character, everything else literally; the whole name must match.
 */

import { escapeRegex } from './regex.js';

/** An anchored regex for `glob`. */
export function globToRegExp(glob: string, sep?: string): RegExp {
  let src = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        src += '.*';
        i++;
      } else src += sep ? `[^${sep}]*` : '.*';
    } else if (c === '?') src += sep ? `[^${sep}]` : '.';
    else src += escapeRegex(c);
  }
  return new RegExp(`^${src}$`, 's');
}
