/**
 * `npm start` in a checkout installed without its development dependencies (`npm ci --omit=dev`): esbuild is
 * one of them since the published package ships its bundles built, and the launcher must name the fix.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs module of the launcher (no types); its functions are exercised here
import { ESBUILD_MISSING, loadEsbuild } from '../../../bootstrap/server/load-esbuild.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

test('without the esbuild package, the launcher gets nothing to bundle with and names the command', () => {
  // The module alone in a folder with no node_modules above it: Node resolves `esbuild` as in such a checkout.
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-no-esbuild-'));
  try {
    copyFileSync(join(root, 'bootstrap', 'server', 'load-esbuild.mjs'), join(dir, 'load-esbuild.mjs'));
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { loadEsbuild, ESBUILD_MISSING } = await import('./load-esbuild.mjs');
         console.log(await loadEsbuild() === undefined, ESBUILD_MISSING);`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 30_000 },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim(), `true ${ESBUILD_MISSING}`);
    assert.match(ESBUILD_MISSING, /esbuild.*npm ci$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('with esbuild installed, the launcher gets its build function', async () => {
  const esbuild = (await loadEsbuild()) as { buildSync?: unknown } | undefined;
  assert.equal(typeof esbuild?.buildSync, 'function');
});

test("another package's failure is not taken for esbuild's absence", async () => {
  const broken = Object.assign(new Error("Cannot find package '@esbuild/linux-x64'"), { code: 'ERR_MODULE_NOT_FOUND' });
  await assert.rejects(
    loadEsbuild(() => Promise.reject(broken)),
    (error) => error === broken,
  );
});
