// The model's storm-based warnings (Severe Thunderstorm, Tornado, Flash Flood; over water the Special Marine
// Warning) counted as the alert cycles issue them: every CONUS land zone's hourly weather (the gridpoint the
// cycle samples, zone-place.ts) run through stormStarts() (a marine zone's through specialMarineStarts()) over
// whole days sampled alike through 2026, scaled to a year; by month and by hour UTC, and the Special Marine
// Warnings by marine region. What scripts/storm-warning-report.ts prints (issue 38).
import { marineRegionOf } from '../../domain/forecast/area-codes.ts';
import { alertZonesByOffice } from '../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { zoneWeatherPlace } from '../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { hasForecastGrid } from '../../adapters/forecast/embedded/grid/grid-cell.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import type { AlertFeature, AlertZone, WeatherSample } from '../../adapters/forecast/embedded/weather/index.ts';
import { placeHours } from '../../adapters/forecast/embedded/weather/model.ts';
import { CYCLE_PHASE, zonePlace } from '../../adapters/forecast/embedded/weather/alerts.ts';
import { specialMarineStarts } from '../../adapters/forecast/embedded/weather/marine-storm-warnings.ts';
import {
  numberedStormWarnings,
  stormCycle,
  stormStarts,
  type StormRequest,
} from '../../adapters/forecast/embedded/weather/storm-warnings.ts';

const HOUR = 3_600_000;

/** One zone's storm-based warnings over a request's hours (a marine zone's Special Marine Warnings), numbered as the cycles number them. */
const stormWarnings = (request: StormRequest): AlertFeature[] =>
  numberedStormWarnings((request.zone.marine ? specialMarineStarts : stormStarts)(request), CYCLE_PHASE, '');
const NOT_CONUS = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP']);
export const STORM_KINDS = ['Severe Thunderstorm Warning', 'Tornado Warning', 'Flash Flood Warning'] as const;
export type StormKindName = (typeof STORM_KINDS)[number];

/** The zones the server's cycle covers, every `every`-th office (1: all). */
function servedZones(every: number): AlertZone[] {
  const loaded = loadEmbeddedDeps({ now: () => new Date(0) });
  const deps = { ...loaded, clock: { now: () => new Date('2026-01-01T00:00:00Z') } };
  return alertZonesByOffice(loaded.catalogue, (o) => hasForecastGrid(deps, o), zoneWeatherPlace(deps))
    .filter((_, i) => i % every === 0)
    .flat();
}

/** The land zones the server's cycle covers, every `every`-th office (1: all). */
function landZones(every: number): AlertZone[] {
  return servedZones(every).filter((z) => !z.marine);
}

/** Every marine zone the server's cycle covers (coastal waters, the Great Lakes, the offshore waters it serves). */
export function marineZones(): AlertZone[] {
  return servedZones(1).filter((z) => z.marine);
}

/** Every CONUS land zone the server's cycle covers, every `every`-th office (1: all). */
export function conusLandZones(every = 1): AlertZone[] {
  return landZones(every).filter((z) => !NOT_CONUS.has(z.state));
}

/** Every land zone of Hawaii and the territories (PR, VI, GU, MP, AS) the server's cycle covers. */
export function islandLandZones(): AlertZone[] {
  return landZones(1).filter((z) => NOT_CONUS.has(z.state) && z.state !== 'AK');
}

export interface StormCounts {
  readonly zones: number;
  readonly days: number;
  /** Warnings a year (scaled from the sampled days and offices) by kind, month (0–11) and hour UTC (0–23). */
  readonly byMonth: Record<StormKindName, number[]>;
  readonly byHour: Record<StormKindName, number[]>;
  readonly perYear: Record<StormKindName, number>;
  /** Warnings a year by kind west of 104° W (the Rockies and west), on the Plains to 94° W, and in the East. */
  readonly byRegion: Record<StormKindName, { West: number; Plains: number; East: number }>;
  /** Warnings a year by kind and state, and by month in each of {@link FLOOD_REGIONS} (flash floods' regions). */
  readonly byState: Record<StormKindName, Record<string, number>>;
  readonly byFloodRegion: Record<StormKindName, Record<FloodRegion, number[]>>;
}

/**
 * The regions flash flood warnings are counted by: where the NWS's come most (the Southwest's monsoon, Texas, the
 * Ozarks, the Appalachians, the Gulf coast; heavy-rain.ts) and the rest.
 */
export const FLOOD_REGIONS = {
  Southwest: ['AZ', 'NM', 'UT', 'NV', 'CO'],
  'Texas-Oklahoma': ['TX', 'OK'],
  'Ozarks-Ohio Valley': ['MO', 'AR', 'TN', 'KY', 'IL', 'IN', 'OH'],
  'Gulf-Southeast': ['LA', 'MS', 'AL', 'GA', 'FL', 'SC', 'NC'],
  'Appalachians-Northeast': ['WV', 'VA', 'MD', 'DC', 'DE', 'PA', 'NJ', 'NY', 'CT', 'RI', 'MA', 'VT', 'NH', 'ME'],
  'Plains-Upper Midwest': ['KS', 'NE', 'IA', 'SD', 'ND', 'MN', 'WI', 'MI', 'WY', 'MT'],
  'Pacific-Northwest': ['CA', 'OR', 'WA', 'ID'],
} as const;
export type FloodRegion = keyof typeof FLOOD_REGIONS;

/** The {@link FLOOD_REGIONS} region of a state. */
export function floodRegionOf(state: string): FloodRegion {
  const found = Object.entries(FLOOD_REGIONS).find(([, states]) => (states as readonly string[]).includes(state));
  return (found?.[0] ?? 'Pacific-Northwest') as FloodRegion;
}

/**
 * Every storm-based warning sent on the days `dayStep` apart through 2026 (day 1, 1 + dayStep, …) at `zones`,
 * with its zone: each day's 24 hours, the hours before it read where a storm began before midnight (a storm
 * running into midnight is not warned twice) and the 6 after it where a warning runs past.
 */
export function eachStormWarning(
  zones: readonly AlertZone[],
  dayStep: number,
  visit: (zone: AlertZone, alert: AlertFeature) => void,
): void {
  const start = Date.UTC(2026, 0, 1) / HOUR;
  for (const zone of zones) {
    const hours = placeHours(zonePlace(zone));
    const earlier = (hour: number) => hours(hour, 1)[0]!;
    for (let day = 0; day < 365; day += dayStep) {
      const from = start + day * 24;
      const samples = hours(from, 24 + 6);
      const request = { zone, firstHour: from, samples, fromHour: from, toHour: from + 24, earlier };
      for (const alert of stormWarnings(request)) visit(zone, alert);
    }
  }
}

/** A warning's valid time (epoch ms) and its zone's hours over it, from the hour it is sent in to the hour it ends. */
export function warnedHours(
  zone: AlertZone,
  alert: AlertFeature,
): { sent: number; ends: number; hours: WeatherSample[] } {
  const sent = Date.parse(alert.properties.sent);
  const ends = Date.parse(alert.properties.ends);
  const from = Math.floor(sent / HOUR);
  const hours = placeHours(zonePlace(zone));
  return { sent, ends, hours: hours(from, Math.ceil(ends / HOUR) - from) };
}

/**
 * Counts of {@link eachStormWarning}'s warnings, scaled to a year. `scale` takes the zones counted to every
 * CONUS land zone (e.g. 3 with every third office).
 */
export function stormCounts(zones: readonly AlertZone[], dayStep: number, scale = 1): StormCounts {
  const zeros = (n: number) =>
    Object.fromEntries(STORM_KINDS.map((k) => [k, new Array<number>(n).fill(0)])) as Record<StormKindName, number[]>;
  const byMonth = zeros(12);
  const byHour = zeros(24);
  const byRegion = Object.fromEntries(
    STORM_KINDS.map((k) => [k, { West: 0, Plains: 0, East: 0 }]),
  ) as StormCounts['byRegion'];
  const byState = Object.fromEntries(STORM_KINDS.map((k) => [k, {}])) as StormCounts['byState'];
  const byFloodRegion = Object.fromEntries(
    STORM_KINDS.map((k) => [
      k,
      Object.fromEntries(Object.keys(FLOOD_REGIONS).map((r) => [r, new Array<number>(12).fill(0)])),
    ]),
  ) as StormCounts['byFloodRegion'];
  let days = 0;
  for (let day = 0; day < 365; day += dayStep) days++;
  const weight = (365 / days) * scale;
  eachStormWarning(zones, dayStep, (zone, alert) => {
    const event = alert.properties.event as StormKindName;
    const d = new Date(Date.parse(alert.properties.sent));
    byMonth[event][d.getUTCMonth()]! += weight;
    byHour[event][d.getUTCHours()]! += weight;
    byRegion[event][zone.lon < -104 ? 'West' : zone.lon < -94 ? 'Plains' : 'East'] += weight;
    byState[event][zone.state] = (byState[event][zone.state] ?? 0) + weight;
    byFloodRegion[event][floodRegionOf(zone.state)][d.getUTCMonth()]! += weight;
  });
  const perYear = Object.fromEntries(STORM_KINDS.map((k) => [k, byMonth[k].reduce((a, b) => a + b, 0)])) as Record<
    StormKindName,
    number
  >;
  return { zones: zones.length * scale, days, byMonth, byHour, perYear, byRegion, byState, byFloodRegion };
}

/** How many storm-based warnings are in force over `zones` at each instant (epoch ms) of `at`. */
export function activeStormWarnings(zones: readonly AlertZone[], at: readonly number[]): number[] {
  return at.map((ms) => {
    const hour = Math.floor(ms / HOUR);
    // A flash flood warning lasts 6 hours at most: its storm may have begun that long before.
    const from = hour - 6;
    let n = 0;
    for (const zone of zones) {
      const hours = placeHours(zonePlace(zone));
      const samples = hours(from, 13);
      const earlier = (h: number) => hours(h, 1)[0]!;
      for (const a of stormWarnings({
        zone,
        firstHour: from,
        samples,
        fromHour: from,
        toHour: hour + 1,
        earlier,
      }))
        if (Date.parse(a.properties.sent) <= ms && ms < Date.parse(a.properties.ends)) n++;
    }
    return n;
  });
}

/** The Special Marine Warnings of {@link marineStormCounts}, a year's. */
export interface MarineStormCounts {
  readonly zones: number;
  /** The days sampled. */
  readonly days: number;
  readonly perYear: number;
  /** By marine region (area-codes.ts: AT the Atlantic, GM the Gulf, GL the Great Lakes, PA, PI, AK). */
  readonly byRegion: Record<string, number>;
  /** By marine area (AM, AN, GM, LM…). */
  readonly byArea: Record<string, number>;
  /** By office (MFL, KEY…). */
  readonly byOffice: Record<string, number>;
  /**
   * By office, the hours in which it sends one or more: its products, near enough (an NWS product names every zone
   * one storm crosses, and its ETN counts products, which the offices' yearly MA.W numbers can be set against).
   */
  readonly productsByOffice: Record<string, number>;
  /** By office, the epoch hours of those products (on the sampled days, oldest first). */
  readonly productHours: Record<string, number[]>;
  /** By month, 0–11. */
  readonly byMonth: number[];
}

/** The Special Marine Warnings {@link eachStormWarning} finds at marine `zones`, every `dayStep`-th day, a year's. */
export function marineStormCounts(zones: readonly AlertZone[], dayStep: number): MarineStormCounts {
  let days = 0;
  for (let day = 0; day < 365; day += dayStep) days++;
  const weight = 365 / days;
  const add = (to: Record<string, number>, key: string) => (to[key] = (to[key] ?? 0) + weight);
  const counts = {
    zones: zones.length,
    days,
    perYear: 0,
    byRegion: {},
    byArea: {},
    byOffice: {},
    productsByOffice: {},
    productHours: {} as Record<string, number[]>,
    byMonth: new Array<number>(12).fill(0),
  };
  const sentHours = new Set<string>();
  eachStormWarning(zones, dayStep, (zone, alert) => {
    if (alert.properties.event !== 'Special Marine Warning') return;
    const area = zone.id.slice(0, 2);
    counts.perYear += weight;
    add(counts.byRegion, marineRegionOf(area) ?? area);
    add(counts.byArea, area);
    add(counts.byOffice, zone.officeId);
    const hour = Math.floor(Date.parse(alert.properties.sent) / HOUR);
    const product = `${zone.officeId}|${hour}`;
    if (!sentHours.has(product)) {
      add(counts.productsByOffice, zone.officeId);
      (counts.productHours[zone.officeId] ??= []).push(hour);
    }
    sentHours.add(product);
    counts.byMonth[new Date(Date.parse(alert.properties.sent)).getUTCMonth()]! += weight;
  });
  return counts;
}

/** An office's storms of a kind (VTEC phenomenon: SV, TO, FF, MA) in one 12-hour cycle of a year. */
export interface OfficeCycleStorms {
  readonly office: string;
  readonly phenomenon: string;
  /** The cycle of the year, from its first hour (storm-warnings.ts, stormCycle): 0 to 732. */
  readonly cycle: number;
  readonly storms: number;
}

/**
 * Every office-cycle of `year` with a storm of a kind at `zones`, found from every hour of the year as the alert
 * cycles find them (stormStarts, specialMarineStarts), before they are numbered: what the storm-based warnings'
 * event tracking numbers (storm-warnings.ts, stormEtn) must cover. Most storms first.
 */
export function stormsByOfficeCycle(zones: readonly AlertZone[], year: number): OfficeCycleStorms[] {
  const from = Date.UTC(year, 0, 1) / HOUR;
  const to = Date.UTC(year + 1, 0, 1) / HOUR;
  const counts = new Map<string, OfficeCycleStorms>();
  for (const zone of zones) {
    const hours = placeHours(zonePlace(zone));
    const request = {
      zone,
      firstHour: from,
      samples: hours(from, to - from + 6),
      fromHour: from,
      toHour: to,
      earlier: (hour: number) => hours(hour, 1)[0]!,
    };
    for (const start of (zone.marine ? specialMarineStarts : stormStarts)(request)) {
      const cycle = stormCycle(start.hour, CYCLE_PHASE);
      const key = `${zone.officeId}|${start.rule.phenomenon}|${cycle}`;
      const seen = counts.get(key) ?? { office: zone.officeId, phenomenon: start.rule.phenomenon, cycle, storms: 0 };
      counts.set(key, { ...seen, storms: seen.storms + 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.storms - a.storms);
}

/** Every zone the server's cycle covers but Alaska's: land and marine, CONUS, the islands and the waters. */
export function zonesButAlaska(): AlertZone[] {
  return servedZones(1).filter((z) => z.state !== 'AK');
}
