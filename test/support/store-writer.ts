/**
 * A child process for crash tests: opens the lowdb store at argv[2] with a small compaction threshold and
 * writes tasks as fast as it can, printing `ack <id>` for each acknowledged one and `compacted` after each
 * compaction, until it is killed.
 */
import { randomUUID } from 'node:crypto';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { foldStoreFiles } from '../../adapters/persistence/lowdb/fold-store-files.ts';
import { pendingTask } from './task-fixtures.ts';

const [, , dbPath, userId, compactAfter] = process.argv;
if (dbPath === undefined || userId === undefined)
  throw new Error('usage: store-writer <dbPath> <userId> [compactAfterBytes]');
const store = await openLowdbTaskStore(dbPath, {
  compactAfterBytes: Number(compactAfter ?? 65_536),
  // The fold on this thread, as the worker would run it: the files a kill leaves are the same, and a worker
  // started through tsx takes a second or more, in which the journal outgrew the test's rounds.
  foldFiles: foldStoreFiles,
  log: (message) => {
    if (/compacted/.test(message)) process.stdout.write('compacted\n');
  },
});
await store.users.addIfEmailFree({ id: userId, name: 'Writer', email: `${userId}@example.com`, passwordHash: 'h' });
process.stdout.write('ready\n');
for (;;) {
  const batch = Array.from({ length: 64 }, () =>
    pendingTask({ id: randomUUID(), user_id: userId, title: `written by ${process.pid} ${'x'.repeat(100)}` }),
  );
  await Promise.all(
    batch.map(async (task) => {
      await store.tasks.add(task);
      process.stdout.write(`ack ${task.id}\n`);
    }),
  );
}
