import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpWorld } from '../support/http.ts';

test('a 16 KB Bearer header built to backtrack is a 401 in milliseconds', async () => {
  const w = await httpWorld();
  for (const header of [`Bearer a.${'a'.repeat(16_000)}!`, `Bearer ${'a.'.repeat(8_000)}!`, `bearer ${' '.repeat(16_000)}x`]) {
    const started = performance.now();
    const reply = await w.call('GET', '/api/tasks', { headers: { authorization: header } });
    const ms = performance.now() - started;
    assert.equal(reply.status, 401);
    assert.equal(reply.body.error, 'Unauthorized');
    assert.ok(ms < 50, `${ms.toFixed(1)} ms`);
  }
});

test('the Bearer form: case-insensitive scheme, spaces around the token, any other form refused', async () => {
  const w = await httpWorld();
  const { token } = await w.signUp();
  for (const header of [`Bearer ${token}`, `bearer  ${token} `, `BEARER ${token}`]) {
    assert.equal((await w.call('GET', '/api/tasks', { headers: { authorization: header } })).status, 200, header.slice(0, 12));
  }
  for (const header of [`Bearer${token}`, `Bearer\t${token}`, `Token ${token}`, `Bearer ${token}!`, `Bearer .${token}`, `Bearer ${token} ${token}`]) {
    assert.equal((await w.call('GET', '/api/tasks', { headers: { authorization: header } })).status, 401, header.slice(0, 12));
  }
});
