import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { loadMigrations } from '../../../adapters/persistence/postgres/migrations.ts';
import { createPgSqlClient, isUnavailability } from '../../../adapters/persistence/postgres/pg-sql-client.ts';
import {
  PostgresTaskRepository,
  PostgresUserRepository,
} from '../../../adapters/persistence/postgres/postgres-repositories.ts';
import { openPostgresTaskStore } from '../../../adapters/persistence/postgres/postgres-task-store.ts';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { Unauthorized } from '../../../domain/tasks/errors.ts';
import { ConfigError, readConfig } from '../../../bootstrap/server/config.ts';
import { aTask, aUser } from '../../contract/task-store-contract.ts';
import { freshSchema, TEST_DATABASE_URL, TestDatabases } from '../../support/test-postgres.ts';

const databases = new TestDatabases();
after(() => databases.dispose());

describe(`postgres migrations (${databases.kind})`, () => {
  test('are recorded, applied once, and a database newer than the code stops start-up with a clear message', async () => {
    const schema = freshSchema();
    const notes: string[] = [];
    const first = await openPostgresTaskStore(await databases.client({}, schema), { log: (m) => notes.push(m) });
    await first.close();
    const again = await openPostgresTaskStore(await databases.client({}, schema), { log: (m) => notes.push(m) });
    assert.equal(
      notes.filter((n) => n.includes('applied migration')).length,
      loadMigrations().length,
      notes.join('\n'),
    );

    const client = await databases.client({}, schema);
    const rows = await client.query<{ version: number; name: string }>({
      name: 't_list',
      text: 'SELECT version, name FROM taskcast_migrations ORDER BY version',
    });
    assert.deepEqual(
      rows,
      loadMigrations().map((m) => ({ version: m.version, name: m.name })),
    );
    await again.close();

    // A newer release added migration N+1; this code knows only up to N.
    const newer = [
      ...loadMigrations(),
      { version: loadMigrations().length + 1, name: 'from_the_future', sql: 'CREATE TABLE future (id int)' },
    ];
    await (await openPostgresTaskStore(await databases.client({}, schema), { migrations: newer })).close();
    await assert.rejects(
      openPostgresTaskStore(await databases.client({}, schema)),
      (error: unknown) =>
        error instanceof StoreOpenError &&
        /newer than this Taskcast/.test(error.message) &&
        /from_the_future/.test(error.message),
    );
  });

  test('the schema refuses what the API would refuse, and deleting a user deletes their tasks', async () => {
    const client = await databases.client();
    const store = await openPostgresTaskStore(client);
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    const bad = (fields: Parameters<typeof aTask>[2]) => store.tasks.add(aTask(ada, '2026-03-01 12:00:00', fields));
    await assert.rejects(bad({ status: 'done' as never }), /check constraint/);
    await assert.rejects(bad({ priority: 'urgent' as never }), /check constraint/);
    await assert.rejects(bad({ title: '   ' }), /check constraint/);
    // A task for an account that is gone (deleted in SQL after its token was checked) is a 401, not a 500.
    await assert.rejects(
      store.tasks.add(aTask(aUser(), '2026-03-01 12:00:00')),
      (e: unknown) => e instanceof Unauthorized,
    );
    await assert.rejects(
      bad({ title: 'nul \u0000 inside' }),
      (e: unknown) => (e as Error).name === 'Error' && /U\+0000/.test((e as Error).message),
    );
    const kept = aTask(ada, '2026-03-01 12:00:00');
    await store.tasks.add(kept);
    await client.query({ name: 't_del_user', text: 'DELETE FROM users WHERE id = $1' }, [ada.id]);
    assert.deepEqual(await store.tasks.listOwned(ada.id, {}), []);
    await store.close();
  });
});

describe('postgres unavailable', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  after(() => {
    for (const s of sockets) s.destroy();
    blackHole?.close();
  });

  test('a refused connection is a ServiceUnavailable at once, and readiness says which server', async () => {
    const client = createPgSqlClient({
      connectionString: 'postgres://taskcast@127.0.0.1:1/taskcast',
      retryAfterSeconds: 3,
    });
    const started = Date.now();
    await assert.rejects(
      client.query({ name: 'x', text: 'SELECT 1' }),
      (e: unknown) => e instanceof ServiceUnavailable && e.retryAfterSeconds === 3,
    );
    assert.ok(Date.now() - started < 2000);
    const ping = await client.ping();
    assert.equal(ping.ok, false);
    assert.match(!ping.ok ? ping.detail : '', /127\.0\.0\.1:1\/taskcast/);
    await client.close();
  });

  test('a server that accepts but never answers costs at most the connect timeout, never a hang', async () => {
    blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as { port: number }).port;
    const client = createPgSqlClient({
      connectionString: `postgres://taskcast@127.0.0.1:${port}/taskcast`,
      connectTimeoutMs: 400,
    });
    const started = Date.now();
    await assert.rejects(client.query({ name: 'x', text: 'SELECT 1' }), ServiceUnavailable);
    const took = Date.now() - started;
    assert.ok(took >= 350 && took < 3000, `took ${took} ms`);
    await client.close();
  });

  test('start-up waits a bounded time for the server, then stops naming it and why', async () => {
    const client = createPgSqlClient({ connectionString: 'postgres://taskcast:secret@127.0.0.1:1/taskcast' });
    await assert.rejects(
      openPostgresTaskStore(client, { startupWaitMs: 300 }),
      (e: unknown) =>
        e instanceof StoreOpenError &&
        /127\.0\.0\.1:1\/taskcast/.test(e.message) &&
        // The driver's own words, not those of a pool already closed.
        /ECONNREFUSED/.test(e.message) &&
        !/after calling end/.test(e.message) &&
        !e.message.includes('secret'),
    );
  });

  test('errors are sorted: statement bugs stay errors, lost connections become unavailability', () => {
    assert.equal(isUnavailability(Object.assign(new Error('check'), { code: '23514' })), false);
    assert.equal(isUnavailability(Object.assign(new Error('shutdown'), { code: '57P01' })), true);
    assert.equal(isUnavailability(Object.assign(new Error('conn'), { code: '08006' })), true);
    assert.equal(isUnavailability(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })), true);
    assert.equal(isUnavailability(new Error('Connection terminated unexpectedly')), true);
    // Refusals that say "not now" rather than "never": a lock wait past lock_timeout, a server that only
    // reads (a standby, a failover under way), a server short of disk, memory or connections.
    for (const code of ['55P03', '25006', '53100', '53200', '53400'])
      assert.equal(isUnavailability(Object.assign(new Error(code), { code })), true, code);
  });
});

describe('postgres configuration', () => {
  test('STORAGE=postgres needs DATABASE_URL and a shared JWT_SECRET', () => {
    const secret = 'x'.repeat(32);
    assert.throws(
      () => readConfig({ STORAGE: 'postgres', JWT_SECRET: secret }),
      (e: unknown) => e instanceof ConfigError && /DATABASE_URL is required/.test(e.message),
    );
    assert.throws(
      () => readConfig({ STORAGE: 'postgres', DATABASE_URL: 'postgres://db/taskcast' }),
      (e: unknown) => e instanceof ConfigError && /JWT_SECRET is required/.test(e.message),
    );
    assert.throws(
      () => readConfig({ STORAGE: 'postgres', DATABASE_URL: 'mysql://db', JWT_SECRET: secret }),
      /DATABASE_URL must be a postgres/,
    );
    const config = readConfig({
      STORAGE: 'postgres',
      DATABASE_URL: 'postgres://db/taskcast',
      JWT_SECRET: secret,
      DATABASE_POOL_SIZE: '4',
    });
    assert.equal(config.storage, 'postgres');
    assert.equal(config.databasePoolSize, 4);
    assert.equal(config.redisUrl, undefined);
    assert.equal(readConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl, 'redis://cache:6379');
    assert.throws(() => readConfig({ REDIS_URL: 'http://cache:6379' }), /REDIS_URL must be a redis/);
  });
});

describe(
  'postgres server only',
  { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (a real PostgreSQL server)' },
  () => {
    test('nodes starting together on an empty database migrate once, under the advisory lock', async () => {
      const schema = freshSchema();
      const clients = [];
      for (let i = 0; i < 4; i++) clients.push(await databases.client({}, schema));
      const stores = await Promise.all(clients.map((c) => openPostgresTaskStore(c)));
      const check = await databases.client({}, schema);
      const [row] = await check.query<{ n: number }>({
        name: 't_count',
        text: 'SELECT count(*)::int AS n FROM taskcast_migrations',
      });
      assert.equal(row?.n, loadMigrations().length);
      await Promise.all(stores.map((s) => s.close()));
      await check.close();
    });

    test('a lock timeout and a read-only server are 503s that changed nothing, never 500s', async () => {
      const schema = freshSchema();
      const store = await openPostgresTaskStore(await databases.client({}, schema));
      const ada = aUser();
      await store.users.addIfEmailFree(ada);
      const task = aTask(ada, '2026-03-01 12:00:00');
      await store.tasks.add(task);
      // Nodes whose sessions have settings an operator may give the role or the database.
      const node = (settings: string) =>
        openPostgresTaskStore(
          createPgSqlClient({
            connectionString: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema} ${settings}`)}`,
          }),
        );
      const impatient = await node('-c lock_timeout=100');
      const holder = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await holder.connect();
      try {
        // Another session holds the owner's and the task's rows (a long transaction, a manual fix in psql).
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ada.id]);
        await holder.query('SELECT 1 FROM tasks WHERE id = $1 FOR UPDATE', [task.id]);
        const unavailable = (e: unknown) => e instanceof ServiceUnavailable;
        // The server answered: "cannot be reached" would send the reader after the network.
        const late = (e: unknown) => unavailable(e) && /did not finish in time/.test((e as Error).message);
        await assert.rejects(impatient.tasks.add(aTask(ada, '2026-03-01 12:00:01'), undefined, 10), late);
        await assert.rejects(
          impatient.tasks.updateOwned(ada.id, task.id, (t) => ({ ...t, title: 'late' })),
          unavailable,
        );
        await assert.rejects(impatient.tasks.removeOwned(ada.id, task.id), unavailable);
        await holder.query('ROLLBACK');

        // A standby, or a primary demoted by a failover: it reads, and refuses every write.
        const standby = () =>
          createPgSqlClient({
            connectionString: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema} -c default_transaction_read_only=on`)}`,
          });
        const client = standby();
        try {
          const users = new PostgresUserRepository(client);
          const tasks = new PostgresTaskRepository(client);
          assert.deepEqual(await tasks.listOwned(ada.id, {}), [task]);
          const readOnly = (e: unknown) => unavailable(e) && /takes no writes/.test((e as Error).message);
          await assert.rejects(users.addIfEmailFree(aUser()), readOnly);
          await assert.rejects(tasks.add(aTask(ada, '2026-03-01 12:00:02')), unavailable);
          await assert.rejects(tasks.add(aTask(ada, '2026-03-01 12:00:02'), undefined, 10), unavailable);
          await assert.rejects(
            tasks.updateOwned(ada.id, task.id, (t) => ({ ...t, title: 'late' })),
            unavailable,
          );
          await assert.rejects(tasks.removeOwned(ada.id, task.id), unavailable);
        } finally {
          await client.close();
        }
        // Start-up waits for it as for a server that is not up yet, then says what the server answered.
        await assert.rejects(
          openPostgresTaskStore(standby(), { startupWaitMs: 300 }),
          (e: unknown) => e instanceof StoreOpenError && /read-only transaction/.test(e.message),
        );
        assert.deepEqual(await store.tasks.listOwned(ada.id, {}), [task]);
      } finally {
        await holder.end();
        await impatient.close();
        await store.close();
      }
    });

    test('readiness stays true while every pooled connection waits on a lock: the server does answer', async () => {
      const schema = freshSchema();
      const store = await openPostgresTaskStore(await databases.client({ poolSize: 2, queryTimeoutMs: 3000 }, schema));
      const ada = aUser();
      await store.users.addIfEmailFree(ada);
      const task = aTask(ada, '2026-03-01 12:00:00');
      await store.tasks.add(task);
      const holder = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM tasks WHERE id = $1 FOR UPDATE', [task.id]);
        // Both connections of the pool now wait for that row (a client retrying a PATCH, a slow statement).
        const stuck = [1, 2].map(() =>
          store.tasks.updateOwned(ada.id, task.id, (t) => ({ ...t, title: 'later' })).catch((e: unknown) => e),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        // /ready would otherwise say "does not answer" and a load balancer would take every node out at once.
        const started = Date.now();
        assert.deepEqual(await store.readiness(), { ok: true });
        assert.ok(Date.now() - started < 1000, `answered in ${Date.now() - started} ms`);
        // A request meanwhile waits for a connection, and its 503 says the node was busy, not unreachable.
        await assert.rejects(
          store.tasks.listOwned(ada.id, {}),
          (e: unknown) => e instanceof ServiceUnavailable && /busy/.test(e.message),
        );
        await holder.query('ROLLBACK');
        await Promise.all(stuck);
      } finally {
        await holder.end();
        await store.close();
      }
    });

    test('a migration may run longer than a request statement may', async () => {
      // A later release's migration (an index on a large table, a column rewritten) takes what it takes; cut
      // at the requests' statement time, it would stop every node's start-up, each retry cut again.
      const slow = [
        ...loadMigrations(),
        { version: loadMigrations().length + 1, name: 'slow', sql: 'SELECT pg_sleep(2)' },
      ];
      const store = await openPostgresTaskStore(await databases.client({ queryTimeoutMs: 500 }), {
        migrations: slow,
        startupWaitMs: 0,
      });
      await store.close();
    });

    test('the pool replaces connections the server killed, and a request meanwhile gets 503, never another error', async () => {
      const applicationName = `taskcast-test-${process.pid}-${Date.now()}`;
      const store = await openPostgresTaskStore(await databases.client({ applicationName }));
      const ada = aUser();
      await store.users.addIfEmailFree(ada);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        applicationName,
      ]);
      await admin.end();
      let served = false;
      for (let i = 0; i < 5 && !served; i++) {
        try {
          assert.deepEqual(await store.users.findById(ada.id), ada);
          served = true;
        } catch (error) {
          assert.ok(error instanceof ServiceUnavailable, String(error));
        }
      }
      assert.ok(served);
      assert.deepEqual(await store.readiness(), { ok: true });
      await store.close();
    });

    test('a session whose connection the server cuts fails its work, and the process lives on', async () => {
      // A checked-out connection emits 'error' when the server closes it; a session (the migrations') that
      // heard none would crash the process with an unhandled 'error' event instead of failing its work.
      const client = await databases.client({});
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      const outcome = await client
        .withSession(async (session) => {
          const [row] = await session.query<{ pid: number }>({ name: 't_pid', text: 'SELECT pg_backend_pid() AS pid' });
          await admin.query('SELECT pg_terminate_backend($1)', [row?.pid]);
          // The cut reaches the connection while no statement of the session runs.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await session.query({ name: 't_one', text: 'SELECT 1' });
        })
        .then(
          () => 'done',
          (error: unknown) => (error instanceof Error ? 'failed' : 'odd'),
        );
      assert.equal(outcome, 'failed');
      await admin.end();
      await client.close();
    });
  },
);
