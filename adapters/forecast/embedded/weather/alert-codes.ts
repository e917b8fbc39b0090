import type { HazardRule } from './alert-rules.ts';

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

export function awipsIdentifier(rule: HazardRule, officeId: string): string {
  return `${rule.product}${officeId}`;
}

// NWS regions by state: Eastern 1, Central 3, Southern 4, Western 5 (the WMO heading's last digit).
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
  NC: 1,
  SC: 1,
  OH: 1,
  TX: 4,
  OK: 4,
  NM: 4,
  LA: 4,
  AR: 4,
  MS: 4,
  AL: 4,
  TN: 4,
  GA: 4,
  FL: 4,
  PR: 4,
  VI: 4,
  WA: 5,
  OR: 5,
  CA: 5,
  NV: 5,
  ID: 5,
  MT: 5,
  UT: 5,
  AZ: 5,
};

// A marine weather message goes out under WHUS7n (WHUS71 KOKX for MWWOKX).
const WMO_PREFIX: Record<HazardRule['product'], string> = { NPW: 'WWUS7', WSW: 'WWUS4', FFA: 'WGUS6', MWW: 'WHUS7' };

/** WMO abbreviated heading, e.g. "WWUS73 KTOP 031904" (day, hour, minute of issuance, UTC). */
export function wmoIdentifier(rule: HazardRule, officeId: string, state: string, sentMs: number): string {
  return wmoHeading(WMO_PREFIX[rule.product], officeId, state, sentMs);
}

/** A heading from its five-character prefix (WUUS5 for severe thunderstorm warnings, say) plus the region digit. */
export function wmoHeading(prefix: string, officeId: string, state: string, sentMs: number): string {
  const d = new Date(sentMs);
  const region = REGION_BY_STATE[state] ?? 3;
  return `${prefix}${region} ${officeIcao(officeId)} ${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}
