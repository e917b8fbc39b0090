import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NotFound, ValidationError } from '../../../domain/tasks/errors.ts';
import { unitWorld, userIn, worldWithTask } from '../../support/use-cases.ts';

describe('CreateTask', () => {
  test('fills the defaults and stamps both times', async () => {
    const { uid, task } = await worldWithTask({ title: 'Write tests' });
    assert.deepEqual(
      { ...task, id: undefined },
      {
        id: undefined,
        user_id: uid,
        title: 'Write tests',
        description: null,
        status: 'pending',
        priority: 'medium',
        due_date: null,
        created_at: '2026-03-01 12:00:00',
        updated_at: '2026-03-01 12:00:00',
      },
    );
  });

  test('keeps strings as given', async () => {
    const { task } = await worldWithTask({
      title: '  Spaced  ',
      description: ' Notes ',
      due_date: '2026-02-28',
      status: 'completed',
      priority: 'high',
    });
    assert.equal(task.title, '  Spaced  ');
    assert.equal(task.description, ' Notes ');
  });

  test('refuses a missing or blank title, bad enums and impossible dates', async () => {
    const w = unitWorld();
    const uid = await userIn(w);
    await assert.rejects(w.createTask.execute(uid, {} as never), ValidationError);
    await assert.rejects(w.createTask.execute(uid, { title: '   ' }), ValidationError);
    await assert.rejects(w.createTask.execute(uid, { title: 'x', status: 'done' as never }), ValidationError);
    await assert.rejects(w.createTask.execute(uid, { title: 'x', due_date: '2026-02-30' }), ValidationError);
    await assert.rejects(w.createTask.execute(uid, { title: 'x'.repeat(201) }), ValidationError);
    await assert.rejects(w.createTask.execute(uid, { title: 'x', description: 'd'.repeat(5001) }), ValidationError);
  });
});

describe('ListTasks', () => {
  test('newest first; the same second keeps creation order, later first', async () => {
    const w = unitWorld();
    const uid = await userIn(w);
    const a = await w.createTask.execute(uid, { title: 'a' });
    const b = await w.createTask.execute(uid, { title: 'b' });
    w.clock.advance(1000);
    const c = await w.createTask.execute(uid, { title: 'c' });
    assert.deepEqual(
      (await w.listTasks.execute(uid)).map((t) => t.id),
      [c.id, b.id, a.id],
    );
  });

  test("filters combine, and only the owner's tasks appear", async () => {
    const w = unitWorld();
    const ada = await userIn(w);
    const bob = await userIn(w, 'bob@example.com');
    await w.createTask.execute(ada, { title: '1', status: 'completed', priority: 'high' });
    await w.createTask.execute(ada, { title: '2', status: 'completed', priority: 'low' });
    await w.createTask.execute(ada, { title: '3', status: 'pending', priority: 'high' });
    await w.createTask.execute(bob, { title: 'bob', status: 'completed', priority: 'high' });
    assert.deepEqual(
      (await w.listTasks.execute(ada, { status: 'completed', priority: 'high' })).map((t) => t.title),
      ['1'],
    );
    assert.deepEqual(
      (await w.listTasks.execute(ada, { status: 'completed' })).map((t) => t.title),
      ['2', '1'],
    );
    assert.deepEqual(
      (await w.listTasks.execute(bob)).map((t) => t.title),
      ['bob'],
    );
    await assert.rejects(w.listTasks.execute(ada, { status: 'bogus' as never }), ValidationError);
  });
});

describe('GetTask, UpdateTask, DeleteTask', () => {
  test("another user's task, an unknown id and a malformed id are all NotFound", async () => {
    const w = unitWorld();
    const ada = await userIn(w);
    const bob = await userIn(w, 'bob@example.com');
    const task = await w.createTask.execute(ada, { title: 'mine' });
    await assert.rejects(w.getTask.execute(bob, task.id), NotFound);
    await assert.rejects(w.getTask.execute(ada, 'not-a-uuid'), NotFound);
    await assert.rejects(w.updateTask.execute(bob, task.id, { title: 'stolen' }), NotFound);
    await assert.rejects(w.deleteTask.execute(bob, task.id), NotFound);
    assert.equal((await w.getTask.execute(ada, task.id)).title, 'mine');
  });

  test('update changes only the given fields, clears with null, and moves updated_at', async () => {
    const { w, uid, task } = await worldWithTask({
      title: 't',
      description: 'd',
      due_date: '2026-05-01',
      priority: 'low',
    });
    w.clock.advance(61_000);
    const updated = await w.updateTask.execute(uid, task.id, {
      status: 'in_progress',
      description: null,
      due_date: null,
    });
    assert.deepEqual(
      { ...updated },
      { ...task, status: 'in_progress', description: null, due_date: null, updated_at: '2026-03-01 12:01:01' },
    );
  });

  test('update needs a field, refuses null title/status/priority, and ignores smuggled fields', async () => {
    const { w, uid, task } = await worldWithTask({ title: 't' });
    await assert.rejects(w.updateTask.execute(uid, task.id, {}), ValidationError);
    await assert.rejects(w.updateTask.execute(uid, task.id, { title: null as never }), ValidationError);
    await assert.rejects(w.updateTask.execute(uid, task.id, { status: null as never }), ValidationError);
    await assert.rejects(w.updateTask.execute(uid, task.id, { priority: null as never }), ValidationError);
    const updated = await w.updateTask.execute(uid, task.id, { title: 'u', user_id: 'someone-else' } as never);
    assert.equal(updated.user_id, uid);
  });

  test('delete is permanent', async () => {
    const { w, uid, task } = await worldWithTask({ title: 't' });
    await w.deleteTask.execute(uid, task.id);
    await assert.rejects(w.getTask.execute(uid, task.id), NotFound);
    await assert.rejects(w.deleteTask.execute(uid, task.id), NotFound);
    assert.deepEqual(await w.listTasks.execute(uid), []);
  });
});

describe('text that is not text', () => {
  // A lone UTF-16 surrogate is no character: HTTP refuses it while reading the body, but a library caller
  // reaches the use cases directly, and PostgreSQL stored U+FFFD in its place (the answer showed one task,
  // the store held another) or, with an Idempotency-Key, failed with a 500. Every store now gets only text.
  const issue = async (work: Promise<unknown>): Promise<unknown> => {
    const error = await work.catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError, String(error));
    return error.details.map((d) => [d.path, d.message]);
  };
  const notText = 'contains an unpaired UTF-16 surrogate (such as \\ud800), which is not text';

  test('a lone surrogate in a title or description is a ValidationError, on create and update', async () => {
    const { w, uid, task } = await worldWithTask({ title: 'fine' });
    assert.deepEqual(await issue(w.createTask.execute(uid, { title: 'half \ud83d' })), [['title', notText]]);
    assert.deepEqual(await issue(w.createTask.execute(uid, { title: 'x', description: '\udc00 tail' })), [
      ['description', notText],
    ]);
    assert.deepEqual(await issue(w.updateTask.execute(uid, task.id, { title: '\ud800' })), [['title', notText]]);
    assert.equal((await w.getTask.execute(uid, task.id)).title, 'fine');
    // A whole pair is one character, and welcome.
    assert.equal((await w.createTask.execute(uid, { title: 'rocket \ud83d\ude80' })).title, 'rocket 🚀');
  });

  test("a lone surrogate in an account's name or email is a ValidationError", async () => {
    const w = unitWorld();
    assert.deepEqual(
      await issue(w.signUp.execute({ name: 'Ada \udfff', email: 'ada@example.com', password: 'correct horse' })),
      [['name', notText]],
    );
    assert.deepEqual(
      await issue(w.signUp.execute({ name: 'Ada', email: 'ad\ud800a@example.com', password: 'correct horse' })),
      [['email', notText]],
    );
  });
});
