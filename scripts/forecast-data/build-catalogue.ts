// Builds the embedded NWS catalogue read by adapters/forecast/embedded/catalogue.
//
//   NODE_PATH=<dir with the build packages>/node_modules \
//     npx tsx scripts/forecast-data/build-catalogue.ts [--source DIR] [--out DIR]
//
// --source defaults to ../shared/reference/nws/data beside the repository;
// only this script may read it. Re-running overwrites the data files.

import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTable } from '../../adapters/forecast/embedded/catalogue/decode-records.ts';
import type {
  CountyZoneRow,
  FireZoneRow,
  ForecastZoneRow,
  OfficeRow,
  PlaceRow,
  RadarRow,
  StationRow,
} from '../../adapters/forecast/embedded/catalogue/files.ts';
import { ShapeGrid } from '../../adapters/forecast/embedded/catalogue/grid-index.ts';
import { pickForecastZone } from '../../adapters/forecast/embedded/catalogue/pick-forecast-zone.ts';
import { encodeMultiPolygon, packShape } from '../../adapters/forecast/embedded/catalogue/polygon-codec.ts';
import type { Shape } from '../../adapters/forecast/embedded/catalogue/types.ts';
import { distanceMeters } from '../../adapters/forecast/embedded/catalogue/geometry.ts';
import {
  geonamesCities500Path,
  ourAirports,
  polygonClipping,
  usAtlasCounties,
  type MultiPolygonCoords,
} from './build-deps.ts';
import { largestPartCentroid, round, sampleInteriorish, toMultiPolygon, type LatLon } from './geo-helpers.ts';
import { nwsRegionOf } from './nws-regions.ts';
import { readGeoNamesUs, terrainPoints } from './read-geonames.ts';
import * as src from './read-sources.ts';
import { StationElevations } from './station-elevation.ts';
import { resolveAreaZones, zoneAtPoint } from './time-zones.ts';
import { writeCatalogueFile } from './write-catalogue-file.ts';
import { idOrder, textOrder } from '../../adapters/forecast/embedded/weather/text-order.ts';

/** Source polygons carry 3 decimals (~100 m); more would only add bytes. */
const POLYGON_SCALE = 1000;
const POINT_DECIMALS = 4;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return resolve(value ?? fallback);
}

const sourceDir = argument('source', join(repoRoot, '../shared/reference/nws/data'));
const outDir = argument('out', join(repoRoot, 'adapters/forecast/embedded/data'));

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function bboxOf(mp: MultiPolygonCoords): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of mp) {
    for (const [x, y] of polygon[0] ?? []) {
      b[0] = Math.min(b[0], x);
      b[1] = Math.min(b[1], y);
      b[2] = Math.max(b[2], x);
      b[3] = Math.max(b[3], y);
    }
  }
  return b;
}

/** Look-up points for an area, most trustworthy first. */
function areaSamples(centroid: LatLon | null, mp: MultiPolygonCoords | null): LatLon[] {
  const out: LatLon[] = [];
  if (centroid && mp) {
    const b = bboxOf(mp);
    // Some published centroids of antimeridian-spanning areas are averages that land far away.
    if (centroid.lon >= b[0] && centroid.lon <= b[2] && centroid.lat >= b[1] && centroid.lat <= b[3])
      out.push(centroid);
  } else if (centroid) {
    out.push(centroid);
  }
  if (mp) {
    const c = largestPartCentroid(mp);
    if (c) out.push(c);
    out.push(...sampleInteriorish(mp, 24));
  }
  return out;
}

const encode = (mp: MultiPolygonCoords | null) => (mp ? packShape(encodeMultiPolygon(mp, POLYGON_SCALE)) : null);
const p4 = (v: number) => round(v, POINT_DECIMALS);

// ---------------------------------------------------------------- offices
function buildOffices(): OfficeRow[] {
  const shapes = new Map(src.readCwaBoundaries(sourceDir).map((f) => [f.properties.wfo, toMultiPolygon(f.geometry)]));
  return src.readWfoOffices(sourceDir).map((o) => {
    const mp = shapes.get(o.id) ?? null;
    if (!mp) throw new Error(`no CWA polygon for ${o.id}`);
    const centroid = { lat: o.cwaCentroidLat, lon: o.cwaCentroidLon };
    const [timeZone] = resolveAreaZones(null, areaSamples(centroid, mp));
    if (timeZone === undefined) throw new Error(`no time zone for office ${o.id}`);
    return [
      o.id,
      o.name,
      nwsRegionOf(o.id),
      p4(centroid.lat),
      p4(centroid.lon),
      timeZone,
      packShape(encodeMultiPolygon(mp, POLYGON_SCALE)),
    ];
  });
}

// ---------------------------------------------------------------- counties
interface CountyBuild {
  ugc: string;
  fips: string;
  state: string;
  name: string;
  cwas: string[];
  centroid: LatLon;
  letters: string;
  mp: MultiPolygonCoords | null;
  timeZones: string[];
}

function buildCounties(): Map<string, CountyBuild> {
  const atlasNames = new Map<string, string>();
  for (const g of usAtlasCounties().objects['counties']?.geometries ?? []) {
    if (g.id && g.properties?.name) atlasNames.set(g.id, g.properties.name);
  }
  const counties = new Map<string, CountyBuild>();
  for (const row of src.readCountyCsv(sourceDir)) {
    counties.set(row.ugc, {
      ugc: row.ugc,
      fips: row.fips,
      state: row.state,
      name: row.name,
      cwas: row.cwas,
      centroid: { lat: row.lat, lon: row.lon },
      letters: row.timeZone,
      mp: null,
      timeZones: [],
    });
  }
  // Counties split between offices come as several features; their parts are gathered into one shape.
  for (const f of src.readCountyShapes(sourceDir)) {
    const p = f.properties;
    const c =
      counties.get(p.ugc) ??
      ({
        ugc: p.ugc,
        fips: p.fips,
        state: p.state,
        name: p.name,
        cwas: [],
        centroid: { lat: p.lat, lon: p.lon },
        letters: '',
        mp: null,
        timeZones: [],
      } satisfies CountyBuild);
    counties.set(p.ugc, c);
    for (const cwa of p.cwa) if (!c.cwas.includes(cwa)) c.cwas.push(cwa);
    if (!c.letters && p.timeZone) c.letters = p.timeZone;
    const mp = toMultiPolygon(f.geometry);
    if (mp) c.mp = [...(c.mp ?? []), ...mp];
  }
  for (const c of counties.values()) {
    // Census names (us-atlas) carry the official spelling; NWS names fill territories and newer FIPS codes.
    c.name = atlasNames.get(c.fips) ?? c.name;
    c.timeZones = resolveAreaZones(c.letters, areaSamples(c.centroid, c.mp));
  }
  return counties;
}

// ---------------------------------------------------------------- forecast zones
function buildForecastZones(counties: Map<string, CountyBuild>): ForecastZoneRow[] {
  const byFips = new Map<string, CountyBuild>();
  for (const c of counties.values()) byFips.set(c.fips, c);
  const zones = src.readForecastZones(sourceDir);
  const zonesPerCounty = new Map<string, number>();
  for (const z of zones)
    for (const { fips } of z.counties) zonesPerCounty.set(fips, (zonesPerCounty.get(fips) ?? 0) + 1);

  let dissolved = 0;
  let missingCounty = 0;
  const rows = zones.map((z): ForecastZoneRow => {
    const members = z.counties.map(({ fips }) => byFips.get(fips));
    const shapes = members.flatMap((c) => (c?.mp ? [c.mp] : []));
    if (shapes.length < members.length) missingCounty++;
    let mp: MultiPolygonCoords | null = null;
    const [first, ...rest] = shapes;
    if (first && rest.length === 0) mp = first;
    else if (first) {
      mp = polygonClipping.union(first, ...rest);
      dissolved++;
    }
    const exact = z.counties.every(({ fips }) => zonesPerCounty.get(fips) === 1) && shapes.length === members.length;
    const centroid = { lat: z.lat, lon: z.lon };
    const samples = [...areaSamples(centroid, mp), ...members.flatMap((c) => (c ? [c.centroid] : []))];
    return [
      z.id,
      z.name.trim(),
      z.state,
      z.cwa,
      resolveAreaZones(z.timeZone, samples),
      p4(z.lat),
      p4(z.lon),
      members.flatMap((c) => (c ? [c.ugc] : [])),
      exact ? 1 : 0,
      encode(mp),
    ];
  });
  log(
    `forecast zones: ${rows.length} (${dissolved} dissolved from several counties, ${rows.filter((r) => r[8] === 1).length} exact, ${missingCounty} with a county lacking a shape)`,
  );
  return rows;
}

// ---------------------------------------------------------------- fire zones
function buildFireZones(zones: readonly ForecastZoneRow[]): FireZoneRow[] {
  const publicZones = new Map(zones.map((z) => [z[0], z]));
  let borrowed = 0;
  let unnamed = 0;
  const rows = src.readFireZoneShapes(sourceDir).map((f): FireZoneRow => {
    const p = f.properties;
    const mp = toMultiPolygon(f.geometry);
    let name = p.name2022;
    if (name === null) {
      // Where a fire zone mirrors the public zone of the same id (same centroid) it shares its name.
      const twin = publicZones.get(p.id);
      if (twin && distanceMeters(p.lat, p.lon, twin[5], twin[6]) < 10_000) {
        name = twin[1];
        borrowed++;
      } else unnamed++;
    }
    return [
      p.id,
      name,
      p.state,
      p.cwa,
      resolveAreaZones(null, areaSamples({ lat: p.lat, lon: p.lon }, mp)),
      p4(p.lat),
      p4(p.lon),
      encode(mp),
    ];
  });
  log(`fire zones: ${rows.length} (${borrowed} named from the matching public zone, ${unnamed} unnamed)`);
  return rows;
}

// ---------------------------------------------------------------- stations, radars, places
function buildStations(elevations: StationElevations): StationRow[] {
  const offices = readTable(outDir, 'offices');
  const officeTz = new Map(offices.map((o) => [o.id, o.timeZone]));
  const grids = {
    office: gridOf(offices),
    county: gridOf(readTable(outDir, 'countyZones')),
    zone: gridOf(readTable(outDir, 'forecastZones')),
    fire: gridOf(readTable(outDir, 'fireZones')),
  };
  const counts = { a: 0, t: 0, none: 0, noZone: 0 };
  const rows = src.readStations(sourceDir).map((s): StationRow => {
    const county = grids.county.containing(s.lat, s.lon)[0];
    const zone = pickForecastZone(grids.zone.containing(s.lat, s.lon), s.lat, s.lon);
    const fire = grids.fire.containing(s.lat, s.lon)[0];
    const office = grids.office.containing(s.lat, s.lon)[0];
    const timeZone =
      zoneAtPoint(s) ?? county?.timeZones[0] ?? zone?.timeZones[0] ?? (office ? officeTz.get(office.id) : undefined);
    if (timeZone === undefined) throw new Error(`no time zone for station ${s.id}`);
    const elevation = elevations.forStation(s.id, s.lat, s.lon);
    counts[elevation.source ?? 'none']++;
    if (!zone) counts.noZone++;
    return [
      s.id,
      s.city,
      s.state,
      p4(s.lat),
      p4(s.lon),
      timeZone,
      elevation.meters,
      elevation.source,
      zone?.id ?? null,
      county?.id ?? null,
      fire?.id ?? null,
      office?.id ?? null,
    ];
  });
  log(
    `stations: ${rows.length} (elevation: ${counts.a} airport, ${counts.t} terrain estimate, ${counts.none} unknown; ${counts.noZone} outside every forecast zone)`,
  );
  return rows;
}

function gridOf<T extends { shape: Shape | null }>(items: readonly T[]): ShapeGrid<T> {
  const grid = new ShapeGrid<T>();
  for (const item of items) if (item.shape) grid.add(item, item.shape);
  return grid;
}

function buildRadars(): RadarRow[] {
  return src
    .readRadars(sourceDir)
    .map((r): RadarRow => [r.id, r.name, r.state, p4(r.lat), p4(r.lon), Math.round(r.elevationFt * 0.3048), r.type]);
}

// ---------------------------------------------------------------- main
async function main(): Promise<void> {
  const started = Date.now();
  log(`source: ${sourceDir}\nout:    ${outDir}`);
  mkdirSync(outDir, { recursive: true });

  const officeRows = buildOffices();
  writeCatalogueFile(outDir, 'offices', officeRows, POLYGON_SCALE);
  log(`offices: ${officeRows.length}`);

  const counties = buildCounties();
  const countyRows = [...counties.values()]
    .sort((a, b) => idOrder(a.ugc, b.ugc))
    .map((c): CountyZoneRow => [
      c.ugc,
      c.name,
      c.state,
      c.fips,
      c.cwas,
      c.timeZones,
      p4(c.centroid.lat),
      p4(c.centroid.lon),
      encode(c.mp),
    ]);
  writeCatalogueFile(outDir, 'countyZones', countyRows, POLYGON_SCALE);
  log(`county zones: ${countyRows.length} (${countyRows.filter((r) => r[8] === null).length} without a shape)`);

  const zoneRows = buildForecastZones(counties);
  writeCatalogueFile(outDir, 'forecastZones', zoneRows, POLYGON_SCALE);

  writeCatalogueFile(outDir, 'fireZones', buildFireZones(zoneRows), POLYGON_SCALE);

  const places = readGeoNamesUs(geonamesCities500Path());
  const elevations = new StationElevations(ourAirports(), terrainPoints(places));
  writeCatalogueFile(outDir, 'stations', buildStations(elevations));
  writeCatalogueFile(outDir, 'radars', buildRadars());

  const placeRows = places
    .map((p): PlaceRow => [p.name, p.state, p4(p.lat), p4(p.lon), p.population])
    .sort((a, b) => idOrder(a[1], b[1]) || textOrder(a[0], b[0]));
  writeCatalogueFile(outDir, 'places', placeRows);
  log(`places: ${placeRows.length}`);

  let total = 0;
  for (const file of readdirSync(outDir)) {
    const size = statSync(join(outDir, file)).size;
    total += size;
    log(`  ${file.padEnd(22)} ${(size / 1024).toFixed(0).padStart(6)} KiB`);
  }
  log(`total ${(total / 1024 / 1024).toFixed(2)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
