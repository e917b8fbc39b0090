// Builds adapters/forecast/embedded/data/marine-zones.json: the NWS coastal marine zones (coastal waters,
// bays and sounds, the Great Lakes) of the offices in the catalogue, with their outlines; and
// offshore-zones.json: the national centres' offshore and high-seas zones (OPC's ONA and ONP, NHC's NH1 and
// NH2, Honolulu's HPA), which api.weather.gov serves as zones of type offshore.
//
//   npx tsx scripts/forecast-data/build-marine-zones.ts --source DIR [--out DIR]
//
// --source is a folder of one GeoJSON Feature per zone, named {UGC}.geojson, with the properties of the NWS
// marine zone shapefiles (ID, WFO, GL_WFO, NAME, LON, LAT): the `UGC` folder of KDE/foss-public-alert-server
// (foss_public_alert_server/alertHandler/data/UGC, generated from the NWS mz18mr25 and oz18mr25 shapefiles;
// see data/SOURCES.md). Zones whose WFO is an office of offices.json go to marine-zones.json; the offshore
// file's zones (those with its LOCATION column) of other issuers go to offshore-zones.json; the coastal zones
// of the issuers the catalogue has no office for (American Samoa's STU, Micronesia's PQE and PQW) are left
// out. Re-running overwrites both files.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTable } from '../../adapters/forecast/embedded/catalogue/decode-records.ts';
import { CATALOGUE_FILES, type MarineZoneRow } from '../../adapters/forecast/embedded/catalogue/files.ts';
import { encodeMultiPolygon, packShape } from '../../adapters/forecast/embedded/catalogue/polygon-codec.ts';
import { round, toMultiPolygon } from './geo-helpers.ts';
import { writeCatalogueFile } from './write-catalogue-file.ts';

/** As the other outlines: 3 decimals (~100 m), finer than the zones' own simplification. */
const POLYGON_SCALE = 1000;
/** Marine UGC prefixes: the Atlantic, the Gulf, the Pacific, Alaska, Hawaii, Guam, American Samoa, the lakes. */
const MARINE_UGC = /^(AM|AN|GM|PZ|PK|PH|PM|PS|LM|LS|LH|LE|LO|LC|SL)Z\d{3}$/;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function argument(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} DIR is required`);
  return resolve(value);
}

interface ZoneFeature {
  readonly properties: {
    readonly ID: string;
    readonly WFO: string;
    readonly GL_WFO?: string;
    /** Only the offshore file (`oz`) has this column: what tells an offshore zone from a coastal one. */
    readonly LOCATION?: string;
    readonly NAME: string;
    readonly LON: number;
    readonly LAT: number;
  };
  readonly geometry: { type: string; coordinates: unknown } | null;
}

const sourceDir = argument('source');
const outDir = argument('out', join(repoRoot, 'adapters/forecast/embedded/data'));

const offices = new Set(readTable(outDir, 'offices').map((o) => o.id));
const rows: MarineZoneRow[] = [];
const centreRows: MarineZoneRow[] = [];
const skipped = new Map<string, number>();
for (const file of readdirSync(sourceDir).sort()) {
  const ugc = file.replace(/\.geojson$/, '');
  if (!MARINE_UGC.test(ugc)) continue;
  const zone = JSON.parse(readFileSync(join(sourceDir, file), 'utf8')) as ZoneFeature;
  const p = zone.properties;
  if (p.ID !== ugc) throw new Error(`${file}: holds ${p.ID}`);
  const mp = toMultiPolygon(zone.geometry);
  const offshore = p.LOCATION !== undefined;
  const into = offices.has(p.WFO) ? rows : offshore ? centreRows : undefined;
  if (!into || !mp) {
    skipped.set(p.WFO, (skipped.get(p.WFO) ?? 0) + 1);
    continue;
  }
  const lake = p.GL_WFO && p.GL_WFO !== p.WFO && offices.has(p.GL_WFO) ? p.GL_WFO : null;
  const shape = packShape(encodeMultiPolygon(mp, POLYGON_SCALE));
  into.push([p.ID, p.NAME.trim(), p.WFO, lake, offshore, round(p.LAT, 4), round(p.LON, 4), shape]);
}
for (const [kind, list] of [
  ['marineZones', rows],
  ['centreOffshoreZones', centreRows],
] as const) {
  const bytes = writeCatalogueFile(outDir, kind, list, POLYGON_SCALE);
  console.log(`${CATALOGUE_FILES[kind]}: ${list.length} zones, ${(bytes / 1024).toFixed(0)} KiB`);
}
console.log(
  `left out (no office of the catalogue's, coastal): ${[...skipped].map(([wfo, n]) => `${wfo} ${n}`).join(', ')}`,
);
