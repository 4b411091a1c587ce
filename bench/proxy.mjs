/**
 * @module bench/proxy
 * Proxy latency: the same stdio server (server-everything), once directly and once behind
 * `node dist/cli/main.js -- node <server> stdio`, driven by an SDK Client. Sequential `tools/call` of `echo`
 * with a ~2 KB message, interleaved in blocks so machine noise hits every side alike (and through a relay
 * that forwards lines unparsed, for what the hop alone adds); then 8 concurrent
 * callers for a throughput ratio, also through `relay-floor.mjs` (a relay that only parses and re-serializes,
 * and one that only forwards lines), which show what a third process on the same cores costs before any
 * sanitizing. Prints `RESULT {json}`.
 *   node bench/proxy.mjs [--calls 2000]
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { CLI } from './airlock.mjs';
import { makeW4 } from './workloads.mjs';

const FLOOR = fileURLToPath(new URL('./relay-floor.mjs', import.meta.url));
const SERVER = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const BLOCK = 100;
const CONCURRENCY = 8;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function connect(args) {
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' });
  const client = new Client({ name: 'airlock-bench', version: '0.0.0' });
  client.pid = () => transport.pid;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('initialize timed out after 15 s')), 15_000);
  });
  try {
    await Promise.race([client.connect(transport), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return client;
}

function caller(client, message) {
  const params = { name: 'echo', arguments: { message } };
  return () => client.request({ method: 'tools/call', params }, ResultSchema);
}

async function sequential(call, n, into) {
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call();
    into.push(performance.now() - start);
  }
}

/** CPU time (user + system) of a process, in microseconds; undefined where /proc cannot be read. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The process the client started and, behind a relay, the server that relay started. */
function processes(client) {
  const first = client.pid();
  let children = [];
  try {
    children = readFileSync(`/proc/${first}/task/${first}/children`, 'utf8').trim().split(/\s+/);
  } catch {}
  return children[0] ? { relay: first, server: Number(children[0]) } : { server: first };
}

/** Linux reports CPU time in clock ticks, 100 a second on every architecture Node runs on here. */
const CLOCK_TICKS = 100;

/**
 * Calls a second from 8 callers, and the CPU each process spent per call (microseconds): the client (this
 * process), the relay if there is one, the server. On two cores the sum bounds the rate, so the difference a
 * relay makes can be read as CPU it adds, and what it adds as what it costs the others.
 */
async function concurrent(client, call, total) {
  const pids = processes(client);
  const before = { client: process.cpuUsage() };
  for (const [name, pid] of Object.entries(pids)) before[name] = cpuMicros(pid);
  const start = performance.now();
  const per = Math.ceil(total / CONCURRENCY);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < per; i++) await call();
    }),
  );
  const elapsed = performance.now() - start;
  const calls = per * CONCURRENCY;
  const used = process.cpuUsage(before.client);
  const cpu = { client: (used.user + used.system) / calls };
  for (const [name, pid] of Object.entries(pids)) {
    const now = cpuMicros(pid);
    if (now !== undefined && before[name] !== undefined) cpu[name] = (now - before[name]) / calls;
  }
  return { rate: (calls * 1000) / elapsed, cpu };
}

async function main() {
  const i = process.argv.indexOf('--calls');
  const calls = i === -1 ? 2000 : Number(process.argv[i + 1]);
  if (!existsSync(CLI)) {
    console.log(`RESULT ${JSON.stringify({ skip: 'dist/cli/main.js not built yet' })}`);
    return;
  }
  const message = makeW4().result.content[0].text.slice(0, 2000);
  const direct = await connect([SERVER, 'stdio']);
  let proxied;
  try {
    proxied = await connect([CLI, '--', process.execPath, SERVER, 'stdio']);
    await caller(proxied, message)();
  } catch (error) {
    await direct.close();
    console.log(
      `RESULT ${JSON.stringify({ skip: `proxy mode not working yet: ${error?.message ?? error}` })}`,
    );
    return;
  }
  const floor = await connect([FLOOR, process.execPath, SERVER, 'stdio']);
  const rawFloor = await connect([FLOOR, '--raw', process.execPath, SERVER, 'stdio']);
  const callDirect = caller(direct, message);
  const callProxied = caller(proxied, message);
  const callFloor = caller(floor, message);
  const callRawFloor = caller(rawFloor, message);
  await sequential(callFloor, 200, []);
  await sequential(callRawFloor, 200, []);
  await sequential(callDirect, 200, []);
  await sequential(callProxied, 200, []);
  const a = [];
  const b = [];
  const c = [];
  for (let done = 0; done < calls; done += BLOCK) {
    await sequential(callDirect, BLOCK, a);
    await sequential(callProxied, BLOCK, b);
    await sequential(callRawFloor, BLOCK, c);
  }
  const rates = { direct: [], proxied: [], floor: [], rawFloor: [] };
  const cpu = { direct: [], proxied: [], floor: [], rawFloor: [] };
  const sides = { direct: [direct, callDirect], proxied: [proxied, callProxied] };
  Object.assign(sides, { floor: [floor, callFloor], rawFloor: [rawFloor, callRawFloor] });
  for (let round = 0; round < 2; round++) {
    for (const [name, [client, call]] of Object.entries(sides)) {
      const { rate, cpu: used } = await concurrent(client, call, calls);
      rates[name].push(rate);
      cpu[name].push(used);
    }
  }
  await Promise.all([direct, proxied, floor, rawFloor].map((client) => client.close()));
  const sum = (xs) => xs.reduce((x, y) => x + y, 0);
  const mean = (rounds) => {
    const out = {};
    for (const key of Object.keys(rounds[0])) out[key] = sum(rounds.map((r) => r[key] ?? 0)) / rounds.length;
    return out;
  };
  const out = {
    calls: a.length,
    messageChars: message.length,
    direct: { median: quantile(a, 0.5), p99: quantile(a, 0.99) },
    proxied: { median: quantile(b, 0.5), p99: quantile(b, 0.99) },
    addedMedianMs: quantile(b, 0.5) - quantile(a, 0.5),
    addedP99Ms: quantile(b, 0.99) - quantile(a, 0.99),
    // What a third process adds before any work of its own: the relay that forwards lines unparsed.
    rawFloorAddedMedianMs: quantile(c, 0.5) - quantile(a, 0.5),
    rawFloorAddedP99Ms: quantile(c, 0.99) - quantile(a, 0.99),
    concurrency: CONCURRENCY,
    throughput: rates,
    // CPU microseconds per call by process, averaged over the rounds.
    cpuPerCall: Object.fromEntries(Object.entries(cpu).map(([name, rounds]) => [name, mean(rounds)])),
    throughputRatio: sum(rates.proxied) / sum(rates.direct),
    floorRatio: sum(rates.floor) / sum(rates.direct),
    rawFloorRatio: sum(rates.rawFloor) / sum(rates.direct),
  };
  console.log(`RESULT ${JSON.stringify(out)}`);
}

await main();
