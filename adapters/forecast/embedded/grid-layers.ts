import type { WeatherSample } from './weather/index.ts';
import { isoDuration } from './weather/forecast-meta.ts';

/**
 * The raw layers of a gridpoint (gridpoint.json) that the weather model honestly provides, one value per
 * hour from the issuance hour, run-length encoded as the NWS does (`2026-07-15T18:00:00+00:00/PT3H` when a
 * value holds for three hours). Layers the model has no notion of (weather codes, hazards, waves, fire
 * indices, mixing height...) are left out rather than faked.
 */

interface Layer {
  readonly uom: string;
  readonly value: (s: WeatherSample) => number | null;
}

const round = (digits: number) => (x: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const r1 = round(1);
const r2 = round(2);

const LAYERS: Readonly<Record<string, Layer>> = {
  temperature: { uom: 'wmoUnit:degC', value: (s) => r2(s.temperatureC) },
  dewpoint: { uom: 'wmoUnit:degC', value: (s) => r2(s.dewpointC) },
  relativeHumidity: { uom: 'wmoUnit:percent', value: (s) => Math.round(s.relativeHumidity) },
  skyCover: { uom: 'wmoUnit:percent', value: (s) => s.skyCoverPct },
  // Directions to 10°, speeds to 0.1 km/h: the grids' own resolution, and what makes runs worth encoding.
  windDirection: { uom: 'wmoUnit:degree_(angle)', value: (s) => (Math.round(s.windDirectionDeg / 10) * 10) % 360 },
  windSpeed: { uom: 'wmoUnit:km_h-1', value: (s) => r1(s.windSpeedKmh) },
  windGust: { uom: 'wmoUnit:km_h-1', value: (s) => r1(s.windGustKmh) },
  probabilityOfPrecipitation: { uom: 'wmoUnit:percent', value: (s) => s.precipProbabilityPct },
  quantitativePrecipitation: { uom: 'wmoUnit:mm', value: (s) => r2(s.qpfMm) },
  visibility: { uom: 'wmoUnit:m', value: (s) => Math.round(s.visibilityM / 10) * 10 },
};

/** `samples[k]` is the hour `startHour + k` (UTC epoch hours). */
export function gridLayers(samples: readonly WeatherSample[], startHour: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, layer] of Object.entries(LAYERS)) out[name] = { uom: layer.uom, values: runs(samples.map(layer.value), startHour) };
  return out;
}

function runs(values: readonly (number | null)[], startHour: number): { validTime: string; value: number | null }[] {
  const out: { validTime: string; value: number | null }[] = [];
  let k = 0;
  while (k < values.length) {
    let end = k + 1;
    while (end < values.length && values[end] === values[k]) end++;
    out.push({ validTime: `${hourIso(startHour + k)}/${isoDuration(end - k)}`, value: values[k] ?? null });
    k = end;
  }
  return out;
}

export function hourIso(epochHour: number): string {
  return new Date(epochHour * 3_600_000).toISOString().replace('.000Z', '+00:00');
}
