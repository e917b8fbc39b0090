import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { radarResources } from '../../../../adapters/forecast/embedded/radar/radar-resources.ts';
import { askByPath, assertLinksUnderBase, BASE, ctx, deps, NOW } from './support.ts';

// The radar network's servers, queue hosts and profilers against recorded api.weather.gov answers
// (test/fixtures/nws/SOURCES.md): the names are the NWS's, not invented ones. The paths are spelled as a
// client of api.weather.gov writes them (reportingHost, stationType, limit), not built with the family's own
// route declarations, so a parameter renamed on both sides of a route still fails here.

type Json = Record<string, any>;
const ask = askByPath(radarResources(deps()));
/** The body of the document at `path` (path and query, as a client writes them). */
const bodyAt = async (path: string): Promise<Json> => (await ask(path, ctx)).body as Json;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/nws/${name}`, import.meta.url), 'utf8'));

describe('/radar/servers', () => {
  it('lists the recorded servers, in order, with their types, reporting hosts and flags', async () => {
    const body = await bodyAt('/radar/servers');
    assertLinksUnderBase(body);
    const keys = ['id', 'type', 'reportingHost', 'active', 'primary', 'aggregate', 'locked', 'radarNetworkUp'];
    const pick = (s: Json) => Object.fromEntries(keys.filter((k) => k in s).map((k) => [k, s[k]]));
    assert.deepEqual(body['@graph'].map(pick), fixture('radar_servers_ids.json')['@graph']);
    assert.equal(body['@graph'][0]['@id'], `${BASE}/radar/servers/rds`);
  });

  it('filters by reporting host and finds one server by id; unknown ones are 404', async () => {
    const rdss = await bodyAt('/radar/servers?reportingHost=rdss');
    assert.deepEqual(
      rdss['@graph'].map((s: Json) => s.id),
      ['rds'],
    );
    assert.equal((await bodyAt('/radar/servers/ldm3')).aggregate, true);
    await assert.rejects(ask('/radar/servers/embedded', ctx), ForecastNotFound);
    await assert.rejects(ask('/radar/servers?reportingHost=nowhere', ctx), ForecastNotFound);
  });
});

describe('/radar/queues/{host}', () => {
  const recorded = fixture('radar_queue_rds.json');

  it('has the recorded record shape: same keys, same value kinds, the real queue hosts', async () => {
    for (const host of ['rds', 'tds']) {
      const body = await bodyAt(`/radar/queues/${host}?limit=50`);
      assert.equal(body['@id'], `${BASE}/radar/queues/${host}`);
      assert.equal(body['@graph'].length, 50);
      for (const record of body['@graph']) {
        assert.deepEqual(Object.keys(record).sort(), Object.keys(recorded['@graph'][0]).sort());
        assert.equal(record['@type'], 'wx:RadarQueue');
        assert.equal(record.host, host);
        assert.equal(record.feed, 'NEXRAD2');
        assert.match(record.sequenceNumber, /^\d{3}-\d{3}$/);
        assert.match(record.creationTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
        assert.ok(['start', 'intermediate', 'end'].includes(record.type), record.type);
        assert.ok(Number.isInteger(record.size) && record.size > 0);
        assert.ok(Date.parse(record.arrivalTime) <= NOW.getTime());
      }
    }
  });

  it('numbers the resolution versions as the recording does: 6 for a WSR-88D, 8 for a TDWR', async () => {
    for (const r of recorded['@graph']) assert.equal(r.resolutionVersion, r.stationId.startsWith('T') ? 8 : 6);
    const graph = (await bodyAt('/radar/queues/rds?limit=500'))['@graph'];
    const versionOf = (id: string) => graph.find((r: Json) => r.stationId === id)?.resolutionVersion;
    assert.equal(versionOf('KTWX'), 6);
    assert.equal(versionOf('TMSP'), 8);
  });

  it("follows each radar's scans: chunks 5 s apart, newest first, one volume of 60 chunks per 5 minutes", async () => {
    const graph = (await bodyAt('/radar/queues/rds?limit=500'))['@graph'];
    const times = graph.map((r: Json) => Date.parse(r.arrivalTime));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    // 500 records span about 12 s of the network's ~200 radars: each radar shows two or three chunks.
    const byRadar = new Map<string, Json[]>();
    for (const r of graph as Json[]) byRadar.set(r.stationId, [...(byRadar.get(r.stationId) ?? []), r]);
    let pairs = 0;
    for (const chunks of byRadar.values() as Iterable<any[]>)
      for (let i = 1; i < chunks.length; i++, pairs++) {
        const [newer, older] = [chunks[i - 1]!, chunks[i]!];
        assert.equal(Date.parse(newer.arrivalTime) - Date.parse(older.arrivalTime), 5000);
        const [v0, c0] = newer.sequenceNumber.split('-').map(Number);
        const [v1, c1] = older.sequenceNumber.split('-').map(Number);
        if (c0 === 1) assert.deepEqual([v1 === v0 - 1 || (v0 === 1 && v1 === 999), c1], [true, 60]);
        else assert.deepEqual([v1, c1], [v0, c0 - 1]);
        assert.equal(older.type, c1 === 1 ? 'start' : c1 === 60 ? 'end' : 'intermediate');
      }
    assert.ok(byRadar.size > 150 && pairs > 150, `${byRadar.size} radars, ${pairs} pairs`);
  });

  it('answers 404 for a host that keeps no queue, naming the two that do', async () => {
    for (const host of ['embedded', 'ldm1', 'nowhere'])
      await assert.rejects(
        ask(`/radar/queues/${host}?limit=5`, ctx),
        (e: Error) => e instanceof ForecastNotFound && /rds, tds/.test(e.message),
      );
  });
});

describe('profilers', () => {
  it('are the NWS four, listed as stationType Profiler where their place is known', async () => {
    const body = await bodyAt('/radar/stations?stationType=Profiler');
    assert.deepEqual(
      body.features.map((f: Json) => [f.properties.id, f.properties.name, f.properties.stationType]),
      [
        ['HWPA2', 'Homer, AK', 'Profiler'],
        ['ROCO2', 'Norman, OK', 'Profiler'],
        ['TLKA2', 'Talkeetna, AK', 'Profiler'],
      ],
    );
    const [lon, lat] = body.features.find((f: Json) => f.properties.id === 'TLKA2').geometry.coordinates;
    assert.ok(Math.abs(lat - 62.32) < 0.05 && Math.abs(lon + 150.09) < 0.05, `${lat},${lon}`);
    const all = await bodyAt('/radar/stations');
    assert.ok(all.features.some((f: Json) => f.properties.id === 'ROCO2'));
    const wsr = await bodyAt('/radar/stations?stationType=WSR-88D');
    assert.ok(!wsr.features.some((f: Json) => f.properties.stationType === 'Profiler'));
  });

  it('answer /radar/profilers for a real id and 404 for a radar, an unknown id, and AWPA2 (no known place)', async () => {
    const body = await bodyAt('/radar/profilers/TLKA2');
    assert.equal(body.stationId, 'TLKA2');
    assert.equal(body['@id'], `${BASE}/radar/profilers/TLKA2`);
    assert.equal(body.levels.length, 5);
    assert.equal((await bodyAt('/radar/stations/HWPA2')).properties.stationType, 'Profiler');
    for (const id of ['KTWX', 'ABCD2', 'AWPA2'])
      await assert.rejects(ask(`/radar/profilers/${id}`, ctx), ForecastNotFound);
  });
});
