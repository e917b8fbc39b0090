import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// Issue 38 item 5: the model's Special Marine Warnings are listed where api.weather.gov lists them: under their
// marine zone (/alerts/active/zone/AMZ650), their marine area (area=AM) and region (region=AT), by event, and
// not under a state's land (area=FL). On 2026-07-16 at 20:30Z the grid has thunderstorms gusting past 34 kt off
// Palm Beach (AMZ650, NWS Miami's, out 20 nm) and in the Gulf (GMZ853, NWS Tampa Bay's). (It was 2026-07-15 at
// 22:30Z, AMZ670 and GMZ033, 20 to 60 nm out: since the open water's storms peak before dawn,
// convective-climate.ts's waterNightShare, those waters have few in the late afternoon.)

type Json = Record<string, any>;
const SMW = 'Special Marine Warning';

describe('Special Marine Warnings over HTTP', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-07-16T20:30:00Z') });
  });
  const smws = async (path: string): Promise<Json[]> => {
    const reply = await w.get(path);
    assert.equal(reply.status, 200, path);
    return (reply.body.features as Json[]).filter((f) => f.properties.event === SMW);
  };

  test('listed under the marine zone, its area and region, and by event', async () => {
    const [zone] = await smws('/alerts/active/zone/AMZ650');
    assert.ok(zone, 'an SMW at AMZ650');
    const p = zone.properties;
    assert.deepEqual(p.geocode.UGC, ['AMZ650']);
    assert.match(p.affectedZones[0], /\/zones\/forecast\/AMZ650$/);
    assert.match(p.parameters.VTEC[0], /^\/O\.NEW\.KMFL\.MA\.W\.\d{4}\./);
    assert.equal(zone.geometry.type, 'Polygon');
    const ids = async (path: string) => new Set((await smws(path)).map((f) => f.properties.geocode.UGC[0]));
    for (const path of ['/alerts/active?area=AM', '/alerts/active?region=AT', `/alerts/active?event=${encodeURI(SMW)}`])
      assert.ok((await ids(path)).has('AMZ650'), path);
    assert.ok((await ids('/alerts/active?area=GM')).has('GMZ853'));
    assert.ok(!(await ids('/alerts/active?area=GM')).has('AMZ650'));
    assert.deepEqual(await smws('/alerts/active?area=FL'), []);
    assert.ok((await w.get('/alerts/types')).body.eventTypes.includes(SMW));
  });
});
