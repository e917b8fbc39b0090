// Prints how close the embedded weather model's climate comes to NOAA's 1981-2010 normals at every normals
// station (adapters/forecast/embedded/data/normals.json): per station the worst month's error in mean
// daily high and low and in monthly precipitation, then the summary the docs quote.
//
//   npm run normals                 the fit at the stations it was fitted to
//   npm run normals -- --loo        each station predicted from the others alone (how the fit generalises)
//   npm run normals -- --years 2011,2012   other years than the normals' own (1981-2010)
//   npm run normals -- --stride 5   every fifth day only: five times quicker, a little noisier
//
// Limits checked: every month's mean daily high and low within 3 °F of the normal; every month's mean
// precipitation within 25 % of the normal (or 0.05 in, for the driest months, whose normals are a few
// hundredths), and the annual total within 25 %. The summary counts the station-months within 25 %, those
// within only by the 0.05 in allowance, and lists the worst of those as they would be without it.
import {
  activeClimateField,
  ClimateField,
  useClimateField,
} from '../adapters/forecast/embedded/weather/climate-field.ts';
import { flag, loadNormals, measureStation, option, TemperatureErrors, yearsOption } from './forecast-data/normals.ts';

const leaveOneOut = flag('loo');
const years = yearsOption();
const stride = Number(option('stride') ?? 1);
const only = option('station');

const TEMPERATURE_LIMIT_F = 3;
const PRECIP_LIMIT = 0.25;
const PRECIP_FLOOR_IN = 0.05;

const stations = loadNormals().filter((s) => !only || s.wban === only || s.name.includes(only.toUpperCase()));
const shipped = activeClimateField();
if (!shipped) throw new Error('no fitted climate field is shipped (climate-fit-data.ts is empty)');
const pad = (s: string | number, n: number) => String(s).padStart(n);

let temperatureOk = 0;
let precipOk = 0;
let annualOk = 0;
/** Station-months within 25% of the normal, and those within only by the 0.05 in allowance. */
let precipMonthsWithin = 0;
const allowed: { station: string; month: number; model: number; normal: number; error: number }[] = [];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const temperature = new TemperatureErrors();
process.stdout.write(
  `normals fit${leaveOneOut ? ' (leave one out: each station from the others alone)' : ''}, years ${years[0]}-${years[years.length - 1]}${stride > 1 ? `, every ${stride} days` : ''}\n` +
    `${'station'.padEnd(36)} ${pad('high °F', 8)} ${pad('low °F', 8)} ${pad('precip', 8)} ${pad('annual', 8)}  worst month (model/normal)\n`,
);
for (const s of stations) {
  if (leaveOneOut) {
    const index = shipped.stations.findIndex((c) => c.lat === s.lat && c.lon === s.lon);
    useClimateField(new ClimateField(shipped.stations.filter((_, i) => i !== index)));
  }
  const m = measureStation(s, years, stride);
  let maxHigh = 0;
  let maxLow = 0;
  let maxPrecip = 0;
  let worstMonth = '';
  let precipMonthsOk = true;
  for (let k = 0; k < 12; k++) {
    const { highF: eHigh, lowF: eLow } = temperature.add(s, m, k);
    if (Math.abs(eHigh) > Math.abs(maxHigh)) maxHigh = eHigh;
    if (Math.abs(eLow) > Math.abs(maxLow)) maxLow = eLow;
    const ePrecip = (m.precipIn[k]! - s.prcpIn[k]!) / Math.max(s.prcpIn[k]!, 0.01);
    const off = Math.abs(m.precipIn[k]! - s.prcpIn[k]!);
    if (off > Math.max(PRECIP_LIMIT * s.prcpIn[k]!, PRECIP_FLOOR_IN)) precipMonthsOk = false;
    if (off <= PRECIP_LIMIT * s.prcpIn[k]!) precipMonthsWithin++;
    else if (off <= PRECIP_FLOOR_IN)
      allowed.push({ station: s.name, month: k, model: m.precipIn[k]!, normal: s.prcpIn[k]!, error: ePrecip });
    if (Math.abs(ePrecip) > Math.abs(maxPrecip)) maxPrecip = ePrecip;
    if (Math.max(Math.abs(eHigh), Math.abs(eLow)) >= Math.max(Math.abs(maxHigh), Math.abs(maxLow)))
      worstMonth = `${k + 1}: ${m.highF[k]!.toFixed(0)}/${s.tmaxF[k]} ${m.lowF[k]!.toFixed(0)}/${s.tminF[k]}`;
  }
  const annualModel = m.precipIn.reduce((a, b) => a + b, 0);
  const annualNormal = s.prcpIn.reduce((a, b) => a + b, 0);
  const annualError = (annualModel - annualNormal) / annualNormal;
  const tempOk = Math.abs(maxHigh) <= TEMPERATURE_LIMIT_F && Math.abs(maxLow) <= TEMPERATURE_LIMIT_F;
  if (tempOk) temperatureOk++;
  if (precipMonthsOk) precipOk++;
  if (Math.abs(annualError) <= PRECIP_LIMIT) annualOk++;
  const flag = tempOk && precipMonthsOk ? ' ' : '*';
  process.stdout.write(
    `${flag}${`${s.wban} ${s.name}`.padEnd(35)} ${pad(maxHigh.toFixed(1), 8)} ${pad(maxLow.toFixed(1), 8)} ` +
      `${pad(`${(maxPrecip * 100).toFixed(0)}%`, 8)} ${pad(`${(annualError * 100).toFixed(0)}%`, 8)}  ${worstMonth}\n`,
  );
}
useClimateField(undefined);
process.stdout.write(
  `\n${stations.length} stations, ${temperature.months} station-months, years ${years[0]}-${years[years.length - 1]}${leaveOneOut ? ', leave one out' : ''}\n` +
    `  mean |error|: daily high ${temperature.meanAbsHighF.toFixed(2)} °F, daily low ${temperature.meanAbsLowF.toFixed(2)} °F; ` +
    `mean error of lows ${temperature.meanLowF.toFixed(2)} °F\n` +
    `  worst month: high ${temperature.worst.high.errorF.toFixed(1)} °F (${temperature.worst.high.station}), ` +
    `low ${temperature.worst.low.errorF.toFixed(1)} °F (${temperature.worst.low.station})\n` +
    `  stations with every month's high and low within ${TEMPERATURE_LIMIT_F} °F: ${temperatureOk} of ${stations.length}\n` +
    `  stations with every month's precipitation within ${PRECIP_LIMIT * 100}% (or ${PRECIP_FLOOR_IN} in): ${precipOk} of ${stations.length}\n` +
    `  stations with annual precipitation within ${PRECIP_LIMIT * 100}%: ${annualOk} of ${stations.length}\n` +
    `  station-months with precipitation within ${PRECIP_LIMIT * 100}%: ${precipMonthsWithin} of ${temperature.months}; ` +
    `${allowed.length} more within only by the ${PRECIP_FLOOR_IN} in allowance, worst without it:\n` +
    allowed
      .sort((a, b) => Math.abs(b.error) - Math.abs(a.error))
      .slice(0, 8)
      .map(
        (a) =>
          `    ${a.station} ${MONTHS[a.month]}: ${a.model.toFixed(3)} in against ${a.normal.toFixed(2)} ` +
          `(${a.error > 0 ? '+' : ''}${(a.error * 100).toFixed(0)}%)\n`,
      )
      .join(''),
);
