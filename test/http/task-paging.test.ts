import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { httpWorld } from '../support/http.ts';

async function worldWithTasks(n: number) {
  const w = await httpWorld();
  const { token } = await w.signUp();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push((await w.createTask(token, { title: `t${i}`, priority: i % 3 === 0 ? 'high' : 'low' })).id);
    if (i % 7 === 0) w.clock.advance(1000); // several tasks share a second, as real bursts do
  }
  return { w, token, newestFirst: ids.reverse() };
}

describe('GET /api/tasks?limit=&cursor= (optional paging)', () => {
  test("without them the list is whole, in the spec's shape", async () => {
    const { w, token, newestFirst } = await worldWithTasks(30);
    const reply = await w.call('GET', '/api/tasks', { token });
    assert.deepEqual(Object.keys(reply.body).sort(), ['count', 'tasks']);
    assert.equal(reply.body.count, 30);
    assert.deepEqual(
      reply.body.tasks.map((t: { id: string }) => t.id),
      newestFirst,
    );
    assert.equal(reply.headers.get('link'), null);
  });

  test('pages follow `next` (body and Link header) through the whole list, newest first, none twice', async () => {
    const { w, token, newestFirst } = await worldWithTasks(23);
    const seen: string[] = [];
    let url: string | null = '/api/tasks?limit=10';
    const counts: number[] = [];
    while (url) {
      const reply = await w.call('GET', url, { token });
      assert.equal(reply.status, 200);
      counts.push(reply.body.count);
      seen.push(...reply.body.tasks.map((t: { id: string }) => t.id));
      const next: string | null = reply.body.next;
      assert.equal(reply.headers.get('link'), next ? `<${next}>; rel="next"` : null);
      url = next;
    }
    assert.deepEqual(counts, [10, 10, 3]);
    assert.deepEqual(seen, newestFirst);
  });

  test('a cursor keeps its place while tasks are added, and while its own task is deleted', async () => {
    const { w, token, newestFirst } = await worldWithTasks(20);
    const first = await w.call('GET', '/api/tasks?limit=5', { token });
    for (let i = 0; i < 4; i++) await w.createTask(token, { title: `new${i}` });
    const second = await w.call('GET', first.body.next, { token });
    assert.deepEqual(
      second.body.tasks.map((t: { id: string }) => t.id),
      newestFirst.slice(5, 10),
    );
    w.clock.advance(5000);
    const lastOfSecond = second.body.tasks.at(-1).id;
    assert.equal((await w.call('DELETE', `/api/tasks/${lastOfSecond}`, { token })).status, 200);
    const third = await w.call('GET', second.body.next, { token });
    assert.deepEqual(
      third.body.tasks.map((t: { id: string }) => t.id),
      newestFirst.slice(10, 15),
      'continues right after the deleted task, its same-second siblings included',
    );
  });

  // Issue 36: ten tasks in one second, a page of five, the page's last task deleted: `next` still gives the
  // other five (it used to give none or one, the rest of that second being skipped).
  test('a cursor whose task was deleted skips none of the tasks of its second', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await w.createTask(token, { title: `t${i}` })).id);
    const newestFirst = ids.reverse();
    const first = await w.call('GET', '/api/tasks?limit=5', { token });
    assert.equal((await w.call('DELETE', `/api/tasks/${first.body.tasks.at(-1).id}`, { token })).status, 200);
    const second = await w.call('GET', first.body.next, { token });
    assert.deepEqual(
      second.body.tasks.map((t: { id: string }) => t.id),
      newestFirst.slice(5),
    );
    // A cursor of the earlier form (creation time and task id) is still read: its deleted task's second is
    // shown again from its start (a task may repeat; none is skipped).
    const gone = first.body.tasks.at(-1);
    const legacy = Buffer.from(`${gone.created_at}|${gone.id}`).toString('base64url');
    const again = await w.call('GET', `/api/tasks?limit=20&cursor=${legacy}`, { token });
    assert.equal(again.status, 200);
    assert.deepEqual(
      again.body.tasks.map((t: { id: string }) => t.id),
      newestFirst.filter((id) => id !== gone.id),
    );
  });

  test('filters apply within pages and are kept in `next`', async () => {
    const { w, token } = await worldWithTasks(30);
    const reply = await w.call('GET', '/api/tasks?priority=high&limit=4', { token });
    assert.ok(reply.body.tasks.every((t: { priority: string }) => t.priority === 'high'));
    assert.match(reply.body.next, /priority=high/);
    const all = await w.call('GET', '/api/tasks?priority=high', { token });
    const paged: string[] = [];
    let url: string | null = '/api/tasks?priority=high&limit=4';
    while (url) {
      const r = await w.call('GET', url, { token });
      paged.push(...r.body.tasks.map((t: { id: string }) => t.id));
      url = r.body.next;
    }
    assert.deepEqual(
      paged,
      all.body.tasks.map((t: { id: string }) => t.id),
    );
  });

  test('limit defaults to 100 with a cursor alone, is capped at 500; bad values are 400 ValidationError', async () => {
    const { w, token } = await worldWithTasks(3);
    assert.equal((await w.call('GET', '/api/tasks?limit=500', { token })).body.next, null);
    for (const query of [
      'limit=0',
      'limit=501',
      'limit=abc',
      'limit=1.5',
      'limit=',
      'limit=1&limit=2',
      'cursor=',
      'cursor=@@',
      'cursor=bm90IGEgY3Vyc29y',
      'cursor=a&cursor=b',
      // A well-formed cursor naming a day that does not exist (Date.parse rolls it over; PostgreSQL refuses it).
      `cursor=${Buffer.from('2026-02-30 12:00:00|00000000-0000-4000-8000-000000000001').toString('base64url')}`,
      // Year 0000 is a real ISO date, but no clock made a task then, and PostgreSQL's timestamp has no year 0.
      `cursor=${Buffer.from('0000-01-01 00:00:00|5').toString('base64url')}`,
      `cursor=${Buffer.from('0000-06-01 12:00:00|00000000-0000-4000-8000-000000000001').toString('base64url')}`,
      `cursor=${Buffer.from('2026-02-28 12:00:00|12345678901234567').toString('base64url')}`,
      `cursor=${Buffer.from('2026-02-28 12:00:00|-1').toString('base64url')}`,
    ]) {
      const reply = await w.call('GET', `/api/tasks?${query}`, { token });
      assert.equal(reply.status, 400, query);
      assert.equal(reply.body.error, 'ValidationError', query);
    }
  });

  test('a page of a user with thousands of tasks is bounded', async () => {
    const { w, token } = await worldWithTasks(1200);
    const whole = await w.call('GET', '/api/tasks', { token });
    const page = await w.call('GET', '/api/tasks?limit=50', { token });
    assert.equal(page.body.count, 50);
    assert.ok(page.text.length * 20 < whole.text.length, `${page.text.length} vs ${whole.text.length} bytes`);
  });
});
