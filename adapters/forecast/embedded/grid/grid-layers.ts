import type { Place, WeatherSample } from '../weather/index.ts';
import { HAZARD_RULES, temperatureWindow } from '../weather/index.ts';
import {
  apparentTemperatureC,
  atmosphericDispersionIndex,
  ceilingM,
  davisStabilityIndex,
  dispersionIndex,
  grasslandFireDangerIndex,
  hainesIndex,
  heatIndexLayerC,
  iceAccumulationMm,
  lightningActivityLevel,
  lowVisibilityRisk,
  mixingHeightM,
  potentialOfPct,
  probabilityOfThunderPct,
  redFlagThreatIndex,
  snowfallMm,
  snowLevelM,
  stabilityClass,
  transportWind,
  twentyFootWindKmh,
  weatherCondition,
} from '../weather/derived-layers.ts';
import { isoDuration } from '../weather/forecast-meta.ts';
import { placeHazards } from '../weather/hazard-windows.ts';
import { windChillC } from '../weather/physics.ts';
import { feet, iceCovered, seaState, type SeaSetting, type SeaState } from '../weather/sea-state.ts';
import { forecastPeriods } from '../weather/periods.ts';
import { displayTemperature, fToC } from '../weather/units.ts';

/**
 * Every layer of a real gridpoint (gridpoint.json), one value per hour from the issuance hour, run-length
 * encoded as the NWS does (`2026-07-15T18:00:00+00:00/PT3H` when a value holds for three hours; the amounts,
 * rain, snow and ice, give the total over the run, as NDFD's accumulations do). Each
 * layer comes from the same hourly samples as the forecasts, so they agree: maxTemperature is the day
 * period's high, the weather layer says rain where the text says rain, hazards are the model's own hazard
 * windows. Sea layers come from the model's sea state (sea-state.ts) on a marine cell and are empty on land, as
 * the real API leaves them; tropical-cyclone layers are empty everywhere.
 */

export interface LayerContext {
  readonly place: Place;
  readonly timeZone: string;
  /** The first sample's epoch hour. */
  readonly startHour: number;
  /** A marine cell's waters: its sea layers are filled. */
  readonly sea?: SeaSetting;
}

interface Hour {
  readonly s: WeatherSample;
  readonly epochHour: number;
  /** 0 at night, rising to 1 at local solar noon. */
  readonly sunUp: number;
  readonly mixingM: number;
  readonly transport: { speedKmh: number; directionDeg: number };
  readonly stability: number;
  readonly elevationM: number;
}

type Value = number | null | readonly unknown[];
interface Layer {
  readonly uom?: string;
  readonly value: (h: Hour) => Value;
  /**
   * An amount layer: a run's value is the amount over its whole validTime, as NDFD's are (a real
   * quantitativePrecipitation reads 4.826 over `PT6H`: 4.826 mm in those six hours), rounded as each hour is.
   */
  readonly totalOver?: (perHour: number, hours: number) => number;
}

const round = (digits: number) => (x: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const r1 = round(1);
const r2 = round(2);
const dir10 = (deg: number): number => (Math.round(deg / 10) * 10) % 360;

const HOURLY_LAYERS: Readonly<Record<string, Layer>> = {
  // Whole °F in °C, as NDFD keeps it (hence values like 22.77777777777778): the hourly forecast's number exactly.
  temperature: { uom: 'wmoUnit:degC', value: (h) => fToC(displayTemperature(h.s.temperatureC, 'us')) },
  dewpoint: { uom: 'wmoUnit:degC', value: (h) => r2(h.s.dewpointC) },
  relativeHumidity: { uom: 'wmoUnit:percent', value: (h) => Math.round(h.s.relativeHumidity) },
  apparentTemperature: { uom: 'wmoUnit:degC', value: (h) => r2(apparentTemperatureC(h.s)) },
  heatIndex: { uom: 'wmoUnit:degC', value: (h) => r2(heatIndexLayerC(h.s)) },
  windChill: { uom: 'wmoUnit:degC', value: (h) => nullableR2(windChillC(h.s.temperatureC, h.s.windSpeedKmh)) },
  skyCover: { uom: 'wmoUnit:percent', value: (h) => h.s.skyCoverPct },
  // Directions to 10°, speeds to 0.1 km/h: the grids' own resolution, and what makes runs worth encoding.
  windDirection: { uom: 'wmoUnit:degree_(angle)', value: (h) => dir10(h.s.windDirectionDeg) },
  windSpeed: { uom: 'wmoUnit:km_h-1', value: (h) => r1(h.s.windSpeedKmh) },
  windGust: { uom: 'wmoUnit:km_h-1', value: (h) => r1(h.s.windGustKmh) },
  weather: { value: (h) => weatherCondition(h.s) },
  probabilityOfPrecipitation: { uom: 'wmoUnit:percent', value: (h) => h.s.precipProbabilityPct },
  quantitativePrecipitation: { uom: 'wmoUnit:mm', value: (h) => r2(h.s.qpfMm), totalOver: (mm, n) => r2(mm * n) },
  iceAccumulation: { uom: 'wmoUnit:mm', value: (h) => r2(iceAccumulationMm(h.s)), totalOver: (mm, n) => r2(mm * n) },
  snowfallAmount: { uom: 'wmoUnit:mm', value: (h) => r1(snowfallMm(h.s)), totalOver: (mm, n) => r1(mm * n) },
  snowLevel: { uom: 'wmoUnit:m', value: (h) => Math.round(snowLevelM(h.s, h.elevationM) / 10) * 10 },
  ceilingHeight: { uom: 'wmoUnit:m', value: (h) => nullableRound(ceilingM(h.s), 10) },
  visibility: { uom: 'wmoUnit:m', value: (h) => Math.round(h.s.visibilityM / 10) * 10 },
  transportWindSpeed: { uom: 'wmoUnit:km_h-1', value: (h) => r1(h.transport.speedKmh) },
  transportWindDirection: { uom: 'wmoUnit:degree_(angle)', value: (h) => dir10(h.transport.directionDeg) },
  mixingHeight: { uom: 'wmoUnit:m', value: (h) => Math.round(h.mixingM / 10) * 10 },
  hainesIndex: { value: (h) => hainesIndex(h.s, h.sunUp) },
  lightningActivityLevel: { value: (h) => lightningActivityLevel(h.s) },
  twentyFootWindSpeed: { uom: 'wmoUnit:km_h-1', value: (h) => r1(twentyFootWindKmh(h.s)) },
  twentyFootWindDirection: { uom: 'wmoUnit:degree_(angle)', value: (h) => dir10(h.s.windDirectionDeg) },
  dispersionIndex: { value: (h) => dispersionIndex(h.mixingM, h.transport.speedKmh) },
  pressure: { uom: 'wmoUnit:Pa', value: (h) => Math.round(h.s.seaLevelPressureHpa * 10) * 10 },
  potentialOf15mphWinds: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windSpeedKmh, 15) },
  potentialOf25mphWinds: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windSpeedKmh, 25) },
  potentialOf35mphWinds: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windSpeedKmh, 35) },
  potentialOf45mphWinds: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windSpeedKmh, 45) },
  potentialOf20mphWindGusts: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windGustKmh, 20) },
  potentialOf30mphWindGusts: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windGustKmh, 30) },
  potentialOf40mphWindGusts: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windGustKmh, 40) },
  potentialOf50mphWindGusts: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windGustKmh, 50) },
  potentialOf60mphWindGusts: { uom: 'wmoUnit:percent', value: (h) => potentialOfPct(h.s.windGustKmh, 60) },
  grasslandFireDangerIndex: { value: (h) => grasslandFireDangerIndex(h.s) },
  probabilityOfThunder: { uom: 'wmoUnit:percent', value: (h) => probabilityOfThunderPct(h.s) },
  davisStabilityIndex: { value: (h) => davisStabilityIndex(h.stability) },
  atmosphericDispersionIndex: {
    value: (h) => atmosphericDispersionIndex(dispersionIndex(h.mixingM, h.transport.speedKmh)),
  },
  lowVisibilityOccurrenceRiskIndex: { value: (h) => lowVisibilityRisk(h.s, h.stability) },
  stability: { value: (h) => h.stability },
  redFlagThreatIndex: { value: (h) => redFlagThreatIndex(h.s) },
};

/**
 * Heights in whole feet, in metres: the NWS keeps its marine grids in feet, so a real primarySwellHeight reads
 * 0.6096 (2 ft) and the like. Periods in whole seconds, directions to 10°.
 */
const wholeFeetM = (m: number): number => Math.round(Math.round(feet(m)) * 0.3048 * 10_000) / 10_000;

/**
 * A marine cell's sea layers (sea-state.ts). wavePeriod2 is the swell's period beside wavePeriod, the
 * dominant train's; the model has one swell train, so the secondary swell stays empty.
 */
const SEA_LAYERS: Readonly<Record<string, { readonly uom: string; readonly value: (sea: SeaState) => number }>> = {
  waveHeight: { uom: 'wmoUnit:m', value: (sea) => wholeFeetM(sea.waveHeightM) },
  wavePeriod: { uom: 'nwsUnit:s', value: (sea) => Math.round(sea.wavePeriodS) },
  waveDirection: { uom: 'wmoUnit:degree_(angle)', value: (sea) => dir10(sea.waveDirectionDeg) },
  primarySwellHeight: { uom: 'wmoUnit:m', value: (sea) => wholeFeetM(sea.swellHeightM) },
  primarySwellDirection: { uom: 'wmoUnit:degree_(angle)', value: (sea) => dir10(sea.swellDirectionDeg) },
  wavePeriod2: { uom: 'nwsUnit:s', value: (sea) => Math.round(sea.swellPeriodS) },
  windWaveHeight: { uom: 'wmoUnit:m', value: (sea) => wholeFeetM(sea.windWaveHeightM) },
};

/** Layers the model leaves empty: sea layers on land, as the real API does, and the tropical-cyclone ones. */
const EMPTY_LAYERS: Readonly<Record<string, string | undefined>> = {
  waveHeight: 'wmoUnit:m',
  wavePeriod: 'nwsUnit:s',
  waveDirection: undefined,
  primarySwellHeight: undefined,
  primarySwellDirection: undefined,
  secondarySwellHeight: undefined,
  secondarySwellDirection: undefined,
  wavePeriod2: undefined,
  windWaveHeight: undefined,
  probabilityOfTropicalStormWinds: undefined,
  probabilityOfHurricaneWinds: undefined,
};

/** The order of the real document, so a diff against api.weather.gov reads naturally. */
const ORDER = [
  'temperature',
  'dewpoint',
  'maxTemperature',
  'minTemperature',
  'relativeHumidity',
  'apparentTemperature',
  'heatIndex',
  'windChill',
  'skyCover',
  'windDirection',
  'windSpeed',
  'windGust',
  'weather',
  'hazards',
  'probabilityOfPrecipitation',
  'quantitativePrecipitation',
  'iceAccumulation',
  'snowfallAmount',
  'snowLevel',
  'ceilingHeight',
  'visibility',
  'transportWindSpeed',
  'transportWindDirection',
  'mixingHeight',
  'hainesIndex',
  'lightningActivityLevel',
  'twentyFootWindSpeed',
  'twentyFootWindDirection',
  'waveHeight',
  'wavePeriod',
  'waveDirection',
  'primarySwellHeight',
  'primarySwellDirection',
  'secondarySwellHeight',
  'secondarySwellDirection',
  'wavePeriod2',
  'windWaveHeight',
  'dispersionIndex',
  'pressure',
  'probabilityOfTropicalStormWinds',
  'probabilityOfHurricaneWinds',
  'potentialOf15mphWinds',
  'potentialOf25mphWinds',
  'potentialOf35mphWinds',
  'potentialOf45mphWinds',
  'potentialOf20mphWindGusts',
  'potentialOf30mphWindGusts',
  'potentialOf40mphWindGusts',
  'potentialOf50mphWindGusts',
  'potentialOf60mphWindGusts',
  'grasslandFireDangerIndex',
  'probabilityOfThunder',
  'davisStabilityIndex',
  'atmosphericDispersionIndex',
  'lowVisibilityOccurrenceRiskIndex',
  'stability',
  'redFlagThreatIndex',
] as const;

export const GRID_LAYER_NAMES: readonly string[] = ORDER;

/** `samples[k]` is the hour `ctx.startHour + k` (UTC epoch hours). */
export function gridLayers(samples: readonly WeatherSample[], ctx: LayerContext): Record<string, unknown> {
  const hours = samples.map((s, k): Hour => {
    const epochHour = ctx.startHour + k;
    const sunUp = sunHeight(epochHour, ctx.place.lon);
    const mixingM = mixingHeightM(s, sunUp);
    return {
      s,
      epochHour,
      sunUp,
      mixingM,
      transport: transportWind(s, mixingM),
      stability: stabilityClass(s, sunUp),
      elevationM: ctx.place.elevationM,
    };
  });
  const computed: Record<string, unknown> = {
    ...periodExtremes(samples, ctx),
    hazards: { values: runs(hazardsByHour(samples, ctx), ctx.startHour) },
  };
  for (const [name, layer] of Object.entries(HOURLY_LAYERS)) {
    const values = runs(hours.map(layer.value), ctx.startHour, layer.totalOver);
    computed[name] = layer.uom ? { uom: layer.uom, values } : { values };
  }
  for (const [name, uom] of Object.entries(EMPTY_LAYERS)) computed[name] = uom ? { uom, values: [] } : { values: [] };
  if (ctx.sea) {
    const sea = ctx.sea;
    // Over the Arctic pack ice in its season there is no sea: those hours are left out of the layers, as a
    // land cell's are (a wholly iced week gives `values: []`), rather than listed with a null value.
    const seas = hours.map((h) => (iceCovered(sea, h.epochHour) ? null : seaState(sea, ctx.place, h.epochHour, h.s)));
    for (const [name, layer] of Object.entries(SEA_LAYERS)) {
      const values = runs(
        seas.map((state) => (state ? layer.value(state) : null)),
        ctx.startHour,
      );
      computed[name] = { uom: layer.uom, values: values.filter((run) => run.value !== null) };
    }
  }
  const out: Record<string, unknown> = {};
  for (const name of ORDER) out[name] = computed[name];
  return out;
}

/**
 * maxTemperature over each day period and minTemperature over each night period, on the very windows the
 * 7-day forecast takes its highs and lows from (7 AM to 8 PM, 7 PM to 9 AM: `temperatureWindow`). Like the NWS, which keeps these grids in °F, the value is the
 * period's whole-degree °F temperature in °C, so converting it back gives the forecast's number exactly.
 */
function periodExtremes(samples: readonly WeatherSample[], ctx: LayerContext): Record<string, unknown> {
  const end = ctx.startHour + samples.length;
  const spans = forecastPeriods(ctx.startHour, ctx.timeZone, Math.ceil(samples.length / 12) + 2).filter(
    (s) => s.startHour < end,
  );
  const max: { validTime: string; value: number }[] = [];
  const min: { validTime: string; value: number }[] = [];
  for (const span of spans) {
    const window = temperatureWindow(span, ctx.startHour);
    const last = Math.min(window.end, end);
    const temps = samples
      .slice(window.start - ctx.startHour, last - ctx.startHour)
      .map((s) => displayTemperature(s.temperatureC, 'us'));
    if (temps.length === 0) continue;
    const validTime = `${hourIso(window.start)}/${isoDuration(last - window.start)}`;
    if (span.isDaytime) max.push({ validTime, value: fToC(Math.max(...temps)) });
    else min.push({ validTime, value: fToC(Math.min(...temps)) });
  }
  return { maxTemperature: { uom: 'wmoUnit:degC', values: max }, minTemperature: { uom: 'wmoUnit:degC', values: min } };
}

/** The model's hazard windows at this cell (the rules that make the alerts), as VTEC codes per hour. */
function hazardsByHour(samples: readonly WeatherSample[], ctx: LayerContext): Value[] {
  const windows = placeHazards(HAZARD_RULES, ctx.place, ctx.startHour, samples);
  return samples.map((_, k) => {
    const hour = ctx.startHour + k;
    return windows
      .filter((w) => w.startHour <= hour && hour < w.endHour)
      .map((w) => ({ phenomenon: w.rule.phenomenon, significance: w.rule.significance, event_number: null }));
  });
}

/** 0 at night, rising to 1 at local solar noon. */
function sunHeight(epochHour: number, lon: number): number {
  const solar = ((((epochHour % 24) + lon / 15) % 24) + 24) % 24;
  return solar <= 6 || solar >= 18 ? 0 : Math.sin((Math.PI * (solar - 6)) / 12);
}

const nullableR2 = (x: number | null): number | null => (x === null ? null : r2(x));
const nullableRound = (x: number | null, step: number): number | null =>
  x === null ? null : Math.round(x / step) * step;

/** Equal hours as one run; an amount layer's run carries the amount over the run (`totalOver`), others the value. */
function runs(
  values: readonly Value[],
  startHour: number,
  totalOver?: (perHour: number, hours: number) => number,
): { validTime: string; value: Value }[] {
  const out: { validTime: string; value: Value }[] = [];
  const keys = values.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
  let k = 0;
  while (k < values.length) {
    let end = k + 1;
    while (end < values.length && keys[end] === keys[k]) end++;
    const value = values[k] ?? null;
    const validTime = `${hourIso(startHour + k)}/${isoDuration(end - k)}`;
    out.push({ validTime, value: totalOver && typeof value === 'number' ? totalOver(value, end - k) : value });
    k = end;
  }
  return out;
}

/**
 * Formatting a Date was most of a gridpoint's cost (one per run, thousands per document), while a document
 * only ever names a week of hours: they are memoised, and the memo is emptied when it grows past a few weeks.
 */
const isoByHour = new Map<number, string>();

export function hourIso(epochHour: number): string {
  let iso = isoByHour.get(epochHour);
  if (iso === undefined) {
    if (isoByHour.size >= 2048) isoByHour.clear();
    iso = new Date(epochHour * 3_600_000).toISOString().replace('.000Z', '+00:00');
    isoByHour.set(epochHour, iso);
  }
  return iso;
}
