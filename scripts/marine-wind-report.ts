// Prints, for the marine zones whose UGC matches a pattern, what their Small Craft Advisories come from: at
// each zone's centre, month by month over the years given (2026 by default), the model's mean sustained wind
// and the land wind under it (the mean of the wind over the open sea's factor, sea-water.ts: over the open sea
// the wind of the normals stations that measured one, model.ts's seaWindLogs), that
// factor, the air over the water against the water's climatology, the gust factor, and the share of hours
// that meet each criterion of a 20 kt advisory: the sustained wind, the frequent gusts the products count
// (marine-wind.ts) and seas of 7 ft (sea-state.ts). What marine-alert-report.ts counts, taken apart (issue 38).
//
//   npx tsx scripts/marine-wind-report.ts '^GMZ7(3[05]|5[125]|65|7[025])$' 2025-2027 1,7,8   Tallahassee's
//   npx tsx scripts/marine-wind-report.ts '^GMZ8[57]' 2025-2027 1,2                              Tampa Bay's
import { loadEmbeddedDeps } from '../adapters/forecast/embedded/load-embedded-deps.ts';
import { marineWindKmh } from '../adapters/forecast/embedded/weather/marine-wind.ts';
import { weatherAt } from '../adapters/forecast/embedded/weather/model.ts';
import { feet, seaSettingOf, seasM } from '../adapters/forecast/embedded/weather/sea-state.ts';
import { openSeaPlace, overSeaWindFactor, seaWaterC } from '../adapters/forecast/embedded/weather/sea-water.ts';

const HOUR = 3_600_000;
const KMH_PER_KT = 1.852;
const pattern = new RegExp(process.argv[2] ?? '^GMZ');
const [firstYear, lastYear = firstYear] = (process.argv[3] ?? '2026').split('-').map(Number) as [number, number?];
const months = (process.argv[4] ?? '1,4,7,10').split(',').map((m) => Number(m) - 1);
const deps = loadEmbeddedDeps({ now: () => new Date(0) });
const zones = Array.from(deps.alertZones!(), (zs) => zs.filter((z) => z.marine && pattern.test(z.id))).flat();

const fixed = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-').padStart(5);
process.stdout.write(
  'zone   month  open  mean kt  land kt  factor  air °C  water °C  gust×  | % of hours: wind 20 kt, marine 20 kt, seas 7 ft\n',
);
for (const zone of zones) {
  const place = { lat: zone.lat, lon: zone.lon, elevationM: 0 };
  const sea = openSeaPlace(zone.lat, zone.lon);
  const setting = seaSettingOf(zone.id, zone.name, zone.lat);
  for (const m of months) {
    let n = 0;
    let [wind, land, factor, air, water, gust, sustained20, marine20, seas7] = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let year = firstYear; year <= lastYear; year++)
      for (let h = Date.UTC(year, m, 1) / HOUR; h < Date.UTC(year, m + 1, 1) / HOUR; h++) {
        const s = weatherAt(place, h);
        const f = sea ? overSeaWindFactor(sea, s.temperatureC, h) : 1;
        const kt = s.windSpeedKmh / KMH_PER_KT;
        n++;
        wind += kt;
        land += kt / f;
        factor += f;
        air += s.temperatureC;
        water += sea ? seaWaterC(sea, h) : Number.NaN;
        gust += s.windGustKmh / Math.max(1, s.windSpeedKmh);
        if (kt >= 20) sustained20++;
        if (marineWindKmh(s) / KMH_PER_KT >= 20) marine20++;
        if (feet(seasM(setting, place, h, s)) >= 7) seas7++;
      }
    const pct = (k: number) => fixed((100 * k) / n);
    process.stdout.write(
      `${zone.id} ${String(m + 1).padStart(5)} ${fixed(sea?.weight ?? 0, 2)} ${fixed(wind / n)}    ${fixed(land / n)}    ` +
        `${fixed(factor / n, 2)}  ${fixed(air / n)}  ${fixed(water / n)}    ${fixed(gust / n, 2)}  | ` +
        `${pct(sustained20)} ${pct(marine20)} ${pct(seas7)}\n`,
    );
  }
}
