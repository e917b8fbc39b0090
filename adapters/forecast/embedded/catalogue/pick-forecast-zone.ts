import { distanceMeters } from './geometry.ts';
import type { ForecastZoneRecord } from './types.ts';

/**
 * Zone shapes are dissolves of whole counties, so where zones split a county
 * several shapes cover the point. An exact zone wins outright; otherwise the
 * zone whose published centroid is closest is the best guess we have.
 */
export function pickForecastZone(
  candidates: readonly ForecastZoneRecord[],
  lat: number,
  lon: number,
): ForecastZoneRecord | undefined {
  if (candidates.length <= 1) return candidates[0];
  const exact = candidates.find((zone) => zone.exact);
  if (exact) return exact;
  let best: ForecastZoneRecord | undefined;
  let bestDistance = Infinity;
  for (const zone of candidates) {
    const d = distanceMeters(lat, lon, zone.centroid.lat, zone.centroid.lon);
    if (d < bestDistance) {
      best = zone;
      bestDistance = d;
    }
  }
  return best;
}
