import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { entryFile, listEntries, writeEntry } from '../../../../adapters/forecast/replay/bundle-files.ts';
import { BundleFull, createBundleRecorder } from '../../../../adapters/forecast/replay/bundle-recorder.ts';
import { replayOverEmbedded } from '../../../support/replay-provider.ts';
import { forecastWorld } from '../../../support/forecast-http.ts';
import { upstreamWorld } from '../../../support/upstream-world.ts';
import { fixtureText, startFakeUpstream } from '../../../support/fake-nws-upstream.ts';
import { memorySharedCache } from '../../../support/memory-shared-cache.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-bundle-'));
  dirs.push(dir);
  return dir;
};

const PATHS = [
  '/points/39.7456,-97.0892',
  '/gridpoints/TOP/32,81',
  '/gridpoints/TOP/32,81/forecast',
  '/gridpoints/TOP/32,81/forecast/hourly',
  '/alerts/active?zone=ORZ004',
  '/stations/KFLL/observations/latest',
  '/zones/forecast/UTZ101',
];

const RECORDED_AT = Date.parse('2026-07-15T18:20:00Z');

async function record(relative: boolean) {
  const dir = tempDir();
  const w = await upstreamWorld({ record: createBundleRecorder({ dir, relative, now: () => RECORDED_AT }) });
  const bodies = new Map<string, string>();
  for (const path of PATHS) {
    const r = await w.get(path);
    assert.equal(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
    bodies.set(path, r.text);
  }
  const origin = w.fake.origin;
  await w.fake.close();
  return { dir, bodies, origin };
}

const TOKEN = 'admin-token-for-tests-0123456789abcdef';

async function replayWorld(dir: string, strict: boolean, now = new Date(RECORDED_AT), publicBaseUrl?: string) {
  const provider = replayOverEmbedded(dir, strict, now);
  return { provider, world: await forecastWorld({ provider, publicBaseUrl, now, adminToken: TOKEN }) };
}

describe('record and replay', () => {
  it('records one base-free file per path and query from the upstream provider', async () => {
    const { dir, origin } = await record(false);
    assert.deepEqual(listEntries(dir), [...PATHS].sort());
    const file = readFileSync(entryFile(dir, '/gridpoints/TOP/32,81/forecast'), 'utf8');
    assert.ok(!file.includes(origin), 'no upstream origin in the bundle');
    assert.match(file, /"\{base\}\/ontology#"/);
    assert.ok(entryFile(dir, '/points/39.7456,-97.0892').endsWith(join('points', '39.7456%2C-97.0892', 'index.json')));
    assert.ok(entryFile(dir, '/../../etc/passwd').startsWith(dir), 'never outside the bundle');
  });

  it('replays with the fake stopped: the same bodies, links under the new base', async () => {
    const { dir, bodies } = await record(false);
    const { world } = await replayWorld(dir, true, new Date(RECORDED_AT), 'https://replay.example');
    for (const path of PATHS) {
      const r = await world.get(path);
      assert.equal(r.status, 200, path);
      assert.equal(r.text, bodies.get(path)!.replaceAll('http://taskcast.test', 'https://replay.example'), path);
    }
    // The /points/{p}/forecast route finds its grid in the replayed /points document.
    assert.equal(
      (await world.get('/points/39.7456,-97.0892/forecast')).text,
      bodies.get('/gridpoints/TOP/32,81/forecast')!.replaceAll('http://taskcast.test', 'https://replay.example'),
    );
  });

  it("the control page lists the bundle's points as links to their forecasts", async () => {
    const { dir } = await record(false);
    const { world } = await replayWorld(dir, true);
    const page = await world.send('GET', '/_taskcast/', undefined, { authorization: `Bearer ${TOKEN}` });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.text, /<a href="\/points\/39\.7456,-97\.0892\/forecast">39\.7456,-97\.0892<\/a>/);
    assert.doesNotMatch(page.text, /<script src=|<link [^>]*href="http/, 'nothing from a CDN');
  });

  it('a path missing from the bundle falls back to the embedded model, or 404 when strict', async () => {
    const { dir } = await record(false);
    const loose = await replayWorld(dir, false);
    const fallback = await loose.world.get('/gridpoints/BOX/70,90/forecast');
    assert.equal(fallback.status, 200);
    assert.equal(fallback.body.properties.periods.length, 14);
    const strict = await replayWorld(dir, true);
    const missing = await strict.world.get('/gridpoints/BOX/70,90/forecast');
    assert.equal(missing.status, 404);
    assert.match(missing.body.detail, /not in the replay bundle/);
  });

  it('FORECAST_RECORD_RELATIVE=1 writes dates relative to the recording, resolved per request on replay', async () => {
    const { dir, bodies } = await record(true);
    const entry = JSON.parse(readFileSync(entryFile(dir, '/gridpoints/TOP/32,81/forecast'), 'utf8'));
    const file = JSON.stringify(entry.body) + entry.lastModified;
    assert.doesNotMatch(file, /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/, 'no absolute date left');
    assert.match(file, /\{date:now[+-]\d+[smhd]@[+-]\d{2}:\d{2}\}/);
    // Replayed at the recording's instant: the very bodies.
    const same = await replayWorld(dir, true);
    for (const path of PATHS) assert.equal((await same.world.get(path)).text, bodies.get(path), path);
    // A day later: every date a day later.
    const later = await replayWorld(dir, true, new Date(RECORDED_AT + 86_400_000));
    const original = JSON.parse(bodies.get('/gridpoints/TOP/32,81/forecast')!);
    const moved = (await later.world.get('/gridpoints/TOP/32,81/forecast')).body;
    assert.equal(
      Date.parse(moved.properties.periods[0].startTime) - Date.parse(original.properties.periods[0].startTime),
      86_400_000,
    );
    assert.equal(Date.parse(moved.properties.updateTime) - Date.parse(original.properties.updateTime), 86_400_000);
  });
});

describe('replay: every route reads the bundle (issue 39)', () => {
  /** A file as bundles have been written from the start: index.json, {path, recordedAt, lastModified, body}. */
  const handWritten = (dir: string, path: string, body: Record<string, unknown>): void => {
    const folder = join(dir, ...path.split('/').filter((s) => s !== ''));
    mkdirSync(folder, { recursive: true });
    const entry = { path, recordedAt: '2026-05-01T12:00:00.000Z', lastModified: '2026-05-01T12:00:00.000Z', body };
    writeFileSync(join(folder, 'index.json'), `${JSON.stringify(entry, null, 2)}\n`);
  };

  it('an existing bundle answers the glossary and office headlines, strict or not; strict 404s what it lacks', async () => {
    const dir = tempDir();
    const glossary = { '@context': {}, glossary: [{ term: 'Recorded term', definition: 'from the bundle' }] };
    const headlines = { '@context': {}, '@graph': [{ '@id': '{base}/offices/TOP/headlines/recorded-1' }] };
    handWritten(dir, '/glossary', glossary);
    handWritten(dir, '/offices/TOP/headlines', headlines);
    for (const strict of [true, false]) {
      const { world } = await replayWorld(dir, strict);
      assert.deepEqual((await world.get('/glossary')).body, glossary);
      assert.equal(
        (await world.get('/offices/TOP/headlines')).body['@graph'][0]['@id'],
        'http://taskcast.test/offices/TOP/headlines/recorded-1',
      );
    }
    const strict = await replayWorld(dir, true);
    for (const path of ['/offices/TOP/config', '/radar/servers', '/icons/land/day/skc', '/thumbnails/satellite/g']) {
      const reply = await strict.world.get(path);
      assert.equal(reply.status, 404, path);
      assert.match(reply.body.detail, /not in the replay bundle/, path);
    }
    // Not strict, the model answers what the bundle lacks.
    assert.equal((await (await replayWorld(dir, false)).world.get('/offices/TOP/config')).status, 200);
  });

  it('strict, a path the bundle holds as JSON but not in the media asked for says which media is missing', async () => {
    const dir = tempDir();
    const body = JSON.parse(fixtureText('alert.json').replaceAll('https://api.weather.gov', '{base}'));
    const id = (body.id as string).slice('{base}'.length);
    const at = '2026-05-01T12:00:00.000Z';
    writeEntry(dir, { path: id, recordedAt: at, lastModified: at, body });
    const { world } = await replayWorld(dir, true);
    assert.equal((await world.get(id)).status, 200);
    const cap = await world.get(id, { accept: 'application/cap+xml' });
    assert.equal(cap.status, 404);
    assert.equal(cap.body.detail, `${id} is not in the replay bundle as a CAP alert (FORECAST_REPLAY_STRICT=1).`);
  });

  it('a bundle file edited into something unreadable is a 503 naming the file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'glossary'), { recursive: true });
    writeFileSync(join(dir, 'glossary', 'index.json'), '{"path": "/glossary", "body": {');
    mkdirSync(join(dir, 'thumbnails', 'satellite', 'g'), { recursive: true });
    writeFileSync(
      join(dir, 'thumbnails', 'satellite', 'g', 'asset.json'),
      JSON.stringify({ path: '/thumbnails/satellite/g', lastModified: '2026-05-01T12:00:00Z' }),
    );
    const { world } = await replayWorld(dir, true);
    const glossary = await world.get('/glossary');
    assert.equal(glossary.status, 503);
    assert.match(glossary.body.detail, /file glossary[/\\]index\.json cannot be read/);
    assert.ok(!glossary.text.includes(dir), "the bundle's location on disk stays private");
    const thumbnail = await world.get('/thumbnails/satellite/g');
    assert.equal(thumbnail.status, 503);
    assert.match(thumbnail.body.detail, /asset\.json needs a contentType/);
  });

  it('a file whose entry, body or dates are not what a bundle holds is a 503 naming it, not a 404, 200 or 500', async () => {
    const dir = tempDir();
    const write = (path: string, text: string): void => {
      const file = entryFile(dir, path);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
    };
    const entry = (path: string, fields: Record<string, unknown>): string =>
      JSON.stringify({ path, recordedAt: '2026-05-01T12:00:00.000Z', lastModified: '2026-05-01T12:00:00Z', ...fields });
    // A file holding `null` exists: it is broken, not missing (which, not strict, would serve the model).
    write('/offices/TOP', 'null');
    write('/glossary', entry('/glossary', { body: [1, 2] }));
    write('/offices/TOP/headlines', entry('/offices/TOP/headlines', { lastModified: 'yesterday', body: {} }));
    // Dates no Date holds: written back, they would throw out of the provider as a bare 500.
    write('/offices/TOP/config', entry('/offices/TOP/config', { lastModified: '{date:now+99999999999d@Z}', body: {} }));
    write('/radar/servers', entry('/radar/servers', { body: { at: '{date:now-99999999999d@Z}' } }));
    for (const strict of [true, false]) {
      const { world } = await replayWorld(dir, strict);
      for (const [path, why] of [
        ['/offices/TOP', /offices[/\\]TOP[/\\]index\.json needs/],
        ['/glossary', /glossary[/\\]index\.json needs the document as its body/],
        ['/offices/TOP/headlines', /headlines[/\\]index\.json .*lastModified "yesterday" is not a date/],
        ['/offices/TOP/config', /config[/\\]index\.json .*\{date:now\+99999999999d@Z\}/],
        ['/radar/servers', /servers[/\\]index\.json .*\{date:now-99999999999d@Z\}/],
      ] as const) {
        const reply = await world.get(path);
        assert.equal(reply.status, 503, `${path} (strict: ${strict}): ${reply.text.slice(0, 300)}`);
        assert.match(reply.body.detail, why, path);
      }
    }
  });

  it("status=expired narrows the replayed page by the replay's clock, as upstream narrows its page", async () => {
    const dir = tempDir();
    const w = await upstreamWorld({ record: createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT }) });
    // The fixture's one alert expired in December 2019: expired at the recording's time.
    const live = await w.get('/alerts?status=expired');
    await w.fake.close();
    assert.equal(live.status, 200);
    assert.equal(live.body.features.length, 1);
    const now = await replayWorld(dir, true);
    assert.equal((await now.world.get('/alerts?status=expired')).text, live.text);
    // Replayed on a clock before it expired, it is no longer an expired alert.
    const before = await replayWorld(dir, true, new Date('2019-12-20T12:00:00Z'));
    const early = await before.world.get('/alerts?status=expired');
    assert.equal(early.status, 200);
    assert.equal(early.body.features.length, 0);
  });
});

describe('recording under hostile paths', () => {
  it('writes a path segment longer than a file name may be under its hash, and lists it by its path', () => {
    const dir = tempDir();
    const recordDocument = createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT });
    const path = `/stations/K${'A'.repeat(400)}/observations/latest`;
    recordDocument.document(path, { type: 'Feature' }, new Date(RECORDED_AT));
    const file = entryFile(dir, path);
    assert.ok(file.startsWith(dir));
    assert.ok(
      file.split('/').every((name) => name.length <= 255),
      'every name fits the file system',
    );
    assert.deepEqual(listEntries(dir), [path]);
  });

  it('bounds the bundle by files and bytes, counting what an earlier run left, with a clear error', () => {
    const dir = tempDir();
    const at = new Date(RECORDED_AT);
    const first = createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT, maxFiles: 3 });
    for (const n of [1, 2, 3]) first.document(`/zones/forecast/Z${n}`, { n }, at);
    assert.throws(
      () => first.document('/zones/forecast/Z4', { n: 4 }, at),
      (error: Error) => {
        assert.ok(error instanceof BundleFull);
        assert.match(error.message, /is full: it holds 3 files, FORECAST_RECORD_MAX_FILES=3/);
        return true;
      },
    );
    first.document('/zones/forecast/Z1', { n: 1, again: true }, at); // a path already there is rewritten, not added
    const resumed = createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT, maxFiles: 3 });
    assert.throws(() => resumed.document('/zones/forecast/Z5', {}, at), BundleFull);
    assert.equal(listEntries(dir).length, 3);

    const small = tempDir();
    const bounded = createBundleRecorder({ dir: small, relative: false, now: () => RECORDED_AT, maxBytes: 1000 });
    bounded.document('/a', { text: 'x'.repeat(300) }, at);
    assert.throws(() => bounded.document('/b', { text: 'x'.repeat(800) }, at), /FORECAST_RECORD_MAX_MB/);
    bounded.document('/c', { text: 'x'.repeat(100) }, at);
    assert.deepEqual(listEntries(small), ['/a', '/c']);
  });

  it('leaves no temp file behind when a write fails, so nothing outside the budget piles up', () => {
    const dir = tempDir();
    const recorder = createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT });
    // A folder where the file goes stands for a write the disk refuses (ENOSPC, a quota): the rename fails.
    mkdirSync(entryFile(dir, '/glossary'), { recursive: true });
    assert.throws(() => recorder.document('/glossary', { text: 'x'.repeat(1000) }, new Date(RECORDED_AT)));
    assert.deepEqual(readdirSync(join(dir, 'glossary')), ['index.json']);
  });

  it('records a document another node fetched into the shared cache, as the client got it', async () => {
    const dir = tempDir();
    const shared = memorySharedCache();
    const other = await upstreamWorld({ shared: shared.asNode() });
    const recording = await upstreamWorld({
      shared: shared.asNode(),
      record: createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT }),
    });
    try {
      const path = '/gridpoints/TOP/32,81/forecast';
      assert.equal((await other.get(path)).status, 200);
      const served = await recording.get(path);
      assert.equal(served.status, 200);
      assert.equal(recording.fake.count(path), 0, "the recording node took the other node's copy");
      assert.deepEqual(listEntries(dir), [path], 'what the client got is in the bundle');
    } finally {
      await other.fake.close();
      await recording.fake.close();
    }
  });

  it('serves upstream answers past a full bundle and warns each time', async () => {
    const dir = tempDir();
    const w = await upstreamWorld({
      record: createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT, maxFiles: 1 }),
    });
    try {
      assert.equal((await w.get('/gridpoints/TOP/32,81/forecast')).status, 200);
      assert.equal((await w.get('/gridpoints/TOP/32,81/forecast/hourly')).status, 200);
      assert.deepEqual(listEntries(dir), ['/gridpoints/TOP/32,81/forecast']);
      const warning = w.log.find((line) => line['message'] === 'forecast document not recorded');
      assert.match(String(warning?.['reason']), /FORECAST_RECORD_MAX_FILES=1/);
    } finally {
      await w.fake.close();
    }
  });

  it('records only same-origin answers: a redirect to another host is not followed', async () => {
    const dir = tempDir();
    const elsewhere = await startFakeUpstream();
    const w = await upstreamWorld({ record: createBundleRecorder({ dir, relative: false, now: () => RECORDED_AT }) });
    try {
      const offsite = '/gridpoints/TOP/32,81/forecast';
      w.fake.fail(offsite, { status: 302, headers: { location: `${elsewhere.origin}${offsite}` } });
      const refused = await w.get(offsite);
      assert.equal(refused.status, 502, refused.text.slice(0, 300));
      assert.match(refused.body.detail, /redirected to another origin .*not followed/);
      assert.equal(elsewhere.calls.length, 0, 'the other host is never asked');

      // A redirect within upstream's own origin is still followed, and recorded under the path asked for.
      const moved = '/gridpoints/TOP/32,81/forecast/hourly';
      w.fake.fail(moved, { status: 301, headers: { location: `${w.fake.origin}/gridpoints/TOP/32,81/forecast` } });
      assert.equal((await w.get(moved)).status, 200);
      assert.deepEqual(listEntries(dir), [moved]);
    } finally {
      await w.fake.close();
      await elsewhere.close();
    }
  });

  it('keeps an upstream 200 a 200 when the recording cannot be written, and says so in the log', async () => {
    const w = await upstreamWorld({
      record: {
        document: () => {
          throw new Error('ENOSPC: no space left on device');
        },
        asset: () => {
          throw new Error('ENOSPC: no space left on device');
        },
      },
    });
    try {
      const r = await w.get('/gridpoints/TOP/32,81/forecast');
      assert.equal(r.status, 200, r.text.slice(0, 300));
      assert.ok(w.log.some((line) => line['message'] === 'forecast document not recorded'));
    } finally {
      await w.fake.close();
    }
  });
});
