import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { alertResources } from '../../../../adapters/forecast/embedded/alerts/alert-resources.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound, InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { STATE_TERRITORY_CODES } from '../../../../domain/forecast/area-codes.ts';
import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import { alertQuery, BASE, catalogue, ctx, cursorOf, depsAt, SUMMER, urlsIn, WINTER } from './alerts-zones-support.ts';

type Feature = { id: string; type: string; geometry: unknown; properties: Record<string, any> };

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/nws/alert.json', import.meta.url), 'utf8'));
const ALERT_KEYS = Object.keys(fixture.properties as object);
const ID = /^urn:oid:2\.49\.0\.1\.840\.0\.[0-9a-f]{40}\.001\.1$/;

function features(doc: ForecastDocument): Feature[] {
  return doc.body['features'] as Feature[];
}

function next(doc: ForecastDocument): string | undefined {
  return (doc.body['pagination'] as { next?: string } | undefined)?.next;
}

for (const [season, at] of [
  ['summer', SUMMER],
  ['winter', WINTER],
] as const) {
  describe(`alerts (${season}, ${at})`, () => {
    const nowMs = Date.parse(at);
    const provider = alertResources(depsAt(at));
    let all: Feature[] = [];
    let active: Feature[] = [];

    /** Every page of a query, following pagination.next. */
    async function everything(query: Partial<AlertQuery>): Promise<Feature[]> {
      const out: Feature[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 1000; guard++) {
        const doc = await provider.alerts(alertQuery({ ...query, cursor }), ctx);
        out.push(...features(doc));
        const url = next(doc);
        if (!url) return out;
        cursor = cursorOf(url);
      }
      throw new Error('pagination does not end');
    }

    before(async () => {
      // The first request waits for the cycle's generation (in a worker); the event loop stays free.
      let gap = 0;
      let last = performance.now();
      const probe = setInterval(() => {
        const t = performance.now();
        gap = Math.max(gap, t - last);
        last = t;
      }, 5);
      const started = performance.now();
      const first = await provider.alerts(alertQuery({ activeOnly: true }), ctx);
      const firstMs = performance.now() - started;
      clearInterval(probe);
      const warmStart = performance.now();
      await provider.alerts(alertQuery(), ctx);
      const warmMs = performance.now() - warmStart;
      console.log(
        `# ${season}: first /alerts/active ${firstMs.toFixed(0)} ms (longest event-loop stall ${gap.toFixed(0)} ms), warm /alerts ${warmMs.toFixed(1)} ms`,
      );
      // Generous bounds: the CI box is shared. In-process generation would stall the loop for the whole cycle
      // (4-6 s here); the worker's hand-over stalls it 0.2-0.7 s alone and 1.1-1.3 s at load 5 on 2 cores.
      assert.ok(gap < 2000, `event loop stalled ${gap.toFixed(0)} ms during generation`);
      assert.ok(warmMs < 1000, `warm /alerts took ${warmMs.toFixed(0)} ms`);
      active = features(first);
      all = await everything({});
    });

    test('there are plausible alerts, newest first', () => {
      assert.ok(all.length >= 50, `${all.length} alerts`);
      assert.ok(active.length >= 10, `${active.length} active`);
      const sent = all.map((f) => Date.parse(f.properties['sent']));
      assert.deepEqual(
        sent,
        [...sent].sort((a, b) => b - a),
      );
      const events = new Set(all.map((f) => f.properties['event']));
      if (season === 'summer') {
        assert.ok(
          [...events].some((e) => /Heat/.test(e)),
          [...events].join(),
        );
        // A July afternoon's storms: the county-coding checks below (issue 38 item 5) have a warning to check.
        assert.ok(
          [...events].some((e) => /^(Tornado|Severe Thunderstorm|Flash Flood) Warning$/.test(e)),
          [...events].join(),
        );
      } else
        assert.ok(
          [...events].some((e) => /Freeze|Winter|Cold|Frost/.test(e)),
          [...events].join(),
        );
    });

    test("each alert has alert.json's properties, ids as on api.weather.gov and links under the base", () => {
      for (const f of all) {
        const p = f.properties;
        for (const key of ALERT_KEYS) assert.ok(key in p, `${p['id']} lacks ${key}`);
        assert.match(p['id'], ID);
        assert.equal(f.id, `${BASE}/alerts/${p['id']}`);
        assert.equal(p['@id'], f.id);
        assert.equal(p['@type'], 'wx:Alert');
        assert.equal(f.type, 'Feature');
        assert.equal(p['sender'], 'w-nws.webmaster@noaa.gov');
        assert.match(p['senderName'], /^NWS ([A-Z][a-z].* [A-Z]{2}|Northern Indiana)$/);
        assert.equal(p['status'], 'Actual');
        assert.equal(p['affectedZones'].length, p['geocode']['UGC'].length);
        if (/^(Tornado|Severe Thunderstorm|Flash Flood) Warning$/.test(p['event'])) {
          // Issue 38 item 5: one county, with the storm's polygon.
          assert.equal(p['geocode']['UGC'].length, 1);
          assert.match(p['geocode']['UGC'][0], /^[A-Z]{2}C\d{3}$/);
          assert.equal((f.geometry as { type: string }).type, 'Polygon');
        }
        if (p['event'] === 'Special Marine Warning') {
          // One marine zone, with the storm's polygon (fitted inside the zone's outline).
          assert.equal(p['geocode']['UGC'].length, 1);
          assert.ok(catalogue.marineZones.has(p['geocode']['UGC'][0]), p['geocode']['UGC'][0]);
          assert.equal((f.geometry as { type: string }).type, 'Polygon');
        }
        p['geocode']['UGC'].forEach((ugc: string, i: number) => {
          // Short-fuse warnings are county-coded (issue 38 item 5), the other products zone-coded.
          if (/^[A-Z]{2}C\d{3}$/.test(ugc)) {
            assert.match(p['event'], /^(Tornado|Severe Thunderstorm|Flash Flood) Warning$/);
            assert.equal(p['affectedZones'][i], `${BASE}/zones/county/${ugc}`);
            const fips = catalogue.countyZones.get(ugc)?.fips;
            assert.ok(catalogue.countyZones.has(ugc), ugc);
            if (fips) assert.deepEqual(p['geocode']['SAME'], [`0${fips}`]);
            return;
          }
          assert.equal(p['affectedZones'][i], `${BASE}/zones/forecast/${ugc}`);
          // A marine product names coastal marine zones, coded by their marine SAME (alerts-marine.test.ts).
          if (catalogue.marineZones.has(ugc)) {
            assert.match(
              p['event'],
              /^(Small Craft Advisory|(Gale|Storm|Hurricane Force Wind) (Warning|Watch)|Heavy Freezing Spray Warning|Freezing Spray Advisory|Special Marine Warning)$/,
            );
            return;
          }
          const zone = catalogue.forecastZones.get(ugc);
          assert.ok(zone, ugc);
          for (const county of zone.counties) {
            const fips = catalogue.countyZones.get(county)?.fips;
            if (fips) assert.ok(p['geocode']['SAME'].includes(`0${fips}`), `${ugc}: SAME lacks 0${fips}`);
          }
        });
        for (const key of [
          'AWIPSidentifier',
          'WMOidentifier',
          'NWSheadline',
          'BLOCKCHANNEL',
          'VTEC',
          'eventEndingTime',
        ]) {
          // A watch's replaced notice (its UPG) has no NWSheadline, as api.weather.gov's have none; nor has a
          // Special Marine Warning (NWS Miami's of 2025-08-21).
          const none = p['parameters']['VTEC'][0].startsWith('/O.UPG.') || p['event'] === 'Special Marine Warning';
          if (key === 'NWSheadline' && none) continue;
          assert.ok(Array.isArray(p['parameters'][key]), `${p['id']} parameters.${key}`);
        }
        assert.ok(Date.parse(p['effective']) <= Date.parse(p['expires']));
        for (const url of urlsIn(f)) assert.ok(url.startsWith(`${BASE}/`), url);
      }
      assert.ok(!JSON.stringify(all).includes('api.weather.gov'));
    });

    test('the collection looks like alerts_active_zone.json', async () => {
      const doc = await provider.alerts(alertQuery({ activeOnly: true, limit: 3 }), ctx);
      assert.equal(doc.body['type'], 'FeatureCollection');
      assert.ok(Array.isArray(doc.body['@context']));
      assert.match(String(doc.body['title']), /^Current watches, warnings, and advisories for /);
      assert.match(String(doc.body['updated']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      assert.ok(doc.lastModified.getTime() <= nowMs);
      assert.ok(doc.maxAgeSeconds > 0 && doc.maxAgeSeconds <= 300);
      assert.ok(!JSON.stringify(doc.body).includes('api.weather.gov'));
    });

    test('every alert id resolves through alert(), and every reference but those aged out of the list', async () => {
      // A reference names every issuance its alert updates; one sent before the lookback is gone, as
      // api.weather.gov's alerts age out while later issuances still reference them.
      const oldest = Math.min(...all.map((f) => Date.parse(f.properties['sent'])));
      const ids = new Set(all.map((f) => f.properties['id']));
      for (const f of all) {
        const doc = await provider.alert(f.properties['id'], ctx);
        assert.equal(doc.body['id'], f.id);
        assert.ok(doc.body['@context']);
        assert.deepEqual(
          (doc.body['properties'] as Record<string, unknown>)['affectedZones'],
          f.properties['affectedZones'],
        );
        for (const r of f.properties['references']) {
          assert.equal(r['@id'], `${BASE}/alerts/${r.identifier}`);
          if (ids.has(r.identifier)) await provider.alert(r.identifier, ctx);
          else {
            assert.ok(Date.parse(r.sent) < oldest, `${r.identifier} sent ${r.sent} within the list, yet absent`);
            await assert.rejects(provider.alert(r.identifier, ctx), ForecastNotFound);
          }
        }
      }
    });

    test('every Update and Cancel names what it updates or cancels', () => {
      const bare = all.filter((f) => f.properties['messageType'] !== 'Alert' && !f.properties['references'].length);
      assert.deepEqual(
        bare.map((f) => `${f.properties['event']} ${f.properties['parameters']['VTEC']?.[0]}`),
        [],
      );
    });

    test('active alerts are the ones in force now, and a subset of all', () => {
      const ids = new Set(all.map((f) => f.id));
      for (const f of active) {
        assert.ok(ids.has(f.id));
        const p = f.properties;
        assert.ok(
          Date.parse(p['sent']) <= nowMs && Date.parse(p['expires']) > nowMs && Date.parse(p['ends']) > nowMs,
          f.id,
        );
      }
      const expected = all.filter(
        (f) =>
          Date.parse(f.properties['sent']) <= nowMs &&
          Date.parse(f.properties['expires']) > nowMs &&
          Date.parse(f.properties['ends']) > nowMs,
      );
      assert.equal(active.length, expected.length);
      assert.ok(all.length > active.length, 'expired alerts are listed by /alerts');
    });

    test('area keeps the alerts touching a state', async () => {
      const state = all[0]!.properties['geocode']['UGC'][0].slice(0, 2);
      const got = await everything({ area: [state] });
      const expected = all.filter((f) => f.properties['geocode']['UGC'].some((u: string) => u.startsWith(state)));
      assert.deepEqual(
        got.map((f) => f.id),
        expected.map((f) => f.id),
      );
      assert.ok(got.length > 0 && got.length <= all.length);
    });

    test('zone keeps the alerts whose UGC names that very zone, county or forecast zone (issue 38 item 6)', async () => {
      // A land zone's (a marine zone has no counties to check below).
      const ugc: string = all.find((f) => {
        const first: string = f.properties['geocode']['UGC'][0];
        return /^[A-Z]{2}Z/.test(first) && STATE_TERRITORY_CODES.has(first.slice(0, 2));
      })!.properties['geocode']['UGC'][0];
      const byZone = await everything({ zone: [ugc] });
      assert.ok(byZone.length > 0);
      for (const f of byZone) assert.ok(f.properties['geocode']['UGC'].includes(ugc));
      assert.equal(byZone.length, all.filter((f) => f.properties['geocode']['UGC'].includes(ugc)).length);

      // A county is not widened to its forecast zones (HIC003 had returned its zones' alerts), nor a fire
      // zone to the forecast zones it covers (COZ240): only alerts naming the id itself come back.
      for (const id of [...catalogue.forecastZones.get(ugc)!.counties, 'HIC003', 'COZ240']) {
        const got = await everything({ zone: [id] });
        assert.deepEqual(
          got.map((f) => f.id),
          all.filter((f) => f.properties['geocode']['UGC'].includes(id)).map((f) => f.id),
          id,
        );
      }
      // A county-coded warning is found by its county, and not by the forecast zones in that county.
      const warning = all.find((f) => /^[A-Z]{2}C/.test(f.properties['geocode']['UGC'][0]));
      // July's afternoon storms always give one: the check cannot pass for want of a warning.
      if (season === 'summer') assert.ok(warning, 'a county-coded storm warning at the summer clock');
      if (warning) {
        const county: string = warning.properties['geocode']['UGC'][0];
        assert.ok((await everything({ zone: [county] })).some((f) => f.id === warning.id));
        const zones = [...catalogue.forecastZones.values()].filter((z) => z.counties.includes(county));
        for (const z of zones) assert.ok(!(await everything({ zone: [z.id] })).some((f) => f.id === warning.id));
      }
    });

    test('point keeps the alerts of the forecast zone and the county at the point', async () => {
      // A forecast zone's (the newest alerts may be county-coded storm warnings).
      const ugc: string = all
        .map((f) => f.properties['geocode']['UGC'][0] as string)
        .find((id) => catalogue.forecastZones.has(id))!;
      const c = catalogue.forecastZones.get(ugc)!.centroid;
      const here = [catalogue.forecastZoneAt(c.lat, c.lon)!.id, catalogue.countyZoneAt(c.lat, c.lon)?.id];
      const got = await everything({ point: { lat: c.lat, lon: c.lon } });
      assert.deepEqual(
        got.map((f) => f.id),
        all.filter((f) => here.some((id) => f.properties['geocode']['UGC'].includes(id))).map((f) => f.id),
      );
      assert.equal(
        (await provider.alerts(alertQuery({ point: { lat: 0, lon: 0 } }), ctx)).body['features'] instanceof Array,
        true,
      );
    });

    test('event, severity, urgency, certainty, message_type and status narrow the list', async () => {
      const sample = all[0]!.properties;
      const cases: [Partial<AlertQuery>, (p: Record<string, any>) => boolean][] = [
        [{ event: [String(sample['event']).toLowerCase()] }, (p) => p['event'] === sample['event']],
        [{ severity: [String(sample['severity']).toLowerCase()] }, (p) => p['severity'] === sample['severity']],
        [{ urgency: ['future'] }, (p) => p['urgency'] === 'Future'],
        [{ certainty: ['likely', 'possible'] }, (p) => ['Likely', 'Possible'].includes(p['certainty'])],
        [{ messageType: ['update'] }, (p) => p['messageType'] === 'Update'],
        [{ messageType: ['alert'] }, (p) => p['messageType'] === 'Alert'],
        [{ status: ['actual'] }, () => true],
        [{ status: ['test', 'exercise'] }, () => false],
        [
          { start: new Date(nowMs), end: new Date(nowMs + 3_600_000) },
          (p) => Date.parse(p['expires']) > nowMs && Date.parse(p['effective']) <= nowMs + 3_600_000,
        ],
      ];
      for (const [query, keep] of cases) {
        const got = await everything(query);
        assert.deepEqual(
          got.map((f) => f.id),
          all.filter((f) => keep(f.properties)).map((f) => f.id),
          JSON.stringify(query),
        );
      }
      const messageTypes = new Set(all.map((f) => f.properties['messageType']));
      assert.ok(messageTypes.has('Alert') && messageTypes.has('Update'), [...messageTypes].join());
    });

    test('a query that matches nothing is an empty collection', async () => {
      for (const query of [
        { event: ['no such event'] },
        { area: ['GM'], event: ['heat advisory'] },
        { zone: ['AKZ999'] },
        { status: ['draft'] },
      ]) {
        const doc = await provider.alerts(alertQuery(query), ctx);
        assert.equal(doc.body['type'], 'FeatureCollection');
        assert.deepEqual(doc.body['features'], []);
        assert.equal(doc.body['pagination'], undefined);
      }
    });

    test('limit and cursor page through everything once; next carries the filters', async () => {
      const state = all[0]!.properties['geocode']['UGC'][0].slice(0, 2);
      const expected = all.filter((f) => f.properties['geocode']['UGC'].some((u: string) => u.startsWith(state)));
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const doc = await provider.alerts(alertQuery({ area: [state], limit: 3, cursor }), ctx);
        const page = features(doc);
        assert.ok(page.length <= 3);
        seen.push(...page.map((f) => f.id));
        const url = next(doc);
        if (!url) break;
        const params = new URL(url).searchParams;
        assert.ok(url.startsWith(`${BASE}/alerts?`), url);
        assert.equal(params.get('area'), state);
        assert.equal(params.get('limit'), '3');
        cursor = cursorOf(url);
      }
      assert.equal(new Set(seen).size, seen.length);
      assert.deepEqual(
        seen,
        expected.map((f) => f.id),
      );
      const activeDoc = await provider.alerts(
        alertQuery({ activeOnly: true, limit: 1, severity: ['minor', 'moderate', 'severe', 'extreme'] }),
        ctx,
      );
      const activeNext = next(activeDoc);
      if (active.length > 1) {
        assert.ok(activeNext?.startsWith(`${BASE}/alerts/active?`), activeNext);
        assert.equal(new URL(activeNext!).searchParams.get('severity'), 'minor,moderate,severe,extreme');
      }
    });

    test('a bad cursor is an InvalidParameter; an unknown alert is a NotFound naming it', async () => {
      await assert.rejects(provider.alerts(alertQuery({ cursor: 'not-a-cursor' }), ctx), InvalidParameter);
      const id = 'urn:oid:2.49.0.1.840.0.0000000000000000000000000000000000000000.001.1';
      await assert.rejects(
        provider.alert(id, ctx),
        (e: unknown) => e instanceof ForecastNotFound && e.detail.includes(id),
      );
    });

    test("the request's base is used, never a cached one", async () => {
      const other = 'https://example.org/wx';
      const doc = await provider.alerts(alertQuery({ limit: 5 }), { baseUrl: other });
      for (const url of urlsIn(doc.body)) assert.ok(url.startsWith(`${other}/`), url);
      assert.ok(!JSON.stringify(doc.body).includes(BASE));
    });
  });
}
