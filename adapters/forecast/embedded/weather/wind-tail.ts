/**
 * The strong-wind tail of the model's wind (issue 38 item 4). The fit to NOAA's station averages
 * (climate-fit-data.ts) scales the whole wind distribution to the measured mean, and the synoptic gradient
 * wind is close to Gaussian, so on its own the model almost never reaches Wind Advisory criteria. Real
 * high-wind events are a fat tail on top of an ordinary mean: deep cold-season lows and downslope and gap
 * winds, most of them in the West and the Plains in winter and spring.
 *
 * No public table of how often each station reaches advisory-strength winds was found (NOAA's CCD peak-gust
 * table holds one record per month, not a frequency), so the tail is TUNED, not fitted: to a rough estimate
 * from the NWS's event counts of about 1% of CONUS zones under a Wind Advisory and 0.3% under a High Wind
 * Warning at a typical hour, most in the West and the Plains in the cold season
 * (`npx tsx scripts/wind-alert-report.ts` prints the model's shares). Only the windiest tenth or so of
 * hours are stretched, so the median wind the fit holds to the stations barely moves.
 */

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

/** How strongly a place's wind storms: full west of 100° W, 45% of that east of 88° W, none south of 24° (fading in to 28°). */
export function windTailRegion(lat: number, lon: number): number {
  const west = clamp((-lon - 88) / 12, 0, 1);
  const extratropical = clamp((Math.abs(lat) - 24) / 4, 0, 1);
  return (0.45 + 0.55 * west) * extratropical;
}

/**
 * The season's share of the tail: most in winter and spring, least in summer. `season` is the climate's
 * cos of the year (1 at the warmest time, −1 the coldest); `springness` 1 at the spring equinox of the
 * temperature cycle, 0 in autumn.
 */
export function windTailSeason(season: number, springness: number): number {
  return clamp(0.25 + 0.5 * ((1 - season) / 2) + 0.3 * Math.max(0, springness), 0, 1);
}

/** Where the stretch begins, in multiples of the place's typical synoptic wind, and how hard it stretches. */
export const TAIL_ONSET = 1.6;
export const TAIL_GAIN = 0.9;
/** The extra gust factor of a full tail (deep mixing in the dry West's and the Plains' cold-season storms). */
export const TAIL_GUST = 0.15;

/**
 * Extra synoptic wind, km/h, for a synoptic wind `synopticKmh` at a place whose typical synoptic wind is
 * `typicalKmh`, at tail weight `weight` (region × season, 0–1): nothing below TAIL_ONSET times the typical
 * wind, then growing with the square of the excess, so the strongest gradients become storms.
 */
export function windTailKmh(synopticKmh: number, typicalKmh: number, weight: number): number {
  const excess = Math.max(0, synopticKmh / typicalKmh - TAIL_ONSET);
  return TAIL_GAIN * weight * typicalKmh * excess * (1 + 0.3 * excess);
}
