/**
 * The real server on a small tmpfs that fills up: writes get 503 while the disk is full, reads and /health
 * keep answering, writes succeed again once space is freed, and nothing acknowledged is lost across a
 * restart. Needs `mount -t tmpfs` (root with CAP_SYS_ADMIN); skipped with a message elsewhere.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { Api, type Task } from './api-client.ts';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

const mounted: string[] = [];
after(async () => {
  // Lazily: detached at once, freed once the (killed) server lets go; then the folder is an ordinary one.
  for (const dir of mounted) spawnSync('umount', ['-l', dir]);
  await killLeftovers();
});

/**
 * Mounts a tmpfs of `size` on a fresh folder and starts the server with its store there; or, where no tmpfs
 * can be mounted, skips the test with the reason and returns undefined.
 */
async function serverOnTmpfs(t: TestContext, size: string) {
  const dir = makeTempDir('tmpfs');
  const run = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' });
  if (run.error !== undefined || run.status !== 0) {
    const reason = `mount -t tmpfs is not allowed here (${run.error?.message ?? (run.stderr.trim() || `exit ${run.status}`)})`;
    console.log(`# skipped: ${reason}`);
    t.skip(reason);
    return undefined;
  }
  mounted.push(dir);
  const dbPath = join(dir, 'tasks.db');
  const { server, api } = await start(dbPath);
  // `acked`: the ids of the tasks the server acknowledged, for the test to fill.
  return { dir, dbPath, server, api, session: await api.signUp(), acked: new Set<string>() };
}

async function start(dbPath: string): Promise<{ server: ServerProcess; api: Api }> {
  const server = await ServerProcess.start({ dbPath });
  return { server, api: new Api(server.baseUrl) };
}

const ids = (tasks: readonly Task[]): Set<string> => new Set(tasks.map((task) => task.id));

/** Writes zeros until the file system refuses; returns the filler's path. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch {
        // Whatever the last pages can still hold, a byte at a time, so the disk is truly full.
        for (;;) writeSync(fd, chunk, 0, 1);
      }
    }
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
  return path;
}

test('a full disk: writes get 503 and are undone, the server keeps answering, writes resume once space is freed', async (t) => {
  const tmpfs = await serverOnTmpfs(t, '2m');
  if (!tmpfs) return;
  const { dbPath, session, acked } = tmpfs;
  let { server, api } = tmpfs;
  for (let i = 0; i < 5; i++) acked.add((await api.createTask(session.token, `before the disk filled ${i}`)).id);

  const filler = fill(tmpfs.dir);
  // The journal writes zeros ahead of its records (64 KiB at first), and a write into them needs no new
  // space: the first writes on the full disk still succeed, durably. Once the zeros run out, every write is
  // refused, as the next stretch of zeros cannot be written either.
  const outcomes: number[] = [];
  for (let i = 0; i < 60; i++) {
    const res = await api.request<{ task?: Task; error?: string }>('POST', '/api/tasks', {
      token: session.token,
      body: { title: `while full ${i}`, description: 'x'.repeat(4000) },
    });
    outcomes.push(res.status);
    if (res.status === 201) acked.add(res.body.task!.id);
    else {
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.equal(res.body.error, 'ServiceUnavailable');
    }
    assert.equal((await api.request('GET', '/health')).status, 200, 'the server keeps answering');
    const list = await api.listTasks(session.token);
    assert.equal(list.status, 200);
    assert.deepEqual(ids(list.body.tasks), acked, 'reads show exactly what was acknowledged');
  }
  const refused = outcomes.filter((status) => status === 503).length;
  t.diagnostic(
    `${60 - refused} of 60 writes of 4 KB went into the journal's zeros, then ${refused} were refused with 503 while the disk was full`,
  );
  assert.ok(refused >= 30, `writes on a full disk are refused once the zeros run out (${refused} of 60)`);
  assert.deepEqual(outcomes.slice(outcomes.indexOf(503)), Array(refused).fill(503), 'and from then on, every one');

  unlinkSync(filler);
  for (let i = 0; i < 5; i++) acked.add((await api.createTask(session.token, `after space was freed ${i}`)).id);

  const first = server;
  const stopped = await server.stop('SIGTERM');
  assert.equal(stopped.code, 0, server.output);
  assert.match(first.stdout, /refused and undone/, 'the failure was logged');
  const stored = JSON.parse(readFileSync(dbPath, 'utf8')) as { tasks: Task[] };
  assert.deepEqual(ids(stored.tasks), acked, 'DB_PATH holds every acknowledged task and nothing else');

  ({ server, api } = await start(dbPath));
  const list = await api.listTasks(session.token);
  assert.deepEqual(ids(list.body.tasks), acked);
  await server.stop('SIGTERM');
});

/** Gives back `bytes` of a filler written by fill(), leaving the rest of the disk full. */
function free(filler: string, bytes: number): void {
  truncateSync(filler, Math.max(0, statSync(filler).size - bytes));
}

// Issue 36: start-up folded the journal into a new snapshot before serving, so a restart on a disk with
// less free space than the store's size failed with ENOSPC. It now serves the files as they are.
test('a restart on a nearly full disk serves snapshot and journal as they are, and folds once there is room', async (t) => {
  const tmpfs = await serverOnTmpfs(t, '3m');
  if (!tmpfs) return;
  const { dbPath, session, acked } = tmpfs;
  let { server, api } = tmpfs;
  // About 600 KB of tasks, all in the journal (it is folded at 4 MiB).
  for (let i = 0; i < 150; i++) {
    const res = await api.request<{ task?: Task }>('POST', '/api/tasks', {
      token: session.token,
      body: { title: `task ${i}`, description: 'x'.repeat(4000) },
    });
    assert.equal(res.status, 201);
    acked.add(res.body.task!.id);
  }
  await server.kill9();
  const journalBytes = statSync(`${dbPath}.journal`).size;
  const filler = fill(tmpfs.dir);
  free(filler, 128 * 1024); // much less than a new snapshot needs

  ({ server, api } = await start(dbPath));
  const list = await api.listTasks(session.token);
  assert.equal(list.status, 200);
  assert.deepEqual(ids(list.body.tasks), acked, 'every acknowledged task is served');
  assert.match(server.output, /could not fold the journal .* at start-up: the disk had no room for a new snapshot/);
  const ready = await api.request<{ status: string; dependencies: { store: { ok: boolean; detail?: string } } }>(
    'GET',
    '/ready',
  );
  assert.equal(ready.status, 200, 'the node serves: it is ready');
  assert.match(ready.body.dependencies.store.detail ?? '', /not folded .* no room for a new snapshot/);
  t.diagnostic(`restarted with ${journalBytes} bytes of journal and 128 KiB free`);

  // Room again: the next writes after the retry time fold the journal, and /ready stops saying so.
  unlinkSync(filler);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api.request<{ task?: Task }>('POST', '/api/tasks', {
      token: session.token,
      body: { title: 'after space was freed' },
    });
    if (res.status === 201) acked.add(res.body.task!.id);
    const now = await api.request<{ dependencies: { store: { detail?: string } } }>('GET', '/ready');
    if (now.body.dependencies.store.detail === undefined) break;
    assert.ok(
      Date.now() < deadline,
      `the fold happened within 30 s of space being freed: ${res.status} ${server.output.slice(-1500)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const snapshot = JSON.parse(readFileSync(dbPath, 'utf8')) as { tasks: Task[] };
  assert.ok(snapshot.tasks.length >= 150, 'the snapshot now holds the journal');
  await server.kill9();
  ({ server, api } = await start(dbPath));
  const again = await api.listTasks(session.token);
  assert.deepEqual(ids(again.body.tasks), acked, 'and nothing was lost');
  await server.stop('SIGTERM');
});
