import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintBase64 } from '../../src/sanitizers/omit-binaries.js';

const reference = (value: string) => {
  const bytes = Buffer.from(value, 'base64');
  return { size: bytes.length, fingerprint: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
};

/** Deterministic bytes, so that a wrong piece boundary changes the digest. */
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + (i >> 8)) & 0xff));

describe('fingerprintBase64', () => {
  // 49,152 bytes are exactly one piece of 65,536 base64 characters: sizes around it and several pieces.
  const sizes = [0, 1, 2, 3, 49_151, 49_152, 49_153, 98_304, 200_001];
  it.each(sizes)('equals the digest of the whole decode for %i bytes', (n) => {
    const value = bytes(n).toString('base64');
    expect(fingerprintBase64(value)).toEqual(reference(value));
  });

  it('falls back to one decode when a piece holds whitespace or stray characters', () => {
    const clean = bytes(150_000).toString('base64');
    for (const value of [
      clean.replace(/(.{76})/g, '$1\n'),
      `${clean.slice(0, 1000)}*${clean.slice(1000)}`,
      `${clean.slice(0, 70_000)}==${clean.slice(70_000)}`,
      clean.slice(0, -1),
    ]) {
      expect(fingerprintBase64(value)).toEqual(reference(value));
    }
  });
});
