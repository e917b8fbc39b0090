import { CLIMATE_FIT_DATA } from './climate-fit-data.ts';

/**
 * The climatology's corrections, fitted to NOAA's station normals (scripts/forecast-data/fit-climate.ts):
 * at each normals station, for each month, what to add to the analytic climate (climate.ts) so the model's
 * own mean daily high and low and monthly precipitation come out as the normals. Between stations the
 * corrections are interpolated (inverse distance, weighted toward stations at a similar elevation, fading to
 * none beyond {@link REACH_KM}); between months, along a periodic cubic through the mid-month values.
 */

/** The fields a station corrects, each twelve monthly values. */
export interface StationCorrection {
  readonly lat: number;
  readonly lon: number;
  readonly elevationM: number;
  /** Added to the daily mean temperature, °C. */
  readonly meanC: readonly number[];
  /** Added to half the diurnal range, °C. */
  readonly halfRangeC: readonly number[];
  /** Added to the storminess that sets the chance of precipitation. */
  readonly storm: readonly number[];
  /** The natural log of the factor on precipitation intensity. */
  readonly logIntensity: readonly number[];
  /** The natural log of the factor on sustained wind (and with it the gusts). */
  readonly logWind: readonly number[];
  /**
   * The station's normal precipitation per month, inches: not a correction, but what each month's amount
   * is brought to (monthly-precip.ts). Absent from packings that predate it.
   */
  readonly normalPrecipIn?: readonly number[];
}

/** A place's interpolated corrections: 12 monthly values of each field, in the order of {@link FIELDS}. */
export interface PlaceCorrections {
  readonly months: Float64Array;
  /** The field they come from. */
  readonly field: ClimateField;
  /**
   * The stations that weigh more than {@link LEAST_SHARE} of the whole here, and by how much (as shares of
   * the whole, the analytic climate's own weight included, so they fade with distance as the corrections
   * do): what the stations' monthly precipitation factors are interpolated with (monthly-precip.ts).
   */
  readonly stations: Int32Array;
  readonly weights: Float64Array;
}

export const FIELDS = ['meanC', 'halfRangeC', 'storm', 'logIntensity', 'logWind'] as const;
export const MEAN = 0;
export const HALF_RANGE = 1;
export const STORM = 2;
export const LOG_INTENSITY = 3;
export const LOG_WIND = 4;

/** Beyond this distance a station corrects nothing; nearer, its weight tapers to zero at this distance. */
export const REACH_KM = 600;
/** A station's own point weighs as if it were this far: the field is exact there to within a few percent. */
const NEAR_KM = 8;
/** The analytic climate's own weight, as of a station at this distance: far from all stations it takes over. */
const BASE_KM = REACH_KM / Math.SQRT2;
/** Stations this much higher or lower count a fifth as much (a valley is not its summit's neighbour). */
const ELEVATION_SCALE_M = 500;
const KM_PER_DEGREE = 111.195;
const REACH_DEG = REACH_KM / KM_PER_DEGREE;
const DEG = Math.PI / 180;
/**
 * What a station's share of the whole at a place must pass to count in its {@link PlaceCorrections.weights},
 * which keep only the excess: so a place measures the rain of the handful of stations that matter to it
 * (7 at a typical place in CONUS rather than 14), and a station's weight still fades to nothing without a
 * step as a place moves away from it.
 */
const LEAST_SHARE = 0.01;

export class ClimateField {
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly elevation: Float64Array;
  /** Per station, FIELDS.length × 12 values. */
  private readonly values: Float64Array;
  /**
   * Per station, 1 where it measured wind: the fit (scripts/forecast-data/fit-climate.ts) corrects the wind
   * only at a station whose normals give an average wind speed, so one that measured none keeps a correction of
   * exactly 0 in every month (the analytic wind) unless it borrowed a remote station's, which is not all 0.
   */
  private readonly windMeasured: Uint8Array;

  constructor(readonly stations: readonly StationCorrection[]) {
    const n = stations.length;
    this.lat = Float64Array.from(stations, (s) => s.lat);
    this.lon = Float64Array.from(stations, (s) => s.lon);
    this.elevation = Float64Array.from(stations, (s) => s.elevationM);
    this.values = new Float64Array(n * FIELDS.length * 12);
    stations.forEach((s, i) =>
      FIELDS.forEach((f, k) => s[f].forEach((v, m) => (this.values[(i * FIELDS.length + k) * 12 + m] = v))),
    );
    this.windMeasured = Uint8Array.from(stations, (s) => (s.logWind.some((v) => v !== 0) ? 1 : 0));
  }

  /**
   * Station `i`'s weight at a place (see {@link at}), 0 beyond its reach or when skipped; `kmPerLon` is the
   * place's kilometres per degree of longitude.
   */
  private weight(i: number, lat: number, lon: number, elevationM: number, kmPerLon: number, skip: number): number {
    const dLat = lat - this.lat[i]!;
    if (dLat > REACH_DEG || dLat < -REACH_DEG || i === skip) return 0;
    const dLon = ((((lon - this.lon[i]!) % 360) + 540) % 360) - 180;
    const dy = dLat * KM_PER_DEGREE;
    const dx = dLon * kmPerLon;
    const d2 = dx * dx + dy * dy;
    if (d2 >= REACH_KM * REACH_KM) return 0;
    const taper = 1 - Math.sqrt(d2) / REACH_KM;
    const dz = (elevationM - this.elevation[i]!) / ELEVATION_SCALE_M;
    return (taper * taper) / (d2 + NEAR_KM * NEAR_KM) / (1 + 4 * dz * dz);
  }

  /**
   * The wind correction's twelve monthly logs at a place from the stations that measured wind alone, weighted
   * as {@link at} weighs them all, or null where none reaches. Where a station that measured no wind is
   * nearest, the field of all stations keeps its analytic wind there (a correction of 0); over the open sea
   * the model takes the wind of the stations that measured one (sea-water.ts).
   */
  measuredWindAt(lat: number, lon: number, elevationM: number): Float64Array | null {
    const out = new Float64Array(12);
    const kmPerLon = KM_PER_DEGREE * Math.cos(lat * DEG);
    let total = 1 / (BASE_KM * BASE_KM);
    let any = false;
    const base = LOG_WIND * 12;
    for (let i = 0; i < this.lat.length; i++) {
      if (this.windMeasured[i] === 0) continue;
      const w = this.weight(i, lat, lon, elevationM, kmPerLon, -1);
      if (w <= 0) continue;
      total += w;
      any = true;
      for (let m = 0; m < 12; m++) out[m]! += w * this.values[i * FIELDS.length * 12 + base + m]!;
    }
    if (!any) return null;
    for (let m = 0; m < 12; m++) out[m]! /= total;
    return out;
  }

  /**
   * The corrections at a place, or null where no station reaches. Weights are (1 − d/R)² / (d² + near²),
   * scaled down by elevation difference, against a constant weight for the analytic climate itself, so the
   * field is continuous everywhere and fades to nothing far from the stations. `skip` leaves a station out
   * (to measure how well the others predict it).
   */
  at(lat: number, lon: number, elevationM: number, skip = -1): PlaceCorrections | null {
    const width = FIELDS.length * 12;
    const months = new Float64Array(width);
    const kmPerLon = KM_PER_DEGREE * Math.cos(lat * DEG);
    let total = 1 / (BASE_KM * BASE_KM);
    let any = false;
    const near: number[] = [];
    const nearWeights: number[] = [];
    for (let i = 0; i < this.lat.length; i++) {
      const w = this.weight(i, lat, lon, elevationM, kmPerLon, skip);
      if (w <= 0) continue;
      total += w;
      any = true;
      near.push(i);
      nearWeights.push(w);
      const base = i * width;
      for (let k = 0; k < width; k++) months[k]! += w * this.values[base + k]!;
    }
    if (!any) return null;
    for (let k = 0; k < width; k++) months[k]! /= total;
    const stations: number[] = [];
    const weights: number[] = [];
    for (let j = 0; j < near.length; j++) {
      const share = nearWeights[j]! / total - LEAST_SHARE;
      if (share <= 0) continue;
      stations.push(near[j]!);
      weights.push(share);
    }
    return { months, field: this, stations: Int32Array.from(stations), weights: Float64Array.from(weights) };
  }
}

/**
 * A field's value on a (fractional) day of the year: a periodic Catmull-Rom spline through its twelve
 * mid-month values, smooth through the year with no step at a month's edge.
 */
export const seasonalValue = (c: PlaceCorrections, field: number, dayOfYear: number): number =>
  seasonalOf(c.months, field * 12, dayOfYear);

/** The same spline through the twelve values of `months` from `base` on. */
export function seasonalOf(months: Float64Array, base: number, dayOfYear: number): number {
  // No closures here: it runs for every sample, and a function made per call costs more than the sum.
  const x = ((dayOfYear - 1) / 365.2425) * 12 - 0.5;
  const i = Math.floor(x);
  const t = x - i;
  const p0 = months[base + ((i + 11) % 12)]!;
  const p1 = months[base + ((i + 12) % 12)]!;
  const p2 = months[base + ((i + 13) % 12)]!;
  const p3 = months[base + ((i + 14) % 12)]!;
  return p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)));
}

/**
 * The packed form of climate-fit-data.ts: stations' lat, lon, elevation, then 12 values of each of `fields`
 * fields: the first of {@link FIELDS} (4 before the wind was fitted), then, when `fields` is one more than
 * FIELDS, the normal precipitation (inches), in one list.
 */
export interface EncodedClimateField {
  readonly scale: number;
  readonly fields?: number;
  readonly values: readonly number[];
}

export function decodeClimateField(packed: EncodedClimateField): ClimateField {
  const count = packed.fields ?? 4;
  const stride = 3 + count * 12;
  const stations: StationCorrection[] = [];
  for (let o = 0; o + stride <= packed.values.length; o += stride) {
    const v = packed.values;
    // A field the packing predates corrects nothing.
    const month = (k: number) =>
      Array.from({ length: 12 }, (_, m) => (k < count ? v[o + 3 + k * 12 + m]! / packed.scale : 0));
    stations.push({
      lat: v[o]! / 1e4,
      lon: v[o + 1]! / 1e4,
      elevationM: v[o + 2]!,
      meanC: month(MEAN),
      halfRangeC: month(HALF_RANGE),
      storm: month(STORM),
      logIntensity: month(LOG_INTENSITY),
      logWind: month(LOG_WIND),
      ...(count > FIELDS.length ? { normalPrecipIn: month(FIELDS.length) } : {}),
    });
  }
  return new ClimateField(stations);
}

/** The packed form of a field, as fit-climate.ts writes it (values to a thousandth). */
export function encodeClimateField(field: ClimateField): { scale: number; fields: number; values: number[] } {
  const scale = 1000;
  const values: number[] = [];
  const withNormals = field.stations.every((s) => s.normalPrecipIn);
  for (const s of field.stations) {
    values.push(Math.round(s.lat * 1e4), Math.round(s.lon * 1e4), Math.round(s.elevationM));
    for (const f of FIELDS) for (const v of s[f]) values.push(Math.round(v * scale));
    if (withNormals) for (const v of s.normalPrecipIn!) values.push(Math.round(v * scale));
  }
  return { scale, fields: FIELDS.length + (withNormals ? 1 : 0), values };
}

let active: ClimateField | null | undefined;
/** The shipped fit once decoded: what a digest of the model's bundle names, unlike a field a test made. */
let shipped: ClimateField | null = null;

/** The field the model uses: the shipped fit, decoded on first use. */
export function activeClimateField(): ClimateField | null {
  if (active === undefined) active = shippedClimateField();
  return active;
}

/** The shipped fit, whatever field is active: what every alert worker runs, and what may be kept on disk. */
export function shippedClimateField(): ClimateField | null {
  // The data ships as JSON text, parsed only when a place first asks: importing the model stays cheap.
  return (shipped ??= CLIMATE_FIT_DATA
    ? decodeClimateField(JSON.parse(CLIMATE_FIT_DATA) as EncodedClimateField)
    : null);
}

/** Whether `field` is the shipped fit (climate-fit-data.ts), rather than one a script or a test made. */
export function isShippedClimateField(field: ClimateField): boolean {
  return field === shipped;
}

/**
 * Replaces the field the model uses (null: the analytic climate alone), for the fitting script and the
 * tests that measure a candidate fit; `undefined` goes back to the shipped fit. Places made before the
 * change keep the field they were made with.
 */
export function useClimateField(field: ClimateField | null | undefined): void {
  active = field;
}
