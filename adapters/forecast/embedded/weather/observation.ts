import type { QuantitativeValue } from './forecast-types.ts';
import { metar } from './metar.ts';
import { hourlySeries, type WeatherAdjust, type WeatherSample } from './model.ts';
import { heatIndexC, windChillC } from './physics.ts';
import { isDaytimeHour } from './periods.ts';
import { epochHourToMs, isoUtc, localTime } from './time.ts';
import { roundTo } from './units.ts';
import { iconSegment, iconUrl, precipNoun } from './wording.ts';
import { withoutTrailingSlashes } from './url.ts';

/**
 * The latest observation at a station: the model's weather for that hour, dressed
 * as an api.weather.gov observation (values rounded the way sensors report them).
 */

export interface Station {
  /** ICAO id, e.g. KFLL. */
  readonly id: string;
  readonly lat: number;
  readonly lon: number;
  readonly elevationM: number;
  /** IANA zone, for day/night icons. */
  readonly timeZone: string;
}

export interface ObservationRequest {
  readonly station: Station;
  /** UTC epoch hour whose weather is reported; the report is timed at :53 of the hour before, as routine METARs are. */
  readonly hour: number;
  /** Absolute base for links, e.g. the service's {base}. */
  readonly baseUrl: string;
  /** A scenario's change to the model's weather; none: the plain model. */
  readonly adjust?: WeatherAdjust;
}

type Qc = QuantitativeValue & { readonly qualityControl: string };

export interface PresentWeather {
  readonly intensity: 'light' | 'heavy' | null;
  readonly modifier: null;
  readonly weather: string;
  readonly rawString: string;
}

export interface ObservationProperties {
  readonly '@id': string;
  readonly '@type': 'wx:ObservationStation';
  readonly elevation: QuantitativeValue;
  readonly station: string;
  readonly timestamp: string;
  readonly rawMessage: string;
  readonly textDescription: string;
  readonly icon: string;
  readonly presentWeather: readonly PresentWeather[];
  readonly temperature: Qc;
  readonly dewpoint: Qc;
  readonly windDirection: Qc;
  readonly windSpeed: Qc;
  readonly windGust: Qc;
  readonly barometricPressure: Qc;
  readonly seaLevelPressure: Qc;
  readonly visibility: Qc;
  readonly maxTemperatureLast24Hours: QuantitativeValue;
  readonly minTemperatureLast24Hours: QuantitativeValue;
  readonly precipitationLastHour: Qc;
  readonly precipitationLast3Hours: Qc;
  readonly precipitationLast6Hours: Qc;
  readonly relativeHumidity: Qc;
  readonly windChill: Qc;
  readonly heatIndex: Qc;
  readonly cloudLayers: readonly { readonly base: QuantitativeValue; readonly amount: string }[];
}

const KT_TO_KMH = 1.852;

function qc(unitCode: string, value: number | null): Qc {
  // "V" = passed checks; "Z" = no value to check, as the NWS marks missing elements.
  return { unitCode, value, qualityControl: value === null ? 'Z' : 'V' };
}

/** Precipitation counts as "falling now" once the model calls it likely (≥ 60%). */
function isFalling(s: WeatherSample): boolean {
  return s.precipType !== null && s.precipProbabilityPct >= 60;
}

/**
 * What the gauge caught in an hour: nothing unless precipitation was falling (as the present weather says),
 * then the model's rate while it falls (its expected amount over its chance), in millimetres.
 */
function gaugeMm(s: WeatherSample): number {
  return isFalling(s) ? s.qpfMm / (s.precipProbabilityPct / 100) : 0;
}

/** ASOS gauges report hundredths of an inch, which the NWS converts to millimetres: 0.254, 2.54 ... */
function hundredthsMm(mm: number): number {
  return roundTo(Math.round(mm / 0.254) * 0.254, 3);
}

/**
 * Station pressure from sea-level pressure: the hypsometric equation down through a column at the
 * station's temperature with the standard lapse rate, as the reduction to sea level runs the other way.
 */
export function stationPressureHpa(seaLevelHpa: number, elevationM: number, temperatureC: number): number {
  const z = Math.max(0, elevationM);
  return seaLevelHpa * Math.pow(1 - (0.0065 * z) / (temperatureC + 0.0065 * z + 273.15), 5.257);
}

/**
 * The altimeter setting (QNH) from station pressure: the standard atmosphere's reduction, not the actual
 * column's, so it differs from the sea-level pressure when the air is warmer or colder than standard.
 * api.weather.gov's `barometricPressure` is this value (the METAR's A group); `seaLevelPressure` is SLP.
 */
export function altimeterHpa(stationHpa: number, elevationM: number): number {
  const n = 0.190284;
  const p = stationHpa - 0.3;
  const k = (Math.pow(1013.25, n) * 0.0065) / 288;
  return p * Math.pow(1 + k * (Math.max(0, elevationM) / Math.pow(p, n)), 1 / n);
}

function presentWeatherOf(s: WeatherSample): PresentWeather[] {
  if (isFalling(s) && s.precipType) {
    const heavy = s.precipProbabilityPct >= 90 && s.qpfMm >= 4;
    const light = s.qpfMm < 1.5;
    const intensity = heavy ? 'heavy' : light ? 'light' : null;
    const sign = heavy ? '+' : light ? '-' : '';
    const code: Record<string, [string, string]> = {
      rain: ['rain', 'RA'],
      snow: ['snow', 'SN'],
      sleet: ['ice_pellets', 'PL'],
      'freezing rain': ['freezing_rain', 'FZRA'],
      thunderstorms: ['thunderstorms', 'TSRA'],
    };
    const [weather, raw] = code[s.precipType] ?? ['rain', 'RA'];
    return [{ intensity, modifier: null, weather, rawString: `${sign}${raw}` }];
  }
  if (s.visibilityM < 1000) return [{ intensity: null, modifier: null, weather: 'fog_mist', rawString: 'FG' }];
  return [];
}

function textOf(s: WeatherSample, wx: readonly PresentWeather[]): string {
  const w = wx[0];
  if (w) {
    const names: Record<string, string> = {
      rain: 'Rain',
      snow: 'Snow',
      ice_pellets: 'Ice Pellets',
      freezing_rain: 'Freezing Rain',
      thunderstorms: 'Thunderstorms and Rain',
      fog_mist: 'Fog',
    };
    const intensity = w.intensity === 'light' ? 'Light ' : w.intensity === 'heavy' ? 'Heavy ' : '';
    return `${intensity}${names[w.weather] ?? 'Rain'}`;
  }
  if (s.skyCoverPct <= 5) return 'Clear';
  if (s.skyCoverPct <= 25) return 'Mostly Clear';
  if (s.skyCoverPct <= 50) return 'Partly Cloudy';
  if (s.skyCoverPct <= 87) return 'Mostly Cloudy';
  return 'Cloudy';
}

function cloudAmount(skyPct: number): string | null {
  if (skyPct <= 5) return null;
  if (skyPct <= 25) return 'FEW';
  if (skyPct <= 50) return 'SCT';
  if (skyPct <= 87) return 'BKN';
  return 'OVC';
}

/** Hours of history a report needs: its own and the five before, for the six-hour precipitation group. */
const HISTORY = 6;

export function latestObservation(request: ObservationRequest): ObservationProperties {
  const { station, hour } = request;
  const place = { lat: station.lat, lon: station.lon, elevationM: station.elevationM };
  const history = hourlySeries(place, hour - (HISTORY - 1), HISTORY, request.adjust);
  const s = history[HISTORY - 1]!;
  const timeMs = epochHourToMs(hour) - 7 * 60_000;
  const base = withoutTrailingSlashes(request.baseUrl);
  const timestamp = isoUtc(timeMs);
  const id = `${base}/stations/${station.id}/observations/${timestamp}`;

  // Sensors report whole knots and whole-degree directions, which the NWS converts to km/h.
  const speedKt = Math.round(s.windSpeedKmh / KT_TO_KMH);
  const gustKt = Math.round(s.windGustKmh / KT_TO_KMH);
  const gusty = gustKt >= speedKt + 8 && gustKt >= 15;
  const direction = speedKt === 0 ? 0 : (Math.round(s.windDirectionDeg / 10) * 10) % 360 || 360;
  // Cloud base from the lifting condensation level, ~125 m per °C of dewpoint depression.
  const amount = cloudAmount(s.skyCoverPct);
  const baseM = Math.max(100, Math.round((125 * (s.temperatureC - s.dewpointC) + 300) / 30) * 30);
  const clouds = amount ? [{ amount, baseM }] : [];
  const slpPa = Math.round(s.seaLevelPressureHpa * 10) * 10;
  const altimeterPa =
    Math.round(
      altimeterHpa(stationPressureHpa(s.seaLevelPressureHpa, station.elevationM, s.temperatureC), station.elevationM) *
        10,
    ) * 10;
  // The gauge: the last hour in every report that saw precipitation (none reported when dry, as ASOS sends
  // no P group); the 3-hour amount at 03, 09, 15 and 21 UTC and the 6-hour amount at the main synoptic hours.
  const caught = (hours: number) => history.slice(HISTORY - hours).reduce((a, h) => a + gaugeMm(h), 0);
  const lastHourMm = gaugeMm(s) > 0 ? hundredthsMm(gaugeMm(s)) : null;
  const synoptic = ((hour % 24) + 24) % 24;
  const last3HoursMm = synoptic % 6 === 3 ? hundredthsMm(caught(3)) : null;
  const last6HoursMm = synoptic % 6 === 0 ? hundredthsMm(caught(6)) : null;
  const wx = presentWeatherOf(s);
  const chill = windChillC(s.temperatureC, s.windSpeedKmh);
  const heat = s.temperatureC >= 20 ? heatIndexC(s.temperatureC, s.relativeHumidity) : null;
  const isDaytime = isDaytimeHour(localTime(epochHourToMs(hour), station.timeZone));
  // Observation icons show what is happening, so no probability suffix.
  const falling = wx.length > 0 && s.precipType !== null;
  const icon = iconSegment({
    skyCoverPct: s.skyCoverPct,
    popPct: falling ? s.precipProbabilityPct : 0,
    precipNoun: falling && s.precipType ? precipNoun(new Set([s.precipType])) : null,
    windMph: s.windSpeedKmh / 1.609344,
    visibilityM: s.visibilityM,
  }).replace(/,\d+$/, '');

  return {
    '@id': id,
    '@type': 'wx:ObservationStation',
    elevation: { unitCode: 'wmoUnit:m', value: station.elevationM },
    station: `${base}/stations/${station.id}`,
    timestamp,
    rawMessage: metar({
      stationId: station.id,
      timeMs,
      windDirectionDeg: direction,
      windSpeedKt: speedKt,
      windGustKt: gusty ? gustKt : null,
      visibilityM: s.visibilityM,
      presentWeather: wx.map((w) => w.rawString),
      clouds,
      temperatureC: s.temperatureC,
      dewpointC: s.dewpointC,
      altimeterPa,
      seaLevelPressurePa: slpPa,
      precipitationLastHourMm: lastHourMm,
      precipitationPeriodMm: last6HoursMm ?? last3HoursMm,
    }),
    textDescription: textOf(s, wx),
    icon: iconUrl(`${base}/icons`, isDaytime, [icon], 'medium'),
    presentWeather: wx,
    temperature: qc('wmoUnit:degC', roundTo(s.temperatureC, 1)),
    dewpoint: qc('wmoUnit:degC', roundTo(s.dewpointC, 1)),
    windDirection: qc('wmoUnit:degree_(angle)', direction),
    windSpeed: qc('wmoUnit:km_h-1', roundTo(speedKt * KT_TO_KMH, 2)),
    windGust: qc('wmoUnit:km_h-1', gusty ? roundTo(gustKt * KT_TO_KMH, 2) : null),
    barometricPressure: qc('wmoUnit:Pa', altimeterPa),
    seaLevelPressure: qc('wmoUnit:Pa', slpPa),
    visibility: qc('wmoUnit:m', s.visibilityM >= 16_000 ? 16_090 : Math.round(s.visibilityM / 10) * 10),
    maxTemperatureLast24Hours: { unitCode: 'wmoUnit:degC', value: null },
    minTemperatureLast24Hours: { unitCode: 'wmoUnit:degC', value: null },
    precipitationLastHour: qc('wmoUnit:mm', lastHourMm),
    precipitationLast3Hours: qc('wmoUnit:mm', last3HoursMm),
    precipitationLast6Hours: qc('wmoUnit:mm', last6HoursMm),
    relativeHumidity: qc('wmoUnit:percent', s.relativeHumidity),
    windChill: qc('wmoUnit:degC', chill === null ? null : roundTo(chill, 2)),
    heatIndex: qc('wmoUnit:degC', heat === null ? null : roundTo(heat, 2)),
    cloudLayers: clouds.map((c) => ({ base: { unitCode: 'wmoUnit:m', value: c.baseM }, amount: c.amount })),
  };
}
