/**
 * Two `npm start` nodes on one PostgreSQL (and one Redis when TEST_REDIS_URL is set), as behind a load
 * balancer: what one node acknowledges, the other serves at once; tokens work on both; sign-up races and
 * failed-login budgets are settled cluster-wide; a node killed with -9 loses nothing acknowledged; and
 * while the database is unreachable both answer 503 with Retry-After, then recover on their own.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { adminQuery, TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-postgres.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { Api, type Task } from './api-client.ts';
import { killLeftovers, ServerProcess, sleep } from './server-process.ts';
import { writesThroughOutage } from './writes-through-outage.ts';

after(killLeftovers);

const SECRET = 'multi-node-e2e-secret-of-at-least-32-chars';

describe(
  'two nodes on one PostgreSQL',
  { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (a PostgreSQL server both nodes can reach); skipped' },
  () => {
    const database = `taskcast_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    let proxy: TcpProxy;
    let a: ServerProcess;
    let b: ServerProcess;
    let nodeEnv: Record<string, string | undefined>;

    before(async () => {
      await adminQuery(`CREATE DATABASE ${database}`);
      // The nodes reach PostgreSQL through a proxy the test can cut (see the outage test).
      const target = new URL(TEST_DATABASE_URL!);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const url = new URL(TEST_DATABASE_URL!);
      url.port = String(proxy.port);
      url.hostname = '127.0.0.1';
      url.pathname = `/${database}`;
      nodeEnv = {
        STORAGE: 'postgres',
        DATABASE_URL: url.href,
        JWT_SECRET: SECRET,
        REDIS_URL: TEST_REDIS_URL,
        LOGIN_FAILURES_PER_ACCOUNT: '3',
        LOG_LEVEL: 'info',
      };
      // Started together: the migration runs once, under the advisory lock, whoever comes first.
      [a, b] = await Promise.all([ServerProcess.start({ env: nodeEnv }), ServerProcess.start({ env: nodeEnv })]);
    });

    after(async () => {
      await Promise.all([a?.stop().catch(() => {}), b?.stop().catch(() => {})]);
      await proxy?.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    });

    test('a task made through A is listed by B at once, and a token from A works on B', async () => {
      const apiA = new Api(a.baseUrl);
      const apiB = new Api(b.baseUrl);
      const session = await apiA.signUp();
      const task = await apiA.createTask(session.token, 'made on A');
      const listed = await apiB.listTasks(session.token);
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.tasks.map((t) => t.id),
        [task.id],
      );
      const edited = await apiB.request<{ task: Task }>('PATCH', `/api/tasks/${task.id}`, {
        token: session.token,
        body: { status: 'completed' },
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.equal(
        (await apiA.request<{ task: Task }>('GET', `/api/tasks/${task.id}`, { token: session.token })).body.task.status,
        'completed',
      );
      const login = await apiB.login(session.user.email, session.password);
      assert.equal(login.status, 200);
      assert.equal((await apiA.listTasks(login.body.token)).status, 200, 'a token from B works on A');
    });

    test('the same email signing up on both nodes at once: one 201 and one 409, never a 500', async () => {
      for (let round = 0; round < 15; round++) {
        const email = `race-${randomUUID()}@example.com`;
        const body = { name: 'Racer', email, password: 'correct horse battery' };
        const statuses = (
          await Promise.all([a, b].map((node) => new Api(node.baseUrl).request('POST', '/api/auth/signup', { body })))
        )
          .map((r) => r.status)
          .sort();
        assert.deepEqual(statuses, [201, 409], `round ${round}`);
      }
    });

    test('an Idempotency-Key retried on the other node gets the first answer; the same key on both at once stores one task', async () => {
      const session = await new Api(a.baseUrl).signUp();
      const send = (node: ServerProcess, key: string) =>
        fetch(`${node.baseUrl}/api/tasks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${session.token}`,
            'idempotency-key': key,
          },
          body: JSON.stringify({ title: 'once' }),
        });
      const key = `retry-${randomUUID()}`;
      const first = await send(a, key);
      assert.equal(first.status, 201);
      const firstTask = ((await first.json()) as { task: Task }).task;
      const retry = await send(b, key);
      assert.ok(retry.status < 300, String(retry.status));
      assert.equal(((await retry.json()) as { task: Task }).task.id, firstTask.id);

      const raced = `race-${randomUUID()}`;
      const answers = await Promise.all([send(a, raced), send(b, raced)]);
      const statuses = answers.map((r) => r.status);
      for (const r of answers) await r.arrayBuffer();
      assert.ok(
        statuses.every((s) => s < 300 || s === 409),
        JSON.stringify(statuses),
      );
      const listed = await new Api(b.baseUrl).listTasks(session.token);
      assert.equal(listed.body.tasks.length, 2, 'one task per key');
    });

    test(
      'the failed-login budget is shared by the nodes',
      { skip: TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL; skipped' },
      async () => {
        const session = await new Api(a.baseUrl).signUp();
        const wrong = (node: ServerProcess) => new Api(node.baseUrl).login(session.user.email, 'wrong password!');
        assert.equal((await wrong(a)).status, 401);
        assert.equal((await wrong(b)).status, 401);
        assert.equal((await wrong(a)).status, 401);
        // Three failures in all (two on A, one on B) spend the budget of 3 on both nodes.
        const refused = await wrong(b);
        assert.equal(refused.status, 429, JSON.stringify(refused.body));
        assert.equal((await new Api(a.baseUrl).login(session.user.email, session.password)).status, 429);
      },
    );

    test('while PostgreSQL is unreachable both nodes answer 503 with Retry-After in bounded time, then recover; nothing acknowledged is lost', async (t) => {
      const session = await new Api(a.baseUrl).signUp();
      const { acked, statuses, slowest } = await writesThroughOutage(
        [a, b],
        session.token,
        'outage',
        async () => {
          await sleep(500);
          proxy.down();
          await sleep(3000);
          const ready = await fetch(`${b.baseUrl}/ready`);
          const readyBody = (await ready.json()) as { dependencies: Record<string, { ok: boolean; detail?: string }> };
          assert.equal(ready.status, 503);
          assert.equal(readyBody.dependencies['store']?.ok, false);
          proxy.up();
          await sleep(3000);
        },
        // A connection cut after COMMIT was sent leaves the outcome unknown, and the answer says so.
        (text) => assert.match((JSON.parse(text) as { error: string }).error, /^(ServiceUnavailable|OutcomeUnknown)$/),
      );
      t.diagnostic(
        `outage: answers by status ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms, ${acked.size} acknowledged`,
      );
      assert.ok((statuses.get(503) ?? 0) > 0, `some requests met the outage: ${JSON.stringify([...statuses])}`);
      assert.ok(slowest < 8000, `every answer within the bound, slowest ${Math.round(slowest)} ms`);
      assert.equal((await fetch(`${a.baseUrl}/ready`)).status, 200);
      const listed = await new Api(b.baseUrl).listTasks(session.token);
      const present = new Set(listed.body.tasks.map((t) => t.id));
      const lost = [...acked].filter((id) => !present.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acked.size} acknowledged tasks lost`);
      assert.ok(acked.size > 0);
    });

    test('kill -9 of A during a burst of writes: every acknowledged task is visible through B, and B never stops answering', async (t) => {
      const session = await new Api(b.baseUrl).signUp();
      const acked: string[] = [];
      const bFailures: string[] = [];
      let killed: Promise<unknown> | undefined;
      let stop = false;
      const post = (node: ServerProcess, title: string) =>
        fetch(`${node.baseUrl}/api/tasks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
          body: JSON.stringify({ title }),
        });
      const loopA = async (n: number) => {
        for (let i = 0; killed === undefined; i++) {
          try {
            const res = await post(a, `A ${n}.${i}`);
            const text = await res.text();
            if (res.status === 201) acked.push((JSON.parse(text) as { task: Task }).task.id);
            if (acked.length >= 200 && killed === undefined) killed = a.kill9();
          } catch {
            return; // the connection died with A
          }
        }
      };
      const loopB = async (n: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await post(b, `B ${n}.${i}`);
            const text = await res.text();
            if (res.status === 201) acked.push((JSON.parse(text) as { task: Task }).task.id);
            else bFailures.push(`${res.status} ${text}`);
          } catch (error) {
            bFailures.push(String(error));
          }
        }
      };
      const aLoops = Array.from({ length: 8 }, (_, n) => loopA(n));
      const bLoops = Array.from({ length: 2 }, (_, n) => loopB(n));
      const deadline = Date.now() + 30_000;
      while (killed === undefined && Date.now() < deadline) await sleep(10);
      assert.ok(killed, `A acknowledged only ${acked.length} writes in 30 s`);
      await killed;
      await Promise.all(aLoops);
      await sleep(1000); // B keeps answering after A is gone
      stop = true;
      await Promise.all(bLoops);
      t.diagnostic(`kill -9: ${acked.length} acknowledged in all, none failed on B`);
      assert.deepEqual(bFailures, [], b.output);
      const present = new Set((await new Api(b.baseUrl).listTasks(session.token)).body.tasks.map((t) => t.id));
      const lost = acked.filter((id) => !present.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acked.length} acknowledged tasks are missing on B`);
    });
  },
);
