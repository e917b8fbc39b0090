/**
 * The contract check that the HTTP helpers run on every response (support/openapi-contract.ts) refuses what
 * the served documents do not describe; without this, the checks in every other HTTP test could be empty.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OpenApiContract } from '../support/openapi-contract.ts';
import { forecastWorld } from '../support/forecast-http.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const task = {
  id: '6f1d3c1a-8a9b-4e7c-9d2e-5b4a3f2e1d0c',
  user_id: '0b4f7c8e-3a55-4a4e-9a8e-6d1f2f1c9b21',
  title: 'x',
  description: null,
  status: 'pending',
  priority: 'low',
  due_date: null,
  created_at: '2026-11-21 21:00:00',
  updated_at: '2026-11-21 21:00:00',
};

async function contracts() {
  const w = await forecastWorld();
  const load = async (path: string) =>
    new OpenApiContract(await (await w.app.fetch(new Request(`http://taskcast.test${path}`))).json(), path);
  return { tasks: await load('/api/openapi.json'), forecast: await load('/openapi.json'), w };
}

const reply = (method: string, path: string, status: number, headers: Record<string, string>, body: unknown) => ({
  method,
  url: `http://taskcast.test${path}`,
  status,
  headers: new Headers(headers),
  text: body === undefined ? '' : JSON.stringify(body),
});

test('a described response passes; an undescribed status, media type, member, path or Allow fails', async () => {
  const { tasks } = await contracts();
  assert.deepEqual(tasks.check(reply('GET', '/api/tasks/abc', 200, json, { task })), []);
  assert.deepEqual(tasks.check(reply('HEAD', '/api/tasks/abc', 200, json, undefined)), []);
  assert.deepEqual(tasks.check(reply('GET', '/api/nowhere', 404, json, { error: 'NotFound', message: 'x' })), []);
  assert.deepEqual(
    tasks.check(
      reply(
        'PUT',
        '/api/tasks/abc',
        405,
        { ...json, allow: 'GET, PATCH, DELETE, HEAD' },
        { error: 'MethodNotAllowed', message: 'x' },
      ),
    ),
    [],
  );

  const failures = [
    reply('GET', '/api/tasks/abc', 418, json, { task }),
    reply('GET', '/api/tasks/abc', 200, { 'content-type': 'text/html' }, { task }),
    reply('GET', '/api/tasks/abc', 200, json, { task: { ...task, secret: 'hash' } }),
    reply('GET', '/api/tasks/abc', 200, json, { task: { ...task, status: 'done' } }),
    reply('GET', '/api/tasks/abc', 404, json, { error: 'NotFound' }),
    reply('GET', '/api/nowhere', 200, json, {}),
    reply('PUT', '/api/tasks/abc', 405, { ...json, allow: 'GET, PUT' }, { error: 'MethodNotAllowed', message: 'x' }),
    reply('POST', '/api/auth/login', 400, json, { error: 'ValidationError', message: 'x' }),
  ];
  for (const failure of failures)
    assert.notDeepEqual(tasks.check(failure), [], `${failure.method} ${failure.url} ${failure.status} ${failure.text}`);
  assert.throws(() => tasks.assert(failures[0]!), /OpenAPI contract/);
});

test('forecast: a real answer passes, the same answer with a wrong member or status fails', async () => {
  const { forecast, w } = await contracts();
  const response = await w.app.fetch(
    new Request('http://taskcast.test/gridpoints/TOP/32,81/forecast', { headers: { 'user-agent': 'x' } }),
  );
  const text = await response.text();
  const real = {
    method: 'GET',
    url: 'http://taskcast.test/gridpoints/TOP/32,81/forecast',
    status: 200,
    headers: response.headers,
    text,
  };
  assert.deepEqual(forecast.check(real), []);
  const body = JSON.parse(text);
  body.properties.periods[0].windDirection = 'UP';
  assert.notDeepEqual(forecast.check({ ...real, text: JSON.stringify(body) }), []);
  assert.notDeepEqual(forecast.check({ ...real, status: 301 }), [], 'a gridpoint is never redirected');
  assert.notDeepEqual(forecast.check({ ...real, url: 'http://taskcast.test/products' }), [], 'a path we do not serve');
});
