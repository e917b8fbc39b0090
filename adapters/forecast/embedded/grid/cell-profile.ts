import { cellOutline, gridToLatLon } from '../geo/ndfd-grid.ts';
import { cellKey, isMarineOnly, type Cell } from './grid-cell.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { estimateElevation } from '../shared/elevation.ts';
import { localTimeZone } from './local-time-zone.ts';
import { Lru } from '../shared/lru.ts';
import { relativeLocation } from './relative-location.ts';
import { seaSettingOf, type SeaSetting } from '../weather/sea-state.ts';

/** What every document about one cell shares, whatever the base URL or the hour. */
export interface CellProfile {
  readonly cell: Cell;
  /** The grid point at the cell's centre: where the weather model is sampled. */
  readonly centre: { readonly lat: number; readonly lon: number };
  /** The cell's true outline (NW, SW, SE, NE, NW), as api.weather.gov draws it. */
  readonly geometry: {
    readonly type: 'Polygon';
    readonly coordinates: readonly (readonly (readonly [number, number])[])[];
  };
  readonly elevationM: number;
  /** IANA zone at the centre (the gridpoint's timeZone). */
  readonly timeZone: string;
  readonly relativeLocation: Record<string, unknown> | null;
  /**
   * A marine cell's waters (sea-state.ts), by the marine zone holding its centre; undefined on land, and over
   * water no marine zone holds (beyond the coastal waters), where the gridpoint's sea layers stay empty.
   */
  readonly sea?: SeaSetting;
  /** Set on a marine cell (all water, no text forecast): its weather is the water's (marine-convection.ts). */
  readonly overWater?: true;
}

/** Cell profiles cost ~100 µs (zone, station and place lookups); forecasts and gridpoints reuse them. */
export function cellProfiles(deps: EmbeddedDeps, capacity = 4096): (cell: Cell) => CellProfile {
  const cache = new Lru<string, CellProfile>(capacity);
  return (cell) => cache.getOrSet(cellKey(cell), () => buildProfile(deps, cell));
}

function buildProfile(deps: EmbeddedDeps, cell: Cell): CellProfile {
  const centre = gridToLatLon(cell.i, cell.j, cell.grid);
  const ring = cellOutline(cell.i, cell.j, cell.grid).map(([lon, lat]) => [round7(lon), round7(lat)] as const);
  return {
    cell,
    centre,
    geometry: { type: 'Polygon', coordinates: [ring] },
    elevationM: estimateElevation(deps.catalogue, centre.lat, centre.lon),
    timeZone: localTimeZone(deps.catalogue, cell.office, centre.lat, centre.lon),
    relativeLocation: relativeLocation(deps.catalogue, centre.lat, centre.lon),
    ...seaOf(deps, cell, centre),
  };
}

/**
 * A marine cell is one with no forecast, all water (isMarineOnly: what answers "Marine Forecast Not
 * Supported"), so that a cell has either a text forecast or sea layers, as a real NDFD cell is land or water.
 * A cell reached by its grid address carries no `overWater` (only a /points lookup sets it): both ask the same.
 */
function seaOf(
  deps: EmbeddedDeps,
  cell: Cell,
  centre: { lat: number; lon: number },
): { sea?: SeaSetting; overWater?: true } {
  if (!isMarineOnly(deps, cell)) return {};
  const zone = deps.catalogue.marineZoneAt(centre.lat, centre.lon);
  return zone ? { sea: seaSettingOf(zone.id, zone.name, centre.lat), overWater: true } : { overWater: true };
}

/** api.weather.gov writes 7 decimals (~1 cm). */
function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
