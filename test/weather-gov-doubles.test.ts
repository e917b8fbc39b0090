/**
 * taskcast/msw and taskcast/fetch from the sources (fast); test/e2e/msw-package.test.ts runs the same from
 * the packed tarball, beside a real server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { Client } from 'weathered';
import {
  createWeatherGovFetch,
  ScenarioFileUnreadable,
  ScenarioInvalid,
  type Scenario,
} from '../bootstrap/entry/fetch.ts';
import { weatherGovHandlers } from '../bootstrap/entry/msw.ts';
import { docBlock } from './support/doc-blocks.ts';

const TOPEKA = [39.7456, -97.0892] as const;
const TORNADO: Scenario = { alerts: [{ event: 'Tornado Warning', point: TOPEKA }] };

/** weathered logs every URL it fetches; keep the test output readable. */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const log = console.log;
  console.log = () => {};
  try {
    return await work();
  } finally {
    console.log = log;
  }
}

describe('taskcast/msw: api.weather.gov for MSW', () => {
  let nws: Awaited<ReturnType<typeof weatherGovHandlers>>;
  let server: ReturnType<typeof setupServer>;
  let connects = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back, and called with its `this`
  const connect = net.Socket.prototype.connect;

  before(async () => {
    nws = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z' });
    server = setupServer(...nws.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    // MSW's sockets are its own subclass with their own connect; a real connection would pass through here.
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      connects++;
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    };
  });
  after(() => {
    net.Socket.prototype.connect = connect;
    server.close();
  });

  it('serves the weathered client, unchanged, a forecast, alerts and stations, and no socket is opened', async () => {
    const client = new Client();
    const forecast = await quietly(() => client.getForecast(...TOPEKA, 'baseline'));
    assert.equal(forecast.properties.periods[0]?.startTime, '2026-05-20T16:00:00-05:00');
    const stations = await quietly(() => client.getStations(...TOPEKA));
    assert.ok(stations.features.length > 0);
    assert.match(stations.features[0]!.id, /^https:\/\/api\.weather\.gov\/stations\//, 'links keep the origin');
    const alerts = await quietly(() => client.getAlerts(true, { latitude: TOPEKA[0], longitude: TOPEKA[1] }));
    assert.ok(Array.isArray(alerts.features));
    assert.equal(connects, 0);
  });

  it("a Tornado Warning loaded with loadScenario is in the client's alerts; clearScenario takes it away", async () => {
    const client = new Client();
    const events = async () =>
      (await quietly(() => client.getAlerts(true, { latitude: TOPEKA[0], longitude: TOPEKA[1] }))).features.map(
        (f) => f.properties.event,
      );
    nws.loadScenario(TORNADO);
    assert.ok((await events()).includes('Tornado Warning'));
    nws.clearScenario();
    assert.ok(!(await events()).includes('Tornado Warning'));
  });

  it('moving the clock moves the forecast periods', async () => {
    const first = async () =>
      (await (await fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly')).json()).properties.periods[0]
        .startTime;
    assert.equal(await first(), '2026-05-20T16:00:00-05:00');
    nws.setClock('2026-05-20T23:00:00Z');
    assert.equal(await first(), '2026-05-20T18:00:00-05:00');
    assert.deepEqual(nws.clock(), { now: '2026-05-20T23:00:00.000Z', rate: 0, controlled: true });
    nws.setClock('2026-05-20T21:00:00Z');
  });

  it('leaves the task API, /health and other origins to onUnhandledRequest', async () => {
    for (const url of [
      'https://api.weather.gov/api/tasks',
      'https://api.weather.gov/health',
      'https://example.com/points/39.7456,-97.0892',
    ]) {
      await assert.rejects(fetch(url), /onUnhandledRequest/, url);
    }
    assert.equal(connects, 0);
  });
});

describe('taskcast/fetch: the same answers without MSW', () => {
  it('answers exactly what the MSW handlers answer, controls and all', async () => {
    const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z', scenario: TORNADO });
    const handlers = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z', scenario: TORNADO });
    const server = setupServer(...handlers.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      for (const path of [
        '/points/39.7456,-97.0892',
        '/gridpoints/TOP/32,81/forecast',
        '/alerts/active?point=39.7456,-97.0892',
        '/gridpoints/TOP/32,81/stations',
        '/nope',
      ]) {
        const viaMsw = await fetch(`https://api.weather.gov${path}`);
        const viaFetch = await nwsFetch(path);
        assert.equal(viaFetch.status, viaMsw.status, path);
        const [a, b] = [await viaFetch.text(), await viaMsw.text()];
        // A 404 problem carries a fresh correlation id each time.
        if (viaFetch.status === 200) assert.equal(a, b, path);
        assert.deepEqual(headersOf(viaFetch), headersOf(viaMsw), path);
      }
    } finally {
      server.close();
    }
  });

  it("refuses other origins and Taskcast's own routes with a TypeError, as fetch refuses what it cannot reach", async () => {
    const nws = await createWeatherGovFetch();
    await assert.rejects(nws('https://example.com/points/1,2'), {
      name: 'TypeError',
      message: /answers https:\/\/api\.weather\.gov only/,
    });
    await assert.rejects(nws('/api/tasks'), { name: 'TypeError', message: /\/api\/tasks is Taskcast's own/ });
    assert.equal(nws.origin, 'https://api.weather.gov');
  });

  it('takes another origin, and its links follow it', async () => {
    const nws = await createWeatherGovFetch({ origin: 'http://localhost:3999/' });
    const body = await (await nws('http://localhost:3999/points/39.7456,-97.0892')).json();
    assert.equal(body.properties.forecast, 'http://localhost:3999/gridpoints/TOP/32,81/forecast');
    await assert.rejects(createWeatherGovFetch({ origin: 'https://api.weather.gov/v1' }), /without a path/);
  });

  it('loads a scenario from a file path or file: URL, and says which file when it cannot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskcast-scenario-'));
    try {
      const file = join(dir, 'tornado.json');
      writeFileSync(file, JSON.stringify({ clock: '2026-05-20T21:00:00Z', ...TORNADO }));
      const nws = await createWeatherGovFetch({ scenario: file });
      assert.equal(nws.clock().now, '2026-05-20T21:00:00.000Z', "the scenario's clock");
      const alerts = await (await nws('/alerts/active/area/KS')).json();
      assert.ok(alerts.features.some((f: any) => f.properties.event === 'Tornado Warning'));
      nws.clearScenario();
      assert.equal(nws.loadScenario(pathToFileURL(file)).alerts?.length, 1);

      assert.throws(
        () => nws.loadScenario(join(dir, 'missing.json')),
        (e: unknown) => e instanceof ScenarioFileUnreadable && /missing\.json: no such file$/.test(e.message),
      );
      writeFileSync(join(dir, 'broken.json'), '{');
      assert.throws(() => nws.loadScenario(join(dir, 'broken.json')), /broken\.json: not JSON/);
      assert.throws(
        // @ts-expect-error: an alert names a place, as the type says too
        () => nws.loadScenario({ alerts: [{ event: 'Tornado Warning' }] }),
        (e: unknown) => e instanceof ScenarioInvalid && e.path === 'alerts[0]',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives a request without a User-Agent Node's default, as the library fetch does", async () => {
    const nws = await createWeatherGovFetch({ scenario: { faults: [{ path: '/offices/*', status: 500 }] } });
    // The fault proves the path reaches the forecast routes; a missing User-Agent would be a 403 first.
    assert.equal((await nws('/offices/TOP')).status, 500);
    nws.clearScenario();
    assert.equal((await nws(new Request('https://api.weather.gov/offices/TOP'))).status, 200);
  });
});

/**
 * Appended to the testing page's example: a test after the others starts at the options' clock, with no
 * scenario, whatever the tests before it did (the first one moves the clock to 22:00).
 */
const NO_LEAK = `
test('a later test starts from the options, whatever the others did', async () => {
  assert.equal(nws.clock().now, '2026-05-20T21:00:00.000Z');
  const response = await fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast');
  assert.equal(response.status, 200);
});
`;

describe("the docs' MSW examples", () => {
  // The README's short one and the testing page's whole file; each is a test file of its own. Both are
  // JavaScript (weather.test.mjs), and fenced as such: as TypeScript their untyped parameters do not compile.
  for (const [name, tests, more] of [
    ['readme-msw-example', 1, ''],
    ['msw-example', 3, NO_LEAK],
  ] as const)
    it(`${name} passes as written, against the sources`, () => {
      const root = fileURLToPath(new URL('..', import.meta.url));
      const code = docBlock(name, 'js') + more;
      const dir = join(root, '.tmp');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${name}-${process.pid}.test.mjs`);
      // The child runs its own tests: without this variable from our runner, it reports as a process by itself.
      const { NODE_TEST_CONTEXT: _, ...childEnv } = process.env;
      writeFileSync(
        file,
        code.replace(
          /from 'taskcast\/msw';/,
          `from '${pathToFileURL(join(root, 'bootstrap', 'entry', 'msw.ts')).href}';`,
        ),
      );
      try {
        const out = execFileSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', file], {
          cwd: root,
          encoding: 'utf8',
          env: childEnv,
        });
        assert.match(out, new RegExp(`# pass ${tests}\\n# fail 0`));
      } finally {
        rmSync(file, { force: true });
      }
    });
});

function headersOf(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  delete headers['x-correlation-id'];
  delete headers['x-request-id'];
  return headers;
}
