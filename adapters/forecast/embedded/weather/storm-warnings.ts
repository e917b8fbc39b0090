import { hourOfYear, MODEL_ETN_MAX, utcYear, vtec, wmoHeading } from './alert-codes.ts';
import type { AlertEvent } from './alert-events.ts';
import { capHeadline, nwsHeadline } from './alert-text.ts';
import type { AlertFeature, AlertPolygon, AlertProperties, StormTrack } from './alert-feature.ts';
import type { AlertZone } from './alert-zones.ts';
import { hashString, hexDigest } from './hash.ts';
import { flashFloodGuidance3hMm } from './heavy-rain.ts';
import type { WeatherSample } from './model.ts';
import { epochHourToMs, isoWithOffset, localTime, zoneAbbreviation } from './time.ts';
import { compassPoint, compassWords, kmhToMph } from './units.ts';
import { textOrder } from './text-order.ts';
import { withoutTrailingSlashes } from './url.ts';

export type { StormTrack } from './alert-feature.ts';

/**
 * Storm-based warnings: severe thunderstorm, tornado and flash flood warnings. Unlike the zone-based
 * products of alert-rules.ts they are issued as a storm happens and carry a polygon: the area the storm
 * crosses while the warning runs, drawn from the storm's position and motion, as the NWS draws them. They
 * are county-coded (UGC KSC177, affectedZones zones/county/…), as real ones are. Over water the storm's
 * warning is the Special Marine Warning (MA.W), coded by its marine zone: when it is due is
 * marine-storm-warnings.ts's; it is numbered and built here, with the others.
 *
 * Everything comes from the same hourly weather the other alerts and the forecasts use, and each warning
 * holds at every hour it runs (issue 38 item 4):
 * - a **severe thunderstorm**: a thunderstorm hour whose gust reaches NOAA's severe criterion, 58 mph ("NOAA
 *   classifies a storm as severe when it produces wind gusts of at least 58 mph and/or hail one inch in
 *   diameter", https://www.noaa.gov/explainers/severe-storms; the model's thunderstorm gusts are its storm
 *   cells' outflow, model.ts). The warning runs from a few minutes into the first such hour to the end of the
 *   run of them, an hour at most (a tornado warning 45 minutes), and its text gives the strongest gust of the
 *   hours it covers (to 5 mph, as the NWS
 *   writes 60, 70…). The model has no hail: the warnings name none (maxHailSize 0.00, a wind-only warning's);
 * - a **tornado**: the most intense of those storms, in air moist enough for tornadoes (dewpoint 18 °C, in the
 *   same hour as the gust):
 *   gusts of {@link TORNADIC_GUST_MPH} mph, about one severe storm in ten, as warned: 2012–2021 the Raleigh
 *   office issued 2,223 severe thunderstorm and 245 tornado warnings, 10% of the two (WNCN, "Who issues
 *   warnings and where are they issued the most?", 2022-03-24, cbs17.com);
 * - a **flash flood**: an hour of likely rain (a 50% chance or more) whose three hours from it bring the place's
 *   flash flood guidance (heavy-rain.ts: an inch west of ~104° W, two in the humid East); the warning runs to
 *   the end of the wet run (rain or thunderstorms in the grid), six hours at most, so its first three hours
 *   (fewer where the rain stops sooner) are those, and its text gives the rain fallen in the run before it
 *   (when a quarter inch or more) and the rain of the hours it covers ("Additional rainfall amounts up to 2.5
 *   inches are possible in the warned area."), to a quarter inch.
 * One warning per zone and storm (run of thunderstorm hours; of wet hours for a flash flood), sent at a zone-
 * and hour-specific minute; a run already under way where the hours begin was warned for before them.
 */

type StormKind = 'SV' | 'TO' | 'FF' | 'MA';

interface StormRule {
  readonly event: AlertEvent;
  readonly phenomenon: StormKind;
  readonly product: 'SVR' | 'TOR' | 'FFW' | 'SMW';
  readonly wmoPrefix: string;
  readonly severity: AlertProperties['severity'];
  readonly response: AlertProperties['response'];
  readonly durationMinutes: number;
  /** The longest the model's warning of this kind runs, minutes (from its sending; it ends sooner with its run). */
  readonly maxMinutes: number;
  readonly backWidthKm: number;
  readonly frontWidthKm: number;
  readonly blocked: readonly string[];
  readonly instruction: string;
}

const RULES: Readonly<Record<StormKind, StormRule>> = {
  SV: {
    event: 'Severe Thunderstorm Warning',
    phenomenon: 'SV',
    product: 'SVR',
    wmoPrefix: 'WUUS5',
    severity: 'Severe',
    response: 'Shelter',
    durationMinutes: 45,
    maxMinutes: 60,
    backWidthKm: 10,
    frontWidthKm: 24,
    blocked: ['EAS', 'NWEM', 'CMAS'],
    instruction: 'For your protection move to an interior room on the lowest floor of a building.',
  },
  TO: {
    event: 'Tornado Warning',
    phenomenon: 'TO',
    product: 'TOR',
    wmoPrefix: 'WFUS5',
    severity: 'Extreme',
    response: 'Shelter',
    durationMinutes: 30,
    maxMinutes: 45,
    backWidthKm: 6,
    frontWidthKm: 14,
    blocked: [],
    instruction:
      'TAKE COVER NOW! Move to a basement or an interior room on the lowest floor of a sturdy building. Avoid windows. ' +
      'If you are outdoors, in a mobile home, or in a vehicle, move to the closest substantial shelter and protect yourself from flying debris.',
  },
  FF: {
    event: 'Flash Flood Warning',
    phenomenon: 'FF',
    product: 'FFW',
    wmoPrefix: 'WGUS5',
    severity: 'Severe',
    response: 'Avoid',
    durationMinutes: 180,
    maxMinutes: 360,
    backWidthKm: 16,
    frontWidthKm: 20,
    blocked: ['EAS', 'NWEM'],
    instruction: "Turn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles.",
  },
  // As NWS Miami's of 2025-08-21 (SMWMFL, WHUS52 KMFL, /O.NEW.KMFL.MA.W.0296…/, AMZ650): Severe, Likely,
  // Immediate, Avoid, blocked on EAS, NWEM and CMAS, with no NWSheadline. Its duration: marine-storm-warnings.ts.
  MA: {
    event: 'Special Marine Warning',
    phenomenon: 'MA',
    product: 'SMW',
    wmoPrefix: 'WHUS5',
    severity: 'Severe',
    response: 'Avoid',
    durationMinutes: 60,
    maxMinutes: 120,
    backWidthKm: 10,
    frontWidthKm: 24,
    blocked: ['EAS', 'NWEM', 'CMAS'],
    instruction:
      'Move to safe harbor until hazardous weather passes. Boaters should seek safe harbor immediately, as gusty winds, ' +
      'suddenly higher waves, dangerous lightning and heavy rain are possible with these storms.',
  },
};

/** The Special Marine Warning's rule, for marine-storm-warnings.ts to give its storms to. */
export const SPECIAL_MARINE_RULE: StormRule = RULES.MA;

const MPH_KMH = 1.609344;
/** NOAA's severe criterion: a gust of 58 mph. */
export const SEVERE_GUST_KMH = 58 * MPH_KMH;
/**
 * The gust of the most intense tenth of the model's severe storms (storm-warning-report.ts), mph: 85 until the
 * storms' shear set their strength (convective-climate.ts's stormOrganisation), 76 since (~1,850 tornado against
 * ~20,000 severe thunderstorm warnings a year), 78 since the severe season's lift (convective-climate.ts's
 * severeSeasonLiftC): at 76 ~2,210 against ~19,600, at 78 ~1,830 against ~20,000 (`--every 3 --days 6`).
 */
export const TORNADIC_GUST_MPH = 78;
/**
 * Tornadoes want low-level moisture: a dewpoint of 16 °C (60 °F) or more, the lower bound of the boundary-layer
 * moisture the significant tornado cases had (Doswell 1982, "The operational meteorology of convective weather.
 * Volume I: Operational mesoanalysis", NOAA Tech. Memo. NWS NSSFC-5; the "60s dewpoints" of the spring warm
 * sector). At 18 °C (64 °F) the model's spring, whose warm sector is a few degrees short of summer's air, had no
 * March-April tornado warning.
 */
export const TORNADIC_DEWPOINT_C = 16;
/** A flash flood's first hour: likely rain (a 50% chance or more), its three hours from it past the guidance. */
const FLOOD_POP = 50;
/** The hours of rain a flash flood's guidance is for (heavy-rain.ts's three-hour guidance). */
export const FLOOD_GUIDANCE_HOURS = 3;
/**
 * How far a severe storm's run of hours is followed, and how long a flash flood warning runs at most, hours. A
 * severe thunderstorm warning runs an hour at most and a tornado warning 45 minutes (RULES' maxMinutes), as
 * the NWS issues them: "about 50% of [Polk County, Iowa's severe thunderstorm] warnings are issued for a
 * duration of 45 minutes or longer" (IEM Daily Feature, "Severe Warning Duration", 2017-06-23,
 * mesonet.agron.iastate.edu/onsite/features/cat.php?day=2017-06-23); tornado warnings "for a duration of 30 to
 * 45 minutes" (lifebridge.site, "How long do tornado warnings last", citing NOAA). Uncapped, the model's ran
 * to the end of their run: tornado warnings a median 93 minutes.
 */
export const STORM_WARNING_HOURS = 3;
export const FLOOD_WARNING_HOURS = 6;

export function isStorm(s: WeatherSample | undefined): boolean {
  return s?.precipType === 'thunderstorms';
}

/** Hours at or above this chance are wet to a period's text (its types, timing); 15 rounds to a 20% period chance. */
export const WET_POP = 15;

/** An hour a period's text counts as wet: precipitation at a chance of {@link WET_POP} or more. */
export function isWetHour(s: WeatherSample): boolean {
  return s.precipType !== null && s.precipProbabilityPct >= WET_POP;
}

/**
 * A thunderstorm hour, wet to the period's text, whose outflow gust is severe: the one predicate of what warns
 * (a Severe Thunderstorm or Tornado Warning) and of the period text's storm phrase ("Some of the storms could be
 * severe."), so that every such warning's hours fall in periods whose text names thunderstorms and says it.
 */
export function isSevereStormHour(s: WeatherSample | undefined): boolean {
  return isStorm(s) && isWetHour(s!) && s!.windGustKmh >= SEVERE_GUST_KMH;
}

function isWet(s: WeatherSample | undefined): boolean {
  return s?.precipType === 'rain' || s?.precipType === 'thunderstorms';
}

/**
 * The rain of the {@link FLOOD_GUIDANCE_HOURS} hours from `hour` (that hour and those after it, while they are
 * wet), mm: what a place's flash flood guidance is measured against. They are the first hours a warning sent
 * in `hour` covers, so the rain its warned hours bring meets the guidance.
 */
export function comingRainMm(at: (hour: number) => WeatherSample | undefined, hour: number): number {
  let rain = 0;
  for (let k = hour; k < hour + FLOOD_GUIDANCE_HOURS && isWet(at(k)); k++) rain += at(k)!.qpfMm;
  return rain;
}

/** Whether `hour` floods at a place of guidance `guidanceMm`: likely rain, and its coming hours' past the guidance. */
function isFlooding(at: (hour: number) => WeatherSample | undefined, hour: number, guidanceMm: number): boolean {
  const s = at(hour);
  return isWet(s) && s!.precipProbabilityPct >= FLOOD_POP && comingRainMm(at, hour) >= guidanceMm;
}

export interface StormRequest {
  readonly zone: AlertZone;
  /** Epoch hour of samples[0]. */
  readonly firstHour: number;
  readonly samples: readonly WeatherSample[];
  /** Storm hours in [fromHour, toHour) are warned for. */
  readonly fromHour: number;
  readonly toHour: number;
  /** The zone's weather at an hour before the samples (to find where a storm under way as they begin began). */
  readonly earlier?: (hour: number) => WeatherSample;
}

/** What a storm-based warning's text says of its storm, read off the grid: its strongest gust, its rain so far. */
export interface StormPeak {
  readonly gustKmh: number;
  readonly rainMm: number;
  /**
   * A flash flood's rain over the hours its warning covers, mm: the model's own warnings' and a scenario's
   * (injected-alerts.ts), each read off the grid. Without it (a test's) the text quotes `rainMm` alone.
   */
  readonly moreRainMm?: number;
}

/** How far back a run of storm (wet) hours is followed to find whether an earlier hour of it was warned for. */
const RUN_BACK_HOURS = 24;

/**
 * The storm-based warnings of one zone sent in [fromHour, toHour), oldest first, before they are numbered
 * ({@link numberedStormWarnings}): for each run of thunderstorm (wet) hours, the warning of its first severe
 * (flooding) hour. Whether an hour is its run's first is read off the hours before it (up to
 * {@link RUN_BACK_HOURS}), `earlier` where they precede the samples, so every window that holds the hour finds
 * the same warning.
 */
export function stormStarts(request: StormRequest): StormStart[] {
  const { samples, firstHour, earlier } = request;
  const at = (hour: number) => (hour >= firstHour ? samples[hour - firstHour] : earlier?.(hour));
  const out: StormStart[] = [];
  const guidance = flashFloodGuidance3hMm(request.zone.lon);
  for (let hour = request.fromHour; hour < request.toHour; hour++) {
    const s = at(hour);
    if (!s) continue;
    if (isSevereStormHour(s) && firstOfRun(at, hour, isStorm, isSevereStormHour)) {
      let end = hour;
      while (end < hour + STORM_WARNING_HOURS && isSevereStormHour(at(end))) end++;
      // A tornado where an hour the tornado warning would cover has its gust in its own moist air; else a severe
      // thunderstorm, giving the strongest gust of the hours its warning covers.
      const covered = (rule: StormRule) => {
        const last = Math.min(end, Math.ceil((sentAt(rule, request.zone, hour) + rule.maxMinutes * 60_000) / HOUR_MS));
        return Array.from({ length: last - hour }, (_, k) => at(hour + k)!);
      };
      const tornadic = covered(RULES.TO).some(
        (h) => kmhToMph(h.windGustKmh) >= TORNADIC_GUST_MPH && h.dewpointC >= TORNADIC_DEWPOINT_C,
      );
      const rule = tornadic ? RULES.TO : RULES.SV;
      const peak = covered(rule).reduce((a, h) => (h.windGustKmh > a.windGustKmh ? h : a));
      out.push(stormStart(rule, request.zone, hour, end, peak, { gustKmh: peak.windGustKmh, rainMm: 0 }));
    }
    if (isFlooding(at, hour, guidance) && firstOfRun(at, hour, isWet, (_, k) => isFlooding(at, k, guidance))) {
      // The rain fallen before it in the wet run, and what its warned hours (to the run's end, 6 h at most) bring.
      let end = hour + 1;
      while (end < hour + FLOOD_WARNING_HOURS && isWet(at(end))) end++;
      const peak = { gustKmh: 0, rainMm: rainBeforeMm(at, hour), moreRainMm: rainOverMm(at, hour, end) };
      out.push(stormStart(RULES.FF, request.zone, hour, end, s, peak));
    }
  }
  return out;
}

/**
 * The rain fallen before `hour` in its run of wet hours (followed back {@link RUN_BACK_HOURS} at most), mm: what a
 * flash flood warning sent in `hour` says has fallen ("Up to 1 inch of rain has fallen.").
 */
export function rainBeforeMm(at: (hour: number) => WeatherSample | undefined, hour: number): number {
  let rain = 0;
  for (let k = hour - 1; k > hour - RUN_BACK_HOURS && isWet(at(k)); k--) rain += at(k)!.qpfMm;
  return rain;
}

/**
 * The rain of the hours [fromHour, toHour), mm: what a flash flood warning covering them says they bring
 * ("Additional rainfall amounts up to 3 inches are possible in the warned area.").
 */
export function rainOverMm(at: (hour: number) => WeatherSample | undefined, fromHour: number, toHour: number): number {
  let rain = 0;
  for (let k = fromHour; k < toHour; k++) rain += at(k)?.qpfMm ?? 0;
  return rain;
}

/**
 * Whether `hour` (a hit) is the first hit (`hit`, of a sample and its hour) of its run of `inRun` hours, looking
 * back {@link RUN_BACK_HOURS}.
 */
export function firstOfRun(
  at: (hour: number) => WeatherSample | undefined,
  hour: number,
  inRun: (s: WeatherSample | undefined) => boolean,
  hit: (s: WeatherSample, hour: number) => boolean,
): boolean {
  for (let k = hour - 1; k > hour - RUN_BACK_HOURS; k--) {
    const s = at(k);
    if (!inRun(s)) return true;
    if (hit(s!, k)) return false;
  }
  return true;
}

/** Storms move with the steering wind, a little faster than the surface wind the model gives. */
function stormSpeedKmh(s: WeatherSample): number {
  return Math.min(75, Math.max(20, 0.9 * s.windSpeedKmh + 20));
}

const KM_PER_DEG_LAT = 111.2;

/**
 * The warning polygon for a track, scaled by `scale` about the storm's position (1 = full size): a
 * quadrilateral from a narrow back edge across the storm to a wider front edge where the storm will be
 * when the warning ends, slightly behind the storm so it starts inside. Counter-clockwise and closed, as
 * RFC 7946 wants; coordinates to 3 decimals (~100 m).
 */
export function stormPolygon(track: StormTrack, scale = 1, at: { lat: number; lon: number } = track): AlertPolygon {
  const heading = ((track.fromDeg + 180) % 360) * (Math.PI / 180);
  const length = (track.speedKmh * track.durationMinutes) / 60;
  // Unit vectors in km: along the motion (east, north) and to its left.
  const along = [Math.sin(heading), Math.cos(heading)] as const;
  const left = [-along[1], along[0]] as const;
  const point = (forwardKm: number, leftKm: number): [number, number] => {
    const east = scale * (forwardKm * along[0] + leftKm * left[0]);
    const north = scale * (forwardKm * along[1] + leftKm * left[1]);
    const lat = at.lat + north / KM_PER_DEG_LAT;
    const lon = at.lon + east / (KM_PER_DEG_LAT * Math.cos((at.lat * Math.PI) / 180));
    return [round3(lon), round3(lat)];
  };
  const back = -0.15 * length - 2;
  // Going round: back right, front right, front left, back left is counter-clockwise.
  const ring = [
    point(back, -track.backWidthKm / 2),
    point(length, -track.frontWidthKm / 2),
    point(length, track.frontWidthKm / 2),
    point(back, track.backWidthKm / 2),
  ];
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** "1:25 PM", the time form of storm text ("At 125 PM CDT" in the product; spelled with a colon here). */
function clockText(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${h12}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'} ${zoneAbbreviation(ms, timeZone)}`;
}

/** The model has no hail: its severe storms are wind-driven, and their warnings say so as the NWS's do. */
const NO_HAIL_INCHES = '0.00';

/**
 * A severe storm's gust as its warning gives it: to 5 mph, as the NWS writes 60, 70…. No floor: the model's own
 * warnings have 58 mph at least (so 60), and a scenario's warning quotes the gust its grid has at its place,
 * never a figure the grid lacks (injectedStormWeather brings its severe storm there, unless the scenario's
 * weather sets a weaker gust).
 */
export function warnedGustMph(gustKmh: number): number {
  return Math.round(kmhToMph(gustKmh) / 5) * 5;
}

/**
 * A storm's gust over water as its Special Marine Warning gives it, "Wind gusts to 35 knots." (the form of NWS
 * Miami's of 2025-08-21, "Wind gusts to 40 knots."): to the nearest 5 knots. No floor, as {@link warnedGustMph}:
 * the model's own have the criterion's 34 knots at least (marine-storm-warnings.ts, SPECIAL_MARINE_GUST_KMH), so
 * "35 knots" or more; a scenario's the gust its grid has at its zone.
 */
export function warnedGustKnots(gustKmh: number): number {
  return Math.round(gustKmh / 1.852 / 5) * 5;
}

/** What rounds to a quarter inch ({@link warnedRainInches}): a flash flood's text names the rain fallen from it. */
const QUARTER_INCH_MM = 0.125 * 25.4;

/** A flash flood's rain so far as its warning gives it, inches: to a quarter inch, a quarter at least. */
export function warnedRainInches(rainMm: number): number {
  return Math.max(0.25, Math.round(rainMm / 25.4 / 0.25) * 0.25);
}

function descriptionOf(rule: StormRule, zone: AlertZone, peak: StormPeak, track: StormTrack, sentMs: number): string {
  const at = `At ${clockText(sentMs, zone.timeZone)}`;
  const moving = `moving ${compassWords(compassPoint(track.fromDeg + 180)).toLowerCase()} at ${Math.round(kmhToMph(track.speedKmh))} mph`;
  switch (rule.phenomenon) {
    case 'TO':
      return (
        `${at}, a severe thunderstorm capable of producing a tornado was located over ${zone.name}, ${moving}.\n\n` +
        'HAZARD...Tornado.\n\nSOURCE...Radar indicated rotation.\n\n' +
        'IMPACT...Flying debris will be dangerous to those caught without shelter. Mobile homes will be damaged or destroyed. ' +
        'Damage to roofs, windows, and vehicles will occur. Tree damage is likely.'
      );
    case 'SV':
      return (
        `${at}, a severe thunderstorm was located over ${zone.name}, ${moving}.\n\n` +
        `HAZARD...${warnedGustMph(peak.gustKmh)} mph wind gusts.\n\nSOURCE...Radar indicated.\n\n` +
        'IMPACT...Expect damage to roofs, siding, and trees.'
      );
    case 'MA':
      return (
        `${at}, strong thunderstorms were located over ${zone.name}, moving ` +
        `${compassWords(compassPoint(track.fromDeg + 180)).toLowerCase()} at ${Math.round(track.speedKmh / 1.852)} knots.\n\n` +
        `HAZARD...Wind gusts to ${warnedGustKnots(peak.gustKmh)} knots.\n\nSOURCE...Radar indicated.\n\n` +
        'IMPACT...Small craft could be damaged in briefly higher winds and suddenly higher waves.'
      );
    case 'FF': {
      const inches = warnedRainInches(peak.rainMm);
      const inchWord = (n: number) => (n === 1 ? 'inch' : 'inches');
      // The run's rain so far, then its warned hours' rain, as the NWS's "Additional rainfall amounts of 1 to 2
      // inches are possible in the warned area.": each when it rounds to a quarter inch or more (the model's
      // own warned hours always do, being past the guidance; a scenario's weather may have dried them).
      const sofar = `Up to ${inches} ${inchWord(inches)} of rain ${inches === 1 ? 'has' : 'have'} fallen. `;
      const more = peak.moreRainMm === undefined ? undefined : warnedRainInches(peak.moreRainMm);
      const fallen =
        more === undefined
          ? sofar
          : (peak.rainMm >= QUARTER_INCH_MM ? sofar : '') +
            (peak.moreRainMm! >= QUARTER_INCH_MM
              ? `Additional rainfall amounts up to ${more} ${inchWord(more)} are possible in the warned area. `
              : '');
      return (
        `${at}, Doppler radar indicated heavy rain over ${zone.name}. ` +
        `${fallen}Flash flooding is ongoing or expected to begin shortly.\n\n` +
        'HAZARD...Flash flooding caused by thunderstorms.\n\nSOURCE...Radar indicated.\n\n' +
        'IMPACT...Flash flooding of small creeks and streams, urban areas, highways, streets and underpasses as well as other poor drainage and low-lying areas.'
      );
    }
  }
}

/** "2026-07-15T18:25:00-00:00...storm...245DEG...21KT...39.45,-97.12", the product's TIME...MOT...LOC line. */
function motionDescription(track: StormTrack, sentMs: number): string {
  const time = new Date(sentMs).toISOString().replace(/\.\d{3}Z$/, '-00:00');
  const deg = String(Math.round(track.fromDeg) % 360).padStart(3, '0');
  const knots = Math.round(track.speedKmh / 1.852);
  return `${time}...storm...${deg}DEG...${knots}KT...${track.lat.toFixed(2)},${track.lon.toFixed(2)}`;
}

/** A storm-based warning due, before it is numbered: its rule, zone, hour, the weather it quotes, when it is sent and ends. */
export interface StormStart {
  readonly rule: StormRule;
  readonly zone: AlertZone;
  readonly hour: number;
  readonly sample: WeatherSample;
  readonly peak: StormPeak;
  readonly sent: number;
  readonly ends: number;
}

/**
 * The warning of a storm whose first severe (flooding) hour is `hour` and whose run of them ends at `endHour`:
 * sent 3 to 30 minutes into the hour, so it runs half an hour at least, and ending as the run ends or at the
 * rule's longest, whichever comes first.
 */
export function stormStart(
  rule: StormRule,
  zone: AlertZone,
  hour: number,
  endHour: number,
  sample: WeatherSample,
  peak: StormPeak,
): StormStart {
  const sent = sentAt(rule, zone, hour);
  return {
    rule,
    zone,
    hour,
    sample,
    peak,
    sent,
    ends: Math.min(epochHourToMs(endHour), sent + rule.maxMinutes * 60_000),
  };
}

const HOUR_MS = 3_600_000;

/** When a storm's warning is sent: 3 to 30 minutes into its first hour, at a zone- and hour-specific minute. */
function sentAt(rule: StormRule, zone: AlertZone, hour: number): number {
  return epochHourToMs(hour) + (3 + (hashString(`${zone.id}|${hour}|${rule.phenomenon}`) % 28)) * 60_000;
}

/**
 * Storm-based warnings' event tracking numbers. The NWS numbers an office's warnings of one kind in turn from
 * 0001 each year (alert-codes.ts); the model keeps no counter, so it numbers each 12-hour cycle of the year
 * (09Z to 21Z, 21Z to 09Z; the year's first 9 hours and its last 3 are cycles of their own, 733 in all) from
 * what that cycle's storms alone give: an office's storms of a kind in the cycle, in the order they are sent.
 * - The first {@link STORM_NUMBERS_PER_CYCLE} of a cycle take its block of the year's sequence, 1 + 11 × the
 *   cycle + rank (1 to 8,063): never repeated in the year, and rising through it as the NWS's do.
 * - The rest (a cycle's 12th storm of a kind on) take the overflow pool above the blocks, 8,064 to 9,599:
 *   {@link STORM_OVERFLOW_PER_CYCLE} numbers a cycle, the pool's 16 sub-blocks taken in turn, so an overflow
 *   number comes round again every {@link STORM_OVERFLOW_CYCLES} cycles (8 days), never within a list (which
 *   holds 5 cycles' storms: alerts.ts's 48 h lookback and the cycle ahead). These are out of the year's order.
 * - A cycle's storms of a kind at an office beyond the {@link STORM_NUMBERS_MAX}th (107) go unwarned rather than
 *   numbered into another's (a repeated number would merge two events in a client that tracks them by it), and
 *   rather than fail the office's whole list: its other warnings stand.
 * Why these sizes: the blocks and the pool share the model's numbers (1 to {@link MODEL_ETN_MAX}); blocks of 11
 * leave a pool of 16 sub-blocks of 96, so an overflow number comes round only after 8 days (a list holds 2.5)
 * and a cycle has 107 numbers of a kind, well above the storms of the model's busiest office-cycles, while most
 * office-cycles' storms fit their block and keep the year's order. How many cycles overflow, the busiest, and
 * that none goes past 107: docs/forecast-service.md ("Event tracking numbers"), measured by
 * `npx tsx scripts/storm-warning-report.ts --etn [--year 2027]`.
 */
export const STORM_NUMBERS_PER_CYCLE = 11;
export const STORM_OVERFLOW_PER_CYCLE = 96;
/** Cycles of a year, numbered from its first hour (stormCycle): 0 to 732. */
export const STORM_CYCLES_PER_YEAR = 733;
export const STORM_OVERFLOW_FIRST = 1 + STORM_NUMBERS_PER_CYCLE * STORM_CYCLES_PER_YEAR;
export const STORM_OVERFLOW_CYCLES = Math.floor((MODEL_ETN_MAX + 1 - STORM_OVERFLOW_FIRST) / STORM_OVERFLOW_PER_CYCLE);
export const STORM_NUMBERS_MAX = STORM_NUMBERS_PER_CYCLE + STORM_OVERFLOW_PER_CYCLE;

/** The cycle of its year an epoch hour is in (cycles beginning at `cyclePhase` UTC and 12 hours later): 0 to 732. */
export function stormCycle(hour: number, cyclePhase: number): number {
  return Math.floor((hourOfYear(hour) + 12 - cyclePhase) / 12);
}

/**
 * The ETN of an office's `rank`-th storm of a kind (from 0) in cycle `cycle` of its year; undefined beyond the
 * cycle's {@link STORM_NUMBERS_MAX} numbers (that storm goes unwarned).
 */
export function stormEtn(cycle: number, rank: number): number | undefined {
  if (rank < STORM_NUMBERS_PER_CYCLE) return 1 + STORM_NUMBERS_PER_CYCLE * cycle + rank;
  if (rank < STORM_NUMBERS_MAX)
    return (
      STORM_OVERFLOW_FIRST +
      (cycle % STORM_OVERFLOW_CYCLES) * STORM_OVERFLOW_PER_CYCLE +
      (rank - STORM_NUMBERS_PER_CYCLE)
    );
  return undefined;
}

/**
 * The storm-based warnings of some zones, numbered as above ({@link stormEtn}): each office's storms of a kind
 * in a cycle of the year in the order they are sent (ties by zone). `cyclePhase` is the hour UTC the cycles
 * begin at (9). All the storms of a cycle must be given together (generateAlerts gives every storm from one
 * cycle's start to another's) for their ranks, and so their numbers, to be the same whichever cycle lists them.
 */
export function numberedStormWarnings(
  starts: readonly StormStart[],
  cyclePhase: number,
  baseUrl: string,
): AlertFeature[] {
  const ranked = new Map<string, StormStart[]>();
  for (const start of starts) {
    const cycle = stormCycle(start.hour, cyclePhase);
    const key = `${start.zone.officeId}|${start.rule.phenomenon}|${utcYear(start.hour)}|${cycle}`;
    ranked.set(key, [...(ranked.get(key) ?? []), start]);
  }
  const out: AlertFeature[] = [];
  for (const list of ranked.values()) {
    list.sort((a, b) => a.sent - b.sent || textOrder(a.zone.id, b.zone.id));
    list.forEach((s, rank) => {
      const etn = stormEtn(stormCycle(s.hour, cyclePhase), rank);
      if (etn === undefined) return;
      out.push(buildStormAlertAt(s.rule, s.zone, s.sent, s.ends, etn, s.sample, baseUrl, s.peak));
    });
  }
  return out;
}

/** The storm rule of a storm-based event name (Tornado Warning, ...), if it is one. */
export function stormRuleFor(event: string): StormRule | undefined {
  return Object.values(RULES).find((rule) => rule.event === event);
}

export const STORM_EVENTS: readonly AlertEvent[] = Object.values(RULES).map((rule) => rule.event);

export type { StormRule };

/** A storm-based warning sent and ending at given instants (the cycle's own, or a scenario's). */
export function buildStormAlertAt(
  rule: StormRule,
  zone: AlertZone,
  sent: number,
  ends: number,
  etn: number,
  s: WeatherSample,
  baseUrl: string,
  peak: StormPeak = { gustKmh: s.windGustKmh, rainMm: s.qpfMm },
): AlertFeature {
  const base = withoutTrailingSlashes(baseUrl);
  const tz = zone.timeZone;
  const vtecString = vtec('NEW', zone.officeId, { phenomenon: rule.phenomenon, significance: 'W' }, etn, sent, ends);
  const id = `urn:oid:2.49.0.1.840.0.${hexDigest(`${vtecString}|${sent}|${zone.id}`, 40)}.001.1`;

  const iso = (ms: number) => isoWithOffset(ms, tz);
  const track: StormTrack = {
    lat: zone.lat,
    lon: zone.lon,
    fromDeg: s.windDirectionDeg,
    speedKmh: rule.phenomenon === 'FF' ? 10 : stormSpeedKmh(s),
    durationMinutes: Math.round((ends - sent) / 60_000),
    backWidthKm: rule.backWidthKm,
    frontWidthKm: rule.frontWidthKm,
  };
  const parameters: Record<string, readonly string[]> = {
    AWIPSidentifier: [`${rule.product}${zone.officeId}`],
    WMOidentifier: [wmoHeading(rule.wmoPrefix, zone.officeId, zone.state, sent)],
    // A Special Marine Warning has none (NWS Miami's of 2025-08-21).
    ...(rule.phenomenon === 'MA' ? {} : { NWSheadline: [nwsHeadline(rule.event, 'NEW', sent, sent, ends, tz)] }),
    ...(rule.phenomenon === 'FF' ? {} : { eventMotionDescription: [motionDescription(track, sent)] }),
    ...(rule.phenomenon === 'SV'
      ? {
          windThreat: ['RADAR INDICATED'],
          maxWindGust: [`${warnedGustMph(peak.gustKmh)} MPH`],
          hailThreat: ['RADAR INDICATED'],
          maxHailSize: [NO_HAIL_INCHES],
        }
      : {}),
    ...(rule.phenomenon === 'TO' ? { tornadoDetection: ['RADAR INDICATED'], maxHailSize: [NO_HAIL_INCHES] } : {}),
    ...(rule.phenomenon === 'FF' ? { flashFloodDetection: ['RADAR INDICATED'] } : {}),
    // A tornado warning is blocked on no channel: the list is empty, as every alert lists the channels.
    BLOCKCHANNEL: rule.blocked,
    'EAS-ORG': ['WXR'],
    VTEC: [vtecString],
    eventEndingTime: [iso(ends)],
  };
  const url = `${base}/alerts/${id}`;
  // County-coded, as the NWS issues short-fuse warnings ("Shawnee, KS", KSC177, zones/county/KSC177); a zone
  // with no county known keeps its forecast zone, as a marine zone's Special Marine Warning does (AMZ650,
  // zones/forecast/AMZ650).
  const county = zone.county;
  const area = county
    ? {
        areaDesc: `${county.name}, ${zone.state}`,
        geocode: { SAME: county.sameCode ? [county.sameCode] : [], UGC: [county.id] },
        affectedZones: [`${base}/zones/county/${county.id}`],
      }
    : {
        areaDesc: zone.name,
        geocode: { SAME: zone.sameCodes ?? [], UGC: [zone.id] },
        affectedZones: [`${base}/zones/forecast/${zone.id}`],
      };
  return {
    id: url,
    type: 'Feature',
    geometry: stormPolygon(track),
    track,
    properties: {
      '@id': url,
      '@type': 'wx:Alert',
      id,
      ...area,
      references: [],
      sent: iso(sent),
      effective: iso(sent),
      onset: iso(sent),
      expires: iso(ends),
      ends: iso(ends),
      status: 'Actual',
      messageType: 'Alert',
      category: 'Met',
      severity: rule.severity,
      certainty: rule.phenomenon === 'FF' || rule.phenomenon === 'MA' ? 'Likely' : 'Observed',
      urgency: 'Immediate',
      event: rule.event,
      sender: 'w-nws.webmaster@noaa.gov',
      senderName: `NWS ${zone.officeName}`,
      headline: capHeadline(rule.event, sent, ends, tz, zone.officeName),
      description: descriptionOf(rule, zone, peak, track, sent),
      instruction: rule.instruction,
      response: rule.response,
      parameters,
      scope: 'Public',
      code: 'IPAWSv1.0',
      language: 'en-US',
      web: 'http://www.weather.gov',
      eventCode: { SAME: [rule.product], NationalWeatherService: [`${rule.phenomenon}W`] },
    },
  };
}
