import { distanceMetres, initialBearingDeg } from '../geo/polygon.ts';
import type { Catalogue } from '../catalogue/types.ts';

/**
 * api.weather.gov's relativeLocation: the nearest place, and how far and in which direction the point lies
 * from it (the bearing is from the place to the point, as in points.json: Linn → the point, 358°).
 * null when the catalogue has no place at all.
 */
export function relativeLocation(catalogue: Catalogue, lat: number, lon: number): Record<string, unknown> | null {
  const place = catalogue.nearestPlace(lat, lon)?.item;
  if (!place) return null;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
    properties: {
      city: place.name,
      state: place.state,
      distance: {
        unitCode: 'wmoUnit:m',
        value: Math.round(distanceMetres(place.lat, place.lon, lat, lon) * 100) / 100,
      },
      bearing: {
        unitCode: 'wmoUnit:degree_(angle)',
        value: Math.round(initialBearingDeg(place.lat, place.lon, lat, lon)) % 360,
      },
    },
  };
}
