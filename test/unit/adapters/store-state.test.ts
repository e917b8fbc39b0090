import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreState } from '../../../adapters/persistence/memory/store-state.ts';
import {
  lowdbStoreWithUser,
  numberedTask as task,
  numberedUser as user,
  scratchStorePaths,
} from '../../support/task-fixtures.ts';

const storePath = scratchStorePaths('taskcast-state-');

describe('store state: creation sequences', () => {
  test('committing a new task without its claimed sequence throws and changes nothing', () => {
    const state = new StoreState();
    const u = user(1);
    state.apply({ kind: 'user', user: u });
    assert.throws(() => state.apply({ kind: 'task', task: task(1, u.id) }), /claimed creation sequence/);
    assert.equal(state.tasksById.size, 0);
    assert.equal(state.seqOf(task(1, u.id).id), undefined);
    // A changed task needs none: it keeps the one it has.
    state.apply({ kind: 'task', task: task(1, u.id), seq: state.claimSeq() });
    state.apply({ kind: 'task', task: task(1, u.id, 'changed') });
    assert.equal(state.seqOf(task(1, u.id).id), 1);
  });

  test('a task applied out of claim order keeps the number claimed for it', () => {
    const state = new StoreState();
    const u = user(1);
    const first = state.claimSeq();
    const second = state.claimSeq();
    state.apply({ kind: 'task', task: task(2, u.id), seq: second });
    state.apply({ kind: 'task', task: task(1, u.id), seq: first });
    assert.deepEqual([state.seqOf(task(1, u.id).id), state.seqOf(task(2, u.id).id)], [1, 2]);
    assert.equal(state.claimSeq(), 3);
  });

  test('a replayed new task without a sequence (an older journal) is numbered after every other', () => {
    const state = new StoreState();
    const u = user(1);
    state.replay({ kind: 'task', task: task(1, u.id), seq: 5 });
    state.replay({ kind: 'task', task: task(2, u.id) });
    state.replay({ kind: 'task', task: task(3, u.id) });
    assert.deepEqual(
      [1, 2, 3].map((i) => state.seqOf(task(i, u.id).id)),
      [5, 6, 7],
    );
    assert.equal(state.claimSeq(), 8);
  });

  test('lowdb replays journal lines without a sequence, then numbers new tasks after them', async () => {
    const path = storePath();
    const { store, u } = await lowdbStoreWithUser(path);
    await store.tasks.add(task(1, u.id));
    await store.close();
    // Lines as a version before creation sequences wrote them.
    writeFileSync(
      `${path}.journal`,
      [2, 3].map((i) => `${JSON.stringify({ kind: 'task', task: task(i, u.id) })}\n`).join(''),
    );
    const again = await openLowdbTaskStore(path);
    try {
      await again.tasks.add(task(4, u.id));
      const page = await again.tasks.pageOwned(u.id, {}, { limit: 10 });
      assert.deepEqual(
        page.map((e) => [e.task.title, e.position.seq]),
        [
          ['t4', 4],
          ['t3', 3],
          ['t2', 2],
          ['t1', 1],
        ],
      );
    } finally {
      await again.close();
    }
  });
});
