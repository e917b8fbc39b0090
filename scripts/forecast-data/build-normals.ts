// Builds adapters/forecast/embedded/data/normals.json: NOAA's 1981-2010 monthly climate normals (normal
// daily maximum and minimum temperature, °F, and precipitation, inches) of the first-order stations in
// NCEI's Comparative Climatic Data tables, placed by NCEI's normals station inventory. Deterministic;
// the source folder is read only here, never at run time (see data/SOURCES.md).
//
//   npx tsx scripts/forecast-data/build-normals.ts --source <folder> [--out adapters/forecast/embedded/data]
//
// The folder holds nrmmax.txt, nrmmin.txt and nrmpcp.txt (CCD "Normals 1981-2010" tables, one station a
// line: WBAN, name, years, 12 months, annual) and station-inventory-1981-2010_normals-monthly.csv
// (station_id,latitude,longitude,elevation,state,name,...), and prge0118.dat (CCD "Mean Number of Days
// with Precipitation 0.01 Inch or More", period of record to 2018: WBAN and name run together, the period,
// 12 months, annual), and wndspd18.dat (CCD "Wind - Average Speed (MPH)", period of record 1984-2018, the
// same layout).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { idOrder } from '../../adapters/forecast/embedded/weather/text-order.ts';

function arg(name: string, fallback?: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

const source = arg('source');
const out = arg('out', 'adapters/forecast/embedded/data');

interface Table {
  readonly name: Map<string, string>;
  readonly months: Map<string, number[]>;
}

/** The rows read as missing, `file: WBAN name`: printed with the build's summary. */
const blankRows: string[] = [];

/**
 * A CCD normals table: WBAN → the station's name and its twelve monthly values. A row whose twelve months
 * and annual value are all zero is a missing row, not a normal: nrmpcp.txt gives Yuma (53154) 0.00 in every
 * month and 0.00 for the year, where NOAA's own normal for Yuma is about 3.3 in (see YUMA_PRECIP_IN). Such a
 * row is left out, so the station has no row in that table, never a normal of zero.
 */
function readTable(file: string): Table {
  const name = new Map<string, string>();
  const months = new Map<string, number[]>();
  for (const line of readFileSync(join(source, file), 'utf8').split(/\r?\n/).slice(1)) {
    const m = line.match(/^(\d{5}),\s*(.*?)\s*,?\s*30,\s*(.*)$/);
    if (!m) continue;
    const values = m[3]!.split(',').map((v) => Number(v.trim()));
    if (values.length < 12 || values.slice(0, 12).some((v) => !Number.isFinite(v))) continue;
    const wban = m[1]!;
    if (values.slice(0, 13).every((v) => v === 0)) {
      blankRows.push(`${file}: ${wban} ${m[2]!.trim()}`);
      continue;
    }
    // A WBAN listed twice (Harrisburg under two names) keeps its first line.
    if (months.has(wban)) continue;
    name.set(wban, m[2]!.replace(/\s*,\s*$/, '').replace(/\s+/g, ' '));
    months.set(wban, values.slice(0, 12));
  }
  return { name, months };
}

/** A CCD period-of-record table (wet days, wind), in the same shape as a normals table. */
function readPeriodTable(file: string): Table {
  const name = new Map<string, string>();
  const months = new Map<string, number[]>();
  for (const line of readFileSync(join(source, file), 'utf8').split(/\r?\n/).slice(1)) {
    const m = line.match(/^(\d{5})(.*?)\s+\d{6}-\d{6}\s+(.*)$/);
    if (!m) continue;
    const values = m[3]!.trim().split(/\s+/).map(Number);
    if (values.length < 12 || values.slice(0, 12).some((v) => !Number.isFinite(v)) || months.has(m[1]!)) continue;
    name.set(m[1]!, m[2]!.trim());
    months.set(m[1]!, values.slice(0, 12));
  }
  return { name, months };
}

/**
 * Yuma's normal monthly precipitation, inches, January to December, for the station whose nrmpcp.txt row is
 * blank: the NWS's 1991-2020 normals for Yuma (Phoenix office, Yuma's threaded MCAS/airport record) as
 * published month by month in KYMA's "Weather Recap" articles (kyma.com, 2024-2025: January 0.39,
 * kyma.com/?p=1155465; March 0.39, kyma.com/weather/2024/04/03/weather-recap-march-2024/; April 0.14, May 0.06,
 * June 0.01, August 0.20, September 0.68, October 0.13, November 0.23, December 0.43, the recaps of those
 * months of 2024) and by the Yuma Sun (NWS Phoenix's Alex Young, 2022-10-27: June 0.01, July 0.24,
 * August 0.20, September 0.68). February is the difference of KYMA's year-to-date normals: 1.16 in through
 * March (March recap: 2.16 in, 1.00 ahead) less January and March, 0.38. The year's 3.28 in matches the
 * December recap's year-to-date normal (2.21 in, 1.07 behind). A 1991-2020 normal where the rest are
 * 1981-2010 ones: no public copy of Yuma's 1981-2010 monthly precipitation was found.
 */
const YUMA_PRECIP_IN = [0.39, 0.38, 0.39, 0.14, 0.06, 0.01, 0.24, 0.2, 0.68, 0.13, 0.23, 0.43];
/** Normal precipitation from another NOAA source, by WBAN, for stations whose CCD row is blank. */
const PRECIP_SUPPLEMENT = new Map<string, number[]>([['53154', YUMA_PRECIP_IN]]);

const tmax = readTable('nrmmax.txt');
const tmin = readTable('nrmmin.txt');
const prcp = readTable('nrmpcp.txt');
const wet = readPeriodTable('prge0118.dat');
const wind = readPeriodTable('wndspd18.dat');

/** The normals inventory's stations by WBAN: the last five digits of an airport (W) station's GHCN id. */
const inventory = new Map<string, { lat: number; lon: number; elevationM: number; state: string }>();
for (const line of readFileSync(join(source, 'station-inventory-1981-2010_normals-monthly.csv'), 'utf8')
  .split(/\r?\n/)
  .slice(1)) {
  const [id, lat, lon, elevation, state] = line.split(',');
  if (!id || !/^[A-Z]{2}W000\d{5}$/.test(id)) continue;
  inventory.set(id.slice(-5), { lat: Number(lat), lon: Number(lon), elevationM: Number(elevation), state: state! });
}

/** A name in a comparable form: the tables space and punctuate some names differently. */
const nameKey = (name: string | undefined) => (name ?? '').replace(/[^A-Z]/g, '');

/**
 * A table's row for a station of another table: by WBAN, else by name (three stations carry a different
 * WBAN in the minimum table than in the maximum one: Wichita 03928, Las Vegas 23169, Marquette 94850).
 */
function rowFor(table: Table, wban: string, name: string | undefined): { wban: string; months: number[] } | null {
  const direct = table.months.get(wban);
  if (direct) return { wban, months: direct };
  for (const [other, months] of table.months)
    if (nameKey(table.name.get(other)) === nameKey(name)) return { wban: other, months };
  return null;
}

const rows: unknown[][] = [];
const skipped: string[] = [];
for (const [maxWban, highs] of tmax.months) {
  const name = tmax.name.get(maxWban);
  const lowRow = rowFor(tmin, maxWban, name);
  const lows = lowRow?.months;
  const rain = rowFor(prcp, maxWban, name)?.months ?? PRECIP_SUPPLEMENT.get(maxWban);
  // Where the tables disagree on the WBAN, the minimum table's is the first-order station the values belong
  // to (Wichita's airport 03928 rather than Jabara 03974; Las Vegas McCarran 23169 rather than the North Las
  // Vegas terminal 53123), when the inventory places it.
  const wban = lowRow && inventory.has(lowRow.wban) ? lowRow.wban : maxWban;
  const at = inventory.get(wban);
  if (!lows || !rain || !at) {
    skipped.push(`${wban} ${name} (${!lows ? 'no lows' : !rain ? 'no precipitation' : 'not placed'})`);
    continue;
  }
  rows.push([
    wban,
    name,
    at.state,
    Math.round(at.lat * 1e4) / 1e4,
    Math.round(at.lon * 1e4) / 1e4,
    Math.round(at.elevationM),
    highs,
    lows,
    rain,
    rowFor(wet, wban, name)?.months ?? null,
    // Hilo's wind row is filed under its other WBAN (21504): matched by name.
    rowFor(wind, wban, name)?.months ?? null,
  ]);
}
rows.sort((a, b) => idOrder(String(a[0]), String(b[0])));

const file = {
  format: 1,
  source:
    "NOAA NCEI Comparative Climatic Data: Normals 1981-2010 (nrmmax, nrmmin, nrmpcp) and days with 0.01 in or more (prge0118) and average wind speed, mph (wndspd18), periods of record to 2018; positions from the 1981-2010 normals station inventory; Yuma's precipitation (blank in nrmpcp) from the NWS's 1991-2020 normals (see build-normals.ts)",
  fields: ['wban', 'name', 'state', 'lat', 'lon', 'elevationM', 'tmaxF', 'tminF', 'prcpIn', 'wetDays', 'windMph'],
  rows,
};
const text = `{"format":1,"source":${JSON.stringify(file.source)},"fields":${JSON.stringify(file.fields)},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
writeFileSync(join(out, 'normals.json'), text);
process.stdout.write(
  `normals.json: ${rows.length} stations, ${text.length} bytes; skipped ${skipped.length}:\n  ${skipped.join('\n  ')}\n` +
    `rows of zeros read as missing: ${blankRows.length}${blankRows.map((r) => `\n  ${r}`).join('')}\n` +
    `precipitation from PRECIP_SUPPLEMENT: ${[...PRECIP_SUPPLEMENT.keys()].join(', ')}\n`,
);
