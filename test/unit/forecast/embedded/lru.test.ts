import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Lru } from '../../../../adapters/forecast/embedded/shared/lru.ts';

test('the embedded document cache keeps at most its capacity, dropping the least recently used first', () => {
  const lru = new Lru<string, number>(3);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.set('c', 3);
  assert.equal(lru.get('a'), 1, 'a is now the most recently used');
  lru.set('d', 4);
  assert.equal(lru.size, 3);
  assert.equal(lru.get('b'), undefined, 'b was the least recently used');
  assert.deepEqual([lru.get('a'), lru.get('c'), lru.get('d')], [1, 3, 4]);
  let builds = 0;
  assert.equal(
    lru.getOrSet('e', () => ++builds * 10),
    10,
  );
  assert.equal(
    lru.getOrSet('e', () => ++builds * 10),
    10,
    'built once',
  );
  assert.equal(builds, 1);
  assert.equal(lru.get('a'), undefined, 'a went when e came in: c, d and e were used after it');
});
