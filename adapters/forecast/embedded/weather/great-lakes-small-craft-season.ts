import { standardMonthDay } from './time.ts';

/**
 * When a Great Lakes marine zone can have a Small Craft Advisory (issue 38: alerts "follow the NWS's seasonal
 * practice"). The lakes' advisory differs from the coasts' in two ways.
 *
 * Only the nearshore waters have one. The open waters beyond 5 NM (the Open Lakes Forecast's zones) get gale,
 * storm and hurricane force wind warnings and no advisory: NWS Marquette gives the advisory "for nearshore
 * waters" and the warnings for both (weather.gov/mqt/fitz_define), and the open zones' forecasts carry no
 * advisory in advisory-strength wind (Detroit's LHZ462-464 on 20 Jan 2025, west 20 to 25 kt: a Heavy
 * Freezing Spray Warning alone; Buffalo's LEZ061 on 23 Jan 2025). Their warnings run all year.
 *
 * On the nearshore waters it depends on the office, that is on the ice. Where the water stays open the
 * offices issue advisories all winter: Chicago (NSHLOT of 21 and 24 Jan 2026, under "extensive ice coverage"),
 * Northern Indiana (LMZ043/046, 11-12 Jan 2023), Grand Rapids (14 Feb 2023), Buffalo (LEZ041 13 Jan 2025,
 * LOZ042 23 Feb 2024, LEZ040-041 2 Feb 2023); Milwaukee's nearshore forecast runs all winter too (NSHMKX of
 * 3 Feb 2026) on the same open southern lake as Chicago's. Detroit's nearshore forecasts go on through the
 * winter with gale watches but no advisory in advisory-strength wind over its iced bays (LHZ421-422, 3 Feb
 * 2023 and 25 Jan 2025: "waves omitted due to ice coverage"); its advisories run from April (16 Apr 2024) to
 * late autumn (21 Nov 2024). Gaylord's (18 Apr 2025), Marquette's (14 Nov 2025; a nearshore gale 4 Dec 2025),
 * Duluth's (1 May 2024; 4 Dec 2022) and Green Bay's fall in the same months, and none was found from mid
 * December to March; nor was one of Cleveland's, whose western basin ices over most winters. Those six keep
 * the navigation season the brief and the offices' products bracket, 1 April to 15 December: a date pair for
 * all of them, as no office's own dates were found. Warnings on nearshore zones run all year everywhere
 * (Chicago's nearshore gale 21 Jan 2026, Cleveland's LEZ146-149 29 Jan 2019).
 */

/** A nearshore advisory season: [opens, closes) as month × 100 + day in the lakes' standard time; null all year. */
export type NearshoreSeason = { readonly opens: number; readonly closes: number } | null;

const NAVIGATION_SEASON: NearshoreSeason = { opens: 401, closes: 1216 };

/** Each Great Lakes office's nearshore Small Craft Advisory season (sources above). */
export const NEARSHORE_SMALL_CRAFT_SEASON: Readonly<Record<string, NearshoreSeason>> = {
  BUF: null,
  GRR: null,
  IWX: null,
  LOT: null,
  MKX: null,
  APX: NAVIGATION_SEASON,
  CLE: NAVIGATION_SEASON,
  DLH: NAVIGATION_SEASON,
  DTX: NAVIGATION_SEASON,
  GRB: NAVIGATION_SEASON,
  MQT: NAVIGATION_SEASON,
};

/**
 * The open-waters zones (beyond 5 NM) of the lakes, as the NWS marine zones of 18 March 2025 name them. Lake
 * St. Clair's "Open Lake" (LCZ460) is a nearshore zone of Detroit's, and so are the Outer Apostle Islands
 * beyond 5 NM of the mainland (LSZ150, Duluth's).
 */
export const GREAT_LAKES_OPEN_WATERS: ReadonlySet<string> = new Set([
  'LEZ061',
  ...['162', '163', '164', '165', '166', '167', '168', '169'].map((n) => `LEZ${n}`),
  ...['361', '362', '363', '462', '463', '464'].map((n) => `LHZ${n}`),
  ...['080', '261', '362', '364', '366', '563', '565', '567', '669', '671', '673', '675', '777', '779'].map(
    (n) => `LMZ${n}`,
  ),
  ...['868', '870', '872', '874', '876', '878'].map((n) => `LMZ${n}`),
  ...['062', '063', '064', '065'].map((n) => `LOZ${n}`),
  ...['162', '263', '264', '265', '266', '267'].map((n) => `LSZ${n}`),
]);

/** A Great Lakes or St. Lawrence marine zone (its UGC). */
export const isGreatLakesZone = (zoneId: string): boolean => /^(L[CEHMOS]|SL)Z/.test(zoneId);

/** Hours the lakes' standard time (Central, for the western lakes where most of the ice is) runs behind UTC. */
const LAKES_UTC_OFFSET_HOURS = 6;

/**
 * When a zone's Small Craft Advisory can run: 'never' (the lakes' open waters), 'always' (every other zone, and
 * the nearshore waters of an office whose water stays open), else the season it keeps.
 */
export function smallCraftSeason(zoneId: string, officeId: string): 'never' | 'always' | NonNullable<NearshoreSeason> {
  if (!isGreatLakesZone(zoneId)) return 'always';
  if (GREAT_LAKES_OPEN_WATERS.has(zoneId)) return 'never';
  return NEARSHORE_SMALL_CRAFT_SEASON[officeId] ?? 'always';
}

/** Whether an epoch hour falls in a nearshore season (month × 100 + day of the lakes' standard-time date). */
export function inNearshoreSeason(season: NonNullable<NearshoreSeason>, epochHour: number): boolean {
  const monthDay = standardMonthDay(epochHour, LAKES_UTC_OFFSET_HOURS);
  return monthDay >= season.opens && monthDay < season.closes;
}
