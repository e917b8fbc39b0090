import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import { IDEMPOTENCY, type IdempotencyRecord } from '../../domain/tasks/idempotency.ts';
import fc from 'fast-check';
import type { PositionedTask, TaskCursor } from '../../domain/tasks/paging.ts';
import type { Task, TaskFilter } from '../../domain/tasks/task.ts';
import type { User } from '../../domain/tasks/user.ts';
import { pendingTask } from '../support/task-fixtures.ts';

/**
 * What every task store must do, as the use cases rely on it. The same cases run unchanged against each
 * adapter (memory, lowdb, PostgreSQL); `open` gives a fresh, empty store, and `reopen` (for stores that
 * persist) a second store over the same data, as another node or a restarted one would see it.
 */
export interface StoreUnderTest {
  readonly store: TaskStore;
  readonly reopen?: () => Promise<TaskStore>;
  /** For stores that several nodes share: a second store over the same data, open at the same time. */
  readonly anotherNode?: () => Promise<TaskStore>;
}

let counter = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const aUser = (name = 'Ada'): User => {
  const n = ++counter;
  return { id: uuid('00000000', n), name, email: `user${n}@example.com`, passwordHash: '$2b$04$hash' };
};

export const aTask = (user: User, at: string, fields: Partial<Task> = {}): Task => {
  const n = ++counter;
  return pendingTask({
    id: uuid('abcdef00', n),
    user_id: user.id,
    title: `task ${n}`,
    created_at: at,
    updated_at: at,
    ...fields,
  });
};

/** The task with its fields in the order CreateTask gives them, which is the order the API answers with. */
const createOrder = (t: Task): Task => ({
  id: t.id,
  user_id: t.user_id,
  title: t.title,
  description: t.description,
  status: t.status,
  priority: t.priority,
  due_date: t.due_date,
  created_at: t.created_at,
  updated_at: t.updated_at,
});

/** Ada and Bob, both stored: most cases need an owner and someone else. */
async function adaAndBob(store: TaskStore): Promise<{ ada: User; bob: User }> {
  const ada = aUser();
  const bob = aUser('Bob');
  await store.users.addIfEmailFree(ada);
  await store.users.addIfEmailFree(bob);
  return { ada, bob };
}

/** 2026-03-01 12:00:00 UTC, the tasks' creation time, in ms for idempotency records. */
const NOON_MS = Date.parse('2026-03-01T12:00:00Z');

export function taskStoreContract(open: () => Promise<StoreUnderTest>): void {
  const withStore = (name: string, body: (s: StoreUnderTest) => Promise<void>): void => {
    test(name, async () => {
      const subject = await open();
      try {
        await body(subject);
      } finally {
        await subject.store.close();
      }
    });
  };

  withStore('a user is added once per email and found by id and email', async ({ store }) => {
    const ada = aUser();
    assert.equal(await store.users.addIfEmailFree(ada), true);
    assert.equal(await store.users.addIfEmailFree({ ...aUser('Other'), email: ada.email }), false);
    assert.deepEqual(await store.users.findById(ada.id), ada);
    assert.deepEqual(await store.users.findByEmail(ada.email), ada);
    assert.equal(await store.users.findByEmail('nobody@example.com'), undefined);
    assert.equal(await store.users.findById(aUser().id), undefined);
    assert.equal(await store.users.findById('not-a-uuid'), undefined);
  });

  withStore(
    'an email is kept and matched exactly as given: composed and decomposed accents are two keys',
    async ({ store, reopen }) => {
      // Sign-up brings emails to NFC before storing them; accounts stored before that keep a decomposed form,
      // which login and sign-up look up by that form (application/tasks/find-account.ts). So no store may
      // normalise or fold what it is given, and each form must come back as it went in, after a reopen too.
      const composed = { ...aUser(), email: 'jos\u00e9@example.com' };
      const decomposed = { ...aUser(), email: 'jose\u0301@example.com' };
      assert.equal(await store.users.addIfEmailFree(decomposed), true);
      assert.equal(await store.users.findByEmail(composed.email), undefined);
      assert.equal(await store.users.addIfEmailFree(composed), true);
      assert.deepEqual(await store.users.findByEmail(decomposed.email), decomposed);
      assert.deepEqual(await store.users.findByEmail(composed.email), composed);
      if (!reopen) return; // memory keeps nothing by design
      await store.close();
      const again = await reopen();
      try {
        assert.deepEqual(await again.users.findByEmail(decomposed.email), decomposed);
        assert.deepEqual(await again.users.findByEmail(composed.email), composed);
      } finally {
        await again.close();
      }
    },
  );

  withStore('of simultaneous sign-ups with one email, exactly one is stored', async ({ store }) => {
    const email = aUser().email;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.users.addIfEmailFree({ ...aUser(), email })),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });

  withStore('tasks keep every field as given, and are found only by their owner', async ({ store }) => {
    const { ada, bob } = await adaAndBob(store);
    const full = aTask(ada, '2026-03-01 12:00:00', {
      title: 'Ünïcødé 🚀 "quotes" \\ and \'apostrophes\'',
      description: 'line one\nline two 🌧️',
      status: 'in_progress',
      priority: 'high',
      due_date: '2028-02-29',
    });
    const bare = aTask(ada, '2026-03-01 12:00:01', { due_date: '0000-01-01' });
    await store.tasks.add(full);
    await store.tasks.add(bare);
    assert.deepEqual(await store.tasks.findOwned(ada.id, full.id), full);
    assert.deepEqual(await store.tasks.findOwned(ada.id, bare.id), bare);
    assert.equal(await store.tasks.findOwned(bob.id, full.id), undefined);
    assert.equal(await store.tasks.findOwned(ada.id, full.id.toUpperCase()), undefined);
    assert.equal(await store.tasks.findOwned(ada.id, 'not-a-uuid'), undefined);
    assert.deepEqual(await store.tasks.listOwned(bob.id, {}), []);
  });

  withStore(
    'lists are newest first, and tasks of one second keep creation order, the later first',
    async ({ store }) => {
      const ada = aUser();
      await store.users.addIfEmailFree(ada);
      const older = aTask(ada, '2026-03-01 11:59:59');
      const same = [1, 2, 3, 4].map(() => aTask(ada, '2026-03-01 12:00:00'));
      await store.tasks.add(older);
      for (const t of same) await store.tasks.add(t);
      const newer = aTask(ada, '2026-03-01 12:00:01');
      await store.tasks.add(newer);
      assert.deepEqual(
        (await store.tasks.listOwned(ada.id, {})).map((t) => t.id),
        [newer, ...[...same].reverse(), older].map((t) => t.id),
      );
    },
  );

  withStore('filters by status and priority, alone and together', async ({ store }) => {
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    const combos = (['pending', 'in_progress', 'completed'] as const).flatMap((status, i) =>
      (['low', 'medium', 'high'] as const).map((priority, j) =>
        aTask(ada, `2026-03-01 12:0${i}:0${j}`, { status, priority }),
      ),
    );
    for (const t of combos) await store.tasks.add(t);
    const ids = (tasks: Task[]) => tasks.map((t) => t.id);
    const expected = (keep: (t: Task) => boolean) => ids([...combos].reverse().filter(keep));
    assert.deepEqual(
      ids(await store.tasks.listOwned(ada.id, { status: 'completed' })),
      expected((t) => t.status === 'completed'),
    );
    assert.deepEqual(
      ids(await store.tasks.listOwned(ada.id, { priority: 'low' })),
      expected((t) => t.priority === 'low'),
    );
    assert.deepEqual(
      ids(await store.tasks.listOwned(ada.id, { status: 'pending', priority: 'high' })),
      expected((t) => t.status === 'pending' && t.priority === 'high'),
    );
  });

  withStore('pages follow the cursor, also across a deleted cursor task and with a filter', async ({ store }) => {
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    // Three seconds, three tasks each; every other task is high priority.
    const all = [0, 1, 2].flatMap((s) =>
      [0, 1, 2].map((k) => aTask(ada, `2026-03-01 12:00:0${s}`, { priority: (s * 3 + k) % 2 === 0 ? 'high' : 'low' })),
    );
    for (const t of all) await store.tasks.add(t);
    const newestFirst = [...all].reverse();
    const ids = (tasks: Task[]) => tasks.map((t) => t.id);
    const page = async (filter: TaskFilter, after: TaskCursor | undefined, limit?: number) =>
      (await store.tasks.pageOwned(ada.id, filter, { after, limit })).map((e: PositionedTask) => e.task);
    const placeOf = async (filter: TaskFilter, limit: number) =>
      (await store.tasks.pageOwned(ada.id, filter, { limit })).at(-1)!.position;

    const first = await page({}, undefined, 4);
    assert.deepEqual(ids(first), ids(newestFirst.slice(0, 4)));
    const cursor = await placeOf({}, 4);
    assert.deepEqual(ids(await page({}, cursor, 4)), ids(newestFirst.slice(4, 8)));
    const second = await store.tasks.pageOwned(ada.id, {}, { after: cursor, limit: 4 });
    assert.deepEqual(ids(await page({}, second.at(-1)!.position)), ids(newestFirst.slice(8)));

    // The cursor's task (the 4th, in the middle second) is deleted: the cursor names a place, not the task,
    // so the next page still starts with its same-second siblings.
    assert.equal(await store.tasks.removeOwned(ada.id, first.at(-1)!.id), true);
    assert.deepEqual(ids(await page({}, cursor, 10)), ids(newestFirst.slice(4)));

    // A cursor of an earlier version (creation time and task id) is still read: the task's own place while
    // it is there; once it is gone, the start of its second (a task may repeat, none is skipped).
    const kept = newestFirst[4]!;
    assert.deepEqual(ids(await page({}, { createdAt: kept.created_at, id: kept.id }, 10)), ids(newestFirst.slice(5)));
    const gone = first.at(-1)!;
    assert.deepEqual(
      ids(await page({}, { createdAt: gone.created_at, id: gone.id }, 10)),
      ids(newestFirst.filter((t) => t.id !== gone.id && t.created_at <= gone.created_at)),
    );

    const highs = newestFirst.filter((t) => t.priority === 'high' && t.id !== gone.id);
    assert.deepEqual(ids(await page({ priority: 'high' }, undefined, 2)), ids(highs.slice(0, 2)));
    const highNext = await page({ priority: 'high' }, await placeOf({ priority: 'high' }, 2), 10);
    assert.deepEqual(ids(highNext), ids(highs.slice(2)));
    assert.deepEqual(await store.tasks.pageOwned(ada.id, {}, { limit: 0 }), []);
  });

  // Issue 36: a page boundary is a place in the order. Whatever is created and deleted between pages, the
  // pages of one walk hold every task that existed throughout the walk exactly once (and nothing twice).
  test('paging through creates and deletes shows every lasting task exactly once', async () => {
    const step = fc.oneof(
      // The clock only goes forward: a create is in the same second as the one before, or a later one.
      fc.record({ kind: fc.constant('create' as const), later: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('page' as const), size: fc.integer({ min: 1, max: 4 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 12 }),
        fc.array(step, { maxLength: 40 }),
        async (seed, steps) => {
          const { store } = await open();
          try {
            const ada = aUser();
            await store.users.addIfEmailFree(ada);
            const live = new Map<string, Task>();
            let second = 0;
            const create = async (later: number) => {
              second += later;
              const task = aTask(ada, `2026-03-01 12:00:${String(second).padStart(2, '0')}`);
              await store.tasks.add(task);
              live.set(task.id, task);
            };
            for (const second of seed) await create(second);
            const atStart = new Set(live.keys());
            const deleted = new Set<string>();
            const seen: string[] = [];
            let cursor: TaskCursor | undefined;
            let done = false;
            for (const s of [...steps, ...Array.from({ length: 40 }, () => ({ kind: 'page' as const, size: 3 }))]) {
              if (done) break;
              if (s.kind === 'create') await create(s.later);
              else if (s.kind === 'delete') {
                const ids = [...live.keys()];
                if (ids.length === 0) continue;
                const id = ids[s.pick % ids.length]!;
                assert.equal(await store.tasks.removeOwned(ada.id, id), true);
                live.delete(id);
                deleted.add(id);
              } else {
                const found = await store.tasks.pageOwned(ada.id, {}, { after: cursor, limit: s.size + 1 });
                const shown = found.slice(0, s.size);
                seen.push(...shown.map((e) => e.task.id));
                cursor = shown.at(-1)?.position ?? cursor;
                done = found.length <= s.size;
              }
            }
            assert.ok(done, 'the walk ended');
            assert.equal(new Set(seen).size, seen.length, 'no task shown twice');
            for (const id of atStart) if (!deleted.has(id)) assert.ok(seen.includes(id), `task ${id} was skipped`);
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  withStore('updates apply to the current task, and concurrent updates are all applied', async ({ store }) => {
    const { ada, bob } = await adaAndBob(store);
    const t = aTask(ada, '2026-03-01 12:00:00', { title: '0', description: 'd', due_date: '2026-05-01' });
    await store.tasks.add(t);
    const changed = await store.tasks.updateOwned(ada.id, t.id, (cur) => ({
      ...cur,
      status: 'completed',
      description: null,
      due_date: null,
      updated_at: '2026-03-01 12:00:05',
    }));
    assert.deepEqual(changed, {
      ...t,
      status: 'completed',
      description: null,
      due_date: null,
      updated_at: '2026-03-01 12:00:05',
    });
    assert.deepEqual(await store.tasks.findOwned(ada.id, t.id), changed);
    assert.equal(await store.tasks.updateOwned(bob.id, t.id, (cur) => ({ ...cur, title: 'stolen' })), undefined);
    assert.equal(await store.tasks.updateOwned(ada.id, aTask(ada, '2026-03-01 12:00:00').id, (cur) => cur), undefined);

    // Ten read-modify-write increments at once: none may be lost.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        store.tasks.updateOwned(ada.id, t.id, (cur) => ({ ...cur, title: String(Number(cur.title) + 1) })),
      ),
    );
    assert.equal((await store.tasks.findOwned(ada.id, t.id))?.title, '10');
    assert.equal(
      (await store.tasks.listOwned(ada.id, {}))[0]?.created_at,
      t.created_at,
      'an update keeps the creation time',
    );
  });

  withStore('a removed task is gone, and removing it again or as someone else does nothing', async ({ store }) => {
    const { ada, bob } = await adaAndBob(store);
    const keep = aTask(ada, '2026-03-01 12:00:00');
    const drop = aTask(ada, '2026-03-01 12:00:01');
    await store.tasks.add(keep);
    await store.tasks.add(drop);
    assert.equal(await store.tasks.removeOwned(bob.id, drop.id), false);
    assert.equal(await store.tasks.removeOwned(ada.id, drop.id), true);
    assert.equal(await store.tasks.removeOwned(ada.id, drop.id), false);
    assert.equal(await store.tasks.removeOwned(ada.id, 'not-a-uuid'), false);
    assert.equal(await store.tasks.findOwned(ada.id, drop.id), undefined);
    assert.deepEqual(
      (await store.tasks.listOwned(ada.id, {})).map((t) => t.id),
      [keep.id],
    );
  });

  withStore(
    'an Idempotency-Key is claimed once per user, with its task, and freed when past its retention',
    async ({ store }) => {
      const { ada, bob } = await adaAndBob(store);
      const at = NOON_MS;
      const keyed = (user: User, key: string, createdAtMs: number): [Task, IdempotencyRecord] => {
        const task = aTask(user, '2026-03-01 12:00:00');
        return [task, { userId: user.id, key, fingerprint: `fp-${task.id}`, task, createdAtMs }];
      };
      const [first, firstRecord] = keyed(ada, 'key-1', at);
      assert.equal(await store.tasks.add(first, firstRecord), 'added');
      assert.deepEqual(await store.tasks.findIdempotencyRecord(ada.id, 'key-1'), firstRecord);
      // The replay is the first answer again, byte for byte: its fields in the order the first one had, which
      // is the order CreateTask builds a task in (PostgreSQL's jsonb would sort them by length).
      const [answered, answeredRecord] = keyed(ada, 'key-order', at);
      const created = createOrder(answered);
      assert.equal(await store.tasks.add(created, { ...answeredRecord, task: created }), 'added');
      assert.equal(
        JSON.stringify((await store.tasks.findIdempotencyRecord(ada.id, 'key-order'))?.task),
        JSON.stringify(created),
      );
      assert.deepEqual(await store.tasks.findOwned(ada.id, first.id), first);

      const [again, againRecord] = keyed(ada, 'key-1', at + 1000);
      assert.equal(await store.tasks.add(again, againRecord), 'key-taken');
      assert.equal(await store.tasks.findOwned(ada.id, again.id), undefined, 'nothing stored with a taken key');
      assert.deepEqual(await store.tasks.findIdempotencyRecord(ada.id, 'key-1'), firstRecord);
      assert.equal(await store.tasks.findIdempotencyRecord(bob.id, 'key-1'), undefined);

      const [bobs, bobsRecord] = keyed(bob, 'key-1', at);
      assert.equal(await store.tasks.add(bobs, bobsRecord), 'added', 'keys are per user');

      const [later, laterRecord] = keyed(ada, 'key-1', at + IDEMPOTENCY.retentionMs);
      assert.equal(await store.tasks.add(later, laterRecord), 'added', 'a record past its retention is replaced');
      assert.deepEqual(await store.tasks.findIdempotencyRecord(ada.id, 'key-1'), laterRecord);

      const racers = Array.from({ length: 6 }, () => keyed(ada, 'key-race', at));
      const results = await Promise.all(racers.map(([task, record]) => store.tasks.add(task, record)));
      assert.equal(results.filter((r) => r === 'added').length, 1, JSON.stringify(results));
    },
  );

  withStore(
    "a task limit counts the owner's tasks: nothing stored past it, a taken key still answered, a delete makes room",
    async ({ store }) => {
      const { ada, bob } = await adaAndBob(store);
      const at = NOON_MS;
      const keyed = (key: string): [Task, IdempotencyRecord] => {
        const task = aTask(ada, '2026-03-01 12:00:00');
        return [task, { userId: ada.id, key, fingerprint: `fp-${task.id}`, task, createdAtMs: at }];
      };
      const [first, firstRecord] = keyed('stored');
      assert.equal(await store.tasks.add(first, firstRecord, 3), 'added');
      const plain = [aTask(ada, '2026-03-01 12:00:01'), aTask(ada, '2026-03-01 12:00:02')];
      for (const t of plain) assert.equal(await store.tasks.add(t, undefined, 3), 'added');

      const over = aTask(ada, '2026-03-01 12:00:03');
      assert.equal(await store.tasks.add(over, undefined, 3), 'limit-reached');
      const [overKeyed, overRecord] = keyed('new-key');
      assert.equal(await store.tasks.add(overKeyed, overRecord, 3), 'limit-reached');
      assert.equal(await store.tasks.findIdempotencyRecord(ada.id, 'new-key'), undefined, 'the key is not claimed');
      const [retry, retryRecord] = keyed('stored');
      assert.equal(await store.tasks.add(retry, retryRecord, 3), 'key-taken', 'a taken key wins over a full account');
      assert.equal((await store.tasks.listOwned(ada.id, {})).length, 3);

      assert.equal(await store.tasks.add(aTask(bob, '2026-03-01 12:00:00'), undefined, 3), 'added', 'per owner');
      assert.equal(await store.tasks.add(over, undefined, 4), 'added', 'the limit is the caller’s');

      await store.tasks.removeOwned(ada.id, plain[0]!.id);
      await store.tasks.removeOwned(ada.id, over.id);
      assert.equal(await store.tasks.add(overKeyed, overRecord, 3), 'added', 'a delete makes room again');
      assert.deepEqual(await store.tasks.findIdempotencyRecord(ada.id, 'new-key'), overRecord);
      assert.equal((await store.tasks.listOwned(ada.id, {})).length, 3);
    },
  );

  withStore(
    'of concurrent adds under a limit, from one node or two, exactly as many as there is room for are stored',
    async ({ store, anotherNode }) => {
      const ada = aUser();
      await store.users.addIfEmailFree(ada);
      const other = anotherNode ? await anotherNode() : store;
      try {
        const at = NOON_MS;
        await store.tasks.add(aTask(ada, '2026-03-01 11:00:00'), undefined, 5);
        // Connections opened beforehand (a pool opens them on demand), so the creates do run at once.
        await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).tasks.listOwned(ada.id, {})));
        // 20 creates at once, half keyed, alternating between the nodes: 4 places are left.
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const task = aTask(ada, '2026-03-01 12:00:00');
            const record: IdempotencyRecord | undefined =
              i % 2 === 0 ? undefined : { userId: ada.id, key: `race-${i}`, fingerprint: 'fp', task, createdAtMs: at };
            return (i % 4 < 2 ? store : other).tasks.add(task, record, 5);
          }),
        );
        assert.equal(results.filter((r) => r === 'added').length, 4, JSON.stringify(results));
        assert.equal(results.filter((r) => r === 'limit-reached').length, 16, JSON.stringify(results));
        assert.equal((await store.tasks.listOwned(ada.id, {})).length, 5);
        assert.equal((await other.tasks.listOwned(ada.id, {})).length, 5);
      } finally {
        if (other !== store) await other.close();
      }
    },
  );

  withStore('a precondition or change that throws leaves the task as it was', async ({ store }) => {
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    const t = aTask(ada, '2026-03-01 12:00:00');
    await store.tasks.add(t);
    const refuse = () => {
      throw new Error('precondition failed');
    };
    await assert.rejects(store.tasks.removeOwned(ada.id, t.id, refuse), /precondition failed/);
    await assert.rejects(store.tasks.updateOwned(ada.id, t.id, refuse), /precondition failed/);
    assert.deepEqual(await store.tasks.findOwned(ada.id, t.id), t);
    assert.equal(await store.tasks.removeOwned(ada.id, t.id, () => {}), true);
  });

  withStore('reports itself ready', async ({ store }) => {
    assert.deepEqual(await store.readiness(), { ok: true });
  });

  withStore('what was acknowledged is there when the store is opened again', async ({ store, reopen }) => {
    if (!reopen) return; // memory keeps nothing by design
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    const tasks = Array.from({ length: 20 }, (_, i) => aTask(ada, `2026-03-01 12:00:${String(i).padStart(2, '0')}`));
    await Promise.all(tasks.map((t) => store.tasks.add(t)));
    await store.tasks.updateOwned(ada.id, tasks[3]!.id, (cur) => ({ ...cur, title: 'edited' }));
    await store.tasks.removeOwned(ada.id, tasks[5]!.id);
    await store.close();
    const again = await reopen();
    try {
      assert.deepEqual(await again.users.findByEmail(ada.email), ada);
      const listed = await again.tasks.listOwned(ada.id, {});
      assert.equal(listed.length, 19);
      assert.equal(listed.find((t) => t.id === tasks[3]!.id)?.title, 'edited');
      assert.equal(
        listed.some((t) => t.id === tasks[5]!.id),
        false,
      );
    } finally {
      await again.close();
    }
  });

  withStore('a cursor keeps its exact place when the store is opened again', async ({ store, reopen }) => {
    if (!reopen) return; // memory keeps nothing by design
    const ada = aUser();
    await store.users.addIfEmailFree(ada);
    const tasks = Array.from({ length: 8 }, () => aTask(ada, '2026-03-01 12:00:00'));
    for (const t of tasks) await store.tasks.add(t);
    const first = await store.tasks.pageOwned(ada.id, {}, { limit: 3 });
    const cursor = first.at(-1)!.position;
    // Deleting older tasks of the same second would renumber the rest if the numbers were not kept.
    await store.tasks.removeOwned(ada.id, tasks[0]!.id);
    await store.tasks.removeOwned(ada.id, tasks[1]!.id);
    await store.close();
    const again = await reopen();
    try {
      const next = await again.tasks.pageOwned(ada.id, {}, { after: cursor, limit: 10 });
      assert.deepEqual(
        next.map((e) => e.task.id),
        [tasks[4]!.id, tasks[3]!.id, tasks[2]!.id],
      );
    } finally {
      await again.close();
    }
  });
}
