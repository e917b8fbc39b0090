/**
 * taskcast/msw and taskcast/fetch under the test runners web teams use: the packed tarball in a fresh app
 * with vitest (environments node, jsdom, happy-dom, edge-runtime; and its vmThreads pool) and Jest (jsdom,
 * through jest-fixed-jsdom, which gives Jest's jsdom the fetch classes MSW needs). The runners come from the
 * registry once and are kept under the system's temporary folder, keyed by their versions and this
 * package's dependencies; each run copies that app (hard links) and unpacks the new tarball into it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packedTarball } from '../support/packed-tarball.ts';
import { handRunEnv, npm, npmSkip as skip } from '../support/hand-run-env.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The child npm and node behave as if run by hand, not as parts of this run.
const env = handRunEnv;

/** The runners, at versions that run on Node 20. */
export const RUNNERS = [
  'msw@2.15',
  'vitest@4.1',
  'jsdom@29',
  'happy-dom@21',
  '@edge-runtime/vm@5',
  'jest@30',
  'jest-environment-jsdom@30',
  'jest-fixed-jsdom@0.0.11',
];

/** Runs a command; its stdout, or an error with both outputs. */
function run(command: string, args: readonly string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

/** Runs a test runner: what it printed on both streams (Jest reports on stderr). */
function runBoth(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  const out = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${out}`);
  return out;
}

/**
 * An app with the runners and the library's dependencies installed, made once per set of versions. A new
 * one is installed beside the cache and renamed into place, so a killed install leaves nothing half made.
 */
function cachedRunnersApp(tarball: string): string {
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object };
  const key = createHash('sha256')
    .update(JSON.stringify([RUNNERS, ours.dependencies, process.version]))
    .digest('hex')
    .slice(0, 16);
  const cache = join(tmpdir(), `taskcast-runners-${key}`);
  if (existsSync(join(cache, 'ready'))) return cache;
  const building = mkdtempSync(`${cache}.building-`);
  writeFileSync(join(building, 'package.json'), JSON.stringify({ name: 'weather-app', private: true, type: 'module' }));
  run(npm, ['install', tarball, ...RUNNERS, '--save-dev', '--no-audit', '--no-fund', '--ignore-scripts'], building);
  writeFileSync(join(building, 'ready'), '');
  rmSync(cache, { recursive: true, force: true });
  renameSync(building, cache);
  return cache;
}

/** One test file's body, the same under every runner: MSW answering, and taskcast/fetch. */
const BODY = `
import { setupServer } from 'msw/node';
import { weatherGovHandlers } from 'taskcast/msw';
import { createWeatherGovFetch } from 'taskcast/fetch';

const nws = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z' });
const server = setupServer(...nws.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => nws.clearScenario());
afterAll(() => server.close());

test('the forecast through MSW, with the global fetch of the environment', async () => {
  const point = await fetch('https://api.weather.gov/points/39.7456,-97.0892');
  expect(point.status).toBe(200);
  const forecast = await fetch((await point.json()).properties.forecast);
  expect(forecast.status).toBe(200);
  expect((await forecast.json()).properties.periods[0].startTime).toBe('2026-05-20T16:00:00-05:00');
  await nws.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
  const alerts = await fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892', { headers: { 'user-agent': 'app (me@example.com)' } });
  expect(alerts.status).toBe(200);
  expect((await alerts.json()).features.map((f) => f.properties.event)).toContain('Tornado Warning');
  const redirected = await fetch('https://api.weather.gov/points/39.74561,-97.08921');
  expect([redirected.status, redirected.redirected, redirected.url]).toEqual([200, true, 'https://api.weather.gov/points/39.7456,-97.0892']);
});

test('taskcast/fetch', async () => {
  const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z' });
  const response = await nwsFetch('/gridpoints/TOP/32,81/forecast/hourly');
  expect(response.status).toBe(200);
  expect(response.url).toBe('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly');
  expect((await response.json()).properties.periods.length).toBeGreaterThan(24);
});
`;

/**
 * The double's code runs in the test file's realm, as its ES module bundle did: Jest gives each test file a vm
 * context of its own, and a double run in Node's main realm threw a TypeError the test's `TypeError` is not,
 * and read a clock Jest's fake timers do not move (bootstrap/entry/kept-script.ts).
 */
const JEST_REALM = `/**
 * @jest-environment jest-fixed-jsdom
 */
import { expect, jest, test } from '@jest/globals';
import { createWeatherGovFetch } from 'taskcast/fetch';

test('a refused request rejects with the test realm’s TypeError', async () => {
  const nwsFetch = await createWeatherGovFetch();
  await expect(nwsFetch('https://example.com/')).rejects.toThrow(TypeError);
  await expect(nwsFetch('/health')).rejects.toBeInstanceOf(TypeError);
});

test('the double’s clock follows Jest’s fake Date', async () => {
  const nwsFetch = await createWeatherGovFetch();
  jest.useFakeTimers({ now: new Date('2020-01-01T00:00:00Z') });
  try {
    expect(nwsFetch.clock().now).toMatch(/^2020-01-01T00:00/);
  } finally {
    jest.useRealTimers();
  }
});
`;

/** The same under vitest's vm pools, which also run a test file in a vm context of its own. */
const VITEST_REALM = `import { expect, test, vi } from 'vitest';
import { createWeatherGovFetch } from 'taskcast/fetch';

test('a refused request rejects with the test realm’s TypeError', async () => {
  const nwsFetch = await createWeatherGovFetch();
  const error = await nwsFetch('https://example.com/').catch((e) => e);
  expect(error instanceof TypeError).toBe(true);
});

test('the double’s clock follows the fake Date', async () => {
  const nwsFetch = await createWeatherGovFetch();
  vi.useFakeTimers({ now: new Date('2020-01-01T00:00:00Z') });
  try {
    expect(nwsFetch.clock().now).toMatch(/^2020-01-01T00:00/);
  } finally {
    vi.useRealTimers();
  }
});
`;

/**
 * The CommonJS Jest recipe of docs/testing-weather-apps.md, as written there (so the page cannot drift from
 * what runs), with one more test that fails if Jest ignored its `@jest-environment` docblock.
 */
function documentedJestRecipe(): string {
  const page = readFileSync(join(root, 'docs', 'testing-weather-apps.md'), 'utf8');
  const block = /\n( *)```js\n((?:(?!```)[\s\S])*?weather\.test\.cjs \(Jest, CommonJS\)[\s\S]*?)\n\1```/.exec(page);
  if (!block) throw new Error('docs/testing-weather-apps.md has no `weather.test.cjs (Jest, CommonJS)` block');
  const [, indent, code] = block as unknown as [string, string, string];
  const recipe = code
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
  return `${recipe}\ntest('runs under jsdom', () => expect(typeof document).toBe('object'));\n`;
}

const VITEST_ENVIRONMENTS = ['node', 'jsdom', 'happy-dom', 'edge-runtime'];

test(
  'taskcast/msw and taskcast/fetch under vitest (node, jsdom, happy-dom, edge-runtime) and Jest jsdom',
  { skip, timeout: 900_000 },
  async (t) => {
    const work = mkdtempSync(join(tmpdir(), 'taskcast-runners-run-'));
    try {
      const tarball = await packedTarball(work);
      const app = join(work, 'app');
      // A copy of the cached app by hard links, with the new tarball unpacked in place of the cached one.
      execFileSync('cp', ['-al', cachedRunnersApp(tarball.path), app]);
      // Its own nested dependencies (versions the runners' hoisted ones do not satisfy) stay.
      const installed = join(app, 'node_modules', 'taskcast');
      const cached = `${installed}.cached`;
      renameSync(installed, cached);
      mkdirSync(installed);
      execFileSync('tar', ['xzf', tarball.path, '-C', installed, '--strip-components=1']);
      if (existsSync(join(cached, 'node_modules')))
        renameSync(join(cached, 'node_modules'), join(installed, 'node_modules'));
      rmSync(cached, { recursive: true, force: true });

      for (const environment of VITEST_ENVIRONMENTS) {
        writeFileSync(
          join(app, `weather.${environment}.test.js`),
          `// @vitest-environment ${environment}\nimport { afterAll, afterEach, beforeAll, expect, test } from 'vitest';\n${BODY}`,
        );
      }
      writeFileSync(
        join(app, 'jest-weather.test.mjs'),
        `/**\n * @jest-environment jest-fixed-jsdom\n */\nimport { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';\n${BODY}`,
      );
      writeFileSync(join(app, 'weather.test.cjs'), documentedJestRecipe());
      writeFileSync(join(app, 'jest-realm.test.mjs'), JEST_REALM);
      writeFileSync(join(app, 'vitest-realm.test.js'), VITEST_REALM);

      await t.test('vitest: node, jsdom, happy-dom, edge-runtime', () => {
        const out = runBoth(
          process.execPath,
          ['node_modules/vitest/vitest.mjs', 'run', ...VITEST_ENVIRONMENTS.map((e) => `weather.${e}.test.js`)],
          app,
        );
        for (const environment of VITEST_ENVIRONMENTS)
          assert.match(out, new RegExp(`✓ weather\\.${environment}\\.test\\.js`), out);
        assert.match(out, /Tests\s+8 passed \(8\)/, out);
        assert.doesNotMatch(out, /Unhandled|unhandled error/, out);
      });

      await t.test('vitest’s vmThreads pool: the double in the test file’s realm', () => {
        const out = runBoth(
          process.execPath,
          ['node_modules/vitest/vitest.mjs', 'run', '--pool=vmThreads', 'vitest-realm.test.js'],
          app,
        );
        assert.match(out, /Tests\s+2 passed \(2\)/, out);
      });

      // Under a vm pool the double's TextEncoder is Node's, so its bodies are Uint8Arrays of another realm
      // than the test file's: srvx took them for something else and built happy-dom's base Response, which
      // throws "constructed outside a Window context", on every JSON answer.
      await t.test('vitest’s vmThreads pool with happy-dom: MSW and taskcast/fetch answer', () => {
        const out = runBoth(
          process.execPath,
          ['node_modules/vitest/vitest.mjs', 'run', '--pool=vmThreads', 'weather.happy-dom.test.js'],
          app,
        );
        assert.match(out, /Tests\s+2 passed \(2\)/, out);
        assert.doesNotMatch(out, /outside a Window context|unhandled error/, out);
      });

      await t.test('Jest with its jsdom environment: ES module tests, and the documented CommonJS one', () => {
        // The command the docs give, on the test files.
        const out = runBoth(
          process.execPath,
          [
            '--experimental-vm-modules',
            'node_modules/jest/bin/jest.js',
            'jest-weather.test.mjs',
            'weather.test.cjs',
            'jest-realm.test.mjs',
          ],
          app,
        );
        assert.match(out, /PASS \.\/jest-weather\.test\.mjs/, out);
        assert.match(out, /PASS \.\/weather\.test\.cjs/, out);
        assert.match(out, /PASS \.\/jest-realm\.test\.mjs/, out);
        assert.match(out, /Tests:\s+6 passed, 6 total/, out);
        assert.doesNotMatch(out, /taskcast: unhandled error/, out);
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
);
