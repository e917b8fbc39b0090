// Prints the model's thunderstorm days a year at a few normals stations against their climatology, the share of
// their thunderstorm hours in the late afternoon and evening (15-20 local solar time) and at night (00-06), and the
// same over Kansas and Nebraska (49 places, 37.5-42.5° N, 101.5-95.5° W) with their summer's (June-August)
// share at 03-13 UTC, the central Plains' nocturnal maximum.
//
//   npx tsx scripts/thunder-days-report.ts                  year 2026
//   npx tsx scripts/thunder-days-report.ts --years 2025,2026
//
// A thunderstorm day is a day with a thunderstorm hour at the station's gridpoint (the NWS's: a day thunder is
// heard at the station). Climatology (days a year, the stations' long-term means from their Local Climatological
// Data, as the NWS quotes them):
//   Tampa ~83-92: Florida 80-100+, NOAA JetStream, https://www.weather.gov/jetstream/tstorms_intro; 92, Chicago
//     Tribune 1997-07-20; Fort Myers 89 (1961-1990 means, the NWS/NCDC mean annual thunderstorm-day map).
//   Chicago ~38: 125 years' mean, Frank Wachowski (NWS) in the Chicago Tribune, 2005-06-06; by month June 7, July
//     and August 6, May 5, April and September 4, March and October 2, November 1, winter under 1 (WGN-TV,
//     2017-01-22, "How many thunderstorms do we get on average per month?").
//   Atlanta ~50: 1.1 1.9 3.6 4.2 6.0 8.6 10.3 8.0 3.1 1.0 1.0 0.7 by month (49.5), NWS Peachtree City's
//     climatology from the LCD, https://www.srh.noaa.gov/ffc/?n=svrclim1.
//   Seattle ~7 (WGN-TV, "Thunderstorms: Chicago vs Seattle"); the Pacific coast under 5 (WGN-TV, 2020-06-22, "How
//     do weather stations at airports classify a thunderstorm day?").
//   The others (Mobile, Jackson, Oklahoma City, Wichita, Omaha, Denver, Phoenix, San Diego) read off the NWS/NCDC
//     map of the mean annual number of days with thunderstorms (1961-1990; after Court & Griffiths 1986,
//     "Thunderstorm climatology", in Thunderstorm Morphology and Dynamics, and Changnon 1988, "Climatography of
//     thunder events in the conterminous United States", J. Climate 1, 389-398): to the nearest 5 days, not a
//     station table; Denver's ~40 is also the figure quoted for the NWS's station record (~41).
import { loadNormals, option } from './forecast-data/normals.ts';
import { placeHours } from '../adapters/forecast/embedded/weather/model.ts';
import type { Place } from '../adapters/forecast/embedded/weather/climate.ts';

const years = option('years')?.split(',').map(Number) ?? [2026];
const HOUR_MS = 3_600_000;
const stations = loadNormals();
/** Station, and its climatological thunderstorm days a year (see above). */
const STATIONS: readonly [string, number][] = [
  ['TAMPA, FL', 85],
  ['MOBILE, AL', 79],
  ['JACKSON, MS', 65],
  ['ATLANTA, GA', 50],
  ['OKLAHOMA CITY, OK', 50],
  ['WICHITA, KS', 55],
  ['OMAHA EPPLEY AP, NE', 45],
  ['CHICAGO,IL', 38],
  ['DENVER, CO', 40],
  ['PHOENIX, AZ', 23],
  ['SEATTLE SEA-TAC AP, WA', 7],
  ['SAN DIEGO, CA', 3],
];

interface Tally {
  days: number;
  hours: number;
  lateDay: number;
  night: number;
  summerHours: number;
  summerNightUtc: number;
  /** Thunderstorm hours by month. */
  byMonth: number[];
}

function tally(place: Place): Tally {
  const hours = placeHours(place);
  const t: Tally = { days: 0, hours: 0, lateDay: 0, night: 0, summerHours: 0, summerNightUtc: 0, byMonth: [] };
  t.byMonth = new Array<number>(12).fill(0);
  const offset = place.lon / 15;
  for (const year of years) {
    const start = Date.UTC(year, 0, 1) / HOUR_MS;
    const end = Date.UTC(year + 1, 0, 1) / HOUR_MS;
    const days = new Set<number>();
    for (let h0 = start; h0 < end; h0 += 24 * 8) {
      const span = hours(h0, Math.min(24 * 8, end - h0));
      span.forEach((s, i) => {
        if (s.precipType !== 'thunderstorms') return;
        const hour = h0 + i;
        const local = hour + offset;
        days.add(Math.floor(local / 24));
        const solar = ((local % 24) + 24) % 24;
        const date = new Date(hour * HOUR_MS);
        t.hours++;
        t.byMonth[date.getUTCMonth()]!++;
        if (solar >= 15 && solar < 21) t.lateDay++;
        if (solar < 6) t.night++;
        const month = date.getUTCMonth();
        if (month >= 5 && month <= 7) {
          t.summerHours++;
          const utc = date.getUTCHours();
          if (utc >= 3 && utc < 13) t.summerNightUtc++;
        }
      });
    }
    t.days += days.size;
  }
  t.days /= years.length;
  return t;
}

const pct = (a: number, b: number) => `${b > 0 ? Math.round((100 * a) / b) : 0}%`.padStart(4);
process.stdout.write(`thunderstorm days a year, model ${years.join(',')} (climatology); hours 15-21 and 00-06 local\n`);
for (const [name, normal] of STATIONS) {
  const s = stations.find((x) => x.name === name);
  if (!s) throw new Error(`no normals station ${name}`);
  const t = tally(s);
  const months = t.byMonth.map((n) => Math.round(n / years.length)).join(' ');
  process.stdout.write(
    `${name.padEnd(24)} ${t.days.toFixed(0).padStart(4)} (${normal})  15-21 ${pct(t.lateDay, t.hours)}  00-06 ${pct(t.night, t.hours)}  hours by month ${months}\n`,
  );
}
let days = 0;
const plains: Tally[] = [];
for (let i = 0; i < 7; i++)
  for (let j = 0; j < 7; j++) {
    const t = tally({ lat: 37.5 + (5 * i) / 6, lon: -101.5 + j, elevationM: 1000 - 90 * j });
    plains.push(t);
    days += t.days;
  }
const sum = (k: keyof Omit<Tally, 'byMonth'>) => plains.reduce((a, t) => a + t[k], 0);
process.stdout.write(
  `Kansas-Nebraska (49 places): ${(days / 49).toFixed(0)} thunderstorm days a place a year; summer hours at 03-13 UTC ` +
    `${pct(sum('summerNightUtc'), sum('summerHours'))}; all hours 15-21 local ${pct(sum('lateDay'), sum('hours'))}\n`,
);
