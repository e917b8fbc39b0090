/**
 * Odd store files stop `npm start` with exit 1 and one line naming the file: never a stack trace, never a
 * silent loss. A final journal record that lacks only its newline is recovered, and the log says so.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Task } from './api-client.ts';
import { killLeftovers, makeTempDir, runUntilExit, ServerProcess, serverLines } from './server-process.ts';
import { numberedTask } from '../support/task-fixtures.ts';

after(killLeftovers);

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  email: 'ada@example.com',
  passwordHash: '$2b$04$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva',
};
const TASK = numberedTask(1, USER.id, 'from the journal');
const SNAPSHOT = JSON.stringify({ format: 'taskcast-tasks/1', users: [USER], tasks: [] });

describe('odd store files at start-up (npm start)', { concurrency: true }, () => {
  for (const [name, snapshot, journal, named] of [
    ['a snapshot that reads null', 'null', undefined, 'tasks.db'],
    ['a journal line that is null', SNAPSHOT, 'null\n', 'tasks.db.journal'],
    ['a journal line that lacks fields', SNAPSHOT, '{"kind":"task","task":{"id":"x"}}\n', 'tasks.db.journal'],
    ['a journal line of an unknown kind', SNAPSHOT, '{"kind":"truncate-everything"}\n', 'tasks.db.journal'],
    [
      // Issue 36: replay used to stop silently at the zeros and the later records were lost at the next fold.
      'a journal with a block zeroed in its middle and records after it',
      SNAPSHOT,
      (() => {
        const records = Buffer.from(`${JSON.stringify({ kind: 'task', task: TASK })}\n`.repeat(60));
        return records.fill(0, 4096, 8192).toString('latin1');
      })(),
      'tasks.db.journal',
    ],
    [
      'a journal whose snapshot is missing',
      undefined,
      `${JSON.stringify({ kind: 'task', task: TASK })}\n`,
      'tasks.db.journal',
    ],
  ] as const) {
    test(`${name}: exit 1, one line naming ${named}, files untouched`, async () => {
      const dbPath = join(makeTempDir('odd'), 'tasks.db');
      if (snapshot !== undefined) writeFileSync(dbPath, snapshot);
      if (journal !== undefined) writeFileSync(`${dbPath}.journal`, journal);

      const run = await runUntilExit({ dbPath });
      assert.equal(run.listened, false, run.output);
      assert.equal(run.code, 1, run.output);
      const lines = serverLines(run.stderr);
      assert.equal(lines.length, 1, `one line on stderr\n${run.output}`);
      assert.ok(lines[0]!.includes(join(dbPath, '..', named)), `the line names ${named}\n${run.output}`);
      assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
      assert.equal(
        snapshot === undefined ? existsSync(dbPath) : readFileSync(dbPath, 'utf8') === snapshot,
        snapshot !== undefined,
        'the snapshot is as it was',
      );
      if (journal !== undefined)
        assert.equal(readFileSync(`${dbPath}.journal`, 'utf8'), journal, 'the journal is as it was');
    });
  }

  test('a complete final journal record without its newline is recovered and logged', async () => {
    const dbPath = join(makeTempDir('odd-recover'), 'tasks.db');
    writeFileSync(dbPath, SNAPSHOT);
    writeFileSync(`${dbPath}.journal`, JSON.stringify({ kind: 'task', task: TASK }));
    const server = await ServerProcess.start({ dbPath });
    assert.match(
      server.stdout,
      /recovered the final record .*tasks\.db\.journal.* complete but for its newline/,
      server.output,
    );
    const stopped = await server.stop('SIGTERM');
    assert.equal(stopped.code, 0, server.output);
    const stored = JSON.parse(readFileSync(dbPath, 'utf8')) as { tasks: Task[] };
    assert.deepEqual(stored.tasks, [TASK]);
  });
});
