// Resolves IANA time zones for NWS areas. tz-lookup answers for a point; the
// NWS letter codes (bp05mr24 TIME_ZONE) say which standard offsets an area
// really has, so they filter out look-ups that land across a border or in
// the sea, and supply a zone when no sampled point gives a usable answer.

import { tzLookup } from './build-deps.ts';
import type { LatLon } from './geo-helpers.ts';

/** Standard (winter) UTC offset in minutes for each NWS letter; null: letter too ambiguous to check. */
const LETTER_OFFSETS: Record<string, number | null> = {
  E: -300,
  e: -300,
  C: -360,
  M: -420,
  m: -420,
  P: -480,
  A: -540,
  H: -600,
  V: -240,
  G: 600,
  S: -660,
  F: 660,
  K: 720,
  J: null,
};

/** Zone used when no sampled point yields an answer matching the letter. */
const LETTER_FALLBACK: Record<string, string> = {
  E: 'America/New_York',
  e: 'America/New_York',
  C: 'America/Chicago',
  M: 'America/Denver',
  m: 'America/Phoenix',
  P: 'America/Los_Angeles',
  A: 'America/Anchorage',
  H: 'Pacific/Honolulu',
  V: 'America/Puerto_Rico',
  G: 'Pacific/Guam',
  S: 'Pacific/Pago_Pago',
  F: 'Pacific/Pohnpei',
  K: 'Pacific/Majuro',
  J: 'Pacific/Palau',
};

/**
 * IANA zones of the US and the territories NWS serves (tzdata zone1970.tab).
 * tz-lookup's boundaries are simplified, so near a border it can answer with
 * Canada's or Mexico's zone; those answers are discarded.
 */
const US_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Chicago',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
  'Pacific/Kosrae',
  'Pacific/Majuro',
  'Pacific/Kwajalein',
  'Pacific/Palau',
  'Pacific/Midway',
  'Pacific/Wake',
]);

const offsetCache = new Map<string, number>();

function standardOffsetMinutes(timeZone: string): number {
  const cached = offsetCache.get(timeZone);
  if (cached !== undefined) return cached;
  const offsets = [Date.UTC(2024, 0, 15), Date.UTC(2024, 6, 15)].map((t) => {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(t)
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d\d):(\d\d)/.exec(part ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  });
  // Daylight time moves clocks forward, so the smaller offset is standard time.
  const standard = Math.min(...offsets);
  offsetCache.set(timeZone, standard);
  return standard;
}

/** tz-lookup at a point, or null over open water (Etc/GMT±n), outside the US and outside the valid range. */
export function zoneAtPoint(p: LatLon): string | null {
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon) || Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180) return null;
  const tz = tzLookup(p.lat, p.lon);
  return US_ZONES.has(tz) ? tz : null;
}

function lettersOf(code: string | null | undefined): string[] {
  return [...new Set((code ?? '').replace(/[^A-Za-z]/g, '').split(''))].filter((l) => l in LETTER_OFFSETS);
}

/**
 * Distinct zones for an area. Samples come best-first (centroid, then more
 * points). A single-letter area gets one zone; a multi-letter area gets one
 * per letter that some sample confirms, falling back to the letter's default.
 */
export function resolveAreaZones(letterCode: string | null | undefined, samples: readonly LatLon[]): string[] {
  const letters = lettersOf(letterCode);
  const found: string[] = [];
  for (const p of samples) {
    const tz = zoneAtPoint(p);
    if (tz !== null && !found.includes(tz)) found.push(tz);
    if (letters.length <= 1 && found.length > 0 && matches(found, letters)) break;
  }
  if (letters.length === 0) return found.slice(0, 1);
  const out: string[] = [];
  for (const letter of letters) {
    const want = LETTER_OFFSETS[letter];
    const hit = found.find((tz) => want === null || want === undefined || standardOffsetMinutes(tz) === want);
    const choice = hit ?? LETTER_FALLBACK[letter];
    if (choice !== undefined && !out.includes(choice)) out.push(choice);
  }
  return out;
}

function matches(found: readonly string[], letters: readonly string[]): boolean {
  const want = letters[0] === undefined ? undefined : LETTER_OFFSETS[letters[0]];
  return want === null || want === undefined || found.some((tz) => standardOffsetMinutes(tz) === want);
}
