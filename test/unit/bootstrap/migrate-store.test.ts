import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { openPostgresTaskStore } from '../../../adapters/persistence/postgres/postgres-task-store.ts';
import { migrateLowdbToPostgres } from '../../../bootstrap/cli/migrate-store.ts';
import { createTaskcast } from '../../../bootstrap/entry/library.ts';
import { freshSchema, TEST_DATABASE_URL, TestDatabases } from '../../support/test-postgres.ts';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'taskcast-migrate-'));
const databases = new TestDatabases();
after(async () => {
  rmSync(root, { recursive: true, force: true });
  await databases.dispose();
});

/** A lowdb store as a server leaves it: users, tasks (some in one second), an edit and a deletion. */
async function lowdbStoreWithData(name: string): Promise<{ path: string; emails: string[] }> {
  const path = join(root, name, 'tasks.db');
  const taskcast = await createTaskcast({ storage: 'lowdb', dbPath: path, bcryptCost: 4, jwtSecret: 'x'.repeat(32) });
  const emails = ['ada@example.com', 'bob@example.com'];
  for (const email of emails) {
    const { user } = await taskcast.tasks.signUp.execute({
      name: email.split('@')[0]!,
      email,
      password: 'correct horse',
    });
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await taskcast.tasks.createTask.execute(user.id, {
          title: `${email} ${i}`,
          priority: i % 2 ? 'high' : 'low',
          due_date: i === 3 ? '2027-01-31' : null,
        }),
      );
    }
    await taskcast.tasks.createTask.executeOnce(user.id, { title: `${email} keyed` }, { key: 'retry-me' });
    await taskcast.tasks.updateTask.execute(user.id, made[2]!.id, { status: 'completed', description: 'done 🎉' });
    await taskcast.tasks.deleteTask.execute(user.id, made[5]!.id);
  }
  await taskcast.close();
  return { path, emails };
}

describe(`migrate-store lowdb → postgres (${databases.kind})`, () => {
  test('copies every user and task, in list order, with the password hashes', async () => {
    const { path, emails } = await lowdbStoreWithData('copy');
    const schema = freshSchema();
    const summary = await migrateLowdbToPostgres(path, await databases.client({}, schema));
    assert.deepEqual(summary, { users: 2, tasks: 24, idempotencyKeys: 2 });

    const before = await openLowdbTaskStore(path);
    const afterwards = await openPostgresTaskStore(await databases.client({}, schema));
    try {
      for (const email of emails) {
        const user = await before.users.findByEmail(email);
        assert.ok(user);
        assert.deepEqual(await afterwards.users.findByEmail(email), user);
        assert.deepEqual(await afterwards.tasks.listOwned(user.id, {}), await before.tasks.listOwned(user.id, {}));
        assert.deepEqual(
          await afterwards.tasks.findIdempotencyRecord(user.id, 'retry-me'),
          await before.tasks.findIdempotencyRecord(user.id, 'retry-me'),
        );
        assert.deepEqual(
          (await afterwards.tasks.pageOwned(user.id, { priority: 'high' }, { limit: 3 })).map((e) => e.task),
          (await before.tasks.pageOwned(user.id, { priority: 'high' }, { limit: 3 })).map((e) => e.task),
        );
      }
    } finally {
      await before.close();
      await afterwards.close();
    }
  });

  test('refuses a database that already holds users, and copies nothing', async () => {
    const { path } = await lowdbStoreWithData('refuse');
    const schema = freshSchema();
    await migrateLowdbToPostgres(path, await databases.client({}, schema));
    await assert.rejects(
      migrateLowdbToPostgres(path, await databases.client({}, schema)),
      (e: unknown) => e instanceof StoreOpenError && /already holds 2 users/.test(e.message),
    );
    const check = await openPostgresTaskStore(await databases.client({}, schema));
    const ada = await check.users.findByEmail('ada@example.com');
    assert.equal((await check.tasks.listOwned(ada!.id, {})).length, 12, 'still one copy');
    await check.close();
  });
});

describe('npm run migrate-store', () => {
  const npm = (args: string[], env: Record<string, string> = {}) =>
    run('npm', ['run', '--silent', 'migrate-store', '--', ...args], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, ...env },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  test('explains its arguments when they are wrong', async () => {
    const result = await npm(['--from', 'sqlite:x.db', '--to', 'postgres']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--from lowdb:<path>/);
  });

  test(
    'copies a store into the database at DATABASE_URL',
    { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (the command talks to a server); skipped' },
    async () => {
      const { path } = await lowdbStoreWithData('cli');
      const database = `taskcast_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      try {
        const url = new URL(TEST_DATABASE_URL!);
        url.pathname = `/${database}`;
        const result = await npm(['--from', `lowdb:${path}`, '--to', 'postgres'], { DATABASE_URL: url.href });
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /copied 2 users and 24 tasks/);
        const target = new pg.Client({ connectionString: url.href });
        await target.connect();
        const { rows } = await target.query('SELECT count(*)::int AS n FROM tasks');
        await target.end();
        assert.equal(rows[0].n, 24);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
