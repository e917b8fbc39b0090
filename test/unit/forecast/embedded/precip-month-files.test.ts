/**
 * The month factors a process measured, kept for the next (shared/precip-month-files.ts): a fresh process that
 * reads them gives the same forecast bytes without measuring, and a file cut short, changed or holding what
 * the model could not have measured is not taken, so it never changes an answer.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readMonthFile, writeMonthFile } from '../../../../adapters/forecast/embedded/shared/precip-month-files.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'taskcast-precip-months-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A fresh process's forecast for Topeka issued on 28 May 2026 (its week runs into June: two months), keeping
 * months in `dir` ('off': nowhere), and how many station-months it measured.
 */
function freshForecast(dir: string): { text: string; measured: number } {
  const script = `
    import { join } from 'node:path';
    import { keepPrecipMonths } from './adapters/forecast/embedded/weather/monthly-precip.ts';
    import { precipMonthFiles } from './adapters/forecast/embedded/shared/precip-month-files.ts';
    import { dailyForecast } from './adapters/forecast/embedded/weather/daily-forecast.ts';
    const dir = ${JSON.stringify(dir)};
    let measured = 0;
    if (dir !== 'off') {
      const files = precipMonthFiles((index) => join(dir, index + '.f64'));
      keepPrecipMonths({ read: files.read, measured: (index) => (measured++, files.measured(index)) });
    }
    const forecast = dailyForecast({
      place: { lat: 39.05, lon: -95.68, elevationM: 290 },
      issuedHour: Date.parse('2026-05-28T15:00:00Z') / 3_600_000,
      timeZone: 'America/Chicago',
      iconBaseUrl: 'https://api.weather.gov/icons',
    });
    console.log(JSON.stringify({ text: JSON.stringify(forecast), measured }));
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as { text: string; measured: number };
}

/** A copy of the months `from` kept, in a folder of its own. */
function copyOf(from: string, name: string): string {
  const dir = join(scratch, name);
  cpSync(from, dir, { recursive: true });
  return dir;
}

const monthFiles = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.f64'));

describe('a month file', () => {
  it('reads back the numbers written, and nothing from a file absent, cut short or changed', () => {
    const file = join(scratch, 'format', '24316.f64');
    const months = Float64Array.from([3, -0.25, 17, 0.5, 200, 1 / 3]);
    writeMonthFile(file, months);
    assert.deepEqual(readMonthFile(file), months);
    assert.equal(readMonthFile(join(scratch, 'format', 'none.f64')), undefined);
    const bytes = readFileSync(file);
    for (const cut of [bytes.length - 1, bytes.length - 16, 31, 0]) {
      writeFileSync(file, bytes.subarray(0, cut));
      assert.equal(readMonthFile(file), undefined, `cut to ${cut} bytes`);
    }
    const changed = Buffer.from(bytes);
    changed[9]! ^= 1;
    writeFileSync(file, changed);
    assert.equal(readMonthFile(file), undefined, 'a changed byte');
  });
});

describe('months kept between processes', () => {
  const measuring = freshForecast('off');
  const first = join(scratch, 'first');
  const keeping = freshForecast(first);

  it('the process that measures them answers as one keeping nothing, and keeps its two months', () => {
    assert.equal(keeping.text, measuring.text);
    assert.ok(keeping.measured > 0);
    assert.equal(monthFiles(first).length, 2, monthFiles(first).join(', '));
  });

  it('a later process reads them: the same bytes, nothing measured', () => {
    const later = freshForecast(copyOf(first, 'later'));
    assert.equal(later.measured, 0);
    assert.equal(later.text, measuring.text);
  });

  it('serves what the files hold (so the test above is one of reading them)', () => {
    const dir = copyOf(first, 'flattened');
    for (const file of monthFiles(dir)) {
      const months = readMonthFile(join(dir, file))!;
      for (let i = 1; i < months.length; i += 2) months[i] = 0;
      writeMonthFile(join(dir, file), months);
    }
    const flattened = freshForecast(dir);
    assert.equal(flattened.measured, 0);
    assert.notEqual(flattened.text, measuring.text);
  });

  it('measures again, to the same bytes, where a file is cut short, changed or out of bounds, and mends it', () => {
    const dir = copyOf(first, 'broken');
    const [one, two] = monthFiles(dir).map((file) => join(dir, file));
    const bytes = readFileSync(one!);
    writeFileSync(one!, bytes.subarray(0, bytes.length - 5));
    const months = readMonthFile(two!)!;
    months[0] = 1e6; // a station the field does not have, under a digest that matches
    writeMonthFile(two!, months);
    const broken = freshForecast(dir);
    assert.ok(broken.measured > 0);
    assert.equal(broken.text, measuring.text);
    const mended = freshForecast(dir);
    assert.equal(mended.measured, 0, 'the months measured again were kept');
    assert.equal(mended.text, measuring.text);
  });
});
