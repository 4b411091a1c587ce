import { describe, expect, it } from 'vitest';
import { createLoaded, parseConfig } from '../../src/config/load.js';
import { HIDDEN, hideSecrets, printConfig } from '../../src/config/print.js';

const SECRETS = [
  's3cr3t-value-one',
  'spotlight-key-0123456789',
  'upstream-bearer-xyz',
  'listen-token-abc',
  'Bearer hdr',
];

const config = parseConfig({
  secrets: { mode: 'mask', values: [SECRETS[0]], fromEnv: ['GITHUB_TOKEN'] },
  spotlight: { key: SECRETS[1] },
  proxy: {
    bearerToken: SECRETS[2],
    listenToken: SECRETS[3],
    headers: { Authorization: SECRETS[4] },
    timeoutMs: 5,
  },
  servers: {
    gh: {
      secrets: { values: ['server-only-secret'] },
      tools: { x: { spotlight: { key: 'tool-key-0123456789abc' } } },
    },
  },
  tools: { '*': { secrets: { values: ['tool-secret-value'] } } },
});

describe('printConfig', () => {
  it('hides every secret value and keeps everything else', () => {
    const text = printConfig(createLoaded(config, '/x/airlock.config.json', 'cwd'));
    for (const secret of [...SECRETS, 'server-only-secret', 'tool-key-0123456789abc', 'tool-secret-value']) {
      expect(text).not.toContain(secret);
    }
    const printed = JSON.parse(text);
    expect(printed).toMatchObject({ source: 'cwd', path: '/x/airlock.config.json' });
    expect(printed.config.secrets).toEqual({ mode: 'mask', values: [HIDDEN], fromEnv: ['GITHUB_TOKEN'] });
    expect(printed.config.proxy).toEqual({
      bearerToken: HIDDEN,
      listenToken: HIDDEN,
      headers: { Authorization: HIDDEN },
      timeoutMs: 5,
    });
  });

  it.each([
    [{ server: 'gh' }, 'server-only-secret'],
    [{ server: 'gh', tool: 'x' }, 'tool-key-0123456789abc'],
  ])('prints the resolved options for %o with secrets hidden', (target, secret) => {
    const text = printConfig(createLoaded(config), target);
    expect(text).not.toContain(secret);
    expect(JSON.parse(text).config.serverName).toBe('gh');
  });

  it('does not mutate the config', () => {
    const before = JSON.stringify(config);
    hideSecrets(config);
    expect(JSON.stringify(config)).toBe(before);
  });
});
