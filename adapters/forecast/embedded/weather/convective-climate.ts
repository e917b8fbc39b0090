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
 *
 * Three triggers beside the day's heating, where the air's moisture alone gave the model almost no thunder
 * (Chicago ~1 thunderstorm day a year against its ~38, Denver and the Rockies none against ~40): a passing low's
 * fronts, in the storm track's latitudes for the season (the Midwest's summer, the Southeast's cool season); the
 * high terrain's afternoon heating (the Front Range and the High Plains); and the central Plains' night storms,
 * carried east into the Midwest as the mesoscale convective systems drift with the westerlies. And how organised
 * the storms are: the spring's and the fronts' strong wind shear makes long-lived severe storms of moderate
 * instability, summer's weakly sheared air short-lived pulse storms (Weisman & Klemp 1982, "The dependence of
 * numerically simulated convective storms on vertical wind shear and buoyancy", Mon. Wea. Rev. 110, 504-520).
 */

/**
 * How much of a place's thunderstorm timing is the central Plains' nocturnal maximum, 0–1 (1 at 40° N, 98° W),
 * falling off over {@link MCS_EAST_WIDTH}° of longitude to the east, 5° to the west, and cut off east of
 * {@link MCS_EAST_LIMIT_LON}: the systems that form on the High Plains in the evening drift east through the night,
 * into Iowa, Missouri and Illinois (Wallace 1975's nocturnal maximum reaches the Mississippi), not across the
 * Appalachians. Chicago 0.61, Omaha 0.92, Cincinnati 0.48, Atlanta 0.09; Pittsburgh 0.09, Washington 0.01, New
 * York and Boston under 0.01 (0.37, 0.25, 0.17, 0.09 without the cut-off; at 9° without it Chicago 0.24, Omaha 0.89).
 */
export function nocturnalStormWeight(lat: number, lon: number): number {
  const reach = Math.exp(-(((lon + 98) / (lon > -98 ? MCS_EAST_WIDTH : 5)) ** 2) - ((lat - 40) / 5) ** 2);
  return reach / (1 + Math.exp((lon - MCS_EAST_LIMIT_LON) / MCS_EAST_LIMIT_WIDTH));
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
 * afternoon's storms stay common); over open water (`waterNight`, {@link waterNightShare}) partly an early-morning
 * maximum instead of the afternoon's.
 */
export function convectiveTiming(solar: number, peak: number, nocturnal: number, forcing = 0, waterNight = 0): number {
  const heated = Math.exp(-((hoursApart(solar, peak + 2) / 3) ** 2));
  // Over open water (`waterNight`, waterNightShare) part of the afternoon's weight moves to the early morning, the
  // same width about {@link WATER_PEAK_SOLAR}, divided by the square root of the larger weight (TUNED): the blend
  // alone (its day's sum the land's, its top 0.65) lost a third of the waters' storms to the storm threshold (Key
  // West's storm hours at a zone 188 -> 132 a year, scripts/storm-hours-report.ts --marine), taken back to 1 at
  // its top it gave Key West 21 Special Marine Warnings by 8 April (the real ETN 14, the test's limit 21). So: 15.
  const afternoon =
    waterNight > 0
      ? ((1 - waterNight) * heated + waterNight * Math.exp(-((hoursApart(solar, WATER_PEAK_SOLAR) / 3) ** 2))) /
        Math.sqrt(Math.max(waterNight, 1 - waterNight))
      : heated;
  const timed = nocturnal > 0 ? Math.max(afternoon, nocturnal * night(solar)) : afternoon;
  return forcing > 0 ? Math.max(timed, Math.min(1, FORCED_TIMING * forcing)) : timed;
}

/**
 * How much of a place's thunderstorm timing over the sea is the open water's early-morning maximum, 0 to
 * {@link WATER_NIGHT_MAX}, by its distance offshore, km (sea-water.ts's seaOffshoreKm): none within
 * {@link WATER_NIGHT_FROM_KM} of the coast, rising in a straight line to the most at {@link WATER_NIGHT_FULL_KM}
 * and beyond. Over the warm waters off the Southeast, storms are most frequent at night and in the early morning
 * (~03-07 local), over the land in the mid-to-late afternoon: the TRMM radar's oceanic rain and convective
 * features peak in the early morning, the land's in the afternoon (Nesbitt & Zipser 2003, "The diurnal cycle of
 * rainfall and convective intensity according to three years of TRMM measurements", J. Climate 16, 1456-1475,
 * https://doi.org/10.1175/1520-0442-16.10.1456; Liu & Zipser 2008, "Diurnal cycles of precipitation, clouds, and
 * lightning in the tropics from 9 years of TRMM observations", Geophys. Res. Lett. 35, L04819,
 * https://doi.org/10.1029/2007GL032437); Florida's coastal waters' lightning comes at night and in the morning,
 * "mostly offshore", as the land breeze meets the Gulf Stream's warm water (Lericos et al. 2002, Wea. Forecasting
 * 17, 83-98). The coastal strip keeps the land's afternoon: the sea breeze's storms drift off the shore in the
 * evening. Oceanic convection's diurnal cycle is weak beside the land's (Nesbitt & Zipser's oceanic amplitude is
 * a fraction of the land's), so the afternoon keeps a third of the weight far out.
 */
export function waterNightShare(offshoreKm: number): number {
  if (!(offshoreKm > WATER_NIGHT_FROM_KM)) return 0;
  return (
    WATER_NIGHT_MAX * Math.min(1, (offshoreKm - WATER_NIGHT_FROM_KM) / (WATER_NIGHT_FULL_KM - WATER_NIGHT_FROM_KM))
  );
}
const WATER_NIGHT_FROM_KM = 10;
const WATER_NIGHT_FULL_KM = 35;
const WATER_NIGHT_MAX = 0.65;
/** The open water's thunderstorm maximum, local solar hour: ~03-07 local off the Southeast (Lericos et al. 2002). */
const WATER_PEAK_SOLAR = 5;

/**
 * Over a Great Lake in the warm season, the share of the hour's convective timing the lake leaves, 0 to 1: by
 * day the lake is colder than the air that crosses it and stabilises it, and storms rarely grow over it ("it's
 * very rare to get updrafts" over Lake Superior in summer, NWS Marquette's warning coordination meteorologist
 * in Lake Superior Magazine, https://www.lakesuperior.com/lifestyle/artphotography/403lightning-and-the-lake-a-striking-look-at-our-summer-storms/;
 * "over the lakes and their downwind shore areas, the lake-caused average changes in cloud and precipitation
 * amounts represent 5-15% reductions in summer", a review of the lakes' influences on the weather, abstract at
 * https://paperexplained.cn/articles/paper/detail/bb603395878c9427fe3fd55a8a582c78fd423ee8; Lake Michigan cuts
 * the summer's thunderstorm days near its shore by up to a quarter, S. Changnon's analysis as given in the Chicago
 * Tribune, 2004-07-05, http://www.chicagotribune.com/news/ct-xpm-2004-07-05-0407050157-story.html),
 * while at night the land cools below the lake, the breeze turns offshore and storms grow over the water (NASA
 * GSFC, "the hour of the day when lightning is most probable", https://climate.gsfc.nasa.gov/viewImage.php?id=235;
 * large lakes' lightning peaks at night or in the morning, Mon. Wea. Rev. 145(11), 2017,
 * https://doi.org/10.1175/MWR-D-17-0010.1). So by day (about the day's warmest, ±4 h) a lake place keeps
 * 1 − {@link LAKE_DAY_DAMPING} × its open lake's share (`lakeWeight`) × the season's warmth (`warmth`, climate.ts's
 * season, 1 at the height of summer; none from the equinox to spring's, when the lake is the warmer), a passing
 * low's storms too, which otherwise come at any hour (frontalForcing): the lake's nocturnal maximum.
 */
export function lakeStableDay(lakeWeight: number, warmth: number, solar: number, peak: number): number {
  if (!(lakeWeight > 0) || !(warmth > 0)) return 1;
  return 1 - LAKE_DAY_DAMPING * lakeWeight * warmth * Math.exp(-((hoursApart(solar, peak) / 4) ** 2));
}
/** TUNED: the day's share a lake holds back at the height of summer (see lakeStableDay). */
const LAKE_DAY_DAMPING = 0.6;

/**
 * A front's storms come at any hour: the timing's floor under a low's forcing (`forcing`, 0–1, frontalForcing)
 * is this much of it, up to 1.
 */
const FORCED_TIMING = 1.5;

/**
 * How strongly a passing low's fronts lift the hour's air, 0–1: the model's lowness (its synoptic pressure noise,
 * 1 at a deep low) over {@link FRONT_LOWNESS}, where the storm track runs in the season (`warmth`, climate.ts's
 * season: 1 at the height of summer, −1 in midwinter): near 48° N in summer and 32° N in winter, 40° N at the
 * equinoxes, falling off over 8° (equatorward in winter 5°) (the polar jet and its lows follow the sun north and south, NOAA JetStream,
 * "The jet stream", https://www.weather.gov/jetstream/jet; July's cyclones explain 25-50% of the year-to-year
 * variation of July's thunder over most of the central and eastern US: Changnon 1988, "Climatography of thunder
 * events in the conterminous United States", J. Climate 1, 389-398,
 * https://doi.org/10.1175/1520-0442(1988)001<0389:COTEIT>2.0.CO;2). Less on the Pacific coast (`maritime`, 0–1),
 * whose cool marine air a front lifts without storms: Seattle ~7 and San Diego ~3 thunderstorm days a year.
 */
export function frontalForcing(lowness: number, lat: number, warmth: number, maritime: number): number {
  if (lowness <= FRONT_LOWNESS) return 0;
  const track = STORM_TRACK_LAT + STORM_TRACK_SWING * warmth;
  const depth = Math.min(1, (lowness - FRONT_LOWNESS) / (1 - FRONT_LOWNESS));
  const apart = Math.abs(lat) - track;
  const width = apart < 0 ? 8 - ((8 - WINTER_EQUATORWARD) * (1 - warmth)) / 2 : 8;
  return depth * Math.exp(-((apart / width) ** 2)) * (1 - 0.5 * maritime);
}
const STORM_TRACK_LAT = 40;
const STORM_TRACK_SWING = 8;
/**
 * How far equatorward of the track its fronts still lift storms in midwinter, ° (8 in summer and poleward): a
 * winter front reaching the Florida Keys has little left (Key West's Special Marine Warnings: at 8°, 44 by 8 April
 * against the NWS's 14).
 */
const WINTER_EQUATORWARD = 5;
/** The lowness from which a low's fronts lift the air (about the deepest third of the hours). */
const FRONT_LOWNESS = 0.2;

/**
 * How many °C less dewpoint a storm needs under a low's full forcing (frontalForcing 1). At 6 Chicago had ~10
 * thunderstorm days a year; at 9, with the Plains' night storms carried east, 14 (its ~38).
 */
export const FRONT_LIFT_C = 9;

/**
 * How many °C less dewpoint a storm needs over high terrain by day (`elevationM`, at local solar hour `solar`,
 * most at 15): the mountains and the High Plains heat the air a kilometre or two above the lowlands' and draw it
 * up their slopes, setting off storms in the early afternoon with modest moisture, fed aloft by the summer's
 * monsoon moisture that a surface dewpoint does not show (Toth & Johnson 1985, "Summer surface flow
 * characteristics over northeast Colorado", Mon. Wea. Rev. 113, 1458-1469; Banta & Schaaf 1987, "Thunderstorm
 * genesis zones in the Colorado Rocky Mountains as determined by traceback of geosynchronous satellite images",
 * Mon. Wea. Rev. 115, 463-476). {@link TERRAIN_LIFT_C_PER_KM} a km over 500 m, to 2.5 km: Denver (1,650 m)
 * 13.8 °C, whose July dewpoint in the model is ~3 °C (the NWS's ~8-10 °C; the model's West is dry at the
 * ground); the Plains below 500 m none.
 */
export function terrainLiftC(elevationM: number, solar: number): number {
  if (elevationM <= 500) return 0;
  const km = Math.min(elevationM - 500, 2000) / 1000;
  return TERRAIN_LIFT_C_PER_KM * km * Math.exp(-((hoursApart(solar, 15) / 4) ** 2));
}
/**
 * At 10, Denver had 6 thunderstorm days a year; at 12, ~24 (its ~40), Cheyenne ~41, Albuquerque ~50. Since the
 * storms' strength reads half of this lift (model.ts's TERRAIN_BUOYANCY) and the Plains' jet reaches Denver less
 * (JET_LIFT_C), 12.5: Denver 30 (12: 20; 13: 41), Cheyenne 46, Colorado Springs 57, Albuquerque 61, Flagstaff 25,
 * El Paso 33, Salt Lake City 9 (2026).
 */
const TERRAIN_LIFT_C_PER_KM = 12.5;

/**
 * How many °C less dewpoint than the model's 12 °C (model.ts's instability) a thunderstorm needs at a place
 * with `spring` and `nocturnal` (its weights) on day `seasonDay` (1–366) and local solar hour `solar`:
 * - in the South's spring, up to {@link SPRING_LIFT_C} °C at the season's peak, mid-April (day
 *   {@link SPRING_PEAK_DAY}, ±{@link SPRING_WIDTH_DAYS}: March to May, Dixie Alley's season before the southern
 *   Plains' May): the season's strong lows and wind shear make storms of little moisture and buoyancy (was 8 °C
 *   at day 125 ±40, which gave the South no March and hardly an April storm);
 * - on the central Plains' warm-season nights (May to September, day ~190, ±60), up to {@link JET_LIFT_C}: the storms are
 *   elevated, fed by the low-level jet's Gulf moisture above the cooling ground rather than by the surface
 *   dewpoint the model's hours carry (Wallace 1975 above; Reif & Bluestein 2017, "A 20-year climatology of
 *   nocturnal convection initiation over the central and southern Great Plains during the warm season", Mon.
 *   Wea. Rev. 145, 1615-1639, https://doi.org/10.1175/MWR-D-16-0340.1).
 */
export function convectiveLiftC(spring: number, nocturnal: number, seasonDay: number, solar: number): number {
  const springLift = spring > 0 ? SPRING_LIFT_C * spring * season(seasonDay, SPRING_PEAK_DAY, SPRING_WIDTH_DAYS) : 0;
  const jetLift =
    nocturnal > 0
      ? JET_LIFT_C * nocturnal * season(seasonDay, JET_PEAK_DAY, 60) * (JET_DAY + (1 - JET_DAY) * night(solar))
      : 0;
  return springLift + jetLift;
}

/**
 * The Plains' summer night lift at its peak, °C. With the storms on the reported (moist) dewpoint it and
 * {@link JET_DAY} set the central Plains' night maximum: at 7, Kansas and Nebraska (49 places, 2026) ~33
 * thunderstorm days a place a year with 74% of the summer's thunderstorm hours at 03-13 UTC; Omaha 42 days (its
 * ~45), Wichita 74 (~55) (`scripts/thunder-days-report.ts`). At 8 and 0.3, 35 days but 82% at night. With the
 * fronts' storms beside them (frontalForcing), 5: 45 days a place, 50% at 03-13 UTC, Omaha 60, Wichita 76. With
 * the severe season's lift (severeSeasonLiftC) and the season's peak in June ({@link JET_PEAK_DAY}), 3.
 */
const JET_LIFT_C = 3;
/**
 * The peak day of the Plains' night storms' season: mid-June (was 9 July, day 190). The central Plains' rain, most
 * of it the warm season's convective systems', peaks in May-June, not July: the 1981-2010 normals (the model's
 * adapters/forecast/embedded/data/normals.json, NOAA's) give Wichita 4.91 / 5.42 / 3.52 in May / June / July,
 * Topeka 4.91 / 5.40 / 3.82, Oklahoma City 4.65 / 4.93 / 2.93, Omaha 4.76 / 4.18 / 3.83. With the jet's lift at 3
 * (was 5) and its day share at 0.3 (was 0.45), beside the severe season's lift (severeSeasonLiftC): Wichita 79 -> 66
 * thunderstorm days a year (its ~55), Omaha 63 -> 58 (~45), Kansas-Nebraska 47 -> 40 a place, 38% of their summer
 * storm hours at 03-13 UTC (`scripts/thunder-days-report.ts`).
 */
const JET_PEAK_DAY = 165;

/**
 * The share of the Plains' summer lift the afternoon keeps: the Gulf moisture the low-level jet brings overnight
 * is still there the next afternoon, when the heat sets storms off from the ground. At 0 (only the night's) the
 * Plains' afternoons had nearly no storms, 91% of the summer's thunderstorm hours at 03-13 UTC; the NWS's
 * nocturnal maximum is a maximum, the afternoon's storms stay common (Wallace 1975).
 */
const JET_DAY = 0.3;

/** The season's weight on day `day`, 1 at `peak` and falling off over `width` days (heavy-rain.ts's too). */
export function season(day: number, peak: number, width: number): number {
  const apart = ((((day - peak) % 365.25) + 547.875) % 365.25) - 182.625;
  return Math.exp(-((apart / width) ** 2));
}

/** The central Plains' night maximum's weight at local solar hour `solar`, 1 near 02. */
const night = (solar: number): number => Math.exp(-((hoursApart(solar, 2) / 3.5) ** 2));

/**
 * The South's spring season: its peak day of the year, its width in days and its lift at the peak, °C (10 until
 * the spring warm sector, warmSectorDewpointC, brought the storms moister air: 6 keeps the season's storms to the
 * lows' warm sectors rather than every mild spring afternoon).
 */
const SPRING_PEAK_DAY = 105;
const SPRING_WIDTH_DAYS = 50;
const SPRING_LIFT_C = 6;
/**
 * How far east of 98° W the Plains' night storms reach, ° of longitude (nocturnalStormWeight): 18 (was 9). The
 * warm season's convective systems form over the High Plains in the evening and travel east through the night,
 * their rain's episodes running 1,000-2,000 km, to the Mississippi and the Ohio Valley (Carbone, Tuttle, Ahijevych
 * & Trier 2002, "Inferences of predictability associated with warm season precipitation episodes", J. Atmos.
 * Sci. 59, 2033-2056, https://doi.org/10.1175/1520-0469(2002)059<2033:IOPAWW>2.0.CO;2; Fritsch, Kane & Chelius
 * 1986, "The contribution of mesoscale convective weather systems to the warm-season precipitation in the United
 * States", J. Climate Appl. Meteor. 25, 1333-1345). Chicago's weight 0.24 -> 0.62.
 */
const MCS_EAST_WIDTH = 18;
/**
 * Where the Plains' night storms stop, ° E, and over how many ° they fade: half at 82° W, the Ohio Valley's east
 * and the Appalachians' west foot. Carbone et al. 2002 and Fritsch et al. 1986 (above) take the night systems'
 * episodes to the Mississippi and Ohio Valleys; east of the mountains the summer's storms peak in the afternoon
 * (Wallace 1975, "Diurnal variations in precipitation and thunderstorm frequency over the conterminous United
 * States", Mon. Wea. Rev. 103, 406-419). Without it the Gaussian alone gave Pittsburgh 0.37, Washington 0.25,
 * New York 0.17, Atlanta 0.12 and Boston 0.09 of the night timing and the night jet's lift.
 */
const MCS_EAST_LIMIT_LON = -82;
const MCS_EAST_LIMIT_WIDTH = 1.5;

/**
 * How sheared the hour's storms are, 0–1: the South's spring season's (`spring`, its weight, on day `seasonDay`)
 * and a low's (`forcing`, frontalForcing), the latter less as the season warms (`warmth`, climate.ts's season,
 * 1 at the height of summer: the jet and its shear are weakest then, and summer's storms are mostly pulse storms).
 */
export function stormShear(forcing: number, spring: number, seasonDay: number, warmth: number): number {
  const springShear = spring > 0 ? spring * season(seasonDay, SPRING_PEAK_DAY, SPRING_WIDTH_DAYS) : 0;
  return Math.max(Math.min(1, 2 * forcing) * (0.5 - 0.5 * warmth), springShear);
}

/**
 * The factor on a storm's strength (model.ts's stormOutflowKmh) for its shear (stormShear): a sheared storm's
 * updraft and downdraft are apart, and it lives long and grows strong; an unsheared one rains into its own updraft
 * and collapses (Weisman & Klemp 1982). From {@link AIRMASS_ORGANISATION} to {@link SHEARED_ORGANISATION}: the
 * severe thunderstorm warnings ~26,200 -> ~20,000 a year, March-April 18 -> ~790, and with the tornadic gust at
 * 76 mph (storm-warnings.ts) the tornado warnings ~1,870 -> ~1,850, May their busiest month after August
 * (`scripts/storm-warning-report.ts --every 3 --days 6`). At 1 and 1 (no shear): ~31,700 and ~1,700.
 * With the spring warm sector and the severe season's shear (below), the air-mass storms' 0.85 over land gave
 * ~26,700 and ~3,750; at 0.7 ~11,900 and ~740 (the summer's tornadoes all but gone), at 0.78 (and the severe
 * season's shear at 0.8) ~17,100 and ~1,630. Over water (`overWater`) the air-mass storms keep 0.85, the Special
 * Marine Warnings' fit (marine-storm-warnings.ts).
 */
export function stormOrganisation(shear: number, overWater = false): number {
  const airmass = overWater ? WATER_AIRMASS_ORGANISATION : AIRMASS_ORGANISATION;
  return airmass + (SHEARED_ORGANISATION - airmass) * shear;
}
const AIRMASS_ORGANISATION = 0.78;
const WATER_AIRMASS_ORGANISATION = 0.85;
const SHEARED_ORGANISATION = 1.6;

/**
 * How much of the spring warm sector a place gets, 0–1: east of the Rockies (half at 101° W), most from 30° to
 * 36° N, where the Gulf's return flow reaches under a spring low (Crisp & Lewis 1992, "Return flow in the Gulf of
 * Mexico. Part I: A classificatory approach with a global historical perspective", J. Appl. Meteor. 31, 868-881,
 * https://doi.org/10.1175/1520-0450(1992)031<0868:RFITGO>2.0.CO;2: after a cold front has swept the Gulf, its
 * air returns north moist ahead of the next low), falling off over 8° to the north and over 3° south of 30° N,
 * whose air the analytic moisture already makes the Gulf's (climate.ts).
 */
export function warmSectorWeight(lat: number, lon: number): number {
  const apart = lat < 30 ? (lat - 30) / 3 : lat > 36 ? (lat - 36) / 8 : 0;
  return eastOfRockies(lon) * Math.exp(-(apart ** 2));
}

/** How far east of the Rockies' front a longitude is, 0–1: half at 101° W, ramping over ~3°. */
const eastOfRockies = (lon: number): number => 1 / (1 + Math.exp(-(lon + 101) / 1.5));

/**
 * How many °C a passing low's warm sector raises the hour's dewpoint at a place with `weight`
 * ({@link warmSectorWeight}), at the model's lowness `lowness` (1 at a deep low) on day `seasonDay`: up to
 * {@link WARM_SECTOR_C} from March to early June (peak ~20 April, ±{@link WARM_SECTOR_WIDTH_DAYS} days), the
 * season's strong lows drawing the Gulf's air north ahead of their cold fronts (Crisp & Lewis 1992). Without it
 * the model's South had a spring dewpoint of ~4-8 °C and 4% of its March-April storm hours at the tornadic 16 °C
 * (storm-warnings.ts), 23% with it (32-34° N, 97-86° W, 2026); severe thunderstorm warnings March-April ~790 ->
 * ~2,280 a year, tornado warnings April-May ~430 -> ~1,020 (`storm-warning-report.ts --every 3 --days 6`).
 */
export function warmSectorDewpointC(weight: number, lowness: number, seasonDay: number): number {
  if (weight <= 0 || lowness <= FRONT_LOWNESS) return 0;
  const depth = Math.min(1, (lowness - FRONT_LOWNESS) / (1 - FRONT_LOWNESS));
  return WARM_SECTOR_C * weight * depth * season(seasonDay, WARM_SECTOR_PEAK_DAY, WARM_SECTOR_WIDTH_DAYS);
}
const WARM_SECTOR_C = 10;
const WARM_SECTOR_PEAK_DAY = 110;
const WARM_SECTOR_WIDTH_DAYS = 35;

/**
 * A place's severe season (severeSeasonShear), fixed by where it is: how far east of the Rockies it lies, 0–1,
 * and the day of the year its season peaks. The polar jet's strong flow over the moist air east of the Rockies
 * has a season whose peak moves north with the jet, from late April at 32° N to late June at 45° N (the peak day
 * of the local daily tornado probability: Brooks, Doswell & Kay 2003, "Climatological estimates of local daily
 * tornado probability for the United States", Wea. Forecasting 18, 626-640,
 * https://doi.org/10.1175/1520-0434(2003)018<0626:CEOLDT>2.0.CO;2).
 */
export interface SevereSeason {
  readonly east: number;
  readonly peakDay: number;
}

export function severeSeasonOf(lat: number, lon: number): SevereSeason {
  const t = Math.min(1, Math.max(0, (lat - 32) / 13));
  return {
    east: eastOfRockies(lon),
    peakDay: SEVERE_SEASON_SOUTH_DAY + (SEVERE_SEASON_NORTH_DAY - SEVERE_SEASON_SOUTH_DAY) * t,
  };
}

/**
 * The severe season's shear, 0–1, at a place with `place`'s season ({@link severeSeasonOf}) on day `seasonDay`
 * at local solar hour `solar`: ±{@link SEVERE_SEASON_WIDTH_DAYS} days about its peak, on the afternoon and
 * evening storms (peak ~18 local, ±4 h), the supercells' hours; up to {@link SEVERE_SEASON_SHEAR}.
 */
export function severeSeasonShear(place: SevereSeason, seasonDay: number, solar: number): number {
  const hours = Math.exp(-((hoursApart(solar, 18) / 4) ** 2));
  return SEVERE_SEASON_SHEAR * place.east * season(seasonDay, place.peakDay, SEVERE_SEASON_WIDTH_DAYS) * hours;
}
/**
 * How many °C less dewpoint a storm needs in the place's severe season (severeSeasonShear's, by its shear), up to
 * {@link SEVERE_SEASON_LIFT_C} at its peak: the season's lows and jet lift the air and cool it aloft, steepening
 * its lapse rates, so that storms come of a dewpoint short of high summer's. North of the South's spring season
 * (its own lift, convectiveLiftC's springLift), from none where the season peaks in mid-May
 * ({@link SEVERE_LIFT_FROM_DAY}, ~35° N) to all of it where it peaks in late June (45° N): the Midwest's and the northern Plains' June, whose storms the model had too
 * few of (its severe thunderstorm warnings by month dipped in June: May 3,315, June 2,651, July 4,823,
 * `storm-warning-report.ts --every 3 --days 2`) where the NWS's severe wind reports peak in June-July ("June and
 * July have both averaged close to 3,000 severe wind reports annually" 2000-2018, Chris Dolce, weather.com,
 * 2019-06-11, from the SPC's data; 2008: May 1,854, June 4,727, July 3,408, SPC's annual summary) and NWS Des
 * Moines's warnings peak in June, May second (IEM Daily Feature, "Severe TStorm Warning Season", 2020-05-06,
 * https://mesonet.agron.iastate.edu/onsite/features/cat.php?day=2020-05-06). At 8 (from day 130), with the tornadic
 * gust at 78 mph (storm-warnings.ts): May 5,170, June 5,906, July 3,572, ~20,000 a year, and ~1,830 tornado
 * warnings (`--every 3 --days 6`; was May 3,716, June 2,441, July 4,452, ~17,100 and ~1,630); at 6 from day 115
 * the Ohio Valley's May outdid June; lifting from day 130 at 8 and the South's spring lift (SPRING_LIFT_C) at 4,
 * April-May's tornadoes fell under June-August's. Chicago 15 -> 30 thunderstorm days with the night storms' reach.
 */
export function severeSeasonLiftC(place: SevereSeason, seasonDay: number, solar: number): number {
  const north = Math.min(
    1,
    Math.max(0, (place.peakDay - SEVERE_LIFT_FROM_DAY) / (SEVERE_SEASON_NORTH_DAY - SEVERE_LIFT_FROM_DAY)),
  );
  return ((north * SEVERE_SEASON_LIFT_C) / SEVERE_SEASON_SHEAR) * severeSeasonShear(place, seasonDay, solar);
}
const SEVERE_SEASON_LIFT_C = 8;
/** The severe season's peak day from which its lift begins (~35° N; all of it where the peak is late June). */
const SEVERE_LIFT_FROM_DAY = 130;
/** Late April (day 115) at 32° N, late June (day 175) at 45° N. */
const SEVERE_SEASON_SOUTH_DAY = 115;
const SEVERE_SEASON_NORTH_DAY = 175;
/**
 * The season's width, days, and its shear at the peak: at 0.6 (air-mass storms 0.8) ~18,300 severe thunderstorm
 * and ~1,560 tornado warnings a year, April-May's tornadoes ~860 against June-August's ~650; at 0.8 (0.78) ~17,100
 * and ~1,630, ~1,020 against ~560; at 1 (0.75) ~15,400 and ~1,670, ~1,290 against ~360.
 */
const SEVERE_SEASON_WIDTH_DAYS = 30;
const SEVERE_SEASON_SHEAR = 0.8;
