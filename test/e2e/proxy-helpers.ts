/**
 * @module test/e2e/proxy-helpers
 * Shared bits of the proxy end-to-end tests: paths of the built CLI and the real servers, a build of dist/
 * when it is older than src/ (under a lock, since test files run in parallel), and a free loopback port.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MAIN = `${ROOT}dist/cli/main.js`;
export const EVERYTHING = `${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
export const FILESYSTEM = `${ROOT}node_modules/@modelcontextprotocol/server-filesystem/dist/index.js`;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function distIsFresh(): boolean {
  try {
    return statSync(MAIN).mtimeMs >= newestMtime(join(ROOT, 'src'));
  } catch {
    return false;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds dist/ unless it is newer than src/. Type errors elsewhere in the tree do not block tsc's emit. */
export function buildOnce(): void {
  const lock = join(ROOT, 'node_modules', '.airlock-e2e-build.lock');
  for (let waited = 0; ; waited += 100) {
    if (distIsFresh()) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; a lock older than two minutes is stale.
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true });
      sleep(100);
    }
  }
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // tsc exits non-zero on type errors but still emits; the tests fail loudly if dist/ is unusable.
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
