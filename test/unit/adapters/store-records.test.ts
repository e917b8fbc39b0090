/**
 * The checks of what the lowdb store reads back (store-records.ts): a record valid as it stands is taken as
 * it is, with no copy; every field given every kind of wrong value is refused, with the schema's report,
 * whichever check saw it first.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkChange, checkSnapshot } from '../../../adapters/persistence/lowdb/store-records.ts';
import { numberedTask, numberedUser } from '../../support/task-fixtures.ts';

type Fields = Record<string, unknown>;
const MISSING = Symbol('missing');
/** One value of each kind a JSON record can hold, and a key left out. */
const VALUES: readonly unknown[] = [MISSING, null, '', 'text', 'pending', 'high', 0, 1, 1.5, -1, true, [], {}];

const text = (value: unknown) => typeof value === 'string';
const textOrNull = (value: unknown) => value === null || typeof value === 'string';
const optional = (rule: (value: unknown) => boolean) => (value: unknown) => value === MISSING || rule(value);
const count = (least: number) => (value: unknown) => Number.isSafeInteger(value) && (value as number) >= least;

/** What each field of each record accepts. */
const USER_FIELDS = { id: text, name: text, email: text, passwordHash: text };
const TASK_FIELDS = {
  id: text,
  user_id: text,
  title: text,
  description: textOrNull,
  status: (value: unknown) => ['pending', 'in_progress', 'completed'].includes(value as string),
  priority: (value: unknown) => ['low', 'medium', 'high'].includes(value as string),
  due_date: textOrNull,
  created_at: text,
  updated_at: text,
};
const KEY_FIELDS = {
  userId: optional(text),
  key: text,
  fingerprint: text,
  createdAtMs: (value: unknown) => typeof value === 'number',
};

const user = numberedUser(1);
const task = numberedTask(1, user.id);
const key = { key: 'k', fingerprint: 'fp', createdAtMs: 1 };

function withField(record: Fields, field: string, value: unknown): Fields {
  const copy = { ...record };
  if (value === MISSING) delete copy[field];
  else copy[field] = value;
  return copy;
}

/** Every record made by giving one field of `record` (found at `at`) each value of VALUES, with whether it is valid. */
function* mutations(
  record: Fields,
  at: (record: Fields) => Fields,
  fields: Record<string, (value: unknown) => boolean>,
  place: (record: Fields, inner: Fields) => Fields,
): Generator<{ record: Fields; valid: boolean; what: string }> {
  for (const [field, accepts] of Object.entries(fields)) {
    for (const value of VALUES) {
      const what = `${field} = ${value === MISSING ? 'missing' : JSON.stringify(value)}`;
      yield { record: place(record, withField(at(record), field, value)), valid: accepts(value), what };
    }
  }
}

describe('store records read back', () => {
  test("a journal record valid as it stands is taken as it is (the change's task is the line's object)", () => {
    const record = JSON.parse(JSON.stringify({ kind: 'task', task, seq: 3, added: 'by a later version' }));
    const checked = checkChange(record);
    assert.ok(checked.ok);
    assert.equal(checked.value, record);
    assert.equal(checked.value.kind === 'task' && checked.value.task, record.task);
  });

  test('a user, task, key or delete record with any field of the wrong kind is refused, naming the field', () => {
    const cases = [
      ...mutations(
        { kind: 'user', user },
        (r) => r['user'] as Fields,
        USER_FIELDS,
        (r, user) => ({ ...r, user }),
      ),
      ...mutations(
        { kind: 'task', task },
        (r) => r['task'] as Fields,
        TASK_FIELDS,
        (r, task) => ({ ...r, task }),
      ),
      ...mutations(
        { kind: 'task', task, idempotency: key },
        (r) => r['idempotency'] as Fields,
        KEY_FIELDS,
        (r, idempotency) => ({ ...r, idempotency }),
      ),
      ...mutations(
        { kind: 'task', task, idempotency: { ...key, task } },
        (r) => (r['idempotency'] as Fields)['task'] as Fields,
        TASK_FIELDS,
        (r, inner) => ({ ...r, idempotency: { ...key, task: inner } }),
      ),
      ...mutations(
        { kind: 'task', task, seq: 1 },
        (r) => r,
        { seq: optional(count(1)) },
        (_, r) => r,
      ),
      ...mutations(
        { kind: 'delete-task', id: task.id },
        (r) => r,
        { id: text },
        (_, r) => r,
      ),
    ];
    assert.ok(cases.some((c) => c.valid) && cases.some((c) => !c.valid));
    for (const { record, valid, what } of cases) {
      const checked = checkChange(record);
      assert.equal(checked.ok, valid, `${String(record['kind'])} with ${what}`);
      if (!checked.ok) assert.match(checked.problem, /^[a-zA-Z_.]+: /, what);
    }
  });

  test('a snapshot with any field of a user, task, sequence or key of the wrong kind is refused', () => {
    const doc = { format: 'taskcast-tasks/1', users: [user], tasks: [task], seqs: [1], lastSeq: 1 };
    const keyedById = { ...doc, idempotency: [{ ...key, taskId: task.id }] };
    const keyedWhole = { ...doc, idempotency: [{ ...key, userId: user.id, task }] };
    const inList = (list: string) => (r: Fields) => (r[list] as Fields[])[0]!;
    const replace = (list: string) => (r: Fields, inner: Fields) => ({ ...r, [list]: [inner] });
    const cases = [
      ...mutations(doc, inList('users'), USER_FIELDS, replace('users')),
      ...mutations(doc, inList('tasks'), TASK_FIELDS, replace('tasks')),
      ...mutations(
        doc,
        (r) => r,
        { lastSeq: optional(count(0)) },
        (_, r) => r,
      ),
      ...mutations(
        doc,
        (r) => ({ seq: (r['seqs'] as unknown[])[0] }),
        { seq: optional(count(0)) },
        (r, inner) => ({
          ...r,
          seqs: 'seq' in inner ? [inner['seq']] : [], // none: an empty list, which is valid
        }),
      ),
      // a taskId must name a task of the store
      ...mutations(
        keyedById,
        inList('idempotency'),
        // ...and a record kept by id holds no task: not null, not another's (it would be read with no user)
        { ...KEY_FIELDS, taskId: (value: unknown) => value === task.id, task: (value: unknown) => value === MISSING },
        replace('idempotency'),
      ),
      ...mutations(
        keyedWhole,
        inList('idempotency'),
        { ...KEY_FIELDS, userId: text, taskId: (value: unknown) => value === MISSING },
        replace('idempotency'),
      ),
    ];
    for (const { record, valid, what } of cases) {
      assert.equal(checkSnapshot(record).ok, valid, what);
    }
    assert.equal(checkSnapshot({ ...doc, format: 'taskcast-tasks/2' }).ok, false);
    assert.equal(checkSnapshot({ ...doc, tasks: {} }).ok, false);
  });

  test('a snapshot key record with both a task and a task id is refused, whatever the task', () => {
    const other = numberedTask(2, user.id);
    const doc = { format: 'taskcast-tasks/1', users: [user], tasks: [task, other] };
    for (const record of [
      { ...key, taskId: task.id, task: null },
      { ...key, taskId: task.id, task: other }, // no userId: it was read with none
      { ...key, taskId: task.id, task, userId: user.id },
    ]) {
      const checked = checkSnapshot({ ...doc, idempotency: [record] });
      assert.equal(checked.ok, false, JSON.stringify(record));
      assert.match(checked.ok ? '' : checked.problem, /^idempotency\.0[.:]/);
    }
  });

  test('keys valibot never copies (__proto__, constructor, prototype) are dropped, whichever check reads', () => {
    const own = (value: object) => ['__proto__', 'constructor', 'prototype'].filter((k) => Object.hasOwn(value, k));
    const odd = (value: object) =>
      JSON.stringify(value).replace('{', '{"__proto__":{"polluted":1},"constructor":1,"prototype":1,');
    const change = JSON.parse(
      `{"kind":"task","task":${odd(task)},"idempotency":${odd({ ...key, userId: user.id, task })},"seq":1}`,
    ) as Fields;
    assert.deepEqual(own(change['task'] as object), ['__proto__', 'constructor', 'prototype']);
    const checked = checkChange(change);
    assert.ok(checked.ok && checked.value.kind === 'task');
    assert.deepEqual(own(checked.value.task), []);
    assert.deepEqual(own(checked.value.idempotency!), []);
    assert.deepEqual(own(checked.value.idempotency!.task), []);
    assert.deepEqual({ ...checked.value.task }, task);
    assert.equal(checkChange(JSON.parse(odd({ kind: 'delete-task', id: 'x' }))).ok, true);
    assert.deepEqual(own((checkChange(JSON.parse(odd({ kind: 'user', user }))) as { value: object }).value), []);
    const doc = JSON.parse(
      odd({
        format: 'taskcast-tasks/1',
        users: [JSON.parse(odd(user))],
        tasks: [JSON.parse(odd(task))],
        idempotency: [JSON.parse(odd({ ...key, taskId: task.id }))],
      }),
    ) as Fields;
    const snapshot = checkSnapshot(doc);
    assert.ok(snapshot.ok);
    for (const value of [
      snapshot.value,
      snapshot.value.users[0]!,
      snapshot.value.tasks[0]!,
      snapshot.value.idempotency![0]!,
    ])
      assert.deepEqual(own(value), []);
  });
});
