/**
 * The compaction's worker as `npm start` runs it: an entry of its own beside main.mjs in the server bundle
 * (server-bundle.mjs), where the store looks for it. It must be there, and write what foldStoreFiles writes.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { storeFiles } from '../../adapters/persistence/lowdb/store-files.ts';
import { documentSlices } from '../../adapters/persistence/lowdb/document-slices.ts';
import { foldStoreFiles } from '../../adapters/persistence/lowdb/fold-store-files.ts';
import { journalLine } from '../../adapters/persistence/lowdb/store-records.ts';
import type { FoldMessage } from '../../adapters/persistence/lowdb/store-fold-worker.ts';
import { numberedTask, numberedUser, scratchStorePaths } from '../support/task-fixtures.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const freshPath = scratchStorePaths('taskcast-fold-bundle-');

test("the server bundle's fold worker writes the snapshot foldStoreFiles writes", async () => {
  await promisify(execFile)(process.execPath, [join(ROOT, 'bootstrap/server/start.mjs'), '--build-only'], {
    cwd: ROOT,
  });
  const { digest } = JSON.parse(readFileSync(join(ROOT, '.build', 'manifest.json'), 'utf8')) as { digest: string };
  const worker = join(ROOT, '.build', digest, 'store-fold-worker.mjs');
  assert.ok(existsSync(worker), `${worker} is beside main.mjs`);

  // A store as a compaction leaves it: a snapshot with a user, and a journal moved aside with three tasks.
  const u = numberedUser(1);
  const [bundled, inThread] = [freshPath(), freshPath()].map((path) => {
    const files = storeFiles(path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(files.snapshot, [...documentSlices({ format: 'taskcast-tasks/1', users: [u], tasks: [] })].join(''));
    writeFileSync(
      files.compacting,
      [1, 2, 3].map((i) => `${journalLine({ kind: 'task', task: numberedTask(i, u.id) })}\n`).join(''),
    );
    return files;
  }) as [ReturnType<typeof storeFiles>, ReturnType<typeof storeFiles>];

  const running = new Worker(worker, { workerData: bundled });
  const [message] = (await once(running, 'message')) as [FoldMessage];
  await running.terminate();
  assert.deepEqual(message, { ok: true, tasks: 3, users: 1 });

  await foldStoreFiles(inThread);
  assert.equal(readFileSync(bundled.snapshot, 'utf8'), readFileSync(inThread.snapshot, 'utf8'));
});
