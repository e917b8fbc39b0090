import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Logger } from '../../adapters/logging/logger.ts';
import { MAX_BODY_BYTES } from '../../adapters/http/read-json-body.ts';
import { httpWorld } from '../support/http.ts';

// Issue 35, item 3: JSON nested deeper than the call stack reaches (`{"title":[[[…20,000 levels…]]]}`, 40 KB)
// was a 500 InternalError with a RangeError in the log, from a recursive walk over the parsed body. Every
// depth a body under the 1 MiB limit can hold must be a 400 ValidationError, with nothing logged.

/** A body under the size limit: `{"field":` then `depth` openers, a core value, and the closers. */
function nestedBody(field: string | null, depth: number, shape: 'array' | 'object' | 'mixed', core: string): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const object = shape === 'object' || (shape === 'mixed' && i % 2 === 1);
    open += object ? '{"a":' : '[';
    close = (object ? '}' : ']') + close;
  }
  const nested = open + core + close;
  return field === null ? nested : `{"${field}":${nested}}`;
}

/** The deepest nesting of each shape that fits the body limit (objects take 5 bytes a level, arrays 1). */
const MAX_DEPTH = { array: Math.floor((MAX_BODY_BYTES - 64) / 2), object: Math.floor((MAX_BODY_BYTES - 64) / 6) };

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    };
  return { lines, debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

describe('deeply nested JSON bodies', () => {
  test('the issue’s case: 20,000 levels (40 KB) is a 400 on every route that reads a body, nothing logged', async () => {
    const log = recordingLog();
    const w = await httpWorld({ log });
    const { token } = await w.signUp();
    const task = await w.createTask(token, { title: 'target' });
    const body = nestedBody('title', 20_000, 'array', '');
    assert.ok(body.length >= 40_000 && body.length < 41_000);
    for (const [method, path, withToken] of [
      ['POST', '/api/tasks', true],
      ['PATCH', `/api/tasks/${task.id}`, true],
      ['POST', '/api/auth/signup', false],
      ['POST', '/api/auth/login', false],
    ] as const) {
      const reply = await w.call(method, path, {
        raw: body,
        token: withToken ? token : undefined,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(reply.status, 400, `${method} ${path}: ${reply.text}`);
      assert.equal(reply.body.error, 'ValidationError');
      assert.ok(!reply.text.includes('RangeError') && !reply.text.includes('stack'), reply.text);
    }
    assert.deepEqual(log.lines, []);
  });

  test('any depth up to the body limit, any shape, any route: a 400 ValidationError and no log line', async () => {
    const log = recordingLog();
    const w = await httpWorld({ log });
    const { token } = await w.signUp();
    const task = await w.createTask(token, { title: 'target' });
    const routes = [
      { method: 'POST', path: '/api/tasks', token, fields: ['title', 'description', 'due_date', null] },
      { method: 'PATCH', path: `/api/tasks/${task.id}`, token, fields: ['title', 'status', 'description', null] },
      { method: 'POST', path: '/api/auth/signup', token: undefined, fields: ['name', 'email', 'password', null] },
      { method: 'POST', path: '/api/auth/login', token: undefined, fields: ['email', 'password', null] },
    ] as const;
    const shape = fc.constantFrom('array', 'object', 'mixed' as const);
    const depthFor = (s: 'array' | 'object' | 'mixed') =>
      fc.oneof(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1_000, max: 50_000 }),
        fc.integer({ min: 1, max: s === 'array' ? MAX_DEPTH.array : MAX_DEPTH.object }),
      );
    const sample = shape.chain((s) =>
      fc.record({
        shape: fc.constant(s),
        depth: depthFor(s),
        route: fc.constantFrom(...routes),
        fieldIndex: fc.nat(),
        // The innermost value: nothing, a scalar, or a string with a lone surrogate (found without recursion too).
        core: fc.constantFrom('', '1', 'null', '"x"', '"\\ud800"', '{}', '[]'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(sample, async ({ shape: s, depth, route, fieldIndex, core }) => {
        // An object level needs a value: an empty core inside `{"a":` is malformed JSON, also a 400.
        const field = route.fields[fieldIndex % route.fields.length] ?? null;
        const body = nestedBody(field, depth, s, core);
        const logged = log.lines.length;
        const reply = await w.call(route.method, route.path, {
          raw: body,
          token: route.token,
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(
          reply.status,
          400,
          `${route.method} ${route.path} ${s} ${depth} ${core}: ${reply.text.slice(0, 300)}`,
        );
        assert.equal(reply.body.error, 'ValidationError');
        assert.ok(Array.isArray(reply.body.details));
        assert.deepEqual(log.lines.slice(logged), []);
      }),
      { numRuns: 60 },
    );
  });
});
