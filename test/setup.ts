/**
 * Property tests run from a fixed seed in `npm test`, so that a failure is reproducible and CI does not flake;
 * `npm run fuzz` sets FUZZ_SEED=random and a million runs to look further. A failing case prints its seed and
 * path: rerun with FUZZ_SEED=<seed> to replay it.
 */
import fc from 'fast-check';

const seed = process.env.FUZZ_SEED ?? '20261202';
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) });
