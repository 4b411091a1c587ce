/**
 * @module bench/run
 * `npm run bench`: every measurement in a fresh child process, then one table of figures and one of the
 * ratios PERFORMANCE.md states its targets in, each marked PASS or FAIL.
 *   node bench/run.mjs [--quick] [--rounds N] [--json <file>] [--only throughput,redos,proxy,longrun]
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from './stats.mjs';
import { ensureData } from './workloads.mjs';

const run = promisify(execFile);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt === -1 ? null : args[jsonAt + 1];
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? null : new Set(args[onlyAt + 1].split(','));
const wants = (section) => !only || only.has(section);
const roundsAt = args.indexOf('--rounds');
/**
 * How many times the whole list of throughput measurements runs, one after the other. The machines here have
 * slow spells of a minute or more that move a row 20-40%: a ratio of two rows measured a minute apart (all
 * rules against ten, 10 MB against 1 MB) passed in one run and failed in the next. Each row is then the
 * median of its processes' medians, every one of them taken at a different time.
 */
const rounds = roundsAt === -1 ? (quick ? 1 : 2) : Math.max(1, Number(args[roundsAt + 1]) || 1);

const WORKLOADS = ['W1', 'W2', 'W3', 'W4'];
const TOOLS = ['parse-stringify', 'parse', 'secretlint', 'unified-llm', 'airlock-core', 'airlock-e2e'];
const EXTRA = [
  ['airlock-core', 'W1-1MB'],
  ['parse-stringify', 'W1-1MB'],
  ['airlock-core-10rules', 'W1'],
];
const LABELS = {
  'parse-stringify': 'floor: JSON.parse + stringify',
  parse: 'floor: JSON.parse only',
  secretlint: 'secretlint lintSource (recommended, profiler off)',
  'unified-llm': '@unified-llm/core sanitizeToolCallResult, e2e',
  'airlock-core': 'airlock core (bounds raised)',
  'airlock-e2e': 'airlock e2e (bounds raised)',
  'airlock-core-10rules': 'airlock core, 10 rules only',
};

/** Runs a bench script in a fresh node and returns its `RESULT` JSON (or `{ error }`). */
async function child(script, scriptArgs, { gc = true, timeout = 300_000 } = {}) {
  const nodeArgs = [...(gc ? ['--expose-gc'] : []), here(script), ...scriptArgs];
  try {
    const { stdout } = await run(process.execPath, nodeArgs, { timeout, maxBuffer: 64 * 1024 * 1024 });
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
    return line ? JSON.parse(line.slice(7)) : { error: `no RESULT line from ${script}` };
  } catch (error) {
    const detail = String(error.stderr || error.message)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' | ');
    return { error: `${script} ${scriptArgs.join(' ')} failed: ${detail}` };
  }
}

const fmt = (x, unit) => {
  if (x === undefined || Number.isNaN(x)) return '—';
  if (unit === 'ops/s') return x >= 1000 ? `${(x / 1000).toFixed(1)}k` : x.toFixed(0);
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
};
const cell = (m) => {
  if (!m) return '';
  if (m.skip) return 'skipped';
  if (m.error) return 'error';
  return `${fmt(m.median, m.unit)} (${fmt(m.min, m.unit)}–${fmt(m.max, m.unit)})`;
};
function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

async function throughput(raw) {
  const runArgs = quick ? ['--runs', '3', '--warmup', '1'] : [];
  const jobs = [];
  for (const tool of TOOLS) for (const w of WORKLOADS) jobs.push([tool, w]);
  jobs.push(...EXTRA);
  // Generate each workload once, here, so no measuring process pays for (or holds memory from) generating it.
  for (const w of new Set(jobs.map(([, w]) => w))) ensureData(w);
  const results = new Map();
  for (let round = 1; round <= rounds; round++) {
    for (const [tool, w] of jobs) {
      process.stderr.write(
        `  measuring ${tool} on ${w}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}...\n`,
      );
      const key = `${tool}/${w}`;
      results.set(key, [...(results.get(key) ?? []), await child('measure.mjs', [tool, w, ...runArgs])]);
    }
  }
  for (const [key, list] of results) raw.throughput[key] = mergeRounds(list);
}

/**
 * One row from its rounds: the median of their medians, the widest min–max, the highest peak RSS. What was
 * found comes from the first round (the same bytes are sanitized every time). A failed round fails the row.
 */
function mergeRounds(list) {
  const bad = list.find((x) => x.skip || x.error);
  if (bad || list.length === 1) return bad ?? list[0];
  return {
    ...list[0],
    median: median(list.map((x) => x.median)),
    min: Math.min(...list.map((x) => x.min)),
    max: Math.max(...list.map((x) => x.max)),
    maxRssMB: Math.max(...list.map((x) => x.maxRssMB)),
    roundMedians: list.map((x) => x.median),
  };
}

function printThroughput(raw) {
  const m = (tool, w) => raw.throughput[`${tool}/${w}`];
  const rows = TOOLS.map((tool) => [LABELS[tool], ...WORKLOADS.map((w) => cell(m(tool, w)))]);
  for (const [tool, w] of EXTRA) {
    rows.push([`${LABELS[tool]}${w === 'W1' ? '' : ` (${w})`}`, cell(m(tool, w)), '', '', '']);
  }
  rows.push(['input JSON, MB', ...WORKLOADS.map((w) => m('parse', w)?.inputMB?.toFixed(3) ?? '—')]);
  const over =
    raw.machine.rounds > 1 ? `, the median of ${raw.machine.rounds} rounds' medians (min–max over all)` : '';
  console.log(`\nThroughput: median (min–max) MB/s of input JSON${over}; W4 in results per second\n`);
  console.log(table(['what', ...WORKLOADS], rows));
  const rss = TOOLS.map((tool) => [LABELS[tool], ...WORKLOADS.map((w) => fmt(m(tool, w)?.maxRssMB))]);
  console.log('\nPeak RSS while measuring (input held + runtime + outputs), MB\n');
  console.log(table(['what', ...WORKLOADS], rss));
  const skips = new Set(
    Object.values(raw.throughput)
      .filter((x) => x.skip)
      .map((x) => x.skip),
  );
  for (const s of skips) console.log(`airlock rows skipped: ${s}`);
  for (const x of Object.values(raw.throughput)) if (x.error) console.log(`error: ${x.error}`);
  if (m('airlock-core', 'W1') && !m('airlock-core', 'W1').skip) {
    console.log(
      'airlock rows use the full default policy with bounds and maxItems raised to 1e9, so every byte is scanned.',
    );
  }

  const found = [];
  for (const w of ['W1', 'W2', 'W4']) {
    const truth = m('parse', w)?.truth;
    if (!truth) continue;
    const sl = m('secretlint', w)?.found;
    const al = m('airlock-core', w)?.found;
    found.push([
      w,
      `${truth.secrets} / ${truth.invisibles} / ${truth.ansi}`,
      sl ? `${sl.secrets} (${((100 * sl.secrets) / Math.max(1, truth.secrets)).toFixed(0)}%)` : '—',
      al?.secrets !== undefined ? `${al.secrets} / ${al.removedChars} / ${al.ansi}` : (al?.note ?? '—'),
    ]);
  }
  console.log(
    '\nWhat each tool found (secrets / invisible chars / ANSI escapes); @unified-llm counts nothing\n',
  );
  console.log(
    table(['workload', 'planted', 'secretlint detected', 'airlock masked / removed / ANSI'], found),
  );
}

/** The ratios of PERFORMANCE.md's targets. `null` when a side is missing. */
function ratios(raw) {
  const m = (tool, w) => {
    const x = raw.throughput[`${tool}/${w}`];
    return x && !x.skip && !x.error ? x : null;
  };
  const speed = (tool, w) => m(tool, w)?.median;
  const div = (a, b) => (a === undefined || b === undefined ? null : a / b);
  const out = [];
  const add = (name, value, target, pass, unit = 'x') =>
    out.push({ name, value, target, pass: value === null ? null : pass(value), unit });
  for (const w of ['W1', 'W2']) {
    add(
      `core ${w} vs parse+stringify`,
      div(speed('airlock-core', w), speed('parse-stringify', w)),
      '>= 1.5x',
      (v) => v >= 1.5,
    );
    add(
      `core ${w} vs secretlint`,
      div(speed('airlock-core', w), speed('secretlint', w)),
      '>= 5x',
      (v) => v >= 5,
    );
    const sl = m('secretlint', w)?.found?.secrets;
    const al = m('airlock-core', w)?.found?.secrets;
    add(
      `core ${w} finds more secrets than secretlint`,
      al === undefined || sl === undefined ? null : al - sl,
      '> 0',
      (v) => v > 0,
      ' more',
    );
  }
  add(
    'core W3 vs JSON.parse',
    div(speed('airlock-core', 'W3'), speed('parse', 'W3')),
    '>= 1x',
    (v) => v >= 1,
  );
  add('core W4 results/s', speed('airlock-core', 'W4') ?? null, '>= 100,000', (v) => v >= 100_000, ' ops/s');
  add(
    'e2e W4 vs parse+stringify',
    div(speed('airlock-e2e', 'W4'), speed('parse-stringify', 'W4')),
    '>= 0.6x',
    (v) => v >= 0.6,
  );
  // Cost is time per byte: the inverse of speed.
  add(
    'W1 cost: all rules vs 10 rules',
    div(speed('airlock-core-10rules', 'W1'), speed('airlock-core', 'W1')),
    '<= 1.3x',
    (v) => v <= 1.3,
  );
  const t10 = m('airlock-core', 'W1') && m('airlock-core', 'W1').inputMB / m('airlock-core', 'W1').median;
  const t1 =
    m('airlock-core', 'W1-1MB') && m('airlock-core', 'W1-1MB').inputMB / m('airlock-core', 'W1-1MB').median;
  add('W1 time: 10 MB vs 1 MB', t10 && t1 ? t10 / t1 : null, '<= 11x', (v) => v <= 11);
  for (const w of WORKLOADS) {
    const x = m('airlock-core', w);
    add(
      `core ${w} peak RSS vs 3x input + 80 MB`,
      x ? x.maxRssMB / (3 * x.inputMB + 80) : null,
      '<= 1x',
      (v) => v <= 1,
    );
  }
  const p = raw.proxy;
  if (p && !p.skip && !p.error) {
    add('proxy added latency, median', p.addedMedianMs, '<= 0.5 ms', (v) => v <= 0.5, ' ms');
    add('proxy added latency, p99', p.addedP99Ms, '<= 2 ms', (v) => v <= 2, ' ms');
    if (p.rawFloorAddedMedianMs !== undefined)
      add(
        '(reference) relay forwarding lines unparsed, added latency, median',
        p.rawFloorAddedMedianMs,
        'no target',
        () => null,
        ' ms',
      );
    add('proxy throughput, 8 callers, vs direct', p.throughputRatio, '>= 0.8x', (v) => v >= 0.8);
    if (p.floorRatio !== undefined)
      add(
        '(reference) parse-and-reserialize relay, 8 callers, vs direct',
        p.floorRatio,
        'no target',
        () => null,
      );
    if (p.rawFloorRatio !== undefined)
      add(
        '(reference) relay forwarding lines unparsed, 8 callers, vs direct',
        p.rawFloorRatio,
        'no target',
        () => null,
      );
  }
  const d = raw.redos;
  if (d && !d.skip && !d.error) {
    for (const [family, { ms }] of Object.entries(d.slowest))
      add(`ReDoS slowest, ${family}`, ms, '< 50 ms', (v) => v < 50, ' ms');
  }
  const l = raw.longrun;
  if (l && !l.skip && !l.error)
    add('heap retained after 20,000 W4 calls', l.growthMB, '< 5 MB', (v) => v < 5, ' MB');
  return out;
}

function printRatios(list) {
  const rows = list.map((r) => [
    r.name,
    r.value === null ? '—' : `${r.value.toFixed(r.unit === ' ops/s' ? 0 : 2)}${r.unit}`,
    r.target,
    r.pass === null ? 'n/a' : r.pass ? 'PASS' : 'FAIL',
  ]);
  console.log('\nTargets (PERFORMANCE.md)\n');
  console.log(table(['ratio', 'measured', 'target', ''], rows));
}

function printOthers(raw) {
  const show = (title, x, lines) => {
    if (!x) return;
    console.log(`\n${title}`);
    if (x.skip) console.log(`  skipped: ${x.skip}`);
    else if (x.error) console.log(`  error: ${x.error}`);
    else for (const l of lines(x)) console.log(`  ${l}`);
  };
  show('ReDoS: slowest 1 MB adversarial input per family', raw.redos, (x) => [
    `${x.inputs} inputs; secrets via ${x.secretsVia}; Unicode via ${x.unicodeVia}`,
    ...(x.perRuleFamilies
      ? []
      : ['listRules() not exported yet: only the shapes common to all rules were run']),
    ...Object.entries(x.slowest).map(([f, { ms, input }]) => {
      const ref = x.reference?.[f === 'unicode' ? 'unicode' : 'secrets'];
      const times = ref ? `, ${(ms / ref).toFixed(1)}x 1 MB of ordinary text` : '';
      return `${f}: ${ms.toFixed(1)} ms (${input}${times})`;
    }),
    ...(x.reference
      ? [
          `1 MB of ordinary text (W1's prose and logs), the same way: secrets ${x.reference.secrets.toFixed(1)} ms, Unicode ${x.reference.unicode.toFixed(1)} ms`,
        ]
      : []),
  ]);
  /** CPU per call of each process in the 8-caller runs: on two cores their sum is what bounds the rate. */
  const cpuLines = (cpu) => [
    'CPU per call with 8 callers (us; client + relay + server = total):',
    ...Object.entries(cpu).map(([side, c]) => {
      const parts = [c.client, c.relay ?? 0, c.server];
      const total = parts.reduce((a, b) => a + b, 0);
      return `  ${side.padEnd(9)} ${parts.map((v) => v.toFixed(0)).join(' + ')} = ${total.toFixed(0)}`;
    }),
  ];
  show('Proxy: tools/call echo, ~2 KB message, stdio server-everything', raw.proxy, (x) => [
    `${x.calls} sequential calls each way; direct median ${x.direct.median.toFixed(3)} ms, p99 ${x.direct.p99.toFixed(3)} ms`,
    `through the proxy median ${x.proxied.median.toFixed(3)} ms, p99 ${x.proxied.p99.toFixed(3)} ms`,
    `added: median ${x.addedMedianMs.toFixed(3)} ms, p99 ${x.addedP99Ms.toFixed(3)} ms`,
    ...(x.rawFloorAddedMedianMs !== undefined
      ? [
          `added by a relay that forwards lines unparsed (relay-floor.mjs --raw), interleaved with both: median ${x.rawFloorAddedMedianMs.toFixed(3)} ms, p99 ${x.rawFloorAddedP99Ms.toFixed(3)} ms`,
        ]
      : []),
    `${x.concurrency} concurrent callers: direct ${x.throughput.direct.map((v) => v.toFixed(0)).join(', ')} calls/s; proxied ${x.throughput.proxied.map((v) => v.toFixed(0)).join(', ')} calls/s; ratio ${x.throughputRatio.toFixed(2)}`,
    ...(x.throughput.floor
      ? [
          `a relay that only parses and re-serializes (bench/relay-floor.mjs): ${x.throughput.floor.map((v) => v.toFixed(0)).join(', ')} calls/s; ratio ${x.floorRatio.toFixed(2)}`,
        ]
      : []),
    ...(x.throughput.rawFloor
      ? [
          `a relay that forwards lines unparsed (relay-floor.mjs --raw): ${x.throughput.rawFloor.map((v) => v.toFixed(0)).join(', ')} calls/s; ratio ${x.rawFloorRatio.toFixed(2)}`,
        ]
      : []),
    ...(x.cpuPerCall ? cpuLines(x.cpuPerCall) : []),
  ]);
  show('Long-running: W4 sanitize calls in one process, heap after full GC', raw.longrun, (x) => [
    `${x.calls} calls: heap ${x.heapBeforeMB.toFixed(2)} MB before, ${x.heapAfterMB.toFixed(2)} MB after (growth ${x.growthMB.toFixed(2)} MB)`,
  ]);
}

async function main() {
  const started = Date.now();
  const raw = {
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      date: new Date().toISOString(),
      quick,
      rounds,
    },
    throughput: {},
  };
  console.log(
    `mcp-airlock bench — ${raw.machine.nproc} cores (${raw.machine.cpu}), node ${raw.machine.node}, ${raw.machine.date}${quick ? ', --quick' : ''}, ${rounds} round${rounds > 1 ? 's' : ''}`,
  );
  if (wants('throughput')) await throughput(raw);
  if (wants('redos')) {
    process.stderr.write('  ReDoS inputs...\n');
    raw.redos = await child('redos.mjs', quick ? ['--quick'] : [], { gc: false, timeout: 900_000 });
  }
  if (wants('proxy')) {
    process.stderr.write('  proxy latency...\n');
    raw.proxy = await child('proxy.mjs', ['--calls', quick ? '500' : '2000'], { gc: false });
  }
  if (wants('longrun')) {
    process.stderr.write('  long-running check...\n');
    raw.longrun = await child('longrun.mjs', []);
  }
  if (wants('throughput')) printThroughput(raw);
  printOthers(raw);
  raw.ratios = ratios(raw);
  printRatios(raw.ratios);
  raw.seconds = (Date.now() - started) / 1000;
  console.log(`\n${raw.seconds.toFixed(0)} s in all`);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(raw, null, 2)}\n`);
}

await main();
