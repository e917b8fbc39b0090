/**
 * Issue 35, item 14: `npm start` binds exactly the PORT asked for. Before, listhen's port search turned
 * PORT=0 into 3000 and skipped the ports browsers call unsafe (6000, 10080, …) for 3000 with a log line.
 * Now 0 is a free port chosen by the system, every other port is that port or an error, and the log
 * names the port actually bound.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, describe, test } from 'node:test';
import { join } from 'node:path';
import { killLeftovers, makeTempDir, runUntilExit, ServerProcess, serverLines, statusOf } from './server-process.ts';

after(killLeftovers);

/** Binds 127.0.0.1:port, or resolves undefined when that port is taken (by another test or program). */
function occupy(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const freshStore = (): string => join(makeTempDir('port'), 'tasks.db');

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

/** The port is free at this moment (the server under test may still lose a race for it: then the test says so). */
async function isFree(port: number): Promise<boolean> {
  const probe = await occupy(port);
  if (probe) await close(probe);
  return probe !== undefined;
}

async function startsOn(port: number): Promise<void> {
  const server = await ServerProcess.start({ port, dbPath: freshStore() });
  try {
    assert.equal(server.port, port);
    assert.match(server.stdout, new RegExp(`Taskcast listening on http://127\\.0\\.0\\.1:${port}\\b`));
    assert.equal(await statusOf(`${server.baseUrl}/health`), 200);
    assert.doesNotMatch(server.output, /unsafe port/i);
  } finally {
    await server.stop();
  }
}

describe('PORT is bound exactly', () => {
  test('PORT=0 binds a free port the system picks, and logs that port', async () => {
    const server = await ServerProcess.start({ port: 0, dbPath: freshStore() });
    try {
      assert.notEqual(server.port, 0);
      assert.notEqual(server.port, 3000);
      assert.match(server.stdout, new RegExp(`Taskcast listening on http://127\\.0\\.0\\.1:${server.port}\\b`));
      assert.equal(await statusOf(`${server.baseUrl}/health`), 200);
    } finally {
      await server.stop();
    }
  });

  test('a high port (65000 or the first free one above it)', async (t) => {
    let port = 65000;
    while (port <= 65535 && !(await isFree(port))) port++;
    if (port > 65535) return t.skip('no free port from 65000 up');
    await startsOn(port);
  });

  for (const port of [6000, 10080]) {
    test(`PORT=${port}, a port listhen called unsafe and replaced by 3000, is bound as asked`, async (t) => {
      if (!(await isFree(port))) return t.skip(`port ${port} is in use on this machine`);
      await startsOn(port);
    });
  }

  test('a busy port stops start-up with exit code 1 and one line naming it; nothing else is bound', async () => {
    const holder = await occupy(0);
    assert.ok(holder);
    const port = (holder.address() as { port: number }).port;
    try {
      const run = await runUntilExit({ port, dbPath: freshStore() });
      assert.equal(run.listened, false, run.output);
      assert.equal(run.code, 1, run.output);
      const lines = serverLines(run.stderr);
      assert.deepEqual(
        lines,
        [`taskcast: Cannot listen on 127.0.0.1:${port}: the port is already in use (set PORT to another one)`],
        run.output,
      );
      assert.doesNotMatch(run.stdout, /listening/);
    } finally {
      await close(holder);
    }
  });
});
