// Issue 38 item 4: Heavy Freezing Spray Warnings (UP.W) and Freezing Spray Advisories (UP.Y) where the Great
// Lakes', Alaska's and New England's offices issue them, from Overland's (1990) icing predictor on the model's
// own air temperature and marine wind and the water's climatology: only in the cold months, never over warm
// waters, the Arctic pack or the lakes' iced bays out of season (freezing-spray.ts, water-temperature.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cyclesOf2026, marineZonesByOffice } from './marine-season-support.ts';
import { sampleWith } from './sample-support.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  ARCTIC_ICE_SEASON,
  inIceSeason,
} from '../../../../adapters/forecast/embedded/weather/arctic-sea-ice-season.ts';
import { sprayPredictor, SPRAY_CLASS } from '../../../../adapters/forecast/embedded/weather/freezing-spray.ts';
import {
  inNearshoreSeason,
  smallCraftSeason,
} from '../../../../adapters/forecast/embedded/weather/great-lakes-small-craft-season.ts';
import {
  isAlertActive,
  type AlertZone,
  type WeatherSample,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import { waterBodyOf, waterTempC } from '../../../../adapters/forecast/embedded/weather/water-temperature.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
const SPRAY = /^(Heavy Freezing Spray Warning|Freezing Spray Advisory)$/;

/**
 * A sample with a sustained wind of `windMs` (the wind Overland's predictor is defined on; its gusts, which
 * the predictor must not see, half as strong again) and air at `airC`.
 */
const sample = (airC: number, windMs: number): WeatherSample =>
  sampleWith({
    temperatureC: airC,
    dewpointC: airC - 2,
    windSpeedKmh: windMs * 3.6,
    windGustKmh: windMs * 3.6 * 1.5,
  });

describe('freezing spray by Overland’s predictor', () => {
  it('rates cold wind over open water in his classes, fresh water freezing at 0 °C and the sea at −1.7 °C', () => {
    const midJanuary = hourOf('2026-01-15T12:00:00Z');
    // Lake Superior in mid-January ~2.5 °C: 10 m/s at −10 °C is 10 × 10 / (1 + 0.3 × 2.5) ≈ 57, heavy.
    const superior = sprayPredictor(sample(-10, 10), 'superior', midJanuary);
    assert.ok(Math.abs(superior - 100 / (1 + 0.3 * waterTempC('superior', midJanuary))) < 1e-9);
    assert.ok(superior >= SPRAY_CLASS.heavy);
    // The Bering shelf near its freezing point: sea water takes more cold to freeze.
    const bering = sprayPredictor(sample(-10, 10), 'bering', midJanuary);
    const tw = waterTempC('bering', midJanuary);
    assert.ok(Math.abs(bering - (10 * 8.3) / (1 + 0.3 * (tw + 1.7))) < 1e-9);
    // A light wind at −3 °C is light icing at most; air above the freezing point none.
    assert.ok(sprayPredictor(sample(-3, 5), 'superior', midJanuary) < SPRAY_CLASS.moderate);
    assert.equal(sprayPredictor(sample(-1, 20), 'newEngland', midJanuary), 0);
    assert.equal(sprayPredictor(sample(1, 20), 'superior', midJanuary), 0);
  });

  it('knows the cold waters by zone and leaves the warm ones out', () => {
    assert.equal(waterBodyOf('LSZ162', 'MQT', 47.5, -91), 'superior');
    assert.equal(waterBodyOf('LCZ460', 'DTX', 42.5, -82.7), 'erie');
    assert.equal(waterBodyOf('ANZ250', 'BOX', 42.3, -70.5), 'newEngland');
    assert.equal(waterBodyOf('ANZ650', 'LWX', 38.5, -74.8), undefined);
    assert.equal(waterBodyOf('GMZ042', 'KEY', 24.5, -81.5), undefined);
    assert.equal(waterBodyOf('PZZ110', 'SEW', 46.5, -124.2), undefined);
    assert.equal(waterBodyOf('PKZ012', 'AJK', 59, -135.3), 'alaskaSoutheast');
    assert.equal(waterBodyOf('PKZ740', 'AFC', 60.9, -150.9), 'cookInlet');
    assert.equal(waterBodyOf('PKZ762', 'AFC', 58.6, -159.5), 'bering');
    assert.equal(waterBodyOf('PKZ852', 'AFG', 63.9, -163.8), 'bering');
    // The water sits above its freezing point all year where spray can freeze on it.
    for (let m = 0; m < 12; m++)
      assert.ok(waterTempC('bering', hourOf(`2026-${String(m + 1).padStart(2, '0')}-15T00:00:00Z`)) > -1.7);
  });
});

describe('freezing spray products over 2026', () => {
  const offices = marineZonesByOffice(() => true);
  const cycles = cyclesOf2026();
  const month = (c: number) => new Date(c * HOUR).getUTCMonth() + 1;
  const regionOf = (z: AlertZone) =>
    z.id.startsWith('PK') ? 'Alaska' : z.id.startsWith('AN') ? 'New England' : 'Great Lakes';
  const winter = (c: number) => [12, 1, 2].includes(month(c));
  const count = new Map<string, { zoneCycles: number; warnings: number; advisories: number }>();
  const tally = (key: string) => {
    let c = count.get(key);
    if (!c) count.set(key, (c = { zoneCycles: 0, warnings: 0, advisories: 0 }));
    return c;
  };
  const wrong: string[] = [];
  let texts = 0;
  for (const zones of offices) {
    const cold = zones.filter((z) => waterBodyOf(z.id, z.officeId, z.lat, z.lon));
    const byId = new Map(zones.map((z) => [z.id, z]));
    for (const cycle of cycles) {
      const period = winter(cycle) ? 'DJF' : [6, 7, 8, 9].includes(month(cycle)) ? 'JJAS' : 'other';
      for (const z of cold) tally(`${regionOf(z)} ${period}`).zoneCycles++;
      for (const alert of generateOfficeAlerts(zones, cycle)) {
        const p = alert.properties;
        if (!SPRAY.test(p.event)) continue;
        const heavy = p.event === 'Heavy Freezing Spray Warning';
        // Coded as the offices code them: VTEC UP.W or UP.Y in a Marine Weather Message.
        const vtec = p.parameters.VTEC?.[0] ?? '';
        if (!new RegExp(`\\.UP\\.${heavy ? 'W' : 'Y'}\\.`).test(vtec)) wrong.push(`VTEC ${vtec}`);
        if (
          !/^\* WHAT\.\.\.(Heavy freezing spray at a rate of 2 cm per hour or greater|Freezing spray at a rate of up to 2 cm per hour) expected/.test(
            p.description,
          )
        )
          wrong.push(`WHAT ${p.description.slice(0, 60)}`);
        texts++;
        const from = Math.floor(Date.parse(p.onset) / HOUR);
        const to = Math.ceil(Date.parse(p.ends) / HOUR) - 1;
        for (const ugc of p.geocode.UGC) {
          const z = byId.get(ugc)!;
          if (!waterBodyOf(z.id, z.officeId, z.lat, z.lon)) wrong.push(`${p.event} over warm water ${ugc}`);
          const ice = ARCTIC_ICE_SEASON.get(ugc);
          if (ice && (inIceSeason(ice, from) || inIceSeason(ice, to))) wrong.push(`${p.event} over the pack ${ugc}`);
          const season = smallCraftSeason(z.id, z.officeId);
          if (typeof season === 'object' && (!inNearshoreSeason(season, from) || !inNearshoreSeason(season, to)))
            wrong.push(`${p.event} over an iced bay ${ugc} ${p.onset}`);
          if (!isAlertActive(alert, cycle * HOUR)) continue;
          const c = tally(`${regionOf(z)} ${period}`);
          if (heavy) c.warnings++;
          else c.advisories++;
        }
      }
    }
  }
  const pct = (key: string, what: 'warnings' | 'advisories') =>
    (100 * (count.get(key)?.[what] ?? 0)) / (count.get(key)?.zoneCycles ?? 1);

  it('codes every product as the offices do, over cold open water only', (t) => {
    for (const key of [...count.keys()].sort())
      t.diagnostic(
        `${key}: warnings ${pct(key, 'warnings').toFixed(1)}%, advisories ${pct(key, 'advisories').toFixed(1)}% of ${count.get(key)!.zoneCycles} zone-cycles`,
      );
    assert.ok(texts > 0);
    assert.deepEqual(wrong.slice(0, 20), []);
  });

  it('brings spray in winter to the lakes, Alaska and New England, and none in summer', () => {
    for (const region of ['Great Lakes', 'Alaska', 'New England']) {
      const key = `${region} DJF`;
      // New England's cold outbreaks bring an advisory now and then; the lakes and Alaska far more.
      const least = region === 'New England' ? 0.3 : 5;
      assert.ok(pct(key, 'warnings') + pct(key, 'advisories') > least, `spray in a ${region} winter`);
      assert.equal(
        pct(`${region} JJAS`, 'warnings') + pct(`${region} JJAS`, 'advisories'),
        0,
        `spray in a ${region} summer`,
      );
    }
  });
});
