import type { PrecipType } from './model.ts';
import { withoutTrailingSlashes } from './url.ts';

/**
 * The NWS's fixed vocabulary for sky, precipitation chance and icons, so that text
 * built here reads like api.weather.gov's (see fixtures/forecast.json).
 */

/** Sky condition words; the NWS says "Sunny"/"Clear" by day/night but "Cloudy" for both. */
export function skyWords(coverPct: number, isDaytime: boolean): string {
  if (coverPct <= 10) return isDaytime ? 'Sunny' : 'Clear';
  if (coverPct <= 30) return isDaytime ? 'Mostly Sunny' : 'Mostly Clear';
  if (coverPct <= 60) return isDaytime ? 'Partly Sunny' : 'Partly Cloudy';
  if (coverPct <= 85) return 'Mostly Cloudy';
  return 'Cloudy';
}

export type ChanceLevel = 'slight' | 'chance' | 'likely' | 'definite';

/**
 * NWS probability bands: 20 slight chance, 30-50 chance, 60-70 likely, 80+ categorical; below 20 nothing is
 * said. An unrounded chance speaks as it rounds: 15% is a period's 20%, so an hour at 15% says "slight
 * chance" too, and the 7-day period that rounds it up names no rain that no hour names.
 */
export function chanceLevel(popPct: number): ChanceLevel | null {
  if (popPct < 15) return null;
  if (popPct < 25) return 'slight';
  if (popPct < 55) return 'chance';
  if (popPct < 75) return 'likely';
  return 'definite';
}

/** Name of what falls, Title Case as in shortForecast; mixed winter types collapse to "Wintry Mix". */
export function precipNoun(types: ReadonlySet<PrecipType>): string | null {
  if (types.size === 0) return null;
  const icy = types.has('sleet') || types.has('freezing rain');
  if (icy && types.size > 1) return 'Wintry Mix';
  if (types.has('snow') && (types.has('rain') || types.has('thunderstorms'))) return 'Rain And Snow';
  if (types.has('thunderstorms')) return 'Showers And Thunderstorms';
  if (types.has('snow')) return 'Snow';
  if (types.has('sleet')) return 'Sleet';
  if (types.has('freezing rain')) return 'Freezing Rain';
  return 'Rain';
}

/** "Chance Showers And Thunderstorms", "Snow Likely", "Rain". */
export function shortPrecipPhrase(noun: string, level: ChanceLevel): string {
  switch (level) {
    case 'slight':
      return `Slight Chance ${noun}`;
    case 'chance':
      return `Chance ${noun}`;
    case 'likely':
      return `${noun} Likely`;
    case 'definite':
      return noun;
  }
}

/** Sentence-case form for detailedForecast: "A chance of rain and snow", "Snow likely", "Rain". */
export function detailedPrecipPhrase(noun: string, level: ChanceLevel): string {
  const lower = noun.toLowerCase();
  switch (level) {
    case 'slight':
      return `A slight chance of ${lower}`;
    case 'chance':
      return `A chance of ${lower}`;
    case 'likely':
      return `${sentenceCase(lower)} likely`;
    case 'definite':
      return sentenceCase(lower);
  }
}

export function sentenceCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function skyIconCode(coverPct: number): string {
  if (coverPct <= 10) return 'skc';
  if (coverPct <= 30) return 'few';
  if (coverPct <= 60) return 'sct';
  if (coverPct <= 85) return 'bkn';
  return 'ovc';
}

const PRECIP_ICON: Record<string, string> = {
  'Showers And Thunderstorms': 'tsra',
  Rain: 'rain',
  Snow: 'snow',
  Sleet: 'sleet',
  'Freezing Rain': 'fzra',
  'Rain And Snow': 'rain_snow',
  'Wintry Mix': 'snow_fzra',
};

export interface IconCondition {
  readonly skyCoverPct: number;
  readonly popPct: number;
  readonly precipNoun: string | null;
  readonly windMph: number;
  readonly visibilityM: number;
}

/** One icon code segment such as "tsra_sct,40", "wind_few" or "fog". */
export function iconSegment(c: IconCondition): string {
  const level = chanceLevel(c.popPct);
  if (level && c.precipNoun) {
    let code = PRECIP_ICON[c.precipNoun] ?? 'rain';
    // The NWS draws isolated and scattered storms differently from widespread ones.
    if (code === 'tsra') code = level === 'slight' ? 'tsra_hi' : level === 'chance' ? 'tsra_sct' : 'tsra';
    return `${code},${Math.round(c.popPct / 10) * 10}`;
  }
  if (c.visibilityM < 1000) return 'fog';
  const sky = skyIconCode(c.skyCoverPct);
  return c.windMph >= 25 ? `wind_${sky}` : sky;
}

/** Full icon URL in the api.weather.gov layout: {base}/land/{day|night}/{seg}[/{seg}]?size=... */
export function iconUrl(
  iconBaseUrl: string,
  isDaytime: boolean,
  segments: readonly string[],
  size: 'small' | 'medium',
): string {
  const base = withoutTrailingSlashes(iconBaseUrl);
  return `${base}/land/${isDaytime ? 'day' : 'night'}/${segments.join('/')}?size=${size}`;
}
