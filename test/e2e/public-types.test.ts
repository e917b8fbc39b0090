/**
 * The public types as an app on the oldest TypeScript the package supports reads them: every entry point of
 * the packed tarball imported and used by a consumer checked by TypeScript 5.0 with `skipLibCheck: false`,
 * so each .d.ts the package ships, and each declaration file they reach in other packages, is checked.
 * TypeScript 5.0.4 comes from the registry once and is kept under the system's temporary folder.
 *
 * No error at all is allowed. valibot's and inversify's declarations do not compile under 5.0 (issue 40.10),
 * so no public declaration may reach them: the Scenario type is written out rather than inferred from the
 * valibot schema, and the inversify container is not exported. The consumer also checks that an inline
 * scenario is typed: a product the model does not issue is an error.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { handRunEnv } from '../support/hand-run-env.ts';
import { appWithPackedTarball } from '../support/tarball-app.ts';

const TYPESCRIPT = 'typescript@5.0.4';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmCheck = spawnSync(npm, ['--version'], { env: handRunEnv, encoding: 'utf8' });
const skip =
  npmCheck.status === 0 ? false : `npm is not available (${npmCheck.error?.message ?? npmCheck.stderr.trim()})`;

/** TypeScript 5.0's tsc, installed once (beside, then renamed into place, so a killed install leaves nothing). */
function typescript50(): string {
  const dir = join(tmpdir(), `taskcast-${TYPESCRIPT.replace('@', '-')}`);
  const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
  if (existsSync(tsc)) return tsc;
  const building = mkdtempSync(`${dir}.building-`);
  const result = spawnSync(
    npm,
    ['install', '--prefix', building, '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', TYPESCRIPT],
    { env: handRunEnv, encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) throw new Error(`npm install ${TYPESCRIPT} failed:\n${result.stdout}\n${result.stderr}`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return tsc;
}

/** Uses each entry point as its readers do, so the types are not only loaded but applied. */
const CONSUMER = `
import { createTaskcast, type AlertEvent, type TaskcastForecast } from 'taskcast';
import { weatherGovHandlers, type Scenario } from 'taskcast/msw';
import { createWeatherGovFetch } from 'taskcast/fetch';
import { weatherGovHandlers as browserHandlers } from 'taskcast/msw/browser';
import { routeWeatherGov } from 'taskcast/playwright';
import * as weather from 'taskcast/weather';
import type { Page } from 'playwright-core';

export async function app(page: Page): Promise<number> {
  const taskcast = await createTaskcast({ forecastProvider: 'embedded' });
  const forecast: TaskcastForecast = taskcast.forecast;
  forecast.setClock('2026-05-20T21:00:00Z', 0);
  const nws = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z' });
  const scenario: Scenario = nws.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
  const event: AlertEvent = 'Flash Flood Warning';
  forecast.loadScenario({ alerts: [{ event, zones: ['KSZ040'], onset: 'now' }], modelAlerts: false });
  // @ts-expect-error: not a product the model issues, so an inline scenario naming it does not compile
  forecast.loadScenario({ alerts: [{ event: 'Zombie Warning', area: 'KS' }] });
  const nwsFetch = await createWeatherGovFetch({ origin: 'https://api.weather.gov' });
  const inPage = await browserHandlers({ scenario: { alerts: [] } });
  const routed = await routeWeatherGov(page, { now: new Date() });
  routed.clearScenario();
  await routed.close();
  const response: Response = await nwsFetch('/points/39.7456,-97.0892');
  return nws.handlers.length + inPage.handlers.length + Object.keys(weather).length + Object.keys(scenario).length + response.status;
}
`;

/**
 * taskcast/playwright alone, as an app without Node's types reads it (a browser-only tsconfig, or no
 * @types/node installed): its declarations must not reach @types/node (issue 40.10: `node:buffer` did). The
 * target is written out, as a Page is to the helper, since playwright-core's own types need @types/node.
 */
const PLAYWRIGHT_CONSUMER = `
import { routeWeatherGov, type Routable, type WeatherGovRoute } from 'taskcast/playwright';

export async function app(page: Routable, route: WeatherGovRoute): Promise<string> {
  const body: Uint8Array | null = route.request().postDataBuffer();
  await route.fulfill({ status: 200, headers: {}, body: body ?? new Uint8Array() });
  const routed = await routeWeatherGov(page, { now: '2026-05-20T21:00:00Z' });
  routed.setClock('2026-05-20T21:00:00Z', 0);
  await routed.close();
  return routed.origin;
}
`;

/**
 * `await using`, as docs/testing-weather-apps.md offers it to TypeScript 5.2+: the doubles' objects are
 * AsyncDisposable at run time, and must be so in their types where the app's TypeScript knows the symbol.
 */
const AWAIT_USING_CONSUMER = `
import { weatherGovHandlers } from 'taskcast/msw';
import { createWeatherGovFetch } from 'taskcast/fetch';
import { weatherGovHandlers as browserHandlers } from 'taskcast/msw/browser';
import { routeWeatherGov, type Routable } from 'taskcast/playwright';

export async function app(page: Routable): Promise<number> {
  await using nws = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z' });
  await using nwsFetch = await createWeatherGovFetch();
  await using inPage = await browserHandlers();
  await using routed = await routeWeatherGov(page);
  return nws.handlers.length + inPage.handlers.length + nwsFetch.origin.length + routed.origin.length;
}
`;

/** The project's own TypeScript (5.2 or later), which compiles `await using`. */
const projectTsc = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', 'typescript', 'bin', 'tsc');

/** tsc on `file` with skipLibCheck: false and the given `types`, which must find no error: the files it read. */
function compile(
  tsc: string,
  app: string,
  file: string,
  types: string[],
  options: { target?: string; lib?: string[] } = {},
): { files: string[] } {
  const project = join(app, `tsconfig.${file}.json`);
  writeFileSync(
    project,
    JSON.stringify({
      compilerOptions: {
        target: options.target ?? 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: options.lib ?? ['ES2022', 'DOM', 'DOM.Iterable'],
        types,
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: [file],
    }),
  );
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false', '--listFiles'], {
    cwd: app,
    env: handRunEnv,
    encoding: 'utf8',
    timeout: 600_000,
  });
  const lines = `${result.stdout}${result.stderr}`.split('\n');
  const errors = lines.filter((line) => /error TS\d+/.test(line));
  assert.deepEqual(errors, [], `${tsc} finds errors in ${file}:\n${errors.join('\n')}`);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  return { files: lines.filter((line) => /\.d\.[cm]?ts$|\.ts$/.test(line.trim())) };
}

test(`the public types compile under ${TYPESCRIPT} with skipLibCheck: false`, { skip, timeout: 900_000 }, async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'taskcast-public-types-'));
  try {
    const tsc = typescript50();
    const app = await appWithPackedTarball(work);
    writeFileSync(join(app, 'consumer.ts'), CONSUMER);
    writeFileSync(join(app, 'playwright-consumer.ts'), PLAYWRIGHT_CONSUMER);

    await t.test('every entry point, with @types/node', () => {
      compile(tsc, app, 'consumer.ts', ['node']);
    });

    await t.test('await using, with the project’s TypeScript: ESNext’s lib, or ES2022’s with @types/node', () => {
      writeFileSync(join(app, 'await-using.ts'), AWAIT_USING_CONSUMER);
      compile(projectTsc, app, 'await-using.ts', ['node'], {
        target: 'ESNext',
        lib: ['ESNext', 'DOM', 'DOM.Iterable'],
      });
      writeFileSync(join(app, 'await-using-es2022.ts'), AWAIT_USING_CONSUMER);
      compile(projectTsc, app, 'await-using-es2022.ts', ['node']);
    });

    await t.test('taskcast/playwright without @types/node', () => {
      const { files } = compile(tsc, app, 'playwright-consumer.ts', []);
      assert.ok(
        files.some((file) => file.includes('taskcast/dist/bootstrap/entry/playwright.d.ts')),
        files.join('\n'),
      );
      const node = files.filter((file) => file.includes('@types/node/'));
      assert.deepEqual(node, [], 'taskcast/playwright reaches @types/node');
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
