import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CreateTask } from '../../../application/tasks/create-task.ts';
import type { TaskRepository } from '../../../application/tasks/ports.ts';
import { TaskLimitReached } from '../../../domain/tasks/errors.ts';
import { DEFAULT_MAX_TASKS_PER_USER } from '../../../domain/tasks/task-limit.ts';
import { unitWorld, userIn } from '../../support/use-cases.ts';

/** The limit CreateTask hands the store with each add, seen through a wrapper of the real repository. */
function limitsSeen(setting: number | undefined) {
  const w = unitWorld();
  const seen: Array<number | undefined> = [];
  const tasks: TaskRepository = Object.create(w.store.tasks, {
    add: {
      value: (...args: Parameters<TaskRepository['add']>) => {
        seen.push(args[2]);
        return w.store.tasks.add(...args);
      },
    },
  });
  const createTask = new CreateTask(tasks, w.ids, w.clock, setting === undefined ? {} : { maxTasksPerUser: setting });
  return { w, seen, createTask };
}

describe('CreateTask under MAX_TASKS_PER_USER', () => {
  test('refuses the create past the limit with TaskLimitReached naming it, and stores nothing', async () => {
    const { w, createTask } = limitsSeen(2);
    const ada = await userIn(w);
    await createTask.execute(ada, { title: 'a' });
    await createTask.executeOnce(ada, { title: 'b' }, { key: 'k-b' });
    const refused = await createTask.execute(ada, { title: 'c' }).then(
      () => assert.fail('created past the limit'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof TaskLimitReached);
    assert.equal(refused.code, 'TaskLimitReached');
    assert.equal(refused.limit, 2);
    assert.match(refused.message, /\b2 tasks\b/);
    await assert.rejects(createTask.executeOnce(ada, { title: 'c' }, { key: 'k-c' }), TaskLimitReached);
    assert.equal(await w.store.tasks.findIdempotencyRecord(ada, 'k-c'), undefined);
    assert.deepEqual(
      (await w.listTasks.execute(ada)).map((t) => t.title),
      ['b', 'a'],
    );
  });

  test('the repeat of a stored keyed create is replayed at the limit, and a delete makes room', async () => {
    const { w, createTask } = limitsSeen(1);
    const ada = await userIn(w);
    const first = await createTask.executeOnce(ada, { title: 'a' }, { key: 'k' });
    const again = await createTask.executeOnce(ada, { title: 'a' }, { key: 'k' });
    assert.deepEqual(again, { task: first.task, replayed: true });
    await w.deleteTask.execute(ada, first.task.id);
    assert.equal((await createTask.execute(ada, { title: 'b' })).title, 'b');
  });

  test('hands the store the default limit, none for 0, and refuses a setting that is not a whole number', async () => {
    for (const [setting, expected] of [
      [undefined, DEFAULT_MAX_TASKS_PER_USER],
      [0, undefined],
      [7, 7],
    ] as const) {
      const { w, seen, createTask } = limitsSeen(setting);
      const ada = await userIn(w);
      await createTask.execute(ada, { title: 'a' });
      await createTask.executeOnce(ada, { title: 'b' }, { key: 'k' });
      assert.deepEqual(seen, [expected, expected], `setting ${setting}`);
    }
    assert.equal(DEFAULT_MAX_TASKS_PER_USER, 10_000);
    const w = unitWorld();
    for (const bad of [-1, 1.5, Number.NaN])
      assert.throws(() => new CreateTask(w.store.tasks, w.ids, w.clock, { maxTasksPerUser: bad }), RangeError);
  });
});
