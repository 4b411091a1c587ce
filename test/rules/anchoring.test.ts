import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry, startsWithKeyword } from '../../src/rules/registry.js';

describe('startsWithKeyword', () => {
  it.each([
    [/ghp_[A-Za-z0-9]{36}/, ['ghp_'], true],
    [/(?<![A-Za-z0-9])(?:bot|telegram)[\w.]{0,30}?=(\d{5})/i, ['bot', 'telegram'], true],
    [/((?:AKIA|ASIA)[A-Z0-9]{16})/, ['akia', 'asia'], true],
    [/\bSK[0-9a-f]{32}/, ['sk'], true],
    [/(?:AKIA|ASIA)[A-Z0-9]{16}/, ['akia'], false],
    [/ghp_x|gho_y/, ['ghp_', 'gho_'], true],
    [/ghp_x|xgho_y/, ['ghp_', 'gho_'], false],
    [/(?:bot)?token=(\w+)/, ['bot', 'token'], true],
    [/(?:bot)?token=(\w+)/, ['token'], false],
    [/[sr]k_live_\w+/, ['sk_live_', 'rk_live_'], true],
    [/[sr]k_live_\w+/, ['sk_live_'], false],
    [/(?:linked[_-]?in)=(\w+)/i, ['linkedin', 'linked_in', 'linked-in'], true],
    [/(?:pager[_-]?duty)=(\w+)/i, ['pagerduty', 'pager_duty'], false],
    [/[a-z]k_\w+/, ['sk_', 'rk_'], false],
    [/(?:sk|rk)*_live/, ['sk', 'rk'], false],
    [/\bfb=\w+/, ['fb'], true],
    [/-----BEGIN PRIVATE KEY-----/, ['private key-----'], false],
    [/x*ghp_\w+/, ['ghp_'], false],
    [/(?:priv[_ -]?key|privkey)=\w+/, ['priv_key', 'privkey'], false],
  ] as const)('%s with %j -> %s', (regex, keywords, expected) => {
    expect(startsWithKeyword({ regex, keywords })).toBe(expected);
  });
});

describe('scan order and duplicates', () => {
  const registry = createRuleRegistry(RULES);
  it.each([
    ['GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 and bot_token=1234567:AAAA'],
    ['token token token password=Zq8v!mK2@pL9#xR4 token'],
  ])('returns sorted disjoint matches for %j', (text) => {
    const found = registry.scan(text);
    for (let i = 1; i < found.length; i++) {
      expect((found[i] as { start: number }).start).toBeGreaterThanOrEqual(
        (found[i - 1] as { end: number }).end,
      );
    }
    expect(found.length).toBeGreaterThan(0);
  });
});
