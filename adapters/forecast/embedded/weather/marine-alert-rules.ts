import { MWW_EVENT, type HazardContext, type HazardRule } from './alert-rules.ts';
import type { AlertZone } from './alert-zones.ts';
import { ARCTIC_ICE_SEASON, inIceSeason, type IceSeason } from './arctic-sea-ice-season.ts';
import {
  inNearshoreSeason,
  isGreatLakesZone,
  smallCraftSeason,
  type NearshoreSeason,
} from './great-lakes-small-craft-season.ts';
import { freezingSprayRules } from './freezing-spray.ts';
import { ICED_OVER, iceCover } from './great-lakes-ice.ts';
import { lakeOfZone, lakePlace, type Lake } from './great-lakes-water.ts';
import { ruleHazards, strongest, type HazardWindow } from './hazard-windows.ts';
import { synopticGustKmh, type Place, type WeatherSample } from './model.ts';
import { marineWindKmh } from './marine-wind.ts';
import { ADVISORY_LEAD_HOURS, WARNING_LEAD_HOURS, WATCH_LEAD_HOURS } from './marine-lead-times.ts';
import { feet, seaSettingOf, seasM } from './sea-state.ts';
import { compassPoint, compassWords } from './units.ts';
import { waterBodyOf } from './water-temperature.ts';

/**
 * The marine hazard products of a coastal marine zone (MWW, the Marine Weather Message): Small Craft
 * Advisory, Gale, Storm and Hurricane Force Wind Warnings. NWSI 10-315 defines them by "sustained winds or
 * frequent gusts": a gale 34 to 47 kt, a storm 48 to 63 kt, hurricane force 64 kt or more; the Small Craft
 * Advisory's lower bound is set by each region (below), and most regions also issue one for seas alone: the
 * advisory counts an hour at its wind ({@link marineWindKt}) or at its seas (sea-state.ts), the warnings at
 * their wind.
 */

const KMH_PER_KT = 1.852;

/** The hour's marine wind ({@link marineWindKmh}), kt. */
export function marineWindKt(s: WeatherSample): number {
  return marineWindKmh(s) / KMH_PER_KT;
}

/** Gale, storm and hurricane force: the national criteria (kt). */
export const MARINE_WARNING_KT = { gale: 34, storm: 48, hurricaneForce: 64 } as const;

/**
 * Where a Small Craft Advisory begins (kt), by the region of the office issuing the zone, roughly as the
 * regional supplements to NWSI 10-315 set it (one value a region; some offices, and bays and harbors, differ):
 * Eastern Region's coastal waters 25 kt; Southern Region's 20 kt (the Gulf, the Atlantic off Georgia and
 * Florida, Puerto Rico); the Great Lakes 22 kt, whichever region's office; Western Region's Pacific coast
 * 21 kt; Alaska 23 kt; Hawaii and Guam 25 kt.
 */
const SMALL_CRAFT_KT: Readonly<Record<string, number>> = { ER: 25, SR: 20, CR: 22, WR: 21, AR: 23, PR: 25 };

/** The Small Craft Advisory threshold of a zone: a Great Lakes zone (L…, SL…) at 22 kt, else its office's region. */
export function smallCraftKt(zoneId: string, officeRegion: string): number {
  if (isGreatLakesZone(zoneId)) return SMALL_CRAFT_KT['CR']!;
  return SMALL_CRAFT_KT[officeRegion] ?? SMALL_CRAFT_KT['ER']!;
}

/**
 * Where a Small Craft Advisory for seas begins, by region, as the Coast Guard summarises the regional
 * supplements to NWSI 10-315 (coastguard.dodlive.mil, "Small Craft Advisories and Boating Safety", Oct 2009):
 * Eastern "seas or waves 5 to 7 feet and greater, area dependent" (the lower bound here); Central (the Great
 * Lakes) "seas or waves greater than 4 feet"; Southern (the Gulf, the Atlantic off Georgia and Florida, and
 * San Juan's Caribbean waters) "seas 7 feet or greater that are expected for more than 2 hours"; Western
 * "wave heights exceeding 10 feet"; Pacific (Hawaii, Guam) "seas 10 feet or greater". Alaska's the Coast Guard
 * gives as "for rough seas ... deemed locally significant"; the NWS's own definition goes on "based on user
 * needs, and should be no lower than 8 feet" (the Small Craft Advisory's regional criteria as NOAA/NWS word
 * them, copied at offshoreblue.com/wx/weather-warnings.php; NWS JetStream's older table, srh.noaa.gov/jetstream
 * "Marine Forecast-at-a-Glance", has "≥7 feet, area dependent"): 8 ft, the floor it states. Each is compared
 * as worded: `over` where the seas must exceed the height ("greater than", "exceeding"), else reaching it
 * ("or greater", "and greater") is enough.
 */
export interface SeasCriterion {
  readonly ft: number;
  readonly over: boolean;
}

const SMALL_CRAFT_SEAS: Readonly<Record<string, SeasCriterion>> = {
  ER: { ft: 5, over: false },
  SR: { ft: 7, over: false },
  CR: { ft: 4, over: true },
  WR: { ft: 10, over: true },
  AR: { ft: 8, over: false },
  PR: { ft: 10, over: false },
};

/** No advisory for seas: the wind alone. */
export const WIND_ALONE: SeasCriterion = { ft: Infinity, over: false };

/** Whether seas of `ft` meet the criterion. */
export const meetsSeas = (ft: number, seas: SeasCriterion): boolean => (seas.over ? ft > seas.ft : ft >= seas.ft);

/**
 * The seas criterion of a zone. A zone keeps only its wind threshold (alert-zone-file.ts), which names its
 * office's region but for the Pacific Region, whose 25 kt is Eastern's: its zones are the PH, PM and PS areas.
 */
export function smallCraftSeas(zoneId: string, smallCraftFromKt: number): SeasCriterion {
  if (isGreatLakesZone(zoneId)) return SMALL_CRAFT_SEAS['CR']!;
  if (/^P[HMS]Z/.test(zoneId)) return SMALL_CRAFT_SEAS['PR']!;
  const region = Object.keys(SMALL_CRAFT_KT).find((r) => r !== 'PR' && SMALL_CRAFT_KT[r] === smallCraftFromKt);
  return SMALL_CRAFT_SEAS[region ?? 'ER']!;
}

/**
 * The seas (ft) of the samples of marine zones' hours, by sample: recorded by {@link recordSeas} when an alert
 * cycle draws a zone's hours, read by the advisory's hourly test and its text, which see only samples. A side
 * table rather than a field: a copy of each sample with its seas made the alert cycle ~15% slower (the
 * copies, and the rules seeing two shapes of sample), measured.
 */
const SEAS_FT = new WeakMap<WeatherSample, number>();

/** The hour's seas, ft; 0 where the sample is no marine zone's. */
const seasFt = (s: WeatherSample): number => SEAS_FT.get(s) ?? 0;

/** Records the seas of a marine zone's hours, so the rules and the text read the same sea. */
export function recordSeas(zone: AlertZone, place: Place, firstHour: number, samples: readonly WeatherSample[]): void {
  const setting = seaSettingOf(zone.id, zone.name, zone.lat);
  const lake = isGreatLakesZone(zone.id);
  samples.forEach((s, k) => {
    SEAS_FT.set(s, feet(seasM(setting, place, firstHour + k, s)));
    if (lake) LAKE_SAMPLES.add(s);
  });
}

/** The samples of Great Lakes zones' hours, whose products speak of waves, not seas ("Waves 4 to 6 ft."). */
const LAKE_SAMPLES = new WeakSet<WeatherSample>();

/** "Seas 8 to 10 ft." ("Waves" on the Great Lakes): the worst place's seas over the product's hours, as the MWW quotes them. */
function seasWhat(places: readonly (readonly WeatherSample[])[]): string {
  let hours: readonly WeatherSample[] = [];
  let worst = 0;
  for (const ss of places) for (const s of ss) if (seasFt(s) > worst) [worst, hours] = [seasFt(s), ss];
  if (worst === 0) return '';
  const seas = hours.filter((s) => SEAS_FT.has(s)).map(seasFt);
  const hi = Math.round(Math.max(...seas));
  const lo = Math.min(Math.round(Math.min(...seas)), hi - 1);
  const word = LAKE_SAMPLES.has(hours[0]!) ? 'Waves' : 'Seas';
  return ` ${word} ${Math.max(lo, 1)} to ${Math.max(hi, 2)} ft.`;
}

/** Knots rounded up to the next 5: the text never quotes less than the criterion the hours met. */
const upTo5 = (kt: number) => Math.ceil(kt / 5) * 5;

/**
 * "Northwest winds 20 to 25 kt with gusts up to 35 kt.": the worst place's winds, as its gridpoint has them; a
 * watch's "possible" ("South winds 25 to 35 kt possible.", Seattle's Gale Watch of 6 Dec 2022).
 */
function marineWhat(places: readonly (readonly WeatherSample[])[], possible = false): string {
  let worst: WeatherSample | undefined;
  let hours: readonly WeatherSample[] = [];
  for (const ss of places)
    for (const s of ss) if (!worst || marineWindKt(s) > marineWindKt(worst)) [worst, hours] = [s, ss];
  if (!worst) return possible ? 'Hazardous winds possible.' : 'Hazardous winds expected.';
  const speeds = hours.map((s) => s.windSpeedKmh / KMH_PER_KT);
  const lo = Math.round(Math.min(...speeds) / 5) * 5;
  const hi = Math.max(lo + 5, Math.round(Math.max(...speeds) / 5) * 5);
  // A thunderstorm's outflow is the Special Marine Warning's, not the advisory's (synopticGustKmh).
  const gust = upTo5(Math.max(...hours.map((s) => synopticGustKmh(s) / KMH_PER_KT)));
  const wind = `${compassWords(compassPoint(worst.windDirectionDeg))} winds ${lo} to ${hi} kt with gusts up to ${gust} kt${possible ? ' possible' : ''}.`;
  return wind + seasWhat(places);
}

const AVOID_INSTRUCTION =
  'Mariners should alter plans to avoid these hazardous conditions. Seek safe harbor, alter course, and/or secure the vessel for severe wind and seas.';

const WATCH_INSTRUCTION =
  'Mariners should consider altering plans to avoid possible hazardous conditions. Remain in port, seek safe harbor, alter course, and/or secure the vessel for severe wind and seas.';

function marineRule(
  event: HazardRule['event'],
  phenomenon: string,
  significance: 'W' | 'Y',
  severity: HazardRule['severity'],
  fromKt: number,
  impacts: string,
  instruction: string,
  watchEvent?: HazardRule['event'],
): HazardRule {
  const rule: HazardRule = {
    event,
    family: 'marine',
    phenomenon,
    significance,
    product: 'MWW',
    severity,
    // Marine products are not relayed by EAS: their SAME event code is the generic one.
    sameCode: 'NWS',
    // From the start of the event to its end, its lulls bridged (MWW_EVENT).
    ...MWW_EVENT,
    hourly: (s) => marineWindKt(s) >= fromKt,
    what: marineWhat,
    impacts,
    instruction,
    response: 'Avoid',
    leadHours: significance === 'W' ? WARNING_LEAD_HOURS : ADVISORY_LEAD_HOURS,
  };
  if (!watchEvent) return rule;
  // The watch: the warning's event listed further ahead (marine-lead-times.ts), its winds and impacts
  // "possible", as Seattle's, Boston's and Mount Holly's Gale Watches word them.
  const watch: HazardRule = {
    ...rule,
    event: watchEvent,
    significance: 'A',
    leadHours: WATCH_LEAD_HOURS,
    what: (places) => marineWhat(places, true),
    impacts: impacts.replace(' will cause ', ' can cause '),
    instruction: WATCH_INSTRUCTION,
  };
  return { ...rule, watch };
}

/** The warnings, weakest first; one set for every zone. */
const MARINE_WARNINGS: readonly HazardRule[] = [
  marineRule(
    'Gale Warning',
    'GL',
    'W',
    'Moderate',
    MARINE_WARNING_KT.gale,
    'Strong winds will cause hazardous seas which could capsize or damage vessels and reduce visibility.',
    AVOID_INSTRUCTION,
    'Gale Watch',
  ),
  marineRule(
    'Storm Warning',
    'SR',
    'W',
    'Severe',
    MARINE_WARNING_KT.storm,
    'Very strong winds will cause hazardous seas which could capsize or damage vessels and reduce visibility.',
    'Mariners should remain in port, or take shelter as soon as possible, until winds and waves subside.',
    'Storm Watch',
  ),
  marineRule(
    'Hurricane Force Wind Warning',
    'HF',
    'W',
    'Extreme',
    MARINE_WARNING_KT.hurricaneForce,
    'Hurricane force winds will cause extremely dangerous seas which could capsize or damage vessels and reduce visibility.',
    'Mariners should remain in port, or take shelter as soon as possible, until winds and waves subside.',
    'Hurricane Force Wind Watch',
  ),
];

/** The advisory: an hour counts at its wind or at its seas ({@link WIND_ALONE}: the wind alone). */
const smallCraft = (fromKt: number, seas: SeasCriterion): HazardRule => {
  const rule = marineRule(
    'Small Craft Advisory',
    'SC',
    'Y',
    'Minor',
    fromKt,
    'Conditions will be hazardous to small craft.',
    'Inexperienced mariners, especially those operating smaller vessels, should avoid navigating in hazardous conditions.',
  );
  return { ...rule, hourly: (s, ctx) => rule.hourly(s, ctx) || meetsSeas(seasFt(s), seas) };
};

/** The advisory kept to a Great Lakes nearshore season: only the season's hours count toward it. */
function seasonalSmallCraft(fromKt: number, seas: SeasCriterion, season: NonNullable<NearshoreSeason>): HazardRule {
  const rule = smallCraft(fromKt, seas);
  return { ...rule, hourly: (s, ctx) => inNearshoreSeason(season, ctx.hour) && rule.hourly(s, ctx) };
}

/** One rule set per pair of Small Craft thresholds, so that rules compare by identity (groupEpisodes joins by rule). */
const RULE_SETS = new Map<string, readonly HazardRule[]>();
const WIND_THRESHOLDS = new Set(Object.values(SMALL_CRAFT_KT));

/**
 * The marine rules for a Small Craft threshold of {@link smallCraftKt} and, for seas, of
 * {@link smallCraftSeas} (none by default: the wind alone).
 */
export function marineHazardRules(smallCraftFromKt: number, seas = WIND_ALONE): readonly HazardRule[] {
  if (!WIND_THRESHOLDS.has(smallCraftFromKt))
    throw new RangeError(`No Small Craft Advisory threshold of ${smallCraftFromKt} kt.`);
  const key = `${smallCraftFromKt}|${seas.ft}|${seas.over}`;
  let rules = RULE_SETS.get(key);
  if (!rules) RULE_SETS.set(key, (rules = [smallCraft(smallCraftFromKt, seas), ...MARINE_WARNINGS]));
  return rules;
}

/**
 * Every marine product, for the event lists (the advisory once: its text is the same whatever its threshold;
 * the freezing spray products once, as any water body's).
 */
export const MARINE_HAZARD_RULES: readonly HazardRule[] = [
  ...marineHazardRules(SMALL_CRAFT_KT['ER']!),
  ...MARINE_WARNINGS.map((rule) => rule.watch!),
  ...freezingSprayRules('superior'),
];

/** The warnings alone: the Great Lakes' open waters, which get no advisory. */
const WARNINGS_ONLY: readonly HazardRule[] = MARINE_WARNINGS;
/** The rule sets of seasonal nearshore advisories, by threshold and season, made once each (identity, above). */
const SEASONAL_RULE_SETS = new Map<string, readonly HazardRule[]>();

/** The marine rules of a zone: its threshold's, with the advisory kept to its season (great-lakes-small-craft-season.ts). */
function openWaterRules(zoneId: string, officeId: string, smallCraftFromKt: number): readonly HazardRule[] {
  const season = smallCraftSeason(zoneId, officeId);
  const seas = smallCraftSeas(zoneId, smallCraftFromKt);
  if (season === 'always') return marineHazardRules(smallCraftFromKt, seas);
  if (season === 'never') return WARNINGS_ONLY;
  const key = `${smallCraftFromKt}|${seas.ft}|${seas.over}|${season.opens}|${season.closes}`;
  let rules = SEASONAL_RULE_SETS.get(key);
  if (!rules) {
    // The threshold is checked as for every zone; the season only narrows the advisory's hours.
    marineHazardRules(smallCraftFromKt);
    rules = [seasonalSmallCraft(smallCraftFromKt, seas, season), ...MARINE_WARNINGS];
    SEASONAL_RULE_SETS.set(key, rules);
  }
  return rules;
}

/** A rule that counts no hour of an ice season: the pack has no seas for the wind to raise. */
const offTheIce = (rule: HazardRule, ice: IceSeason): HazardRule => ({
  ...rule,
  hourly: (s, ctx) => !inIceSeason(ice, ctx.hour) && rule.hourly(s, ctx),
});

/** The rule sets of ice-covered zones, by open-water rule set and ice season, made once each (identity, above). */
const ICE_RULE_SETS = new Map<readonly HazardRule[], Map<IceSeason, readonly HazardRule[]>>();

/**
 * The marine rules of a zone: its threshold's, with the advisory kept to its Great Lakes season
 * (great-lakes-small-craft-season.ts) and every product kept off the Arctic pack ice (arctic-sea-ice-season.ts).
 */
export function zoneMarineRules(zoneId: string, officeId: string, smallCraftFromKt: number): readonly HazardRule[] {
  const open = openWaterRules(zoneId, officeId, smallCraftFromKt);
  const ice = ARCTIC_ICE_SEASON.get(zoneId);
  if (!ice) return open;
  let byIce = ICE_RULE_SETS.get(open);
  if (!byIce) ICE_RULE_SETS.set(open, (byIce = new Map<IceSeason, readonly HazardRule[]>()));
  let rules = byIce.get(ice);
  if (!rules) byIce.set(ice, (rules = open.map((rule) => offTheIce(rule, ice))));
  return rules;
}

/** The spray rule sets of zones, by water body, season (ice or nearshore) and lake ice, made once each (identity, above). */
const SPRAY_RULE_SETS = new Map<string, readonly HazardRule[]>();

/** A rule that counts no hour when the part of the lake a zone covers is iced over (great-lakes-ice.ts). */
const offTheLakeIce = (rule: HazardRule, lake: Lake, offshoreWeight: number): HazardRule => ({
  ...rule,
  hourly: (s, ctx) => iceCover(lake, ctx.hour, offshoreWeight) < ICED_OVER && rule.hourly(s, ctx),
});

/** Two decimals of a lake zone's open-lake weight: zones a few hundred metres apart share a rule set, as they share the ice. */
const offshoreWeight = (zone: Pick<AlertZone, 'lat' | 'lon'>): number =>
  Math.round(100 * (lakePlace(zone.lat, zone.lon)?.weight ?? 0)) / 100;

/** The wind rule sets of lake zones kept off their ice, by open-water rule set and lake|weight, made once each. */
const LAKE_ICE_RULE_SETS = new Map<readonly HazardRule[], Map<string, readonly HazardRule[]>>();

/**
 * A Great Lakes zone's wind products kept off its waters while the lakes' ice climatology has them iced over
 * (great-lakes-ice.ts), as its spray products are: the ice has no waves for the wind to raise, and the
 * NWS's lake forecasts omit the waves of iced waters ("waves omitted due to ice coverage"), as Alaska's
 * offices list the pack's zones "Ice covered" with no headline (arctic-sea-ice-season.ts). Other zones' rules
 * as they are.
 */
function lakeZoneRules(rules: readonly HazardRule[], zone: Pick<AlertZone, 'id' | 'lat' | 'lon'>) {
  const lake = lakeOfZone(zone.id);
  if (!lake) return rules;
  const offshore = offshoreWeight(zone);
  let byLake = LAKE_ICE_RULE_SETS.get(rules);
  if (!byLake) LAKE_ICE_RULE_SETS.set(rules, (byLake = new Map<string, readonly HazardRule[]>()));
  let gated = byLake.get(`${lake}|${offshore}`);
  if (!gated) byLake.set(`${lake}|${offshore}`, (gated = rules.map((rule) => offTheLakeIce(rule, lake, offshore))));
  return gated;
}

/**
 * A zone's freezing spray products (freezing-spray.ts): none where the water is never cold enough
 * (water-temperature.ts); kept off the Arctic pack in its season, on the nearshore waters of the lakes' icing
 * offices to the season their bays are open (great-lakes-small-craft-season.ts), as their advisories are, and
 * off a lake zone's waters while the lake's ice climatology has them iced over (great-lakes-ice.ts: the
 * zone's share of its lake's ice by how far out its weather place lies).
 */
export function zoneSprayRules(zone: Pick<AlertZone, 'id' | 'officeId' | 'lat' | 'lon'>): readonly HazardRule[] {
  const water = waterBodyOf(zone.id, zone.officeId, zone.lat, zone.lon);
  if (!water) return [];
  const ice = ARCTIC_ICE_SEASON.get(zone.id);
  const season = smallCraftSeason(zone.id, zone.officeId);
  const nearshore = typeof season === 'object' ? season : undefined;
  const lake = lakeOfZone(zone.id);
  const offshore = lake ? offshoreWeight(zone) : 0;
  const key = `${water}|${ice ? `${ice.from}-${ice.until}` : ''}|${nearshore ? `${nearshore.opens}-${nearshore.closes}` : ''}|${lake ?? ''}|${offshore}`;
  let rules = SPRAY_RULE_SETS.get(key);
  if (!rules) {
    rules = freezingSprayRules(water).map((rule) => {
      const open = nearshore
        ? {
            ...rule,
            hourly: (s: WeatherSample, ctx: HazardContext) =>
              inNearshoreSeason(nearshore, ctx.hour) && rule.hourly(s, ctx),
          }
        : rule;
      const unfrozen = lake ? offTheLakeIce(open, lake, offshore) : open;
      return ice ? offTheIce(unfrozen, ice) : unfrozen;
    });
    SPRAY_RULE_SETS.set(key, rules);
  }
  return rules;
}

/** A marine zone's hazard rules: its wind products, strongest last, then its freezing spray. */
export function marineRules(zone: AlertZone): readonly HazardRule[] {
  if (!zone.marine) return [];
  const rules = lakeZoneRules(zoneMarineRules(zone.id, zone.officeId, zone.marine.smallCraftKt), zone);
  const spray = zoneSprayRules(zone);
  return spray.length ? [...rules, ...spray] : rules;
}

/** A marine zone's hazard windows (see {@link strongestMarine}). */
export function marineHazards(
  zone: AlertZone,
  place: Place,
  firstHour: number,
  samples: readonly WeatherSample[],
): HazardWindow[] {
  return strongestMarine(zone, ruleHazards(marineRules(zone), place, firstHour, samples));
}

/**
 * Of a marine zone's windows (ruleHazards over {@link marineRules}), those it is issued: the strongest wind
 * product wins where they overlap, as the NWS upgrades a Gale Warning to a Storm Warning rather than run both
 * (as strongest drops an advisory under a warning of its family); freezing spray runs beside them, as a Gale
 * Warning and a Heavy Freezing Spray Warning do.
 */
export function strongestMarine(zone: AlertZone, all: readonly HazardWindow[]): HazardWindow[] {
  if (!zone.marine) return [];
  const windows = strongest(all);
  const rules = lakeZoneRules(zoneMarineRules(zone.id, zone.officeId, zone.marine.smallCraftKt), zone);
  const strength = (w: HazardWindow) => rules.indexOf(w.rule);
  return windows.filter(
    (w) =>
      !windows.some(
        (o) =>
          o !== w &&
          o.rule.significance === 'W' &&
          w.rule.significance === 'W' &&
          o.rule.family === w.rule.family &&
          strength(o) > strength(w) &&
          o.startHour < w.endHour &&
          w.startHour < o.endHour,
      ),
  );
}
