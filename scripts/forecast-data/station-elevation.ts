// Station elevations. ws4kp's station list has none, so: the airport the
// station sits on (most ASOS/AWOS sites are airports), else an estimate from
// the terrain height GeoNames gives for the nearest populated place.

import { distanceMeters } from '../../adapters/forecast/embedded/catalogue/geometry.ts';
import type { OurAirport } from './build-deps.ts';

const FEET = 0.3048;
/** An airport record further than this from the station is a different place sharing the code. */
const AIRPORT_MATCH_METERS = 10_000;
/** Beyond this the nearest place's terrain says little about the station's. */
const TERRAIN_MATCH_METERS = 10_000;

export interface TerrainPoint {
  lat: number;
  lon: number;
  demMeters: number;
}

export interface ElevationResult {
  meters: number | null;
  source: 'a' | 't' | null;
}

interface AirportElevation {
  lat: number;
  lon: number;
  meters: number;
}

export class StationElevations {
  readonly #airports = new Map<string, AirportElevation>();
  readonly #terrain: Map<string, TerrainPoint[]>;

  constructor(ourAirports: readonly OurAirport[], terrain: readonly TerrainPoint[]) {
    for (const a of ourAirports) {
      if (a.iso_country !== 'US' || a.elevation_ft === '') continue;
      const rec = { lat: Number(a.latitude_deg), lon: Number(a.longitude_deg), meters: Number(a.elevation_ft) * FEET };
      for (const code of new Set([a.ident, a.gps_code])) if (code) this.#airports.set(code, rec);
      // FAA three-character ids stand for the K-prefixed ICAO id in the lower 48.
      if (a.local_code && a.local_code.length === 3) this.#airports.set(`K${a.local_code}`, rec);
    }
    this.#terrain = new Map();
    for (const t of terrain) {
      const key = cell(t.lat, t.lon);
      const list = this.#terrain.get(key);
      if (list) list.push(t);
      else this.#terrain.set(key, [t]);
    }
  }

  airport(id: string, lat: number, lon: number): number | null {
    const a = this.#airports.get(id);
    if (!a || distanceMeters(lat, lon, a.lat, a.lon) > AIRPORT_MATCH_METERS) return null;
    return a.meters;
  }

  terrainEstimate(lat: number, lon: number): number | null {
    let best: TerrainPoint | null = null;
    let bestD = TERRAIN_MATCH_METERS;
    const la = Math.floor(lat * 4);
    const lo = Math.floor(lon * 4);
    for (let i = la - 1; i <= la + 1; i++) {
      for (let j = lo - 1; j <= lo + 1; j++) {
        for (const t of this.#terrain.get(`${i},${j}`) ?? []) {
          const d = distanceMeters(lat, lon, t.lat, t.lon);
          if (d < bestD) {
            best = t;
            bestD = d;
          }
        }
      }
    }
    return best ? best.demMeters : null;
  }

  forStation(id: string, lat: number, lon: number): ElevationResult {
    const airport = this.airport(id, lat, lon);
    if (airport !== null) return { meters: Math.round(airport * 10) / 10, source: 'a' };
    const terrain = this.terrainEstimate(lat, lon);
    if (terrain !== null) return { meters: terrain, source: 't' };
    return { meters: null, source: null };
  }
}

function cell(lat: number, lon: number): string {
  return `${Math.floor(lat * 4)},${Math.floor(lon * 4)}`;
}
