import { describe, expect, it } from 'vitest';
import { isPlaceholder, placeholderWords, shannonEntropy } from '../../src/secrets/entropy.js';

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
    'YourApiKeyHere',
    'your-project.iam.gserviceaccount.com',
    'AKIA2345234523452345',
    'abcabcabcabcabc',
    '{userAccessToken2}',
    '<API_KEY_2024_01>',
    '[ProjectName12]',
    // references, and what follows one
    '$DB_PASSWORD',
    '$HOME/.pgpass',
    '$this->password',
    "$config['db']",
    '$env:DB_PASSWORD',
    '$.Values.password',
    '$CPAN::Config->{password}',
    '$1',
    // masked or cut short
    'xoxp-572370529330-573807301142-572331691188-####################',
    'ops_eyJzaWduSW5B..',
    // a token's prefix and filler: its format, shown
    'whsec_xxx',
    'sk_test_XXX',
    'glpat-…',
    // a credential shown masked but for its ends, as CLIs list them
    'AK:***Fk2',
    // in other languages
    'ваш_ключ_API',
  ])('%j is a placeholder', (s) => {
    expect(isPlaceholder(s)).toBe(true);
  });

  it.each([
    'ghp_4fJ9kQ2mZp7LwX3vB8nR1tY6uC0dE5aHsGqK',
    'sk_live_AAAAAAAAAAAAAAAAAAAAAAAA',
    'whsec_xxxT7f2kQ9',
    'hunter2isMyPassword',
    // generated tokens that happen to contain a placeholder word's letters
    'ghp_4fJ9kQ2yOUr_7LwX3vB8nR1tY6uC0dE5aHsG',
    'ghp_4fJ9kQ2mZpxXxX7LwX3vB8nR1tY6uC0dE5aH',
    'sk-9fQ2kR7_HeRe4bT1mZ8wL3pX6nV0cJ5',
    // a placeholder word spelled across the prefix's separator and the body's first letters (found by fuzzing)
    'ghp_HEReyHovQRYBuDML1QWLAPsmrGABsHGZMKci',
    'xoxb-HEREqWERTYUIOPASDfGHJKLzXCVBNm',
    'sk_test_ABYOUR_KLMNPQRSTUVWXYZ01234567',
    // a generated value in the brackets docs put around what the reader fills in
    '{ZqL5kVrX1n8tA2}',
    // and base64 in them, as Jenkins writes an encrypted secret
    '{AQAAABAAAAAQE4XmmaNI8cIIYZGAiirn1ltY22Dj7Sn27Tf5oQ=}',
    // or as IIS writes one, its provider named
    '[enc:IISWASOnlyCngProvider:l3JqLeOYaL0m4VEL5ouFPsZxX3FBT1w3F92LfZAHc3HEpbNnHX+Ubmj5Og/V4dk7GQUh=:enc]',
    // a WordPress salt holding what opens a template (`%(`, `${`), going on as none does
    'bFVlC/MCv~FY38Qd8!Z~}H|T~Eo17]DRd%(Z|Ce:$NhDuN%Fu*!jyW(iYzI`:CvE',
    'k9T${|qW7!zR$(/mX2%(-pL8',
    // a password that starts with what opens a reference or a bracketed name, and goes on as neither
    '$A1^frhluN',
    '$Ruc:R5g1n',
    '$HnGE0HLIuWqR5JiY}6G',
    '<eSXJd4R',
    '<DlHnqP;4fT;',
    // a token whose payload holds a repetitive field: a stretch of it repeats, the token does not
    'eyJhdWQiOiJYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFgiLCJzdWIiOiI3ZjRjMmExZS05YjNkLTRlNmEtYjJjOC0xZDVmM2E5ZThiN2MiLCJpYXQiOjE3MDAwMDAwMDAsIm5vbmNlIjoicThacjJMd1g1blRiIn0',
  ])('%j is not a placeholder', (s) => {
    expect(isPlaceholder(s)).toBe(false);
  });
});

describe('placeholderWords', () => {
  it.each([
    ['xoxb-your-bot-token', ['your'], true],
    ['YOUR_SECRET_ACCESS_KEY_GOES_HERE__', ['your_'], true],
    ['glsa_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_AAAAAAAA', ['xxxxx'], true],
    ['AKIAIOSFODNN7EXAMPLE', ['example'], true],
    ['ghp_4fJ9kQ2yOUr7LwX3vB8nR1tY6uC0dE5aHsGq', ['your'], false],
    ['ghp_HEReyHovQRYBuDML1QWLAPsmrGABsHGZMKci', ['_here'], false],
    ['ghp_your_token_here', ['_here', 'your_'], true],
    ['KEY_HERE1', ['_here'], true],
    ['ghp_4fJ9kQ2mZp7LwX3vB8nR1tY6uC0dE5aHsGqK', ['your'], false],
  ] as const)('%j with %j → %s', (value, words, expected) => {
    expect(placeholderWords(value, words)).toBe(expected);
  });
});
