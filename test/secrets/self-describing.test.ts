import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { describesItself } from '../../src/secrets/self-describing.js';

describe('describesItself', () => {
  it.each([
    'REPLACE_ME',
    'change-me',
    'changeit',
    'TODO_SET_ME',
    'dummy-token-value',
    'fakeApiKeyForTests2',
    'example-key-2024',
    'EXAMPLE_API_KEY',
    'notasecret',
    'not-a-real-token',
    'your.api.key',
    'xyz-token',
    'mock_api_key_123',
    'paste your token here',
    // Words written apart with no number say what the value is, as a marker would.
    'my-secret-key',
    'my-token',
    'it-is-very-secret',
    'TEST_API_KEY',
  ])('%j is a description of a secret', (value) => {
    expect(describesItself(value)).toBe(true);
  });

  it.each([
    // Words without a marker may be a real password, however weak.
    'mySecret789',
    'supersecret',
    'my-secret-789',
    'rootpasswd',
    'str0ngP4ss',
    // A number longer than a version or a year is data.
    'replace-me-123456',
    // Generated tokens are never words.
    'ghp_pur6lyLZzyVx3M7eiQFG8vYjdJtIoQwO0iuE',
    'HXe8DGg1iJd2AopzyxkFB7F2',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    // Letters that run on past a word.
    'examples-for-youth',
    '',
  ])('%j is not', (value) => {
    expect(describesItself(value)).toBe(false);
  });

  it('reads at most 64 characters', () => {
    expect(describesItself(`${'replace-me-'.repeat(5)}here`)).toBe(true);
    expect(describesItself('replace-me-'.repeat(6))).toBe(false);
  });
});

describe('masking with self-describing values', () => {
  it.each([
    'API_KEY=REPLACE_ME',
    '"client_secret": "fake-client-secret-for-tests"',
    "password: 'change-me'",
    'token = "your-token-goes-here"',
  ])('leaves the placeholder in %j', (text) => {
    expect(maskSecrets(text).text).toBe(text);
  });

  it.each([
    ['mongodb://devuser:mySecret789@dev.mongodb.com:27017/dev_db', 'mySecret789'],
    ['POSTGRES_PASSWORD=supersecret42', 'supersecret42'],
  ])('still masks the real (weak) password in %j', (text, secret) => {
    expect(maskSecrets(text).text).not.toContain(secret);
  });
});
