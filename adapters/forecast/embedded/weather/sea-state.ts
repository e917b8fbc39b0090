import { ARCTIC_ICE_SEASON, inIceSeason, type IceSeason } from './arctic-sea-ice-season.ts';
import { GREAT_LAKES_OPEN_WATERS, isGreatLakesZone } from './great-lakes-small-craft-season.ts';
import { marineWindKmh } from './marine-wind.ts';
import { NoiseField } from './noise.ts';
import { openSeaWeight } from './sea-water.ts';
import type { Place, WeatherSample } from './model.ts';

/**
 * The sea state of a marine place and hour (issue 38: a Small Craft Advisory for seas must rest on the model's
 * own seas, and a marine gridpoint carries wave layers). Two trains, combined as the NWS combines them into
 * "seas" (the significant height of the whole spectrum): Hs = sqrt(Hwind² + Hswell²).
 *
 * - Wind waves grow from the model's own wind over the water body's fetch, limited by the wind's duration, by
 *   the JONSWAP growth laws of the Coastal Engineering Manual (USACE EM 1110-2-1100, Part II, Chapter 2,
 *   eqs. II-2-33 to II-2-38), deep water.
 * - Swell is a climatology by basin and season (below), varied day to day by the model's smooth noise.
 *
 * Pure: the same place, hour and sample always give the same sea.
 */

const G = 9.81;

/** The waters a place's seas come from: its basin's swell, and the fetch of its own water body. */
export interface SeaSetting {
  readonly basin: SeaBasin;
  /** Fetch when the wind blows off the open water, km. */
  readonly openFetchKm: number;
  /** Fetch when it blows off the shore: the width of the coastal waters, km. */
  readonly shoreFetchKm: number;
  /** Where the open water lies, degrees clockwise from north; null where it lies all round (islands, lakes). */
  readonly seawardDeg: number | null;
  /** The share of the basin's swell that reaches the place (bays and sounds are sheltered from it). */
  readonly swellExposure: number;
  /** The zone's Arctic ice season (arctic-sea-ice-season.ts): no sea while the pack covers it. */
  readonly ice?: IceSeason;
}

/** Whether the pack ice covers the place at the hour, so that it has no sea for the wind to raise. */
export const iceCovered = (setting: SeaSetting, epochHour: number): boolean =>
  setting.ice !== undefined && inIceSeason(setting.ice, epochHour);

export type SeaBasin =
  | 'greatLakes'
  | 'northAtlantic'
  | 'southAtlantic'
  | 'gulf'
  | 'caribbean'
  | 'pacificCoast'
  | 'alaska'
  | 'hawaii'
  | 'westPacific';

export interface SeaState {
  /** Combined significant wave height ("seas"), m. */
  readonly waveHeightM: number;
  /** The period of the higher train, s. */
  readonly wavePeriodS: number;
  /** Where the higher train comes from, degrees. */
  readonly waveDirectionDeg: number;
  readonly windWaveHeightM: number;
  readonly windWavePeriodS: number;
  readonly swellHeightM: number;
  readonly swellPeriodS: number;
  readonly swellDirectionDeg: number;
}

/**
 * Each basin's swell in mid-winter and mid-summer: significant height (m), peak period (s) and where it comes
 * from (degrees), a rough mean of the buoys' swell partitions (NDBC climatic summaries). Hawaii: the north
 * Pacific's winter NW swell on the north shores (Waimea 51201: winter Hs ~2 m at 12-14 s), summer south swell
 * from the Southern Ocean, smaller; Puerto Rico and the Virgin Islands: the north Atlantic's winter north
 * swell (San Juan 41053, Rincon 41115), the trades' east swell in summer; the Pacific coast: winter NW swell
 * ~2.5 m at 13 s (46050, 46026), a shorter NW swell in summer; the Gulf of Alaska: winter SW swell ~2.5 m
 * (46001); the Gulf of Mexico: little swell (42040, 42019: most of its seas are wind sea); the Atlantic coast:
 * an easterly swell, larger in winter; Guam: the trades' NE swell, larger in winter. The Great Lakes have none
 * to speak of: all their waves are wind waves.
 */
const SWELL: Readonly<
  Record<
    SeaBasin,
    { readonly winter: readonly [number, number, number]; readonly summer: readonly [number, number, number] }
  >
> = {
  greatLakes: { winter: [0.1, 4, 0], summer: [0.1, 4, 0] },
  northAtlantic: { winter: [1.1, 9, 110], summer: [0.8, 8, 140] },
  southAtlantic: { winter: [0.9, 8, 80], summer: [0.7, 7, 110] },
  gulf: { winter: [0.4, 6, 150], summer: [0.3, 5, 150] },
  caribbean: { winter: [1.3, 11, 0], summer: [0.9, 8, 80] },
  pacificCoast: { winter: [2.2, 13, 290], summer: [1.4, 10, 300] },
  alaska: { winter: [2.2, 11, 230], summer: [1.1, 9, 220] },
  hawaii: { winter: [2.1, 13, 320], summer: [0.9, 14, 190] },
  westPacific: { winter: [1.7, 9, 60], summer: [1.0, 8, 80] },
};

/** A basin's swell varies over days (a swell event lasts two to four) and over an ocean's width. */
const SWELL_HEIGHT = new NoiseField({ seed: 0x5e11, lengthKm: 1500, periodHours: 72, driftKmh: 15 });
const SWELL_VEER = new NoiseField({ seed: 0x5e12, lengthKm: 2000, periodHours: 96 });
/** exp(0.6 n), n in [-1, 1]: swell from 0.55 to 1.8 times its season's mean, lognormal-like as buoys find it. */
const SWELL_SPREAD = 0.6;

/**
 * The wind has blown ~this long when the model asks: its synoptic pressure field changes over 60 hours
 * (model.ts), so a wind holds its strength and direction for half a day or so. The duration limit is fixed
 * rather than counted back through the hours so that an hour's seas do not depend on where a series begins:
 * a gridpoint and an alert cycle started at different hours agree.
 */
const WIND_DURATION_S = 12 * 3600;

/**
 * The model's wind over water, m/s: the marine wind the marine rules count their hours at (marine-wind.ts),
 * which stands in for the open water's wind where the model's sustained wind is a land station's; over the
 * open sea whose sustained wind is the water's own (sea-water.ts), by its open-sea share, that sustained wind,
 * the 10 m mean wind the growth laws are written for (the frequent gusts there would overstate the seas by a
 * quarter: Boston's winter Small Craft Advisories rose from 32% to 54% of zone-cycles on them).
 */
const overWaterWindMs = (s: WeatherSample, place: Place): number => {
  const open = openSeaWeight(place.lat, place.lon);
  const marine = marineWindKmh(s);
  return (marine + open * (s.windSpeedKmh - marine)) / 3.6;
};

/**
 * Fetch- and duration-limited deep-water wind waves (CEM II-2-33 to 38, JONSWAP): the friction velocity from
 * the drag coefficient C_D = 0.001 (1.1 + 0.035 U10); the fetch a wind of duration t can use,
 * X = (t U10^0.34 g^0.33 / 77.23)^(1/0.67); then gHm0/u*² = 4.13e-2 (gX/u*²)^(1/2) and
 * gTp/u* = 0.651 (gX/u*²)^(1/3), capped at full development. The CEM's own cap (gHm0/u*² = 211.5) rises
 * without bound with its drag coefficient, to 50 m seas in a hurricane's wind; the cap here is the
 * Pierson-Moskowitz fully developed sea (1964: gHs/U19.5² = 0.21, peak at 0.877 g/U19.5 rad/s, U19.5 ≈ 1.075
 * U10): Hm0 ≤ 0.243 U10²/g, Tp ≤ 7.7 U10/g.
 */
export function windWaves(
  windMs: number,
  fetchKm: number,
  durationS = WIND_DURATION_S,
): { heightM: number; periodS: number } {
  if (!(windMs > 0) || !(fetchKm > 0)) return { heightM: 0, periodS: 0 };
  const uStar = windMs * Math.sqrt(0.001 * (1.1 + 0.035 * windMs));
  const durationFetchM = ((durationS * windMs ** 0.34 * G ** 0.33) / 77.23) ** (1 / 0.67);
  const x = (G * Math.min(fetchKm * 1000, durationFetchM)) / uStar ** 2;
  const heightM = Math.min((4.13e-2 * Math.sqrt(x) * uStar ** 2) / G, (0.243 * windMs ** 2) / G);
  const periodS = Math.min((0.651 * Math.cbrt(x) * uStar) / G, (7.7 * windMs) / G);
  return { heightM, periodS };
}

/** 1 in mid-January, 0 in mid-July: the swell's season (northern hemisphere's winter storms). */
function winterness(epochHour: number): number {
  const dayOfYear = (epochHour / 24) % 365.2425;
  return (1 + Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.2425)) / 2;
}

/** The swell noise at a place and hour: n in [-1, 1]. */
function swellNoise(field: NoiseField, place: Place, epochHour: number): number {
  return field.at((place.lon + 96) * 111.2 * Math.cos((place.lat * Math.PI) / 180), place.lat * 111.2, epochHour);
}

/** One of the basin's swell means (height, period, direction) for the day of year. */
function seasonal(setting: SeaSetting, epochHour: number, k: 0 | 1 | 2): number {
  const { winter, summer } = SWELL[setting.basin];
  return summer[k] + (winter[k] - summer[k]) * winterness(epochHour);
}

/** The swell's height alone (what an alert cycle needs, at every marine zone's every hour), m. */
function swellHeightM(setting: SeaSetting, n: number, epochHour: number): number {
  return seasonal(setting, epochHour, 0) * setting.swellExposure * Math.exp(SWELL_SPREAD * n);
}

/** The basin's swell at a place and hour. */
export function swell(
  setting: SeaSetting,
  place: Place,
  epochHour: number,
): { heightM: number; periodS: number; directionDeg: number } {
  const n = swellNoise(SWELL_HEIGHT, place, epochHour);
  const veer = swellNoise(SWELL_VEER, place, epochHour);
  // A bigger swell is a longer one: the period rises with the event's height.
  return {
    heightM: swellHeightM(setting, n, epochHour),
    periodS: seasonal(setting, epochHour, 1) * (1 + 0.12 * n),
    directionDeg: (((seasonal(setting, epochHour, 2) + 20 * veer) % 360) + 360) % 360,
  };
}

/** The fetch the hour's wind blows over: the open water's when it blows from the sea, less as it turns offshore. */
export function fetchKm(setting: SeaSetting, windFromDeg: number): number {
  if (setting.seawardDeg === null) return setting.openFetchKm;
  const onshore = Math.max(0, Math.cos(((windFromDeg - setting.seawardDeg) * Math.PI) / 180));
  return setting.shoreFetchKm + (setting.openFetchKm - setting.shoreFetchKm) * onshore;
}

/**
 * The seas alone, m: {@link seaState}'s waveHeightM, bit for bit, at a fraction of its cost (one noise field,
 * no object): an alert cycle asks it at every hour of ~560 marine zones.
 */
export function seasM(setting: SeaSetting, place: Place, epochHour: number, s: WeatherSample): number {
  if (iceCovered(setting, epochHour)) return 0;
  const wind = windWaves(overWaterWindMs(s, place), fetchKm(setting, s.windDirectionDeg)).heightM;
  return Math.hypot(wind, swellHeightM(setting, swellNoise(SWELL_HEIGHT, place, epochHour), epochHour));
}

/** The sea at a marine place and hour, from the model's sample there. */
export function seaState(setting: SeaSetting, place: Place, epochHour: number, s: WeatherSample): SeaState {
  const wind = windWaves(overWaterWindMs(s, place), fetchKm(setting, s.windDirectionDeg));
  const sw = swell(setting, place, epochHour);
  const windLeads = wind.heightM >= sw.heightM;
  return {
    waveHeightM: Math.hypot(wind.heightM, sw.heightM),
    wavePeriodS: windLeads ? wind.periodS : sw.periodS,
    waveDirectionDeg: windLeads ? s.windDirectionDeg : sw.directionDeg,
    windWaveHeightM: wind.heightM,
    windWavePeriodS: wind.periodS,
    swellHeightM: sw.heightM,
    swellPeriodS: sw.periodS,
    swellDirectionDeg: sw.directionDeg,
  };
}

/** Seas in feet, as the marine products quote them. */
export const feet = (m: number): number => m / 0.3048;

/**
 * The NWS names its marine zones by their waters: "Coastal waters from Sandy Hook to Manasquan Inlet NJ out 20
 * nm", "Buzzards Bay", "Cook Inlet North Kalgin Island". A name that gives a distance out, or says coastal or
 * offshore waters, is the open coast's whatever landmark it names; else a bay, sound, inlet, river or other
 * inland water named is sheltered water (125 of the 430 coastal zones outside the lakes and islands).
 */
const OPEN_WATERS =
  /\b(coastal waters|offshore|out (to )?\d+|\d+ ?nm|beyond|waters from|atlantic|pacific|gulf of (mexico|america|alaska)|gulf waters)\b/i;
const SHELTERED =
  /\b(bays?|sounds?|harbou?rs?|straits?|inlets?|lagoons?|laguna|rivers?|estuary|canal|intracoastal|bayous?|ports?|passages?|lakes?|narrows|arms?|reach|tidal|channel|inland)\b/i;
/** Fetch of a sheltered water (a bay, a sound), and the width of the coastal waters (20 NM or so), km. */
const SHELTERED_FETCH_KM = 25;
const COASTAL_WATERS_KM = 40;
/** An open coast's fetch: a storm's width; the duration limit holds the growth well before it. */
const OPEN_FETCH_KM = 600;
/** A Great Lake's: open waters take its length; nearshore zones a wind from the lake or off the shore. */
const LAKE_OPEN_FETCH_KM = 200;
const LAKE_NEARSHORE_FETCH_KM = 40;

/** Where the open sea lies off each mainland coast, degrees. */
const SEAWARD_DEG: Partial<Record<SeaBasin, number>> = {
  northAtlantic: 120,
  southAtlantic: 100,
  gulf: 180,
  pacificCoast: 260,
  alaska: 200,
};

/**
 * Where a marine zone's seas come from, by its UGC and name: the basin by the UGC's marine area (AN: the
 * Atlantic north of Georgia's waters, AM: the southern Atlantic, Puerto Rico's and the Virgin Islands' below
 * 20° N; GM, PZ, PK, PH; PM and PS: the west and south Pacific islands; L…, SL: the Great Lakes), the fetch by
 * whether the zone's name is a bay or sound, and the open sea's side by the coast (east of the Atlantic
 * coasts, south of the Gulf and Alaska's coast, west of the Pacific coast; all round the islands).
 */
export function seaSettingOf(zoneId: string, zoneName: string, lat: number): SeaSetting {
  const ice = ARCTIC_ICE_SEASON.get(zoneId);
  return ice ? { ...openSeaSetting(zoneId, zoneName, lat), ice } : openSeaSetting(zoneId, zoneName, lat);
}

/** {@link seaSettingOf} as though the water were open all year. */
function openSeaSetting(zoneId: string, zoneName: string, lat: number): SeaSetting {
  if (isGreatLakesZone(zoneId)) {
    const open = GREAT_LAKES_OPEN_WATERS.has(zoneId);
    const fetch = open ? LAKE_OPEN_FETCH_KM : LAKE_NEARSHORE_FETCH_KM;
    return { basin: 'greatLakes', openFetchKm: fetch, shoreFetchKm: fetch, seawardDeg: null, swellExposure: 1 };
  }
  const area = zoneId.slice(0, 2);
  const island = area === 'PH' || area === 'PM' || area === 'PS' || (area === 'AM' && lat < 20);
  const basin: SeaBasin =
    area === 'AN'
      ? 'northAtlantic'
      : area === 'AM'
        ? lat < 20
          ? 'caribbean'
          : 'southAtlantic'
        : area === 'GM'
          ? 'gulf'
          : area === 'PZ'
            ? 'pacificCoast'
            : area === 'PK'
              ? 'alaska'
              : area === 'PH'
                ? 'hawaii'
                : 'westPacific';
  // Hawaii's channels (Alenuihaha, Kaiwi) are open sea between islands, not sheltered water.
  const sheltered = !island && !OPEN_WATERS.test(zoneName) && SHELTERED.test(zoneName);
  const seawardDeg = island ? null : (SEAWARD_DEG[basin] ?? null);
  return sheltered
    ? { basin, openFetchKm: SHELTERED_FETCH_KM, shoreFetchKm: SHELTERED_FETCH_KM, seawardDeg: null, swellExposure: 0.3 }
    : { basin, openFetchKm: OPEN_FETCH_KM, shoreFetchKm: COASTAL_WATERS_KM, seawardDeg, swellExposure: 1 };
}
