/**
 * A long task list (thousands of large tasks, asked for without `limit`) is written in slices that yield
 * to other requests: the event loop is never held for long, and the bytes and ETag are those of the list
 * built in one piece.
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import type { TaskRepository } from '../../application/tasks/ports.ts';
import { listBody, listBodyInSlices } from '../../adapters/http/tasks/task-json.ts';
import type { Task } from '../../domain/tasks/task.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { httpWorld } from '../support/http.ts';

function tasksOf(userId: string, count: number, descriptionChars: number): Task[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    user_id: userId,
    title: `task ${i} é`,
    description: `${'x'.repeat(descriptionChars)}${i}`,
    status: 'pending',
    priority: 'medium',
    due_date: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  }));
}

test('a list built in slices has the bytes and ETag of the list built in one piece', async () => {
  for (const count of [0, 1, 256, 257, 1000]) {
    const tasks = tasksOf('u', count, 50);
    for (const next of [undefined, null, '/api/tasks?limit=5&cursor=abc']) {
      const sliced = await listBodyInSlices(`sliced-${count}`, tasks, next);
      const whole = listBody(`whole-${count}`, tasks, next);
      assert.deepEqual(Buffer.from(sliced.bytes), Buffer.from(whole.bytes), `${count} tasks`);
      assert.equal(sliced.etag, whole.etag);
    }
  }
});

test('8,000 large tasks without limit do not hold the event loop for the whole answer', async () => {
  const w = await httpWorld();
  const { token, id } = await w.signUp();
  const store: TaskRepository = w.container.get(TOKENS.TaskStore).tasks;
  for (const task of tasksOf(id, 8000, 4000)) await store.add(task);

  // A timer probe: the longest gap between ticks of a 1 ms interval while the answer is built.
  let last = performance.now();
  let worstMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    worstMs = Math.max(worstMs, now - last);
    last = now;
  }, 1);
  const answered = w.app.fetch(
    new Request('http://taskcast.test/api/tasks', { headers: { authorization: `Bearer ${token}` } }),
  );
  const response = await answered;
  clearInterval(probe);
  worstMs = Math.max(worstMs, performance.now() - last);
  const bytes = await response.arrayBuffer();
  assert.equal(response.status, 200);
  assert.ok(bytes.byteLength > 30_000_000, `a ${bytes.byteLength}-byte answer`);
  // The same list built in one piece, timed on this machine under this load: the yardstick for the stall.
  const tasks = await store.listOwned(id, {});
  const started = performance.now();
  listBody('whole', tasks, null);
  const wholeMs = performance.now() - started;
  console.log(
    `worst event-loop stall while listing 8,000 tasks: ${worstMs.toFixed(1)} ms (one piece: ${wholeMs.toFixed(1)} ms)`,
  );
  // One slice is 256 tasks (about 1 MB here), 1/31 of the list; a garbage collection of the 30 MB of text
  // is the likely rest of the worst stall. A fixed bound in ms failed under CI's load (117 ms against 100),
  // so the stall is judged against the one-piece build measured here and now. Half of it failed once in CI
  // (69 ms against 127): a collection of the 30 MB of text lands where it will. An answer built in one piece
  // would hold the loop for at least the whole build, so three quarters of it still tells the two apart.
  assert.ok(
    worstMs < wholeMs * 0.75,
    `the event loop was held for ${worstMs.toFixed(1)} ms; the list in one piece takes ${wholeMs.toFixed(1)} ms`,
  );
});
