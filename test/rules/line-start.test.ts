import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import { createRuleRegistry } from '../../src/rules/registry.js';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { expandTemplate } from './expand.js';

/**
 * Keywords that open with a line break (`\npw`, `\nauth `) stand for a line's start. A text's first line starts
 * at 0 with no break before it, and a text that opens so is read as that line.
 */
describe("a text's first line", () => {
  const token = 'Xk9fQ2mLp7vR4tZw';
  it.each([
    `pw: ${token}`,
    `PW=${token}`,
    `psk=${token}`,
    `psk="${token}"`,
    `Psk: ${token}\nssid: home`,
    `AUTH ${token}`,
    `auth default ${token}\n`,
  ])('%j: the value is masked as on any later line', (text) => {
    const first = maskSecrets(text);
    expect(first.text).not.toContain(token);
    const later = maskSecrets(`log\n${text}`);
    expect(later.text).toBe(`log\n${first.text}`);
    expect(first.findings.map((f) => f.rule)).toEqual(later.findings.map((f) => f.rule));
  });

  it.each([
    'psk=changeme',
    'pw: <password>',
    'Psk: ${WIFI_PSK}',
    'AUTH LOGIN',
    'AUTH required pam_unix.so',
    'pw: see the vault',
  ])('%j opening a text is no secret', (text) => {
    expect(maskSecrets(text).text).toBe(text);
  });

  // Every rule example with a line that opens with such a keyword: cut so that the line opens the text, it is
  // found there, at the same places.
  const registry = createRuleRegistry(RULES);
  const openings = [...new Set(RULES.flatMap((r) => r.keywords.filter((k) => k.startsWith('\n'))))];
  const cases = RULES.flatMap((rule) =>
    (rule.examples?.positive ?? []).flatMap((template) => {
      const text = expandTemplate(template, rule.id);
      return openings.flatMap((k) => {
        const at = text.toLowerCase().indexOf(k);
        return at < 0 ? [] : [[rule.id, text.slice(at + 1)] as const];
      });
    }),
  );
  it('has examples to cut', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  it.each(cases)('%s: %j', (_id, text) => {
    const spans = (t: string, shift: number) => registry.scan(t).map((m) => [m.start - shift, m.end - shift]);
    const found = spans(text, 0);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(spans(`x\n${text}`, 2));
  });
});
