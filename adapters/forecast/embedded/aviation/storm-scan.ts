import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { centerAt, type AviationCenter } from './aviation-centers.ts';
import type { Catalogue } from '../catalogue/types.ts';
import { embeddedDataDir } from '../data-dir.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { isPointOverWater } from '../grid/grid-cell.ts';
import { Lru } from '../shared/lru.ts';
import { synopticGustKmh, weatherAt, type Place, type WeatherSample } from '../weather/index.ts';

// Where the model has thunderstorms at an hour: a 1-degree lattice over the contiguous states (and the
// Gulf and Atlantic approaches), each point with the model's weather. CWAs and SIGMETs are drawn from it.
// A point over water has the water's weather (Place.overWater: marine-convection.ts's thunder), decided as
// the forecast decides it (grid-cell.ts isPointOverWater), so a SIGMET over the Gulf follows the storms
// its gridpoints and Special Marine Warnings show, not the land's.

export interface StormCell {
  readonly lat: number;
  readonly lon: number;
  readonly center: AviationCenter;
  /** Direction the storms move toward, degrees, from the model's wind (storms drift with it). */
  readonly movingTowardDeg: number;
  readonly speedKt: number;
}

/** The lattice's spacing, degrees of latitude and longitude, and its bounds. */
const STEP = 1;
const LATTICE = { south: 25, north: 49, west: -124, east: -67 } as const;

/** The lattice's places (land ones at 300 m, water ones at sea level) and its scans kept by hour. */
interface Lattice {
  readonly places: readonly Place[];
  readonly storms: Lru<number, readonly StormCell[]>;
  readonly air: Lru<number, readonly AirHazardCell[]>;
}
const lattices = new WeakMap<Catalogue, Lattice>();

/** The lattice of a catalogue, its points' over-water flags read from {@link LATTICE_WATER_FILE}. */
export function latticePlaces(deps: EmbeddedDeps): readonly Place[] {
  return latticeOf(deps).places;
}

export const LATTICE_WATER_FILE = 'aviation-lattice-water.json';

/** aviation-lattice-water.json: the lattice's bounds and step, and its points over water as [lat, lon] rows. */
export interface LatticeWaterFile {
  readonly format: 1;
  readonly step: number;
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
  readonly water: readonly (readonly [number, number])[];
}

/**
 * The lattice's points over water, as the forecast decides it (grid-cell.ts isPointOverWater), worked out: 366 of
 * 1,450, ~0.9-2.5 s on the main thread (a grid cell and its county, marine and offshore lookups per point).
 * scripts/forecast-data/build-lattice-water.ts writes them to {@link LATTICE_WATER_FILE}.
 */
export function latticeWaterFile(deps: EmbeddedDeps): LatticeWaterFile {
  const water: [number, number][] = [];
  for (let lat = LATTICE.south; lat <= LATTICE.north; lat += STEP)
    for (let lon = LATTICE.west; lon <= LATTICE.east; lon += STEP)
      if (isPointOverWater(deps, lat, lon)) water.push([lat, lon]);
  return { format: 1, step: STEP, ...LATTICE, water };
}

/**
 * The lattice's water points from {@link LATTICE_WATER_FILE}, or worked out where there is no file; a file of
 * another format or lattice throws (rebuild it), as zone-places.json does.
 */
function latticeWater(deps: EmbeddedDeps, file: string): ReadonlySet<string> {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No file: worked out.
  }
  const data = text === undefined ? latticeWaterFile(deps) : (JSON.parse(text) as LatticeWaterFile);
  const { format, step, south, north, west, east } = data;
  const sameLattice = step === STEP && south === LATTICE.south && north === LATTICE.north;
  if (format !== 1 || !sameLattice || west !== LATTICE.west || east !== LATTICE.east)
    throw new Error(`${file}: another format or lattice; rebuild (build-lattice-water.ts)`);
  return new Set(data.water.map(([lat, lon]) => `${lat},${lon}`));
}

function latticeOf(deps: EmbeddedDeps, file = join(embeddedDataDir(), LATTICE_WATER_FILE)): Lattice {
  let lattice = lattices.get(deps.catalogue);
  if (!lattice) {
    const water = latticeWater(deps, file);
    const places: Place[] = [];
    for (let lat = LATTICE.south; lat <= LATTICE.north; lat += STEP) {
      for (let lon = LATTICE.west; lon <= LATTICE.east; lon += STEP)
        places.push(
          water.has(`${lat},${lon}`) ? { lat, lon, elevationM: 0, overWater: true } : { lat, lon, elevationM: 300 },
        );
    }
    lattice = { places, storms: new Lru(96), air: new Lru(48) };
    lattices.set(deps.catalogue, lattice);
  }
  return lattice;
}

/** Each point of the lattice over the contiguous states, with the model's weather there at `hour`. */
function scanLattice(
  lattice: Lattice,
  hour: number,
  visit: (lat: number, lon: number, s: WeatherSample) => void,
): void {
  for (const place of lattice.places) visit(place.lat, place.lon, weatherAt(place, hour));
}

/** The lattice points with thunderstorms likely (precipitation type thunderstorms, chance ≥ 40%) at `hour`. */
export function stormsAt(deps: EmbeddedDeps, hour: number): readonly StormCell[] {
  const lattice = latticeOf(deps);
  return lattice.storms.getOrSet(hour, () => {
    const cells: StormCell[] = [];
    scanLattice(lattice, hour, (lat, lon, s) => {
      if (s.precipType !== 'thunderstorms' || s.precipProbabilityPct < 40) return;
      cells.push({
        lat,
        lon,
        center: centerAt(lat, lon),
        movingTowardDeg: (s.windDirectionDeg + 180) % 360,
        speedKt: Math.round(s.windSpeedKmh / 1.852 + 10),
      });
    });
    return cells;
  });
}

/** A closed ring around cells, half a step beyond their outer points: the advisory's area. */
export function areaAround(cells: readonly { lat: number; lon: number }[], step: number = STEP): number[][] {
  const lats = cells.map((c) => c.lat);
  const lons = cells.map((c) => c.lon);
  const [s, n, w, e] = [
    Math.min(...lats) - step / 2,
    Math.max(...lats) + step / 2,
    Math.min(...lons) - step / 2,
    Math.max(...lons) + step / 2,
  ];
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
}

/** Non-convective SIGMET hazards: severe icing and severe turbulence (AWC's non-convective SIGMETs). */
export type AirHazard = 'icing' | 'turbulence';

export interface AirHazardCell {
  readonly lat: number;
  readonly lon: number;
  readonly hazard: AirHazard;
}

/**
 * Where the model's weather implies severe icing or turbulence at an hour, on a 1-degree lattice over the
 * contiguous states. Icing: a deep, wet overcast near freezing (sky ≥ 70%, a 40% chance of precipitation, surface
 * −15 to +4 °C: supercooled water in the cloud above). Turbulence: gusts of 40 kt or more at the surface
 * outside thunderstorms (a storm's own gusts are the convective SIGMET's: synopticGustKmh), the strong low-level wind that brings moderate-or-greater turbulence and mountain waves aloft. These are
 * the model's own fields, so an area's SIGMET is what its forecasts show.
 */
export function airHazardsAt(deps: EmbeddedDeps, hour: number): readonly AirHazardCell[] {
  const lattice = latticeOf(deps);
  return lattice.air.getOrSet(hour, () => {
    const cells: AirHazardCell[] = [];
    scanLattice(lattice, hour, (lat, lon, s) => {
      if (isIcing(s)) cells.push({ lat, lon, hazard: 'icing' });
      if (isTurbulent(s)) cells.push({ lat, lon, hazard: 'turbulence' });
    });
    return cells;
  });
}

export function isIcing(s: WeatherSample): boolean {
  return s.skyCoverPct >= 70 && s.precipProbabilityPct >= 40 && s.temperatureC >= -15 && s.temperatureC <= 4;
}

export function isTurbulent(s: WeatherSample): boolean {
  return synopticGustKmh(s) >= 40 * 1.852;
}
