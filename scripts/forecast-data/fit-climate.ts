// Fits the climatology's corrections to NOAA's station normals and writes them to
// adapters/forecast/embedded/weather/climate-fit-data.ts (see climate-field.ts for how the model uses them).
//
//   npx tsx scripts/forecast-data/fit-climate.ts [--iterations 8] [--stride 3] [--years 1981,1982,...] [--continue]
//     [--wind-only]
//
// The model is run at every station over whole years, its mean daily high and low, monthly precipitation
// and wet days measured as the normals are (normals.ts), and each station's corrections moved by the
// errors: the mean by the mean error of high and low, half the range by half their difference (over the
// share of the range that clear and cloudy days pass on), the storminess by the error in wet days, the
// intensity by the ratio of the amounts, the wind (at every station that measured it, see WIND_FITTED) by the
// ratio of the model's mean wind to the average speed the station measured. The corrections are interpolated between stations as the model
// interpolates them, so each round fits the field the model will use. Deterministic: the same inputs give
// the same file. With --wind-only (which implies --continue) the rounds fit the wind alone and keep the
// shipped temperature and precipitation corrections as they are: the wind feeds back on neither.
// Each station's normal precipitation is packed with its corrections, unfitted: what the model brings
// each month's amount to (adapters/forecast/embedded/weather/monthly-precip.ts). So within the stations'
// reach the intensity correction no longer sets a month's amount, only how it spreads over the month's
// hours and what lies beyond them. `--continue --iterations 0` packs the shipped fit again, unchanged, with
// the normals of today's normals.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  activeClimateField,
  ClimateField,
  encodeClimateField,
  REACH_KM,
  useClimateField,
} from '../../adapters/forecast/embedded/weather/climate-field.ts';
import {
  flag,
  loadNormals,
  measureStation,
  option,
  TemperatureErrors,
  yearsOption,
  type NormalsStation,
} from './normals.ts';

const iterations = Number(option('iterations') ?? 8);
const years = yearsOption();
/** Every stride-th day of those years is sampled (see measureStation). */
const stride = Number(option('stride') ?? 3);
const windOnly = flag('wind-only');
const OUT = join(import.meta.dirname, '..', '..', 'adapters', 'forecast', 'embedded', 'weather', 'climate-fit-data.ts');

/** How much of a change in half the range reaches the mean daily high and low (cloud damps the cycle). */
const RANGE_GAIN = 0.75;
/** Wet days per month gained per unit of storminess, roughly, near the middle of the range. */
const WET_DAYS_PER_STORM = 25;
/** Share of each round's error corrected: below 1, so stations close together settle rather than swing. */
const STEP = 0.85;

/**
 * The stations whose wind is fitted: every one with an average wind speed in the normals. The analytic wind
 * ran 1.3 to 2.6 times the measured averages at the tropical islands (Honolulu 17.7 mph against 10.3), and
 * over CONUS and Alaska a median 1.3 times (Miami 12.9 mph mean against 8.4, Phoenix 11.4 against 6.1,
 * Fairbanks 9.2 against 4.4), with Boston and other windy coasts below theirs.
 */
const WIND_FITTED = (s: NormalsStation) => s.windMph !== null;

interface Mutable {
  lat: number;
  lon: number;
  elevationM: number;
  meanC: number[];
  halfRangeC: number[];
  storm: number[];
  logIntensity: number[];
  logWind: number[];
  normalPrecipIn: number[];
}

const stations: readonly NormalsStation[] = loadNormals();
// With --continue, the rounds start from the shipped fit (when it is of the same stations), else from none.
const shipped = flag('continue') || windOnly ? activeClimateField()?.stations : undefined;
if (windOnly && !shipped) throw new Error('--wind-only needs a shipped fit to keep');
const corrections: Mutable[] = stations.map((s, i) => {
  const from = shipped?.[i]?.lat === s.lat && shipped[i].lon === s.lon ? shipped[i] : undefined;
  return {
    lat: s.lat,
    lon: s.lon,
    elevationM: s.elevationM,
    meanC: from ? [...from.meanC] : new Array<number>(12).fill(0),
    halfRangeC: from ? [...from.halfRangeC] : new Array<number>(12).fill(0),
    storm: from ? [...from.storm] : new Array<number>(12).fill(0),
    logIntensity: from ? [...from.logIntensity] : new Array<number>(12).fill(0),
    logWind: from ? [...from.logWind] : new Array<number>(12).fill(0),
    normalPrecipIn: [...s.prcpIn],
  };
});

const clampTo = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));

for (let round = 1; round <= iterations; round++) {
  useClimateField(new ClimateField(corrections));
  const temperature = new TemperatureErrors();
  let sumPrecip = 0;
  let sumWind = 0;
  let nWind = 0;
  const started = Date.now();
  stations.forEach((s, i) => {
    if (windOnly && !WIND_FITTED(s)) return;
    const model = measureStation(s, years, stride);
    const c = corrections[i]!;
    if (WIND_FITTED(s))
      for (let m = 0; m < 12; m++) {
        const ratio = model.windMph[m]! / s.windMph![m]!;
        c.logWind[m] = clampTo(c.logWind[m]! - STEP * Math.log(ratio), 2);
        sumWind += Math.abs(Math.log(ratio));
        nWind++;
      }
    if (windOnly) return;
    for (let m = 0; m < 12; m++) {
      const { highF, lowF } = temperature.add(s, model, m);
      const [eHigh, eLow] = [highF / 1.8, lowF / 1.8]; // °C, as the corrections are
      c.meanC[m]! -= (STEP * (eHigh + eLow)) / 2;
      c.halfRangeC[m]! -= (STEP * (eHigh - eLow)) / 2 / RANGE_GAIN;
      if (s.wetDays) {
        const eWet = model.wetDays[m]! - s.wetDays[m]!;
        c.storm[m] = clampTo(c.storm[m]! - (STEP * eWet) / WET_DAYS_PER_STORM, 1.5);
      }
      // A trace of a normal (0.01 in) still counts: the ratio is taken with 0.02 in added to both.
      const ratio = (model.precipIn[m]! + 0.02) / (s.prcpIn[m]! + 0.02);
      c.logIntensity[m] = clampTo(c.logIntensity[m]! - STEP * Math.log(ratio), 4);
      sumPrecip += Math.abs(Math.log(ratio));
    }
  });
  const windError = `wind ${((Math.exp(sumWind / Math.max(1, nWind)) - 1) * 100).toFixed(1)}% at ${nWind / 12} stations`;
  if (windOnly) {
    process.stdout.write(`round ${round}: ${windError} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    continue;
  }
  process.stdout.write(
    `round ${round}: mean |error| high ${temperature.meanAbsHighF.toFixed(2)} °F, ` +
      `low ${temperature.meanAbsLowF.toFixed(2)} °F, worst ${temperature.worstF.toFixed(1)} °F, ` +
      `precipitation ${((Math.exp(sumPrecip / temperature.months) - 1) * 100).toFixed(1)}%, ${windError} ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}

/**
 * A station that measured no wind, with no station that did within the field's reach, would keep the analytic
 * wind, which runs 1.2 to 3 times the measured averages at every tropical island: Wake Island's trade wind came
 * out near 16 kt all year, its Small Craft Advisories on most cycles. Such a station takes the wind correction
 * of the nearest station that measured one (Wake: Kwajalein, a flat atoll in the same trades 1,200 km south).
 * Stations within reach of a measured one keep theirs: the fit has already settled them with their neighbours.
 */
function borrowRemoteWind(): void {
  const km = (a: NormalsStation, b: NormalsStation) => {
    const dLat = (a.lat - b.lat) * 111.195;
    const dLon = (((((a.lon - b.lon) % 360) + 540) % 360) - 180) * 111.195 * Math.cos((a.lat * Math.PI) / 180);
    return Math.hypot(dLat, dLon);
  };
  const fitted = stations.flatMap((s, i) => (WIND_FITTED(s) ? [i] : []));
  stations.forEach((s, i) => {
    if (WIND_FITTED(s) || fitted.length === 0) return;
    const nearest = fitted.reduce((a, b) => (km(s, stations[b]!) < km(s, stations[a]!) ? b : a));
    if (km(s, stations[nearest]!) < REACH_KM) return;
    corrections[i]!.logWind = [...corrections[nearest]!.logWind];
  });
}
borrowRemoteWind();

const packed = encodeClimateField(new ClimateField(corrections));
const run = `years ${years[0]}-${years[years.length - 1]}, every ${stride} days, ${iterations} rounds`;
/** The shipped file's header lines, but those that start with `drop`. */
const shippedHeader = (drop: string) =>
  readFileSync(OUT, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('// ') && !line.startsWith(drop))
    .join('\n');
// A wind-only run keeps the line that says how the rest was fitted, and adds its own; a run of no rounds
// (a repacking) keeps them all.
const header = windOnly
  ? `${shippedHeader('// Wind refitted')}\n// Wind refitted with --wind-only (${run}).\n`
  : iterations === 0 && shipped
    ? `${shippedHeader('// Repacked')}\n// Repacked with each station's normal precipitation (no rounds).\n`
    : `// Generated by scripts/forecast-data/fit-climate.ts (${stations.length} NOAA normals stations, ` +
      `${run}${shipped ? ' continuing the previous fit' : ''}): do not edit by hand.\n`;
writeFileSync(
  OUT,
  header +
    `/** The fitted climate corrections (see climate-field.ts), packed as JSON text; empty: none. */\n` +
    `export const CLIMATE_FIT_DATA =\n  '${JSON.stringify(packed)}';\n`,
);
process.stdout.write(`wrote ${OUT}\n`);
