// Issue 38: the open sea off New England and off Florida's Gulf coast. Over it the model's wind is the open
// water's and its air comes toward the sea's temperature, by the Great Lakes' terms (sea-water.ts); land and the
// other coasts keep the shore's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { decodeLakeMask, encodeLakeMask } from '../../../../../adapters/forecast/embedded/weather/great-lakes-water.ts';
import {
  EAST_GULF_SEA_MASK_DATA,
  NEW_ENGLAND_SEA_MASK_DATA,
} from '../../../../../adapters/forecast/embedded/weather/sea-mask-data.ts';
import {
  EAST_GULF_SEA,
  fetchGain,
  OPEN_OCEAN_GAIN,
  openSeaPlace,
  openSeaWeight,
  overSeaAirC,
  SEA,
  SEA_MASK_GRID,
  seaWaterC,
} from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';
import { waterTempC } from '../../../../../adapters/forecast/embedded/weather/water-temperature.ts';
import { seaMaskClasses } from '../../../../../scripts/forecast-data/build-sea-mask.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
const BUOY_44005 = { lat: 43.2, lon: -69.13, elevationM: 0 }; // Gulf of Maine
const BOSTON = { lat: 42.36, lon: -71.06, elevationM: 6 }; // downtown
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// First in the file, so that no other test has asked for these cells yet: a cell's share was once returned
// unrounded when first worked out and as its stored float32 afterwards, so a place's weather depended on
// which places a process had asked for before it.
it('gives a sea place the same share on its first asking as on every later one', () => {
  const first = openSeaPlace(27.6, -82.85)?.weight;
  assert.ok(first !== undefined && first > 0 && first < 1, `a place near the shore, share ${first}`);
  assert.equal(openSeaPlace(27.6, -82.85)?.weight, first);
});

describe('the New England sea mask', () => {
  it('is what the data build makes of the shipped catalogue', () => {
    assert.ok(
      encodeLakeMask(seaMaskClasses()) === NEW_ENGLAND_SEA_MASK_DATA,
      'stale: run npx tsx scripts/forecast-data/build-sea-mask.ts',
    );
  });

  it('puts the Gulf of Maine buoy on open sea, the shore and the other coasts on land', () => {
    assert.ok(openSeaWeight(BUOY_44005.lat, BUOY_44005.lon) > 0.95);
    for (const p of [BOSTON, { lat: 43.66, lon: -70.26 }, { lat: 38.5, lon: -74.8 }, { lat: 29.3, lon: -94.8 }])
      assert.equal(openSeaWeight(p.lat, p.lon), 0, `${p.lat},${p.lon}`);
    // Eastward off Cape Ann the share grows without a step.
    const ws = [0.02, 0.05, 0.1, 0.2, 0.4].map((d) => openSeaWeight(42.63, -70.6 + d));
    for (let k = 1; k < ws.length; k++) assert.ok(ws[k]! >= ws[k - 1]!, ws.join(' '));
    assert.ok(ws.at(-1)! > 0.95, ws.join(' '));
  });

  it('holds every cell of New England’s sea inside the grid, none on its edge', () => {
    // Beyond the grid the weight is 0: a sea cell on its edge would drop from the open sea's to none there.
    const { rows, cols } = SEA_MASK_GRID;
    const classes = decodeLakeMask(NEW_ENGLAND_SEA_MASK_DATA, SEA_MASK_GRID);
    const onEdge: string[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++)
        if ((r === 0 || c === 0 || r === rows - 1 || c === cols - 1) && classes[r * cols + c] === SEA)
          onEdge.push(`${r},${c}`);
    assert.deepEqual(onEdge, []);
  });

  it('changes the open sea’s share without a step, also where the old grid ended (41.5 N east, 68 W south)', () => {
    // Across 5 km of shore the share goes 0 to 1 − 1/e: at most ~0.25 a 0.005° step (0.4 km). The old grid
    // ended at 66.8 W and 40.9 N, and the share dropped from 1 to 0 in one step there, Georges Bank included.
    const STEP = 0.005;
    for (const [name, at] of [
      ['41.5 N, 67.5 to 65.5 W', (k: number) => openSeaWeight(41.5, -67.5 + k * STEP)],
      ['42.3 N, 67.5 to 65.5 W', (k: number) => openSeaWeight(42.3, -67.5 + k * STEP)],
      ['68 W, 41.5 to 39.5 N', (k: number) => openSeaWeight(41.5 - k * STEP, -68)],
      ['69.3 W, 41.5 to 39.5 N', (k: number) => openSeaWeight(41.5 - k * STEP, -69.3)],
      ['70.5 W, 41.2 to 40.5 N', (k: number) => openSeaWeight(41.2 - k * STEP, -70.5)],
    ] as const) {
      let worst = 0;
      for (let k = 1; k <= 400; k++) worst = Math.max(worst, Math.abs(at(k) - at(k - 1)));
      assert.ok(worst < 0.3, `${name}: a step of ${worst.toFixed(3)}`);
    }
    // Georges Bank east of 68 W is open sea, not the shore's.
    assert.ok(openSeaWeight(41.5, -67.5) > 0.95);
    assert.ok(openSeaWeight(40.95, -68) > 0.95);
  });
});

describe('the open sea’s wind and air', () => {
  it('blows harder at the Gulf of Maine buoy than the land fit alone, most in winter', () => {
    // NDBC 44005's 2012 record (mgimond/ES218's Data/buoy_44005_2012.dat): 8.6 m/s in January, 4.7 in July;
    // the land fit gave ~4 all year.
    const jan = mean(hourlySeries(BUOY_44005, hourOf('2026-01-01T00:00:00Z'), 28 * 24).map((s) => s.windSpeedKmh));
    const jul = mean(hourlySeries(BUOY_44005, hourOf('2026-07-01T00:00:00Z'), 28 * 24).map((s) => s.windSpeedKmh));
    assert.ok(jan / 3.6 > 5.5 && jan / 3.6 < 10, `January ${(jan / 3.6).toFixed(1)} m/s`);
    assert.ok(jul < jan && jul / 3.6 > 3, `July ${(jul / 3.6).toFixed(1)} m/s`);
  });

  it('brings the air part of the way toward the sea, never past it', () => {
    const h = hourOf('2026-01-15T12:00:00Z');
    const sea = waterTempC('newEngland', h);
    const open = { weight: 1, waters: [['newEngland', 1]], offLand: 1, fetchKm: 100, fetchGain: 1.2 } as const;
    const warmed = overSeaAirC(open, -10, h);
    assert.ok(warmed > -10 && warmed <= -10 + 1.5 + 1e-9 && warmed < sea);
    assert.equal(overSeaAirC({ ...open, weight: 0 }, -10, h), -10);
    assert.ok(overSeaAirC(open, sea + 0.5, h) < sea + 0.5 && overSeaAirC(open, sea + 0.5, h) >= sea);
  });
});

describe('the sea off Florida’s Gulf coast and the Keys', () => {
  const C10 = { lat: 27.17, lon: -82.93, elevationM: 0 }; // the West Florida Shelf, 25 nm off Venice
  const SAND_KEY = { lat: 24.45, lon: -81.88, elevationM: 0 }; // C-MAN SANF1, on the reef 10 km off Key West

  it('is what the data build makes of the shipped catalogue', () => {
    assert.ok(
      encodeLakeMask(seaMaskClasses(EAST_GULF_SEA)) === EAST_GULF_SEA_MASK_DATA,
      'stale: run npx tsx scripts/forecast-data/build-sea-mask.ts',
    );
  });

  it('puts Tampa, Pensacola and Texas’s and Louisiana’s waters off its sea, and fades it at the grid’s edge', () => {
    // The open Gulf reaches the grid's west and south edges: the share fades to 0 at them, no step off the grid.
    const { rows, cols } = EAST_GULF_SEA.grid;
    const onEdge: number[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++)
        if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) {
          const { south, west, step } = EAST_GULF_SEA.grid;
          onEdge.push(openSeaWeight(south + (r + 0.5) * step, west + (c + 0.5) * step));
        }
    assert.ok(Math.max(...onEdge) < 1e-9, `${Math.max(...onEdge)}`);
    let worst = 0;
    for (let k = 1; k <= 80; k++)
      worst = Math.max(
        worst,
        Math.abs(openSeaWeight(27.6, -88.4 - k * 0.005) - openSeaWeight(27.6, -88.4 - (k - 1) * 0.005)),
      );
    assert.ok(worst < 0.3, `a step of ${worst.toFixed(3)} toward the west edge`);
    assert.ok(openSeaWeight(C10.lat, C10.lon) > 0.95);
    assert.ok(openSeaWeight(SAND_KEY.lat, SAND_KEY.lon) > 0.8);
    for (const [lat, lon] of [
      [27.95, -82.46], // Tampa
      [30.42, -87.21], // Pensacola
      [29.0, -90.0], // Louisiana's waters: no water climatology here
      [28.0, -95.0], // Texas's
      [32.0, -79.5], // off Charleston
    ] as const)
      assert.equal(openSeaWeight(lat, lon), 0, `${lat},${lon}`);
  });

  it('gives the Keys’ and New England’s island towns the land’s terms, the reef and the buoy the sea’s', () => {
    // A cell was land only if its centre lay in a county, and the Keys are narrower than a cell: Key West's
    // airport had the open sea's share 0.70, Marathon 1.00, Islamorada 0.99, Block Island 0.98.
    for (const [name, lat, lon] of [
      ['Key West airport', 24.556, -81.759],
      ['Key West', 24.5552, -81.7816],
      ['Marathon', 24.7138, -81.0903],
      ['Marathon airport', 24.726, -81.051],
      ['Islamorada', 24.9243, -80.6278],
      ['Duck Key', 24.771, -80.912],
      ['Block Island (New Shoreham)', 41.1723, -71.5578],
    ] as const)
      assert.equal(openSeaPlace(lat, lon), undefined, `${name}: share ${openSeaWeight(lat, lon)}`);
    // Sand Key's light stands on the reef 10 km off Key West's shore: the shore's 5 km fade leaves it ~0.86.
    assert.ok(openSeaWeight(24.456, -81.877) > 0.8, `Sand Key ${openSeaWeight(24.456, -81.877)}`);
    assert.ok(openSeaWeight(BUOY_44005.lat, BUOY_44005.lon) > 0.99);
  });

  it('keeps the open Gulf beyond the offices’ 60 nm line open sea, not a shore', () => {
    // Off Tampa the share once faded to 0 at the 60 nm line (1.00 at 83.40 W, 0.19 at 83.70, none at 83.75): the
    // national centre's offshore zone counted as a shore. It is open sea to within ~15 km of the grid's west edge.
    for (let lon = -83.4; lon >= -88.6; lon -= 0.01)
      assert.ok(openSeaWeight(27.6, lon) >= 0.95, `27.6 N ${lon.toFixed(2)}: ${openSeaWeight(27.6, lon)}`);
    assert.ok(openSeaWeight(25.0, -85.0) >= 0.95);
  });

  it('joins two offices’ water across their line with no step, and keeps the share there', () => {
    // Tampa Bay's GMZ876 meets Miami's GMZ676 near 26.0 N: south along 82.6 W the water goes from St.
    // Petersburg's to Naples' climatology over a cell, and the open-sea share stays whole.
    const h = hourOf('2026-01-15T12:00:00Z');
    let worst = 0;
    let before = seaWaterC(openSeaPlace(26.2, -82.6)!, h);
    assert.ok(Math.abs(before - waterTempC('gulfTampaBay', h)) < 0.01);
    for (let k = 1; k <= 70; k++) {
      const place = openSeaPlace(26.2 - k * 0.005, -82.6)!;
      assert.ok(place.weight > 0.95, `${26.2 - k * 0.005}: ${place.weight}`);
      const now = seaWaterC(place, h);
      worst = Math.max(worst, Math.abs(now - before));
      before = now;
    }
    assert.ok(worst < 0.5, `a step of ${worst.toFixed(2)} °C`);
    assert.ok(Math.abs(before - waterTempC('gulfSouthwestFlorida', h)) < 0.01);
  });

  it('gusts as the water does over the open sea, as the land does ashore', () => {
    // WMO/TD-1555: a 3-s gust over a 10-min mean is 1.23 at sea, 1.52 off land (sea-water.ts, SEA_GUST_EXCESS).
    const ratio = (p: { lat: number; lon: number; elevationM: number }) => {
      const hours = hourlySeries(p, hourOf('2026-01-01T00:00:00Z'), 28 * 24).filter((s) => s.windSpeedKmh > 10);
      return mean(hours.map((s) => s.windGustKmh / s.windSpeedKmh));
    };
    for (const sea of [C10, SAND_KEY, BUOY_44005]) assert.ok(ratio(sea) < 1.3, `${sea.lat}: ${ratio(sea).toFixed(2)}`);
    for (const land of [{ lat: 27.95, lon: -82.46, elevationM: 10 }, BOSTON])
      assert.ok(ratio(land) > 1.35, `${land.lat}: ${ratio(land).toFixed(2)}`);
  });

  it('blows harder over the open Gulf than the land fit, most in the cold season', () => {
    const at = (iso: string) => mean(hourlySeries(C10, hourOf(iso), 28 * 24).map((s) => s.windSpeedKmh)) / 3.6;
    const jan = at('2026-01-01T00:00:00Z');
    const jul = at('2026-07-01T00:00:00Z');
    assert.ok(jan > 3.8 && jan < 8, `January ${jan.toFixed(1)} m/s`);
    assert.ok(jul < jan && jul > 2.5, `July ${jul.toFixed(1)} m/s`);
  });
});

describe('the open sea’s wind with the distance offshore', () => {
  it('grows from the shore’s to Hsu’s open-ocean ratio over tens of kilometres, without a step', () => {
    assert.equal(fetchGain(0), 1);
    assert.ok(Math.abs(fetchGain(1e6) - OPEN_OCEAN_GAIN) < 1e-9);
    // Eastward off Cape Ann, 0.005° (0.4 km) at a time, 160 km out: the gain grows for the first 80 km (then
    // other shores come nearer), by little a step.
    let before = openSeaPlace(42.63, -70.6)?.fetchGain ?? 1;
    let worst = 0;
    for (let k = 1; k <= 400; k++) {
      const gain = openSeaPlace(42.63, -70.6 + k * 0.005)?.fetchGain ?? 1;
      if (k <= 200) assert.ok(gain >= before, `${(-70.6 + k * 0.005).toFixed(3)}: ${gain} after ${before}`);
      worst = Math.max(worst, Math.abs(gain - before));
      before = gain;
    }
    assert.ok(worst < 0.01, `a step of ${worst.toFixed(4)}`);
    assert.ok(before > 1.2, `${before} far out`);
  });

  it('measures the buoys’ distance from a shore, not from specks of land in the open Gulf', () => {
    // NDBC 44005 ~75 km off Pemaquid Point; NDBC 42036 ~130 km off the Big Bend, where three cells in no zone
    // lie 60 km from it (28.64 N 83.9 W), no shore to the wind.
    const gulfOfMaine = openSeaPlace(BUOY_44005.lat, BUOY_44005.lon)!;
    assert.ok(gulfOfMaine.fetchKm > 70 && gulfOfMaine.fetchKm < 80, `${gulfOfMaine.fetchKm} km`);
    assert.ok(openSeaPlace(28.501, -84.508)!.fetchKm > 100);
  });

  it('gives the Keys’ waters, whose stations stand on islands in the sea, no gain', () => {
    assert.equal(openSeaPlace(24.45, -81.88)!.fetchGain, 1); // Sand Key
    assert.equal(openSeaPlace(24.2, -81.2)!.fetchGain, 1); // the Straits, 50 km off the Middle Keys
    assert.ok(openSeaPlace(27.17, -82.93)!.fetchGain > 1.1); // the West Florida Shelf, 25 nm off Venice
  });
});
