import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { until } from '../../support/until.ts';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import { createTaskcast } from '../../../bootstrap/entry/library.ts';
import { journalRecords } from '../../support/journal-records.ts';
import {
  numberedTask as task,
  numberedUser as user,
  scratchStorePaths,
  lowdbStoreWithUser,
} from '../../support/task-fixtures.ts';

const storePath = scratchStorePaths('taskcast-store-');
const freshPath = () => storePath('nested');
const lockSockets = (path: string) =>
  readdirSync(dirname(path)).filter((name) => name.startsWith(`${basename(path)}.lock.`));

/** Leaves a socket at `path` as a process killed with SIGKILL does: bound, listening, then dead. */
async function listenAndDie(path: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

describe('lowdb task store', () => {
  test('creates missing folders and an empty snapshot, and reopens what was written', async () => {
    const path = freshPath();
    const store = await openLowdbTaskStore(path);
    assert.ok(existsSync(path));
    const u = user(1);
    assert.equal(await store.users.addIfEmailFree(u), true);
    await Promise.all([1, 2, 3].map((i) => store.tasks.add(task(i, u.id))));
    await store.tasks.updateOwned(u.id, task(2, u.id).id, (t) => ({ ...t, title: 'changed' }));
    await store.tasks.removeOwned(u.id, task(1, u.id).id);
    await store.close();

    const again = await openLowdbTaskStore(path);
    assert.deepEqual(
      (await again.tasks.listOwned(u.id, {})).map((t) => t.title),
      ['t3', 'changed'],
    );
    assert.equal((await again.users.findByEmail('u1@x.io'))?.name, 'U1');
    await again.close();
  });

  test("the library's close() folds the journal into DB_PATH and removes the journal", async () => {
    const path = freshPath();
    const taskcast = await createTaskcast({ storage: 'lowdb', dbPath: path, bcryptCost: 4 });
    const { user } = await taskcast.tasks.signUp.execute({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    const created = await taskcast.tasks.createTask.execute(user.id, { title: 'folded at close' });
    assert.ok(readFileSync(`${path}.journal`, 'utf8').includes(created.id), 'while open, the change is in the journal');
    await taskcast.close();
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { users: { email: string }[]; tasks: Task[] };
    assert.deepEqual(
      stored.users.map((u) => u.email),
      ['ada@example.com'],
    );
    assert.deepEqual(stored.tasks, [created]);
    assert.equal(existsSync(`${path}.journal`), false);
  });

  test("the library's journalDepth lets group commits overlap and keeps every change; a depth out of range is refused", async () => {
    const path = freshPath();
    await assert.rejects(
      createTaskcast({ storage: 'lowdb', dbPath: path, journalDepth: 0 }),
      /journalDepth must be a whole number from 1 to 64 \(got 0\)/,
    );
    await assert.rejects(createTaskcast({ storage: 'lowdb', dbPath: path, journalDepth: 1.5 }), /journalDepth/);
    let batches = 0;
    const taskcast = await createTaskcast({
      storage: 'lowdb',
      dbPath: path,
      bcryptCost: 4,
      journalDepth: 4,
      onStoreBatch: () => batches++,
    });
    const { user } = await taskcast.tasks.signUp.execute({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    const creating: Promise<unknown>[] = [];
    for (let i = 0; i < 120; i++) {
      creating.push(taskcast.tasks.createTask.execute(user.id, { title: `task ${i}` }));
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(creating);
    assert.ok(batches > 1, `${batches} batches`);
    await taskcast.close();
    const again = await createTaskcast({ storage: 'lowdb', dbPath: path, bcryptCost: 4 });
    const listed = await again.tasks.listTasks.execute(user.id, {});
    assert.equal(listed.length, 120);
    await again.close();
  });

  test('close() waits for writes in flight, folds them into DB_PATH, and refuses writes after it', async () => {
    const path = freshPath();
    const { store, u } = await lowdbStoreWithUser(path);
    const inFlight = Promise.all([1, 2, 3].map((i) => store.tasks.add(task(i, u.id))));
    const closing = store.close();
    await assert.rejects(store.tasks.add(task(4, u.id)), /closed/);
    await inFlight;
    await closing;
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { tasks: Task[] };
    assert.deepEqual(
      stored.tasks.map((t) => t.title),
      ['t1', 't2', 't3'],
    );
    assert.equal(existsSync(`${path}.journal`), false);
  });

  test('a write is in the journal before its promise resolves (what kill -9 leaves behind)', async () => {
    const path = freshPath();
    const { store, u } = await lowdbStoreWithUser(path);
    await store.tasks.add(task(7, u.id));
    const journal = readFileSync(`${path}.journal`, 'utf8');
    assert.match(journal, /10000000-0000-4000-8000-000000000007/);
    await store.close();
  });

  test('concurrent writes share group commits', async () => {
    const path = freshPath();
    const { store, u } = await lowdbStoreWithUser(path);
    await Promise.all(Array.from({ length: 500 }, (_, i) => store.tasks.add(task(i, u.id))));
    assert.equal((await store.tasks.listOwned(u.id, {})).length, 500);
    const lines = journalRecords(`${path}.journal`).trim().split('\n');
    assert.equal(lines.length, 501);
    await store.close();
  });

  test('compacts the journal into the snapshot once it outgrows it', async () => {
    const path = freshPath();
    const logs: string[] = [];
    const { store, u } = await lowdbStoreWithUser(path, { compactAfterBytes: 10_000, log: (m) => logs.push(m) });
    for (let i = 0; i < 200; i++) await store.tasks.add(task(i, u.id));
    // The fold runs in a worker thread (started through tsx here, which takes a second or so). The journal can
    // outgrow the new snapshot again before the last write, so a second fold may still be running when the
    // first one logs: the files are read once none is (a fold starts only before a write's batch).
    await until(
      () => logs.some((m) => /compacted \d+ tasks/.test(m)) && !existsSync(`${path}.journal.compacting`),
      'the compactions to finish',
      30_000,
    );
    // What was moved out of the journal is in the snapshot, and the two together hold every task once.
    const snapshot = JSON.parse(readFileSync(path, 'utf8')) as { tasks: unknown[] };
    const journalled = journalRecords(`${path}.journal`)
      .split('\n')
      .filter((line) => line.startsWith('{"kind":"task"'));
    assert.ok(snapshot.tasks.length >= 10, `snapshot holds compacted tasks (${snapshot.tasks.length})`);
    assert.equal(snapshot.tasks.length + journalled.length, 200);
    await store.close();
    const again = await openLowdbTaskStore(path);
    assert.equal((await again.tasks.listOwned(u.id, {})).length, 200);
    await again.close();
  });

  test('a torn last journal line is dropped; earlier lines are replayed', async () => {
    const path = freshPath();
    const { store, u } = await lowdbStoreWithUser(path);
    await store.close();
    // What a crash leaves: a journal of acknowledged lines, and the start of one that was never acknowledged.
    writeFileSync(
      `${path}.journal`,
      `${JSON.stringify({ kind: 'task', task: task(1, u.id) })}\n{"kind":"task","task":{"id":"torn`,
    );
    const again = await openLowdbTaskStore(path);
    assert.equal((await again.tasks.listOwned(u.id, {})).length, 1);
    assert.equal(journalRecords(`${path}.journal`), '', 'replayed journal folded into the snapshot');
    await again.close();
  });

  test('a corrupt snapshot stops the open, names the file and leaves it untouched', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(path, '{"users": [oops');
    const error = await openLowdbTaskStore(path).catch((e: unknown) => e);
    assert.ok(error instanceof StoreOpenError);
    assert.match(error.message, new RegExp(path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.equal(readFileSync(path, 'utf8'), '{"users": [oops');
    assert.deepEqual(lockSockets(path), [], 'lock released after a failed open');
  });

  test('a damaged line in the middle of the journal stops the open', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(`${path}.journal`, 'garbage\n{"kind":"delete-task","id":"x"}\n');
    await assert.rejects(openLowdbTaskStore(path), /damaged at line 1/);
  });

  test('a second open of the same path is refused while the first holds it, naming the holder', async () => {
    const path = freshPath();
    const first = await openLowdbTaskStore(path);
    await assert.rejects(
      openLowdbTaskStore(path),
      new RegExp(`in use by another Taskcast process \\(pid ${process.pid}`),
    );
    await first.close();
    assert.deepEqual(lockSockets(path), [], 'a clean close removes the lock socket');
    await (await openLowdbTaskStore(path)).close();
  });

  test('the lock of a process killed with SIGKILL is taken over, whatever its pid', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    const stale = `${path}.lock.deadbeefdeadbeef`;
    await listenAndDie(stale);
    assert.ok(statSync(stale).isSocket(), 'the killed holder left its socket behind');
    const store = await openLowdbTaskStore(path);
    assert.equal(existsSync(stale), false, 'the stale socket was removed');
    assert.equal(lockSockets(path).length, 1);
    await store.close();
  });

  test('a pid lock file of older versions naming a live, unrelated process does not block the open', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(`${path}.lock`, `${process.ppid}\n`);
    const store = await openLowdbTaskStore(path);
    assert.equal(existsSync(`${path}.lock`), false);
    await store.close();
  });

  test(
    'a store path too long for a socket address still locks (through /proc on Linux)',
    { skip: process.platform !== 'linux' },
    async () => {
      const path = storePath('x'.repeat(120));
      const first = await openLowdbTaskStore(path);
      await assert.rejects(openLowdbTaskStore(path), /in use/);
      await first.close();
      await (await openLowdbTaskStore(path)).close();
    },
  );

  const goodSnapshot = () =>
    JSON.stringify({ format: 'taskcast-tasks/1', users: [user(1)], tasks: [task(1, user(1).id)] });
  for (const [name, journal, problem] of [
    ['a line that is null', 'null\n', /invalid record at line 2 \(it is null\)/],
    ['a line without its task', '{"kind":"task"}\n', /invalid record at line 2 \(task: missing\)/],
    [
      'a task lacking fields',
      `${JSON.stringify({ kind: 'task', task: { id: 'x', user_id: 'y' } })}\n`,
      /invalid record at line 2 \(task\.title: missing\)/,
    ],
    ['an unknown kind', '{"kind":"rename-task","id":"x"}\n', /invalid record at line 2 \(unknown kind "rename-task"\)/],
    ['no kind', '{"id":"x"}\n', /invalid record at line 2 \(unknown kind undefined\)/],
    ['a kind named like an object property', '{"kind":"constructor"}\n', /line 2 \(unknown kind "constructor"\)/],
    ['a line that is an array', '[{"kind":"user"}]\n', /invalid record at line 2 \(it is an array, not an object\)/],
    ['a user change without its user', '{"kind":"user"}\n', /invalid record at line 2 \(user: missing\)/],
    ['a record that is not JSON', 'garbage\n', /damaged at line 2 \(not JSON\)/],
    ['a final record without newline that is null', 'null', /invalid record at line 2 \(it is null\)/],
  ] as const) {
    test(`a journal with ${name} stops the open with one line naming the journal, and leaves both files untouched`, async () => {
      const path = freshPath();
      await (await openLowdbTaskStore(path)).close();
      writeFileSync(path, goodSnapshot());
      const content = `${JSON.stringify({ kind: 'delete-task', id: 'nothing' })}\n${journal}`;
      writeFileSync(`${path}.journal`, content);
      const error = await openLowdbTaskStore(path).catch((e: unknown) => e);
      assert.ok(error instanceof StoreOpenError, String(error));
      assert.match(error.message, problem);
      assert.ok(error.message.includes(`${path}.journal`), error.message);
      assert.ok(!error.message.includes('\n'), 'one line');
      assert.equal(readFileSync(`${path}.journal`, 'utf8'), content);
      assert.equal(readFileSync(path, 'utf8'), goodSnapshot());
      assert.deepEqual(lockSockets(path), []);
    });
  }

  for (const [name, content, problem] of [
    ['null', 'null', /it is null/],
    ['an array', '[]', /an array, not an object/],
    [
      'a store whose task lacks a field',
      JSON.stringify({ users: [], tasks: [{ id: 'x' }] }),
      /tasks\.0\.user_id: missing/,
    ],
  ] as const) {
    test(`a snapshot that reads ${name} stops the open, naming the file, and is not overwritten`, async () => {
      const path = freshPath();
      await (await openLowdbTaskStore(path)).close();
      writeFileSync(path, content);
      const error = await openLowdbTaskStore(path).catch((e: unknown) => e);
      assert.ok(error instanceof StoreOpenError, String(error));
      assert.match(error.message, problem);
      assert.ok(error.message.includes(path), error.message);
      assert.equal(readFileSync(path, 'utf8'), content);
    });
  }

  test('a journal without its snapshot stops the open; an empty one does not', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    rmSync(path);
    const journal = `${JSON.stringify({ kind: 'task', task: task(1, user(1).id) })}\n`;
    writeFileSync(`${path}.journal`, journal);
    await assert.rejects(
      openLowdbTaskStore(path),
      (error: Error) =>
        error instanceof StoreOpenError &&
        /journal .*tasks\.db\.journal is there but its snapshot .*tasks\.db is missing/.test(error.message),
    );
    assert.equal(existsSync(path), false, 'no empty snapshot was made');
    assert.equal(readFileSync(`${path}.journal`, 'utf8'), journal);

    writeFileSync(`${path}.journal`, ''); // what a crash before the first snapshot can leave
    await (await openLowdbTaskStore(path)).close();
    assert.ok(existsSync(path));

    // Zeros written ahead and no record yet: no journal to speak of, so the snapshot's absence is no fault.
    rmSync(path);
    writeFileSync(`${path}.journal`, Buffer.alloc(64 * 1024));
    const reopened = await openLowdbTaskStore(path);
    assert.deepEqual(await reopened.tasks.listOwned(user(1).id, {}), []);
    await reopened.close();
    assert.ok(existsSync(path));
  });

  test('a journal left by a crash with zeros after its records replays the records, whatever lies past the first zero', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(path, goodSnapshot());
    const u = user(1);
    const records = `${JSON.stringify({ kind: 'task', task: task(1, u.id, 'kept') })}\n`;
    // A later batch that reached the disk behind one that did not: past the first zero, so never replayed.
    const later = `${JSON.stringify({ kind: 'task', task: task(2, u.id, 'behind a hole') })}\n`;
    const file = Buffer.alloc(8192);
    file.write(records, 0);
    file.write(later, Buffer.byteLength(records) + 100);
    writeFileSync(`${path}.journal`, file);
    const store = await openLowdbTaskStore(path);
    assert.deepEqual(
      (await store.tasks.listOwned(u.id, {})).map((t) => t.title),
      ['kept'],
    );
    await store.close();
  });

  test('a complete final record lacking only its newline is recovered and logged; a cut one is dropped and logged', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(path, goodSnapshot());
    writeFileSync(`${path}.journal`, JSON.stringify({ kind: 'task', task: task(2, user(1).id, 'no newline') }));
    const logs: string[] = [];
    const store = await openLowdbTaskStore(path, { log: (m) => logs.push(m) });
    assert.deepEqual(
      (await store.tasks.listOwned(user(1).id, {})).map((t) => t.title),
      ['no newline', 't1'],
    );
    assert.ok(
      logs.some((m) => /recovered the final record .* complete but for its newline/.test(m)),
      logs.join('\n'),
    );
    await store.close();

    writeFileSync(
      `${path}.journal`,
      `${JSON.stringify({ kind: 'delete-task', id: task(1, user(1).id).id })}\n{"kind":"task","ta`,
    );
    logs.length = 0;
    const again = await openLowdbTaskStore(path, { log: (m) => logs.push(m) });
    assert.deepEqual(
      (await again.tasks.listOwned(user(1).id, {})).map((t) => t.title),
      ['no newline'],
    );
    assert.ok(
      logs.some((m) => /dropped the final record .*line 2/.test(m)),
      logs.join('\n'),
    );
    await again.close();
  });

  test('a folder as DB_PATH is refused with a clear message', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    await assert.rejects(openLowdbTaskStore(join(path, '..')), /is a folder/);
  });
});
