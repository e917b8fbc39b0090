/**
 * CORS: the forecast API is open to every origin (as api.weather.gov), the task API only to CORS_ORIGINS;
 * a preflight is never a 405, a plain OPTIONS keeps its 405 with Allow; credentials are never granted.
 * The real browser's view of the same rules is test/e2e/browser.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCorsOrigins } from '../../adapters/http/cors.ts';
import { silentLogger } from '../../adapters/logging/logger.ts';
import { ConfigError, readConfig } from '../../bootstrap/server/config.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';

const PAGE = 'http://localhost:5173';
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function app(corsOrigins?: readonly string[]) {
  const container = createContainer({
    storage: 'memory',
    jwtSecret: 'cors-tests-secret-of-at-least-32-chars!',
    bcryptCost: 4,
  });
  const h3 = await buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    corsOrigins,
    log: silentLogger,
  });
  return async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
    const init: RequestInit = {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await h3.fetch(new Request(`http://taskcast.test${path}`, init));
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

const preflight = (method: string, requestHeaders?: string, origin = PAGE): Record<string, string> => ({
  origin,
  'access-control-request-method': method,
  ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}),
});

test('forecast: Access-Control-Allow-Origin * on answers and errors, with the headers a client reads exposed', async () => {
  const call = await app();
  const ok = await call('GET', '/points/39.7456,-97.0892', { origin: PAGE, 'user-agent': CHROME_UA });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get('access-control-allow-origin'), '*');
  const exposed = (ok.headers.get('access-control-expose-headers') ?? '').split(',').map((s) => s.trim().toLowerCase());
  for (const name of ['etag', 'last-modified', 'link', 'x-correlation-id', 'retry-after'])
    assert.ok(exposed.includes(name), name);
  assert.equal(ok.headers.get('vary'), 'Accept', 'the forecast answer keeps its own Vary');
  assert.equal(ok.headers.get('access-control-allow-credentials'), null);

  const missing = await call('GET', '/gridpoints/ZZZ/1,1', { origin: PAGE, 'user-agent': CHROME_UA });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('access-control-allow-origin'), '*', 'a page can read the problem too');
  const redirect = await call('GET', '/points/39.74561,-97.08921', { origin: PAGE, 'user-agent': CHROME_UA });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('access-control-allow-origin'), '*');
});

test('forecast: a preflight is a 204 that allows GET and the headers a page may send, with or without a User-Agent', async () => {
  const call = await app();
  for (const ua of [{}, { 'user-agent': CHROME_UA }] as Record<string, string>[]) {
    const answer = await call('OPTIONS', '/gridpoints/TOP/32,81/forecast', {
      ...preflight('GET', 'if-none-match,feature-flags'),
      ...ua,
    });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.match(answer.headers.get('access-control-allow-methods') ?? '', /\bGET\b/);
    const allowed = (answer.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['if-none-match', 'feature-flags', 'user-agent', 'accept'])
      assert.ok(allowed.includes(name), name);
    assert.equal(answer.text, '');
  }
});

test("forecast User-Agent rule in a browser: the browser's own User-Agent is accepted; none at all is still a 403", async () => {
  const call = await app();
  // A page cannot set User-Agent, but the browser always sends its own: that satisfies the rule, as on api.weather.gov.
  const browser = await call('GET', '/gridpoints/TOP/32,81/forecast', {
    origin: PAGE,
    'user-agent': CHROME_UA,
    accept: '*/*',
  });
  assert.equal(browser.status, 200);
  // A client that sends none (some privacy proxies strip it) gets the contract's 403, readable cross-origin.
  const none = await call('GET', '/gridpoints/TOP/32,81/forecast', { origin: PAGE });
  assert.equal(none.status, 403);
  assert.equal(none.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(JSON.parse(none.text), { title: 'Access denied', detail: 'A valid User-Agent header is required.' });
});

test('task API: no cross-origin access by default; a preflight is then a 204 that grants nothing', async () => {
  const call = await app();
  const answer = await call('OPTIONS', '/api/tasks', preflight('POST', 'authorization,content-type'));
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get('access-control-allow-origin'), null);
  assert.equal(answer.headers.get('access-control-allow-methods'), null);
  const get = await call('GET', '/api/tasks', { origin: PAGE });
  assert.equal(get.status, 401);
  assert.equal(get.headers.get('access-control-allow-origin'), null);
  const health = await call('GET', '/health', { origin: PAGE });
  assert.equal(health.headers.get('access-control-allow-origin'), null);
});

test('task API with CORS_ORIGINS: an allowed origin gets the preflight grant and Vary: Origin; another gets nothing', async () => {
  const call = await app([PAGE, 'https://app.example.com']);
  const answer = await call('OPTIONS', '/api/tasks', preflight('POST', 'authorization,content-type'));
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get('access-control-allow-origin'), PAGE);
  assert.match(answer.headers.get('vary') ?? '', /Origin/);
  const methods = (answer.headers.get('access-control-allow-methods') ?? '').split(',').map((s) => s.trim());
  for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) assert.ok(methods.includes(method), method);
  const headers = (answer.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  assert.ok(headers.includes('authorization') && headers.includes('content-type'), headers);
  assert.equal(answer.headers.get('access-control-allow-credentials'), null);

  const signUp = await call(
    'POST',
    '/api/auth/signup',
    { origin: PAGE },
    { name: 'Ada', email: 'ada@example.com', password: 'correct horse' },
  );
  assert.equal(signUp.status, 201);
  assert.equal(signUp.headers.get('access-control-allow-origin'), PAGE);
  assert.match(signUp.headers.get('vary') ?? '', /Origin/);
  const token = JSON.parse(signUp.text).token as string;
  const created = await call(
    'POST',
    '/api/tasks',
    { origin: PAGE, authorization: `Bearer ${token}` },
    { title: 'from a page' },
  );
  assert.equal(created.status, 201);
  assert.equal(created.headers.get('access-control-allow-origin'), PAGE);
  const unauthorized = await call('GET', '/api/tasks', { origin: PAGE });
  assert.equal(unauthorized.status, 401);
  assert.equal(unauthorized.headers.get('access-control-allow-origin'), PAGE, 'errors are readable by the page');
  assert.match(unauthorized.headers.get('access-control-expose-headers') ?? '', /Retry-After/);

  const stranger = await call(
    'OPTIONS',
    '/api/tasks',
    preflight('POST', 'authorization,content-type', 'https://evil.example'),
  );
  assert.equal(stranger.status, 204);
  assert.equal(stranger.headers.get('access-control-allow-origin'), null);
  const strangerGet = await call('GET', '/api/tasks', { origin: 'https://evil.example' });
  assert.equal(strangerGet.headers.get('access-control-allow-origin'), null);
  assert.match(strangerGet.headers.get('vary') ?? '', /Origin/, 'the answer depends on Origin, so caches must know');
});

test('task API with CORS_ORIGINS: a page may send every header docs/task-api.md names and read every one it answers', async () => {
  const call = await app([PAGE]);
  const listed = (value: string | null) => (value ?? '').split(',').map((s) => s.trim().toLowerCase());
  // What a browser asks before a conditional PATCH or DELETE, a keyed create, a conditional GET.
  for (const [method, path, asked] of [
    ['PATCH', '/api/tasks/6f1d3c1a-8a9b-4e7c-9d2e-5b4a3f2e1d0c', 'authorization, if-match, idempotency-key'],
    ['DELETE', '/api/tasks/6f1d3c1a-8a9b-4e7c-9d2e-5b4a3f2e1d0c', 'authorization, if-match'],
    ['POST', '/api/tasks', 'authorization, content-type, idempotency-key'],
    ['GET', '/api/tasks', 'authorization, if-none-match'],
  ] as const) {
    const answer = await call('OPTIONS', path, preflight(method, asked));
    assert.equal(answer.status, 204);
    const allowed = listed(answer.headers.get('access-control-allow-headers'));
    for (const name of listed(asked)) assert.ok(allowed.includes(name), `${method} ${path}: ${name}`);
  }

  const signUp = await call(
    'POST',
    '/api/auth/signup',
    { origin: PAGE },
    { name: 'Ada', email: 'ada@example.com', password: 'correct horse' },
  );
  const token = JSON.parse(signUp.text).token as string;
  const keyed = { origin: PAGE, authorization: `Bearer ${token}`, 'idempotency-key': 'k-1' };
  await call('POST', '/api/tasks', keyed, { title: 'from a page' });
  const replayed = await call('POST', '/api/tasks', keyed, { title: 'from a page' });
  assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
  const exposed = listed(replayed.headers.get('access-control-expose-headers'));
  for (const name of ['etag', 'idempotent-replayed', 'link', 'retry-after', 'allow', 'www-authenticate'])
    assert.ok(exposed.includes(name), name);
});

test('task API with CORS_ORIGINS=*: every origin, and never credentials with the *', async () => {
  const call = await app(['*']);
  const answer = await call(
    'OPTIONS',
    '/api/tasks/6f1d3c1a-8a9b-4e7c-9d2e-5b4a3f2e1d0c',
    preflight('PATCH', 'authorization,content-type', 'https://any.example'),
  );
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get('access-control-allow-origin'), '*');
  assert.equal(answer.headers.get('access-control-allow-credentials'), null);
  const get = await call('GET', '/api/tasks', { origin: 'https://any.example' });
  assert.equal(get.headers.get('access-control-allow-origin'), '*');
  assert.equal(get.headers.get('access-control-allow-credentials'), null);
});

test('OPTIONS: a preflight is never a 405; a plain OPTIONS keeps the 405 with Allow', async () => {
  const call = await app([PAGE]);
  for (const path of [
    '/api/tasks',
    '/api/tasks/abc',
    '/api/auth/login',
    '/api/auth/signup',
    '/api/nowhere',
    '/health',
    '/points/39.7456,-97.0892',
    '/openapi.json',
    '/docs',
  ]) {
    const answer = await call('OPTIONS', path, preflight('GET'));
    assert.notEqual(answer.status, 405, path);
    assert.equal(answer.status, 204, path);
  }
  const plain = await call('OPTIONS', '/api/tasks');
  assert.equal(plain.status, 405);
  assert.equal(plain.headers.get('allow'), 'GET, POST, HEAD');
  // An OPTIONS with an Origin but no Access-Control-Request-Method is not a preflight either.
  const notPreflight = await call('OPTIONS', '/api/tasks/abc', { origin: PAGE });
  assert.equal(notPreflight.status, 405);
  assert.match(notPreflight.headers.get('allow') ?? '', /PATCH/);
});

test('CORS_ORIGINS: comma-separated origins or *, validated at start-up with a message that names it', () => {
  assert.deepEqual(parseCorsOrigins(undefined), { origins: [] });
  assert.deepEqual(parseCorsOrigins(' https://App.Example.com , http://localhost:5173/ '), {
    origins: ['https://app.example.com', 'http://localhost:5173'],
  });
  assert.deepEqual(
    parseCorsOrigins('https://a.example:443'),
    { origins: ['https://a.example'] },
    'as the browser sends it',
  );
  assert.deepEqual(parseCorsOrigins('*'), { origins: ['*'] });
  assert.deepEqual(readConfig({}).corsOrigins, []);
  assert.deepEqual(readConfig({ CORS_ORIGINS: 'http://localhost:5173' }).corsOrigins, ['http://localhost:5173']);
  for (const bad of ['localhost:5173', 'https://a.example/app', 'ftp://a.example', 'https://a.example?x=1']) {
    assert.throws(
      () => readConfig({ CORS_ORIGINS: bad }),
      (e: unknown) => e instanceof ConfigError && /CORS_ORIGINS/.test(e.message),
      bad,
    );
  }
});
