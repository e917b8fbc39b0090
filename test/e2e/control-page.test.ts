/**
 * The control page in a real browser: headless Chromium (Debian's `chromium`) driven by playwright-core.
 * Skips, saying why, where no Chromium is installed; .ci/run installs it so CI always runs this.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const TOKEN = 'page-admin-token-0123456789abcdefghijkl';

describe('the /_taskcast/ control page', () => {
  test(
    'loads with the token, sets the clock and sees the forecast change, loads a scenario',
    { timeout: 120_000 },
    async (t) => {
      if (!existsSync(CHROMIUM)) {
        t.skip(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
        return;
      }
      const { chromium } = await import('playwright-core');
      const dir = makeTempDir('page');
      const server = await ServerProcess.start({
        via: 'node',
        dbPath: join(dir, 'tasks.db'),
        env: { ADMIN_TOKEN: TOKEN, FORECAST_NOW: '2026-05-20T21:10:00Z', STORAGE: 'memory' },
      });
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-dev-shm-usage'],
      });
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        // Without the token: 401.
        assert.equal((await page.goto(`${server.baseUrl}/_taskcast/`))?.status(), 401);
        await page.goto(`${server.baseUrl}/_taskcast/?token=${TOKEN}`);
        assert.equal(new URL(page.url()).search, '', 'the token leaves the address bar');
        assert.equal(await page.textContent('#clock-now'), '2026-05-20T21:10:00.000Z');
        await page.waitForFunction(() => document.getElementById('forecast-updated')?.textContent !== '…');
        assert.equal(await page.textContent('#forecast-updated'), '2026-05-20T21:00:00+00:00');
        const before = await page.textContent('#forecast-first');

        await page.fill('#clock-input', '2027-01-10T06:30');
        await Promise.all([
          page.waitForURL('**/_taskcast/', { waitUntil: 'load' }),
          page.waitForEvent('load'),
          page.click('#clock-set'),
        ]);
        assert.equal(await page.textContent('#clock-now'), '2027-01-10T06:30:00.000Z');
        await page.waitForFunction(() => document.getElementById('forecast-updated')?.textContent !== '…');
        assert.equal(await page.textContent('#forecast-updated'), '2027-01-10T06:00:00+00:00');
        assert.notEqual(await page.textContent('#forecast-first'), before, 'the forecast changed with the clock');

        await page.fill(
          '#scenario-input',
          JSON.stringify({
            name: 'page-test',
            alerts: [{ event: 'Tornado Warning', area: 'KS' }],
            faults: [{ path: '/points/*', html: true, count: 3 }],
          }),
        );
        await Promise.all([page.waitForEvent('load'), page.click('#scenario-form button[type=submit]')]);
        assert.equal(await page.textContent('#scenario-name'), 'page-test');
        assert.match((await page.textContent('#alerts')) ?? '', /Tornado Warning/);
        assert.match((await page.textContent('#faults')) ?? '', /CDN HTML 403/);

        await page.fill('#scenario-input', '{"alerts": [{"event": "Tornado Warning"}]}');
        await page.click('#scenario-form button[type=submit]');
        await page.waitForFunction(() => (document.getElementById('error')?.textContent ?? '') !== '');
        assert.match((await page.textContent('#error')) ?? '', /^alerts\[0\]: /);
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
        await server.stop('SIGTERM');
      }
    },
  );
});
