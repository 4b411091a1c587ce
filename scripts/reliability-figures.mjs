/**
 * @module scripts/reliability-figures
 * Prints the memory figures quoted in docs/reliability.md: retained heap before and after 20,000 calls of the
 * airlock and of the proxy relay, each between two full collections. Run after a build:
 *   npm run build && node --expose-gc scripts/reliability-figures.mjs
 */
import { createAirlock } from '../dist/index.js';
import { createLogger } from '../dist/proxy/log.js';
import { createRelay } from '../dist/proxy/relay.js';

if (typeof globalThis.gc !== 'function') {
  process.stderr.write('run with node --expose-gc\n');
  process.exit(2);
}
const CALLS = 20_000;
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const secret = `ghp_${'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5'}`;
const result = (i) => ({
  content: [
    {
      type: 'text',
      text: `row ${i} \u202Eevil\u202C \u001b[31mred\u001b[0m token ${secret} ${'lorem ipsum '.repeat(120)}`,
    },
    { type: 'resource_link', uri: `file:///notes/${i}.txt`, name: `note ${i}` },
  ],
  structuredContent: {
    id: i,
    title: `title\u200B${i}`,
    tags: ['a', 'b', 'c'],
    body: 'dolor sit amet '.repeat(20),
  },
});

function run(name, step) {
  for (let i = 0; i < 1000; i++) step(i);
  const before = heap();
  for (let i = 0; i < CALLS; i++) step(i);
  const after = heap();
  const mb = (n) => (n / 1024 / 1024).toFixed(2);
  process.stdout.write(
    `${name}: ${CALLS} calls, heap ${mb(before)} MB → ${mb(after)} MB (${mb(after - before)} MB)\n`,
  );
}

const airlock = createAirlock();
let leaks = 0;
run('sanitizeToolResult', (i) => {
  const out = airlock.sanitizeToolResult(result(i), { toolName: 'search', serverName: 'web' });
  if (JSON.stringify(out.sanitizedResult).includes(secret)) leaks++;
});

let sent = 0;
let answered = 0;
const relay = createRelay(
  { airlock, serverName: 'web', log: createLogger('silent') },
  {
    toClient: (text) => {
      answered++;
      if (text.includes(secret) || text.includes('\u202E')) leaks++;
    },
    toServer: () => {},
  },
);
run('relay', (i) => {
  sent++;
  const id = `req-${i}-${sent}`;
  relay.fromClient(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search' } }));
  relay.fromServer(JSON.stringify({ jsonrpc: '2.0', id, result: result(i) }));
});
process.stdout.write(
  `relay: sent ${sent}, answered ${answered}, pending ${relay.pendingCount}, leaks ${leaks}\n`,
);
