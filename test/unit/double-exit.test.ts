/**
 * A script that used the weather double ends when its last line has run: nothing the double opened (alert
 * workers, a fault's delay) keeps the process alive, and close() releases what is still pending.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `body` as a module under tsx and returns what it printed, and how long after its last line it exited. */
function runScript(body: string): { out: string[]; lingerMs: number } {
  const script = `
    ${body}
    const last = performance.now();
    process.on('exit', () => console.log('linger', Math.round(performance.now() - last)));
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trim().split('\n');
  const linger = Number(lines.pop()!.replace('linger ', ''));
  return { out: lines, lingerMs: linger };
}

test('a script exits at once after an alerts request (the alert workers do not hold it)', () => {
  const { out, lingerMs } = runScript(`
    import { createWeatherGovFetch } from './bootstrap/entry/fetch.ts';
    const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z' });
    console.log((await nwsFetch('/alerts/active?area=KS')).status);
  `);
  assert.deepEqual(out, ['200']);
  assert.ok(lingerMs < 250, `lingered ${lingerMs} ms after its last line`);
});

test("close() rejects a request pending in a fault's delay and stops its timer; the process exits", () => {
  const { out, lingerMs } = runScript(`
    import { setupServer } from 'msw/node';
    import { weatherGovHandlers } from './bootstrap/entry/msw.ts';
    const nws = await weatherGovHandlers({ now: '2026-05-20T21:00:00Z', scenario: { faults: [{ path: '/points/*', delayMs: 10000 }] } });
    const server = setupServer(...nws.handlers);
    server.listen();
    const pending = fetch('https://api.weather.gov/points/39.7456,-97.0892').then((r) => 'answered ' + r.status, (e) => 'rejected');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.close();
    await nws[Symbol.asyncDispose]();
    console.log(await pending);
  `);
  assert.equal(out.length, 1);
  assert.notEqual(out[0], 'answered 200', 'the delayed answer did not come through');
  assert.ok(lingerMs < 250, `lingered ${lingerMs} ms after its last line (the fault's delay is 10 s)`);
});
