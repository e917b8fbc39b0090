import { isGreatLakesZone } from './great-lakes-small-craft-season.ts';

/**
 * The surface water temperature of the marine zones where freezing spray forms (freezing-spray.ts): the Great
 * Lakes, Alaska's waters and New England's. A climatology by water body and day of year, as the model has no
 * water of its own; what spray needs of it is how far the water sits above its freezing point, which sets how
 * much heat a drop brings to a cold deck.
 *
 * Mid-month means, °C, January to December, rounded to half a degree from the long-term curves and summaries:
 * - The Great Lakes: the shape of GLERL's GLSEA lake-wide averages (1995 onward), anchored where their figures
 *   are quoted (Lake Superior ~46 °F in early July, Lake Michigan 61.9 °F and Lake Erie ~70 °F by mid-July:
 *   MLive's GLERL charts of July 2018 and 2021): Superior, deep and northern, near 4 °C into December and
 *   ~1 °C by March; shallow Erie from ~1 °C to ~24 °C. Lake St. Clair (LC) takes Erie's, the St. Lawrence
 *   (SL) Ontario's.
 * - Alaska: the Inside Passage and the outer coast of the Southeast (Sitka, Juneau: ~4.5 °C at the March
 *   minimum, 13 °C in August); the Gulf of Alaska's coast, Prince William Sound, Kodiak and lower Cook Inlet
 *   (Seward, Kodiak: ~3.5 °C in March, 12.5 °C in August); upper Cook Inlet, where floes drift all winter (0 °C
 *   December to March); the Aleutians' open Pacific and Bering waters (~3.5 °C through March, 9.5 °C in
 *   August); Bristol Bay and the Bering shelf north of it, at the freezing point of sea water near the ice
 *   edge in late winter (−1 °C) and ~10 °C in August (NOAA NCEI's coastal water temperature guide and NDBC's
 *   buoy climatologies, as rounded here).
 * - New England's waters (marine zones centred north of 41° N), the Gulf of Maine and south of Cape Cod: ~4 °C in March, 18 °C in
 *   August (Boston and Portland buoys; NCEI's guide gives NDBC 44005 43.1, 40.6, 39.9 °F in January to March and
 *   65.4 °F in August).
 * - Florida's Gulf coast and the Keys, for the open sea there (sea-water.ts): the monthly means of NOAA NCEI's
 *   Coastal Water Temperature Guide (retired May 2025), °F converted and rounded to half a degree, one station
 *   per office's waters: Pensacola (Mobile's), Cedar Key (Tallahassee's), St. Petersburg (Tampa Bay's), Naples
 *   (Miami's Gulf waters), Key West (Key West's). Cedar Key itself lies in Tampa Bay's waters (GMZ850), just
 *   south of the offices' line: of the stations quoted it is the nearest to the Big Bend, so a neighbour's
 *   station stands for Tallahassee's waters, and their west, off Apalachicola, is read from ~150 km away.
 *   They are shore stations: the open Gulf in winter is a degree
 *   or so warmer than them, in summer a little cooler (the guide's own caution).
 * Read from curves and summaries, not fitted: good to a degree or two.
 */

export type WaterBody =
  | 'superior'
  | 'michigan'
  | 'huron'
  | 'erie'
  | 'ontario'
  | 'alaskaSoutheast'
  | 'alaskaGulf'
  | 'cookInlet'
  | 'aleutians'
  | 'bering'
  | 'newEngland'
  | 'gulfPanhandle'
  | 'gulfBigBend'
  | 'gulfTampaBay'
  | 'gulfSouthwestFlorida'
  | 'floridaKeys';

const MONTHLY_C: Readonly<Record<WaterBody, readonly number[]>> = {
  superior: [2.5, 1, 0.5, 1.5, 3, 5.5, 9.5, 14, 12, 8.5, 6, 4],
  michigan: [3.5, 2, 2, 3.5, 7, 13, 19, 21.5, 18.5, 13.5, 9, 5.5],
  huron: [3, 1.5, 1.5, 3, 6, 11.5, 18, 20.5, 17.5, 12.5, 8, 4.5],
  erie: [2, 1, 1.5, 5, 12, 19.5, 22.5, 24, 21, 15.5, 9.5, 4.5],
  ontario: [3, 2, 2, 3, 6.5, 12.5, 19, 21.5, 18.5, 13.5, 9, 5],
  alaskaSoutheast: [5.5, 4.5, 4.5, 5.5, 8, 11, 13, 13.5, 12, 9.5, 7.5, 6.5],
  alaskaGulf: [4, 3.5, 3.5, 4.5, 6.5, 9.5, 12, 12.5, 11, 8, 6, 5],
  cookInlet: [0, 0, 0, 2, 6, 10, 12, 12, 10, 6, 2.5, 0],
  aleutians: [4, 3.5, 3.5, 3.5, 4.5, 6.5, 8.5, 9.5, 9, 7, 5.5, 4.5],
  bering: [0, -1, -1, -0.5, 2, 6, 9, 10, 8.5, 5.5, 3, 1],
  newEngland: [6, 4.5, 4, 5.5, 8.5, 12.5, 16.5, 18, 17, 14, 11, 8],
  gulfPanhandle: [13.5, 14.5, 17, 21.5, 25.5, 29, 29.5, 30, 28, 23.5, 18.5, 14.5],
  gulfBigBend: [14.5, 15.5, 19, 23, 26.5, 29, 30, 30, 28.5, 24.5, 19, 15.5],
  gulfTampaBay: [16.5, 18, 20, 23.5, 26.5, 29, 30, 30, 29, 25.5, 21, 18],
  gulfSouthwestFlorida: [19, 19, 21.5, 25, 28, 30, 30.5, 30.5, 30, 27, 23, 20],
  floridaKeys: [20.5, 21, 24, 25.5, 28, 29.5, 30.5, 30.5, 30, 28, 24.5, 22],
};

/** The water body of the open sea off Florida's Gulf coast and the Keys, by the office of its coastal marine zone. */
const GULF_BY_OFFICE: Readonly<Record<string, WaterBody>> = {
  MOB: 'gulfPanhandle',
  TAE: 'gulfBigBend',
  TBW: 'gulfTampaBay',
  MFL: 'gulfSouthwestFlorida',
  KEY: 'floridaKeys',
};

/**
 * The open sea's water body of an office's coastal marine zone off Florida's Gulf coast (its GMZ zones: Miami's
 * Atlantic waters, AMZ, are not among them), by its UGC and office; undefined elsewhere.
 */
export const eastGulfBodyOf = (zoneId: string, officeId: string): WaterBody | undefined =>
  zoneId.startsWith('GMZ') ? GULF_BY_OFFICE[officeId] : undefined;

/** Fresh water freezes at 0 °C, sea water at −1.7 °C (Overland 1990's value for the Bering and Gulf of Alaska). */
export const freezingPointC = (water: WaterBody): number => (LAKES.has(water) ? 0 : -1.7);

const LAKES: ReadonlySet<WaterBody> = new Set(['superior', 'michigan', 'huron', 'erie', 'ontario']);

const LAKE_BY_AREA: Readonly<Record<string, WaterBody>> = {
  LS: 'superior',
  LM: 'michigan',
  LH: 'huron',
  LE: 'erie',
  LC: 'erie',
  LO: 'ontario',
  SL: 'ontario',
};

/**
 * The water body of a marine zone where spray can freeze, by its UGC, office and centroid; undefined for the
 * rest (the warm waters, where the air over them is never cold enough). Alaska's by office: Juneau's waters
 * are the Southeast's; Fairbanks' the Bering's and the Chukchi's; Anchorage's the Aleutians south of 55.5° N,
 * the Bering west of 156.5° W (Bristol Bay, the Kuskokwim delta, Nunivak), upper Cook Inlet (PKZ740, 742),
 * else the Gulf's.
 */
export function waterBodyOf(zoneId: string, officeId: string, lat: number, lon: number): WaterBody | undefined {
  if (isGreatLakesZone(zoneId)) return LAKE_BY_AREA[zoneId.slice(0, 2)];
  if (zoneId.startsWith('AN')) return lat >= 41 ? 'newEngland' : undefined;
  if (!zoneId.startsWith('PK')) return undefined;
  if (officeId === 'AJK') return 'alaskaSoutheast';
  if (officeId === 'AFG') return 'bering';
  if (zoneId === 'PKZ740' || zoneId === 'PKZ742') return 'cookInlet';
  if (lat < 55.5) return 'aleutians';
  return lon < -156.5 ? 'bering' : 'alaskaGulf';
}

const DAYS_PER_YEAR = 365.2425;
const DAYS_PER_MONTH = DAYS_PER_YEAR / 12;

/** The water's temperature at an epoch hour, °C: the monthly means joined linearly mid-month to mid-month. */
export function waterTempC(water: WaterBody, epochHour: number): number {
  const day = (((epochHour / 24) % DAYS_PER_YEAR) + DAYS_PER_YEAR) % DAYS_PER_YEAR;
  return monthlyJoin(MONTHLY_C[water], day);
}

/**
 * A table of twelve monthly values (January first, each at its mid-month) at `day` days into the year (0 on
 * 1 January), joined linearly from one mid-month to the next, December to January across the new year.
 */
export function monthlyJoin(table: readonly number[], day: number): number {
  // Months since mid-January, the first value's date.
  const months = day / DAYS_PER_MONTH - 0.5;
  const k = Math.floor(months);
  const a = table[(k + 12) % 12]!;
  const b = table[(k + 13) % 12]!;
  return a + (b - a) * (months - k);
}
