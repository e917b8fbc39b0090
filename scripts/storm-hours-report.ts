// Prints what the model's thunderstorm hours bring at the CONUS land zones' gridpoints (the places the alert
// cycle samples): how many there are, their gusts, hourly rain and chance, by region and by month; and their
// runs (consecutive thunderstorm hours at a zone): how long, how wet, and how many reach the criteria a
// storm-based warning would need from the grid (issue 38 items 4-5: a warning's text must read its numbers
// off the grid, so the grid's own tail sets how many warnings it can justify).
//
//   npx tsx scripts/storm-hours-report.ts                    every 6th office, every 6th day of 2026
//   npx tsx scripts/storm-hours-report.ts --every 3 --days 3 more offices and days (slower)
//   npx tsx scripts/storm-hours-report.ts --marine            every marine zone, by office and marine region,
//                                                             with the storm hours a year of one zone (per zone)
//
// Criteria: NOAA's severe thunderstorm, a gust of 58 mph or more ("NOAA classifies a storm as severe when it
// produces wind gusts of at least 58 mph and/or hail one inch in diameter", NOAA, "Severe storms",
// https://www.noaa.gov/explainers/severe-storms); a flash flood, a run's rain reaching the six-hour
// flash-flood guidance the Flood Watch uses (alert-rules.ts floodGuidance6hMm: 1 inch in the desert to 3 in
// the humid East).
import { conusLandZones, marineZones } from './forecast-data/storm-warning-counts.ts';
import { marineRegionOf } from '../domain/forecast/area-codes.ts';
import { zonePlace } from '../adapters/forecast/embedded/weather/alerts.ts';
import { floodGuidance6hMm } from '../adapters/forecast/embedded/weather/alert-rules.ts';
import {
  climateScratch,
  placeClimate,
  seasonalClimateInto,
  seasonDay,
} from '../adapters/forecast/embedded/weather/climate.ts';
import { placeHours, type WeatherSample } from '../adapters/forecast/embedded/weather/model.ts';
import { kmhToMph } from '../adapters/forecast/embedded/weather/units.ts';

const opt = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const every = opt('--every', 6);
const dayStep = opt('--days', 6);
const SEVERE_GUST_MPH = 58;
const HOUR_MS = 3_600_000;
/** A run starting late in a day is followed this many hours into the next. */
const TAIL_HOURS = 8;

interface Group {
  gustMph: number[];
  qpfMm: number[];
  pop: number[];
  runHours: number[];
  runRainMm: number[];
  severeRuns: number;
  floodRuns: number;
}
const groups = new Map<string, Group>();
const groupOf = (key: string): Group => {
  let g = groups.get(key);
  if (!g) {
    g = { gustMph: [], qpfMm: [], pop: [], runHours: [], runRainMm: [], severeRuns: 0, floodRuns: 0 };
    groups.set(key, g);
  }
  return g;
};
const isStorm = (s: WeatherSample | undefined) => s?.precipType === 'thunderstorms';

const marine = process.argv.includes('--marine');
const zones = marine ? marineZones() : conusLandZones(every);
/** How many of the zones each group holds (a marine group's storm hours are also given per zone). */
const zonesIn = new Map<string, number>();
const start = Date.UTC(2026, 0, 1) / HOUR_MS;
let days = 0;
for (let day = 0; day < 365; day += dayStep) days++;
const scratch = climateScratch();
for (const zone of zones) {
  const place = zonePlace(zone);
  const pc = placeClimate(place);
  const hours = placeHours(place);
  const region = marine
    ? `${marineRegionOf(zone.id.slice(0, 2)) ?? zone.id.slice(0, 2)} ${zone.officeId}`
    : zone.lon < -104
      ? 'West'
      : zone.lon < -94
        ? 'Plains'
        : 'East';
  for (const key of ['all', region]) zonesIn.set(key, (zonesIn.get(key) ?? 0) + 1);
  for (let day = 0; day < 365; day += dayStep) {
    const from = start + day * 24;
    const samples = hours(from - 1, 25 + TAIL_HOURS);
    const month = new Date(from * HOUR_MS).getUTCMonth();
    const keys = ['all', region, `month ${String(month + 1).padStart(2, '0')}`];
    const guidance = floodGuidance6hMm(seasonalClimateInto(pc, seasonDay(from + 12), scratch).moisture);
    for (let i = 1; i <= 24; i++) {
      const s = samples[i]!;
      if (!isStorm(s)) continue;
      for (const key of keys) {
        const g = groupOf(key);
        g.gustMph.push(kmhToMph(s.windGustKmh));
        g.qpfMm.push(s.qpfMm);
        g.pop.push(s.precipProbabilityPct);
      }
      if (isStorm(samples[i - 1])) continue;
      let end = i;
      let rain = 0;
      let gust = 0;
      for (; isStorm(samples[end]); end++) {
        rain += samples[end]!.qpfMm;
        gust = Math.max(gust, kmhToMph(samples[end]!.windGustKmh));
      }
      for (const key of keys) {
        const g = groupOf(key);
        g.runHours.push(end - i);
        g.runRainMm.push(rain);
        if (gust >= SEVERE_GUST_MPH) g.severeRuns++;
        if (rain >= guidance) g.floodRuns++;
      }
    }
  }
}

/** Per year over every CONUS land zone, from the sampled offices and days (every marine zone: `every` is 1). */
const scale = marine ? 1 : every;
const perYear = (n: number) => Math.round((n * scale * 365) / days);
const quantiles = (values: number[], digits: number) => {
  const v = [...values].sort((a, b) => a - b);
  const at = (f: number) => (v.length ? v[Math.floor(f * (v.length - 1))]!.toFixed(digits) : '-');
  return `${at(0.5)}/${at(0.9)}/${at(0.99)}`.padStart(15);
};
process.stdout.write(
  (marine
    ? `${zones.length} marine zones, ${days} days of 2026; counts a year over all zones, per zone the storm hours of one\n`
    : `${zones.length * every} CONUS land zones (every ${every}th office), ${days} days of 2026; counts a year over all zones\n`) +
    `quantiles are p50/p90/p99; severe runs reach a ${SEVERE_GUST_MPH} mph gust, flood runs the 6-hour flash-flood guidance\n\n` +
    `${'group'.padEnd(9)} ${'storm hours'.padStart(11)} ${'per zone'.padStart(8)} ${'gust mph'.padStart(15)} ${'qpf mm/h'.padStart(15)} ` +
    `${'chance %'.padStart(15)} ${'runs'.padStart(7)} ${'run hours'.padStart(15)} ${'run rain mm'.padStart(15)} ` +
    `${'severe'.padStart(7)} ${'flood'.padStart(6)}\n`,
);
for (const key of [...groups.keys()].sort()) {
  const g = groups.get(key)!;
  process.stdout.write(
    `${key.padEnd(9)} ${String(perYear(g.gustMph.length)).padStart(11)} ` +
      `${String(Math.round(perYear(g.gustMph.length) / scale / (zonesIn.get(key) ?? zones.length))).padStart(8)} ` +
      `${quantiles(g.gustMph, 0)} ` +
      `${quantiles(g.qpfMm, 1)} ${quantiles(g.pop, 0)} ${String(perYear(g.runHours.length)).padStart(7)} ` +
      `${quantiles(g.runHours, 0)} ${quantiles(g.runRainMm, 1)} ${String(perYear(g.severeRuns)).padStart(7)} ` +
      `${String(perYear(g.floodRuns)).padStart(6)}\n`,
  );
}
