import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { listBody, listJson, taskJson } from '../../../adapters/http/tasks/task-json.ts';
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
});

describe('task list bodies built from kept task JSON', () => {
  it('are exactly JSON.stringify of the list, with or without next, for any text (quotes, controls, lone surrogates)', () => {
    fc.assert(
      fc.property(
        fc.array(task, { maxLength: 12 }),
        fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
        (tasks, next) => {
          const expected =
            next === undefined
              ? JSON.stringify({ count: tasks.length, tasks })
              : JSON.stringify({ count: tasks.length, tasks, next });
          assert.equal(listJson(tasks, next), expected);
          assert.equal(listJson(tasks, next), expected, 'again, from the kept JSON');
        },
      ),
    );
    assert.equal(listJson([], null), '{"count":0,"tasks":[],"next":null}');
  });

  it('serialise a task object once: a replaced task object is serialised anew', () => {
    const a = fc.sample(task, 1)[0]!;
    assert.equal(taskJson(a), JSON.stringify(a));
    const changed = { ...a, title: `${a.title} changed` };
    assert.equal(taskJson(changed), JSON.stringify(changed));
  });

  it('give a list the bytes of its JSON and the SHA-1 of those bytes, built again whenever a task object differs', () => {
    const digest = (bytes: Uint8Array) => `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
    const text = (body: { bytes: Uint8Array }) => Buffer.from(body.bytes).toString('utf8');
    const [a, b] = fc.sample(task, 2) as [Task, Task];
    const first = listBody('user-1', [a, b]);
    assert.equal(text(first), listJson([a, b]));
    assert.equal(first.etag, digest(first.bytes));
    assert.equal(listBody('user-1', [a, b]).bytes, first.bytes, 'the same objects: the kept bytes');
    const changed = { ...b, title: `${b.title}!` };
    const second = listBody('user-1', [a, changed]);
    assert.equal(text(second), listJson([a, changed]), 'a replaced object: built anew');
    assert.notEqual(second.etag, first.etag);
    assert.equal(text(listBody('user-1', [a])), listJson([a]), 'a removed task');
    assert.equal(text(listBody('user-1', [a], null)), listJson([a], null), 'another next');
    assert.equal(text(listBody('user-2', [a, b])), listJson([a, b]), 'another slot');
    const long = { ...a, title: 'x'.repeat(20_000) };
    assert.equal(text(listBody('user-3', [long])), listJson([long]), 'a long list, not kept');
    assert.equal(text(listBody('user-3', [long])), listJson([long]));
  });

  it('bytes and ETag are those of the exact text for any list (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(task, { maxLength: 6 }), (tasks) => {
        const body = listBody('any', tasks);
        const expected = Buffer.from(JSON.stringify({ count: tasks.length, tasks }), 'utf8');
        assert.deepEqual(Buffer.from(body.bytes), expected);
        assert.equal(
          body.etag,
          `W/"${createHash('sha1')
            .update(JSON.stringify({ count: tasks.length, tasks }))
            .digest('base64url')}"`,
        );
      }),
    );
  });
});
