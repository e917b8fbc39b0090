// The model's sea state (weather/sea-state.ts): wind waves that grow with the wind and the fetch and stop at
// full development, a swell that follows its basin's season, combined as the NWS combines them into seas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WeatherSample } from '../../../../adapters/forecast/embedded/weather/index.ts';
import {
  feet,
  fetchKm,
  iceCovered,
  seaSettingOf,
  seasM,
  seaState,
  swell,
  windWaves,
} from '../../../../adapters/forecast/embedded/weather/sea-state.ts';
import { sampleWith } from './sample-support.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
const KT = 1 / 1.943_844;

const sample = (windKt: number, fromDeg: number): WeatherSample =>
  sampleWith({ windSpeedKmh: windKt * 1.852, windDirectionDeg: fromDeg, windGustKmh: windKt * 1.852 });

describe('wind waves', () => {
  it('grow with the wind and with the fetch, and stop growing at full development', () => {
    for (const fetch of [10, 40, 200, 1000]) {
      let last = 0;
      for (let kt = 5; kt <= 80; kt += 5) {
        const { heightM } = windWaves(kt * KT, fetch);
        assert.ok(heightM > last, `${kt} kt over ${fetch} km`);
        last = heightM;
      }
    }
    for (const kt of [10, 25, 45]) {
      const heights = [5, 20, 80, 300].map((f) => windWaves(kt * KT, f).heightM);
      for (let k = 1; k < heights.length; k++) assert.ok(heights[k]! >= heights[k - 1]!, `${kt} kt`);
    }
    // A 12-hour wind uses ~140 km of a 25 kt wind's fetch: beyond, more open water adds nothing.
    assert.equal(windWaves(25 * KT, 600).heightM, windWaves(25 * KT, 5000).heightM);
    // Without the duration limit, a hurricane's waves still stop at a fully developed sea (Pierson-Moskowitz).
    const u = 64 * KT;
    const developed = windWaves(u, 1e6, 1e9);
    assert.ok(
      developed.heightM <= (0.25 * u * u) / 9.81 && developed.periodS <= (7.8 * u) / 9.81,
      JSON.stringify(developed),
    );
    assert.deepEqual(windWaves(u, 1e7, 1e10), developed);
    // A gale's seas over a half-day's wind: the 12 to 20 ft the MWW pairs with 34 to 47 kt.
    assert.ok(feet(windWaves(40 * KT, 600).heightM) > 12 && feet(windWaves(40 * KT, 600).heightM) < 25);
    assert.deepEqual(windWaves(0, 100), { heightM: 0, periodS: 0 });
  });

  it('give the seas the marine forecasts pair with a wind', () => {
    // "Southwest winds 20 kt, seas 4 to 6 ft" off an open coast; a bay's chop stays small.
    assert.ok(feet(windWaves(20 * KT, 600).heightM) > 4 && feet(windWaves(20 * KT, 600).heightM) < 8);
    assert.ok(feet(windWaves(20 * KT, 25).heightM) < 4);
  });
});

describe('where the seas come from', () => {
  it('names the basin and the fetch of a zone', () => {
    const lake = seaSettingOf('LMZ741', 'Wilmette Harbor to Northerly Island IL', 42);
    const openLake = seaSettingOf(
      'LMZ080',
      'Lake Michigan from Charlevoix to Point Betsie MI 5 NM offshore to mid lake',
      45,
    );
    assert.equal(lake.basin, 'greatLakes');
    assert.ok(openLake.openFetchKm > lake.openFetchKm);
    assert.equal(seaSettingOf('PHZ115', 'Kaiwi Channel', 21).basin, 'hawaii');
    assert.equal(seaSettingOf('PHZ115', 'Kaiwi Channel', 21).swellExposure, 1, 'a Hawaiian channel is open sea');
    assert.equal(seaSettingOf('AMZ715', 'Atlantic Waters of Puerto Rico', 18.7).basin, 'caribbean');
    assert.equal(
      seaSettingOf('AMZ354', 'Coastal waters from South Santee River to Edisto Beach SC', 32.8).basin,
      'southAtlantic',
    );
    const bay = seaSettingOf('ANZ535', 'Tidal Potomac from Key Bridge to Indian Head MD', 38.8);
    const sound = seaSettingOf('ANZ335', 'Long Island Sound West of New Haven CT/Port Jefferson NY', 41);
    const coast = seaSettingOf('ANZ350', 'Moriches Inlet NY to Montauk Point NY out 20 nm', 40.9);
    assert.ok(sound.openFetchKm < coast.openFetchKm && sound.swellExposure < coast.swellExposure);
    assert.equal(bay.basin, 'northAtlantic');
    assert.deepEqual([bay.openFetchKm, bay.swellExposure], [sound.openFetchKm, sound.swellExposure]);
    // Coastal waters named for an inlet on the shore are the open coast's: the distance out says so.
    assert.equal(coast.swellExposure, 1);
    assert.ok(coast.openFetchKm > 10 * sound.openFetchKm);
  });

  it('takes the open sea’s fetch for an onshore wind and the coastal waters’ for an offshore one', () => {
    const coast = seaSettingOf('PZZ250', 'Coastal waters from Cape Shoalwater WA to Cascade Head OR out 10 NM', 46);
    assert.ok(fetchKm(coast, 260) > fetchKm(coast, 180));
    assert.ok(fetchKm(coast, 180) > fetchKm(coast, 80));
    assert.equal(fetchKm(coast, 80), coast.shoreFetchKm);
    const island = seaSettingOf('PHZ113', 'Oahu Leeward Waters', 21.3);
    assert.equal(fetchKm(island, 80), fetchKm(island, 260));
  });
});

describe('swell', () => {
  const hawaii = seaSettingOf('PHZ110', 'Kauai Northwest Waters', 22.3);
  const kauai = { lat: 22.4, lon: -159.6, elevationM: 0 };
  const mean = (setting: typeof hawaii, place: typeof kauai, month: number) => {
    let sum = 0;
    for (let d = 0; d < 28; d++)
      sum += swell(setting, place, hourOf(`2026-${String(month).padStart(2, '0')}-01T00:00:00Z`) + d * 24).heightM;
    return sum / 28;
  };

  it('follows the season: Hawaii’s winter north swell, Puerto Rico’s, the Gulf’s little one', () => {
    assert.ok(mean(hawaii, kauai, 1) > 1.5 * mean(hawaii, kauai, 7), 'Hawaii winter over summer');
    const pr = seaSettingOf('AMZ715', 'Atlantic Waters of Puerto Rico', 18.7);
    const sanJuan = { lat: 18.7, lon: -66.1, elevationM: 0 };
    assert.ok(mean(pr, sanJuan, 1) > mean(pr, sanJuan, 7));
    const gulf = seaSettingOf('GMZ570', 'Coastal waters from Port Mansfield TX to the Rio Grande', 26.5);
    assert.ok(mean(gulf, { lat: 26.5, lon: -97, elevationM: 0 }, 1) < mean(pr, sanJuan, 1) / 2);
    // Hawaii's winter swell is from the north-west, its summer swell from the south.
    const dir = (iso: string) => swell(hawaii, kauai, hourOf(iso)).directionDeg;
    assert.ok(dir('2026-01-15T00:00:00Z') > 270 && dir('2026-01-15T00:00:00Z') < 360);
    assert.ok(dir('2026-07-15T00:00:00Z') > 150 && dir('2026-07-15T00:00:00Z') < 230);
  });

  it('varies from day to day within bounds, and is the same every time it is asked', () => {
    const heights = Array.from(
      { length: 365 },
      (_, d) => swell(hawaii, kauai, hourOf('2026-01-01T00:00:00Z') + d * 24).heightM,
    );
    assert.ok(new Set(heights.map((h) => h.toFixed(2))).size > 100, 'varies');
    for (const h of heights) assert.ok(h > 0.3 && h < 2.1 * 1.9, `${h}`);
    const again = Array.from(
      { length: 365 },
      (_, d) => swell(hawaii, kauai, hourOf('2026-01-01T00:00:00Z') + d * 24).heightM,
    );
    assert.deepEqual(again, heights);
  });
});

describe('the sea state', () => {
  it('combines wind waves and swell as sqrt(wind² + swell²), the higher train leading', () => {
    const setting = seaSettingOf('PZZ250', 'Coastal waters from Cape Shoalwater WA to Cascade Head OR out 10 NM', 46);
    const place = { lat: 46, lon: -124.3, elevationM: 0 };
    const hour = hourOf('2026-01-10T12:00:00Z');
    for (const kt of [0, 10, 25, 40]) {
      const sea = seaState(setting, place, hour, sample(kt, 250));
      assert.ok(Math.abs(sea.waveHeightM - Math.hypot(sea.windWaveHeightM, sea.swellHeightM)) < 1e-9);
      const lead = sea.windWaveHeightM >= sea.swellHeightM;
      assert.equal(sea.wavePeriodS, lead ? sea.windWavePeriodS : sea.swellPeriodS);
      assert.equal(sea.waveDirectionDeg, lead ? 250 : sea.swellDirectionDeg);
    }
    const calm = seaState(setting, place, hour, sample(0, 250));
    const gale = seaState(setting, place, hour, sample(40, 250));
    assert.ok(gale.waveHeightM > calm.waveHeightM && gale.swellHeightM === calm.swellHeightM);
    assert.deepEqual(seaState(setting, place, hour, sample(25, 250)), seaState(setting, place, hour, sample(25, 250)));
    // The alert cycle's shortcut gives the gridpoint's seas exactly, whatever the wind and the hour.
    for (let k = 0; k < 200; k += 7)
      for (const kt of [3, 18, 33])
        assert.equal(
          seasM(setting, place, hour + k, sample(kt, k * 13)),
          seaState(setting, place, hour + k, sample(kt, k * 13)).waveHeightM,
        );
  });
});

describe('the Arctic pack ice', () => {
  it('leaves no sea in an ice-covered zone’s season, and the open water’s sea outside it', () => {
    const beaufort = seaSettingOf('PKZ814', 'Point Franklin to Cape Halkett', 71);
    const bristolBay = seaSettingOf('PKZ750', 'Bristol Bay', 58);
    const place = { lat: 71.5, lon: -154, elevationM: 0 };
    const january = hourOf('2026-01-15T12:00:00Z');
    const september = hourOf('2026-09-15T12:00:00Z');
    assert.ok(iceCovered(beaufort, january) && !iceCovered(beaufort, september));
    assert.ok(!iceCovered(bristolBay, january), 'a zone with no ice season is never covered');
    assert.equal(seasM(beaufort, place, january, sample(40, 270)), 0);
    assert.ok(seasM(beaufort, place, september, sample(40, 270)) > 3);
    // Outside its season the zone's sea is the open water's, bit for bit.
    const { ice: _ice, ...open } = beaufort;
    assert.equal(seasM(beaufort, place, september, sample(25, 200)), seasM(open, place, september, sample(25, 200)));
  });
});
