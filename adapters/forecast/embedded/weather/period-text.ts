import type { PeriodSummary } from './period-summary.ts';
import { clockWord } from './time.ts';
import { compassPoint, compassWords, speedUnitLabel, type UnitSystem } from './units.ts';
import {
  chanceLevel,
  detailedPrecipPhrase,
  iconSegment,
  precipNoun,
  sentenceCase,
  shortPrecipPhrase,
  skyWords,
} from './wording.ts';

/** NWS-style text for a 12-hour period, following the conventions in fixtures/forecast.json. */

export interface PeriodText {
  readonly shortForecast: string;
  readonly detailedForecast: string;
  readonly iconSegments: readonly string[];
}

/**
 * A thunderstorm's severe outflow is worded in the storm phrase, never in the wind sentence (whose gusts are the
 * environment's): api.weather.gov, a period of 2019-05-28, "Showers and thunderstorms likely. Some of the storms
 * could be severe. Cloudy, with a high near 78. Southeast wind 10 to 15 mph, with gusts as high as 20 mph."; and
 * at a slight chance too, 2023-05-19, "A slight chance of showers and thunderstorms after 1pm. Some of the
 * storms could be severe. Mostly sunny, with a high near 91. South wind 5 to 10 mph." (recorded /forecast
 * responses in public repositories).
 */
export const SEVERE_STORM_SENTENCE = 'Some of the storms could be severe.';

/** Wind sentence: "Southwest wind 5 to 10 mph, with gusts as high as 20 mph." */
export function windSentence(s: PeriodSummary, units: UnitSystem): string {
  const unit = speedUnitLabel(units);
  if (s.windHigh === 0) return 'Calm wind.';
  const dir = compassWords(compassPoint(s.windDirectionDeg));
  const speed = s.windLow === s.windHigh ? `around ${s.windHigh} ${unit}` : `${s.windLow} to ${s.windHigh} ${unit}`;
  // Gusts are only worth a mention when clearly above the sustained wind.
  const gustFloor = units === 'us' ? 20 : 30;
  const gustMargin = units === 'us' ? 8 : 13;
  const gusts =
    s.gust >= gustFloor && s.gust >= s.windHigh + gustMargin ? `, with gusts as high as ${s.gust} ${unit}` : '';
  return `${dir} wind ${speed}${gusts}.`;
}

function rainAmount(mm: number, units: UnitSystem): string {
  if (units === 'si')
    return mm < 2.5 ? 'less than 3 mm' : `between ${Math.floor(mm / 5) * 5} and ${Math.floor(mm / 5) * 5 + 5} mm`;
  const inches = mm / 25.4;
  if (inches < 0.1) return 'less than a tenth of an inch';
  if (inches < 0.25) return 'between a tenth and quarter of an inch';
  if (inches < 0.5) return 'between a quarter and half of an inch';
  if (inches < 0.75) return 'between a half and three quarters of an inch';
  if (inches < 1) return 'between three quarters and one inch';
  return `between ${Math.floor(inches)} and ${Math.floor(inches) + 1} inches`;
}

function snowAmount(cm: number, units: UnitSystem): string {
  if (units === 'si')
    return cm < 2 ? 'less than 2 cm' : `${Math.floor(cm / 2) * 2} to ${Math.floor(cm / 2) * 2 + 4} cm`;
  const inches = cm / 2.54;
  if (inches < 1) return 'less than one inch';
  return `${Math.floor(inches)} to ${Math.floor(inches) + 2} inches`;
}

/** "New rainfall amounts ... possible." / "New snow accumulation of ... possible." when a chance is given. */
function amountSentence(s: PeriodSummary, units: UnitSystem): string | null {
  if (s.popPct < 30) return null;
  if (s.snowCm >= 0.5 && s.snowCm * 2 >= s.rainMm)
    return `New snow accumulation of ${snowAmount(s.snowCm, units)} possible.`;
  if (s.rainMm > 0) return `New rainfall amounts ${rainAmount(s.rainMm, units)} possible.`;
  return null;
}

export function periodText(
  s: PeriodSummary,
  units: UnitSystem,
  localHourAt: (hourIndex: number) => number,
): PeriodText {
  const noun = precipNoun(s.precipTypes);
  const level = chanceLevel(s.popPct);
  const sky = skyWords(s.meanSkyPct, s.isDaytime);
  const basePhrase = s.isDaytime ? `high near ${s.temperature}` : `low around ${s.temperature}`;
  // A trend follows the NWS's wording: "Low around 50, with temperatures rising to around 52 overnight."
  const trendPhrase = s.trend
    ? s.trend.kind === 'rising'
      ? `, with temperatures rising to around ${s.trend.to} overnight`
      : `, with temperatures falling to around ${s.trend.to} in the afternoon`
    : '';
  const temperaturePhrase = basePhrase + trendPhrase;
  /** "Mostly cloudy, with a low around 40." or, with a trend, "Mostly cloudy. Low around 40, with ...". */
  const skyAndTemperature = (skyWordsHere: string) =>
    s.trend
      ? `${sentenceCase(skyWordsHere)}. ${sentenceCase(temperaturePhrase)}.`
      : `${sentenceCase(skyWordsHere)}, with a ${temperaturePhrase}.`;
  const windMph = units === 'us' ? s.windHigh : s.windHigh / 1.609344;
  const skySegment = iconSegment({
    skyCoverPct: s.drySkyPct,
    popPct: 0,
    precipNoun: null,
    windMph,
    visibilityM: 10_000,
  });

  if (!noun || !level) {
    return {
      shortForecast: sky,
      detailedForecast: [skyAndTemperature(sky), windSentence(s, units)].join(' '),
      iconSegments: [
        iconSegment({ skyCoverPct: s.meanSkyPct, popPct: 0, precipNoun: null, windMph, visibilityM: 10_000 }),
      ],
    };
  }

  const precipShort = shortPrecipPhrase(noun, level);
  const precipSegment = iconSegment({
    skyCoverPct: s.meanSkyPct,
    popPct: s.popPct,
    precipNoun: noun,
    windMph,
    visibilityM: 10_000,
  });
  const drySky = skyWords(s.drySkyPct, s.isDaytime);
  let shortForecast = precipShort;
  let iconSegments = [precipSegment];
  let when = '';
  if (s.timing?.kind === 'after') {
    shortForecast = `${drySky} then ${precipShort}`;
    iconSegments = [skySegment, precipSegment];
    when = ` after ${clockWord(localHourAt(s.timing.hourIndex))}`;
  } else if (s.timing?.kind === 'before') {
    shortForecast = `${precipShort} then ${drySky}`;
    iconSegments = [precipSegment, skySegment];
    when = ` before ${clockWord(localHourAt(s.timing.hourIndex))}`;
  }

  // With precipitation all but certain the NWS drops the sky words: "Rain. High near 50."
  const temperatureSentence =
    level === 'definite' ? `${sentenceCase(temperaturePhrase)}.` : skyAndTemperature(s.timing ? drySky : sky);
  const sentences = [
    `${detailedPrecipPhrase(noun, level)}${when}.`,
    ...(s.severeStorms ? [SEVERE_STORM_SENTENCE] : []),
    temperatureSentence,
    windSentence(s, units),
    `Chance of precipitation is ${s.popPct}%.`,
  ];
  const amount = amountSentence(s, units);
  if (amount) sentences.push(amount);
  return { shortForecast, detailedForecast: sentences.join(' '), iconSegments };
}
