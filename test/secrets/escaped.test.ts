import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/index.js';
import type { SecretMatch } from '../../src/rules/registry.js';
import { maskSecrets } from '../../src/sanitizers/mask-secrets.js';
import { decodeEscapes, mergeDecoded } from '../../src/secrets/escaped.js';

const PASSWORD = 'Xk9fT2mQ7rLp4ZbW8nYc';

describe('decodeEscapes', () => {
  it('returns nothing for a text without escapes', () => {
    expect(decodeEscapes('plain "text" here')).toBeUndefined();
    expect(decodeEscapes('C:\\Users\\ada')).toBeUndefined(); // `\U`, `\a`: no escapes it decodes
  });

  it('decodes JSON escapes and maps every unit back to where it came from', () => {
    const text = 'a\\"b\\nc\\\\d\\u003de';
    const decoded = decodeEscapes(text);
    expect(decoded?.text).toBe('a"b\nc\\d=e');
    // a " b \n c \ d = e, then the end
    expect(Array.from(decoded?.at ?? [])).toEqual([0, 1, 3, 4, 6, 7, 9, 10, 16, 17]);
  });

  it("decodes HTML's references for quotes, brackets, & and / in any case, and leaves others", () => {
    const decoded = decodeEscapes('&QUOT;k&quot;: &#39;v&#x27; &lt;a&gt; &amp;&#x2F; &nbsp;&copy;&#1234;');
    expect(decoded?.text).toBe('"k": \'v\' <a> &/ &nbsp;&copy;&#1234;');
    expect(decodeEscapes('a & b &c; d&')).toBeUndefined();
  });

  it('leaves other escapes, non-ASCII \\u escapes and a trailing backslash as written', () => {
    expect(decodeEscapes('\\x41\\u00e9\\q\\n\\')?.text).toBe('\\x41\\u00e9\\q\n\\');
  });
});

describe('mergeDecoded', () => {
  const [a, b] = RULES.slice(0, 2).map((r, index) => ({ ...r, index })) as unknown as [
    SecretMatch['rule'],
    SecretMatch['rule'],
  ];
  const decoded = { text: '', at: Int32Array.from({ length: 40 }, (_, i) => i * 2) };

  it('maps decoded matches onto the escaped text in order', () => {
    const merged = mergeDecoded([{ rule: a, start: 0, end: 4 }], [{ rule: b, start: 5, end: 8 }], decoded);
    expect(merged.map((m) => [m.rule, m.start, m.end])).toEqual([
      [a, 0, 4],
      [b, 10, 16],
    ]);
  });

  it('widens a match that a decoded one overlaps', () => {
    const merged = mergeDecoded([{ rule: a, start: 0, end: 12 }], [{ rule: b, start: 4, end: 9 }], decoded);
    expect(merged.map((m) => [m.rule, m.start, m.end])).toEqual([[a, 0, 18]]);
  });
});

describe('secrets in JSON text', () => {
  const cases = [
    { cmd: `echo "deploy:${PASSWORD}" | chpasswd` },
    { code: `r = requests.get(url, auth=("admin", "${PASSWORD}"))` },
    { sql: `ALTER USER app IDENTIFIED BY "${PASSWORD}";` },
    { conf: `uri ldap://dc1\nbindpw ${PASSWORD}\n` },
  ].map((value) => JSON.stringify(value));

  it('masks a secret in code a web page shows escaped', () => {
    const page = `<pre>{&quot;password&quot;: &quot;${PASSWORD}&quot;}</pre>`;
    expect(maskSecrets(page).text).toBe(
      '<pre>{&quot;password&quot;: &quot;[REDACTED:generic-secret-assignment]&quot;}</pre>',
    );
  });

  it.each(cases)('masks %s and leaves the JSON valid', (text) => {
    const once = maskSecrets(text).text;
    expect(once).not.toContain(PASSWORD);
    expect(() => JSON.parse(once)).not.toThrow();
    expect(maskSecrets(once).text).toBe(once);
  });

  it('masks a secret whose own characters are escaped, escapes and all', () => {
    // PHP's json_encode writes `/` as `\/`.
    const text = '{"code":"auth=(\\"admin\\", \\"Xk9fT2mQ\\/7rLp4ZbW8\\/nYc\\")"}';
    expect(JSON.parse(text).code).toBe('auth=("admin", "Xk9fT2mQ/7rLp4ZbW8/nYc")');
    const once = maskSecrets(text).text;
    expect(once).toBe('{"code":"auth=(\\"admin\\", \\"[REDACTED:basic-auth-pair]\\")"}');
  });
});
