/**
 * The docs page and CORS in a real browser: Debian's Chromium (/usr/bin/chromium) driven by playwright-core,
 * against the real server (bootstrap/server/start.mjs). `.ci/run` installs Chromium; where it is missing, these
 * tests are skipped with a message that says so.
 *
 * - /docs shows the operations of both APIs; through the page's "Try it out" it signs up, authorizes,
 *   creates a task (201) and fetches a forecast (200); a screenshot goes to test/artifacts/ (git-ignored).
 * - A page on a second origin (another port) fetches a forecast; with CORS_ORIGINS naming it, it creates a
 *   task; without, the browser blocks the task call.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { killLeftovers, makeTempDir, PROJECT_ROOT, ServerProcess } from './server-process.ts';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const ARTIFACTS = join(PROJECT_ROOT, 'test', 'artifacts');
const skip = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (.ci/run does) to run the browser tests`;
if (skip) console.log(`browser tests skipped: ${skip}`);

after(killLeftovers);

describe('browser', { skip }, () => {
  let browser: Browser;
  before(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });
  after(async () => {
    await browser?.close();
  });

  test('/docs: both APIs, and through "Try it out": sign up, a task created (201), a forecast (200)', async (t) => {
    const server = await ServerProcess.start({ via: 'node', dbPath: join(makeTempDir('browser-docs'), 'tasks.db') });
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    try {
      await page.goto(`${server.baseUrl}/`); // GET / sends a browser on to /docs
      assert.equal(page.url(), `${server.baseUrl}/docs`);
      await page.waitForSelector('#operations-Auth-signUp');
      await assertListed(page, [
        'operations-Auth-signUp',
        'operations-Auth-login',
        'operations-Tasks-listTasks',
        'operations-Tasks-createTask',
        'operations-Tasks-updateTask',
        'operations-Health-health',
      ]);

      const signUp = await tryItOut(page, 'operations-Auth-signUp', {
        body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse' },
      });
      assert.equal(signUp.status, '201', signUp.body);
      const token = (JSON.parse(signUp.body) as { token: string }).token;
      await page.locator('.auth-wrapper .authorize').click();
      await page.locator('.modal-ux input').first().fill(token);
      await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
      await page.locator('.modal-ux button.btn-done, .modal-ux button.close-modal').first().click();
      const created = await tryItOut(page, 'operations-Tasks-createTask', {
        body: { title: 'Written from /docs', priority: 'high' },
      });
      assert.equal(created.status, '201', created.body);
      assert.equal((JSON.parse(created.body) as { task: { title: string } }).task.title, 'Written from /docs');

      await page.locator('#select').selectOption({ label: 'Forecast API' });
      await page.waitForSelector('#operations-Points-point');
      await assertListed(page, [
        'operations-Points-point',
        'operations-Points-point_forecast',
        'operations-Gridpoints-gridpoint_forecast',
        'operations-Alerts-alerts_active',
        'operations-Stations-obs_stations',
        'operations-Zones-zone_list',
      ]);
      const forecast = await tryItOut(page, 'operations-Points-point_forecast', {
        params: { point: '39.7456,-97.0892' },
      });
      assert.equal(forecast.status, '200', forecast.body);
      assert.equal((JSON.parse(forecast.body) as { properties: { periods: unknown[] } }).properties.periods.length, 14);

      mkdirSync(ARTIFACTS, { recursive: true });
      const screenshot = join(ARTIFACTS, 'docs.png');
      await page.screenshot({ path: screenshot, fullPage: false });
      assert.ok(statSync(screenshot).size > 10_000);
      t.diagnostic(`screenshot: ${screenshot}`);
      console.log(`screenshot of /docs: ${screenshot}`);
      assert.deepEqual(elsewhere, [], 'the page loads nothing from another host');
    } finally {
      await page.close();
      await server.stop();
    }
  });

  test('a page on a second origin: forecasts always; tasks only with CORS_ORIGINS naming it', async () => {
    const second = await pageServer();
    const open = await ServerProcess.start({
      via: 'node',
      dbPath: join(makeTempDir('browser-cors'), 'tasks.db'),
      env: { CORS_ORIGINS: second.origin },
    });
    const closed = await ServerProcess.start({ via: 'node', dbPath: join(makeTempDir('browser-nocors'), 'tasks.db') });
    const page = await browser.newPage();
    try {
      await page.goto(`${second.origin}/`);
      assert.notEqual(new URL(open.baseUrl).origin, second.origin, 'really another origin');
      for (const api of [open.baseUrl, closed.baseUrl]) {
        const forecast = await page.evaluate(async (base) => {
          const response = await fetch(`${base}/points/39.7456,-97.0892/forecast`, {
            headers: { accept: 'application/geo+json' },
          });
          const body = await response.json();
          return {
            status: response.status,
            periods: body.properties.periods.length,
            correlationId: response.headers.get('x-correlation-id'),
            etag: response.headers.get('etag'),
          };
        }, api);
        assert.equal(forecast.status, 200);
        assert.equal(forecast.periods, 14);
        assert.ok(forecast.correlationId && forecast.etag, 'exposed headers are readable');
      }

      const allowed = await page.evaluate(createTaskFromPage, open.baseUrl);
      assert.deepEqual(allowed, { signUp: 201, create: 201, title: 'From another origin' });

      const blocked = await page.evaluate(createTaskFromPage, closed.baseUrl);
      assert.equal(blocked.error, 'TypeError', `the browser blocks the call: ${JSON.stringify(blocked)}`);
    } finally {
      await page.close();
      await open.stop();
      await closed.stop();
      await new Promise((resolve) => second.server.close(resolve));
    }
  });
});

/** Runs in the page: sign up and create a task on `base`, as a web app would. */
async function createTaskFromPage(base: string): Promise<Record<string, unknown>> {
  try {
    const json = { 'content-type': 'application/json' };
    const email = `page-${Math.random().toString(36).slice(2)}@example.com`;
    const signUp = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Page', email, password: 'correct horse' }),
    });
    const { token } = await signUp.json();
    const create = await fetch(`${base}/api/tasks`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'From another origin' }),
    });
    const { task } = await create.json();
    return { signUp: signUp.status, create: create.status, title: task.title };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

/** Checks that the API /docs shows now lists each of these operations (their element ids). */
async function assertListed(page: Page, operationIds: readonly string[]): Promise<void> {
  const listed = await page.locator('.opblock').evaluateAll((elements) => elements.map((e) => e.id));
  for (const id of operationIds) assert.ok(listed.includes(id), `${id} in ${listed.join(' ')}`);
}

/** Expands an operation, fills its body or parameters ("Try it out" is on), executes, reads the live answer. */
async function tryItOut(page: Page, operationId: string, input: { body?: unknown; params?: Record<string, string> }) {
  const operation = page.locator(`#${operationId}`);
  await operation.locator('.opblock-summary').first().click();
  if (input.body !== undefined) await operation.locator('textarea.body-param__text').fill(JSON.stringify(input.body));
  for (const [name, value] of Object.entries(input.params ?? {}))
    await operation.locator(`tr[data-param-name="${name}"] input`).fill(value);
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor({ timeout: 30_000 });
  return {
    status: ((await status.textContent()) ?? '').trim(),
    body: (await operation.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '',
  };
}

/** A second origin: a bare page on another port. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>second origin</title><p>A web app on another origin.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}
