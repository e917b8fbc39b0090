import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, readConfig } from '../../../bootstrap/server/config.ts';

test('auth budgets: documented defaults, 0 turns one off, a bad value names the variable', () => {
  assert.deepEqual(readConfig({}).authBudgets, {
    loginFailuresPerAccount: 10,
    loginFailuresPerAddress: 100,
    signUpsPerAddress: 1000,
  });
  assert.deepEqual(readConfig({ LOGIN_FAILURES_PER_ACCOUNT: '0', SIGNUPS_PER_ADDRESS: '5' }).authBudgets, {
    loginFailuresPerAccount: 0,
    loginFailuresPerAddress: 100,
    signUpsPerAddress: 5,
  });
  assert.throws(() => readConfig({ LOGIN_FAILURES_PER_ADDRESS: 'many' }), /LOGIN_FAILURES_PER_ADDRESS/);
});

test('the replaced AUTH_RATE_LIMIT stops start-up with a message naming its replacements', () => {
  assert.throws(
    () => readConfig({ AUTH_RATE_LIMIT: '20' }),
    (e: unknown) =>
      e instanceof ConfigError && /LOGIN_FAILURES_PER_ACCOUNT/.test(e.message) && !e.message.includes('\n'),
  );
});
