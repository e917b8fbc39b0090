import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { httpWorld, worldWithTask } from '../support/http.ts';

const TASK_KEYS = [
  'created_at',
  'description',
  'due_date',
  'id',
  'priority',
  'status',
  'title',
  'updated_at',
  'user_id',
];

describe('POST /api/tasks', () => {
  test('201 with message and the task, defaults filled', async () => {
    const w = await httpWorld();
    const { token, id } = await w.signUp();
    const reply = await w.call('POST', '/api/tasks', { token, body: { title: 'Buy milk' } });
    assert.equal(reply.status, 201);
    assert.equal(typeof reply.body.message, 'string');
    const task = reply.body.task;
    assert.deepEqual(Object.keys(task).sort(), TASK_KEYS);
    assert.equal(task.user_id, id);
    assert.deepEqual(
      [task.title, task.description, task.status, task.priority, task.due_date],
      ['Buy milk', null, 'pending', 'medium', null],
    );
    assert.equal(task.created_at, '2026-03-01 12:00:00');
    assert.equal(task.updated_at, task.created_at);
  });

  test('every optional field as given', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const body = { title: ' T ', description: 'D', status: 'in_progress', priority: 'high', due_date: '2028-02-29' };
    const task = await w.createTask(token, body);
    assert.deepEqual(
      {
        title: task.title,
        description: task.description,
        status: task.status,
        priority: task.priority,
        due_date: task.due_date,
      },
      body,
    );
  });

  const invalid: Array<[string, unknown, string[]]> = [
    ['missing title', { description: 'x' }, ['title']],
    ['null title', { title: null }, ['title']],
    ['blank title', { title: ' \t ' }, ['title']],
    ['title of 201 characters', { title: 't'.repeat(201) }, ['title']],
    ['title as a number', { title: 7 }, ['title']],
    ['description of 5001 characters', { title: 't', description: 'd'.repeat(5001) }, ['description']],
    ['status outside the enum', { title: 't', status: 'done' }, ['status']],
    ['status in upper case', { title: 't', status: 'PENDING' }, ['status']],
    ['priority outside the enum', { title: 't', priority: 'urgent' }, ['priority']],
    ['due_date not a real day', { title: 't', due_date: '2026-02-30' }, ['due_date']],
    ['due_date in another format', { title: 't', due_date: '01/02/2026' }, ['due_date']],
    ['due_date with a time', { title: 't', due_date: '2026-02-01T10:00:00Z' }, ['due_date']],
    ['an unknown field', { title: 't', colour: 'red' }, ['colour']],
    [
      'read-only fields',
      { title: 't', id: 'x', user_id: 'y', created_at: 'z', updated_at: 'w' },
      ['created_at', 'id', 'updated_at', 'user_id'],
    ],
    ['several problems at once', { status: 'x', priority: 'y' }, ['priority', 'status', 'title']],
  ];
  for (const [what, body, paths] of invalid) {
    test(`400 ValidationError: ${what}`, async () => {
      const w = await httpWorld();
      const { token } = await w.signUp();
      const reply = await w.call('POST', '/api/tasks', { token, body });
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.error, 'ValidationError');
      assert.deepEqual(reply.body.details.map((d: { path: string }) => d.path).sort(), paths);
      assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 0, 'nothing was stored');
    });
  }

  test('the body must be a JSON object', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (const raw of ['', '   ', '{"title": "x"', '[]', '[{"title":"x"}]', '"title"', '42', 'null', 'true']) {
      const reply = await w.call('POST', '/api/tasks', { token, raw, headers: { 'content-type': 'application/json' } });
      assert.equal(reply.status, 400, JSON.stringify(raw));
      assert.equal(reply.body.error, 'ValidationError', JSON.stringify(raw));
    }
  });

  test('read-only field names are reported as such', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const reply = await w.call('POST', '/api/tasks', { token, body: { title: 't', user_id: 'x' } });
    assert.match(reply.body.details[0].message, /read-only/);
  });

  test('keys named after Object.prototype members are unknown fields too', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const reply = await w.call('POST', '/api/tasks', { token, raw: `{"title":"t","${key}":{"x":1}}` });
      assert.equal(reply.status, 400, key);
      assert.deepEqual(
        reply.body.details.map((d: { path: string }) => d.path),
        [key],
      );
    }
  });
});

describe('GET /api/tasks', () => {
  test('count and tasks, newest first; equal timestamps keep creation order', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const a = await w.createTask(token, { title: 'a' });
    const b = await w.createTask(token, { title: 'b' });
    w.clock.advance(1000);
    const c = await w.createTask(token, { title: 'c' });
    const reply = await w.call('GET', '/api/tasks', { token });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.count, 3);
    assert.deepEqual(
      reply.body.tasks.map((t: { id: string }) => t.id),
      [c.id, b.id, a.id],
    );
  });

  test('filters by status, priority and both', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    await w.createTask(token, { title: '1', status: 'completed', priority: 'high' });
    await w.createTask(token, { title: '2', status: 'completed', priority: 'low' });
    await w.createTask(token, { title: '3', status: 'in_progress', priority: 'high' });
    const titles = async (query: string) =>
      (await w.call('GET', `/api/tasks${query}`, { token })).body.tasks.map((t: { title: string }) => t.title);
    assert.deepEqual(await titles('?status=completed'), ['2', '1']);
    assert.deepEqual(await titles('?priority=high'), ['3', '1']);
    assert.deepEqual(await titles('?status=completed&priority=high'), ['1']);
    assert.deepEqual(await titles('?status=pending'), []);
  });

  test('an unknown query parameter is a 400 ValidationError that names it (a client paging by ?page= must not loop)', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (let i = 1; i <= 7; i++) await w.createTask(token, { title: String(i) });
    const cases: Array<[string, string[]]> = [
      ['?page=2&limit=5', ['page']],
      ['?page=2', ['page']],
      ['?page=2&sort=title', ['page', 'sort']],
      ['?offset=5&limit=5', ['offset']],
      ['?Status=pending', ['Status']],
      ['?status=pending&page=1&page=2', ['page']],
      ['?status=bogus&per_page=5', ['per_page', 'status']],
      ['?limit=0&x=', ['limit', 'x']],
    ];
    for (const [query, paths] of cases) {
      const reply = await w.call('GET', `/api/tasks${query}`, { token });
      assert.equal(reply.status, 400, query);
      assert.equal(reply.body.error, 'ValidationError', query);
      assert.deepEqual(reply.body.details.map((d: { path: string }) => d.path).sort(), paths, query);
      const unknown = reply.body.details.find((d: { path: string }) => d.path === paths[0]);
      assert.match(reply.body.message, new RegExp(paths[0]!), query);
      if (!['limit', 'status'].includes(paths[0]!))
        assert.equal(
          unknown.message,
          'is not a known query parameter; this route takes status, priority, limit, cursor',
          query,
        );
    }
    // The documented ones still work, alone and together.
    const page = await w.call('GET', '/api/tasks?status=pending&priority=medium&limit=5', { token });
    assert.equal(page.status, 200);
    assert.equal(page.body.count, 5);
    const next = await w.call('GET', page.body.next, { token });
    assert.deepEqual(
      next.body.tasks.map((t: { title: string }) => t.title),
      ['2', '1'],
    );
    // Without a token it is still the 401 first.
    assert.equal((await w.call('GET', '/api/tasks?page=2')).status, 401);
  });

  test('an empty query is no query, and a query of separators alone is parsed as one', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (let i = 1; i <= 3; i++) await w.createTask(token, { title: String(i) });
    const whole = await w.call('GET', '/api/tasks', { token });
    // `?` alone leaves the URL's search empty: the whole list, as without it, and the same ETag.
    const bare = await w.call('GET', '/api/tasks?', { token });
    assert.equal(bare.status, 200);
    assert.deepEqual(bare.body, whole.body);
    assert.equal(bare.headers.get('etag'), whole.headers.get('etag'));
    assert.equal('next' in bare.body, false);
    // `?&` names no parameter: parsed, nothing refused, the whole list again.
    const separators = await w.call('GET', '/api/tasks?&', { token });
    assert.equal(separators.status, 200);
    assert.deepEqual(separators.body, whole.body);
    const task = whole.body.tasks[0] as { id: string };
    for (const path of [`/api/tasks/${task.id}?`, `/api/tasks/${task.id}?&`])
      assert.equal((await w.call('GET', path, { token })).status, 200, path);
  });

  test('the other task routes take no query parameters: any is a 400 that names it', async () => {
    const w = await httpWorld();
    const { token, email } = await w.signUp();
    const task = await w.createTask(token, { title: 't' });
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', `/api/tasks/${task.id}?fields=title`],
      ['HEAD', `/api/tasks/${task.id}?fields=title`],
      ['PATCH', `/api/tasks/${task.id}?fields=title`, { title: 'u' }],
      ['DELETE', `/api/tasks/${task.id}?fields=title`],
      ['POST', '/api/tasks?fields=title', { title: 'u' }],
      ['POST', '/api/auth/login?fields=title', { email, password: 'correct horse' }],
      ['POST', '/api/auth/signup?fields=title', { name: 'B', email: 'b@x.io', password: 'correct horse' }],
    ];
    for (const [method, path, body] of calls) {
      const reply = await w.call(method, path, { token, body });
      assert.equal(reply.status, 400, `${method} ${path}`);
      if (method === 'HEAD') continue;
      assert.deepEqual(reply.body.details, [
        { path: 'fields', message: 'is not a known query parameter; this route takes none' },
      ]);
    }
    // Nothing was changed, created or deleted by them.
    const list = await w.call('GET', '/api/tasks', { token });
    assert.deepEqual(
      list.body.tasks.map((t: { title: string }) => t.title),
      ['t'],
    );
    assert.equal(
      (await w.call('POST', '/api/auth/login', { body: { email: 'b@x.io', password: 'correct horse' } })).status,
      401,
    );
  });

  test('400 ValidationError for a bad, empty or repeated filter', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (const query of [
      '?status=done',
      '?priority=HIGH',
      '?status=',
      '?priority=',
      '?status=pending&status=completed',
      '?status=pending&priority=x',
    ]) {
      const reply = await w.call('GET', `/api/tasks${query}`, { token });
      assert.equal(reply.status, 400, query);
      assert.equal(reply.body.error, 'ValidationError', query);
      assert.ok(reply.body.details.length >= 1, query);
    }
  });

  test("only the caller's tasks", async () => {
    const w = await httpWorld();
    const ada = await w.signUp('Ada');
    const bob = await w.signUp('Bob');
    await w.createTask(ada.token, { title: 'ada' });
    await w.createTask(bob.token, { title: 'bob' });
    const list = (await w.call('GET', '/api/tasks', { token: bob.token })).body;
    assert.deepEqual(
      list.tasks.map((t: { title: string }) => t.title),
      ['bob'],
    );
    assert.equal(list.count, 1);
  });
});

describe('GET, PATCH and DELETE /api/tasks/{id}', () => {
  test('GET returns { task }', async () => {
    const { w, token, task } = await worldWithTask();
    const reply = await w.call('GET', `/api/tasks/${task.id}`, { token });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { task });
  });

  test("404 NotFound for an unknown id, a malformed id and another user's task, on every method", async () => {
    const w = await httpWorld();
    const ada = await w.signUp('Ada');
    const bob = await w.signUp('Bob');
    const task = await w.createTask(ada.token, { title: 'private' });
    const ids = ['0f8fad5b-d9cb-469f-a165-70867728950e', 'not-a-uuid', '1', '%ED%A0%80', '%zz', task.id];
    for (const id of ids) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { title: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const reply = await w.call(method, `/api/tasks/${id}`, { token: bob.token, body });
        assert.equal(reply.status, 404, `${method} ${id}`);
        assert.deepEqual(Object.keys(reply.body).sort(), ['error', 'message']);
        assert.equal(reply.body.error, 'NotFound');
      }
    }
    assert.equal(
      (await w.call('GET', `/api/tasks/${task.id}`, { token: ada.token })).body.task.title,
      'private',
      'untouched',
    );
  });

  test('PATCH changes only the fields sent and sets a new updated_at', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const task = await w.createTask(token, { title: 't', description: 'd', priority: 'low', due_date: '2026-06-01' });
    w.clock.advance(90_000);
    const reply = await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { status: 'completed' } });
    assert.equal(reply.status, 200);
    assert.equal(typeof reply.body.message, 'string');
    assert.deepEqual(reply.body.task, { ...task, status: 'completed', updated_at: '2026-03-01 12:01:30' });
    assert.deepEqual((await w.call('GET', `/api/tasks/${task.id}`, { token })).body.task, reply.body.task);
  });

  test('every PATCH gives a later updated_at, even within the same second (spec: "changes when the task is updated")', async () => {
    const { w, token, task } = await worldWithTask();
    const seen = [task.updated_at];
    for (const status of ['in_progress', 'completed', 'completed', 'pending']) {
      const reply = await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { status } });
      assert.equal(reply.status, 200);
      seen.push(reply.body.task.updated_at);
    }
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! > seen[i - 1]!, `${seen[i]} after ${seen[i - 1]}`);
    assert.equal(seen.at(-1), '2026-03-01 12:00:04', 'the still clock reads 12:00:00; each update adds one second');
    w.clock.advance(60_000);
    const later = await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { title: 'u' } });
    assert.equal(later.body.task.updated_at, '2026-03-01 12:01:00', 'back on the clock once it has moved past');
    assert.equal(later.body.task.created_at, task.created_at);
  });

  test('PATCH null clears description and due_date', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const task = await w.createTask(token, { title: 't', description: 'd', due_date: '2026-06-01' });
    const reply = await w.call('PATCH', `/api/tasks/${task.id}`, {
      token,
      body: { description: null, due_date: null },
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.task.description, null);
    assert.equal(reply.body.task.due_date, null);
  });

  test('PATCH 400s: empty object, null title/status/priority, bad values, unknown and read-only fields', async () => {
    const { w, token, task } = await worldWithTask();
    const bodies = [
      {},
      { title: null },
      { status: null },
      { priority: null },
      { title: '' },
      { status: 'DONE' },
      { due_date: '2026-13-01' },
      { description: 5 },
      { id: task.id },
      { user_id: 'someone' },
      { created_at: '2020-01-01 00:00:00' },
      { updated_at: 'x' },
      { title: 't', extra: 1 },
    ];
    for (const body of bodies) {
      const reply = await w.call('PATCH', `/api/tasks/${task.id}`, { token, body });
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.body.error, 'ValidationError');
    }
    assert.deepEqual((await w.call('GET', `/api/tasks/${task.id}`, { token })).body.task, task, 'nothing changed');
  });

  test('DELETE removes for good', async () => {
    const { w, token, task } = await worldWithTask();
    const reply = await w.call('DELETE', `/api/tasks/${task.id}`, { token });
    assert.equal(reply.status, 200);
    assert.deepEqual(Object.keys(reply.body), ['message']);
    assert.equal((await w.call('GET', `/api/tasks/${task.id}`, { token })).status, 404);
    assert.equal((await w.call('DELETE', `/api/tasks/${task.id}`, { token })).status, 404);
    assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 0);
  });
});
