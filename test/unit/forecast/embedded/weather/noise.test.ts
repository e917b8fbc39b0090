import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  gradientNoise3,
  LatticeCache,
  NoiseField,
  NoiseSet,
  scaledNoise,
  type NoiseScale,
} from '../../../../../adapters/forecast/embedded/weather/noise.ts';
import { hourlySeries } from '../../../../../adapters/forecast/embedded/weather/index.ts';

// The noise as first written (before LatticeCache kept a cell's gradients): every call hashes its eight
// corners. The cached noise must give exactly these numbers, bit for bit, or every forecast would move.
const GX = [1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0];
const GY = [1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1];
const GZ = [0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1];
const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
function referenceCorner(seed: number, ix: number, iy: number, iz: number, dx: number, dy: number, dz: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(iz, 0x2545f491) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  const g = ((h ^ (h >>> 16)) >>> 0) % 12;
  return GX[g]! * dx + GY[g]! * dy + GZ[g]! * dz;
}
function referenceNoise(seed: number, x: number, y: number, z: number): number {
  const x0 = Math.floor(x),
    y0 = Math.floor(y),
    z0 = Math.floor(z);
  const fx = x - x0,
    fy = y - y0,
    fz = z - z0;
  const u = fade(fx),
    v = fade(fy),
    w = fade(fz);
  const c = (i: number, j: number, k: number) => referenceCorner(seed, x0 + i, y0 + j, z0 + k, fx - i, fy - j, fz - k);
  return lerp(
    lerp(lerp(c(0, 0, 0), c(1, 0, 0), u), lerp(c(0, 1, 0), c(1, 1, 0), u), v),
    lerp(lerp(c(0, 0, 1), c(1, 0, 1), u), lerp(c(0, 1, 1), c(1, 1, 1), u), v),
    w,
  );
}

describe('noise: the lattice cache', () => {
  it('gives the uncached formula bit for bit, however calls hit and miss its cell', () => {
    // Walks that stay in a cell for a while (hits), step to the next (misses) and jump (misses), over seeds.
    const step = fc.record({
      dx: fc.double({ min: -0.7, max: 0.7, noNaN: true }),
      dy: fc.double({ min: -0.7, max: 0.7, noNaN: true }),
      dz: fc.double({ min: -0.7, max: 0.7, noNaN: true }),
      jump: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        (seed, x0, y0, z0, steps) => {
          const cache = new LatticeCache(seed);
          let x = x0,
            y = y0,
            z = z0;
          for (const s of steps) {
            if (s.jump) {
              x = -x * 3.1 + 17;
              y = y * 0.5 - 3;
            }
            x += s.dx;
            y += s.dy;
            z += s.dz;
            const expected = referenceNoise(seed, x, y, z);
            assert.ok(Object.is(cache.noise(x, y, z), expected), `seed ${seed} at ${x},${y},${z}`);
            assert.ok(Object.is(gradientNoise3(seed, x, y, z), expected));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a NoiseField is scaledNoise, with drift, scale and clamp, across hours at one place', () => {
    const scale: NoiseScale = { seed: 0x5ee1, lengthKm: 650, periodHours: 60, driftKmh: 30 };
    const field = new NoiseField(scale);
    for (let hour = 490_000; hour < 490_300; hour++) {
      const expected = Math.max(
        -1,
        Math.min(1, referenceNoise(scale.seed, (1234.5 - 30 * hour) / 650, 4321 / 650, hour / 60) * 1.6),
      );
      assert.ok(Object.is(field.at(1234.5, 4321, hour), expected));
      assert.ok(Object.is(scaledNoise(scale, { xKm: 1234.5, yKm: 4321, hours: hour }), expected));
    }
  });
});

describe('noise: a set of fields evaluated together', () => {
  it('gives each field its own scaledNoise, at its offset, bit for bit, hour after hour and place after place', () => {
    const pressure: NoiseScale = { seed: 0x5ee1, lengthKm: 650, periodHours: 60, driftKmh: 30 };
    const meso: NoiseScale = { seed: 0x3d17, lengthKm: 30, periodHours: 3 };
    const set = new NoiseSet([
      { scale: pressure },
      { scale: pressure, offsetKm: { dxKm: 25, dyKm: 0 } },
      { scale: meso },
      { scale: meso, offsetKm: { dxKm: 0, dyKm: -7.5 } },
    ]);
    fc.assert(
      fc.property(
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -3000, max: 8000, noNaN: true }),
        fc.integer({ min: 400_000, max: 600_000 }),
        (xKm, yKm, start) => {
          for (let hour = start; hour < start + 30; hour++) {
            set.evaluate({ xKm, yKm }, hour);
            assert.ok(Object.is(set.values[0], scaledNoise(pressure, { xKm, yKm, hours: hour })));
            assert.ok(Object.is(set.values[1], scaledNoise(pressure, { xKm: xKm + 25, yKm: yKm + 0, hours: hour })));
            assert.ok(Object.is(set.values[2], scaledNoise(meso, { xKm, yKm, hours: hour })));
            assert.ok(Object.is(set.values[3], scaledNoise(meso, { xKm: xKm + 0, yKm: yKm - 7.5, hours: hour })));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('weather model: pinned output', () => {
  it('gives the same samples as the model of 2026-11-26 (a digest over 600 places × 40 hours)', () => {
    // Speed-ups of the model must not move a single number: forecasts, alerts and recorded bundles rely
    // on it. If the model is changed on purpose, update the digest in the same commit and say why (2026-11-26:
    // the sun-tied diurnal cycle and the climate fitted to NOAA's normals, then the precipitation refitted on
    // every day of the normals' years, issue 38; then the tropical islands' wind fitted to the stations'
    // average speeds: only the places within reach of an island station moved; then the wind fitted at every
    // station that measured it, CONUS and Alaska included: every place within 600 km of one moved; then the
    // strong-wind tail stretched by region and season, wind-tail.ts: the windiest hours outside the tropics;
    // then each month's precipitation amounts brought to the normals, monthly-precip.ts: every wet hour within
    // reach of a normals station, its amount only; then Wake's and Johnston's wind, which no station there
    // measured, given the nearest measured station's fit: places within 600 km of Johnston Island moved; then
    // the Great Lakes' over-water wind and air, great-lakes-wind.ts: only places over the lakes' waters moved;
    // then (2026-11-27) the open sea off New England given the same terms, sea-water.ts, and the lakes' storms
    // their own season, lakeStormSeason: only places over New England's sea and the lakes' waters moved; then the
    // lakes' stability taken on the day's mean air, not the land's hour, great-lakes-wind.ts: only the lakes'
    // open waters' wind moved; then the lakes' storm season falling off after November, lakeStormSeason: only
    // the windiest hours over the lakes' waters from late November to early April moved; then (2026-11-28) the
    // thunderstorm hours over land given their storm cells' outflow gusts, model.ts stormOutflowKmh: only the
    // gusts of thunderstorm hours moved; then the climate fitted again after Yuma's normals were corrected,
    // three more rounds of fit-climate.ts on every day of the normals' years: every station's corrections moved
    // a little, Yuma's precipitation most; then the tropical islands' storms given a weaker outflow, model.ts
    // stormVigour: only the gusts of thunderstorm hours over Hawaii and the territories moved; then the gust
    // without the outflow kept as mixedGustKmh: a field added to every sample,
    // no number moved; then the thunderstorms given the central Plains' night maximum and the South's spring
    // season, convective-climate.ts: the hours whose convection moved there, their rain, sky, air and gusts, and
    // every wet hour's amount near them through the month's factor; then the Plains' afternoon storms given
    // back, the low-level jet's lift kept by day at 0.6 and the afternoon no longer weakened there: the same
    // region's convective hours moved again; then the warm season's moist inflow east of the Rockies,
    // climate.ts: the dewpoint and humidity of warm-season hours there moved, and the visibility where they
    // reached fog; the convection and the rain kept the dewpoint without it; then the training cells' heavy rain,
    // heavy-rain.ts, and the month's factor measured every hour where they can occur, monthly-precip.ts: the
    // amounts of warm wet hours east of the Rockies and in the monsoon moved, their months' totals held), and
    // again when the convection and the rain came to read the reported (moist) dewpoint, with a threshold raised
    // under the inflow (model.ts SHALLOW_INFLOW_C; the Plains' jet lift 7 °C, 0.45 by day), and when the
    // storms gained the fronts', the high terrain's and the spring's triggers and their shear (convective-climate.ts);
    // then the training hours' chance of rain raised with their factor and the West's cells timed by the day's
    // storms, heavy-rain.ts: the chance, sky and amount of those warm wet hours moved, their months' totals held;
    // then the spring storm season, convective-climate.ts: a spring low's warm sector raising the dewpoint east of
    // the Rockies from March to early June, the South's spring lift 10 -> 6 °C, the severe season's shear and the
    // air-mass storms' organisation over land 0.85 -> 0.78: the dewpoint, humidity and convection of those spring
    // hours and every thunderstorm hour's gust over land moved; then (2026-11-29) the open waters' distance
    // offshore on every coast, coast-distance.ts, the Great Lakes' stable summer days, lakeStableDay, the north's
    // June severe season and the Plains' night storms reaching the Ohio Valley, not the Appalachians'
    // east, convective-climate.ts, and half the terrain's lift in a storm's strength, model.ts: the convective
    // hours over water, the Great Lakes, the Midwest and the mountains moved, and their rain, sky, air and gusts).
    const hash = createHash('sha256');
    let s = 12345;
    const random = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
    for (let i = 0; i < 600; i++) {
      const place = { lat: -15 + random() * 90, lon: -180 + random() * 120, elevationM: random() * 3000 };
      const start = 440_000 + Math.floor(random() * 100_000);
      for (const sample of hourlySeries(place, start, 40)) hash.update(JSON.stringify(sample));
    }
    assert.equal(hash.digest('hex').slice(0, 16), PINNED);
  });
});

const PINNED = '19058f1c88bac0bc';
