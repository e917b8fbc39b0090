import { centerAt, type AviationCenter } from './aviation-centers.ts';
import { Lru } from './lru.ts';
import { weatherAt } from './weather/index.ts';

// Where the model has thunderstorms at an hour: a 1-degree lattice over the contiguous states (and the
// Gulf and Atlantic approaches), each point with the model's weather. CWAs and SIGMETs are drawn from it.

export interface StormCell {
  readonly lat: number;
  readonly lon: number;
  readonly center: AviationCenter;
  /** Direction the storms move toward, degrees, from the model's wind (storms drift with it). */
  readonly movingTowardDeg: number;
  readonly speedKt: number;
}

const STEP = 1;
const scans = new Lru<number, readonly StormCell[]>(96);

/** The lattice points with thunderstorms likely (precipitation type thunderstorms, chance ≥ 40%) at `hour`. */
export function stormsAt(hour: number): readonly StormCell[] {
  return scans.getOrSet(hour, () => {
    const cells: StormCell[] = [];
    for (let lat = 25; lat <= 49; lat += STEP) {
      for (let lon = -124; lon <= -67; lon += STEP) {
        const s = weatherAt({ lat, lon, elevationM: 300 }, hour);
        if (s.precipType !== 'thunderstorms' || s.precipProbabilityPct < 40) continue;
        cells.push({
          lat,
          lon,
          center: centerAt(lat, lon),
          movingTowardDeg: (s.windDirectionDeg + 180) % 360,
          speedKt: Math.round(s.windSpeedKmh / 1.852 + 10),
        });
      }
    }
    return cells;
  });
}

/** A closed ring around cells, half a step beyond their outer points: the advisory's area. */
export function areaAround(cells: readonly StormCell[]): number[][] {
  const lats = cells.map((c) => c.lat);
  const lons = cells.map((c) => c.lon);
  const [s, n, w, e] = [
    Math.min(...lats) - STEP / 2,
    Math.max(...lats) + STEP / 2,
    Math.min(...lons) - STEP / 2,
    Math.max(...lons) + STEP / 2,
  ];
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
}
