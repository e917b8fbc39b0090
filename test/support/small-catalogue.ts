import { buildCatalogue } from '../../adapters/forecast/embedded/catalogue/load-catalogue.ts';
import { ringBBox } from '../../adapters/forecast/embedded/catalogue/geometry.ts';
import type { Catalogue, Shape } from '../../adapters/forecast/embedded/catalogue/types.ts';
import type { EmbeddedDeps } from '../../adapters/forecast/embedded/embedded-deps.ts';
import type { Clock } from '../../application/shared/clock.ts';

/** A rectangle as a one-ring shape, [lon, lat] corners, counter-clockwise. */
function box(west: number, south: number, east: number, north: number): Shape {
  const ring = new Float64Array([west, south, east, south, east, north, west, north, west, south]);
  const bbox = ringBBox(ring);
  return { polygons: [[ring]], bbox, partBBoxes: [bbox] };
}

/**
 * A hand-made catalogue of one office (TOP, a rectangle over north-east Kansas), one county, forecast and fire
 * zone around the fixture point 39.7456,-97.0892, three stations, one radar and two places: small enough to
 * read in full, real enough (TOP's real grid offset) that the point lands in TOP 32,81.
 */
export function smallCatalogue(): Catalogue {
  // The county, forecast and fire zone are the one Washington County, as they are in the real catalogue.
  const washington = {
    name: 'Washington',
    state: 'KS',
    timeZones: ['America/Chicago'],
    centroid: { lat: 39.78, lon: -97.09 },
    shape: box(-97.37, 39.57, -96.8, 40.0),
  };
  return buildCatalogue({
    offices: [
      {
        id: 'TOP',
        name: 'Topeka',
        region: 'CR',
        cwaCentroid: { lat: 39.3, lon: -96.3 },
        timeZone: 'America/Chicago',
        shape: box(-98, 38.5, -95, 40.5),
      },
    ],
    countyZones: [{ ...washington, id: 'KSC201', fips: '20201', cwas: ['TOP'] }],
    forecastZones: [{ ...washington, id: 'KSZ009', cwa: 'TOP', counties: ['KSC201'], exact: true }],
    fireZones: [{ ...washington, id: 'KSZ009', cwas: ['TOP'] }],
    stations: [
      {
        id: 'KTOP',
        name: 'Topeka, Philip Billard Municipal Airport',
        state: 'KS',
        lat: 39.0725,
        lon: -95.6261,
        timeZone: 'America/Chicago',
        elevationMeters: 268,
        elevationSource: 'airport',
        forecastZone: null,
        countyZone: null,
        fireZone: null,
        cwa: 'TOP',
      },
      {
        id: 'KMHK',
        name: 'Manhattan Regional Airport',
        state: 'KS',
        lat: 39.1409,
        lon: -96.6708,
        timeZone: 'America/Chicago',
        elevationMeters: 321,
        elevationSource: 'airport',
        forecastZone: null,
        countyZone: null,
        fireZone: null,
        cwa: 'TOP',
      },
      {
        id: 'KCNK',
        name: 'Concordia, Blosser Municipal Airport',
        state: 'KS',
        lat: 39.5511,
        lon: -97.6508,
        timeZone: 'America/Chicago',
        elevationMeters: 447,
        elevationSource: 'airport',
        forecastZone: null,
        countyZone: null,
        fireZone: null,
        cwa: 'TOP',
      },
    ],
    radars: [
      { id: 'KTWX', name: 'Topeka', state: 'KS', lat: 38.99695, lon: -96.23255, elevationMeters: 417, type: 'NEXRAD' },
    ],
    places: [
      { name: 'Linn', state: 'KS', lat: 39.6797, lon: -97.0856, population: 410 },
      { name: 'Topeka', state: 'KS', lat: 39.0483, lon: -95.678, population: 126587 },
    ],
  });
}

export function smallEmbeddedDeps(clock: Clock): EmbeddedDeps {
  return { catalogue: smallCatalogue(), offsets: new Map([['TOP', [983, 677] as const]]), clock };
}
