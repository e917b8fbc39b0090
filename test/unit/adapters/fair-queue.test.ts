import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FairQueue, QueueFull } from '../../../adapters/http/fair-queue.ts';

/** Work that finishes when the test says so, recording the order in which it started. */
function gate() {
  const started: string[] = [];
  const release: Array<() => void> = [];
  const work = (label: string) => () =>
    new Promise<string>((resolve) => {
      started.push(label);
      release.push(() => resolve(label));
    });
  const finishOne = async () => {
    release.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { started, work, finishOne };
}

test('waiting work is taken in turn per client, not in arrival order', async () => {
  const q = new FairQueue({ concurrency: 1, maxWaitingPerClient: 100, maxWaiting: 1000 });
  const g = gate();
  const all = [];
  for (let i = 0; i < 5; i++) all.push(q.run('attacker', g.work(`a${i}`)));
  all.push(q.run('bob', g.work('b0')));
  all.push(q.run('carol', g.work('c0')));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(g.started, ['a0']);
  for (let i = 0; i < 6; i++) await g.finishOne();
  assert.deepEqual(g.started, ['a0', 'a1', 'b0', 'c0', 'a2', 'a3', 'a4']);
  await g.finishOne();
  await Promise.all(all);
  assert.equal(q.waitingFor(), 0);
});

test('never more than `concurrency` at once; a failure frees its slot', async () => {
  const q = new FairQueue({ concurrency: 2, maxWaitingPerClient: 100, maxWaiting: 1000 });
  let inFlight = 0;
  let peak = 0;
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      q.run(`c${i % 3}`, async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        if (i === 4) throw new Error('boom');
        return i;
      }),
    ),
  );
  assert.equal(peak, 2);
  assert.equal(results.filter((r) => r.status === 'rejected').length, 1);
  assert.equal(await q.run('x', async () => 'still usable'), 'still usable');
});

test('a client past its bound is refused at once with a Retry-After; other clients still queue', async () => {
  const q = new FairQueue({ concurrency: 1, maxWaitingPerClient: 3, maxWaiting: 5 });
  const g = gate();
  const queued = [q.run('a', g.work('a0'))];
  for (let i = 1; i <= 3; i++) queued.push(q.run('a', g.work(`a${i}`)));
  await assert.rejects(
    q.run('a', g.work('a4')),
    (e) => e instanceof QueueFull && e.scope === 'client' && e.retryAfterSeconds >= 1,
  );
  assert.equal(q.waitingFor('a'), 3);
  queued.push(q.run('b', g.work('b0')), q.run('c', g.work('c0')));
  await assert.rejects(q.run('d', g.work('d0')), (e) => e instanceof QueueFull && e.scope === 'all');
  for (let i = 0; i < 6; i++) await g.finishOne();
  await Promise.all(queued);
  assert.deepEqual(g.started, ['a0', 'a1', 'b0', 'c0', 'a2', 'a3']);
});
