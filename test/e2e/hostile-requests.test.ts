/**
 * Requests that once took the whole process down, through `npm start`: after each, /health must answer.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Api } from './api-client.ts';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

/** A chunked body of 1 MiB + 24 bytes (no Content-Length), as the report that found the crash sent it. */
function oversizeChunked(port: number, method: string, path: string, token?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
      'user-agent': 'e2e',
    };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let i = 0; i < 16; i++) req.write(chunk);
    req.end(Buffer.alloc(24, 'a'));
  });
}

test('an oversize chunked body on every route gets its answer, and the server keeps serving', async () => {
  const server = await ServerProcess.start({ dbPath: join(makeTempDir('hostile'), 'tasks.db') });
  const api = new Api(server.baseUrl);
  const port = server.port;
  const session = await api.signUp();
  const task = await api.createTask(session.token, 'target');
  const routes: Array<[string, string, string | undefined, number]> = [
    ['POST', '/api/auth/signup', undefined, 413],
    ['POST', '/api/auth/login', undefined, 413],
    ['POST', '/api/tasks', session.token, 413],
    ['PATCH', `/api/tasks/${task.id}`, session.token, 413],
    ['POST', '/api/tasks', undefined, 401],
    ['DELETE', `/api/tasks/${task.id}`, 'not-a-token', 401],
    ['POST', '/health', undefined, 405],
    ['POST', '/points/39.7456,-97.0892', undefined, 405], // a forecast path takes GET, HEAD and OPTIONS only
  ];
  try {
    for (const [method, path, token, expected] of routes) {
      const status = await oversizeChunked(port, method, path, token);
      assert.equal(status, expected, `${method} ${path}\n${server.output}`);
      const health = await api.request('GET', '/health');
      assert.equal(health.status, 200, `after ${method} ${path} the server must still answer\n${server.output}`);
    }
    const exitedEarly = await Promise.race([
      server.exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 300)),
    ]);
    assert.equal(exitedEarly, false, server.output);
    assert.doesNotMatch(server.output, /TypeError|uncaught/i);
  } finally {
    await server.stop('SIGTERM');
  }
});
