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
  type EncodedShape,
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

export type Kind = keyof typeof CATALOGUE_FILES;

function readRows<Row>(dir: string, kind: Kind): { rows: readonly Row[]; scale: number } {
  const path = join(dir, CATALOGUE_FILES[kind]);
  const file = JSON.parse(readFileSync(path, 'utf8')) as CatalogueFile<Row>;
  checkHead(path, kind, file);
  return { rows: file.rows, scale: file.scale ?? 1 };
}

/** Throws unless a file's head (format and fields) is the one this version reads. */
export function checkHead(path: string, kind: Kind, file: Pick<CatalogueFile<unknown>, 'format' | 'fields'>): void {
  const format: unknown = file.format; // what the file holds, which its type cannot promise
  if (format !== CATALOGUE_FORMAT[kind]) {
    throw new Error(
      `${path}: catalogue format ${String(format)}, expected ${CATALOGUE_FORMAT[kind]}; rebuild the data`,
    );
  }
  if (file.fields.join() !== FIELDS[kind].join()) {
    throw new Error(`${path}: unexpected fields ${file.fields.join()}`);
  }
}

/**
 * The last columns of a county or fire zone's row as its record's last fields: the centroid, and the outline
 * where the file keeps one (null for the zones whose outlines are left out of the data).
 */
function placed(
  lat: number,
  lon: number,
  geometry: EncodedShape | null,
  scale: number,
): Pick<CountyZoneRecord, 'centroid' | 'shape'> {
  return { centroid: { lat, lon }, shape: geometry ? decodeShape(geometry, scale) : null };
}

function marineZone(
  [id, name, cwa, lakeCwa, offshore, lat, lon, geometry]: MarineZoneRow,
  scale: number,
): MarineZoneRecord {
  return { id, name, cwa, lakeCwa, offshore, centroid: { lat, lon }, shape: decodeShape(geometry, scale) };
}

/** A row's values under the file's field names: named(['id', 'lat'], ['KDEN', 39.8]) is { id: 'KDEN', lat: 39.8 }. */
type Named<F extends readonly string[], R extends readonly unknown[]> = {
  [I in keyof F as I extends `${number}` ? F[I] & string : never]: I extends keyof R ? R[I] : never;
};

/**
 * The record of a file whose field list is its records' own keys, in order (stations, radars): the names are
 * spelt once, in FIELDS, which checkHead has already matched against the file's head. Not for the 21,000
 * places: the loop's keyed stores cost them 4 ms more than a literal (1.7 ms) on a whole read.
 */
function named<const F extends readonly string[], R extends readonly unknown[]>(fields: F, row: R): Named<F, R> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) record[fields[i]!] = row[i];
  return record as Named<F, R>;
}

/**
 * Each file's row decoder: the one place a row becomes a record, used by the readers below (every row) and
 * by the indexed catalogue (indexed-catalogue.ts: the rows a lookup needs), so both give the same records.
 */
export const DECODERS = {
  offices: ([id, name, region, lat, lon, timeZone, geometry]: OfficeRow, scale: number): OfficeRecord => ({
    id,
    name,
    region: region as NwsRegion,
    cwaCentroid: { lat, lon },
    timeZone,
    shape: decodeShape(geometry, scale),
  }),
  countyZones: (
    [id, name, state, fips, cwas, timeZones, lat, lon, geometry]: CountyZoneRow,
    scale: number,
  ): CountyZoneRecord => ({ id, name, state, fips, cwas, timeZones, ...placed(lat, lon, geometry, scale) }),
  forecastZones: (
    [id, name, state, cwa, timeZones, lat, lon, counties, exact, geometry]: ForecastZoneRow,
    scale: number,
  ): ForecastZoneRecord => ({
    id,
    name,
    state,
    cwa,
    timeZones,
    centroid: { lat, lon },
    counties,
    exact: exact === 1,
    shape: geometry ? decodeShape(geometry, scale) : null,
  }),
  fireZones: ([id, name, state, cwas, timeZones, lat, lon, geometry]: FireZoneRow, scale: number): FireZoneRecord => ({
    id,
    name,
    state,
    cwas,
    timeZones,
    ...placed(lat, lon, geometry, scale),
  }),
  marineZones: marineZone,
  // The national centres' offshore zones: the same row as an office's marine zone, in a file of their own.
  centreOffshoreZones: marineZone,
  stations: (row: StationRow): StationRecord => {
    const station = named(FIELDS.stations, row);
    const source = station.elevationSource;
    return { ...station, elevationSource: source === null ? null : (ELEVATION_SOURCES[source] ?? null) };
  },
  radars: (row: RadarRow): RadarRecord => {
    const radar = named(FIELDS.radars, row);
    return { ...radar, type: radar.type as RadarType };
  },
  places: ([name, state, lat, lon, population]: PlaceRow): PlaceRecord => ({ name, state, lat, lon, population }),
} as const;

const ELEVATION_SOURCES: Record<string, ElevationSource> = { a: 'airport', t: 'terrain-estimate' };

/** Every record of one catalogue file. */
export function readTable<K extends Kind>(dir: string, kind: K): ReturnType<(typeof DECODERS)[K]>[] {
  const { rows, scale } = readRows<Parameters<(typeof DECODERS)[K]>[0]>(dir, kind);
  const decode = DECODERS[kind] as (
    row: Parameters<(typeof DECODERS)[K]>[0],
    scale: number,
  ) => ReturnType<(typeof DECODERS)[K]>;
  return rows.map((row) => decode(row, scale));
}

/** Every file's records, by kind. */
export type CatalogueTables = { [K in Kind]: ReturnType<(typeof DECODERS)[K]>[] };

/** Every catalogue file read whole: what the whole catalogue (loadWholeCatalogue) and the point index are built from. */
export function readCatalogueTables(dir: string): CatalogueTables {
  const kinds = Object.keys(CATALOGUE_FILES) as Kind[];
  return Object.fromEntries(kinds.map((kind) => [kind, readTable(dir, kind)])) as CatalogueTables;
}
