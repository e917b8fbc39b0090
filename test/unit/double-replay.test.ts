/** taskcast/fetch (and so taskcast/msw, which shares the option) answering from a recorded bundle. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeEntry } from '../../adapters/forecast/replay/bundle-files.ts';
import { createWeatherGovFetch } from '../../bootstrap/entry/fetch.ts';

test('replay: a bundle in-process, the model for the rest, or 404 when strict', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-double-bundle-'));
  try {
    writeEntry(dir, {
      path: '/offices/TOP',
      recordedAt: '2026-05-20T21:00:00.000Z',
      lastModified: '2026-05-20T21:00:00.000Z',
      body: { '@id': '{base}/offices/TOP', name: 'Recorded Topeka' },
    });
    const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z', replay: dir });
    const office = await (await nwsFetch('/offices/TOP')).json();
    assert.deepEqual([office.name, office['@id']], ['Recorded Topeka', 'https://api.weather.gov/offices/TOP']);
    assert.equal((await nwsFetch('/offices/LWX')).status, 200, 'the model answers what the bundle lacks');
    await nwsFetch.close();

    const strict = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z', replay: { dir, strict: true } });
    assert.equal((await strict('/offices/LWX')).status, 404);
    assert.equal((await (await strict('/offices/TOP')).json()).name, 'Recorded Topeka');
    await strict.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('replay: a folder that is not there, or is a file, is refused at creation, not answered by the model', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-double-bundle-'));
  try {
    const file = join(dir, 'bundle.json');
    writeFileSync(file, '{}');
    for (const replay of [join(dir, 'bundel'), file, { dir: join(dir, 'bundel'), strict: true }]) {
      await assert.rejects(
        createWeatherGovFetch({ replay }),
        /The replay bundle .* (does not exist|is not a folder)/,
        JSON.stringify(replay),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('replay: a relative folder is the one meant when the double was made, wherever the process goes', async () => {
  // A test that changes directory (process.chdir in a setup file, a runner's per-project cwd) after making
  // the double must still be answered from the bundle it named, not from one relative to the new folder.
  const parent = mkdtempSync(join(tmpdir(), 'taskcast-double-bundle-'));
  const home = process.cwd();
  try {
    writeEntry(join(parent, 'bundle'), {
      path: '/offices/TOP',
      recordedAt: '2026-05-20T21:00:00.000Z',
      lastModified: '2026-05-20T21:00:00.000Z',
      body: { '@id': '{base}/offices/TOP', name: 'Recorded Topeka' },
    });
    process.chdir(parent);
    const strict = await createWeatherGovFetch({
      now: '2026-05-20T21:00:00Z',
      replay: { dir: 'bundle', strict: true },
    });
    process.chdir(tmpdir());
    const reply = await strict('/offices/TOP');
    assert.equal(reply.status, 200);
    assert.equal((await reply.json()).name, 'Recorded Topeka');
    await strict.close();
  } finally {
    process.chdir(home);
    rmSync(parent, { recursive: true, force: true });
  }
});
