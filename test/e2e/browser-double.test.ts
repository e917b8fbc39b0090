/**
 * The weather double in a real browser, from the packed tarball: Debian's Chromium (/usr/bin/chromium)
 * driven by playwright-core. Skipped, with a message that says so, where Chromium is missing.
 *
 * - taskcast/msw/browser: a page bundled with esbuild (as an app's dev server would) starts MSW's
 *   setupWorker with the double's handlers (the docs' example), then fetches a point, its forecast, a redirected point and a
 *   scenario's alert from https://api.weather.gov.
 * - taskcast/playwright: routeWeatherGov(page) answers the page's fetches from the double in this process;
 *   a fault drops the connection; close() unroutes.
 *
 * Chromium resolves api.weather.gov to nothing (--host-resolver-rules), so an answer can only come from the
 * double, never from the real service. The app is the packed tarball unpacked beside links to this
 * checkout's packages (test/support/tarball-app.ts).
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'esbuild';
import { appWithPackedTarball } from '../support/tarball-app.ts';
import { docBlock } from '../support/doc-blocks.ts';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  // The real service is out of reach: only the double can answer.
  '--host-resolver-rules=MAP api.weather.gov ~NOTFOUND',
];
const skip = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` to run the browser double tests`;
if (skip) console.log(`browser double tests skipped: ${skip}`);

const POINT = 'https://api.weather.gov/points/39.7456,-97.0892';

/**
 * The page's code: the docs' example (docs/testing-weather-apps.md), as a web app's entry imports it in
 * development, and what the test reads from the page. Unhandled requests go to the network, where
 * api.weather.gov resolves to nothing.
 */
const WORKER_APP = `${docBlock('browser-worker-example', 'js')}
window.nws = nws;
window.ready = true;
`;

const PAGE = (script: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>weather app</title></head><body>${script}</body></html>`;

/** A static server for `dir`: what a dev server does for the app's files. */
async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        const type = extname(file) === '.html' ? 'text/html' : 'text/javascript';
        response.writeHead(200, { 'content-type': type }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, url: `http://localhost:${address.port}` };
}

describe('the weather double in Chromium, from the packed tarball', { skip, timeout: 900_000 }, () => {
  let work: string;
  let app: string;
  let browser: Browser;
  let site: { server: Server; url: string };
  const pageErrors: string[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'taskcast-browser-double-'));
    app = await appWithPackedTarball(work);
    const dir = join(app, 'site');
    mkdirSync(dir);
    writeFileSync(join(app, 'main.js'), WORKER_APP);
    // The app's bundler resolves taskcast/msw/browser through the package's exports, as vite or webpack would.
    await build({
      absWorkingDir: app,
      entryPoints: ['main.js'],
      outfile: join(dir, 'app.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'error',
    });
    // `npx msw init site` copies this file; the worker must be served from the page's scope.
    copyFileSync(join(app, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(dir, 'mockServiceWorker.js'));
    writeFileSync(join(dir, 'index.html'), PAGE('<script type="module" src="/app.js"></script>'));
    writeFileSync(join(dir, 'plain.html'), PAGE('<p>no worker</p>'));
    site = await serve(dir);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });

  after(async () => {
    await browser?.close();
    site?.server.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/favicon|Failed to load resource/.test(message.text()))
        pageErrors.push(message.text());
    });
    return page;
  }

  test('taskcast/msw/browser: setupWorker answers a point, its forecast, a redirect and an alert', async () => {
    const page = await newPage();
    try {
      const started = Date.now();
      await page.goto(site.url);
      await page.waitForFunction(() => (window as { ready?: boolean }).ready === true, null, { timeout: 120_000 });
      const ready = Date.now() - started;
      const answers = await page.evaluate(async (point) => {
        const pointResponse = await fetch(point);
        const pointBody = await pointResponse.json();
        const forecast = await fetch(pointBody.properties.forecast);
        const periods = (await forecast.json()).properties.periods;
        const redirected = await fetch(`${point.replace('39.7456', '39.74561').replace('-97.0892', '-97.08921')}`);
        const nws = (window as any).nws;
        nws.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
        const alerts = await fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892');
        const events = (await alerts.json()).features.map((feature: any) => feature.properties.event);
        nws.clearScenario();
        return {
          point: [pointResponse.status, pointBody.properties.gridId, pointBody.properties.forecast],
          forecast: [forecast.status, forecast.headers.get('content-type'), periods[0].startTime, periods.length],
          redirected: [redirected.status, redirected.redirected, redirected.url],
          alerts: [alerts.status, events],
          clock: nws.clock().now,
        };
      }, POINT);
      console.log(`taskcast/msw/browser: page ready in ${ready} ms`);
      assert.deepEqual(answers.point, [200, 'TOP', 'https://api.weather.gov/gridpoints/TOP/32,81/forecast']);
      assert.equal(answers.forecast[0], 200);
      assert.match(String(answers.forecast[1]), /^application\/geo\+json/);
      assert.equal(answers.forecast[2], '2026-05-20T16:00:00-05:00');
      assert.ok(Number(answers.forecast[3]) >= 13, `${answers.forecast[3]} periods`);
      assert.deepEqual(answers.redirected, [200, true, POINT]);
      assert.equal(answers.alerts[0], 200);
      assert.ok((answers.alerts[1] as string[]).includes('Tornado Warning'), String(answers.alerts[1]));
      assert.equal(answers.clock, '2026-05-20T21:00:00.000Z');
      assert.deepEqual(pageErrors, []);
    } finally {
      await page.close();
    }
  });

  test('taskcast/playwright: routeWeatherGov answers through page.route; a fault drops; close() unroutes', async () => {
    const require = createRequire(join(app, 'package.json'));
    const entry = require.resolve('taskcast/playwright');
    assert.ok(entry.startsWith(join(app, 'node_modules', 'taskcast')), entry);
    const { routeWeatherGov } = (await import(
      pathToFileURL(entry).href
    )) as typeof import('../../bootstrap/entry/playwright.ts');
    const page = await newPage();
    const nws = await routeWeatherGov(page, { now: '2026-05-20T21:00:00Z' });
    try {
      await page.goto(`${site.url}/plain.html`);
      const answers = await page.evaluate(async (point) => {
        const pointResponse = await fetch(point);
        const forecast = await fetch((await pointResponse.json()).properties.forecast);
        const first = (await forecast.json()).properties.periods[0];
        const icon = await fetch(first.icon);
        // Cross-origin from the page: read at all only because the answer carries api.weather.gov's CORS headers.
        return {
          point: pointResponse.status,
          forecast: [forecast.status, first.startTime],
          icon: [icon.status, icon.headers.get('content-type'), (await icon.arrayBuffer()).byteLength > 100],
        };
      }, POINT);
      assert.deepEqual(answers, {
        point: 200,
        forecast: [200, '2026-05-20T16:00:00-05:00'],
        icon: [200, 'image/png', true],
      });

      nws.loadScenario({ faults: [{ path: '/points/*', networkError: true }] });
      const dropped = await page.evaluate((point) => fetch(point).then((r) => `status ${r.status}`, String), POINT);
      assert.match(dropped, /TypeError: Failed to fetch/);
      nws.clearScenario();
      assert.equal(await page.evaluate((point) => fetch(point).then((r) => r.status), POINT), 200);
    } finally {
      await nws.close();
    }
    // Unrouted: the request goes to the network, where api.weather.gov resolves to nothing.
    const after = await page.evaluate((point) => fetch(point).then((r) => `status ${r.status}`, String), POINT);
    assert.match(after, /TypeError: Failed to fetch/);
    await page.close();
    assert.deepEqual(pageErrors, []);
  });
});
