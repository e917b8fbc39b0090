import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { httpWorld } from '../support/http.ts';
import type { Reply } from '../support/reply.ts';

// Random and hostile input at every task route: nothing may produce a 5xx, and every error keeps the
// contract's shape.

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '💥'.repeat(80),
    'a'.repeat(10_000),
    '2026-02-30',
    '9999-12-31',
    '../../etc/passwd',
    '<script>',
    "' OR 1=1 --",
    'null',
    'NaN',
  ),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    'title',
    'description',
    'status',
    'priority',
    'due_date',
    'name',
    'email',
    'password',
    'id',
    'user_id',
    'created_at',
    'updated_at',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    'pending',
    'in_progress',
    'completed',
    'low',
    'medium',
    'high',
    null,
    true,
    false,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.double(),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
);
const jsonBody = fc.oneof(
  fc.dictionary(fieldName, value, { maxKeys: 7 }).map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }), // mostly malformed JSON
  fc.constantFrom(
    '',
    '{',
    '{"title":',
    '{"title":"x"}}',
    '{"title":"\\ud800"}',
    '{"__proto__":{"title":"x"}}',
    '[]',
    'null',
  ),
);
const pathId = fc.oneof(
  fc.uuid(),
  hostileString.map(encodePathSegment),
  fc.constantFrom('..', '%2e%2e', '%00', 'a%2Fb'),
);
const query = fc
  .array(fc.tuple(fc.constantFrom('status', 'priority', 'x', '__proto__'), hostileString), { maxLength: 4 })
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Lone surrogates cannot be encoded; their raw UTF-8 escape is an even more hostile path. */
function encodePathSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

function assertWellFormed(reply: Reply, what: string): void {
  assert.ok(reply.status < 500, `${what} gave ${reply.status}: ${reply.text}`);
  if (reply.status >= 400) {
    assert.equal(typeof reply.body?.error, 'string', `${what}: error name in ${reply.text}`);
    assert.equal(typeof reply.body?.message, 'string', `${what}: message in ${reply.text}`);
  }
}

describe('hostile bodies (property-based)', () => {
  test('no task route answers random or hostile input with a 5xx', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const own = await w.createTask(token, { title: 'target' });
    await fc.assert(
      fc.asyncProperty(jsonBody, jsonBody, pathId, query, fc.boolean(), async (body, patchBody, id, q, useOwnId) => {
        const target = useOwnId ? own.id : id;
        const calls: Array<[string, string, { token?: string; raw?: string }]> = [
          ['POST', '/api/auth/signup', { raw: body }],
          ['POST', '/api/auth/login', { raw: body }],
          ['POST', '/api/tasks', { token, raw: body }],
          ['GET', `/api/tasks?${q}`, { token }],
          ['GET', `/api/tasks/${target}`, { token }],
          ['PATCH', `/api/tasks/${target}`, { token, raw: patchBody }],
          ['DELETE', `/api/tasks/${id}`, { token }],
        ];
        for (const [method, path, opts] of calls)
          assertWellFormed(await w.call(method, path, opts), `${method} ${path} ${(opts.raw ?? '').slice(0, 80)}`);
      }),
      { numRuns: 300 },
    );
    // The store is still sound: whatever got created is listable and well-formed.
    const list = await w.call('GET', '/api/tasks', { token });
    assert.equal(list.status, 200);
    for (const task of list.body.tasks) assert.equal(typeof task.title, 'string');
  });
});
