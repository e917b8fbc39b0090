// The on-disk format shared by the build script (writer) and the loader
// (reader). Rows are positional tuples because field names repeated on
// thousands of records would dominate the file size.

/**
 * Each file's layout version, bumped whenever its row layout changes, so a stale data folder fails loudly.
 * 2: the outlines stored as {@link EncodedShape} (their boxes, and their rings as JSON text).
 */
export const CATALOGUE_FORMAT = {
  offices: 2,
  countyZones: 2,
  forecastZones: 2,
  fireZones: 2,
  stations: 1,
  radars: 1,
  places: 1,
  marineZones: 2,
  centreOffshoreZones: 2,
} as const;

export const CATALOGUE_FILES = {
  offices: 'offices.json',
  countyZones: 'county-zones.json',
  forecastZones: 'forecast-zones.json',
  fireZones: 'fire-zones.json',
  stations: 'stations.json',
  radars: 'radars.json',
  places: 'places.json',
  marineZones: 'marine-zones.json',
  centreOffshoreZones: 'offshore-zones.json',
} as const;

/**
 * A MultiPolygon as polygons → rings → one flat integer run per ring:
 * [x0, y0, dx1, dy1, ...] where x = round(lon * scale), deltas from the
 * previous vertex. Small deltas keep the JSON short.
 */
export type EncodedMultiPolygon = number[][][];

/**
 * An outline as the files store it: the box of each polygon's outer ring, [minX, minY, maxX, maxY] in the
 * same integer units, four numbers per polygon; then the EncodedMultiPolygon as JSON text. The text is
 * parsed when the outline is first tested (polygon-codec.ts): JSON.parse passes over a string at a
 * fraction of the cost of a million numbers, and the boxes, which the indexes need at once, are there.
 */
export type EncodedShape = [boxes: number[], rings: string];

export interface CatalogueFile<Row> {
  readonly format: number;
  /** Integer units per degree of the encoded polygons (absent in point-only files). */
  readonly scale?: number;
  readonly fields: readonly string[];
  readonly rows: readonly Row[];
}

export type OfficeRow = [
  id: string,
  name: string,
  region: string,
  centroidLat: number,
  centroidLon: number,
  timeZone: string,
  geometry: EncodedShape,
];

export type CountyZoneRow = [
  id: string,
  name: string,
  state: string,
  fips: string,
  cwas: string[],
  timeZones: string[],
  centroidLat: number,
  centroidLon: number,
  geometry: EncodedShape | null,
];

export type ForecastZoneRow = [
  id: string,
  name: string,
  state: string,
  cwa: string,
  timeZones: string[],
  centroidLat: number,
  centroidLon: number,
  counties: string[],
  exact: 0 | 1,
  geometry: EncodedShape | null,
];

export type FireZoneRow = [
  id: string,
  name: string | null,
  state: string,
  cwas: string[],
  timeZones: string[],
  centroidLat: number,
  centroidLon: number,
  geometry: EncodedShape | null,
];

export type StationRow = [
  id: string,
  name: string,
  state: string,
  lat: number,
  lon: number,
  timeZone: string,
  elevationMeters: number | null,
  /** 'a' airport database, 't' terrain estimate, null unknown */
  elevationSource: 'a' | 't' | null,
  forecastZone: string | null,
  countyZone: string | null,
  fireZone: string | null,
  cwa: string | null,
];

export type RadarRow = [
  id: string,
  name: string,
  state: string,
  lat: number,
  lon: number,
  elevationMeters: number,
  type: string,
];

/**
 * A marine zone. In `marine-zones.json` an office's (NWS `mz` file: coastal waters, bays, sounds, the Great
 * Lakes; or `oz` file: the offshore waters an office forecasts, `offshore` true); in `offshore-zones.json` a
 * national centre's offshore or high-seas zone (`oz` file; `offshore` true). `cwa` is the office or centre
 * that issues its forecast, `lakeCwa` the office that forecasts its waters where the NWS names another (a
 * Great Lake's open waters, `GL_WFO`), else null.
 */
export type MarineZoneRow = [
  id: string,
  name: string,
  cwa: string,
  lakeCwa: string | null,
  offshore: boolean,
  centroidLat: number,
  centroidLon: number,
  geometry: EncodedShape,
];

export type PlaceRow = [name: string, state: string, lat: number, lon: number, population: number];

const MARINE_ZONE_FIELDS = [
  'id',
  'name',
  'cwa',
  'lakeCwa',
  'offshore',
  'centroidLat',
  'centroidLon',
  'geometry',
] as const;

export const FIELDS = {
  offices: ['id', 'name', 'region', 'centroidLat', 'centroidLon', 'timeZone', 'geometry'],
  countyZones: ['id', 'name', 'state', 'fips', 'cwas', 'timeZones', 'centroidLat', 'centroidLon', 'geometry'],
  forecastZones: [
    'id',
    'name',
    'state',
    'cwa',
    'timeZones',
    'centroidLat',
    'centroidLon',
    'counties',
    'exact',
    'geometry',
  ],
  fireZones: ['id', 'name', 'state', 'cwas', 'timeZones', 'centroidLat', 'centroidLon', 'geometry'],
  stations: [
    'id',
    'name',
    'state',
    'lat',
    'lon',
    'timeZone',
    'elevationMeters',
    'elevationSource',
    'forecastZone',
    'countyZone',
    'fireZone',
    'cwa',
  ],
  radars: ['id', 'name', 'state', 'lat', 'lon', 'elevationMeters', 'type'],
  places: ['name', 'state', 'lat', 'lon', 'population'],
  marineZones: MARINE_ZONE_FIELDS,
  centreOffshoreZones: MARINE_ZONE_FIELDS,
} as const;
