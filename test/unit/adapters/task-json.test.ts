import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { listEtag, listJson, taskJson } from '../../../adapters/http/tasks/task-json.ts';
import type { Task } from '../../../domain/tasks/task.ts';

const task: fc.Arbitrary<Task> = fc.record({
  id: fc.uuid(),
  user_id: fc.uuid(),
  title: fc.string({ unit: 'binary', maxLength: 40 }),
  description: fc.option(fc.string({ unit: 'binary', maxLength: 40 })),
  status: fc.constantFrom('pending', 'in_progress', 'completed'),
  priority: fc.constantFrom('low', 'medium', 'high'),
  due_date: fc.option(fc.constant('2030-01-15')),
  created_at: fc.constant('2026-11-23 09:39:47'),
  updated_at: fc.constant('2026-11-23 09:39:48'),
}) as fc.Arbitrary<Task>;

describe('task list bodies built from kept task JSON', () => {
  it('are exactly JSON.stringify of the list, with or without next, for any text (quotes, controls, lone surrogates)', () => {
    fc.assert(fc.property(fc.array(task, { maxLength: 12 }), fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), (tasks, next) => {
      const expected = next === undefined ? JSON.stringify({ count: tasks.length, tasks }) : JSON.stringify({ count: tasks.length, tasks, next });
      assert.equal(listJson(tasks, next), expected);
      assert.equal(listJson(tasks, next), expected, 'again, from the kept JSON');
    }));
    assert.equal(listJson([], null), '{"count":0,"tasks":[],"next":null}');
  });

  it('serialise a task object once: a replaced task object is serialised anew', () => {
    const a = fc.sample(task, 1)[0]!;
    assert.equal(taskJson(a), JSON.stringify(a));
    const changed = { ...a, title: `${a.title} changed` };
    assert.equal(taskJson(changed), JSON.stringify(changed));
  });

  it('digest a list only when its body changed, and the ETag is the SHA-1 of the exact bytes', () => {
    const digest = (text: string) => `W/"${createHash('sha1').update(text).digest('base64url')}"`;
    assert.equal(listEtag('user-1', '{"count":0,"tasks":[]}'), digest('{"count":0,"tasks":[]}'));
    assert.equal(listEtag('user-1', '{"count":0,"tasks":[]}'), digest('{"count":0,"tasks":[]}'));
    assert.equal(listEtag('user-1', '{"count":1,"tasks":[{}]}'), digest('{"count":1,"tasks":[{}]}'));
    assert.equal(listEtag('user-2', '{"count":0,"tasks":[]}'), digest('{"count":0,"tasks":[]}'));
    const long = `{"count":1,"tasks":["${'x'.repeat(20_000)}"]}`;
    assert.equal(listEtag('user-3', long), digest(long), 'a long list is digested every time, not kept');
  });
});
