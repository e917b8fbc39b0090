// Marine alerts: Small Craft Advisories, Gale, Storm and Hurricane Force Wind Warnings and the freezing spray
// products for the coastal marine zones, coded as real ones are (UGC GMZ042, SAME 077042, MWW, /zones/forecast/GMZ042) and found by
// every query that names their waters: zone, point over water, marine area, marine region, region type.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { alertResources } from '../../../../adapters/forecast/embedded/alerts/alert-resources.ts';
import { marineSameCode } from '../../../../adapters/forecast/embedded/alerts/marine-alert-zones.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { alertQuery, BASE, catalogue, ctx, depsAt, WINTER } from './alerts-zones-support.ts';

type Feature = { id: string; properties: Record<string, any> };
const features = (doc: ForecastDocument) => doc.body['features'] as Feature[];
const MARINE =
  /^(Small Craft Advisory|(Gale|Storm|Hurricane Force Wind) (Warning|Watch)|Heavy Freezing Spray Warning|Freezing Spray Advisory)$/;
const VTEC = /^\/O\.(NEW|CON|EXT)\.K[A-Z]{3}\.(SC\.Y|GL\.[WA]|SR\.[WA]|HF\.[WA])\.\d{4}\.\d{6}T\d{4}Z-\d{6}T\d{4}Z\/$/;

describe(`marine alerts (${WINTER})`, () => {
  const provider = alertResources(depsAt(WINTER));
  let gulf: Feature[] = [];

  before(async () => {
    gulf = features(await provider.alerts(alertQuery({ activeOnly: true, area: ['GM'] }), ctx));
  });

  it('issues marine products for the Gulf waters, coded as the NWS codes them', () => {
    assert.ok(gulf.length > 0, 'a winter day brings marine alerts to the Gulf');
    for (const f of gulf) {
      const p = f.properties;
      assert.match(p['event'], MARINE);
      assert.ok(p['geocode'].UGC.length > 0);
      for (const ugc of p['geocode'].UGC) {
        assert.match(ugc, /^GMZ\d{3}$/);
        assert.ok(catalogue.marineZones.has(ugc), `${ugc} is a served marine zone`);
        assert.ok(p['affectedZones'].includes(`${BASE}/zones/forecast/${ugc}`), `${ugc} in affectedZones`);
        assert.ok(p['geocode'].SAME.includes(`077${ugc.slice(3)}`), `${ugc}'s SAME code`);
      }
      const office = catalogue.marineZones.get(p['geocode'].UGC[0])!.cwa;
      assert.deepEqual(p['parameters'].AWIPSidentifier, [`MWW${office}`]);
      assert.match(p['parameters'].WMOidentifier[0], new RegExp(`^WHUS7\\d K${office} \\d{6}$`));
      assert.match(p['parameters'].VTEC[0], VTEC);
      // A watch's winds are "possible" ("South winds 25 to 35 kt possible."), a warning's or advisory's not.
      const possible = p['event'].endsWith(' Watch') ? ' possible' : '';
      assert.match(
        p['description'],
        new RegExp(`^\\* WHAT\\.\\.\\.[A-Z][a-z ]+ winds \\d+ to \\d+ kt with gusts up to \\d+ kt${possible}\\.`),
      );
      assert.ok(['Avoid', 'Prepare'].includes(p['response']), p['response']);
    }
  });

  it('answers a marine zone, a point over its waters and the zone path with the same alerts', async () => {
    const ugc = gulf[0]!.properties['geocode'].UGC[0] as string;
    const byZone = features(await provider.alerts(alertQuery({ activeOnly: true, zone: [ugc] }), ctx));
    assert.ok(byZone.some((f) => f.id === gulf[0]!.id));
    assert.ok(byZone.every((f) => f.properties['geocode'].UGC.includes(ugc)));
    // A point in the zone's waters: its centroid when the outline holds it, else a probe around it.
    const zone = catalogue.marineZones.get(ugc)!;
    const point = [0, 0.05, -0.05, 0.1, -0.1]
      .flatMap((dLat) =>
        [0, 0.05, -0.05, 0.1, -0.1].map((dLon) => ({ lat: zone.centroid.lat + dLat, lon: zone.centroid.lon + dLon })),
      )
      .find((p) => catalogue.marineZoneAt(p.lat, p.lon)?.id === ugc && !catalogue.forecastZoneAt(p.lat, p.lon));
    assert.ok(point, `a point over ${ugc}'s waters`);
    const byPoint = features(await provider.alerts(alertQuery({ activeOnly: true, point }), ctx));
    assert.deepEqual(
      byPoint.map((f) => f.id),
      byZone.map((f) => f.id),
    );
  });

  it('answers a marine region and region_type=marine with the marine alerts, region_type=land without them', async () => {
    const ids = (doc: ForecastDocument) => features(doc).map((f) => f.id);
    const byRegion = await provider.alerts(alertQuery({ activeOnly: true, region: ['GM'] }), ctx);
    assert.deepEqual(
      ids(byRegion),
      gulf.map((f) => f.id),
    );
    const marine = features(await provider.alerts(alertQuery({ activeOnly: true, regionType: 'marine' }), ctx));
    assert.ok(gulf.every((f) => marine.some((m) => m.id === f.id)));
    assert.ok(marine.every((f) => MARINE.test(f.properties['event'])));
    const land = features(await provider.alerts(alertQuery({ activeOnly: true, regionType: 'land' }), ctx));
    assert.ok(land.length > 0);
    assert.ok(land.every((f) => !MARINE.test(f.properties['event'])));
    // The Great Lakes region holds the lakes' and the St. Lawrence's waters only.
    const lakes = features(await provider.alerts(alertQuery({ activeOnly: true, region: ['GL'] }), ctx));
    for (const f of lakes) for (const ugc of f.properties['geocode'].UGC) assert.match(ugc, /^(L[CEHMOS]|SL)Z/);
  });

  it('counts marine alerts apart from land ones, by marine region', async () => {
    const count = (await provider.routes
      .find((r) => r.rule.pattern === '/alerts/active/count')!
      .answer(undefined as never, ctx)) as ForecastDocument;
    const body = count.body as { total: number; land: number; marine: number; regions: Record<string, number> };
    assert.ok(body.marine > 0);
    assert.equal(body.land + body.marine, body.total);
    assert.equal(body.regions['GM'], gulf.length);
    assert.ok(Object.values(body.regions).reduce((a, b) => a + b, 0) >= body.marine);
  });
});

describe('marine SAME codes', () => {
  it('are 0, the marine area number and the zone number', () => {
    assert.equal(marineSameCode('ANZ355'), '073355');
    assert.equal(marineSameCode('GMZ042'), '077042');
    assert.equal(marineSameCode('LMZ741'), '092741');
    assert.equal(marineSameCode('PKZ012'), '058012');
  });
});
