/**
 * Where and when a place's thunderstorms come, beside its air's moisture (model.ts's hourCore): the two
 * regional departures from the afternoon storm of the warm season that the model otherwise gives everywhere.
 *
 * Night storms on the central Plains. "A pronounced nocturnal maximum of thunderstorm frequency and
 * precipitation over the central Plains", from Nebraska and Iowa to Oklahoma, against the late-afternoon
 * maximum over most of the country (Wallace 1975, "Diurnal variations in precipitation and thunderstorm
 * frequency over the conterminous United States", Mon. Wea. Rev. 103, 406-419,
 * https://doi.org/10.1175/1520-0493(1975)103<0406:DVIPAT>2.0.CO;2; Easterling & Robinson 1985, "The diurnal
 * variation of thunderstorm activity in the United States", J. Climate Appl. Meteor. 24, 1048-1058,
 * https://doi.org/10.1175/1520-0450(1985)024<1048:TDVOTA>2.0.CO;2): the storms that form on the High Plains in
 * the afternoon grow into mesoscale convective systems that the low-level jet feeds through the night, to a
 * maximum near 03-12 UTC (21-06 local) around 40° N, 98° W.
 *
 * The spring severe season in the South. Tornadoes and severe storms peak in April-June on the southern Plains
 * and in the Southeast ("Dixie Alley", whose season starts in March and runs through the cool season), before
 * the moisture of high summer reaches the north (Brooks, Doswell & Kay 2003, "Climatological estimates of local
 * daily tornado probability for the United States", Wea. Forecasting 18, 626-640,
 * https://doi.org/10.1175/1520-0434(2003)018<0626:CEOLDT>2.0.CO;2; SPC severe weather climatology,
 * https://www.spc.noaa.gov/wcm/). Those storms are the strong spring lows': wind shear and lift make up for
 * moisture short of summer's, so in this region and season a storm needs a lower dewpoint.
 */

/** How much of a place's thunderstorm timing is the central Plains' nocturnal maximum, 0–1 (1 at 40° N, 98° W). */
export function nocturnalStormWeight(lat: number, lon: number): number {
  return Math.exp(-(((lon + 98) / 5) ** 2) - ((lat - 40) / 5) ** 2);
}

/** How much a place has the southern spring severe season, 0–1 (1 at 34° N, 94° W: Oklahoma to Georgia). */
export function springStormWeight(lat: number, lon: number): number {
  return Math.exp(-(((lon + 94) / 10) ** 2) - ((lat - 34) / 5) ** 2);
}

/** The hours from `b` to `a` on the 24-hour clock, −12 to 12. */
const hoursApart = (a: number, b: number): number => ((((a - b) % 24) + 36) % 24) - 12;

/**
 * How favoured the hour is for a thunderstorm, 0–1, at local solar hour `solar` with the day's warmest at
 * `peak`: a couple of hours after the warmest everywhere; on the central Plains (`nocturnal`, its weight) also a
 * night maximum near 02 local solar (~08 UTC there), beside the afternoon's, not instead of it: the storms that
 * form there in the late afternoon go on into the night (Wallace 1975's nocturnal maximum is a maximum, and the
 * afternoon's storms stay common).
 */
export function convectiveTiming(solar: number, peak: number, nocturnal: number): number {
  const afternoon = Math.exp(-((hoursApart(solar, peak + 2) / 3) ** 2));
  if (nocturnal <= 0) return afternoon;
  return Math.max(afternoon, nocturnal * night(solar));
}

/**
 * How many °C less dewpoint than the model's 12 °C (model.ts's instability) a thunderstorm needs at a place
 * with `spring` and `nocturnal` (its weights) on day `seasonDay` (1–366) and local solar hour `solar`:
 * - in the South's spring, up to 8 °C at the season's peak, mid-April to mid-June (day ~125, ±40): the
 *   season's strong lows and wind shear make storms of little moisture and buoyancy;
 * - on the central Plains' warm-season nights (May to September, day ~190, ±60), up to {@link JET_LIFT_C}: the storms are
 *   elevated, fed by the low-level jet's Gulf moisture above the cooling ground rather than by the surface
 *   dewpoint the model's hours carry (Wallace 1975 above; Reif & Bluestein 2017, "A 20-year climatology of
 *   nocturnal convection initiation over the central and southern Great Plains during the warm season", Mon.
 *   Wea. Rev. 145, 1615-1639, https://doi.org/10.1175/MWR-D-16-0340.1).
 */
export function convectiveLiftC(spring: number, nocturnal: number, seasonDay: number, solar: number): number {
  const springLift = spring > 0 ? 8 * spring * season(seasonDay, 125, 40) : 0;
  const jetLift =
    nocturnal > 0 ? JET_LIFT_C * nocturnal * season(seasonDay, 190, 60) * (JET_DAY + (1 - JET_DAY) * night(solar)) : 0;
  return springLift + jetLift;
}

/**
 * The Plains' summer night lift at its peak, °C. With the storms on the reported (moist) dewpoint it and
 * {@link JET_DAY} set the central Plains' night maximum: Kansas and Nebraska (49 places, 2026) ~33 thunderstorm
 * days a place a year with 74% of the summer's thunderstorm hours at 03-13 UTC; Omaha 42 days (its ~45), Wichita
 * 74 (~55) (`scripts/thunder-days-report.ts`). At 8 and 0.3, 35 days but 82% at night.
 */
const JET_LIFT_C = 7;

/**
 * The share of the Plains' summer lift the afternoon keeps: the Gulf moisture the low-level jet brings overnight
 * is still there the next afternoon, when the heat sets storms off from the ground. At 0 (only the night's) the
 * Plains' afternoons had nearly no storms, 91% of the summer's thunderstorm hours at 03-13 UTC; the NWS's
 * nocturnal maximum is a maximum, the afternoon's storms stay common (Wallace 1975).
 */
const JET_DAY = 0.45;

/** The season's weight on day `day`, 1 at `peak` and falling off over `width` days (heavy-rain.ts's too). */
export function season(day: number, peak: number, width: number): number {
  const apart = ((((day - peak) % 365.25) + 547.875) % 365.25) - 182.625;
  return Math.exp(-((apart / width) ** 2));
}

/** The central Plains' night maximum's weight at local solar hour `solar`, 1 near 02. */
const night = (solar: number): number => Math.exp(-((hoursApart(solar, 2) / 3.5) ** 2));
