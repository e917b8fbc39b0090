import { MODEL_ETN_MAX } from './alert-codes.ts';
import type { AlertEvent } from './alert-events.ts';
import { HAZARD_RULES } from './alert-rules.ts';
import { MARINE_HAZARD_RULES } from './marine-alert-rules.ts';
import type { AlertZone } from './alert-zones.ts';
import { buildAlert, type AlertFeature, type AlertPolygon } from './alerts.ts';
import { hexDigest } from './hash.ts';
import type { WeatherSample } from './model.ts';
import {
  buildStormAlertAt,
  rainBeforeMm,
  rainOverMm,
  stormPolygon,
  STORM_EVENTS,
  stormRuleFor,
  type StormPeak,
} from './storm-warnings.ts';
import { epochHourOf, isoWithOffset } from './time.ts';
import { withoutTrailingSlashes } from './url.ts';
import type { OverrideSettings } from './weather-override.ts';

/** How many alerts a scenario may hold: one event tracking number each, 9600 to 9999, above the model's. */
export const SCENARIO_ALERTS_MAX = 9999 - MODEL_ETN_MAX;

/** Every event an injected alert may name: the products this model issues itself. */
export const INJECTABLE_EVENTS: readonly AlertEvent[] = [
  ...STORM_EVENTS,
  ...[...HAZARD_RULES, ...MARINE_HAZARD_RULES].map((rule) => rule.event),
];

/** The figures a scenario may give its storm warning: its weather has them, so its text quotes them. */
export interface StormFigures {
  /** A Severe Thunderstorm or Tornado Warning's gust, mph. */
  readonly gustMph?: number;
  /** A Special Marine Warning's gust, knots. */
  readonly gustKnots?: number;
  /**
   * A Flash Flood Warning's rain, inches in each hour of its storm ({@link injectedStormHours}): the hour before it
   * is sent, which its text says has fallen, and each hour it runs, whose sum it says is to come.
   */
  readonly rainInches?: number;
}

/**
 * An injected severe storm's gust when the scenario gives none: NOAA's severe criterion, 58 mph ("wind gusts of
 * at least 58 mph", https://www.noaa.gov/explainers/severe-storms), as a warning writes it, to 5 mph.
 */
export const INJECTED_GUST_MPH = 60;
/**
 * An injected Special Marine Warning's: the NWS's criterion, 34 kt ("wind speeds of 34 KT or more",
 * https://www.weather.gov/key/marine_definitions), to 5 kt.
 */
export const INJECTED_GUST_KNOTS = 35;
/** An injected Flash Flood Warning's rain, inches an hour, when the scenario gives none: a round inch. */
export const INJECTED_RAIN_INCHES = 1;
/**
 * The hours of rain an injected Flash Flood Warning's storm brings before it is sent: the rain its text says has
 * fallen, as the model's own quote the wet run's before them (storm-warnings.ts).
 */
export const INJECTED_FALLEN_HOURS = 1;

const KNOT_MPH = 1.852 / 1.609344;
const INCH_MM = 25.4;

/**
 * The weather an injected storm-based warning brings to its area over its hours ({@link injectedStormHours}), so
 * that its grid and its text agree: a thunderstorm (at the model's chance, 80% at least), with a Severe Thunderstorm or Tornado
 * Warning's severe gust, a Special Marine Warning's gale-force one, or a Flash Flood Warning's rain; the
 * scenario's figures, else the criteria above. Undefined for a zone-based product, whose text quotes the
 * weather as it is.
 */
export function injectedStormWeather(event: string, figures: StormFigures = {}): OverrideSettings | undefined {
  switch (stormRuleFor(event)?.phenomenon) {
    case 'SV':
    case 'TO':
      return { precipitation: 'thunderstorms', windGust: figures.gustMph ?? INJECTED_GUST_MPH };
    case 'MA':
      return { precipitation: 'thunderstorms', windGust: (figures.gustKnots ?? INJECTED_GUST_KNOTS) * KNOT_MPH };
    case 'FF':
      return {
        precipitation: 'thunderstorms',
        qpfMm: Math.round((figures.rainInches ?? INJECTED_RAIN_INCHES) * INCH_MM * 100) / 100,
      };
    default:
      return undefined;
  }
}

/**
 * The epoch hours [fromHour, toHour) an injected storm warning's weather ({@link injectedStormWeather}) holds: those
 * it runs, from the hour it is sent to the one it ends in, and for a Flash Flood Warning the
 * {@link INJECTED_FALLEN_HOURS} before, whose rain its text says has fallen.
 */
export function injectedStormHours(
  event: string,
  sentMs: number,
  endsMs: number,
): { fromHour: number; toHour: number } {
  const before = stormRuleFor(event)?.phenomenon === 'FF' ? INJECTED_FALLEN_HOURS : 0;
  return { fromHour: epochHourOf(sentMs) - before, toHour: Math.ceil(endsMs / HOUR_MS) };
}

const HOUR_MS = 3_600_000;

/**
 * What an injected storm warning's text quotes, read off its grid: for a Severe Thunderstorm or Special Marine
 * Warning (a Tornado Warning quotes no gust) the strongest gust of the hours it runs (the NWS's "60 mph wind gusts" is the most expected, and
 * the model's own warnings quote their covered hours' strongest: storm-warnings.ts stormStarts), so a scenario's
 * `weather` that strengthens a later hour is quoted; for a flash flood the rain fallen before it in its wet run
 * and the rain of the hours it runs, as the model's own warnings quote theirs, so that the gridpoint's
 * `quantitativePrecipitation` over those hours sums to the "Additional rainfall amounts" the text gives (to its
 * quarter inch). Without `hourly` (a caller with one sample) a gust warning quotes its sending hour's gust.
 */
function injectedPeak(request: InjectedAlertRequest): StormPeak | undefined {
  const phenomenon = stormRuleFor(request.event)?.phenomenon;
  if (phenomenon === undefined) return undefined;
  const { hourly, sample } = request;
  const sentHour = epochHourOf(request.sentMs);
  const { toHour } = injectedStormHours(request.event, request.sentMs, request.endsMs);
  if (phenomenon !== 'FF') {
    if (!hourly) return undefined;
    let gustKmh = sample.windGustKmh;
    for (let hour = sentHour + 1; hour < toHour; hour++) gustKmh = Math.max(gustKmh, hourly(hour).windGustKmh);
    return { gustKmh, rainMm: sample.qpfMm };
  }
  if (!hourly) throw new RangeError('An injected Flash Flood Warning needs its hourly weather to quote its rain.');
  return {
    gustKmh: sample.windGustKmh,
    rainMm: rainBeforeMm(hourly, sentHour),
    moreRainMm: rainOverMm(hourly, sentHour, toHour),
  };
}

/**
 * The UGC ids an injected storm warning is coded by ({@link injectedAlert}): one zone's county, as the model's
 * are (or the zone, a marine one, with none), else the zones it names.
 */
export function injectedStormUgc(zones: readonly AlertZone[]): string[] {
  const only = zones.length === 1 ? zones[0] : undefined;
  return only ? [only.county?.id ?? only.id] : zones.map((z) => z.id);
}

export interface InjectedAlertRequest {
  readonly event: string;
  /** The affected forecast zones, the first one naming the office and time zone. */
  readonly zones: readonly AlertZone[];
  readonly sentMs: number;
  readonly onsetMs: number;
  readonly endsMs: number;
  readonly expiresMs: number;
  /** Where a storm-based warning's storm is; its polygon is drawn from there. */
  readonly at?: { readonly lat: number; readonly lon: number };
  /** The weather at the first zone when the alert is sent: what storm text quotes. */
  readonly sample: WeatherSample;
  /** The weather there from onset to end: a zone-based product quotes its worst ("heat index up to 105"). */
  readonly samples?: readonly WeatherSample[];
  /**
   * The weather at the storm's place at an epoch hour: a Flash Flood Warning (which needs it) quotes the rain of
   * the wet hours before it is sent and of the hours it runs, a gust warning the strongest gust of the hours it
   * runs ({@link injectedPeak}).
   */
  readonly hourly?: (hour: number) => WeatherSample;
  /** Distinguishes alerts otherwise alike (their position in the scenario). */
  readonly index: number;
  readonly baseUrl: string;
  readonly headline?: string;
  readonly description?: string;
  readonly instruction?: string;
}

/**
 * A scenario's alert as a complete CAP alert, built by the same code as the model's own: a storm-based
 * warning (Tornado, Severe Thunderstorm, Flash Flood) with its polygon and motion, or a zone-based product
 * with its VTEC, AWIPS and WMO ids, headlines and text. Only the times and the area come from the scenario.
 */
export function injectedAlert(request: InjectedAlertRequest): AlertFeature {
  const zones = request.zones;
  const first = zones[0];
  if (!first) throw new RangeError('An injected alert needs at least one zone.');
  // Numbered apart from the model's (alert-codes.ts): 9600 on, in the scenario's order, so none shares a number
  // with another or with one of the model's own. The schema holds a scenario to SCENARIO_ALERTS_MAX alerts.
  if (!Number.isInteger(request.index) || request.index < 0 || request.index >= SCENARIO_ALERTS_MAX)
    throw new RangeError(`A scenario's alerts are numbered 9600 to 9999: ${SCENARIO_ALERTS_MAX} at most.`);
  const etn = MODEL_ETN_MAX + 1 + request.index;
  const storm = stormRuleFor(request.event);
  let feature: AlertFeature;
  if (storm) {
    const zone = request.at ? { ...first, lat: request.at.lat, lon: request.at.lon } : first;
    const { sentMs, endsMs, sample, baseUrl } = request;
    feature = buildStormAlertAt(storm, zone, sentMs, endsMs, etn, sample, baseUrl, injectedPeak(request));
    feature = withZones(
      feature,
      zones,
      request.baseUrl,
      feature.track ? stormPolygon(feature.track) : feature.geometry,
    );
  } else {
    const rule = [...HAZARD_RULES, ...MARINE_HAZARD_RULES].find((r) => r.event === request.event);
    if (!rule) throw new RangeError(`No alert product is called ${request.event}.`);
    const startHour = epochHourOf(request.onsetMs);
    feature = buildAlert(
      {
        rule,
        officeId: first.officeId,
        zones,
        startHour,
        endHour: epochHourOf(request.endsMs),
        places: zones.map(() => ({
          firstHour: startHour,
          samples: request.samples?.length ? request.samples : [request.sample],
        })),
        spans: zones.map(() => [[startHour, epochHourOf(request.endsMs)] as const]),
      },
      {
        cycle: epochHourOf(request.sentMs),
        sent: request.sentMs,
        onset: request.onsetMs,
        ends: request.endsMs,
        action: 'NEW',
      },
      request.expiresMs,
      [],
      request.baseUrl,
      etn,
    );
  }
  const p = feature.properties;
  // Ids hash the scenario's position too, so two injected alerts never share one, nor one of the model's.
  const id = `urn:oid:2.49.0.1.840.0.${hexDigest(`inject|${request.index}|${p.parameters['VTEC']?.[0] ?? ''}|${request.sentMs}|${zones.map((z) => z.id).join(',')}`, 40)}.001.1`;
  const url = `${withoutTrailingSlashes(request.baseUrl)}/alerts/${id}`;
  return {
    ...feature,
    id: url,
    properties: {
      ...p,
      '@id': url,
      id,
      expires: storm ? isoWithOffset(request.expiresMs, first.timeZone) : p.expires,
      ...(request.headline === undefined ? {} : { headline: request.headline }),
      ...(request.description === undefined ? {} : { description: request.description }),
      ...(request.instruction === undefined ? {} : { instruction: request.instruction }),
    },
  };
}

/** An alert's area widened to several zones (a scenario naming zones or a state for a storm warning). */
function withZones(
  feature: AlertFeature,
  zones: readonly AlertZone[],
  baseUrl: string,
  geometry: AlertPolygon | null,
): AlertFeature {
  if (zones.length === 1) return { ...feature, geometry };
  const base = withoutTrailingSlashes(baseUrl);
  return {
    ...feature,
    geometry,
    properties: {
      ...feature.properties,
      areaDesc: zones.map((z) => z.name).join('; '),
      geocode: { SAME: zones.flatMap((z) => z.sameCodes ?? []), UGC: zones.map((z) => z.id) },
      affectedZones: zones.map((z) => `${base}/zones/forecast/${z.id}`),
    },
  };
}
