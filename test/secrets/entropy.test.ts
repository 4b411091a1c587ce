import { describe, expect, it } from 'vitest';
import { isPlaceholder, shannonEntropy } from '../../src/secrets/entropy.js';

describe('shannonEntropy', () => {
  it.each([
    ['', 0],
    ['aaaa', 0],
    ['ab', 1],
    ['abcd', 2],
  ])('%j has %d bits per character', (s, bits) => {
    expect(shannonEntropy(s)).toBeCloseTo(bits, 6);
  });
});

describe('isPlaceholder', () => {
  it.each([
    '${API_KEY}',
    '{{ .Values.token }}',
    '$(cat token.txt)',
    '%(SECRET_KEY)s',
    '<your-token>',
    'YOUR_API_KEY',
    'xoxb-your-bot-token',
    'ghp_xxxxxxxxxxxxxxxxxxxx',
    '**********',
    'sk-...',
    '00000000000000000000000000TUVWXYZ',
    'aaaaaaaaaaaaaaaa',
    '[REDACTED:github-pat]',
    'PUT_YOUR_TOKEN_HERE',
  ])('%j is a placeholder', (s) => {
    expect(isPlaceholder(s)).toBe(true);
  });

  it.each([
    'ghp_4fJ9kQ2mZp7LwX3vB8nR1tY6uC0dE5aHsGqK',
    'sk_live_AAAAAAAAAAAAAAAAAAAAAAAA',
    'hunter2isMyPassword',
  ])('%j is not a placeholder', (s) => {
    expect(isPlaceholder(s)).toBe(false);
  });
});
