import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { encodesProse } from '../../src/secrets/encoded-prose.js';

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('encodesProse', () => {
  it.each([
    'dummy text data data data',
    'The quick brown fox jumps over the lazy dog.',
    'user-agent: Mozilla/5.0 (X11; Linux x86_64)',
  ])('reads base64 of %j as prose', (text) => {
    expect(encodesProse(b64(text))).toBe(true);
  });

  it.each([
    ['a password with its user', 'admin:S3cret!Pass'],
    ['two words', 'hello, there'],
    ['random bytes', '\x8f\x12\xa0\x07kQ\x99\x01\xfe\x10\x22\x33\x44\x55\x66\x77'],
    ['lines of a config file', 'user: ada\npass: S3cretPassw0rd\n'],
    ['symbols more than letters', '{"a": 1, "b": [2, 3], "c": null}'],
    ['spaces in a row', 'alpha  beta gamma delta'],
  ])('reads base64 of %s as no prose', (_name, text) => {
    expect(encodesProse(b64(text))).toBe(false);
  });

  it('reads only padded standard base64', () => {
    const value = b64('dummy text data data data');
    expect(encodesProse(value.replace(/=+$/, ''))).toBe(false);
    expect(encodesProse('not base64 at all, has spaces')).toBe(false);
  });
});

describe('base64 of prose in maskSecrets', () => {
  it('leaves it under a secret-named key, and masks a Kubernetes Secret value that decodes so', () => {
    const prose = b64('dummy text data data data');
    expect(maskSecrets(`ANY_KEY = ${prose}`).text).toBe(`ANY_KEY = ${prose}`);
    const passphrase = b64('correct horse battery staple');
    const manifest = `apiVersion: v1\nkind: Secret\ndata:\n  password: ${passphrase}\n`;
    expect(maskSecrets(manifest).text).not.toContain(passphrase);
    expect(maskSecrets(`API_TOKEN=${b64('admin:S3cret!Pass')}`).text).toContain('[REDACTED');
  });
});
