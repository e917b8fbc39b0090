/**
 * What caches may keep of the task API: never a token (sign-up, login), one account's tasks only in that
 * browser and only after revalidating (so If-None-Match and 304 keep working), never an error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { taskOpenApi } from '../../adapters/http/docs/task-openapi.ts';
import { silentLogger } from '../../adapters/logging/logger.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';
import { httpWorld } from '../support/http.ts';

const varies = (headers: Headers) => (headers.get('vary') ?? '').split(',').map((s) => s.trim().toLowerCase());

test('sign-up and login answers carry a token: Cache-Control: no-store', async () => {
  const w = await httpWorld();
  const body = { name: 'Ada', email: 'ada@example.com', password: 'correct horse' };
  const signUp = await w.call('POST', '/api/auth/signup', { body });
  assert.equal(signUp.status, 201);
  assert.equal(signUp.headers.get('cache-control'), 'no-store');
  const login = await w.call('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  assert.equal(login.status, 200);
  assert.equal(login.headers.get('cache-control'), 'no-store');
});

test('task answers are private, revalidated and keyed on the token; the 304 of each says the same', async () => {
  const w = await httpWorld();
  const { token } = await w.signUp();
  const created = await w.call('POST', '/api/tasks', { token, body: { title: 't' } });
  const id = created.body.task.id as string;
  const answers = {
    create: created,
    list: await w.call('GET', '/api/tasks', { token }),
    'paged list': await w.call('GET', '/api/tasks?limit=1', { token }),
    'list HEAD': await w.call('HEAD', '/api/tasks', { token }),
    read: await w.call('GET', `/api/tasks/${id}`, { token }),
    'read HEAD': await w.call('HEAD', `/api/tasks/${id}`, { token }),
    update: await w.call('PATCH', `/api/tasks/${id}`, { token, body: { status: 'completed' } }),
  };
  for (const [what, reply] of Object.entries(answers)) {
    assert.ok(reply.status === 200 || reply.status === 201, `${what}: ${reply.status}`);
    assert.equal(reply.headers.get('cache-control'), 'private, no-cache', what);
    assert.ok(varies(reply.headers).includes('authorization'), what);
  }

  for (const path of ['/api/tasks', `/api/tasks/${id}`]) {
    const etag = (await w.call('GET', path, { token })).headers.get('etag')!;
    const notModified = await w.call('GET', path, { token, headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304, path);
    assert.equal(notModified.headers.get('etag'), etag, path);
    assert.equal(notModified.headers.get('cache-control'), 'private, no-cache', path);
    assert.ok(varies(notModified.headers).includes('authorization'), path);
  }

  const deleted = await w.call('DELETE', `/api/tasks/${id}`, { token });
  assert.equal(deleted.status, 200);
  assert.equal(deleted.headers.get('cache-control'), 'private, no-cache');
});

test('errors of the task API are never kept: 401, 404, 405, 412 and a failed login', async () => {
  const w = await httpWorld();
  const { token, email } = await w.signUp();
  const task = await w.createTask(token, { title: 't' });
  const errors = {
    401: await w.call('GET', '/api/tasks'),
    404: await w.call('GET', '/api/tasks/0f8fad5b-d9cb-469f-a165-70867728950e', { token }),
    405: await w.call('PUT', '/api/tasks', { token }),
    412: await w.call('PATCH', `/api/tasks/${task.id}`, {
      token,
      headers: { 'if-match': '"stale"' },
      body: { title: 'u' },
    }),
    'failed login': await w.call('POST', '/api/auth/login', { body: { email, password: 'wrong password' } }),
  };
  for (const [what, reply] of Object.entries(errors)) {
    assert.ok(reply.status >= 400, `${what}: ${reply.status}`);
    assert.equal(reply.headers.get('cache-control'), 'no-store', what);
  }
});

test('with CORS_ORIGINS, a task answer varies on Origin and on Authorization', async () => {
  const page = 'http://localhost:5173';
  const container = createContainer({
    storage: 'memory',
    jwtSecret: 'cache-tests-secret-of-at-least-32-chars!',
    bcryptCost: 4,
    forecastProvider: false,
  });
  const app = await buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    corsOrigins: [page],
    log: silentLogger,
  });
  const signUp = await app.fetch(
    new Request('http://taskcast.test/api/auth/signup', {
      method: 'POST',
      headers: { origin: page, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse' }),
    }),
  );
  const { token } = (await signUp.json()) as { token: string };
  const list = await app.fetch(
    new Request('http://taskcast.test/api/tasks', { headers: { origin: page, authorization: `Bearer ${token}` } }),
  );
  assert.equal(list.status, 200);
  assert.equal(list.headers.get('access-control-allow-origin'), page);
  assert.equal(list.headers.get('cache-control'), 'private, no-cache');
  assert.deepEqual(varies(list.headers).sort(), ['authorization', 'origin']);
});

test('the API document says what the answers carry', async () => {
  const w = await httpWorld();
  const { token } = await w.signUp();
  const login = await w.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
  const list = await w.call('GET', '/api/tasks', { token });
  const description = String((taskOpenApi('http://localhost') as { info: { description: string } }).info.description);
  const caching = description.split('\n').find((line) => line.startsWith('Caching:')) ?? '';
  assert.ok(caching.includes(`every error \`Cache-Control: ${login.headers.get('cache-control')}\``), caching);
  assert.ok(
    caching.includes(`\`Cache-Control: ${list.headers.get('cache-control')}\` with \`Vary: Authorization\``),
    caching,
  );
});
