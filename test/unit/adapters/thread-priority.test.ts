/** A thread that lowers its own CPU priority lowers no other thread's (Linux applies nice per thread). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

/** The nice value of the thread at /proc/<path>/stat (field 19). */
function niceOf(path: string): number {
  return Number(readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
}

test(
  'lowerThisThreadsPriority lowers only the calling thread, on Linux',
  { skip: process.platform !== 'linux' },
  async () => {
    const before = niceOf('thread-self');
    // The worker lowers itself and reports its own nice value; this thread's must stay as it was.
    const moduleUrl = new URL('../../../adapters/shared/thread-priority.ts', import.meta.url).href;
    const code = `
    const { parentPort } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(async (api) => {
      api.register();
      const { lowerThisThreadsPriority } = await import(${JSON.stringify(moduleUrl)});
      const lowered = lowerThisThreadsPriority();
      const nice = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
      parentPort.postMessage({ lowered, nice });
    });`;
    const worker = new Worker(code, { eval: true });
    const answer = await new Promise<{ lowered: boolean; nice: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.deepEqual(answer, { lowered: true, nice: 19 });
    assert.equal(niceOf('thread-self'), before);
    assert.equal(niceOf(String(process.pid)), before);
  },
);
