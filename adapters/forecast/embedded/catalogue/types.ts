// Shapes of the embedded NWS catalogue once loaded. Rings are flat
// [lon0, lat0, lon1, lat1, ...] typed arrays: they parse from the compact
// files without building millions of tiny arrays, and ray casting walks them
// faster than nested tuples.

/** [minLon, minLat, maxLon, maxLat] */
export type BBox = readonly [number, number, number, number];

/** Closed or open ring of flat lon/lat pairs. */
export type Ring = Float64Array;

/** Outer ring first, holes after it. */
export type Polygon = readonly Ring[];

export type MultiPolygon = readonly Polygon[];

export interface Shape {
  readonly polygons: MultiPolygon;
  readonly bbox: BBox;
  /** One bbox per polygon, so a feature split across the antimeridian is not indexed as a world-wide box. */
  readonly partBBoxes: readonly BBox[];
}

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

export type NwsRegion = 'AR' | 'CR' | 'ER' | 'PR' | 'SR' | 'WR';

export interface OfficeRecord {
  readonly id: string;
  readonly name: string;
  readonly region: NwsRegion;
  /** Centroid of the county warning area, not the office building. */
  readonly cwaCentroid: LatLon;
  /** IANA zone at the CWA centroid. */
  readonly timeZone: string;
  readonly shape: Shape;
}

/** What the three zone families (county, public forecast, fire) have in common. */
export interface ZoneFields {
  /** UGC such as KSC201 (county) or KSZ009 (public forecast and fire). */
  readonly id: string;
  readonly state: string;
  readonly timeZones: readonly string[];
  readonly centroid: LatLon;
  readonly shape: Shape | null;
}

export interface CountyZoneRecord extends ZoneFields {
  readonly name: string;
  readonly fips: string;
  /** A county can be split between offices; the first is the main one. */
  readonly cwas: readonly string[];
}

/** The centroid is the one published in the NWS zone-county correlation file. */
export interface ForecastZoneRecord extends ZoneFields {
  readonly name: string;
  readonly cwa: string;
  /** County zone ids (SSCnnn) the zone lies in. */
  readonly counties: readonly string[];
  /**
   * True when no other zone shares any of this zone's counties, i.e. the
   * shape (a dissolve of whole counties) is the zone's true extent. False
   * means the shape over-covers and overlaps a neighbouring zone.
   */
  readonly exact: boolean;
}

export interface FireZoneRecord extends ZoneFields {
  /** null where no published fire-zone name was found. */
  readonly name: string | null;
  readonly cwas: readonly string[];
}

/**
 * A coastal marine zone (coastal waters, a bay or sound, a Great Lake's nearshore or open waters), as the NWS
 * marine zone outlines draw it. api.weather.gov gives it as the `forecastZone` of a point over its waters.
 */
export interface MarineZoneRecord {
  /** UGC such as GMZ042. */
  readonly id: string;
  readonly name: string;
  /** The office that issues the zone's forecast. */
  readonly cwa: string;
  /** The office that forecasts its waters where the NWS names another: a Great Lake's open waters. */
  readonly lakeCwa: string | null;
  /**
   * An offshore zone (the NWS offshore zone file, `oz`: the Gulf of Alaska's, the Bering Sea's and the
   * Arctic's offshore waters that Anchorage and Fairbanks forecast), which api.weather.gov types `offshore`.
   */
  readonly offshore: boolean;
  readonly centroid: LatLon;
  readonly shape: Shape;
}

/** How a station's elevation was obtained; see data/SOURCES.md. */
export type ElevationSource = 'airport' | 'terrain-estimate';

export interface StationRecord {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly lat: number;
  readonly lon: number;
  readonly timeZone: string;
  readonly elevationMeters: number | null;
  readonly elevationSource: ElevationSource | null;
  readonly forecastZone: string | null;
  readonly countyZone: string | null;
  readonly fireZone: string | null;
  readonly cwa: string | null;
}

export type RadarType = 'NEXRAD' | 'TDWR';

export interface RadarRecord {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly lat: number;
  readonly lon: number;
  readonly elevationMeters: number;
  readonly type: RadarType;
}

export interface PlaceRecord {
  readonly name: string;
  readonly state: string;
  readonly lat: number;
  readonly lon: number;
  readonly population: number;
}

export interface Nearest<T> {
  readonly item: T;
  readonly distanceMeters: number;
}

export interface Catalogue {
  readonly offices: ReadonlyMap<string, OfficeRecord>;
  readonly countyZones: ReadonlyMap<string, CountyZoneRecord>;
  readonly forecastZones: ReadonlyMap<string, ForecastZoneRecord>;
  readonly fireZones: ReadonlyMap<string, FireZoneRecord>;
  readonly marineZones: ReadonlyMap<string, MarineZoneRecord>;
  /**
   * The national centres' offshore and high-seas zones (NWS `oz` file: OPC's ONA and ONP, NHC's NH1 and NH2,
   * Honolulu's HPA), kept apart from the offices' marine zones: no office of the catalogue issues them, so
   * they answer only as zones, never to choose a point's office or a marine alert's.
   */
  readonly centreOffshoreZones: ReadonlyMap<string, MarineZoneRecord>;
  readonly stations: ReadonlyMap<string, StationRecord>;
  readonly radars: ReadonlyMap<string, RadarRecord>;
  readonly places: readonly PlaceRecord[];

  /** Ids of county zones, forecast zones, fire zones and stations per office. */
  readonly byOffice: ReadonlyMap<string, OfficeHoldings>;

  officeAt(lat: number, lon: number): OfficeRecord | undefined;
  countyZoneAt(lat: number, lon: number): CountyZoneRecord | undefined;
  forecastZoneAt(lat: number, lon: number): ForecastZoneRecord | undefined;
  fireZoneAt(lat: number, lon: number): FireZoneRecord | undefined;
  /** The coastal marine zone whose waters hold the point. */
  marineZoneAt(lat: number, lon: number): MarineZoneRecord | undefined;
  /** The national centre's offshore zone whose waters hold the point. */
  centreOffshoreZoneAt(lat: number, lon: number): MarineZoneRecord | undefined;

  nearestStations(lat: number, lon: number, limit: number): readonly Nearest<StationRecord>[];
  nearestRadar(lat: number, lon: number, types?: readonly RadarType[]): Nearest<RadarRecord> | undefined;
  /** The place nearest the point, if one lies within `withinMeters` (anywhere by default). */
  nearestPlace(lat: number, lon: number, withinMeters?: number): Nearest<PlaceRecord> | undefined;
  /** The `limit` places nearest the point, nearest first. */
  nearestPlaces(lat: number, lon: number, limit: number): readonly Nearest<PlaceRecord>[];
  /**
   * The parts of the land outlines (counties, public forecast zones, offices) filed in the 1° cells a box
   * touches (lon west to east, as the box's 1° cells), the same part more than once where it spans cells:
   * what a cell of a forecast grid asks to learn whether land lies in or near it (grid/cell-land.ts).
   */
  landOutlinesNear(
    south: number,
    west: number,
    north: number,
    east: number,
  ): readonly { readonly shape: Shape; readonly part: number }[];
}

export interface OfficeHoldings {
  readonly countyZones: readonly string[];
  readonly forecastZones: readonly string[];
  readonly fireZones: readonly string[];
  /** Stations lying inside the CWA polygon: an approximation of NWS "approved" stations. */
  readonly stations: readonly string[];
}
