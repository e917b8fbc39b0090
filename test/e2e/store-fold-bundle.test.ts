/**
 * The compaction's worker as `npm start` runs it: an entry of its own beside main.mjs in the server bundle
 * (server-bundle.mjs), where the store looks for it. It must be there, and write what foldStoreFiles writes.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { storeFiles } from '../../adapters/persistence/lowdb/store-files.ts';
import { documentSlices } from '../../adapters/persistence/lowdb/document-slices.ts';
import { foldStoreFiles } from '../../adapters/persistence/lowdb/fold-store-files.ts';
import { journalLine } from '../../adapters/persistence/lowdb/store-records.ts';
import { FoldThread } from '../../adapters/persistence/lowdb/fold-in-worker.ts';
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
  const aStore = (tasks: number[]) => {
    const path = freshPath();
    const files = storeFiles(path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(files.snapshot, [...documentSlices({ format: 'taskcast-tasks/1', users: [u], tasks: [] })].join(''));
    writeFileSync(
      files.compacting,
      tasks.map((i) => `${journalLine({ kind: 'task', task: numberedTask(i, u.id) })}\n`).join(''),
    );
    return files;
  };
  const [bundled, inThread] = [aStore([1, 2, 3]), aStore([1, 2, 3])];

  // The store's FoldThread, as the bundle's main module holds it: the worker is found beside it.
  const thread = new FoldThread(pathToFileURL(join(dirname(worker), 'main.mjs')).href);
  try {
    assert.deepEqual(await thread.fold(bundled), { tasks: 3, users: 1 });
    await foldStoreFiles(inThread);
    assert.equal(readFileSync(bundled.snapshot, 'utf8'), readFileSync(inThread.snapshot, 'utf8'));

    // The thread is kept: the next fold is answered by it, each with its own figures, and a failed one
    // (no snapshot) is reported without ending it.
    assert.deepEqual(await thread.fold(aStore([4, 5])), { tasks: 2, users: 1 });
    const orphan = aStore([6]);
    rmSync(orphan.snapshot);
    await assert.rejects(thread.fold(orphan), /snapshot .* is missing/);
    assert.deepEqual(await thread.fold(aStore([7])), { tasks: 1, users: 1 });
  } finally {
    await thread.close();
  }
  // Closed, it starts another thread if asked again.
  assert.deepEqual(await thread.fold(aStore([8, 9])), { tasks: 2, users: 1 });
  await thread.close();
});
