/**
 * @module test/scratch-dir
 * A temporary directory for one test file. It is made when the file's tests start and removed when they end,
 * not at import: vitest runs no hooks in a file whose tests a `-t` filter skips, so a directory made at import
 * would be left behind in /tmp.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * Returns the directory's path (with symlinks resolved, as servers that check paths see it) and registers the
 * hooks that make it, write `files` into it, and remove it. Call it before the hooks that use the directory.
 */
export function scratchDir(name: string, files: Record<string, string> = {}): string {
  const dir = join(realpathSync(tmpdir()), `airlock-${name}-${randomBytes(6).toString('hex')}`);
  beforeAll(() => {
    mkdirSync(dir);
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
