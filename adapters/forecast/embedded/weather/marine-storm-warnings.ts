import type { WeatherSample } from './model.ts';
import {
  firstOfRun,
  isStorm,
  SPECIAL_MARINE_RULE,
  stormStart,
  type StormRequest,
  type StormStart,
} from './storm-warnings.ts';

/**
 * Special Marine Warnings (VTEC MA.W, product SMW): the storm-based warning of the marine zones, as the Severe
 * Thunderstorm Warning is the land's. The NWS issues one "for potentially hazardous marine weather conditions
 * usually of short duration (up to 2 hours) producing sustained marine thunderstorm winds or associated gusts of
 * 34 knots or greater; or hail 3/4 inch or more in diameter; or waterspouts" (NWS Directive 10-313, as quoted by
 * https://en.wikipedia.org/wiki/Special_marine_warning; NWS Key West's "Marine Definitions",
 * https://www.weather.gov/key/marine_definitions: "usually of short duration (2 hours or less) and producing wind
 * speeds of 34 KT or more"). The model has neither hail nor waterspouts: its warnings are the wind's.
 *
 * From the marine zone's own hourly weather, the one its gridpoint forecast gives (its thunderstorm hours carry
 * the storm's outflow gust over water as over land, model.ts): a warning for each run of thunderstorm hours, sent
 * a few minutes into the run's first hour whose gust reaches the warned storms' (below) and running while the
 * hours after it keep a thunderstorm with such a gust, two hours at most (NWS Miami's of 2025-08-21 ran 66
 * minutes, 13:54 to 15:00 EDT). Its text gives the strongest gust of those hours. The marine advisories (Small Craft Advisory, Gale
 * Warning…) keep counting the gust without the storm (synopticGustKmh): the storm's is this warning's.
 *
 * The marine zones' warnings are numbered with the land's storm-based warnings (numberedStormWarnings), each
 * office's Special Marine Warnings in a count of their own, as its MA.W events are.
 *
 * Which storms: every thunderstorm hour whose gust at the zone's gridpoint reaches the criterion's
 * {@link SPECIAL_MARINE_GUST_KMH} (34 kt). The model's thunderstorm gust is its outflow's (model.ts,
 * stormOutflowKmh); over water only the vigorous cells of its convection thunder (marine-convection.ts: open water
 * has about a tenth of the land's lightning, the Gulf's and Florida's coastal waters and the Gulf Stream most of
 * it), and their outflow reaches 34 kt. So the offices send about the number their real products do (ETNs, the
 * count so far that year, VTEC: NWS Miami's of 2025-08-21 its 296th, /O.NEW.KMFL.MA.W.0296…/; NWS Mobile's of
 * 2018-08-10 its 188th, /O.NEW.KMOB.MA.W.0188…/; NWS Key West's of 2025-04-08 its 14th, /O.NEW.KKEY.MA.W.0014…/,
 * https://marine.weather.gov/product.php?issuedby=KEY&product=SMW): the model's counts by those dates are in
 * docs/forecast-service.md ("Special Marine Warning"), with the command that measures them
 * (`npx tsx scripts/storm-warning-report.ts --marine`). Real ones are rare around the tropical islands: Honolulu's
 * make local news (Maui Now, 2024-01-08, https://mauinow.com/2024/01/08/special-marine-warning-for-maui-windward-waters/);
 * Guam's strong storms of 25-30 kt get a Marine Weather Statement
 * (https://ghs.guam.gov/strong-thunderstorm-over-guam-coastal-waters-boaters-advised-seek-harbor), a storm
 * gusting past 50 kt a Special Marine Warning
 * (https://ghs.guam.gov/severe-thunderstorm-warning-effect-heavy-winds-expected-guam-community-advised-seek-shelter).
 */

/** The Special Marine Warning's wind: gusts of 34 knots, km/h. */
export const SPECIAL_MARINE_GUST_KMH = 34 * 1.852;

/** The longest a Special Marine Warning runs, hours ("up to 2 hours"). */
export const SPECIAL_MARINE_HOURS = 2;

/** A thunderstorm hour whose gust reaches the criterion's 34 knots. */
export function isMarineStormHour(s: WeatherSample | undefined): boolean {
  return isStorm(s) && s!.windGustKmh >= SPECIAL_MARINE_GUST_KMH;
}

/**
 * The Special Marine Warnings of one marine zone sent in [fromHour, toHour), oldest first, before they are
 * numbered: for each run of thunderstorm hours, the warning of its first hour with a 34-knot gust
 * ({@link SPECIAL_MARINE_GUST_KMH}). As stormStarts does for the land's, an hour's being its run's first is read off
 * the hours before it, `earlier`'s where they precede the samples, so every window holding the hour finds the same
 * warning.
 */
export function specialMarineStarts(request: StormRequest): StormStart[] {
  const { samples, firstHour, earlier, zone } = request;
  const at = (hour: number) => (hour >= firstHour ? samples[hour - firstHour] : earlier?.(hour));
  const out: StormStart[] = [];
  for (let hour = request.fromHour; hour < request.toHour; hour++) {
    if (!isMarineStormHour(at(hour)) || !firstOfRun(at, hour, isStorm, isMarineStormHour)) continue;
    let end = hour;
    while (end < hour + SPECIAL_MARINE_HOURS && isMarineStormHour(at(end))) end++;
    const covered = Array.from({ length: end - hour }, (_, k) => at(hour + k)!);
    const peak = covered.reduce((a, h) => (h.windGustKmh > a.windGustKmh ? h : a));
    out.push(stormStart(SPECIAL_MARINE_RULE, zone, hour, end, peak, { gustKmh: peak.windGustKmh, rainMm: 0 }));
  }
  return out;
}
