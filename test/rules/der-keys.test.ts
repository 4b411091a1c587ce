/**
 * @module test/rules/der-keys
 * Keys made by OpenSSL (through node:crypto), written as bare base64 DER the way a JSON field, an environment
 * variable or a Kubernetes value carries them: every private form is masked, every public form is left.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/index.js';

const der = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'sec1' | 'spki', cipher?: string): string =>
  key
    .export(
      cipher === undefined
        ? ({ type, format: 'der' } as never)
        : ({ type, format: 'der', cipher, passphrase: 'correct horse' } as never),
    )
    .toString('base64');

/** node:crypto's overloads name each type; the loops below pass them as strings. */
const pair = (type: string, options?: object): { privateKey: KeyObject; publicKey: KeyObject } =>
  generateKeyPairSync(type as 'rsa', options as never) as never;

/** Each kind of key OpenSSL writes, private and public. */
function keys(): { privates: Record<string, string>; publics: Record<string, string> } {
  const privates: Record<string, string> = {};
  const publics: Record<string, string> = {};
  for (const bits of [512, 1024, 2048, 4096]) {
    const { privateKey, publicKey } = pair('rsa', { modulusLength: bits });
    privates[`RSA ${bits} PKCS#1`] = der(privateKey, 'pkcs1');
    privates[`RSA ${bits} PKCS#8`] = der(privateKey, 'pkcs8');
    publics[`RSA ${bits} SPKI`] = der(publicKey, 'spki');
    publics[`RSA ${bits} PKCS#1 public`] = der(publicKey, 'pkcs1');
  }
  privates['RSA 2048 PKCS#8 encrypted'] = der(
    pair('rsa', { modulusLength: 2048 }).privateKey,
    'pkcs8',
    'aes-256-cbc',
  );
  for (const curve of ['prime256v1', 'secp384r1', 'secp521r1', 'secp256k1']) {
    const { privateKey, publicKey } = pair('ec', { namedCurve: curve });
    privates[`EC ${curve} SEC1`] = der(privateKey, 'sec1');
    privates[`EC ${curve} PKCS#8`] = der(privateKey, 'pkcs8');
    privates[`EC ${curve} PKCS#8 encrypted`] = der(privateKey, 'pkcs8', 'aes-128-cbc');
    publics[`EC ${curve} SPKI`] = der(publicKey, 'spki');
  }
  for (const type of ['ed25519', 'ed448', 'x25519', 'x448']) {
    const { privateKey, publicKey } = pair(type);
    privates[`${type} PKCS#8`] = der(privateKey, 'pkcs8');
    privates[`${type} PKCS#8 encrypted`] = der(privateKey, 'pkcs8', 'aes-128-cbc');
    publics[`${type} SPKI`] = der(publicKey, 'spki');
  }
  privates['DSA 2048 PKCS#8'] = der(pair('dsa', { modulusLength: 2048 }).privateKey, 'pkcs8');
  return { privates, publics };
}

const { privates, publics } = keys();

describe('private keys as bare base64 DER', () => {
  for (const [name, key] of Object.entries(privates)) {
    it(`masks ${name}`, () => {
      for (const text of [key, `{"private_key": "${key}"}`, `SIGNING_KEY=${key}\nPORT=8080`]) {
        const masked = maskSecrets(text).text;
        expect(masked).toContain('[REDACTED:');
        // No 16 characters of the key's body survive anywhere.
        for (let at = 0; at + 16 <= key.length; at += 16)
          expect(masked).not.toContain(key.slice(at, at + 16));
      }
    });
  }
  for (const [name, key] of Object.entries(publics)) {
    it(`leaves ${name}`, () => {
      const text = `{"public_key": "${key}", "kid": "k1"}`;
      expect(maskSecrets(text).text).toBe(text);
    });
  }
});
