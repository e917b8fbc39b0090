/**
 * `npm start` in a fresh clone: the first build must leave its manifest, so that the next start reuses the
 * bundle rather than building again. Making `.build/`, and the store's `data/` at the first start, changes the
 * project folder's mtime: while the manifest stamped that folder, the first build wrote no manifest (a stamp
 * newer than the build's start) and the start after the one that made `data/` built again.
 *
 * And the server a first start runs after its build must be as quick as any later one: built with esbuild's
 * asynchronous API in the same process, it ran with Node's process.nextTick optimised into code about four
 * times slower for its whole life (docs/benchmarks.md, "A first start's build").
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, type TestContext } from 'node:test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TREE = ['domain', 'application', 'adapters', 'bootstrap', 'package.json', 'tsconfig.json'];

/** A copy of the project's sources with no `.build/`, removed after the test. */
function freshTree(t: TestContext): string {
  const clone = mkdtempSync(join(tmpdir(), 'taskcast-first-build-'));
  t.after(() => rmSync(clone, { recursive: true, force: true }));
  for (const path of TREE) cpSync(join(ROOT, path), join(clone, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
  return clone;
}

test("a fresh tree's first build leaves the manifest that lets the next start reuse it", async (t) => {
  const clone = freshTree(t);
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

/**
 * `npm start` in `clone` with the tick probe (test/fixtures/tick-chain-probe.mjs) loaded: the least time, in ms,
 * of its chains of 300,000 nextTicks once the server listens. The server is stopped after.
 */
async function tickChainMs(clone: string, dataDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', join(ROOT, 'test/fixtures/tick-chain-probe.mjs'), join(clone, 'bootstrap/server/start.mjs')],
    {
      cwd: clone,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DB_PATH: join(dataDir, 'tasks.db'),
        JWT_SECRET: 'first-build-test-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('close', resolve));
  let stderr = '';
  try {
    return await new Promise<number>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const ms = /^TICKS (\d+(?:\.\d+)?)$/m.exec(stderr)?.[1];
        if (ms !== undefined) resolve(Number(ms));
      });
      child.once('close', (code) => reject(new Error(`the server ended (${code}) before the probe spoke:\n${stderr}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

test('the server a first start runs after its build is as quick as one that reused the build', async (t) => {
  const clone = freshTree(t);
  const built = await tickChainMs(clone, join(clone, 'data-built'));
  assert.ok(existsSync(join(clone, '.build', 'manifest.json')), 'the first start built the bundle');
  const reused = await tickChainMs(clone, join(clone, 'data-reused'));
  // About 44 ms against 10 with the asynchronous build; the same within noise since.
  assert.ok(
    built < 2 * reused + 5,
    `300,000 nextTicks took ${built} ms in the server that built its bundle, ${reused} ms in one that reused it`,
  );
});
