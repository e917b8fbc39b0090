import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createBundleRecorder, type BundleRecorder } from '../../../../adapters/forecast/replay/bundle-recorder.ts';
import { forecastWorld } from '../../../support/forecast-http.ts';
import { replayOverEmbedded } from '../../../support/replay-provider.ts';
import { appGetter, getPathTemplates, pathFillers, type Get } from '../../../support/openapi-coverage.ts';
import { upstreamOverEmbedded } from '../../../support/upstream-world.ts';

// Issue 39: every one of the 58 paths of the OpenAPI, recorded through the upstream provider (against a
// stub api.weather.gov answering what an embedded world computes), replays from the bundle byte for byte,
// images and XML included, and strict mode refuses every path the bundle lacks.
//
// The replay's fallback model runs two days later than the world the stub answered from, so an answer
// taken from the model instead of the bundle shows as different bytes (the bug: 34 of the 58 did).

const NOW = new Date('2026-07-15T18:20:00Z');
const LATER = new Date(NOW.getTime() + 2 * 86_400_000);

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-every-path-'));
  dirs.push(dir);
  return dir;
};

interface Recorded {
  readonly path: string;
  readonly accept?: string;
  readonly status: number;
  readonly location: string | null;
  readonly contentType: string | null;
  readonly bytes: Buffer;
}

/** The answer to `path`, and to the Location of a 301 (the route /points/{p}/stations redirects). */
async function ask(get: Get, path: string, accept?: string): Promise<Recorded[]> {
  const reply = await get(path, accept ? { accept } : {});
  const one: Recorded = {
    path,
    accept,
    status: reply.status,
    location: reply.headers.get('location'),
    contentType: reply.headers.get('content-type'),
    bytes: Buffer.from(reply.bytes),
  };
  if (reply.status !== 301 || !one.location) return [one];
  const next = new URL(one.location);
  return [one, ...(await ask(get, next.pathname + next.search, accept))];
}

const both = (a: BundleRecorder, b: BundleRecorder): BundleRecorder => ({
  document: (...args) => (a.document(...args), b.document(...args)),
  asset: (...args) => (a.asset(...args), b.asset(...args)),
});

async function replayWorld(dir: string, strict: boolean, at = LATER) {
  const provider = replayOverEmbedded(dir, strict, at);
  return appGetter((await forecastWorld({ provider, now: NOW })).app);
}

describe('record and replay: every path of the OpenAPI', () => {
  const dir = tempDir();
  /** The same recording with FORECAST_RECORD_RELATIVE=1. */
  const relativeDir = tempDir();
  const recorded: Recorded[] = [];
  const byTemplate = new Map<string, Recorded[]>();

  before(async () => {
    const w = await upstreamOverEmbedded(NOW, {
      record: both(
        createBundleRecorder({ dir, relative: false, now: () => NOW.getTime() }),
        createBundleRecorder({ dir: relativeDir, relative: true, now: () => NOW.getTime() }),
      ),
    });
    const get = appGetter(w.app);
    const fillers = pathFillers(get);
    for (const template of getPathTemplates()) {
      const answers = await ask(get, await fillers[template]!());
      byTemplate.set(template, answers);
      recorded.push(...answers);
    }
    // The other rendering of a path: an alert as CAP XML.
    const alertPath = byTemplate.get('/alerts/{id}')![0]!.path;
    const cap = await ask(get, alertPath, 'application/cap+xml');
    byTemplate.set('/alerts/{id} as CAP', cap);
    recorded.push(...cap);
    await w.fake.close();
  });

  test('the upstream provider answered all 58 paths, and recorded every answer of every media type', () => {
    assert.equal(byTemplate.size, 59);
    for (const r of recorded) assert.ok(r.status === 200 || r.status === 301, `${r.path}: ${r.status}`);
    const types = new Set(recorded.filter((r) => r.status === 200).map((r) => r.contentType!.split(';')[0]));
    for (const type of [
      'image/png',
      'image/jpeg',
      'application/cap+xml',
      'application/ld+json',
      'application/geo+json',
    ])
      assert.ok(types.has(type), `a ${type} answer among ${[...types].join(', ')}`);
    assert.ok(
      [...types].some((t) => /iwxxm|xml/.test(t!) && t !== 'application/cap+xml'),
      'the TAF as XML',
    );
    const files = readdirSync(dir, { recursive: true }).map(String);
    assert.ok(
      files.some((f) => f.startsWith('icons') && f.endsWith('asset@size%3Dmedium.json')),
      'an icon file',
    );
    assert.ok(files.some((f) => f.startsWith(join('thumbnails', 'satellite', 'g')) && f.endsWith('asset.json')));
  });

  for (const strict of [true, false]) {
    test(`replayed ${strict ? 'strictly' : 'with the model as fallback'}, with the stub gone: the same bytes for every path`, async () => {
      const get = await replayWorld(dir, strict);
      for (const [template, answers] of byTemplate) {
        const again = await ask(get, answers[0]!.path, answers[0]!.accept);
        assert.equal(again.length, answers.length, template);
        answers.forEach((want, i) => {
          const got = again[i]!;
          const label = `${template}: ${want.path}`;
          assert.equal(got.status, want.status, `${label}: ${got.bytes.toString('utf8').slice(0, 200)}`);
          assert.equal(got.location, want.location, label);
          assert.equal(got.contentType, want.contentType, label);
          assert.ok(got.bytes.equals(want.bytes), `${label}: the recorded bytes`);
        });
      }
    });
  }

  test('recorded with relative dates, replayed at the recording instant: the same bytes for every path', async () => {
    const get = await replayWorld(relativeDir, true, NOW);
    for (const [template, answers] of byTemplate) {
      const again = await ask(get, answers[0]!.path, answers[0]!.accept);
      answers.forEach((want, i) => {
        assert.equal(again[i]!.status, want.status, `${template}: ${want.path}`);
        assert.ok(again[i]!.bytes.equals(want.bytes), `${template}: ${want.path}: the recorded bytes`);
      });
    }
    // A day later, the XML's dates are a day later too.
    const later = await replayWorld(relativeDir, true, new Date(NOW.getTime() + 86_400_000));
    const cap = byTemplate.get('/alerts/{id} as CAP')![0]!;
    const sent = (xml: string): number => Date.parse(/<sent>([^<]+)<\/sent>/.exec(xml)![1]!);
    const moved = await later(cap.path, { accept: cap.accept! });
    assert.equal(sent(moved.text) - sent(cap.bytes.toString('utf8')), 86_400_000);
  });

  test('strict: a path missing from the bundle is a 404, for every family and media type', async () => {
    const get = await replayWorld(tempDir(), true);
    for (const [template, answers] of byTemplate) {
      const reply = await get(answers[0]!.path, answers[0]!.accept ? { accept: answers[0]!.accept } : {});
      assert.equal(reply.status, 404, `${template}: ${reply.text.slice(0, 200)}`);
      assert.match(reply.text, /not in the replay bundle/, template);
    }
  });
});
