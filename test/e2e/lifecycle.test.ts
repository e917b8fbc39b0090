/**
 * The server's life cycle on one store, through `npm start`: restarts keep the data and the signing secret, a
 * second server on the same DB_PATH is refused, another DB_PATH is another (empty) store, and SIGTERM/SIGINT
 * finish the request in flight and exit 0 promptly with no process left behind.
 *
 * The tests run in order and hand the running server on to the next one to save start-ups; each one starts
 * what it needs itself when an earlier one left nothing running, so a failure does not cascade.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Api, type Task } from './api-client.ts';
import {
  killLeftovers,
  lockSockets,
  makeTempDir,
  runUntilExit,
  ServerProcess,
  serverLines,
  sleep,
} from './server-process.ts';
import { until } from '../support/until.ts';

const SHUTDOWN_LIMIT_MS = 5_000;

describe('one store across restarts (npm start)', () => {
  let dbPath = '';
  let server: ServerProcess | undefined;
  let api: Api;

  /** The server on `dbPath`, started if an earlier test left none running. */
  async function running(): Promise<ServerProcess> {
    if (server === undefined || (await settled(server.exited))) {
      server = await ServerProcess.start({ dbPath });
      api = new Api(server.baseUrl);
    }
    return server;
  }

  before(() => {
    dbPath = join(makeTempDir('lifecycle'), 'store', 'tasks.db');
  });
  after(killLeftovers);

  test('a restart keeps users, tasks (same ids, same order) and the signing secret', async () => {
    const first = await running();
    const session = await api.signUp();
    const created: Task[] = [];
    for (const title of ['first', 'second', 'third', 'fourth'])
      created.push(await api.createTask(session.token, title));
    const listed = await api.listTasks(session.token);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.tasks.map((t) => t.id),
      created.map((t) => t.id).reverse(),
      'newest first before the restart',
    );

    const stopped = await first.stop('SIGTERM');
    assert.equal(stopped.code, 0, `SIGTERM should exit 0\n${first.output}`);
    assert.deepEqual(stopped.orphans, [], `no process of the server may outlive npm\n${first.output}`);
    assert.ok(existsSync(join(dbPath, '..', 'jwt-secret')), 'the secret file is kept beside DB_PATH');

    const second = await running();
    assert.notEqual(second.serverPid, first.serverPid);

    const login = await api.login(session.user.email, session.password);
    assert.equal(login.status, 200, `log-in after the restart: ${JSON.stringify(login.body)}`);
    assert.equal(login.body.user.id, session.user.id);

    const relisted = await api.listTasks(login.body.token);
    assert.equal(relisted.status, 200);
    assert.deepEqual(relisted.body.tasks, listed.body.tasks, 'the same tasks, field for field, in the same order');
    assert.equal(relisted.body.count, created.length);

    const withOldToken = await api.listTasks(session.token);
    assert.equal(
      withOldToken.status,
      200,
      `the token issued before the restart still works: ${JSON.stringify(withOldToken.body)}`,
    );
    assert.deepEqual(
      withOldToken.body.tasks.map((t) => t.id),
      listed.body.tasks.map((t) => t.id),
    );
  });

  test('a second server on the same DB_PATH exits 1 saying the store is in use; the first keeps serving', async () => {
    const first = await running();
    const session = await api.signUp();
    const lockBefore = lockSockets(dbPath);
    assert.equal(lockBefore.length, 1, 'the running server holds one lock socket');

    const second = await runUntilExit({ dbPath });
    assert.equal(second.listened, false, `the second server must not start serving\n${second.output}`);
    assert.equal(second.code, 1, `exit code of the second server\n${second.output}`);
    assert.match(serverLines(second.stderr).join('\n'), /in use/i, second.output);

    assert.deepEqual(lockSockets(dbPath), lockBefore, 'the refused server leaves the lock alone');
    const health = await api.request('GET', '/health');
    assert.equal(health.status, 200, `the first server still answers\n${first.output}`);
    const task = await api.createTask(session.token, 'written after the refused start');
    const list = await api.listTasks(session.token);
    assert.deepEqual(
      list.body.tasks.map((t) => t.id),
      [task.id],
    );
  });

  test('a different DB_PATH is a different, empty store', async () => {
    const first = await running();
    const owner = await api.signUp();
    await api.createTask(owner.token, 'only in the first store');

    const other = await ServerProcess.start({ dbPath: join(makeTempDir('other-store'), 'tasks.db') });
    const otherApi = new Api(other.baseUrl);
    try {
      const login = await otherApi.login(owner.user.email, owner.password);
      assert.equal(login.status, 401, `the first store's user is unknown here: ${JSON.stringify(login.body)}`);
      assert.equal((login.body as unknown as { error: string }).error, 'InvalidCredentials');

      const foreignToken = await otherApi.listTasks(owner.token);
      assert.equal(foreignToken.status, 401, "the first store's token is not accepted here");

      const newcomer = await otherApi.signUp();
      const list = await otherApi.listTasks(newcomer.token);
      assert.equal(list.status, 200);
      assert.deepEqual(list.body, { count: 0, tasks: [] });
    } finally {
      const stopped = await other.stop('SIGTERM');
      assert.equal(stopped.code, 0, other.output);
    }
    // The first store is unaffected.
    const mine = await api.listTasks(owner.token);
    assert.equal(mine.body.count, 1, first.output);
  });

  test('SIGTERM finishes the request in flight, exits 0 within 5 s, and the task survives', async () => {
    const srv = await running();
    const session = await api.signUp();
    const earlier = await api.createTask(session.token, 'before the signal');

    // A POST whose body is half sent: the server has accepted it and is reading when the signal arrives.
    const post = slowPost(srv.baseUrl, session.token, { title: 'in flight during SIGTERM' });
    await post.started;
    await sleep(200);

    const stopping = srv.stop('SIGTERM');
    await until(() => /SIGTERM received/.test(srv.stdout), 'the signal to get through npm to node');
    assert.equal(await settled(srv.exited), false, 'the server must not exit while a request is in flight');
    post.finish();

    const response = await post.response;
    assert.equal(response.status, 201, `the in-flight POST completes: ${response.text}\n${srv.output}`);
    const inFlight = (JSON.parse(response.text) as { task: Task }).task;

    const stopped = await stopping;
    assert.equal(stopped.code, 0, `exit code after SIGTERM\n${srv.output}`);
    assert.ok(stopped.elapsedMs < SHUTDOWN_LIMIT_MS, `exit took ${Math.round(stopped.elapsedMs)} ms`);
    assert.deepEqual(stopped.orphans, [], `no process of the server may outlive npm\n${srv.output}`);

    const restarted = await running();
    const list = await api.listTasks(session.token);
    assert.equal(list.status, 200, restarted.output);
    assert.deepEqual(
      list.body.tasks.map((t) => t.id),
      [inFlight.id, earlier.id],
    );
  });

  test('SIGTERM with keep-alive connections (one idle, one mid-request) exits once the answer is out', async () => {
    // Node's server.close() waits for keep-alive connections to time out; the server closes the idle one at
    // once and the busy one as soon as its answer is written, so the exit does not wait for the 4 s deadline.
    const srv = await running();
    const session = await api.signUp();
    // Two agents, so the POST opens its own keep-alive connection while the first one stays idle.
    const idleAgent = new Agent({ keepAlive: true });
    const busyAgent = new Agent({ keepAlive: true });
    const idle = await new Promise<number>((resolve, reject) =>
      request(`${srv.baseUrl}/health`, { agent: idleAgent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end(),
    );
    assert.equal(idle, 200);
    const post = slowPost(srv.baseUrl, session.token, { title: 'in flight on a keep-alive connection' }, busyAgent);
    await post.started;
    await sleep(200);
    const stopping = srv.stop('SIGTERM');
    await until(() => /SIGTERM received/.test(srv.stdout), 'the signal to get through npm to node');
    post.finish();
    const response = await post.response;
    assert.equal(response.status, 201, response.text);
    const stopped = await stopping;
    assert.equal(stopped.code, 0, srv.output);
    assert.ok(stopped.elapsedMs < 3_000, `exit took ${Math.round(stopped.elapsedMs)} ms`);
    idleAgent.destroy();
    busyAgent.destroy();
  });

  test('SIGINT exits 0 within 5 s with no process left behind', async () => {
    const srv = await running();
    const session = await api.signUp();
    const task = await api.createTask(session.token, 'before SIGINT');

    const stopped = await srv.stop('SIGINT');
    assert.equal(stopped.code, 0, `exit code after SIGINT\n${srv.output}`);
    assert.ok(stopped.elapsedMs < SHUTDOWN_LIMIT_MS, `exit took ${Math.round(stopped.elapsedMs)} ms`);
    assert.deepEqual(stopped.orphans, [], srv.output);
    assert.match(srv.stdout, /SIGINT received/, 'node itself handled SIGINT');
    assert.deepEqual(lockSockets(dbPath), [], 'a clean stop releases the lock');

    // The store was flushed and closed cleanly: a restart finds the task.
    const again = await running();
    const list = await api.listTasks(session.token);
    assert.deepEqual(
      list.body.tasks.map((t) => t.id),
      [task.id],
      again.output,
    );
    const last = await again.stop('SIGTERM');
    assert.equal(last.code, 0, again.output);
  });
});

async function settled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([promise, Promise.resolve(marker)])) !== marker;
}

/** A POST sent in two parts: the headers and half the body now, the rest on `finish()`. */
function slowPost(
  baseUrl: string,
  token: string,
  body: unknown,
  agent: Agent | false = false,
): { started: Promise<void>; finish(): void; response: Promise<{ status: number; text: string }> } {
  const payload = Buffer.from(JSON.stringify(body));
  const req = request(`${baseUrl}/api/tasks`, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      authorization: `Bearer ${token}`,
    },
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
  });
  response.catch(() => {}); // awaited by the test; avoid an unhandled rejection before that
  const started = new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('socket', (socket) => socket.once('connect', () => resolve()));
  });
  started.catch(() => {});
  req.write(payload.subarray(0, Math.floor(payload.length / 2)));
  return { started, finish: () => req.end(payload.subarray(Math.floor(payload.length / 2))), response };
}
