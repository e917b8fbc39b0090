// Parses the NWS reference files (the maintainers' shared/ copy) into plain records.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Feature<P> {
  geometry: { type: string; coordinates: unknown } | null;
  properties: P;
}

function json<T>(dir: string, file: string): T {
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
}

function features<P>(dir: string, file: string): Feature<P>[] {
  return json<{ features: Feature<P>[] }>(dir, file).features;
}

export interface WfoOffice {
  id: string;
  name: string;
  region: string;
  cwaCentroidLat: number;
  cwaCentroidLon: number;
}

export const readWfoOffices = (dir: string): WfoOffice[] =>
  json<{ offices: WfoOffice[] }>(dir, 'nws_wfo_offices.json').offices;

export const readCwaBoundaries = (dir: string) =>
  features<{ wfo: string; region: string; name: string; lat: number; lon: number }>(
    dir,
    'nws_cwa_boundaries_simplified.geojson',
  );

export interface CountyProps {
  ugc: string;
  fips: string;
  state: string;
  name: string;
  cwa: string[];
  lat: number;
  lon: number;
  timeZone: string | null;
}

export const readCountyShapes = (dir: string) => features<CountyProps>(dir, 'nws_counties_simplified.geojson');

export interface CountyCsvRow {
  ugc: string;
  fips: string;
  state: string;
  name: string;
  cwas: string[];
  lat: number;
  lon: number;
  timeZone: string;
}

export function readCountyCsv(dir: string): CountyCsvRow[] {
  const lines = readFileSync(join(dir, 'nws_counties_ugc_cwa.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  // No field in this file is quoted or contains commas.
  return lines.map((line) => {
    const [ugc = '', fips = '', state = '', name = '', cwa = '', lat = '', lon = '', timeZone = ''] = line.split(',');
    return {
      ugc,
      fips,
      state,
      name,
      cwas: cwa.split(' ').filter(Boolean),
      lat: Number(lat),
      lon: Number(lon),
      timeZone,
    };
  });
}

export interface ForecastZoneSource {
  id: string;
  state: string;
  name: string;
  cwa: string;
  timeZone: string;
  lat: number;
  lon: number;
  counties: { fips: string; name: string }[];
}

export const readForecastZones = (dir: string): ForecastZoneSource[] =>
  json<{ zones: ForecastZoneSource[] }>(dir, 'nws_forecast_zones_bp05mr24.json').zones;

export const readFireZoneShapes = (dir: string) =>
  features<{ id: string; state: string; cwa: string[]; name2022: string | null; lat: number; lon: number }>(
    dir,
    'nws_fire_zones_simplified.geojson',
  );

export interface StationSource {
  id: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
}

export const readStations = (dir: string): StationSource[] =>
  Object.values(json<Record<string, StationSource>>(dir, 'ws4kp_stations_raw.json'));

export interface RadarSource {
  id: string;
  name: string;
  state: string;
  lat: number;
  lon: number;
  elevationFt: number;
  type: string;
}

export const readRadars = (dir: string): RadarSource[] =>
  json<{ stations: RadarSource[] }>(dir, 'nws_radar_stations.json').stations;
