/**
 * @module rules/jwt
 * JSON Web Tokens: three base64url segments whose first two decode to JSON objects (`eyJ` is base64 of
 * `{"`), and the same token base64-encoded once more (`ZXlK` is base64 of `eyJ`), as it turns up in
 * basic-auth headers and config blobs.
 */
import type { SecretRule } from './types.js';

export const rules: readonly SecretRule[] = [
  {
    id: 'jwt',
    description:
      'JSON Web Token (header.payload.signature, each base64url; the header and payload start eyJ)',
    family: 'jwt',
    // Keyed on the payload's start, which every token has even where its header is not `eyJ`-shaped (tokens
    // made to a shape, and escaped `/` in JSON).
    keywords: ['.ey'],
    regex:
      /(?<![\w-])(ey[A-Za-z0-9_-]{17,4096}\.ey[A-Za-z0-9/_-]{17,16384}\.(?:[A-Za-z0-9/_-]{10,2048}={0,2})?)(?![\w/-])/,
    secretGroup: 1,
    entropy: 3,
    examples: {
      positive: [
        'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJ«w40».«w43»',
        '{"id_token":"eyJ«w20».eyJ«w80».«w86»"}',
        'JWT=ey«a40».ey«a40».',
      ],
      negative: [
        'the header starts with eyJ',
        'eyJhbGciOiJIUzI1NiJ9 alone is only a header',
        'see keyboardShortcuts.eyes',
      ],
    },
  },
  {
    id: 'jwt-base64',
    description: 'Base64-encoded JSON Web Token (ZXlK… is base64 of eyJ…)',
    family: 'jwt',
    keywords: ['zxlk'],
    regex: /(?<![\w+/-])(ZXlK[A-Za-z0-9+/_-]{48,20000}={0,2})(?![\w+/=-])/,
    secretGroup: 1,
    entropy: 4,
    examples: {
      positive: ['my key `ZXlK«a120»` fails', 'JWT_BASE64=ZXlK«w52»='],
      negative: ['ZXlK alone', 'ZXlKshort'],
    },
  },
];
