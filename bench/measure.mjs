/**
 * @module bench/measure
 * One measurement, in its own process so that no tool warms the JIT or fills the heap for another:
 *   node --expose-gc bench/measure.mjs <tool> <workload> [--runs N] [--warmup N]
 * Prints one line `RESULT {json}`: median and min–max MB/s of input JSON (ops/s for W4), peak RSS, and what the
 * tool found. Run by bench/run.mjs; usable alone when profiling one row (`node --cpu-prof bench/measure.mjs ...`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { airlockFound, loadAirlock, makeSanitize, tenRuleOptions, UNBOUNDED } from './airlock.mjs';
import { median } from './stats.mjs';
import { ensureData, stringLeaves } from './workloads.mjs';

/** Tool name → what it measures. `core` takes the parsed object, `e2e` JSON text in and out. */
export const TOOLS = {
  'parse-stringify': 'floor: JSON.parse + JSON.stringify (e2e)',
  parse: 'floor: JSON.parse only',
  secretlint: 'secretlint 13 lintSource + recommended preset, profiler off (core: text in, detects only)',
  'unified-llm': '@unified-llm/core sanitizeToolCallResult (e2e; truncates text only)',
  'airlock-core': 'airlock core, full default policy, bounds raised',
  'airlock-e2e': 'airlock e2e: parse -> sanitize -> stringify, bounds raised',
  'airlock-core-10rules': 'airlock core with only 10 secret rules on, bounds raised',
};

const gc = globalThis.gc ?? (() => {});

/** Resets the kernel's peak-RSS mark (VmHWM) so the peak excludes workload generation. Linux only. */
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return peakRssKiB() > 0;
  } catch {
    return false;
  }
}
function peakRssKiB() {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : 0;
}
/**
 * Each tool gets its own factory so that its closures keep only what it uses: a core row holds the object, an
 * e2e row only the JSON text, so peak RSS is that tool's own.
 */
function textTool(json, run, found) {
  return { run: () => run(json), found };
}

async function secretlintTool(text) {
  const [{ lintSource }, { creator }, { secretLintProfiler }] = await Promise.all([
    import('@secretlint/core'),
    import('@secretlint/secretlint-rule-preset-recommend'),
    import('@secretlint/profiler'),
  ]);
  // On by default as a library: performance marks would pile up and skew both time and memory.
  secretLintProfiler.setEnabled(false);
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] };
  const source = { filePath: 'payload.txt', content: text, ext: '.txt', contentType: 'text' };
  return {
    run: () => lintSource({ source, options: { config } }),
    found: (out) => {
      const byRule = {};
      for (const m of out.messages) byRule[m.ruleId] = (byRule[m.ruleId] ?? 0) + 1;
      return { secrets: out.messages.length, byRule };
    },
  };
}

async function unifiedTool(json) {
  // Not exported from the package root; load the module file directly.
  const url = new URL('../node_modules/@unified-llm/core/dist/utils/mcp-utils.js', import.meta.url);
  const { sanitizeToolCallResult } = await import(url.href);
  return textTool(
    json,
    (text) => JSON.stringify(sanitizeToolCallResult(JSON.parse(text)).sanitizedResult),
    () => ({ note: 'counts nothing (truncates text, omits binaries)' }),
  );
}

async function airlockTool(tool, take) {
  const loaded = await loadAirlock();
  if (loaded.missing) return { skip: loaded.missing };
  let options = UNBOUNDED;
  let extra = {};
  if (tool === 'airlock-core-10rules') {
    const ten = tenRuleOptions(loaded.mod);
    if (!ten) return { skip: 'dist/index.js does not export listRules() yet' };
    options = ten.options;
    extra = { rulesKept: ten.kept, rulesTotal: ten.total };
  }
  const sanitize = makeSanitize(loaded.mod, options);
  if (tool === 'airlock-e2e') {
    const tool = textTool(
      take('json'),
      (text) => JSON.stringify(sanitize(JSON.parse(text))),
      (out) => airlockFound(JSON.parse(out)),
    );
    return { ...tool, extra };
  }
  const result = take('object');
  return { run: () => sanitize(result), found: airlockFound, extra };
}

/** `{ bytes, truth, run, found?, extra?, skip? }` for a tool; `run` may return a promise (secretlint). */
async function prepare(tool, workload) {
  let text = readFileSync(workload.file, 'utf8');
  const bytes = Buffer.byteLength(text);
  // Hands the payload over in the form the tool takes and drops every other reference to it.
  const take = (form) => {
    const value =
      form === 'json' ? text : form === 'text' ? stringLeaves(JSON.parse(text)) : JSON.parse(text);
    text = null;
    return value;
  };
  const base = { bytes, truth: workload.truth };
  if (tool === 'parse-stringify')
    return { ...base, ...textTool(take('json'), (t) => JSON.stringify(JSON.parse(t))) };
  if (tool === 'parse') return { ...base, ...textTool(take('json'), (t) => JSON.parse(t)) };
  if (tool === 'secretlint') return { ...base, ...(await secretlintTool(take('text'))) };
  if (tool === 'unified-llm') return { ...base, ...(await unifiedTool(take('json'))) };
  if (tool.startsWith('airlock')) return { ...base, ...(await airlockTool(tool, take)) };
  throw new Error(`unknown tool ${tool}; known: ${Object.keys(TOOLS).join(', ')}`);
}

/** Large workloads: one timed call per run. W4: count calls in a fixed time slice per run. */
async function measure(prepared, { runs, warmup, small }) {
  const { run } = prepared;
  const isAsync = run() instanceof Promise;
  const call = isAsync ? run : () => Promise.resolve(run());
  let last;
  if (small) {
    const slice = 250;
    const rates = [];
    for (let i = 0; i < warmup + runs; i++) {
      let n = 0;
      const start = performance.now();
      let now = start;
      while (now - start < slice) {
        for (let j = 0; j < 50; j++) last = isAsync ? await run() : run();
        n += 50;
        now = performance.now();
      }
      if (i >= warmup) rates.push((n * 1000) / (now - start));
    }
    return { unit: 'ops/s', median: median(rates), min: Math.min(...rates), max: Math.max(...rates), last };
  }
  const rates = [];
  for (let i = 0; i < warmup + runs; i++) {
    gc();
    const start = performance.now();
    last = await call();
    const ms = performance.now() - start;
    if (i >= warmup) rates.push(prepared.bytes / 1e6 / (ms / 1000));
  }
  return { unit: 'MB/s', median: median(rates), min: Math.min(...rates), max: Math.max(...rates), last };
}

async function main() {
  const [tool, name, ...rest] = process.argv.slice(2);
  const flag = (key, fallback) => {
    const i = rest.indexOf(key);
    return i === -1 ? fallback : Number(rest[i + 1]);
  };
  const small = name === 'W4';
  const runs = flag('--runs', small ? 7 : 5);
  const warmup = flag('--warmup', 2);
  const workload = ensureData(name);
  const prepared = await prepare(tool, workload);
  const base = { tool, workload: name, description: TOOLS[tool] };
  if (prepared.skip) {
    console.log(`RESULT ${JSON.stringify({ ...base, skip: prepared.skip })}`);
    return;
  }
  gc();
  const rssBeforeMB = process.memoryUsage().rss / 1e6;
  const resetPeak = resetPeakRss();
  const { last, ...timing } = await measure(prepared, { runs, warmup, small });
  const found = prepared.found ? prepared.found(last) : undefined;
  // Peak while measuring (input held + runtime + outputs), not while generating the workload, where Linux lets
  // the high-water mark be reset; otherwise the process's lifetime maxRSS. MB = 1e6 bytes, like the input size.
  const lifetimeMaxRssMB = (process.resourceUsage().maxRSS * 1024) / 1e6;
  const maxRssMB = resetPeak ? (peakRssKiB() * 1024) / 1e6 : lifetimeMaxRssMB;
  const out = {
    ...base,
    ...timing,
    runs,
    warmup,
    inputMB: prepared.bytes / 1e6,
    rssBeforeMB,
    maxRssMB,
    lifetimeMaxRssMB,
    peakSince: resetPeak ? 'setup' : 'process start',
    truth: prepared.truth,
    found,
    ...prepared.extra,
  };
  console.log(`RESULT ${JSON.stringify(out)}`);
}

await main();
