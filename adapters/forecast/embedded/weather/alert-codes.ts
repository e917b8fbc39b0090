import { officeState } from './office-states.ts';
import type { HazardRule } from './alert-rules.ts';
import { MS_PER_HOUR } from './time.ts';

/** Product identifiers: VTEC strings, AWIPS ids and WMO headings, in NWS formats. */

/** NEW, then CON or EXT each cycle; UPG a watch's last, sent with the warning that replaces it. */
export type VtecAction = 'NEW' | 'CON' | 'EXT' | 'UPG';

// Offices outside CONUS use ICAO prefixes other than K.
const ICAO_PREFIX: Record<string, string> = { AFC: 'P', AFG: 'P', AJK: 'P', HFO: 'P', GUM: 'P', SJU: 'T', PPG: 'N' };

export function officeIcao(officeId: string): string {
  if (officeId.length === 4) return officeId;
  if (officeId === 'SJU') return 'TJSJ';
  return `${ICAO_PREFIX[officeId] ?? 'K'}${officeId}`;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** VTEC time stamp, yymmddThhmmZ. */
export function vtecTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}Z`;
}

/**
 * P-VTEC string, e.g. /O.NEW.KTOP.HT.Y.0003.260703T1900Z-260705T0100Z/. For an event
 * already in effect the begin time is all zeros, as in the NWS's continuation products.
 */
export function vtec(
  action: VtecAction,
  officeId: string,
  rule: Pick<HazardRule, 'phenomenon' | 'significance'>,
  etn: number,
  beginMs: number | null,
  endMs: number,
): string {
  const begin = beginMs === null ? '000000T0000Z' : vtecTime(beginMs);
  return `/O.${action}.${officeIcao(officeId)}.${rule.phenomenon}.${rule.significance}.${pad(etn, 4)}.${begin}-${vtecTime(endMs)}/`;
}

/**
 * Event tracking numbers. The NWS numbers the events of each office, phenomenon and significance in turn,
 * from 0001 each year, so two events of one kind at one office in a year never share a number, and every
 * update of an event (CON, EXT, UPG, CAN, EXP) repeats its number (NWS Directive 10-1703, VTEC,
 * https://www.weather.gov/media/vtec/VTEC_explanation_ver9.pdf; "the later VTEC line [is expected] to have an
 * incremented ETN", https://www.weather.gov/os/vtec/GHG_ETN.html). The model keeps no counter: its numbers
 * come from when an event begins, which is as stable as the event, and fit the four digits: unique in the year
 * among zone-based events by construction ({@link startEtn}); among storm-based warnings, unique in the year
 * for a cycle's first 11 of a kind at an office, and within 8 days (never within a list) for the rest, numbered
 * from an overflow pool (storm-warnings.ts, stormEtn). Numbers above {@link MODEL_ETN_MAX} are left to the
 * scenarios' alerts (injected-alerts.ts), so none of those shares one with the model's.
 */
export const MODEL_ETN_MAX = 9599;

/** The UTC year of an epoch hour. */
export function utcYear(epochHour: number): number {
  return new Date(epochHour * MS_PER_HOUR).getUTCFullYear();
}

/** Whole hours from the start of an epoch hour's UTC year: 0 to 8,783 (a leap year's 8,784 hours). */
export function hourOfYear(epochHour: number): number {
  return epochHour - Date.UTC(utcYear(epochHour), 0, 1) / MS_PER_HOUR;
}

/**
 * The ETN of a zone-based event (and of its watch): 1 plus the hour of the year it begins in, 1 to 8,784. An
 * event keeps its start, and so its number, over all its issuances. Episodes of one office and product that
 * begin in the same hour (a marine zone's small craft advisory and its neighbour's, each an episode of its own)
 * share the number, as the segments of one NWS product do: each segment its zones and times, one event.
 */
// Unlike the NWS's numbers, which count an office's events of a kind (a few to a few hundred a year), these run
// to 8,784 and leave gaps: WI.Y.8400 is a December event, not an office's 8,400th. A compact count would need
// every earlier event of the year, which a stateless cycle cannot see; no map of the start hour onto fewer
// numbers keeps two events that begin an hour apart apart.
export function startEtn(startHour: number): number {
  return 1 + hourOfYear(startHour);
}

export function awipsIdentifier(rule: HazardRule, officeId: string): string {
  return `${rule.product}${officeId}`;
}

/**
 * The WMO heading's last digit (WUUS5n, WWUS7n…) by state: 1 the Northeast and Mid-Atlantic, 2 the Southeast
 * (North and South Carolina, Georgia, Florida), 3 the Central states (the default), 4 the South-Central, 5 the
 * Mountain West, 6 the Pacific coast ("WWUS76 KSTO", "WWUS75 KBYZ", "WUUS55 KPSR"; the discussions' FXUS66 and
 * FXUS65, product-catalogue.ts). Not the NWS regions: the Southeast's offices of the Eastern (Raleigh, Newport/Morehead City,
 * Charleston, Greer) and Southern Regions (Peachtree City, and Florida's) send under 2, as recorded products
 * read: "WUUS52 KMFL", "WHUS52 KMFL" (NWS Miami's SMW of 2025-08-21), "WHUS52 KKEY"
 * (marine.weather.gov/product.php?issuedby=KEY&product=SMW, 2025-04-08), "WUUS52 KJAX", "WUUS52 KTAE",
 * "WWUS72 KTAE", "WWUS72 KTBW", "WHUS72 KTBW", "WFUS52 KMLB", "WGUS52 KFFC", "WUUS52 KRAH", "WFUS52 KRAH",
 * "WFUS52 KCHS", "WUUS52 KGSP", where Mobile, Birmingham, Jackson, Memphis, Houston and El Paso send "WUUS54"
 * and Sterling and Charleston WV "WUUS51" (public test fixtures and recordings of api.weather.gov and NWWS).
 */
const REGION_BY_STATE: Record<string, number> = {
  ME: 1,
  NH: 1,
  VT: 1,
  MA: 1,
  RI: 1,
  CT: 1,
  NY: 1,
  NJ: 1,
  PA: 1,
  DE: 1,
  MD: 1,
  DC: 1,
  VA: 1,
  WV: 1,
  NC: 2,
  SC: 2,
  OH: 1,
  TX: 4,
  OK: 4,
  LA: 4,
  AR: 4,
  MS: 4,
  AL: 4,
  TN: 4,
  GA: 2,
  FL: 2,
  WA: 6,
  OR: 6,
  CA: 6,
  NV: 5,
  ID: 5,
  MT: 5,
  UT: 5,
  AZ: 5,
  // NWS Boulder's discussions go out as "FXUS65 KBOU" (recorded products in public test fixtures), though the
  // office is in the Central Region: the digit is the state's WMO area, not the NWS region.
  CO: 5,
  // NWS Albuquerque's likewise: "FXUS65 KABQ" (a NOAAPort file name of 2016-01-12 recorded in a public test,
  // A_FXUS65KABQ121804AAB_C_KWIN_..._AFDABQNM.TXT); El Paso's offices in Texas stay 4.
  NM: 5,
  // NWS Riverton's discussions go out as "FXUS65 KRIW" (api.weather.gov/products/f77fbb6e-0640-4892-bc4a-31a039926ae7,
  // 2024-07-18) and its statements as "WWUS85 KRIW" (akrherz/pyIEM data/product_examples/SPS/SPSRIW.txt);
  // Cheyenne is in Wyoming too.
  WY: 5,
};

/**
 * Offices off the mainland send under their own WMO area designator and digit, not US and a state's: San Juan
 * CA2 ("WHCA72 TJSJ" MWW, "WGCA82 TJSJ" FLS, "WHCA42 TJSJ" CFW, "FLCA42 TJSJ" HWO; "WFCA52 TJSJ" EWW in NWS
 * Instruction 10-601, app. B, https://www.weather.gov/media/directives/010_pdfs/pd01006001curr.pdf; "FXCA62
 * TJSJ" AFD, forecast.weather.gov, 2017-2025), Honolulu HW0 ("WHHW40 PHFO" CFW, June 2026, recorded; "CDHW40
 * PHFO" CLIHNL, forecast.weather.gov, 2026-09-25; "FXHW60 PHFO" AFD, 2025; "WFHW50 PHFO" EWW, "WTHW80 PHFO" HLS,
 * 10-601), Guam PQ0 for its discussion (sent as "FXPQ50 PGUM", product-catalogue.ts; "WFPQ50 PGUM" EWW, 10-601)
 * but MY0 for the Marianas' zones ("WGMY50 PGUM" FFW for GUC100, "WGMY80 PGUM" FLS, "WHMY40 PGUM" CFW; Wake
 * Island's waters, PMZ191, take it too, unrecorded), Pago Pago ZS0 ("FXZS60 NSTU" AFD, forecast.weather.gov,
 * 2025; "CDZS40 NSTU" CLI), and Alaska's offices AK with a digit each: Juneau 7 ("WHAK77 PAJK" MWW, "CDAK47
 * PAJK"), Anchorage 8 ("CDAK48 PAFC"), Fairbanks 9 ("FXAK69 PAFG" AFD, forecast.weather.gov, 2014-2025;
 * "FNAK79 PAFG" FWS, 2013, home.chpc.utah.edu/~u0732636/jfsp/data/text/20130809/). Recorded headings, unless
 * said, from akrherz/pyIEM data/product_examples (FFWGUM, FLSGUM_timestamp, CHST, MWWspanish, FLSSJU_twopoint,
 * CFWSJU, HWOSPN, MWWAJK, CLIJNU, CLIANC, CLIPPG).
 */
const AREA_BY_OFFICE: Readonly<Record<string, string>> = {
  SJU: 'CA2',
  HFO: 'HW0',
  GUM: 'PQ0',
  PPG: 'ZS0',
  AJK: 'AK7',
  AFC: 'AK8',
  AFG: 'AK9',
};

/** Areas of their own inside an office's: Guam's Marianas (Guam and the Northern Marianas) in its Micronesia. */
const AREA_BY_ZONE_STATE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  GUM: { GU: 'MY0', MP: 'MY0' },
};

// A marine weather message goes out under WHUS7n (WHUS71 KOKX for MWWOKX).
const WMO_PREFIX: Record<HazardRule['product'], string> = { NPW: 'WWUS7', WSW: 'WWUS4', FFA: 'WGUS6', MWW: 'WHUS7' };

/** WMO abbreviated heading, e.g. "WWUS73 KTOP 031904" (day, hour, minute of issuance, UTC). */
export function wmoIdentifier(rule: HazardRule, officeId: string, state: string, sentMs: number): string {
  return wmoHeading(WMO_PREFIX[rule.product], officeId, state, sentMs);
}

/**
 * The WMO collective of an office's heading from its stem, data type, US and class digit (WHUS5 for special
 * marine warnings, FXUS6 for discussions): the area designator and last digit of the office's WMO area. On the
 * mainland that is US and the digit of the office's state (`state`, the zone's, where the office's is not
 * listed), 3 (north central) elsewhere; off it, the office's own area (AREA_BY_OFFICE), or its zones' (`state`)
 * where they have one of their own. Alerts and text products share it: "FXUS62 KTBW", "WHCA72 TJSJ", "FXCA62 TJSJ".
 */
export function wmoCollective(stem: string, officeId: string, state?: string): string {
  const area =
    AREA_BY_ZONE_STATE[officeId]?.[state ?? ''] ??
    AREA_BY_OFFICE[officeId] ??
    `US${REGION_BY_STATE[officeState(officeId) ?? state ?? ''] ?? 3}`;
  return `${stem.slice(0, 2)}${area.slice(0, 2)}${stem.slice(4)}${area.slice(2)}`;
}

/**
 * A heading from its five-character stem (WUUS5 for severe thunderstorm warnings, say), in the office's WMO area
 * ({@link wmoCollective}): a product is its office's, whichever state its zones are in (NWS Tallahassee's severe
 * thunderstorm warning for Alabama's ALC031 went out as "WUUS52 KTAE"); `state`, the zone's, where the office's
 * is not listed.
 */
export function wmoHeading(prefix: string, officeId: string, state: string, sentMs: number): string {
  const d = new Date(sentMs);
  return `${wmoCollective(prefix, officeId, state)} ${officeIcao(officeId)} ${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}
