import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PerObject } from '../../../adapters/shared/per-object.ts';

test('a value is worked out once per object, and apart for another object of the same content', () => {
  const calls: object[] = [];
  const texts = new PerObject<{ n: number }, string>((key) => {
    calls.push(key);
    return JSON.stringify(key);
  });
  const a = { n: 1 };
  const twin = { n: 1 };
  assert.equal(texts.peek(a), undefined);
  assert.equal(texts.of(a), '{"n":1}');
  assert.equal(texts.of(a), '{"n":1}');
  assert.equal(texts.peek(a), '{"n":1}');
  assert.equal(texts.of(twin), '{"n":1}');
  assert.deepEqual(calls, [a, twin]);
  assert.equal(calls[0], a);
  assert.equal(calls[1], twin);
});
