// Issue 38 item 4: the Great Lakes in the model. Over open lake water the wind is stronger than the shore's
// (more so in the unstable cold season, less under spring's marine inversion) and the air comes toward the
// water's temperature; the lakes' ice climatology takes both away over the ice and keeps freezing spray off
// iced-over waters (great-lakes-water.ts, great-lakes-wind.ts, great-lakes-ice.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sampleWith } from '../sample-support.ts';
import {
  marineHazards,
  marineWindKt,
  zoneSprayRules,
} from '../../../../../adapters/forecast/embedded/weather/marine-alert-rules.ts';
import {
  hourlySeries,
  type AlertZone,
  type WeatherSample,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { iceCover, meanIceCover } from '../../../../../adapters/forecast/embedded/weather/great-lakes-ice.ts';
import { GREAT_LAKES_MASK_DATA } from '../../../../../adapters/forecast/embedded/weather/great-lakes-mask-data.ts';
import { encodeLakeMask, lakePlace } from '../../../../../adapters/forecast/embedded/weather/great-lakes-water.ts';
import { lakeMaskClasses } from '../../../../../scripts/forecast-data/build-lake-mask.ts';
import {
  lakeStormSeason,
  NEUTRAL_RATIO,
  overLakeAirC,
  overLakeWindFactor,
} from '../../../../../adapters/forecast/embedded/weather/great-lakes-wind.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;

/** NDBC's mid-lake buoys, and shore towns the model's land wind is fitted around. */
const BUOY_45004 = { lat: 47.584, lon: -86.587, elevationM: 183 }; // eastern Lake Superior
const BUOY_45007 = { lat: 42.674, lon: -87.026, elevationM: 176 }; // southern Lake Michigan
const MARQUETTE = { lat: 46.531, lon: -87.549, elevationM: 430 }; // NWS Marquette, Negaunee Township
const MILWAUKEE = { lat: 43.039, lon: -87.906, elevationM: 190 };

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const windOf = (place: typeof BUOY_45004, from: string, days: number) =>
  mean(hourlySeries(place, hourOf(from), days * 24).map((s) => s.windSpeedKmh));

describe('the Great Lakes mask', () => {
  it('is what the data build makes of the shipped catalogue', () => {
    assert.ok(
      encodeLakeMask(lakeMaskClasses()) === GREAT_LAKES_MASK_DATA,
      'stale: run npx tsx scripts/forecast-data/build-lake-mask.ts',
    );
  });

  it('puts the mid-lake buoys on open water, the shore towns and the rest of the country on land', () => {
    assert.equal(lakePlace(BUOY_45004.lat, BUOY_45004.lon)?.lake, 'superior');
    assert.ok(lakePlace(BUOY_45004.lat, BUOY_45004.lon)!.weight > 0.95);
    assert.equal(lakePlace(BUOY_45007.lat, BUOY_45007.lon)?.lake, 'michigan');
    for (const town of [MARQUETTE, MILWAUKEE, { lat: 41.411, lon: -81.849 }, { lat: 39.74, lon: -104.99 }])
      assert.equal(lakePlace(town.lat, town.lon), undefined, `${town.lat},${town.lon}`);
    assert.equal(lakePlace(42.5, -82.8)?.lake, 'stClair');
    assert.equal(lakePlace(44.95, -74.95)?.lake, 'stLawrence');
  });

  it('gives the open lake’s wind more weight the farther a place lies from the shore', () => {
    // Eastward off Milwaukee: the weight grows without a step and levels off well out.
    const weights = [0.02, 0.05, 0.1, 0.2, 0.4, 0.8].map((dLon) => lakePlace(43.04, -87.88 + dLon)?.weight ?? 0);
    for (let k = 1; k < weights.length; k++) assert.ok(weights[k]! >= weights[k - 1]!, weights.join(' '));
    assert.ok(weights[0]! < 0.4 && weights.at(-1)! > 0.95, weights.join(' '));
  });
});

describe('the over-lake wind', () => {
  const open = { lake: 'superior' as const, weight: 1 };

  it('is stronger over the open lake in cold unstable air, near neutral under a warm stable one', () => {
    const november = hourOf('2026-11-15T12:00:00Z');
    assert.ok(overLakeWindFactor(open, -10, november) > 1.5);
    assert.ok(Math.abs(overLakeWindFactor(open, 6.5, november) - NEUTRAL_RATIO) < 0.05);
    assert.ok(overLakeWindFactor(open, 20, hourOf('2026-07-15T12:00:00Z')) < 1.1);
    assert.equal(overLakeWindFactor({ lake: 'superior', weight: 0 }, -10, november), 1);
  });

  it('blows as over land over the ice: Lake St. Clair frozen in February, open in November', () => {
    const stClair = { lake: 'stClair' as const, weight: 0.8 };
    assert.ok(overLakeWindFactor(stClair, -10, hourOf('2026-02-05T12:00:00Z')) < 1.1);
    assert.ok(overLakeWindFactor(stClair, -10, hourOf('2026-11-25T12:00:00Z')) > 1.3);
  });

  it('makes the model’s mid-lake wind stronger than its shore’s, most in the cold season', () => {
    const novemberRatio =
      windOf(BUOY_45004, '2026-11-01T00:00:00Z', 28) / windOf(MARQUETTE, '2026-11-01T00:00:00Z', 28);
    const julyRatio = windOf(BUOY_45004, '2026-07-01T00:00:00Z', 28) / windOf(MARQUETTE, '2026-07-01T00:00:00Z', 28);
    assert.ok(novemberRatio > 1.25, `November ${novemberRatio.toFixed(2)}`);
    assert.ok(julyRatio < novemberRatio, `July ${julyRatio.toFixed(2)}, November ${novemberRatio.toFixed(2)}`);
    // The buoys' summer mean is about 8 kt (lakeeriewx.com's climatologies): within 2 kt of it.
    const julyKt = windOf(BUOY_45007, '2026-07-01T00:00:00Z', 31) / 1.852;
    assert.ok(Math.abs(julyKt - 8) < 2, `July at 45007 ${julyKt.toFixed(1)} kt`);
  });

  it('brings the lakes’ gales in October too, a third as often as in November: the day’s air, not the shore’s afternoon; fewer in January', () => {
    // Gale-force hours (the marine wind at 34 kt or more) at four mid-lake points, October and November of 20
    // years. With the stability taken on the land's hourly air, October's sunny afternoons (warmer than the
    // water) made the open lake stable: October had 0.22 of November's gale hours (125 h, 577 h); on the
    // day's air 0.32 (228 h, 717 h).
    const points = [
      BUOY_45007,
      { lat: 42.2, lon: -81.2, elevationM: 174 },
      { lat: 43.6, lon: -77.8, elevationM: 75 },
      BUOY_45004,
    ];
    const galeHours = (month: number) => {
      let n = 0;
      for (const place of points)
        for (let year = 2015; year < 2035; year++)
          for (const s of hourlySeries(place, Date.UTC(year, month, 1) / HOUR, 28 * 24)) if (marineWindKt(s) >= 34) n++;
      return n;
    };
    const october = galeHours(9);
    const november = galeHours(10);
    assert.ok(october >= 0.28 * november, `October ${october} h, November ${november} h`);
    assert.ok(october < november, `October ${october} h, November ${november} h`);
    // And fewer in January, once the lakes no longer feed the storms (lakeStormSeason): 813 h against
    // November's 717 with the storm season of before, 629 against 711 now.
    const january = galeHours(0);
    assert.ok(january < november, `January ${january} h, November ${november} h`);
  });

  it('keeps the lakes’ storms to their season: deepest in October and November, waning through the winter', () => {
    const mid = (month: number) => lakeStormSeason(1 + (month + 0.5) * (365.2425 / 12));
    assert.ok(mid(10) === 1 && mid(9) === 1, `${mid(9)} ${mid(10)}`);
    assert.ok(mid(11) < mid(10) && mid(0) < mid(11) && mid(1) < mid(0), [11, 0, 1].map(mid).join(' '));
    assert.ok(mid(6) < mid(1), `July ${mid(6)}`);
    // Joined between months without a step.
    for (let day = 1; day < 366; day++) assert.ok(Math.abs(lakeStormSeason(day + 1) - lakeStormSeason(day)) < 0.03);
  });

  it('brings the open lake’s air toward the water, a little, and leaves the shore’s alone', () => {
    const january = hourOf('2026-01-10T12:00:00Z');
    const july = hourOf('2026-07-10T12:00:00Z');
    // A cold outbreak over 2 °C water: warmer, by at most 1.5 °C; a warm July day over a cold lake: cooler.
    assert.ok(overLakeAirC(open, -15, january) > -15 && overLakeAirC(open, -15, january) <= -13.5);
    assert.ok(overLakeAirC(open, 25, july) < 25);
    assert.equal(overLakeAirC({ lake: 'superior', weight: 0 }, -15, january), -15);
    for (const s of hourlySeries(BUOY_45004, january, 24 * 20)) assert.ok(s.dewpointC <= s.temperatureC);
  });
});

describe('the lakes’ ice', () => {
  it('peaks where GLERL’s climatology has it and is gone by summer', () => {
    assert.equal(Math.round(100 * meanIceCover('superior', hourOf('2026-03-02T00:00:00Z'))), 49);
    assert.equal(Math.round(100 * meanIceCover('michigan', hourOf('2026-02-18T00:00:00Z'))), 29);
    assert.equal(Math.round(100 * meanIceCover('ontario', hourOf('2026-02-18T00:00:00Z'))), 20);
    for (const lake of ['superior', 'michigan', 'huron', 'erie', 'ontario', 'stClair', 'stLawrence'] as const)
      for (const month of ['06', '08', '10'])
        assert.equal(meanIceCover(lake, hourOf(`2026-${month}-15T00:00:00Z`)), 0, `${lake} ${month}`);
    // The shore ices before the open lake.
    const feb = hourOf('2026-02-10T00:00:00Z');
    assert.ok(iceCover('erie', feb, 0) > iceCover('erie', feb, 1));
  });

  it('keeps freezing spray off iced-over waters, not off the open lake', () => {
    const bitter: WeatherSample = sampleWith({
      temperatureC: -15,
      dewpointC: -18,
      windSpeedKmh: 45,
      windGustKmh: 65,
    });
    const counts = (zone: { id: string; officeId: string; lat: number; lon: number }, iso: string) =>
      zoneSprayRules(zone).some((rule) => rule.hourly(bitter, { hour: hourOf(iso) } as never));
    // Lake St. Clair (LCZ460) in early February: ice; in late November: open water.
    const stClair = { id: 'LCZ460', officeId: 'DTX', lat: 42.534, lon: -82.78 };
    assert.equal(counts(stClair, '2026-02-05T12:00:00Z'), false);
    assert.equal(counts(stClair, '2026-11-25T12:00:00Z'), true);
    // So are the gales: Lake St. Clair's in February not, its November ones kept.
    const gale = sampleWith({ temperatureC: -15, dewpointC: -18, windSpeedKmh: 70, windGustKmh: 95 });
    const stClairZone = { ...stClair, marine: { smallCraftKt: 22 } } as unknown as AlertZone;
    const gales = (iso: string) =>
      marineHazards(stClairZone, { lat: stClair.lat, lon: stClair.lon, elevationM: 175 }, hourOf(iso), [
        ...Array<WeatherSample>(6).fill(gale),
      ]).filter((w) => w.rule.event === 'Gale Warning').length;
    assert.equal(gales('2026-02-05T12:00:00Z'), 0);
    assert.equal(gales('2026-11-25T12:00:00Z'), 1);
    // Western Lake Superior's open waters (LSZ162) in January are open.
    assert.equal(counts({ id: 'LSZ162', officeId: 'MQT', lat: 47.288, lon: -90.601 }, '2026-01-10T12:00:00Z'), true);
  });
});
