import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletingMap } from '../../../../adapters/forecast/embedded/catalogue/completing-map.ts';

/** A map of three numbers, completed by doubling; which keys were completed, and one object per key. */
function doubling() {
  const completed: string[] = [];
  const memo = new Map<string, { n: number }>();
  const raw = new Map([
    ['a', { n: 1 }],
    ['b', { n: 2 }],
    ['c', { n: 3 }],
  ]);
  const map = new CompletingMap(raw, (value) => {
    const key = [...raw].find(([, v]) => v === value)![0];
    let done = memo.get(key);
    if (!done) {
      completed.push(key);
      done = { n: value.n * 2 };
      memo.set(key, done);
    }
    return done;
  });
  return { map, completed };
}

test('get completes only the value asked for', () => {
  const { map, completed } = doubling();
  assert.equal(map.size, 3);
  assert.equal(map.has('b'), true);
  assert.deepEqual(map.get('b'), { n: 4 });
  assert.equal(map.get('z'), undefined);
  assert.deepEqual(completed, ['b']);
});

test('iterating gives every value completed, the same objects get gives', () => {
  const { map, completed } = doubling();
  const b = map.get('b');
  assert.deepEqual(
    [...map].map(([k, v]) => [k, v.n]),
    [
      ['a', 2],
      ['b', 4],
      ['c', 6],
    ],
  );
  assert.equal([...map.values()][1], b);
  assert.deepEqual([...map.keys()], ['a', 'b', 'c']);
  const seen: number[] = [];
  map.forEach((v) => seen.push(v.n));
  assert.deepEqual(seen, [2, 4, 6]);
  assert.deepEqual(completed, ['b', 'a', 'c']);
});
