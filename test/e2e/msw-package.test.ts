/**
 * taskcast/msw and taskcast/fetch as their users get them: the tarball (packed once for this file) installed
 * into a new project beside msw, the `weathered` client and playwright-core from the registry (npm's cache
 * holds them after `npm ci`), then scripts run there with plain node. Their answers are compared byte for
 * byte with a real `npm start` given the same clock and scenario.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import { killLeftovers, ServerProcess } from './server-process.ts';
import { handRunEnv, npm, npmSkip as skip, runByHand as run, typecheckConsumer } from '../support/hand-run-env.ts';
import { inConsumerProject } from '../support/packed-tarball.ts';
import { docBlock } from '../support/doc-blocks.ts';
import { SERVER_PACKAGES, TASK_CODE } from '../support/task-service-modules.ts';
import { shippedYears } from '../../adapters/forecast/embedded/shared/shipped-model-data.ts';

after(killLeftovers);

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

// The child npm and node behave as if run by hand, not as parts of this run.
const env = handRunEnv;

const readmeBlock = (name: string, lang = 'ts'): string => docBlock(name, lang);

/** The versions this checkout tests with, so the install finds them in npm's cache. */
const version = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const NOW = '2026-05-20T21:00:00Z';
const UA = 'e2e (tests@example.com)';
/** No faults: a fault drawn by rate would make the two sides differ by chance, not by code. */
const SCENARIO = {
  name: 'msw-e2e',
  alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892], onset: 'now', ends: 'now+45m' }],
  weather: [
    {
      area: { point: [39.7456, -97.0892], radiusKm: 60 },
      from: 'now',
      to: 'now+6h',
      set: { precipitation: 'thunderstorms', probabilityOfPrecipitation: 90 },
    },
  ],
};
const COMPARED = [
  '/points/39.7456,-97.0892',
  '/gridpoints/TOP/32,81/forecast',
  '/gridpoints/TOP/32,81/forecast/hourly',
  '/alerts/active?point=39.7456,-97.0892',
  '/gridpoints/TOP/32,81/stations',
  '/offices/TOP',
  '/zones/forecast/KSZ040',
];
/**
 * Written by Node's HTTP layer around the app's answer (absent in-process; the bodies are compared byte for
 * byte, so their length is too), and X-Correlation-Id, a fresh UUID on every answer of either.
 */
const UNCOMPARED_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-correlation-id',
]);

/**
 * Run in the consumer with plain node: the weathered client through MSW, then both entry points answering
 * for the real server's origin. Any real connection is counted (MSW's sockets have their own connect).
 */
const CONSUMER_CHECK = `
import net from 'node:net';
import { writeFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { Client } from 'weathered';
import { weatherGovHandlers } from 'taskcast/msw';
import { createWeatherGovFetch } from 'taskcast/fetch';

const [origin, scenario, out] = process.argv.slice(2);
const paths = ${JSON.stringify(COMPARED)};
let connects = 0;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) { connects++; return connect.apply(this, args); };
console.log = () => {}; // weathered prints each URL
const result = {};

// 1. MSW: the weathered client, unchanged, on https://api.weather.gov.
const nws = await weatherGovHandlers({ now: ${JSON.stringify(NOW)} });
const server = setupServer(...nws.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = new Client();
const forecast = await client.getForecast(39.7456, -97.0892, 'baseline');
const stations = await client.getStations(39.7456, -97.0892);
const events = async () => (await client.getAlerts(true, { latitude: 39.7456, longitude: -97.0892 })).features.map((f) => f.properties.event);
const before = await events();
await nws.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
const during = await events();
nws.setClock('2026-05-20T23:00:00Z');
const later = await client.getForecast(39.7456, -97.0892, 'baseline');
result.msw = {
  firstPeriod: forecast.properties.periods[0].startTime, laterPeriod: later.properties.periods[0].startTime,
  stations: stations.features.length, stationLink: stations.features[0].id,
  tornadoBefore: before.includes('Tornado Warning'), tornadoDuring: during.includes('Tornado Warning'),
};
server.close();

// 2. taskcast/fetch: the same checks without MSW, through code that takes its fetch.
const nwsFetch = await createWeatherGovFetch({ now: ${JSON.stringify(NOW)} });
const json = async (url) => (await nwsFetch(url)).json();
const point = await json('https://api.weather.gov/points/39.7456,-97.0892');
const alertEvents = async () => (await json('https://api.weather.gov/alerts/active?point=39.7456,-97.0892')).features.map((f) => f.properties.event);
const fetchBefore = await alertEvents();
nwsFetch.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
const fetchDuring = await alertEvents();
const first = (await json(point.properties.forecast)).properties.periods[0].startTime;
nwsFetch.setClock('2026-05-20T23:00:00Z');
result.fetch = {
  firstPeriod: first, laterPeriod: (await json(point.properties.forecast)).properties.periods[0].startTime,
  stations: (await json(point.properties.observationStations)).features.length,
  tornadoBefore: fetchBefore.includes('Tornado Warning'), tornadoDuring: fetchDuring.includes('Tornado Warning'),
};

// 3. Both answering for the real server's origin, with its clock and scenario file.
const answers = async (get) => {
  const all = {};
  for (const path of paths) {
    const response = await get(origin + path, { headers: { 'user-agent': ${JSON.stringify(UA)} } });
    all[path] = { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }
  return all;
};
const forServer = await weatherGovHandlers({ now: ${JSON.stringify(NOW)}, scenario, origin });
const second = setupServer(...forServer.handlers);
second.listen({ onUnhandledRequest: 'error' });
result.mswAnswers = await answers(fetch);
second.close();
result.fetchAnswers = await answers(await createWeatherGovFetch({ now: ${JSON.stringify(NOW)}, scenario, origin }));

result.connects = connects;
writeFileSync(out, JSON.stringify(result));
`;

/** A test file's first requests through taskcast/msw, as in the README's example. */
const FIRST_REQUESTS = `
import { setupServer } from 'msw/node';
import { weatherGovHandlers } from 'taskcast/msw';
const nws = await weatherGovHandlers({ now: ${JSON.stringify(NOW)} });
const server = setupServer(...nws.handlers);
server.listen({ onUnhandledRequest: 'error' });
const statuses = [];
for (const path of ['/points/39.7456,-97.0892', '/gridpoints/TOP/32,81/forecast', '/alerts/active?point=39.7456,-97.0892'])
  statuses.push((await fetch('https://api.weather.gov' + path, { headers: { 'user-agent': 't' } })).status);
console.log(statuses.join(' '));
server.close();
await nws.close();
`;

const TYPED_CONSUMER = `
import { setupServer } from 'msw/node';
import { weatherGovHandlers, ScenarioInvalid, type ClockState, type Scenario } from 'taskcast/msw';
import { createWeatherGovFetch, type WeatherGovFetch } from 'taskcast/fetch';

const nws = await weatherGovHandlers({ now: new Date(), scenario: './tornado.json', origin: 'https://api.weather.gov' });
setupServer(...nws.handlers);
const state: ClockState = nws.setClock('2026-05-20T23:00:00Z', 1);
const scenario: Scenario = nws.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
const nwsFetch: WeatherGovFetch = await createWeatherGovFetch();
const response: Response = await nwsFetch('/points/39.7456,-97.0892');
// @ts-expect-error: the clock runs at 0 or 1
nws.setClock(new Date(), 2);
console.log(state.now, scenario.alerts?.length, response.status, ScenarioInvalid.name, nwsFetch.origin);
`;

test(
  "taskcast/msw and taskcast/fetch from the packed library: offline, the controls, and the server's very bytes",
  { skip, timeout: 600_000 },
  async (t) =>
    inConsumerProject('taskcast-msw-', 'weather-app', async ({ work, consumer, tarball }) => {
      const files = tarball.files;
      for (const file of [
        // The code bundled (package.json `exports`), the types compiled.
        'dist/weather/msw.mjs',
        'dist/bootstrap/entry/msw.d.ts',
        'dist/weather/fetch.mjs',
        'dist/bootstrap/entry/fetch.d.ts',
      ]) {
        assert.ok(files.includes(file), `${file} is in the tarball`);
      }

      run(
        npm,
        [
          'install',
          tarball.path,
          `msw@${version('msw')}`,
          `weathered@${version('weathered')}`,
          `playwright-core@${version('playwright-core')}`,
          '--prefer-offline',
          '--no-audit',
          '--no-fund',
          '--ignore-scripts',
        ],
        consumer,
      );

      await t.test('without msw installed, the handlers say so in one line, and taskcast/fetch still works', () => {
        const msw = join(consumer, 'node_modules', 'msw');
        renameSync(msw, `${msw}.away`);
        try {
          writeFileSync(
            join(consumer, 'no-msw.mjs'),
            `
          import { weatherGovHandlers, MSW_MISSING } from 'taskcast/msw';
          import { createWeatherGovFetch } from 'taskcast/fetch';
          try { await weatherGovHandlers(); } catch (error) { console.log(error.message === MSW_MISSING, error.cause === undefined); }
          console.log((await (await createWeatherGovFetch())('/offices/TOP')).status);
          await weatherGovHandlers();
        `,
          );
          const result = spawnSync(process.execPath, ['no-msw.mjs'], { cwd: consumer, env, encoding: 'utf8' });
          assert.equal(result.status, 1, result.stderr);
          assert.deepEqual(result.stdout.trim().split('\n'), ['true true', '200']);
          const uncaught = result.stderr.split('\n').filter((line) => /^\w*Error/.test(line));
          assert.deepEqual(
            uncaught,
            ['Error: taskcast/msw needs the msw package: npm install --save-dev msw'],
            result.stderr,
          );
          assert.doesNotMatch(result.stderr, /ERR_MODULE_NOT_FOUND|Cannot find package/);
        } finally {
          renameSync(`${msw}.away`, msw);
        }
      });

      await t.test(
        'taskcast/msw answers from its own bundle: no module of the task service, none of its packages',
        () => {
          writeFileSync(join(consumer, 'first-requests.mjs'), FIRST_REQUESTS);
          const log = join(work, 'msw-modules.log');
          const out = run(
            process.execPath,
            ['--import', join(root, 'test', 'support', 'module-log.mjs'), 'first-requests.mjs'],
            consumer,
            { MODULE_LOG: log },
          );
          assert.equal(out.trim(), '200 200 200');
          const loaded = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
          const ours = loaded.filter((file) => file.includes('/node_modules/taskcast/'));
          assert.ok(ours.length > 0, 'the log holds the modules loaded');
          assert.deepEqual(
            ours.filter((file) => !/\/node_modules\/taskcast\/dist\/weather\/[^/]+\.mjs$/.test(file)),
            [],
            'only the bundle in dist/weather/ is loaded',
          );
          // None of taskcast's own dependencies either: the bundle holds what the weather path needs.
          const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', 'taskcast', 'package.json'), 'utf8'));
          const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
          const packages = new Set(
            loaded
              .map((file) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1])
              .filter((p) => p !== undefined),
          );
          for (const name of [...SERVER_PACKAGES, ...dependencies])
            assert.ok(!packages.has(name), `${name} was loaded`);
          // The bundle names each source it holds in a comment (esbuild's, unminified): none of the task service.
          // weather.mjs runs weather.cjs as a script (bootstrap/entry/kept-script.ts), which no module hook sees.
          const script = new URL(
            'weather.cjs',
            ours.find((file) => file.endsWith('/dist/weather/weather.mjs')),
          ).href;
          const sources = [...ours, script].flatMap((file) =>
            [
              ...readFileSync(fileURLToPath(file), 'utf8').matchAll(
                /^\/\/ ((?:adapters|application|domain|bootstrap)\/\S+)$/gm,
              ),
            ].map((match) => `/${match[1]}`),
          );
          assert.ok(
            sources.some((source) => source.startsWith('/adapters/forecast/embedded/')),
            'the loaded bundle names the sources it holds',
          );
          assert.deepEqual(
            sources.filter((source) => TASK_CODE.some((pattern) => pattern.test(source))),
            [],
            'no module of the task service is loaded',
          );
        },
      );

      await t.test("the README's MSW example passes with plain node --test", () => {
        writeFileSync(join(consumer, 'weather.test.mjs'), readmeBlock('msw-example', 'js'));
        const out = run(process.execPath, ['--test', '--test-reporter=tap', 'weather.test.mjs'], consumer);
        assert.match(out, /# pass 2\n# fail 0/, out);
      });

      await t.test(
        "weathered through MSW, and taskcast/fetch, answer the server's bytes for the same clock and scenario",
        async () => {
          const scenarioFile = join(work, 'scenario.json');
          writeFileSync(scenarioFile, JSON.stringify(SCENARIO));
          const server = await ServerProcess.start({
            env: { STORAGE: 'memory', FORECAST_NOW: NOW, FORECAST_SCENARIO: scenarioFile },
          });
          try {
            const expected: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
            for (const path of COMPARED) {
              const response = await fetch(server.baseUrl + path, { headers: { 'user-agent': UA } });
              expected[path] = {
                status: response.status,
                headers: Object.fromEntries(response.headers),
                body: await response.text(),
              };
            }
            writeFileSync(join(consumer, 'check.mjs'), CONSUMER_CHECK);
            const out = join(work, 'result.json');
            run(process.execPath, ['check.mjs', server.baseUrl, scenarioFile, out], consumer);
            const result = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;

            for (const side of ['msw', 'fetch']) {
              assert.equal(result[side].firstPeriod, '2026-05-20T16:00:00-05:00', side);
              assert.equal(
                result[side].laterPeriod,
                '2026-05-20T18:00:00-05:00',
                `${side}: the clock moved the periods`,
              );
              assert.ok(result[side].stations > 0, side);
              assert.equal(result[side].tornadoBefore, false, side);
              assert.equal(result[side].tornadoDuring, true, `${side}: the loaded warning is listed`);
            }
            assert.match(result['msw'].stationLink, /^https:\/\/api\.weather\.gov\/stations\//);
            assert.equal(result['connects'], 0, 'no request left the process');

            for (const side of ['mswAnswers', 'fetchAnswers']) {
              for (const path of COMPARED) {
                const got = result[side][path];
                const want = expected[path]!;
                assert.equal(got.status, want.status, `${side} ${path}`);
                assert.equal(got.body, want.body, `${side} ${path}: the body`);
                const drop = (headers: Record<string, string>) =>
                  Object.fromEntries(Object.entries(headers).filter(([name]) => !UNCOMPARED_HEADERS.has(name)));
                assert.deepEqual(drop(got.headers), drop(want.headers), `${side} ${path}: the headers`);
                assert.match(got.headers['x-correlation-id'], /^[0-9a-f-]{36}$/, `${side} ${path}`);
              }
            }
            assert.ok(
              expected['/alerts/active?point=39.7456,-97.0892']!.body.includes('Tornado Warning'),
              'the scenario was in force on both sides',
            );
          } finally {
            await server.stop();
          }
        },
      );

      await t.test(
        "the README's Playwright route sends a page's api.weather.gov calls to taskcast/fetch",
        { skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}` },
        () => {
          writeFileSync(join(consumer, 'weather-route.mjs'), readmeBlock('playwright-example', 'js'));
          writeFileSync(
            join(consumer, 'page-check.mjs'),
            `
        import { chromium } from 'playwright-core';
        import { createWeatherGovFetch } from 'taskcast/fetch';
        import { routeWeatherGov } from './weather-route.mjs';
        const nwsFetch = await createWeatherGovFetch({ now: ${JSON.stringify(NOW)}, scenario: ${JSON.stringify({ alerts: [SCENARIO.alerts[0]] })} });
        const browser = await chromium.launch({ executablePath: ${JSON.stringify(CHROMIUM)}, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
        try {
          const page = await browser.newPage();
          await routeWeatherGov(page, nwsFetch);
          // The app's own page, on another origin, as a web app would be.
          await page.route('https://app.example/', (route) => route.fulfill({ contentType: 'text/html', body: '<title>app</title>' }));
          await page.goto('https://app.example/');
          const events = await page.evaluate(async () => {
            const response = await fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892');
            return (await response.json()).features.map((f) => f.properties.event);
          });
          console.log(events.includes('Tornado Warning'));
        } finally {
          await browser.close();
        }
      `,
          );
          assert.equal(run(process.execPath, ['page-check.mjs'], consumer).trim(), 'true');
        },
      );

      await t.test('a later process reads the offices a list waited for from the cache, byte for byte', () => {
        // Kansas's offices issue alerts at NOW (the point's office alone issues none then), so a list of
        // them shows whether the kept offices are the ones read.
        const answers = answersInAProcess(consumer, 'office-lists.mjs', [
          '/alerts?area=KS',
          '/alerts/active?point=39.7456,-97.0892',
        ]);
        const cacheDir = mkdtempSync(join(tmpdir(), 'taskcast-office-cache-'));
        const lists = (dir: string) => JSON.parse(answers(dir)) as [string, number, string, string][];
        const generated = lists('off');
        assert.ok(JSON.parse(generated[0]![3]).features.length > 0, 'the state list has alerts to keep');
        assert.deepEqual(lists(cacheDir), generated, 'the first process, keeping its offices');
        const kept = readdirSync(join(cacheDir, 'alert-offices'));
        assert.ok(kept.length > 1, `one file per office made: ${kept.join(', ')}`);
        assert.deepEqual(lists(cacheDir), generated, 'a later process, reading them');
        // Emptied, the kept offices show in the answer: they are what a later process serves.
        for (const file of kept) writeFileSync(join(cacheDir, 'alert-offices', file), serialize([]));
        assert.equal(JSON.parse(lists(cacheDir)[0]![3]).features.length, 0);
      });

      await t.test('a later process reads the month factors a forecast measured, byte for byte', () => {
        // A year past those the package ships (dist/weather/model-data.bin): the months are measured here.
        const forecasts = answersInAProcess(
          consumer,
          'forecasts.mjs',
          ['/gridpoints/TOP/32,81/forecast', '/gridpoints/TOP/32,81/forecast/hourly'],
          `${shippedYearsOf(consumer).last + 2}-05-28T15:00:00Z`,
        );
        const cacheDir = mkdtempSync(join(tmpdir(), 'taskcast-month-cache-'));
        const measured = forecasts('off');
        assert.equal(forecasts(cacheDir), measured, 'the first process, keeping its months');
        const months = join(cacheDir, 'precip-months');
        const kept = readdirSync(months);
        assert.ok(kept.length > 0 && kept.every((file) => file.endsWith('.f64')), kept.join(', '));
        assert.equal(forecasts(cacheDir), measured, 'a later process, reading them');
        // Cut short, a kept month is measured again: the answer stays the same.
        for (const file of kept) writeFileSync(join(months, file), readFileSync(join(months, file)).subarray(0, 20));
        assert.equal(forecasts(cacheDir), measured, 'a later process, past files cut short');
      });

      await t.test("the package's shipped months and zone offsets answer as made ones, and none is kept", () => {
        const paths = ['/points/39.7456,-97.0892', '/gridpoints/TOP/32,81/forecast', '/alerts/active?area=TX'];
        // The middle of the years the package ships, whatever year it was built in.
        const { first, last } = shippedYearsOf(consumer);
        const answers = answersInAProcess(consumer, 'shipped.mjs', paths, `${(first + last) >> 1}-05-31T21:00:00Z`);
        const shipped = join(consumer, 'node_modules', 'taskcast', 'dist', 'weather', 'model-data.bin');
        const cacheDir = mkdtempSync(join(tmpdir(), 'taskcast-shipped-'));
        const read = answers(cacheDir);
        assert.deepEqual(readdirSync(cacheDir).sort(), ['alert-offices'], 'no month measured, no zone asked of Intl');
        assert.equal(answers('off'), read, 'the same with nothing kept');
        // Its zone names are in the answers (an alert's "until 8:00PM CDT"), read from the package too.
        assert.match(read, /[0-9] ?[AP]M C[DS]T/);
        renameSync(shipped, `${shipped}.aside`);
        try {
          assert.equal(answers('off'), read, 'made here, without the shipped file');
        } finally {
          renameSync(`${shipped}.aside`, shipped);
        }
      });

      await t.test('a TypeScript consumer type-checks against taskcast/msw and taskcast/fetch', () => {
        writeFileSync(join(consumer, 'typed.ts'), TYPED_CONSUMER);
        typecheckConsumer(consumer, ['typed.ts']);
      });
    }),
);

/** The years whose months the consumer's installed package ships (scripts/build-model-data.ts). */
function shippedYearsOf(consumer: string): { first: number; last: number } {
  const bundle = pathToFileURL(join(consumer, 'node_modules', 'taskcast', 'dist', 'weather', 'weather.mjs')).href;
  const years = shippedYears(bundle);
  assert.ok(years !== undefined, `${bundle} ships its years`);
  return years;
}

/**
 * Writes a consumer script that asks `paths` of taskcast/fetch at `now` (NOW) and prints each answer's path, status,
 * Last-Modified and body as JSON; the result runs it in a fresh process with TASKCAST_CACHE_DIR set, as a test
 * runner's next file would start.
 */
function answersInAProcess(
  consumer: string,
  script: string,
  paths: readonly string[],
  now = NOW,
): (cacheDir: string) => string {
  writeFileSync(
    join(consumer, script),
    `
    import { createWeatherGovFetch } from 'taskcast/fetch';
    const nwsFetch = await createWeatherGovFetch({ now: ${JSON.stringify(now)} });
    const out = [];
    for (const path of ${JSON.stringify(paths)}) {
      const response = await nwsFetch(path);
      out.push([path, response.status, response.headers.get('last-modified'), await response.text()]);
    }
    console.log(JSON.stringify(out));
  `,
  );
  return (cacheDir) => run(process.execPath, [script], consumer, { TASKCAST_CACHE_DIR: cacheDir });
}
