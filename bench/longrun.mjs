/**
 * @module bench/longrun
 * The long-running check: 20,000 sanitize calls of W4 in one process, with a full GC before and after, so any
 * per-call state the airlock keeps shows as retained heap. Prints `RESULT {json}`.
 *   node --expose-gc bench/longrun.mjs [--calls 20000]
 */
import { loadAirlock, makeSanitize } from './airlock.mjs';
import { makeW4 } from './workloads.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const i = process.argv.indexOf('--calls');
const calls = i === -1 ? 20_000 : Number(process.argv[i + 1]);

const loaded = await loadAirlock();
if (loaded.missing) {
  console.log(`RESULT ${JSON.stringify({ skip: loaded.missing })}`);
} else {
  // Default options here: this is what a long-lived hook or proxy runs.
  const sanitize = makeSanitize(loaded.mod, {});
  const { result } = makeW4();
  for (let n = 0; n < 200; n++) sanitize(result);
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    return process.memoryUsage().heapUsed / 1e6;
  };
  const before = heap();
  let sink = 0;
  for (let n = 0; n < calls; n++) sink += sanitize(result) ? 1 : 0;
  const after = heap();
  console.log(
    `RESULT ${JSON.stringify({ calls, sink, heapBeforeMB: before, heapAfterMB: after, growthMB: after - before })}`,
  );
}
