import type { QuantitativeValue } from './forecast-types.ts';
import { metar } from './metar.ts';
import { weatherAt, type WeatherAdjust, type WeatherSample } from './model.ts';
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
function presentWeatherOf(s: WeatherSample): PresentWeather[] {
  if (s.precipType && s.precipProbabilityPct >= 60) {
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

export function latestObservation(request: ObservationRequest): ObservationProperties {
  const { station, hour } = request;
  const s = weatherAt({ lat: station.lat, lon: station.lon, elevationM: station.elevationM }, hour, request.adjust);
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
      altimeterPa: slpPa,
      seaLevelPressurePa: slpPa,
    }),
    textDescription: textOf(s, wx),
    icon: iconUrl(`${base}/icons`, isDaytime, [icon], 'medium'),
    presentWeather: wx,
    temperature: qc('wmoUnit:degC', roundTo(s.temperatureC, 1)),
    dewpoint: qc('wmoUnit:degC', roundTo(s.dewpointC, 1)),
    windDirection: qc('wmoUnit:degree_(angle)', direction),
    windSpeed: qc('wmoUnit:km_h-1', roundTo(speedKt * KT_TO_KMH, 2)),
    windGust: qc('wmoUnit:km_h-1', gusty ? roundTo(gustKt * KT_TO_KMH, 2) : null),
    barometricPressure: qc('wmoUnit:Pa', slpPa),
    seaLevelPressure: qc('wmoUnit:Pa', slpPa),
    visibility: qc('wmoUnit:m', s.visibilityM >= 16_000 ? 16_090 : Math.round(s.visibilityM / 10) * 10),
    maxTemperatureLast24Hours: { unitCode: 'wmoUnit:degC', value: null },
    minTemperatureLast24Hours: { unitCode: 'wmoUnit:degC', value: null },
    precipitationLastHour: qc('wmoUnit:m', null),
    precipitationLast3Hours: qc('wmoUnit:m', null),
    precipitationLast6Hours: qc('wmoUnit:m', null),
    relativeHumidity: qc('wmoUnit:percent', s.relativeHumidity),
    windChill: qc('wmoUnit:degC', chill === null ? null : roundTo(chill, 2)),
    heatIndex: qc('wmoUnit:degC', heat === null ? null : roundTo(heat, 2)),
    cloudLayers: clouds.map((c) => ({ base: { unitCode: 'wmoUnit:m', value: c.baseM }, amount: c.amount })),
  };
}
