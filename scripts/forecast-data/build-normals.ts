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

/** A CCD normals table: WBAN → the station's name and its twelve monthly values. */
function readTable(file: string): Table {
  const name = new Map<string, string>();
  const months = new Map<string, number[]>();
  for (const line of readFileSync(join(source, file), 'utf8').split(/\r?\n/).slice(1)) {
    const m = line.match(/^(\d{5}),\s*(.*?)\s*,?\s*30,\s*(.*)$/);
    if (!m) continue;
    const values = m[3]!.split(',').map((v) => Number(v.trim()));
    if (values.length < 12 || values.slice(0, 12).some((v) => !Number.isFinite(v))) continue;
    const wban = m[1]!;
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
  const rain = rowFor(prcp, maxWban, name)?.months;
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
    'NOAA NCEI Comparative Climatic Data: Normals 1981-2010 (nrmmax, nrmmin, nrmpcp) and days with 0.01 in or more (prge0118) and average wind speed, mph (wndspd18), periods of record to 2018; positions from the 1981-2010 normals station inventory',
  fields: ['wban', 'name', 'state', 'lat', 'lon', 'elevationM', 'tmaxF', 'tminF', 'prcpIn', 'wetDays', 'windMph'],
  rows,
};
const text = `{"format":1,"source":${JSON.stringify(file.source)},"fields":${JSON.stringify(file.fields)},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
writeFileSync(join(out, 'normals.json'), text);
process.stdout.write(
  `normals.json: ${rows.length} stations, ${text.length} bytes; skipped ${skipped.length}:\n  ${skipped.join('\n  ')}\n`,
);
