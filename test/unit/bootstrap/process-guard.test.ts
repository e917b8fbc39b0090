import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { installProcessGuard } from '../../../bootstrap/server/process-guard.ts';

test('an uncaught exception is logged and the process keeps serving; a burst of them exits 1', () => {
  const target = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  let clock = 0;
  installProcessGuard(target, {
    log: { error: (m) => lines.push(m) },
    burst: 3,
    windowMs: 1000,
    exit: (c) => exits.push(c),
    now: () => clock,
  });
  target.emit('uncaughtException', new TypeError('boom'));
  clock = 2000;
  target.emit('uncaughtException', new TypeError('boom'));
  target.emit('unhandledRejection', new Error('later'));
  assert.deepEqual(exits, [], 'two apart in time: still serving');
  assert.equal(lines.length, 3);
  target.emit('uncaughtException', new TypeError('boom'));
  target.emit('uncaughtException', new TypeError('boom'));
  assert.deepEqual(exits, [1], 'three within the window');
});
