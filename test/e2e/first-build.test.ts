/**
 * `npm start` in a fresh clone: the first build must leave its manifest, so that the next start reuses the
 * bundle rather than building again. Making `.build/`, and the store's `data/` at the first start, changes the
 * project folder's mtime: while the manifest stamped that folder, the first build wrote no manifest (a stamp
 * newer than the build's start) and the start after the one that made `data/` built again.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TREE = ['domain', 'application', 'adapters', 'bootstrap', 'package.json', 'tsconfig.json'];

test("a fresh tree's first build leaves the manifest that lets the next start reuse it", async (t) => {
  const clone = mkdtempSync(join(tmpdir(), 'taskcast-first-build-'));
  t.after(() => rmSync(clone, { recursive: true, force: true }));
  for (const path of TREE) cpSync(join(ROOT, path), join(clone, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
  const build = async (): Promise<string> =>
    (
      await promisify(execFile)(process.execPath, [join(clone, 'bootstrap/server/start.mjs'), '--build-only'], {
        cwd: clone,
      })
    ).stdout;

  assert.match(await build(), /^built \.build\/[0-9a-f]{16}\n$/);
  const manifest = join(clone, '.build', 'manifest.json');
  assert.ok(existsSync(manifest), 'the first build wrote .build/manifest.json');
  const { digest } = JSON.parse(readFileSync(manifest, 'utf8')) as { digest: string };
  assert.ok(existsSync(join(clone, '.build', digest, 'main.mjs')));
  mkdirSync(join(clone, 'data')); // as the first start's store does
  assert.equal(await build(), `reused .build/${digest}\n`, 'the second start reused the bundle');
});
