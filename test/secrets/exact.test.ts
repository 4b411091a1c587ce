import { describe, expect, it } from 'vitest';
import {
  collectSecretArguments,
  createExactMatcher,
  isSecretFieldName,
  secretForms,
} from '../../src/secrets/exact.js';

describe('secretForms', () => {
  it('adds the URL-encoded and base64 forms', () => {
    const forms = secretForms('p@ss word/1');
    expect(forms).toContain('p@ss word/1');
    expect(forms).toContain('p%40ss%20word%2F1');
    expect(forms).toContain(Buffer.from('p@ss word/1').toString('base64'));
    expect(forms).toContain(Buffer.from('p@ss word/1').toString('base64url'));
  });
});

describe('isSecretFieldName', () => {
  it.each(['password', 'PASSWORD', 'Client_Secret', 'clientSecret', 'access-token', 'AWS_SECRET_ACCESS_KEY'])(
    '%s is secret-named',
    (name) => {
      expect(isSecretFieldName(name)).toBe(true);
    },
  );
  it.each(['username', 'tokens', 'password_hint', 'key'])('%s is not', (name) => {
    expect(isSecretFieldName(name)).toBe(false);
  });
});

describe('collectSecretArguments', () => {
  it('finds secret-named values nested to depth 8, and no deeper', () => {
    let deep: Record<string, unknown> = { password: 'too-deep-value' };
    for (let i = 0; i < 9; i++) deep = { level: deep };
    const args = {
      user: 'alice',
      password: 'hunter22',
      auth: { Token: 'tok-1234', list: [{ client_secret: 'cs-56789' }] },
      mirror_password: 'abc', // shorter than 4 characters: ignored
      a: { b: { c: { d: { e: { f: { secret: 'depth-seven' } } } } } },
      deep,
    };
    const found = collectSecretArguments(args);
    expect(found).toEqual(expect.arrayContaining(['hunter22', 'tok-1234', 'cs-56789', 'depth-seven']));
    expect(found).not.toContain('alice');
    expect(found).not.toContain('abc');
    expect(found).not.toContain('too-deep-value');
  });
});

describe('createExactMatcher', () => {
  it('returns undefined when there is nothing to redact', () => {
    expect(createExactMatcher([])).toBeUndefined();
    expect(createExactMatcher(['abc'])).toBeUndefined();
  });

  it('replaces every occurrence and every form, longest first', () => {
    const m = createExactMatcher(['hunter22', 'hunter22-long']);
    const b64 = Buffer.from('hunter22').toString('base64');
    const r = m?.replace(`a hunter22-long b hunter22 c ${b64} d hunter%32%32`);
    expect(r?.text).toBe('a [REDACTED] b [REDACTED] c [REDACTED] d hunter%32%32');
    expect(r?.count).toBe(3);
  });

  it('returns the same string when nothing matched', () => {
    const m = createExactMatcher(['hunter22']);
    const s = 'nothing here';
    expect(m?.replace(s).text).toBe(s);
  });
});
