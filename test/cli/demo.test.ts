import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// Runs the built CLI for real (`npm test` builds first): a hostile server, a real SDK client, the real proxy.
const root = fileURLToPath(new URL('../..', import.meta.url));
const main = `${root}dist/cli/main.js`;

let stdout = '';
const sections = new Map<string, { sent: string; gets: string; airlock: string }>();

beforeAll(async () => {
  expect(existsSync(main), 'dist/cli/main.js: run npm run build first').toBe(true);
  const result = await promisify(execFile)(process.execPath, [main, 'demo'], { cwd: root, timeout: 60_000 });
  stdout = result.stdout;
  for (const part of stdout.split('\n▸ ').slice(1)) {
    const name = part.slice(0, part.indexOf(':'));
    const sent = part.slice(part.indexOf('server sent:'), part.indexOf('model gets'));
    const gets = part.slice(part.indexOf('model gets'), part.indexOf('  airlock:'));
    const airlock = part.slice(part.indexOf('  airlock:')).split('\n')[0] ?? '';
    sections.set(name, { sent, gets, airlock });
  }
});

describe('mcp-airlock demo', () => {
  it('shows every hostile tool', () => {
    expect([...sections.keys()]).toEqual(
      expect.arrayContaining([
        'read_invoice',
        'fetch_readme',
        'get_config',
        'build_log',
        'take_screenshot',
        'dump_tree',
        'get_issue',
        'deploy',
        'get_forecast',
      ]),
    );
  });

  it.each([
    ['read_invoice', '⟨U+202E⟩', /removed 4 \(bidi 4\)/],
    ['fetch_readme', 'tag characters: "Ignore previous instructions', /removed \d+ \(tag \d+\)/],
    ['get_config', '⟨U+200B⟩', /masked 3 .*github-pat.*removed 1 \(zero-width\)/],
    ['build_log', '⟨U+001B⟩', /removed \d+ \(ansi \d+\)/],
    ['take_screenshot', 'KiB of base64 data', /omitted 1/],
    ['dump_tree', 'depth 150', /converted to text 1/],
    ['deploy', 'ghp_', /masked 1 \(github-pat\)/],
  ])('%s: shows what the server sent, and the removal', (name, sent, airlock) => {
    const section = sections.get(name);
    expect(section?.sent).toContain(sent);
    expect(section?.gets).not.toContain(sent);
    expect(section?.airlock).toMatch(airlock);
  });

  it('never shows a secret on the model side', () => {
    for (const name of ['get_config', 'deploy']) {
      const section = sections.get(name)!;
      const secrets =
        section.sent.replace(/⟨U\+200B⟩/g, '').match(/ghp_[A-Za-z0-9]{36}|AKIA[A-Z2-7]{16}/g) ?? [];
      expect(secrets.length).toBeGreaterThan(0);
      for (const secret of secrets) expect(section.gets).not.toContain(secret);
      expect(section.gets).toContain('[REDACTED:github-pat]');
    }
  });

  it('shows the image omitted and the injected issue kept as labelled data', () => {
    expect(sections.get('take_screenshot')?.gets).toContain('data omitted');
    expect(sections.get('get_issue')?.airlock).toMatch(/labelled as data/);
    expect(stdout).toMatch(/injection-shaped text still there: .*important-tag/);
  });

  it('hides the tool that changed its description after first use', () => {
    expect(stdout).toContain('server sent notifications/tools/list_changed: yes');
    expect(stdout).toMatch(/server now lists get_forecast as: .*<IMPORTANT>/);
    expect(stdout).toContain('model sees: get_forecast hidden until approved');
  });
});
