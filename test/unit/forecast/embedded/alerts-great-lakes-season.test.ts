// Issue 38 item 4: Great Lakes marine alerts follow the NWS's seasonal practice. No Small Craft Advisory on the
// open waters beyond 5 NM; on the nearshore waters, advisories all winter where the offices issue them on open
// water (Buffalo, Chicago, Milwaukee, Northern Indiana, Grand Rapids) and only from 1 April to 15 December
// where the nearshore waters ice over (Duluth, Marquette, Green Bay, Gaylord, Detroit, Cleveland); gale and
// stronger warnings all year (great-lakes-small-craft-season.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameWindowsAsAllYear, cyclesOf2026, deps, marineZonesByOffice } from './marine-season-support.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  GREAT_LAKES_OPEN_WATERS,
  inNearshoreSeason,
  isGreatLakesZone,
  NEARSHORE_SMALL_CRAFT_SEASON,
  smallCraftSeason,
} from '../../../../adapters/forecast/embedded/weather/great-lakes-small-craft-season.ts';
import { isAlertActive, type AlertZone } from '../../../../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
/** The Great Lakes marine zones of each office that has some, as the alert cycle gets them. */
const lakeOffices = marineZonesByOffice((z) => isGreatLakesZone(z.id));
const lakeZones = lakeOffices.flat();
const seasonal = (z: AlertZone) => typeof smallCraftSeason(z.id, z.officeId) === 'object';

describe('the Great Lakes Small Craft Advisory season', () => {
  it('keeps a nearshore zone of an icing office to 1 April - 15 December, on the lakes’ date', () => {
    const season = smallCraftSeason('LSZ144', 'DLH');
    assert.equal(typeof season, 'object');
    if (typeof season !== 'object') return;
    assert.equal(inNearshoreSeason(season, hourOf('2026-01-10T18:00:00Z')), false);
    assert.equal(inNearshoreSeason(season, hourOf('2026-03-31T18:00:00Z')), false);
    assert.equal(inNearshoreSeason(season, hourOf('2026-04-01T06:00:00Z')), true, 'midnight CST, 1 April');
    assert.equal(inNearshoreSeason(season, hourOf('2026-04-01T05:00:00Z')), false, '11 PM CST, 31 March');
    assert.equal(inNearshoreSeason(season, hourOf('2026-07-15T12:00:00Z')), true);
    assert.equal(inNearshoreSeason(season, hourOf('2026-12-15T23:00:00Z')), true);
    assert.equal(inNearshoreSeason(season, hourOf('2026-12-16T06:00:00Z')), false);
  });

  it('gives open-water offices advisories all year, the open lakes none, other coasts all year', () => {
    assert.equal(smallCraftSeason('LOZ042', 'BUF'), 'always');
    assert.equal(smallCraftSeason('LMZ741', 'LOT'), 'always');
    assert.equal(smallCraftSeason('LOZ062', 'BUF'), 'never');
    assert.equal(smallCraftSeason('LSZ162', 'DLH'), 'never');
    assert.equal(smallCraftSeason('LSZ150', 'DLH'), NEARSHORE_SMALL_CRAFT_SEASON['DLH']);
    assert.equal(smallCraftSeason('ANZ355', 'OKX'), 'always');
    assert.equal(smallCraftSeason('PKZ012', 'AJK'), 'always');
  });

  it('lists as open waters exactly the zones the NWS names beyond 5 NM offshore', () => {
    const named = [...deps.catalogue.marineZones.values()]
      .filter((z) => isGreatLakesZone(z.id) && /beyond 5 ?nm|5 ?nm off ?shore/i.test(z.name) && z.id !== 'LSZ150')
      .map((z) => z.id)
      .sort();
    assert.deepEqual(named, [...GREAT_LAKES_OPEN_WATERS].sort());
    // Every Great Lakes office of the served zones has its season in the table.
    for (const z of lakeZones) assert.ok(z.officeId in NEARSHORE_SMALL_CRAFT_SEASON, z.officeId);
  });

  it('leaves the in-season advisories as the wind alone makes them', () => {
    // Mid-July and mid-October, every seasonal nearshore zone: the same windows as the all-year rules.
    assertSameWindowsAsAllYear(lakeZones.filter(seasonal), [
      hourOf('2026-07-10T09:00:00Z'),
      hourOf('2026-10-12T21:00:00Z'),
    ]);
  });
});

describe('Great Lakes marine alerts over 2026', () => {
  const cycles = cyclesOf2026();
  const winter = (c: number) => {
    const d = new Date((c - 6) * HOUR);
    const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    return md >= 1216 || md < 401;
  };
  type Count = { zoneCycles: number; advisories: number; warnings: number };
  const counts = new Map<string, Count>();
  const count = (key: string) => {
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { zoneCycles: 0, advisories: 0, warnings: 0 }));
    return c;
  };
  const kind = (z: AlertZone) =>
    GREAT_LAKES_OPEN_WATERS.has(z.id) ? 'open' : seasonal(z) ? 'seasonal nearshore' : 'all-year nearshore';
  const outOfSeason: string[] = [];
  for (const zones of lakeOffices) {
    const byId = new Map(zones.map((z) => [z.id, z]));
    for (const cycle of cycles) {
      const period = winter(cycle) ? 'winter' : 'season';
      for (const z of zones) count(`${kind(z)}|${period}`).zoneCycles++;
      for (const alert of generateOfficeAlerts(zones, cycle)) {
        const p = alert.properties;
        const advisory = p.event === 'Small Craft Advisory';
        for (const ugc of p.geocode.UGC) {
          const z = byId.get(ugc)!;
          const season = smallCraftSeason(z.id, z.officeId);
          const from = Math.floor(Date.parse(p.onset) / HOUR);
          const to = Math.ceil(Date.parse(p.ends) / HOUR) - 1;
          if (
            advisory &&
            (season === 'never' ||
              (typeof season === 'object' && (!inNearshoreSeason(season, from) || !inNearshoreSeason(season, to))))
          )
            outOfSeason.push(`${ugc} ${p.onset}..${p.ends}`);
          if (!isAlertActive(alert, cycle * HOUR)) continue;
          const c = count(`${kind(z)}|${period}`);
          if (advisory) c.advisories++;
          else c.warnings++;
        }
      }
    }
  }
  const share = (key: string, what: 'advisories' | 'warnings') =>
    (100 * (counts.get(key)?.[what] ?? 0)) / (counts.get(key)?.zoneCycles ?? 1);

  it('issues no advisory out of season, and none on the open lakes', (t) => {
    for (const [key, c] of counts)
      t.diagnostic(
        `${key}: advisories ${share(key, 'advisories').toFixed(1)}%, warnings ${share(key, 'warnings').toFixed(1)}% of ${c.zoneCycles} zone-cycles`,
      );
    assert.deepEqual(outOfSeason, []);
    assert.equal(counts.get('open|season')!.advisories + counts.get('open|winter')!.advisories, 0);
    assert.equal(counts.get('seasonal nearshore|winter')!.advisories, 0);
  });

  it('keeps advisories all winter where the water stays open, and the season’s advisories elsewhere', () => {
    // Buffalo's, Chicago's and the rest: advisories on a few winter cycles in twenty, as the offices issue them.
    assert.ok(share('all-year nearshore|winter', 'advisories') >= 3, 'winter advisories on open water');
    assert.ok(share('all-year nearshore|winter', 'advisories') <= 40);
    assert.ok(share('seasonal nearshore|season', 'advisories') >= 1, 'advisories in the navigation season');
  });

  it('keeps the gales on the lakes all year', () => {
    const warnings = [...counts.entries()]
      .filter(([k]) => k.startsWith('open|'))
      .reduce((n, [, c]) => n + c.warnings, 0);
    assert.ok(warnings > 0, 'gale warnings on the open lakes');
  });
});
