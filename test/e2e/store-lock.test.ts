/**
 * The store's lock, through the real server: the kernel releases it when its holder dies (a restart right
 * after kill -9 of the whole process group starts, ten times over, and loses nothing acknowledged), a pid
 * names nothing (an old lock file naming a live process blocks nobody), and two servers in separate PID
 * namespaces, both pid 1, still exclude each other.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { linkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Api, type Session } from './api-client.ts';
import { killLeftovers, lockSockets, makeTempDir, runUntilExit, ServerProcess, serverLines } from './server-process.ts';

const ROUNDS = 10;
const WRITERS = 8;

after(killLeftovers);

describe('the store lock', () => {
  test(`${ROUNDS} rounds of kill -9 of the process group and an immediate restart: every start succeeds, nothing acknowledged is lost`, async (t) => {
    const dbPath = join(makeTempDir('lock-crash'), 'tasks.db');
    let server = await ServerProcess.start({ dbPath });
    const session: Session = await new Api(server.baseUrl).signUp();
    const acked = new Set<string>();

    for (let round = 1; round <= ROUNDS; round++) {
      const api = new Api(server.baseUrl);
      // Writers keep posting; the group is killed while some of their requests are in flight.
      let killed = false;
      let inFlight = 0;
      let ackedThisRound = 0;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; !killed; i++) {
          inFlight++;
          try {
            const res = await api.request<{ task: { id: string } }>('POST', '/api/tasks', {
              token: session.token,
              body: { title: `round ${round} writer ${w} #${i}` },
            });
            if (res.status === 201) {
              acked.add(res.body.task.id);
              ackedThisRound++;
            }
          } catch {
            return; // the connection died with the server
          } finally {
            inFlight--;
          }
        }
      });
      const deadline = Date.now() + 20_000;
      while (ackedThisRound < 20) {
        if (Date.now() > deadline)
          throw new Error(`round ${round}: only ${ackedThisRound} writes acknowledged in 20 s\n${server.output}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      const inFlightAtKill = inFlight;
      server.killGroup9();
      killed = true;
      const crashed = server;

      // At once: no wait for the exit, the reaping, or anything else.
      server = await ServerProcess.start({ dbPath }).catch((error: Error) => {
        throw new Error(
          `round ${round}: the restart after kill -9 failed: ${error.message}\n--- the killed server ---\n${crashed.output}`,
        );
      });
      await Promise.all(writers);
      await crashed.exited;

      const list = await new Api(server.baseUrl).listTasks(session.token);
      assert.equal(list.status, 200, server.output);
      const present = new Set(list.body.tasks.map((task) => task.id));
      const lost = [...acked].filter((id) => !present.has(id));
      assert.deepEqual(
        lost,
        [],
        `round ${round}: ${lost.length} of ${acked.size} acknowledged tasks lost\n${crashed.output}`,
      );
      t.diagnostic(
        `round ${round}: ${ackedThisRound} acknowledged, ${inFlightAtKill} in flight at the kill; ${present.size} present, ${acked.size} acknowledged in all`,
      );
    }
    const stopped = await server.stop('SIGTERM');
    assert.equal(stopped.code, 0, server.output);
  });

  // Issue 36: the lock was named after DB_PATH, so a second name for the store file let a second server
  // open it, and both accepted a sign-up for one email.
  test('a symlink or a hard link to the store under another name does not let a second server open it', async () => {
    const dir = makeTempDir('lock-alias');
    const dbPath = join(dir, 'tasks.db');
    const server = await ServerProcess.start({ dbPath });
    try {
      await new Api(server.baseUrl).signUp();
      const other = makeTempDir('lock-alias-other');
      symlinkSync(dbPath, join(other, 'alias.db'));
      symlinkSync(dir, join(other, 'folder-link'));
      for (const alias of [join(other, 'alias.db'), join(other, 'folder-link', 'tasks.db')]) {
        const second = await runUntilExit({ dbPath: alias });
        assert.equal(second.listened, false, `${alias}: ${second.output}`);
        assert.notEqual(second.code, 0);
        assert.match(second.output, /in use by another Taskcast process/, alias);
      }
      linkSync(dbPath, join(dir, 'hard.db'));
      const second = await runUntilExit({ dbPath: join(dir, 'hard.db') });
      assert.equal(second.listened, false, second.output);
      assert.match(second.output, /has 2 names \(hard links\)/);
      assert.equal(serverLines(second.stderr).length, 1, 'one line');
    } finally {
      const stopped = await server.stop('SIGTERM');
      assert.equal(stopped.code, 0, server.output);
    }
  });

  test('a lock file left behind naming a live, unrelated pid does not block a start', async () => {
    const dbPath = join(makeTempDir('lock-legacy'), 'tasks.db');
    // The test runner itself: alive, and no Taskcast server.
    writeFileSync(`${dbPath}.lock`, `${process.pid}\n`);
    const server = await ServerProcess.start({ dbPath });
    assert.equal(lockSockets(dbPath).length, 1, server.output);
    const stopped = await server.stop('SIGTERM');
    assert.equal(stopped.code, 0, server.output);
  });

  test('two servers in separate PID namespaces (both pid 1) on one path: the second is refused as "in use"', async (t) => {
    const probe = spawnSync('unshare', ['-pf', '--mount-proc', 'true'], { encoding: 'utf8' });
    if (probe.error !== undefined || probe.status !== 0) {
      const reason = `unshare -pf --mount-proc is not allowed here (${probe.error?.message ?? probe.stderr.trim() ?? `exit ${probe.status}`})`;
      console.log(`# skipped: ${reason}`);
      t.skip(reason);
      return;
    }
    const dbPath = join(makeTempDir('lock-pidns'), 'tasks.db');
    const wrap = ['unshare', '-pf', '--mount-proc'];
    const first = await ServerProcess.start({ dbPath, via: 'node', wrap });
    const api = new Api(first.baseUrl);
    const session = await api.signUp();
    await api.createTask(session.token, 'written by the first server');

    const second = await runUntilExit({ dbPath, via: 'node', wrap });
    assert.equal(second.listened, false, `the second server must not serve the same store\n${second.output}`);
    assert.equal(second.code, 1, second.output);
    assert.match(serverLines(second.stderr).join('\n'), /in use by another Taskcast process \(pid 1,/, second.output);

    const list = await api.listTasks(session.token);
    assert.equal(list.body.count, 1, `the first server keeps serving\n${first.output}`);
  });
});
