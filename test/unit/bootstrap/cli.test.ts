import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { runCli } from '../../../bootstrap/cli/cli-commands.ts';
import { CONFIG_VARIABLES } from '../../../bootstrap/server/config.ts';
import { createTaskcast } from '../../../bootstrap/entry/library.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-cli-'));
after(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = (): string => {
  const dir = join(root, String(++folders));
  mkdirSync(dir);
  return dir;
};

async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  let out = '';
  let err = '';
  let served = 0;
  const code = await runCli(args, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env,
    serve: async () => {
      served++;
    },
  });
  return { code, out, err, served };
}

/** A store as a server leaves it: two users, three tasks (one deleted), closed cleanly or still open. */
async function makeStore(dbPath: string, options: { leaveOpen?: boolean } = {}) {
  const taskcast = await createTaskcast({
    storage: 'lowdb',
    dbPath,
    jwtSecret: 'cli-tests-secret-of-at-least-32-chars',
    bcryptCost: 4,
  });
  const ada = await taskcast.tasks.signUp.execute({ name: 'Ada', email: 'ada@example.com', password: 'correct horse' });
  const bob = await taskcast.tasks.signUp.execute({ name: 'Bob', email: 'bob@example.com', password: 'correct horse' });
  await taskcast.tasks.createTask.execute(ada.user.id, { title: 'one' });
  const gone = await taskcast.tasks.createTask.execute(ada.user.id, { title: 'two' });
  await taskcast.tasks.createTask.execute(bob.user.id, { title: 'three' });
  await taskcast.tasks.deleteTask.execute(ada.user.id, gone.id);
  if (!options.leaveOpen) await taskcast.close();
  return { taskcast, ada: ada.user, bob: bob.user };
}

const fingerprint = (path: string) => {
  const stat = statSync(path);
  return `${stat.size}:${stat.mtimeMs}:${readFileSync(path, 'utf8')}`;
};

describe('taskcast (the bin)', () => {
  test('no command or `serve` starts the server; --help never does', async () => {
    assert.equal((await cli([])).served, 1);
    assert.equal((await cli(['serve'])).served, 1);
    for (const args of [['--help'], ['-h'], ['help'], ['serve', '--help'], ['check-store', '--help']]) {
      const run = await cli(args);
      assert.equal(run.code, 0, args.join(' '));
      assert.equal(run.served, 0, args.join(' '));
      assert.match(run.out, /^Usage: taskcast/);
    }
  });

  test('`serve --help` lists every variable the server reads', async () => {
    const { out } = await cli(['serve', '--help']);
    // TASKCAST_CACHE_DIR is read by the embedded model's cache, not config.ts, but the server reads it all the same.
    for (const name of [...CONFIG_VARIABLES, 'TASKCAST_CACHE_DIR'])
      assert.match(out, new RegExp(`^  ${name} `, 'm'), `${name} is in the help`);
    const main = await cli(['--help']);
    assert.match(main.out, /check-store/);
    assert.match(main.out, /serve/);
  });

  test('`check-store --help` names --db and DB_PATH', async () => {
    const { out } = await cli(['check-store', '--help']);
    assert.match(out, /--db PATH/);
    assert.match(out, /^ {2}DB_PATH /m);
  });

  test('usage errors exit 2 with one line on stderr and start nothing', async () => {
    for (const args of [
      ['frobnicate'],
      ['--bogus'],
      ['serve', 'extra'],
      ['serve', '--db', 'x.db'],
      ['check-store', '--db'],
      ['check-store', '--db', ''],
    ]) {
      const run = await cli(args);
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.served, 0);
      assert.equal(run.err.trim().split('\n').length, 1, run.err);
      assert.match(run.err, /^taskcast: .*--help/);
    }
  });
});

describe('taskcast check-store', () => {
  test('a cleanly stopped store: sound, with its users and live tasks counted', async () => {
    const dbPath = join(folder(), 'tasks.db');
    await makeStore(dbPath);
    const run = await cli(['check-store', '--db', dbPath]);
    assert.equal(run.code, 0, run.out);
    assert.equal(run.out, `sound: ${dbPath} holds 2 user(s) and 2 task(s)\n`);
  });

  test('DB_PATH is the default, relative paths resolve against the working directory', async () => {
    const dbPath = join(folder(), 'tasks.db');
    await makeStore(dbPath);
    const run = await cli(['check-store'], { DB_PATH: dbPath });
    assert.equal(run.code, 0);
    assert.match(run.out, /2 user\(s\) and 2 task\(s\)/);
  });

  test("beside a running server: no lock taken, nothing written, the journal's changes counted", async () => {
    const dbPath = join(folder(), 'tasks.db');
    const { taskcast } = await makeStore(dbPath, { leaveOpen: true });
    try {
      const before = [fingerprint(dbPath), fingerprint(`${dbPath}.journal`)];
      const run = await cli(['check-store', '--db', dbPath]);
      assert.equal(run.code, 0, run.out);
      assert.match(
        run.out,
        /^sound: .* holds 2 user\(s\) and 2 task\(s\) \(6 of its changes still in .*tasks\.db\.journal\)\n$/,
      );
      assert.deepEqual([fingerprint(dbPath), fingerprint(`${dbPath}.journal`)], before, 'the files are untouched');
    } finally {
      await taskcast.close();
    }
  });

  // Issue 36: after kill -9 during a compaction the changes are in `.journal.compacting` and `.journal`;
  // check-store counted only the latter, while start-up served both.
  test('after a crash during compaction: counts what start-up serves, the moved-aside journal included', async () => {
    const dbPath = join(folder(), 'tasks.db');
    const { ada, bob } = await makeStore(dbPath);
    const task = (id: string, userId: string) => ({
      id,
      user_id: userId,
      title: id,
      description: null,
      status: 'pending',
      priority: 'low',
      due_date: null,
      created_at: '2026-03-01 12:00:00',
      updated_at: '2026-03-01 12:00:00',
    });
    const line = (t: object) => `${JSON.stringify({ kind: 'task', task: t })}\n`;
    writeFileSync(
      `${dbPath}.journal.compacting`,
      line(task('00000000-0000-4000-8000-00000000c001', ada.id)) +
        line(task('00000000-0000-4000-8000-00000000c002', bob.id)),
    );
    writeFileSync(`${dbPath}.journal`, line(task('00000000-0000-4000-8000-00000000c003', ada.id)));
    const run = await cli(['check-store', '--db', dbPath]);
    assert.equal(run.code, 0, run.out);
    assert.equal(
      run.out,
      `sound: ${dbPath} holds 2 user(s) and 5 task(s) (3 of its changes still in ${dbPath}.journal.compacting and ${dbPath}.journal)\n`,
    );
    const store = await openLowdbTaskStore(dbPath);
    try {
      const served =
        (await store.tasks.listOwned(ada.id, {})).length + (await store.tasks.listOwned(bob.id, {})).length;
      assert.equal(served, 5, 'start-up serves what check-store counted');
    } finally {
      await store.close();
    }
  });

  test('a final journal record cut short by a crash is not a fault, and is mentioned', async () => {
    const dbPath = join(folder(), 'tasks.db');
    await makeStore(dbPath);
    writeFileSync(`${dbPath}.journal`, '{"kind":"delete-task","id":"x"}\n{"kind":"task","ta');
    const run = await cli(['check-store', '--db', dbPath]);
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /^sound: .*; dropped the final record of .*journal \(line 2, 18 bytes\)/);
    assert.equal(run.out.split('\n').length, 2, 'one line');
  });

  const broken: Array<[string, (dbPath: string, ids: { ada: string; bob: string }) => void, RegExp]> = [
    ['a snapshot that is not JSON', (p) => writeFileSync(p, '{"users": ['), /is not valid JSON/],
    ['a snapshot that reads null', (p) => writeFileSync(p, 'null'), /not a Taskcast task store \(it is null\)/],
    [
      'a snapshot whose task lacks a title',
      (p) => {
        const doc = JSON.parse(readFileSync(p, 'utf8'));
        delete doc.tasks[0].title;
        writeFileSync(p, JSON.stringify(doc));
      },
      /tasks\.0\.title: missing/,
    ],
    [
      'a journal line of an unknown kind',
      (p) => writeFileSync(`${p}.journal`, '{"kind":"rename","id":"x"}\n'),
      /journal .* line 1 \(unknown kind "rename"\)/,
    ],
    [
      'a journal line that is not JSON',
      (p) => writeFileSync(`${p}.journal`, 'garbage\n{"kind":"delete-task","id":"x"}\n'),
      /damaged at line 1/,
    ],
    [
      'a journal without its snapshot',
      (p) => {
        writeFileSync(`${p}.journal`, '{"kind":"delete-task","id":"x"}\n');
        rmSync(p);
      },
      /journal .* is there but its snapshot .* is missing/,
    ],
    [
      'a task whose user is not in the store',
      (p, ids) => {
        const doc = JSON.parse(readFileSync(p, 'utf8'));
        doc.users = doc.users.filter((u: { id: string }) => u.id !== ids.bob);
        writeFileSync(p, JSON.stringify(doc));
      },
      /1 task\(s\) belong to no user \(first: task .* of user /,
    ],
    [
      'two users with one email',
      (p) => {
        const doc = JSON.parse(readFileSync(p, 'utf8'));
        doc.users[1].email = doc.users[0].email;
        writeFileSync(p, JSON.stringify(doc));
      },
      /two users share the email ada@example\.com/,
    ],
    [
      'a journal with a block zeroed in its middle, records after it',
      (p) => {
        const line = '{"kind":"delete-task","id":"some-task-that-is-not-there"}\n';
        const journal = Buffer.from(line.repeat(300));
        journal.fill(0, 4096, 8192);
        writeFileSync(`${p}.journal`, journal);
      },
      /journal .*tasks\.db\.journal is damaged at byte 4096: zeros there are followed by more data at byte 8192/,
    ],
    ['no store at all', (p) => rmSync(p), /there is no store at/],
    [
      'a folder',
      (p) => {
        rmSync(p);
        mkdirSync(p);
      },
      /is a folder/,
    ],
  ];
  for (const [what, damage, problem] of broken) {
    test(`not sound: ${what}; one line saying what is wrong, exit 1, files untouched`, async () => {
      const dbPath = join(folder(), 'tasks.db');
      const { ada, bob } = await makeStore(dbPath);
      damage(dbPath, { ada: ada.id, bob: bob.id });
      const before = [dbPath, `${dbPath}.journal`].map((p) => {
        try {
          return fingerprint(p);
        } catch {
          return 'absent';
        }
      });
      const run = await cli(['check-store', '--db', dbPath]);
      assert.equal(run.code, 1, run.out);
      assert.match(run.out, /^NOT SOUND: /);
      assert.match(run.out, problem);
      assert.equal(run.out.split('\n').length, 2, 'one line');
      const afterwards = [dbPath, `${dbPath}.journal`].map((p) => {
        try {
          return fingerprint(p);
        } catch {
          return 'absent';
        }
      });
      assert.deepEqual(afterwards, before);
      // Start-up reads the store with the same reader, and refuses what check-store calls unsound (an
      // absent store excepted: start-up creates one).
      if (what === 'no store at all') return;
      await assert.rejects(openLowdbTaskStore(dbPath), (error: Error) => {
        assert.ok(error instanceof StoreOpenError, error.message);
        assert.match(error.message, problem);
        assert.equal(error.message.split('\n').length, 1);
        return true;
      });
      assert.deepEqual(
        [dbPath, `${dbPath}.journal`].map((p) => {
          try {
            return fingerprint(p);
          } catch {
            return 'absent';
          }
        }),
        before,
        'start-up left them untouched too',
      );
    });
  }
});
