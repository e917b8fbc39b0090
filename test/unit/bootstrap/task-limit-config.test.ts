import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, CONFIG_VARIABLES, readConfig } from '../../../bootstrap/server/config.ts';
import { createContainer } from '../../../bootstrap/composition/container.ts';
import { createTaskcast } from '../../../bootstrap/entry/library.ts';
import { TaskLimitReached } from '../../../domain/tasks/errors.ts';

test('MAX_TASKS_PER_USER: 10,000 by default, 0 for none, anything else but a whole number refused in one line', () => {
  assert.ok(CONFIG_VARIABLES.includes('MAX_TASKS_PER_USER'));
  assert.equal(readConfig({}).maxTasksPerUser, 10_000);
  assert.equal(readConfig({ MAX_TASKS_PER_USER: '0' }).maxTasksPerUser, 0);
  assert.equal(readConfig({ MAX_TASKS_PER_USER: '250' }).maxTasksPerUser, 250);
  assert.equal(readConfig({ MAX_TASKS_PER_USER: '' }).maxTasksPerUser, 10_000, 'empty counts as unset');
  for (const bad of ['-1', 'lots', '1.5', '1e3', '100000001']) {
    assert.throws(
      () => readConfig({ MAX_TASKS_PER_USER: bad }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.message.includes('MAX_TASKS_PER_USER must be an integer from 0 to 100000000') &&
        e.message.includes(JSON.stringify(bad)) &&
        !e.message.includes('\n'),
      bad,
    );
  }
});

test('the library takes maxTasksPerUser, and refuses one that is not a whole number', async () => {
  const taskcast = await createTaskcast({ maxTasksPerUser: 1, bcryptCost: 4 });
  try {
    const { user } = await taskcast.tasks.signUp.execute({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    await taskcast.tasks.createTask.execute(user.id, { title: 'one' });
    await assert.rejects(taskcast.tasks.createTask.execute(user.id, { title: 'two' }), TaskLimitReached);
  } finally {
    await taskcast.close();
  }
  assert.throws(() => createContainer({ maxTasksPerUser: -5 }), /maxTasksPerUser must be a whole number/);
});

test('the library refuses a bcryptCost bcrypt cannot use when it is made, not with a crash after', async () => {
  for (const bad of [2, 3, 32, 4.5, Number.NaN]) {
    await assert.rejects(
      createTaskcast({ bcryptCost: bad }),
      new RegExp(`bcryptCost must be a whole number from 4 to 31 \\(got ${bad}\\)`),
      String(bad),
    );
  }
  const taskcast = await createTaskcast({ bcryptCost: 4 });
  await taskcast.close();
});
