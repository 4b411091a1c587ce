import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as explain } from '../../src/cli/commands/explain.js';
import { jsonDepth, show, summarizeReport } from '../../src/cli/render.js';

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
    ['get_issue', 'micros⟨U+03BF⟩ft', /normalized 1 \(lookalike\)/],
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
    expect(sections.get('get_forecast')?.airlock).toMatch(/labelled as data/);
    expect(sections.get('get_issue')?.gets).toContain('https://login.microsoft-support.example');
    expect(stdout).toMatch(/injection-shaped text still there: .*important-tag/);
  });

  it('hides the tool that changed its description after first use', () => {
    expect(stdout).toContain('server sent notifications/tools/list_changed: yes');
    expect(stdout).toMatch(/server now lists get_forecast as: .*<IMPORTANT>/);
    expect(stdout).toContain('model sees: get_forecast hidden until approved');
  });
});

describe('render', () => {
  it.each([
    ['a\u202Eb', 'a⟨U+202E⟩b'],
    ['x\u{E0001}\u{E0048}\u{E0069}\u{E0021}\u{E007F}', 'x⟨5 tag characters: "Hi!"⟩'],
    ['\x1b[31mred', '⟨U+001B⟩[31mred'],
    ['plain text, ünïcödé 👋', 'plain text, ünïcödé 👋'],
  ])('shows %j as %j', (input, expected) => {
    expect(show(input)).toBe(expected);
  });

  it('cuts long text and says by how much', () => {
    expect(show('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}… (+20 chars)`);
  });

  it.each([
    [{ changed: false, counts: {} }, 'unchanged'],
    [{ changed: true, counts: {} }, 'labelled only'],
    [
      {
        changed: true,
        counts: { removed: 3, 'removed:bidi': 2, 'removed:tag': 1, masked: 1, 'masked:github-pat': 1 },
      },
      'removed 3 (bidi 2, tag) · masked 1 (github-pat)',
    ],
  ])('summarizes %j', (report, expected) => {
    expect(summarizeReport(report)).toBe(expected);
  });

  it('measures depth without recursion', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(jsonDepth(deep)).toBe(5000);
    expect(jsonDepth({ a: { b: 1 } })).toBe(2);
  });
});

describe('mcp-airlock explain', () => {
  let dir: string;
  let config: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'airlock-explain-'));
    config = join(dir, 'airlock.config.json');
    writeFileSync(config, JSON.stringify({ label: 'none' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function explainJson(input: unknown, argv: string[] = []): Promise<string> {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    stdin.end(JSON.stringify(input));
    expect(await explain(['--config', config, ...argv], { stdin, stdout, stderr: new PassThrough() })).toBe(
      0,
    );
    return out;
  }

  const token = `ghp_${'aB3dE6gH9j'.repeat(3)}K2mN5p`;

  it('tells what came in, what goes out and the findings of a tool result', async () => {
    const out = await explainJson({ content: [{ type: 'text', text: `pay \u202Eme\u202C ${token}` }] }, [
      '--tool',
      't',
    ]);
    const [cameIn, goesOut] = out.split('what goes out:');
    expect(cameIn).toContain('⟨U+202E⟩');
    expect(cameIn).toContain(token);
    expect(goesOut).not.toContain(token);
    expect(goesOut).toContain('[REDACTED:github-pat]');
    expect(out).toMatch(/findings \(2\):/);
    expect(out).toMatch(/\/content\/0\/text {2}removed bidi/);
    expect(out).toMatch(/airlock: .*masked 1 \(github-pat\)/);
  });

  it('accepts a JSON-RPC response and a JSON-RPC error', async () => {
    expect(await explainJson({ jsonrpc: '2.0', id: 1, result: { content: [] } })).toContain('findings: none');
    const out = await explainJson({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: `bad ${token}` },
    });
    expect(out).toContain('a JSON-RPC error');
    expect(out.split('what goes out:')[1]).not.toContain(token);
  });
});
