import type { OfficeRecord } from '../catalogue/types.ts';
import { isInsideGrid, latLonToGrid, NDFD_GRIDS } from '../geo/ndfd-grid.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';

// Which office answers a point: the one whose county holds it on land; over coastal waters or a Great
// Lake, the nearest shore's office, or the office of the lake's open waters. grid-cell.ts then finds the
// cell on that office's grid.

/**
 * The office whose county holds the point, when the county has one office, else the office outline's.
 * Forecast areas are unions of counties, and the county outlines are finer than the simplified office
 * outlines: those cut corners off fjords, keys and shores (downtown Juneau, Key West) and draw some
 * borders a little off (White River Junction VT fell to GYX instead of BTV). A county split between
 * offices leaves it to the office outline, or to the county's main office where no outline holds the point.
 */
function officeOfLand(deps: EmbeddedDeps, lat: number, lon: number): OfficeRecord | undefined {
  const { catalogue } = deps;
  const cwas = catalogue.countyZoneAt(lat, lon)?.cwas ?? [];
  const sole = cwas.length === 1 ? catalogue.offices.get(cwas[0] as string) : undefined;
  if (sole) return sole;
  const outlined = catalogue.officeAt(lat, lon);
  if (outlined) return outlined;
  const main = cwas[0] ?? catalogue.forecastZoneAt(lat, lon)?.cwa;
  return main === undefined ? undefined : catalogue.offices.get(main);
}

/** How far from land a point still lies in an office's coastal waters: 20 nautical miles and a little. */
export const COASTAL_WATERS_KM = 40;
/** The Great Lakes lie wholly in the offices' marine zones; their open waters reach 95 km from shore. */
const GREAT_LAKES_KM = 100;
/** The outlines are simplified to about 100-500 m: a point this close to them is taken as on the shore. */
export const SHORE_KM = 1.5;
/**
 * A point this close to a town of the place list is land, whatever the outlines say: the simplified county
 * outlines leave out a few towns' shores (Hatteras village, 8 km beyond Dare County's outline at Frisco; the
 * Keys from Key Biscayne to Islamorada), and api.weather.gov answers such a town as land, with a forecast.
 */
export const TOWN_KM = SHORE_KM;
const PROBE_RINGS_KM = [0.5, 1, SHORE_KM, 3, 6, 10, 15, 22, 30, COASTAL_WATERS_KM, 55, 70, 85, GREAT_LAKES_KM];
/**
 * Probes on a ring lie at most this far apart, 16 at least: 16 alone left 4 to 25 km between probes on the
 * outer rings, through which the Florida Keys (a few hundred metres wide on the outlines) slipped, so Hawk
 * Channel and the reef answered 404 or the mainland's office instead of Key West's.
 */
const PROBE_SPACING_KM = 0.75;
const RING_BEARINGS = PROBE_RINGS_KM.map((km) => {
  const count = Math.max(16, 8 * Math.ceil((2 * Math.PI * km) / PROBE_SPACING_KM / 8));
  return Array.from({ length: count }, (_, k) => (2 * k * Math.PI) / count);
});

type Box = readonly [south: number, west: number, north: number, east: number];

/**
 * The Great Lakes, each with the office that forecasts its open waters: beyond the nearshore zones (5
 * nautical miles from the shore) a lake's waters are that office's, however near another office's coast,
 * as the NWS open lakes forecasts are issued (Superior from Marquette, Michigan from Milwaukee, Huron
 * from Detroit, Erie from Cleveland, Ontario from Buffalo). Recorded answers bear it out: of 32 county
 * centroids that lie in the lakes (EAPerry/daily-weather-forecasts, 2023), every one 9.5 km or more from
 * shore got the lake's office (Lake Michigan off Grand Haven: MKX, not GRR), every one 7.75 km or less
 * the shore's. First match wins where boxes overlap (the Straits of Mackinac go to Lake Michigan).
 */
export const GREAT_LAKES: readonly { readonly box: Box; readonly openWaters: string }[] = [
  { box: [46.3, -92.3, 49.1, -84.3], openWaters: 'MQT' }, // Superior
  { box: [41.5, -88.1, 46.2, -84.7], openWaters: 'MKX' }, // Michigan
  { box: [42.9, -84.9, 46.4, -79.6], openWaters: 'DTX' }, // Huron
  { box: [41.3, -83.6, 43.0, -78.8], openWaters: 'CLE' }, // Erie
  { box: [43.1, -80.0, 44.4, -75.9], openWaters: 'BUF' }, // Ontario
];
/**
 * Waters inside those boxes that are the shore office's however far out: Green Bay (GRB), in three boxes
 * along the bay that stay west of the Door Peninsula's Lake Michigan shore, and Lake St. Clair (DTX).
 */
const INNER_WATERS: readonly Box[] = [
  [44.5, -88.1, 44.95, -87.6],
  [44.95, -87.85, 45.35, -87.25],
  [45.35, -87.65, 45.95, -86.95],
  [42.3, -83.0, 42.7, -82.4],
];
/** The outer edge of the NWS nearshore marine zones: 5 nautical miles. */
const NEARSHORE_KM = 9.26;
const NEARSHORE_RINGS_KM = [...Array.from({ length: 12 }, (_, k) => 0.75 * (k + 1)), NEARSHORE_KM];

const inBox = (lat: number, lon: number, [s, w, n, e]: Box): boolean => lat >= s && lat <= n && lon >= w && lon <= e;

/** Kilometres in a degree of latitude on the flat approximations of the point's and the cell's land tests. */
export const KM_PER_DEG = 111.32;

/** The point `km` from (lat, lon) on a bearing (radians from north), on a local flat approximation. */
function probePoint(lat: number, lon: number, km: number, bearing: number): { lat: number; lon: number } {
  const kmPerDegLon = KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  return { lat: lat + (km * Math.cos(bearing)) / KM_PER_DEG, lon: lon + (km * Math.sin(bearing)) / kmPerDegLon };
}

export interface Shore {
  readonly office: OfficeRecord;
  readonly lat: number;
  readonly lon: number;
  readonly km: number;
}

/**
 * The nearest land within reach of a point over water, and its office. api.weather.gov answers points over
 * an office's coastal waters and the Great Lakes from that office's grid (with `type: "marine"`) and 404s
 * farther out; probing rings of points outwards finds the nearest shore, which tells a shore point from a
 * point at sea and stands in for the office where no marine zone holds the point.
 */
function nearestShore(deps: EmbeddedDeps, lat: number, lon: number): Shore | undefined {
  const reach = GREAT_LAKES.some((lake) => inBox(lat, lon, lake.box)) ? GREAT_LAKES_KM : COASTAL_WATERS_KM;
  for (const [ring, km] of PROBE_RINGS_KM.entries()) {
    if (km > reach) break;
    for (const bearing of RING_BEARINGS[ring]!) {
      const at = probePoint(lat, lon, km, bearing);
      const office = officeOfLand(deps, at.lat, at.lon);
      if (office) return { office, ...at, km };
    }
  }
  return undefined;
}

/**
 * The office of a Great Lake's open waters, for a point over the lake more than 5 nautical miles from any
 * shore (see GREAT_LAKES). The shore was found on rings of probes up to 0.75 km apart: land found within the nearshore
 * distance settles it; land found only farther out is checked on denser rings (under 1 km between probes),
 * which the sparse ones could have missed.
 */
function openWatersOffice(deps: EmbeddedDeps, lat: number, lon: number, shore: Shore): OfficeRecord | undefined {
  if (shore.km <= NEARSHORE_KM || INNER_WATERS.some((box) => inBox(lat, lon, box))) return undefined;
  const lake = GREAT_LAKES.find((l) => inBox(lat, lon, l.box));
  if (!lake) return undefined;
  for (const km of NEARSHORE_RINGS_KM) {
    for (let k = 0; k < 64; k++) {
      const at = probePoint(lat, lon, km, (k * Math.PI) / 32);
      if (deps.catalogue.countyZoneAt(at.lat, at.lon)) return undefined;
    }
  }
  return deps.catalogue.offices.get(lake.openWaters);
}

/**
 * The office whose marine zone holds a point over water: the zone's own office, or for a Great Lake's open
 * waters the office the NWS names for them (`GL_WFO`: Lake Michigan beyond 5 nautical miles is MKX's). Of the
 * 58 recorded answers over water, the 57 that lie in a zone got its office (the other lies on Virginia Key, in a
 * gap of the marine outlines); the nearest shore's office is the fallback where no marine zone holds the point.
 */
function watersOffice(deps: EmbeddedDeps, lat: number, lon: number): OfficeRecord | undefined {
  const zone = deps.catalogue.marineZoneAt(lat, lon);
  return zone && deps.catalogue.offices.get(zone.lakeCwa ?? zone.cwa);
}

/**
 * Whether a town of the place list lies within TOWN_KM of the point. The search goes no farther: from
 * another continent, a search for the nearest town anywhere read the place index's cells for seconds.
 */
function nearTown(deps: EmbeddedDeps, lat: number, lon: number): boolean {
  return deps.catalogue.nearestPlace(lat, lon, TOWN_KM * 1000) !== undefined;
}

/**
 * The office that has a whole NDFD grid to itself and whose grid holds the point (GUM over the seas around
 * Guam and the Marianas): its waters reach the grid's edges, however far from land.
 */
function sectorOffice(deps: EmbeddedDeps, lat: number, lon: number): OfficeRecord | undefined {
  for (const [gridName, officeId] of deps.sectors ?? []) {
    const grid = NDFD_GRIDS[gridName];
    const { i, j } = latLonToGrid(lat, lon, grid);
    if (isInsideGrid(i, j, grid)) return deps.catalogue.offices.get(officeId);
  }
  return undefined;
}

/**
 * The office that answers a point, and the shore it was found from when the point is over water (undefined
 * on land); `atSea` when no shore is in reach but the office has the point's whole grid to itself; no
 * office when the point is beyond every office's waters.
 */
export function answeringOffice(
  deps: EmbeddedDeps,
  lat: number,
  lon: number,
): { readonly office?: OfficeRecord; readonly shore?: Shore; readonly atSea?: boolean; readonly town?: boolean } {
  const onLand = officeOfLand(deps, lat, lon);
  if (onLand) return { office: onLand };
  const shore = nearestShore(deps, lat, lon);
  // A town the outlines leave out: land, with the zones of the nearest land (grid-cell.ts cellOfPoint).
  if ((!shore || shore.km > SHORE_KM) && nearTown(deps, lat, lon)) {
    const office = shore?.office ?? watersOffice(deps, lat, lon) ?? sectorOffice(deps, lat, lon);
    if (office) return shore ? { office, shore, town: true } : { office, town: true };
  }
  const waters = shore && shore.km <= SHORE_KM ? undefined : watersOffice(deps, lat, lon);
  if (waters) return shore ? { office: waters, shore } : { office: waters, atSea: true };
  if (!shore) {
    const sector = sectorOffice(deps, lat, lon);
    return sector ? { office: sector, atSea: true } : {};
  }
  return { office: openWatersOffice(deps, lat, lon, shore) ?? shore.office, shore };
}
