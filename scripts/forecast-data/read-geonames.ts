// US populated places from the GeoNames cities500 dump: the "relative
// location" list, and terrain heights (GeoNames `dem` column) for station
// elevation estimates.

import { readFileSync } from 'node:fs';
import type { TerrainPoint } from './station-elevation.ts';

/** Territories are separate countries in GeoNames; NWS treats them as states. */
const TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);
/** Sections of places, abandoned, historical and destroyed places are not towns to name. */
const SKIP_CODES = new Set(['PPLX', 'PPLQ', 'PPLH', 'PPLW', 'PPLCH']);

export interface GeoNamesPlace {
  name: string;
  state: string;
  lat: number;
  lon: number;
  population: number;
  demMeters: number | null;
}

export function readGeoNamesUs(path: string): GeoNamesPlace[] {
  const out: GeoNamesPlace[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const f = line.split('\t');
    const country = f[8] ?? '';
    if (country !== 'US' && !TERRITORIES.has(country)) continue;
    if (f[6] !== 'P' || SKIP_CODES.has(f[7] ?? '')) continue;
    const state = country === 'US' ? (f[10] ?? '') : country;
    if (!/^[A-Z]{2}$/.test(state)) continue;
    const population = Number(f[14]) || 0;
    // cities500 also lists seats of government below 500 people; unpeopled ones are buildings, not towns.
    if (population === 0) continue;
    // dem -9999 marks "no data" (mostly over water).
    const dem = Number(f[16]);
    out.push({
      name: f[1] ?? '',
      state,
      lat: Number(f[4]),
      lon: Number(f[5]),
      population,
      demMeters: Number.isFinite(dem) && dem > -1000 && f[16] !== '' ? dem : null,
    });
  }
  return out;
}

export function terrainPoints(places: readonly GeoNamesPlace[]): TerrainPoint[] {
  return places.flatMap((p) => (p.demMeters === null ? [] : [{ lat: p.lat, lon: p.lon, demMeters: p.demMeters }]));
}
