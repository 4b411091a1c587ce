import { describe, expect, it } from 'vitest';
import { globToRegExp, resolveSecretsOptions } from '../../src/secrets/options.js';

describe('resolveSecretsOptions', () => {
  it.each([
    [{ mode: 'loud' }, /secrets\.mode: mode must be one of off, mask, block/],
    [{ tools: { 'fs_*': 'nope' } }, /secrets\.tools\["fs_\*"\]/],
    [{ rules: { 'no-such-rule': 'off' } }, /secrets\.rules\["no-such-rule"\]: unknown rule id/],
    [{ rules: { 'zzz-*': 'off' } }, /secrets\.rules\["zzz-\*"\]: the glob matches no rule id/],
    [{ allow: { patterns: ['(unclosed'] } }, /secrets\.allow\.patterns\[0\]: invalid regex/],
    [
      { allow: { paths: [{ rules: ['nope'] }] } },
      /secrets\.allow\.paths\[0\]\.rules: unknown rule id "nope"/,
    ],
  ])('rejects %j naming the key', (options, message) => {
    expect(() => resolveSecretsOptions(options as never)).toThrow(message);
  });

  it('reads fromEnv values once, at resolve time', () => {
    const env = { MY_SECRET: 'from-the-env-1' };
    const resolved = resolveSecretsOptions({ fromEnv: ['MY_SECRET', 'UNSET'] }, env);
    env.MY_SECRET = 'changed';
    expect(resolved.exactValues).toEqual(['from-the-env-1']);
  });

  it('gives rules precedence over tools over the global mode', () => {
    const r = resolveSecretsOptions({
      mode: 'off',
      tools: { 'fs_*': 'block', fs_read: 'mask' },
      rules: { 'github-pat': 'off', 'gitlab-*': 'block' },
    });
    const gh = r.registry.byId.get('github-pat')?.index as number;
    const gl = r.registry.byId.get('gitlab-pat')?.index as number;
    const aws = r.registry.byId.get('aws-access-key-id')?.index as number;
    expect(r.modesFor('other', '').codes[aws]).toBe(0);
    expect(r.modesFor('fs_write', '').codes[aws]).toBe(2);
    expect(r.modesFor('fs_read', '').codes[aws]).toBe(1);
    expect(r.modesFor('fs_read', '').codes[gh]).toBe(0);
    expect(r.modesFor(undefined, '').codes[gl]).toBe(2);
  });

  it('turns rules off inside allowlisted path and tool scopes', () => {
    const r = resolveSecretsOptions({
      allow: { paths: [{ path: '/structuredContent/**', tool: 'vault_*', rules: ['github-pat'] }] },
    });
    const gh = r.registry.byId.get('github-pat')?.index as number;
    expect(r.modesFor('vault_get', '/structuredContent/a/b').codes[gh]).toBe(0);
    expect(r.modesFor('vault_get', '/content/0/text').codes[gh]).toBe(1);
    expect(r.modesFor('other', '/structuredContent/a').codes[gh]).toBe(1);
  });
});

describe('globToRegExp', () => {
  it.each([
    ['fs_*', undefined, 'fs_read', true],
    ['fs_*', undefined, 'git_log', false],
    ['/content/*/text', '/', '/content/0/text', true],
    ['/content/*/text', '/', '/content/0/x/text', false],
    ['/structuredContent/**', '/', '/structuredContent/a/b', true],
    ['tool?', undefined, 'tool1', true],
  ])('%s (sep %s) vs %s → %s', (glob, sep, input, expected) => {
    expect(globToRegExp(glob, sep).test(input)).toBe(expected);
  });
});
