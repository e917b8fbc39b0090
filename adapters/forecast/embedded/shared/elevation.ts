import type { Catalogue } from '../catalogue/types.ts';

/**
 * Ground elevation estimate, metres. The catalogue has no terrain model, only station elevations, so a
 * cell's elevation is the inverse-distance-squared mean of the nearest stations with a known elevation:
 * smooth between stations, exact at a station, and right to within tens of metres on plains (mountain
 * cells can be off by hundreds; it is an estimate, and the gridpoint says only what it is).
 */
export function estimateElevation(catalogue: Catalogue, lat: number, lon: number): number {
  let weight = 0;
  let sum = 0;
  let used = 0;
  for (const { item, distanceMeters } of catalogue.nearestStations(lat, lon, 8)) {
    if (item.elevationMeters === null) continue;
    if (distanceMeters < 50) return round1(item.elevationMeters);
    const w = 1 / (distanceMeters * distanceMeters);
    weight += w;
    sum += w * item.elevationMeters;
    if (++used === 4) break;
  }
  return used === 0 ? 0 : round1(sum / weight);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
