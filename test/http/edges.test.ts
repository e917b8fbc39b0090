import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import type { TaskRepository } from '../../application/tasks/ports.ts';
import { httpWorld } from '../support/http.ts';

describe('GET /health', () => {
  test('200 { status: ok, timestamp } with an ISO 8601 UTC time with milliseconds; no token needed', async () => {
    const w = await httpWorld();
    const reply = await w.call('GET', '/health');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { status: 'ok', timestamp: '2026-03-01T12:00:00.000Z' });
  });
});

describe('body size', () => {
  test('413 PayloadTooLarge over 1 MiB, declared by Content-Length', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const raw = JSON.stringify({ title: 't', description: 'd'.repeat(1024 * 1024) });
    const reply = await w.call('POST', '/api/tasks', {
      token,
      raw,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)) },
    });
    assert.equal(reply.status, 413);
    assert.equal(reply.body.error, 'PayloadTooLarge');
  });

  test('413 over 1 MiB for a chunked body with no Content-Length', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const raw = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const reply = await w.call('PATCH', '/api/tasks/0f8fad5b-d9cb-469f-a165-70867728950e', { token, raw });
    assert.equal(reply.status, 413);
    assert.equal(reply.body.error, 'PayloadTooLarge');
  });

  test('just under 1 MiB is read (and then judged on its content)', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const raw = JSON.stringify({ title: 't', description: 'd'.repeat(1000 * 1000) });
    const reply = await w.call('POST', '/api/tasks', { token, raw });
    assert.equal(reply.status, 400);
    assert.deepEqual(
      reply.body.details.map((d: { path: string }) => d.path),
      ['description'],
    );
  });
});

describe('routing', () => {
  test('405 with Allow for a known path and an unsupported method', async () => {
    const w = await httpWorld();
    const cases: Array<[string, string, string]> = [
      ['PUT', '/api/tasks', 'GET, POST, HEAD'],
      ['DELETE', '/api/tasks', 'GET, POST, HEAD'],
      ['POST', '/api/tasks/0f8fad5b-d9cb-469f-a165-70867728950e', 'GET, PATCH, DELETE, HEAD'],
      ['PUT', '/api/tasks/anything', 'GET, PATCH, DELETE, HEAD'],
      ['GET', '/api/auth/login', 'POST'],
      ['GET', '/api/auth/signup', 'POST'],
      ['POST', '/health', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await w.call(method, path);
      assert.equal(reply.status, 405, `${method} ${path}`);
      assert.equal(reply.headers.get('allow'), allow, `${method} ${path}`);
      assert.deepEqual(Object.keys(reply.body).sort(), ['error', 'message']);
    }
  });

  test('an unknown route under /api is a 404 NotFound in the error shape', async () => {
    const w = await httpWorld();
    for (const path of ['/api', '/api/nothing', '/api/tasks/a/b', '/api/auth']) {
      const reply = await w.call('GET', path);
      assert.equal(reply.status, 404, path);
      assert.equal(reply.body.error, 'NotFound', path);
    }
  });

  test('HEAD is served wherever GET is', async () => {
    const w = await httpWorld();
    const reply = await w.call('HEAD', '/health');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
  });
});

describe('unexpected failures', () => {
  test('500 InternalError carries no stack, path or library message', async () => {
    const failing: TaskRepository = {
      add: async () => {
        throw new Error("EACCES: permission denied, open '/var/lib/taskcast/secret.db'");
      },
      findOwned: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
      listOwned: async () => {
        throw new Error('boom at /work/main/adapters/x.ts:12');
      },
      pageOwned: async () => {
        throw new Error('boom at /work/main/adapters/x.ts:13');
      },
      findIdempotencyRecord: async () => undefined,
      updateOwned: async () => undefined,
      removeOwned: async () => false,
    };
    const w = await httpWorld({ rebind: (c) => void c.rebind(TOKENS.TaskRepository).toConstantValue(failing) });
    const { token } = await w.signUp();
    for (const [method, path, body] of [
      ['POST', '/api/tasks', { title: 't' }],
      ['GET', '/api/tasks', undefined],
      ['GET', '/api/tasks/0f8fad5b-d9cb-469f-a165-70867728950e', undefined],
    ] as const) {
      const reply = await w.call(method, path, { token, body });
      assert.equal(reply.status, 500);
      assert.deepEqual(Object.keys(reply.body).sort(), ['error', 'message']);
      assert.equal(reply.body.error, 'InternalError');
      assert.doesNotMatch(reply.text, /EACCES|secret\.db|TypeError|undefined|\/work\/|at /);
    }
  });
});

describe('error text that quotes the request', () => {
  test('is kept short: a 100,000-character key is not echoed whole (its start and end are)', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const key = `start${'x'.repeat(100_000)}end`;
    const reply = await w.call('POST', '/api/tasks', { token, raw: JSON.stringify({ title: 'A', [key]: 1 }) });
    assert.equal(reply.status, 400);
    assert.ok(reply.text.length < 2_000, `${reply.text.length} characters`);
    const [detail] = reply.body.details as Array<{ path: string; message: string }>;
    assert.match(detail!.path, /^startx+…x+end$/);
    assert.ok(detail!.path.length <= 300);
  });

  test('is kept short in the 404 of a path no route serves', async () => {
    const w = await httpWorld();
    const reply = await w.call('GET', `/api/${'x'.repeat(15_000)}`);
    assert.equal(reply.status, 404);
    assert.ok(reply.body.message.length <= 300, `${reply.body.message.length} characters`);
  });
});
