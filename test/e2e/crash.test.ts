/**
 * `kill -9` of the server in the middle of a burst of writes loses no acknowledged task, and the next start
 * takes over the stale lock socket. Two rounds: the second crashes a server that itself recovered from a crash.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Api, type Session, type Task } from './api-client.ts';
import {
  isAlive,
  killLeftovers,
  lockSockets,
  makeTempDir,
  ServerProcess,
  sleep,
  type StopResult,
} from './server-process.ts';

const LOOPS = 16;
const KILL_AFTER_ACKS = 300;
const ROUNDS = 2;

after(killLeftovers);

test('kill -9 during a burst of writes loses no acknowledged task; the restart takes over the stale lock', async (t) => {
  const dbPath = join(makeTempDir('crash'), 'tasks.db');
  let server = await ServerProcess.start({ dbPath });
  const users = await Promise.all([new Api(server.baseUrl).signUp(), new Api(server.baseUrl).signUp()]);
  const ackedIds = new Set<string>();

  for (let round = 1; round <= ROUNDS; round++) {
    const burst = await burstAndKill(server, users);
    for (const id of burst.acked) ackedIds.add(id);
    assert.equal(burst.unexpected, '', `round ${round}: a write failed before the kill\n${server.output}`);
    assert.ok(
      burst.acked.length >= KILL_AFTER_ACKS,
      `round ${round}: only ${burst.acked.length} writes acknowledged\n${server.output}`,
    );
    assert.ok(burst.inFlightAtKill > 0, `round ${round}: the kill should come while requests are in flight`);
    assert.equal(isAlive(server.serverPid), false, 'the server process is dead');
    assert.deepEqual(burst.crash.orphans, [], server.output);

    // The crash left its lock socket behind; nobody listens on it any more.
    const staleLock = lockSockets(dbPath);
    assert.equal(staleLock.length, 1, 'kill -9 leaves the lock socket');

    const crashed = server;
    server = await ServerProcess.start({ dbPath });
    const newLock = lockSockets(dbPath);
    assert.equal(newLock.length, 1, 'one lock socket, the new server’s');
    assert.notDeepEqual(newLock, staleLock, 'the new server removed the stale lock and holds its own');

    const api = new Api(server.baseUrl);
    const present = new Set<string>();
    for (const user of users) {
      const list = await api.listTasks(user.token);
      assert.equal(list.status, 200, server.output);
      for (const task of list.body.tasks) present.add(task.id);
    }
    t.diagnostic(
      `round ${round}: ${burst.acked.length} acknowledged, ${burst.inFlightAtKill} in flight at the kill, ` +
        `${present.size} tasks present after the restart (${ackedIds.size} acknowledged in all)`,
    );
    const lost = [...ackedIds].filter((id) => !present.has(id));
    assert.deepEqual(
      lost,
      [],
      `round ${round}: ${lost.length} of ${ackedIds.size} acknowledged tasks were lost\n${crashed.output}`,
    );
    // Anything else present was in flight at a kill: at most one request per loop and round.
    assert.ok(
      present.size - ackedIds.size <= LOOPS * round,
      `${present.size - ackedIds.size} unacknowledged tasks appeared`,
    );
  }

  const stopped = await server.stop('SIGTERM');
  assert.equal(stopped.code, 0, server.output);
});

interface Burst {
  readonly acked: string[];
  readonly inFlightAtKill: number;
  readonly unexpected: string;
  readonly crash: StopResult;
}

/**
 * LOOPS concurrent loops of POST /api/tasks; the moment the KILL_AFTER_ACKS-th 201 arrives, the node server
 * process gets SIGKILL (synchronously, while the other loops' requests are being handled).
 */
async function burstAndKill(server: ServerProcess, users: readonly Session[]): Promise<Burst> {
  const acked: string[] = [];
  let crash: Promise<StopResult> | undefined;
  let outstanding = 0;
  let inFlightAtKill = 0;
  let unexpected = '';
  const loop = async (n: number): Promise<void> => {
    const token = users[n % users.length]!.token;
    for (let i = 0; crash === undefined && unexpected === ''; i++) {
      outstanding++;
      try {
        const response = await fetch(`${server.baseUrl}/api/tasks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ title: `loop ${n} task ${i}`, priority: 'high' }),
        });
        const text = await response.text();
        outstanding--;
        if (response.status !== 201) {
          unexpected ||= `${response.status} ${text}`;
          return;
        }
        acked.push((JSON.parse(text) as { task: Task }).task.id);
        if (acked.length >= KILL_AFTER_ACKS && crash === undefined) {
          inFlightAtKill = outstanding;
          crash = server.kill9();
        }
      } catch {
        return; // the connection died with the server
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));
  const deadline = Date.now() + 20_000;
  while (crash === undefined && unexpected === '' && Date.now() < deadline) await sleep(5);
  if (crash === undefined) {
    crash = server.kill9();
    if (unexpected === '') unexpected = `only ${acked.length} writes acknowledged in 20 s`;
  }
  const result = await crash;
  await Promise.all(loops);
  return { acked, inFlightAtKill, unexpected, crash: result };
}
