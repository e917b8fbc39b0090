import type { Episode } from './alert-zones.ts';
import type { VtecAction } from './alert-codes.ts';
import { localTime, MONTH_NAMES, WEEKDAY_NAMES, zoneAbbreviation } from './time.ts';

/** Headlines and the "* WHAT... * WHERE..." description of an alert, in NWS wording. */

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'the District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  VI: 'the U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
};

export function stateName(code: string): string {
  return STATE_NAMES[code] ?? code;
}

/** "2:04PM" */
function clock(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'AM' : 'PM'}`;
}

/** "July 3 at 2:04PM CDT", the CAP headline's time form. */
export function headlineTime(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  return `${MONTH_NAMES[t.month - 1]} ${t.day} at ${clock(t.hour, t.minute)} ${zoneAbbreviation(ms, timeZone)}`;
}

/** "Heat Advisory issued July 3 at 2:04PM CDT until July 4 at 8:00PM CDT by NWS Topeka KS" */
export function capHeadline(
  event: string,
  sentMs: number,
  endsMs: number,
  timeZone: string,
  officeName: string,
): string {
  return `${event} issued ${headlineTime(sentMs, timeZone)} until ${headlineTime(endsMs, timeZone)} by NWS ${officeName}`;
}

/** "8 PM", "NOON"-style hour words for NWS text ("Noon" and "Midnight" are spelt out). */
function hourWords(hour: number, minute: number): string {
  if (minute === 0 && hour === 12) return 'noon';
  if (minute === 0 && hour === 0) return 'midnight';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "8 PM CDT Saturday" */
function whenWords(ms: number, timeZone: string, withZone: boolean): string {
  const t = localTime(ms, timeZone);
  const zone = withZone ? ` ${zoneAbbreviation(ms, timeZone)}` : '';
  return `${hourWords(t.hour, t.minute)}${zone} ${WEEKDAY_NAMES[t.weekday]}`;
}

/** "From 1 PM Friday to 8 PM CDT Saturday" or "Until 8 PM CDT Saturday" when already in effect. */
export function whenPhrase(onsetMs: number, sentMs: number, endsMs: number, timeZone: string): string {
  if (onsetMs <= sentMs) return `Until ${whenWords(endsMs, timeZone, true)}`;
  return `From ${whenWords(onsetMs, timeZone, false)} to ${whenWords(endsMs, timeZone, true)}`;
}

/** The VTEC-driven upper-case NWSheadline, e.g. "HEAT ADVISORY IN EFFECT FROM 1 PM FRIDAY TO 8 PM CDT SATURDAY". */
export function nwsHeadline(
  event: string,
  action: VtecAction,
  onsetMs: number,
  sentMs: number,
  endsMs: number,
  timeZone: string,
): string {
  const verb = action === 'NEW' ? 'IN EFFECT' : action === 'EXT' ? 'NOW IN EFFECT' : 'REMAINS IN EFFECT';
  return `${event} ${verb} ${whenPhrase(onsetMs, sentMs, endsMs, timeZone)}`.toUpperCase();
}

/**
 * What api.weather.gov serves, as both headline and description, for a watch upgraded to its warning: NWS
 * Marquette MI's Winter Storm Watch (16 Mar 2023), Houston/Galveston TX's Freeze Watch and Hanford CA's Fire
 * Weather Watch read so, each office named as in the senderName.
 */
export function replacedNotice(event: string, officeName: string): string {
  return `The ${event} has been replaced. Please see the latest information from NWS ${officeName} on this developing situation.`;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * "In Kansas, Douglas, Jackson and Shawnee. In Missouri, Jackson." Marine zones are named alone, as the NWS
 * names waters ("Sandy Hook NJ to Fire Island Inlet NY out 20 nm.").
 */
export function wherePhrase(episode: Episode): string {
  if (episode.zones.every((z) => z.marine)) return `${listWords(episode.zones.map((z) => z.name))}.`;
  const byState = new Map<string, string[]>();
  for (const z of episode.zones) byState.set(z.state, [...(byState.get(z.state) ?? []), z.name]);
  return [...byState.entries()].map(([state, names]) => `In ${stateName(state)}, ${listWords(names)}.`).join(' ');
}

export function description(what: string, where: string, when: string, impacts: string): string {
  return `* WHAT...${what}\n\n* WHERE...${where}\n\n* WHEN...${when}.\n\n* IMPACTS...${impacts}`;
}
