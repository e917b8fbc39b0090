// Relative humidity normals at normals stations across the climates of CONUS, and the model's humidity measured
// the same way. Shared by scripts/dewpoint-report.ts and the tests.
//
// Source: NOAA NCEI, Comparative Climatic Data (CCD-2018), "Average Relative Humidity - Morning (M), Afternoon
// (A)", table relhum18.dat (https://www.ncdc.noaa.gov/ghcn/comparative-climatic-data, as kept in
// noaaccd/noaaccd.github.io, the copy the normals came from: docs/data-sources.md), period of record to 2018.
// The observations are synoptic: morning 12 UTC at every station (7 AM EST, 6 AM CST, 5 AM MST, 4 AM PST);
// afternoon 18 UTC in the Eastern and Central zones (1 PM EST, noon CST), 00 UTC in the Mountain and Pacific
// (5 PM MST, 4 PM PST). NOAA publishes no dewpoint normal beside them; the dewpoint the normal implies at an
// hour is the one that gives the normal's RH at the model's own temperature of that hour (itself fitted to the
// normals' highs and lows): near the day's low in the morning, so near the day's dewpoint.
import { hourlySeries } from '../../adapters/forecast/embedded/weather/model.ts';
import { dewpointFrom } from '../../adapters/forecast/embedded/weather/physics.ts';
import { stationNamed, type NormalsStation } from './normals.ts';

/** A station's CCD relative humidity, %, January to December, with its afternoon hour. */
export interface HumidityNormal {
  /** The CCD row: WBAN and name. */
  readonly ccd: string;
  /** The normals station (normals.json), as its name starts. */
  readonly station: string;
  readonly region: string;
  /** The afternoon observation's UTC hour (the morning's is 12). */
  readonly afternoonUtc: 18 | 0;
  readonly morning: readonly number[];
  readonly afternoon: readonly number[];
}

export const HUMIDITY_NORMALS: readonly HumidityNormal[] = [
  {
    ccd: '14942 OMAHA,NE',
    station: 'OMAHA EPPLEY',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [79, 80, 79, 77, 81, 83, 85, 87, 86, 81, 80, 80],
    afternoon: [66, 64, 58, 52, 54, 56, 57, 59, 56, 54, 60, 67],
  },
  {
    ccd: '14939 LINCOLN,NE',
    station: 'LINCOLN, NE',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [79, 80, 80, 79, 83, 83, 84, 87, 85, 81, 80, 80],
    afternoon: [65, 64, 58, 52, 55, 54, 54, 56, 53, 52, 57, 64],
  },
  {
    ccd: '03928 WICHITA,KS',
    station: 'WICHITA, KS',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [79, 79, 77, 79, 84, 84, 80, 81, 82, 80, 79, 80],
    afternoon: [61, 59, 54, 53, 57, 53, 50, 51, 53, 53, 57, 62],
  },
  {
    ccd: '13996 TOPEKA,KS',
    station: 'TOPEKA',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [78, 78, 79, 80, 85, 86, 86, 87, 88, 83, 80, 80],
    afternoon: [63, 60, 55, 53, 57, 58, 58, 57, 55, 53, 57, 63],
  },
  {
    ccd: '13985 DODGE CITY,KS',
    station: 'DODGE CITY',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [76, 77, 76, 76, 82, 80, 78, 80, 79, 76, 76, 76],
    afternoon: [57, 55, 50, 46, 50, 47, 45, 47, 47, 46, 50, 56],
  },
  {
    ccd: '23065 GOODLAND,KS',
    station: 'GOODLAND',
    region: 'Plains',
    afternoonUtc: 0,
    morning: [70, 72, 71, 71, 76, 74, 73, 75, 71, 68, 69, 70],
    afternoon: [61, 56, 48, 43, 47, 42, 40, 42, 42, 47, 58, 62],
  },
  {
    ccd: '13967 OKLAHOMA CITY,OK',
    station: 'OKLAHOMA CITY',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [78, 78, 76, 78, 84, 85, 82, 82, 83, 80, 79, 78],
    afternoon: [59, 57, 53, 52, 58, 57, 51, 50, 54, 53, 54, 58],
  },
  {
    ccd: '24011 BISMARCK,ND',
    station: 'BISMARCK',
    region: 'Plains',
    afternoonUtc: 18,
    morning: [77, 79, 82, 80, 80, 84, 85, 85, 83, 80, 81, 80],
    afternoon: [71, 69, 64, 50, 49, 53, 49, 48, 50, 53, 65, 71],
  },
  {
    ccd: '14933 DES MOINES,IA',
    station: 'DES MOINES',
    region: 'Midwest',
    afternoonUtc: 18,
    morning: [78, 79, 79, 77, 79, 81, 84, 86, 85, 80, 79, 80],
    afternoon: [68, 66, 60, 54, 55, 57, 58, 59, 57, 55, 62, 70],
  },
  {
    ccd: '14922 MINNEAPOLIS-ST.PAUL,MN',
    station: 'MINNEAPOLIS',
    region: 'Midwest',
    afternoonUtc: 18,
    morning: [77, 77, 77, 74, 75, 79, 81, 84, 84, 80, 80, 79],
    afternoon: [68, 65, 61, 51, 51, 54, 54, 56, 58, 58, 65, 71],
  },
  {
    ccd: '13994 ST. LOUIS,MO',
    station: 'ST. LOUIS',
    region: 'Midwest',
    afternoonUtc: 18,
    morning: [79, 79, 78, 76, 80, 81, 82, 85, 85, 82, 79, 80],
    afternoon: [65, 62, 57, 53, 55, 55, 55, 55, 54, 54, 59, 66],
  },
  {
    ccd: '93819 INDIANAPOLIS,IN',
    station: 'INDIANAPOLIS',
    region: 'Midwest',
    afternoonUtc: 18,
    morning: [81, 81, 79, 77, 79, 80, 83, 86, 86, 85, 83, 83],
    afternoon: [70, 66, 59, 55, 56, 56, 58, 58, 55, 55, 63, 71],
  },
  {
    ccd: '94846 CHICAGO,IL',
    station: 'CHICAGO,IL',
    region: 'Great Lakes',
    afternoonUtc: 18,
    morning: [78, 78, 79, 76, 77, 78, 81, 85, 85, 82, 80, 80],
    afternoon: [68, 65, 60, 54, 54, 55, 55, 57, 56, 57, 63, 70],
  },
  {
    ccd: '94847 DETROIT,MI',
    station: 'DETROIT',
    region: 'Great Lakes',
    afternoonUtc: 18,
    morning: [80, 79, 78, 75, 76, 77, 80, 84, 86, 84, 81, 81],
    afternoon: [69, 64, 58, 53, 53, 54, 53, 56, 56, 57, 64, 70],
  },
  {
    ccd: '14821 COLUMBUS,OH',
    station: 'COLUMBUS, OH',
    region: 'Great Lakes',
    afternoonUtc: 18,
    morning: [78, 78, 76, 75, 78, 79, 82, 85, 86, 83, 80, 80],
    afternoon: [68, 64, 57, 52, 53, 54, 55, 55, 55, 55, 61, 68],
  },
  {
    ccd: '13960 DALLAS,TX',
    station: 'DALLAS-LOVE',
    region: 'South',
    afternoonUtc: 18,
    morning: [76, 77, 75, 79, 82, 81, 77, 75, 80, 80, 78, 76],
    afternoon: [58, 57, 53, 55, 56, 53, 49, 48, 52, 52, 54, 57],
  },
  {
    ccd: '13893 MEMPHIS,TN',
    station: 'MEMPHIS',
    region: 'South',
    afternoonUtc: 18,
    morning: [77, 77, 75, 78, 81, 82, 84, 84, 85, 82, 79, 78],
    afternoon: [62, 58, 55, 53, 56, 56, 57, 56, 55, 52, 56, 61],
  },
  {
    ccd: '13874 ATLANTA,GA',
    station: 'ATLANTA',
    region: 'South',
    afternoonUtc: 18,
    morning: [79, 77, 77, 78, 81, 82, 86, 87, 86, 84, 81, 80],
    afternoon: [58, 55, 52, 49, 52, 55, 58, 58, 57, 53, 54, 59],
  },
  {
    ccd: '12916 NEW ORLEANS,LA',
    station: 'NEW ORLEANS',
    region: 'South',
    afternoonUtc: 18,
    morning: [84, 84, 84, 87, 88, 89, 90, 91, 88, 87, 86, 85],
    afternoon: [65, 63, 60, 59, 59, 63, 65, 65, 64, 59, 61, 65],
  },
  {
    ccd: '12842 TAMPA,FL',
    station: 'TAMPA',
    region: 'South',
    afternoonUtc: 18,
    morning: [86, 86, 84, 83, 82, 84, 85, 88, 89, 87, 86, 86],
    afternoon: [58, 56, 54, 51, 52, 60, 63, 64, 62, 57, 56, 59],
  },
  {
    ccd: '12839 MIAMI,FL',
    station: 'MIAMI',
    region: 'South',
    afternoonUtc: 18,
    morning: [84, 83, 80, 78, 79, 82, 81, 83, 86, 84, 83, 83],
    afternoon: [59, 57, 55, 55, 58, 65, 63, 64, 66, 63, 61, 60],
  },
  {
    ccd: '14739 BOSTON,MA',
    station: 'BOSTON',
    region: 'East',
    afternoonUtc: 18,
    morning: [69, 68, 68, 67, 70, 72, 72, 76, 78, 76, 74, 70],
    afternoon: [58, 56, 56, 55, 58, 58, 56, 58, 59, 57, 58, 58],
  },
  {
    ccd: '23062 DENVER,CO',
    station: 'DENVER',
    region: 'High Plains',
    afternoonUtc: 0,
    morning: [53, 53, 49, 51, 55, 49, 46, 47, 47, 49, 48, 53],
    afternoon: [54, 50, 39, 41, 43, 37, 35, 37, 37, 44, 50, 55],
  },
  {
    ccd: '23050 ALBUQUERQUE,NM',
    station: 'ALBUQUERQUE',
    region: 'Southwest',
    afternoonUtc: 0,
    morning: [62, 58, 49, 43, 42, 40, 54, 59, 55, 55, 57, 63],
    afternoon: [40, 32, 24, 19, 19, 17, 28, 30, 29, 30, 34, 43],
  },
  {
    ccd: '23160 TUCSON,AZ',
    station: 'TUCSON',
    region: 'Southwest',
    afternoonUtc: 0,
    morning: [56, 53, 47, 37, 30, 29, 52, 58, 51, 46, 49, 56],
    afternoon: [31, 26, 21, 15, 12, 13, 29, 32, 27, 24, 27, 34],
  },
  {
    ccd: '23183 PHOENIX,AZ',
    station: 'PHOENIX',
    region: 'Southwest',
    afternoonUtc: 0,
    morning: [60, 56, 50, 39, 32, 28, 42, 47, 44, 46, 51, 59],
    afternoon: [33, 28, 23, 16, 13, 12, 21, 24, 22, 23, 27, 34],
  },
  {
    ccd: '23066 GRAND JUNCTION,CO',
    station: 'GRAND JUNCTION',
    region: 'West',
    afternoonUtc: 0,
    morning: [75, 69, 58, 52, 47, 38, 43, 48, 48, 54, 65, 74],
    afternoon: [64, 50, 35, 27, 24, 18, 21, 24, 26, 34, 48, 62],
  },
  {
    ccd: '24127 SALT LAKE CITY,UT',
    station: 'SALT LAKE',
    region: 'West',
    afternoonUtc: 0,
    morning: [78, 74, 66, 62, 60, 53, 47, 48, 55, 63, 71, 77],
    afternoon: [70, 60, 46, 39, 33, 25, 21, 23, 29, 42, 60, 72],
  },
  {
    ccd: '23185 RENO,NV',
    station: 'RENO',
    region: 'West',
    afternoonUtc: 0,
    morning: [75, 71, 64, 60, 59, 56, 54, 55, 59, 64, 70, 74],
    afternoon: [51, 41, 33, 28, 26, 21, 18, 18, 21, 27, 40, 51],
  },
  {
    ccd: '24131 BOISE,ID',
    station: 'BOISE',
    region: 'West',
    afternoonUtc: 0,
    morning: [79, 76, 69, 65, 63, 60, 49, 47, 53, 62, 73, 79],
    afternoon: [70, 58, 43, 36, 33, 28, 20, 22, 28, 38, 59, 70],
  },
  {
    ccd: '24233 SEATTLE,WA',
    station: 'SEATTLE SEA-TAC',
    region: 'Pacific',
    afternoonUtc: 0,
    morning: [83, 81, 82, 82, 81, 80, 79, 81, 84, 86, 84, 83],
    afternoon: [76, 69, 64, 58, 54, 53, 48, 50, 56, 69, 76, 79],
  },
];

/** The model's humidity at a station in one month (0-11) of some years, at the CCD's hours. */
export interface ModelHumidity {
  /** Mean RH, %, at the morning and the afternoon observation. */
  readonly morningPct: number;
  readonly afternoonPct: number;
  /** Mean dewpoint at the morning observation, °C, and the one the normal's morning RH implies there. */
  readonly morningDewpointC: number;
  readonly normalMorningDewpointC: number;
  /** Mean dewpoint over every hour of the month, °C. */
  readonly dewpointC: number;
}

/** The model's humidity at `s` against `h` in month `month` (0-11) of `years`, every `stride`-th day. */
export function measureHumidity(
  s: NormalsStation,
  h: HumidityNormal,
  years: readonly number[],
  month: number,
  stride = 1,
): ModelHumidity {
  let morning = 0;
  let afternoon = 0;
  let morningTd = 0;
  let normalTd = 0;
  let days = 0;
  let all = 0;
  let hours = 0;
  for (const year of years) {
    const dayCount = (Date.UTC(year, month + 1, 1) - Date.UTC(year, month, 1)) / 86_400_000;
    for (let d = 0; d < dayCount; d += stride) {
      // From 12 UTC through the next 00 UTC, then the rest of the day's hours.
      const first = Date.UTC(year, month, 1 + d, 12) / 3_600_000;
      const samples = hourlySeries(s, first, 24);
      const am = samples[0]!;
      const pm = samples[h.afternoonUtc === 18 ? 6 : 12]!;
      morning += am.relativeHumidity;
      afternoon += pm.relativeHumidity;
      morningTd += am.dewpointC;
      normalTd += dewpointFrom(am.temperatureC, h.morning[month]!);
      days++;
      for (const x of samples) {
        all += x.dewpointC;
        hours++;
      }
    }
  }
  return {
    morningPct: morning / days,
    afternoonPct: afternoon / days,
    morningDewpointC: morningTd / days,
    normalMorningDewpointC: normalTd / days,
    dewpointC: all / hours,
  };
}

export { stationNamed };
