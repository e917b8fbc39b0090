/**
 * `kill -9` of the server in the middle of a burst of writes loses no acknowledged task, and the next start
 * takes over the stale lock file.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Api, type Task } from './api-client.ts';
import { isAlive, killLeftovers, makeTempDir, ServerProcess, sleep } from './server-process.ts';

const LOOPS = 16;
const KILL_AFTER_ACKS = 300;

after(killLeftovers);

test('kill -9 during a burst of writes loses no acknowledged task; the restart takes over the stale lock', async (t) => {
  const dbPath = join(makeTempDir('crash'), 'tasks.db');
  const server = await ServerProcess.start({ dbPath });
  const api = new Api(server.baseUrl);
  const users = await Promise.all([api.signUp(), api.signUp()]);

  const acked: { id: string; token: string }[] = [];
  let killed = false;
  let failedInFlight = 0;
  let unexpected = '';
  const loop = async (n: number): Promise<void> => {
    const token = users[n % users.length]!.token;
    for (let i = 0; !killed; i++) {
      let response: Response;
      try {
        response = await fetch(`${server.baseUrl}/api/tasks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ title: `loop ${n} task ${i}`, priority: 'high' }),
        });
        const text = await response.text();
        if (response.status !== 201) {
          unexpected ||= `${response.status} ${text}`;
          return;
        }
        acked.push({ id: (JSON.parse(text) as { task: Task }).task.id, token });
      } catch {
        failedInFlight++; // the connection died with the server
        return;
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));

  const deadline = Date.now() + 20_000;
  while (acked.length < KILL_AFTER_ACKS && unexpected === '' && Date.now() < deadline) await sleep(1);
  assert.equal(unexpected, '', `a write failed before the kill\n${server.output}`);
  assert.ok(acked.length >= KILL_AFTER_ACKS, `only ${acked.length} writes acknowledged in 20 s\n${server.output}`);

  const crash = await server.kill9();
  killed = true;
  await Promise.all(loops);
  const ackedIds = new Set(acked.map((a) => a.id));
  assert.equal(ackedIds.size, acked.length, 'ids are unique');
  assert.ok(failedInFlight > 0, 'the kill should hit requests in flight');
  assert.equal(isAlive(server.serverPid), false, 'the server process is dead');
  assert.deepEqual(crash.orphans, [], server.output);

  // The crash left the lock file behind, naming a process that is gone.
  const lockPath = `${dbPath}.lock`;
  assert.ok(existsSync(lockPath), 'kill -9 leaves the lock file');
  assert.equal(readFileSync(lockPath, 'utf8').trim(), String(server.serverPid));

  const restarted = await ServerProcess.start({ dbPath });
  try {
    const restartedApi = new Api(restarted.baseUrl);
    const present = new Set<string>();
    for (const user of users) {
      const list = await restartedApi.listTasks(user.token);
      assert.equal(list.status, 200, restarted.output);
      for (const task of list.body.tasks) present.add(task.id);
    }
    const lost = [...ackedIds].filter((id) => !present.has(id));
    assert.deepEqual(lost, [], `${lost.length} of ${ackedIds.size} acknowledged tasks were lost`);
    t.diagnostic(`${acked.length} acknowledged, ${failedInFlight} cut in flight, ${present.size} present after the restart`);
    // Anything else present was in flight at the kill: at most one request per loop.
    assert.ok(present.size - ackedIds.size <= LOOPS, `${present.size - ackedIds.size} unacknowledged tasks appeared`);
    assert.equal(readFileSync(lockPath, 'utf8').trim(), String(restarted.serverPid), 'the new server holds the lock');

    const stopped = await restarted.stop('SIGTERM');
    assert.equal(stopped.code, 0, restarted.output);
  } finally {
    await killLeftovers();
  }
});
