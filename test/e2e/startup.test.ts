/**
 * Start-up: the default store location, and the start-ups that must fail (a corrupt store, bad configuration)
 * with exit code 1 and a message an operator can act on. Independent, so they run concurrently.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Api } from './api-client.ts';
import { killLeftovers, makeTempDir, runUntilExit, ServerProcess, serverLines } from './server-process.ts';

after(killLeftovers);

describe('start-up', { concurrency: true }, () => {
  test('with DB_PATH unset the store is ./data/tasks.db under the working directory, with a 0600 jwt-secret beside it', async () => {
    const cwd = makeTempDir('default-path');
    const dataDir = join(cwd, 'data');
    const dbFile = join(dataDir, 'tasks.db');
    const server = await ServerProcess.start({ via: 'node', cwd, dbPath: undefined });
    try {
      assert.match(server.stdout, new RegExp(`"db":"${escape(dbFile)}"`), 'the log names the resolved store');
      assert.ok(existsSync(dbFile), `${dbFile} exists once the server listens\n${server.output}`);

      const api = new Api(server.baseUrl);
      const email = `default-path-${Date.now()}@example.com`;
      const session = await api.signUp(email);
      await api.createTask(session.token, 'stored under ./data');
      assert.ok(existsSync(dbFile), `${dbFile} exists after a sign-up`);

      const secret = join(dataDir, 'jwt-secret');
      assert.ok(existsSync(secret), `${secret} is made when JWT_SECRET is unset`);
      assert.equal((statSync(secret).mode & 0o777).toString(8), '600', 'jwt-secret is readable by its owner only');
      assert.ok(readFileSync(secret, 'utf8').trim().length >= 32);

      const stopped = await server.stop('SIGTERM');
      assert.equal(stopped.code, 0, server.output);
      // The user went to that store (snapshot or journal), nowhere else.
      const journal = `${dbFile}.journal`;
      const stored = readFileSync(dbFile, 'utf8') + (existsSync(journal) ? readFileSync(journal, 'utf8') : '');
      assert.ok(stored.includes(email), 'the sign-up is in ./data/tasks.db or its journal');
    } finally {
      await server.stop('SIGKILL');
    }
  });

  for (const [name, content] of [
    ['not JSON', '{not json'],
    ['JSON that is not a task store', '{"users": 5}\n'],
  ] as const) {
    test(`a store file that is ${name} stops start-up with exit 1, names the file, and is left byte-identical`, async () => {
      const dir = makeTempDir('corrupt');
      const dbPath = join(dir, 'tasks.db');
      writeFileSync(dbPath, content);
      const before = readFileSync(dbPath);

      const run = await runUntilExit({ dbPath });
      assert.equal(run.listened, false, `the server must not start on a corrupt store\n${run.output}`);
      assert.equal(run.code, 1, `exit code\n${run.output}`);
      assert.ok(
        serverLines(run.stderr).some((line) => line.includes(dbPath)),
        `stderr names ${dbPath}\n${run.output}`,
      );
      assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace for an operator error');
      assert.deepEqual(readFileSync(dbPath), before, 'the file is untouched');
    });
  }

  test('a damaged journal line (not the last) stops start-up and leaves store and journal untouched', async () => {
    const dir = makeTempDir('journal');
    const dbPath = join(dir, 'tasks.db');
    writeFileSync(dbPath, JSON.stringify({ format: 'taskcast-tasks/1', users: [], tasks: [] }));
    writeFileSync(`${dbPath}.journal`, 'this is not json\n{}\n');
    const journalBefore = readFileSync(`${dbPath}.journal`);
    const storeBefore = readFileSync(dbPath);

    const run = await runUntilExit({ dbPath });
    assert.equal(run.listened, false, run.output);
    assert.equal(run.code, 1, run.output);
    assert.ok(
      serverLines(run.stderr).some((line) => line.includes(`${dbPath}.journal`)),
      run.output,
    );
    assert.deepEqual(readFileSync(`${dbPath}.journal`), journalBefore);
    assert.deepEqual(readFileSync(dbPath), storeBefore);
  });

  for (const [variable, value] of [
    ['PORT', 'abc'],
    ['STORAGE', 'nope'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'too-short-secret-do-not-echo'],
  ] as const) {
    test(`${variable}=${value} exits 1 with a one-line message naming ${variable}`, async () => {
      const dir = makeTempDir('config');
      mkdirSync(join(dir, 'db'));
      const run = await runUntilExit({ dbPath: join(dir, 'db', 'tasks.db'), env: { [variable]: value } });
      assert.equal(run.listened, false, run.output);
      assert.equal(run.code, 1, `exit code\n${run.output}`);
      const lines = serverLines(run.stderr);
      assert.equal(lines.length, 1, `exactly one line from the server on stderr\n${run.output}`);
      assert.match(lines[0] ?? '', new RegExp(`\\b${variable}\\b`), run.output);
      if (variable === 'JWT_SECRET') assert.ok(!run.output.includes(value), 'the secret is never echoed');
      assert.equal(existsSync(join(dir, 'db', 'tasks.db')), false, 'nothing is written on a configuration error');
    });
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
