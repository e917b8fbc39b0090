/**
 * The two served OpenAPI documents: valid OpenAPI 3.1 (checked by @readme/openapi-parser), `servers` the
 * request's {base}, the task API's request schemas generated from the valibot schemas, every status the
 * contract names, and the forecast document's additions to the official one.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { silentLogger } from '../../adapters/logging/logger.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';
import { createTaskBody, loginBody, signUpBody, updateTaskBody } from '../../adapters/http/tasks/schemas.ts';
import { forecastWorld } from '../support/forecast-http.ts';
import { GRIDPOINT_POINT_MEMBERS } from '../support/openapi-coverage.ts';

type Json = Record<string, any>;

async function documents(options: { publicBaseUrl?: string } = {}) {
  const w = await forecastWorld(options);
  const fetchJson = async (path: string, headers: Record<string, string> = {}) => {
    const response = await w.app.fetch(new Request(`http://taskcast.test${path}`, { headers }));
    assert.equal(response.status, 200, path);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    return (await response.json()) as Json;
  };
  return {
    forecast: await fetchJson('/openapi.json'),
    tasks: await fetchJson('/api/openapi.json'),
    fetchJson,
    app: w.app,
  };
}

test('both documents are valid OpenAPI 3.1', async () => {
  const { forecast, tasks } = await documents();
  for (const [name, doc] of [
    ['forecast', forecast],
    ['tasks', tasks],
  ] as const) {
    assert.equal(doc['openapi'], '3.1.0', name);
    const result = await validate(structuredClone(doc) as never);
    assert.equal(result.valid, true, `${name}: ${JSON.stringify(result)}`);
    assert.equal(result.specification, 'OpenAPI');
  }
});

test('the validator used above does refuse a broken document (so the test above can fail)', async () => {
  const { tasks } = await documents();
  const broken = structuredClone(tasks);
  broken['paths']['/api/tasks']['post']['responses']['201']['content']['application/json']['schema'] = {
    $ref: '#/components/schemas/Nope',
  };
  assert.equal((await validate(broken as never)).valid, false);
});

test("servers is the request's {base}: its own origin, or PUBLIC_BASE_URL", async () => {
  for (const [publicBaseUrl, base] of [
    [undefined, 'http://taskcast.test'],
    ['https://weather.example.org/', 'https://weather.example.org'],
  ] as const) {
    const { forecast, tasks } = await documents({ publicBaseUrl });
    for (const doc of [forecast, tasks]) {
      assert.deepEqual(
        doc['servers'].map((s: Json) => s['url']),
        [base],
        publicBaseUrl,
      );
    }
  }
});

test('task API: request schemas are the valibot schemas, converted; they accept and refuse what the server does', async () => {
  const { tasks } = await documents();
  const schemas = tasks['components']['schemas'];
  const pairs = [
    ['SignUpRequest', signUpBody],
    ['LoginRequest', loginBody],
    ['CreateTaskRequest', createTaskBody],
    ['UpdateTaskRequest', updateTaskBody],
  ] as const;
  for (const [name, valibot] of pairs) {
    assert.deepEqual(Object.keys(schemas[name]['properties']).sort(), Object.keys(valibot.entries).sort(), name);
    assert.equal(schemas[name]['additionalProperties'], false, `${name} is strict, as the valibot schema`);
  }
  assert.deepEqual(schemas['CreateTaskRequest']['required'], ['title']);
  assert.deepEqual(schemas['CreateTaskRequest']['properties']['status']['enum'], [
    'pending',
    'in_progress',
    'completed',
  ]);
  // The rules valibot checks in a function are said in words, from the same message the 400 gives.
  assert.match(schemas['CreateTaskRequest']['properties']['title']['description'], /1 to 200 characters/);

  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(tasks, 'tasks.json');
  const check = (name: string, body: unknown) => ajv.validate({ $ref: `tasks.json#/components/schemas/${name}` }, body);
  assert.equal(check('CreateTaskRequest', { title: 'x', priority: 'high', due_date: null }), true);
  assert.equal(check('CreateTaskRequest', { title: 'x', user_id: 'me' }), false, 'a read-only field is refused');
  assert.equal(check('CreateTaskRequest', { title: 'x', status: 'done' }), false);
  assert.equal(check('CreateTaskRequest', {}), false, 'title is required');
  assert.equal(check('UpdateTaskRequest', { description: null }), true);
  assert.equal(check('SignUpRequest', { name: 'Ada', email: 'a@b.io' }), false, 'password is required');
});

test('task API: every status the contract names, with an example body, and the bearer JWT scheme', async () => {
  const { tasks } = await documents();
  const expected: Record<string, Record<string, string[]>> = {
    '/api/auth/signup': { post: ['201', '400', '409', '413', '429', '500', '503'] },
    '/api/auth/login': { post: ['200', '400', '401', '413', '429', '500', '503'] },
    '/api/tasks': {
      get: ['200', '304', '400', '401', '500'],
      post: ['201', '400', '401', '409', '413', '422', '500', '503'],
    },
    '/api/tasks/{id}': {
      get: ['200', '304', '400', '401', '404', '500'],
      patch: ['200', '400', '401', '404', '412', '413', '500', '503'],
      delete: ['200', '400', '401', '404', '412', '500', '503'],
    },
    '/health': { get: ['200', '500'] },
    '/ready': { get: ['200', '500', '503'] },
  };
  for (const [path, methods] of Object.entries(expected)) {
    for (const [method, statuses] of Object.entries(methods)) {
      const responses = tasks['paths'][path][method]['responses'];
      assert.deepEqual(Object.keys(responses).sort(), [...statuses].sort(), `${method} ${path}`);
      for (const status of statuses) {
        if (status === '304') continue; // a 304 has no body
        const media = responses[status]['content']['application/json'];
        // One example, or one per error name where a status comes with several (409 on a create).
        const examples = media['example'] !== undefined ? [media['example']] : Object.values(media['examples'] ?? {});
        assert.ok(examples.length > 0, `${method} ${path} ${status} has an example`);
      }
      const open = path.startsWith('/api/auth/') || path === '/health' || path === '/ready';
      assert.deepEqual(
        tasks['paths'][path][method]['security'] ?? tasks['security'],
        open ? [] : [{ bearerAuth: [] }],
        `${method} ${path} security`,
      );
    }
  }
  assert.deepEqual(tasks['components']['securitySchemes']['bearerAuth'], {
    ...tasks['components']['securitySchemes']['bearerAuth'],
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  // The 429s carry Retry-After; the paged list documents `next` and the Link header.
  assert.ok(tasks['paths']['/api/auth/login']['post']['responses']['429']['headers']['Retry-After']);
  assert.ok(tasks['components']['schemas']['TaskList']['properties']['next']);
  assert.deepEqual(
    tasks['paths']['/api/tasks']['get']['parameters'].map((p: Json) => p['name']),
    ['status', 'priority', 'limit', 'cursor', 'If-None-Match'],
  );
  // The examples fit their own schemas.
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(tasks, 'tasks.json');
  for (const [path, item] of Object.entries(tasks['paths'] as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (method === 'parameters') continue;
      for (const [status, response] of Object.entries(operation['responses'] as Json)) {
        if (status === '304') continue; // no body
        const media = (response as Json)['content']['application/json'];
        const schema = JSON.parse(JSON.stringify(media['schema']).replaceAll('"$ref":"#/', '"$ref":"tasks.json#/'));
        const examples: Json[] =
          media['example'] !== undefined
            ? [media['example']]
            : Object.values(media['examples'] as Json).map((e) => (e as Json)['value']);
        for (const example of examples)
          assert.equal(ajv.validate(schema, example), true, `${method} ${path} ${status}: ${ajv.errorsText()}`);
      }
    }
  }
});

test("forecast API: derived from the official document, with the contract's additions", async () => {
  const { forecast } = await documents();
  const paths = forecast['paths'];
  const schemas = forecast['components']['schemas'];
  const parameters = forecast['components']['parameters'];
  // Official operations keep their ids.
  assert.equal(paths['/points/{point}']['get']['operationId'], 'point');
  assert.equal(paths['/gridpoints/{wfo}/{x},{y}/forecast']['get']['operationId'], 'gridpoint_forecast');
  // Our paths: the forecast of a point, zone stations under every type.
  for (const path of ['/points/{point}/forecast', '/points/{point}/forecast/hourly', '/zones/{type}/{zoneId}/stations'])
    assert.ok(paths[path], path);
  assert.equal(paths['/zones/forecast/{zoneId}/stations'], undefined);
  // Every GET path of the official document is served (issue 11), plus Taskcast's own additions.
  const official = JSON.parse(readFileSync(new URL('../fixtures/nws/openapi.json', import.meta.url), 'utf8'));
  const officialPaths = Object.keys(official.paths).filter((p) => official.paths[p].get);
  assert.equal(officialPaths.length, 58);
  // Taskcast serves the zone station list under every zone type: the official forecast-only path is that.
  const generalised: Record<string, string> = {
    '/zones/forecast/{zoneId}/stations': '/zones/{type}/{zoneId}/stations',
  };
  assert.deepEqual(
    officialPaths.filter((p) => !paths[generalised[p] ?? p]),
    [],
    'official paths missing from /openapi.json',
  );

  // The problem-type pages are documentation (no User-Agent, no negotiation of forecast types).
  assert.deepEqual(Object.keys(paths['/problems/{name}']['get']['responses']).sort(), ['200', '304', '404']);
  for (const [path, item] of Object.entries(paths as Json)) {
    if (path === '/problems/{name}') continue;
    const responses = (item as Json)['get']['responses'];
    assert.equal(responses['default'], undefined, `${path}: explicit statuses, no catch-all`);
    const redirectOnly = path === '/points/{point}/stations'; // its official answer is a 301 to the gridpoint's stations
    for (const status of redirectOnly
      ? ['301', '400', '403', '404']
      : ['200', '304', '400', '403', '404', '406', '429', '500'])
      assert.ok(responses[status], `${path} ${status}`);
    assert.equal(Boolean(responses['301']), path.startsWith('/points/'), `${path}: 301 on point paths only`);
    if (responses['200'] === undefined) continue; // /points/{point}/stations: the declared 301 only
    const types = Object.keys(responses['200']['content']);
    // JSON documents are served under every JSON type; images and XML-only answers keep their official type.
    if (!path.startsWith('/icons/') && types.some((t) => /json/.test(t)))
      assert.deepEqual(types.slice(0, 3), ['application/geo+json', 'application/ld+json', 'application/json'], path);
  }
  const redirect = forecast['components']['responses']['PointRedirect'];
  assert.ok(redirect['headers']['Location']);
  assert.match(forecast['components']['responses']['Problem406']['description'], /Accept/);
  assert.deepEqual(schemas['AccessDenied']['required'], ['title', 'detail']);
  assert.match(schemas['ProblemDetail']['properties']['type']['description'], /\/problems\/<Name>.*InvalidParameter/);

  // Units.
  const units = paths['/points/{point}/forecast']['get']['parameters'].find(
    (p: Json) => p['$ref'] === '#/components/parameters/GridpointForecastUnits',
  );
  assert.ok(units, 'units on the point forecast');
  assert.match(parameters['GridpointForecastUnits']['description'], /°C and km\/h/);
  // Gridpoint keeps the point members.
  for (const member of GRIDPOINT_POINT_MEMBERS) {
    assert.ok(schemas['Gridpoint']['properties'][member], `Gridpoint.${member}`);
  }
  // Stations: bbox, stationId, id, limit default 25.
  const stationParams = paths['/stations']['get']['parameters'] as Json[];
  const byName = (name: string) => stationParams.find((p) => p['name'] === name);
  for (const name of ['bbox', 'stationId', 'id', 'cursor']) assert.ok(byName(name), `stations ${name}`);
  assert.equal(byName('limit')!['schema']['default'], 25);
  assert.equal(byName('limit')!['schema']['maximum'], 500);
  // Zones: includegeometry beside the official include_geometry.
  for (const path of ['/zones', '/zones/{type}']) {
    const names = (paths[path]['get']['parameters'] as Json[]).map((p) => p['name']);
    assert.ok(names.includes('includegeometry') && names.includes('include_geometry'), path);
  }
  // Hourly periods have name and detailedForecast.
  const period = schemas['GridpointForecastPeriod']['properties'];
  assert.match(period['name']['description'], /hourly/);
  assert.match(period['detailedForecast']['description'], /hourly/);
  // A zone list entry's observationStations is one URL.
  assert.ok(schemas['Zone']['properties']['observationStations']['oneOf'].some((s: Json) => s['type'] === 'string'));
  // Alerts: status=expired and message_type=original.
  assert.ok(parameters['AlertStatus']['schema']['items']['enum'].includes('expired'));
  assert.ok(parameters['AlertMessageType']['schema']['items']['enum'].includes('original'));
  assert.ok(parameters['AlertStatus']['schema']['items']['enum'].includes('actual'), 'the official values stay');
});

test('HEAD works on both documents; a task-only embedding serves the task document and no forecast one', async () => {
  const { app } = await documents();
  for (const path of ['/openapi.json', '/api/openapi.json']) {
    const head = await app.fetch(new Request(`http://taskcast.test${path}`, { method: 'HEAD' }));
    assert.equal(head.status, 200, path);
    assert.equal(await head.text(), '');
  }
  const container = createContainer({
    storage: 'memory',
    jwtSecret: 'openapi-tests-secret-of-at-least-32-chars',
    bcryptCost: 4,
    forecastProvider: false,
  });
  const taskOnly = await buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    log: silentLogger,
  });
  assert.equal((await taskOnly.fetch(new Request('http://taskcast.test/api/openapi.json'))).status, 200);
  assert.equal(
    (await taskOnly.fetch(new Request('http://taskcast.test/openapi.json', { headers: { 'user-agent': 'x' } }))).status,
    404,
  );
});
