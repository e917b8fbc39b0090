// Reads one catalogue file and maps its positional rows to typed records.
// Each reader checks the format number and field list so that a data folder
// built by another version of the script fails at start-up, not mid-request.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOGUE_FILES,
  CATALOGUE_FORMAT,
  FIELDS,
  type CatalogueFile,
  type CountyZoneRow,
  type FireZoneRow,
  type ForecastZoneRow,
  type MarineZoneRow,
  type OfficeRow,
  type PlaceRow,
  type RadarRow,
  type StationRow,
} from './files.ts';
import { decodeShape } from './polygon-codec.ts';
import type {
  CountyZoneRecord,
  ElevationSource,
  FireZoneRecord,
  ForecastZoneRecord,
  MarineZoneRecord,
  NwsRegion,
  OfficeRecord,
  PlaceRecord,
  RadarRecord,
  RadarType,
  StationRecord,
} from './types.ts';

type Kind = keyof typeof CATALOGUE_FILES;

function readRows<Row>(dir: string, kind: Kind): { rows: readonly Row[]; scale: number } {
  const path = join(dir, CATALOGUE_FILES[kind]);
  const file = JSON.parse(readFileSync(path, 'utf8')) as CatalogueFile<Row>;
  const format: unknown = file.format; // what the file holds, which its type cannot promise
  if (format !== CATALOGUE_FORMAT[kind]) {
    throw new Error(
      `${path}: catalogue format ${String(format)}, expected ${CATALOGUE_FORMAT[kind]}; rebuild the data`,
    );
  }
  if (file.fields.join() !== FIELDS[kind].join()) {
    throw new Error(`${path}: unexpected fields ${file.fields.join()}`);
  }
  return { rows: file.rows, scale: file.scale ?? 1 };
}

export function readOffices(dir: string): OfficeRecord[] {
  const { rows, scale } = readRows<OfficeRow>(dir, 'offices');
  return rows.map(([id, name, region, lat, lon, timeZone, geometry]) => ({
    id,
    name,
    region: region as NwsRegion,
    cwaCentroid: { lat, lon },
    timeZone,
    shape: decodeShape(geometry, scale),
  }));
}

export function readCountyZones(dir: string): CountyZoneRecord[] {
  const { rows, scale } = readRows<CountyZoneRow>(dir, 'countyZones');
  return rows.map(([id, name, state, fips, cwas, timeZones, lat, lon, geometry]) => ({
    id,
    name,
    state,
    fips,
    cwas,
    timeZones,
    centroid: { lat, lon },
    shape: geometry ? decodeShape(geometry, scale) : null,
  }));
}

export function readForecastZones(dir: string): ForecastZoneRecord[] {
  const { rows, scale } = readRows<ForecastZoneRow>(dir, 'forecastZones');
  return rows.map(([id, name, state, cwa, timeZones, lat, lon, counties, exact, geometry]) => ({
    id,
    name,
    state,
    cwa,
    timeZones,
    centroid: { lat, lon },
    counties,
    exact: exact === 1,
    shape: geometry ? decodeShape(geometry, scale) : null,
  }));
}

export function readFireZones(dir: string): FireZoneRecord[] {
  const { rows, scale } = readRows<FireZoneRow>(dir, 'fireZones');
  return rows.map(([id, name, state, cwas, timeZones, lat, lon, geometry]) => ({
    id,
    name,
    state,
    cwas,
    timeZones,
    centroid: { lat, lon },
    shape: geometry ? decodeShape(geometry, scale) : null,
  }));
}

export function readMarineZones(dir: string): MarineZoneRecord[] {
  const { rows, scale } = readRows<MarineZoneRow>(dir, 'marineZones');
  return rows.map(([id, name, cwa, lakeCwa, lat, lon, geometry]) => ({
    id,
    name,
    cwa,
    lakeCwa,
    centroid: { lat, lon },
    shape: decodeShape(geometry, scale),
  }));
}

const ELEVATION_SOURCES: Record<string, ElevationSource> = { a: 'airport', t: 'terrain-estimate' };

export function readStations(dir: string): StationRecord[] {
  const { rows } = readRows<StationRow>(dir, 'stations');
  return rows.map(
    ([id, name, state, lat, lon, timeZone, elevationMeters, source, forecastZone, countyZone, fireZone, cwa]) => ({
      id,
      name,
      state,
      lat,
      lon,
      timeZone,
      elevationMeters,
      elevationSource: source === null ? null : (ELEVATION_SOURCES[source] ?? null),
      forecastZone,
      countyZone,
      fireZone,
      cwa,
    }),
  );
}

export function readRadars(dir: string): RadarRecord[] {
  const { rows } = readRows<RadarRow>(dir, 'radars');
  return rows.map(([id, name, state, lat, lon, elevationMeters, type]) => ({
    id,
    name,
    state,
    lat,
    lon,
    elevationMeters,
    type: type as RadarType,
  }));
}

export function readPlaces(dir: string): PlaceRecord[] {
  const { rows } = readRows<PlaceRow>(dir, 'places');
  return rows.map(([name, state, lat, lon, population]) => ({ name, state, lat, lon, population }));
}
