/**
 * @module test/e2e/proxy-helpers
 * Shared bits of the proxy end-to-end tests: paths of the built CLI and the real servers, a one-time build,
 * and a free loopback port.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MAIN = `${ROOT}dist/cli/main.js`;
export const EVERYTHING = `${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
export const FILESYSTEM = `${ROOT}node_modules/@modelcontextprotocol/server-filesystem/dist/index.js`;

let built = false;
/** Builds dist/ once per test process (type errors elsewhere in the tree do not block the emit). */
export function buildOnce(): void {
  if (built) return;
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // tsc exits non-zero on type errors but still emits; the tests fail loudly if dist/ is unusable.
  }
  built = true;
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
