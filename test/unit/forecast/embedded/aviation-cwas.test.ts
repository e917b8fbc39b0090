// Issue 38 item 10: Center Weather Advisories come from the model's own convection, icing and turbulence at
// the rate aviation-resources.ts says: at :10 of every other hour, valid two hours, a centre issues one CWA
// for each of those hazards the model has in its area (storms anywhere in it, icing or turbulence over three
// 1° points of it), so the CWAs in force are exactly the hazards the latest issuance found there. Over a year of sampled hours: thunderstorms a summer-afternoon product, icing a
// cold-season one, some CWA somewhere most hours, yet no centre under one most of the time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AVIATION_CENTERS } from '../../../../adapters/forecast/embedded/aviation/aviation-centers.ts';
import { aviationResources } from '../../../../adapters/forecast/embedded/aviation/aviation-resources.ts';
import { centerAt } from '../../../../adapters/forecast/embedded/aviation/aviation-centers.ts';
import { airHazardsAt, stormsAt } from '../../../../adapters/forecast/embedded/aviation/storm-scan.ts';
import { routeByPath } from '../../../../adapters/forecast/embedded/router.ts';
import { deps } from './support.ts';

type Json = Record<string, any>;
const HOUR = 3_600_000;
const CONUS = AVIATION_CENTERS.filter((c) => c.fir !== 'PAZA');

/** Each contiguous-states centre's CWAs in force at an instant, from the lists the provider serves then. */
async function inForce(atMs: number): Promise<Map<string, Json[]>> {
  const served = routeByPath(aviationResources({ ...deps(), clock: { now: () => new Date(atMs) } }).routes ?? []);
  const out = new Map<string, Json[]>();
  for (const c of CONUS) {
    const doc = await served.document({ path: `/aviation/cwsus/${c.id}/cwas` }, { baseUrl: '' });
    const list = doc.body['features'] as Json[];
    out.set(
      c.id,
      list.filter((f) => Date.parse(f['properties'].start) <= atMs && atMs < Date.parse(f['properties'].end)),
    );
  }
  return out;
}

/** The issuance in force at an instant: :10 past the latest even UTC hour (the one before, until :10). */
function issuanceHour(atMs: number): number {
  const hour = Math.floor((atMs - 10 * 60_000) / HOUR);
  return hour - (hour % 2);
}

describe('CWAs at the rates the model claims (issue 38 item 10)', () => {
  it('a centre has a CWA in force for each hazard its latest issuance found, at seasonal rates', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    /** Centre-hours with a CWA of a kind, and centre-hours sampled, by season or time of day. */
    const tally = new Map<string, [number, number]>();
    const add = (key: string, yes: boolean) => {
      const t = tally.get(key) ?? [0, 0];
      tally.set(key, [t[0] + (yes ? 1 : 0), t[1] + 1]);
    };
    let hoursWithAny = 0;
    let hours = 0;
    const mismatches: string[] = [];
    for (let h = 0; h < 8760; h += 61) {
      const at = start + h * HOUR + 40 * 60_000;
      const month = new Date(at).getUTCMonth();
      const utcHour = new Date(at).getUTCHours();
      const season = month >= 5 && month <= 7 ? 'summer' : month === 11 || month <= 1 ? 'winter' : 'other';
      // 18-01 UTC is the afternoon and evening over the contiguous states; 06-13 UTC their night.
      const time = utcHour >= 18 || utcHour <= 1 ? 'afternoon' : utcHour >= 6 && utcHour <= 13 ? 'night' : 'other';
      const cwas = await inForce(at);
      const issuance = issuanceHour(at);
      const found = new Map<string, Set<string>>();
      const note = (id: string, what: string) => found.set(id, new Set([...(found.get(id) ?? []), what]));
      for (const s of stormsAt(deps(), issuance)) note(s.center.id, 'THUNDERSTORMS');
      // Icing and turbulence make a CWA over an area: three 1° points of the centre's.
      const points = new Map<string, number>();
      for (const c of airHazardsAt(deps(), issuance)) {
        const key = `${centerAt(c.lat, c.lon).id} ${c.hazard.toUpperCase()}`;
        points.set(key, (points.get(key) ?? 0) + 1);
      }
      for (const [key, n] of points) if (n >= 3) note(key.split(' ')[0]!, key.split(' ')[1]!);
      let any = false;
      for (const c of CONUS) {
        const kinds = (cwas.get(c.id) ?? []).map((f) => f['properties'].observedProperty as string);
        if (kinds.sort().join() !== [...(found.get(c.id) ?? [])].sort().join())
          mismatches.push(`${c.id} ${new Date(at).toISOString()}: ${kinds.join()}`);
        any ||= kinds.length > 0;
        for (const kind of ['THUNDERSTORMS', 'ICING', 'TURBULENCE', 'ANY']) {
          const yes = kind === 'ANY' ? kinds.length > 0 : kinds.includes(kind);
          add(`${kind} ${season}`, yes);
          add(`${kind} ${time}`, yes);
          add(`${kind} all`, yes);
        }
      }
      hours++;
      if (any) hoursWithAny++;
    }
    const share = (key: string) => {
      const [yes, all] = tally.get(key) ?? [0, 0];
      return yes / Math.max(1, all);
    };
    for (const kind of ['THUNDERSTORMS', 'ICING', 'TURBULENCE', 'ANY'])
      console.log(
        `# CWAs ${kind.padEnd(13)} a centre has one at ` +
          ['summer', 'winter', 'afternoon', 'night', 'all']
            .map((k) => `${(100 * share(`${kind} ${k}`)).toFixed(1)}% of ${k}`)
            .join(', '),
      );
    console.log(`# CWAs: some centre has one at ${hoursWithAny} of ${hours} sampled hours`);
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} centre-hours disagree with the model`);
    // Thunderstorms are a warm-season afternoon product, icing a cold-season one.
    assert.ok(share('THUNDERSTORMS summer') > 2 * share('THUNDERSTORMS winter'), 'storms: summer over winter');
    assert.ok(share('THUNDERSTORMS afternoon') > share('THUNDERSTORMS night'), 'storms: afternoon over night');
    assert.ok(share('ICING winter') > share('ICING summer'), 'icing: winter over summer');
    // Some centre has one at most hours; no centre has one most of the time.
    assert.ok(hoursWithAny / hours > 0.5, `${hoursWithAny} of ${hours} hours`);
    assert.ok(share('ANY all') > 0.05 && share('ANY all') < 0.5, `a centre under a CWA ${share('ANY all')}`);
  });
});
