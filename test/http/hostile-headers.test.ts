import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpWorld } from '../support/http.ts';

test('a 16 KB Bearer header built to backtrack is a 401 in milliseconds', async () => {
  const w = await httpWorld();
  for (const header of [
    `Bearer a.${'a'.repeat(16_000)}!`,
    `Bearer ${'a.'.repeat(8_000)}!`,
    `bearer ${' '.repeat(16_000)}x`,
  ]) {
    // CPU time, not wall time: the old pattern burned ~570 ms of CPU per request, and CPU time does not
    // grow when a busy machine makes the test wait for a core.
    const started = process.cpuUsage();
    const reply = await w.call('GET', '/api/tasks', { headers: { authorization: header } });
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    assert.equal(reply.status, 401);
    assert.equal(reply.body.error, 'Unauthorized');
    assert.ok(ms < 50, `${ms.toFixed(1)} ms of CPU`);
  }
});

test('the Bearer form: case-insensitive scheme, spaces around the token, any other form refused', async () => {
  const w = await httpWorld();
  const { token } = await w.signUp();
  for (const header of [`Bearer ${token}`, `bearer  ${token} `, `BEARER ${token}`]) {
    assert.equal(
      (await w.call('GET', '/api/tasks', { headers: { authorization: header } })).status,
      200,
      header.slice(0, 12),
    );
  }
  for (const header of [
    `Bearer${token}`,
    `Bearer\t${token}`,
    `Token ${token}`,
    `Bearer ${token}!`,
    `Bearer .${token}`,
    `Bearer ${token} ${token}`,
  ]) {
    assert.equal(
      (await w.call('GET', '/api/tasks', { headers: { authorization: header } })).status,
      401,
      header.slice(0, 12),
    );
  }
});

test('a body that is not valid UTF-8 is a 400, never stored with U+FFFD in place of its bytes', async () => {
  const w = await httpWorld();
  const body = (password: Uint8Array) => {
    const head = new TextEncoder().encode('{"name":"A","email":"utf8@example.com","password":"pass');
    const tail = new TextEncoder().encode('word"}');
    return new Uint8Array([...head, ...password, ...tail]);
  };
  const reply = await w.call('POST', '/api/auth/signup', {
    raw: body(new Uint8Array([0xff, 0xff])),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(reply.status, 400);
  assert.equal(reply.body.error, 'ValidationError');
  assert.match(reply.body.details[0].message, /UTF-8/);
  // A chunked body (no Content-Length) is held to the same rule.
  const stream = new ReadableStream({
    start(c) {
      c.enqueue(body(new Uint8Array([0xc3, 0x28])));
      c.close();
    },
  });
  const chunked = await w.call('POST', '/api/auth/signup', {
    raw: stream,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(chunked.status, 400);
  // Valid multi-byte text still passes.
  const ok = await w.call('POST', '/api/auth/signup', {
    body: { name: 'Zoë 😀', email: 'zoe@example.com', password: 'pässwörd 🔑' },
  });
  assert.equal(ok.status, 201);
  assert.equal(ok.body.user.name, 'Zoë 😀');
});

test('an unpaired surrogate spelled as a JSON escape is a 400 that names the field', async () => {
  const w = await httpWorld();
  const { token } = await w.signUp();
  for (const raw of ['{"title":"a\\ud800b"}', '{"title":"t","description":"\\udc00"}', '{"title":"t","\\ud800":1}']) {
    const reply = await w.call('POST', '/api/tasks', { token, raw, headers: { 'content-type': 'application/json' } });
    assert.equal(reply.status, 400, raw);
    assert.equal(reply.body.error, 'ValidationError');
    assert.match(reply.body.details[0].message, /surrogate/);
  }
  const paired = await w.call('POST', '/api/tasks', {
    token,
    raw: '{"title":"\\ud83d\\ude00"}',
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(paired.status, 201);
  assert.equal(paired.body.task.title, '😀');
});
