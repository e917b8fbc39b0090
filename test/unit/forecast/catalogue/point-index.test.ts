// The point index (catalogue/point-index.ts) is generated data: regenerated here and compared with the file
// shipped. And the catalogue read through it must answer every point exactly as the whole catalogue does:
// /points documents byte for byte, each lookup, and the whole tables (the alert zones, and with them the
// model's digests, are built from those), over the recorded answers and sampled points on land, coasts,
// open water and outside CONUS (Alaska, Hawaii, Guam, Puerto Rico).

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import {
  DEFAULT_CATALOGUE_DIR,
  loadCatalogue,
  loadWholeCatalogue,
} from '../../../../adapters/forecast/embedded/catalogue/load-catalogue.ts';
import { CATALOGUE_FILES } from '../../../../adapters/forecast/embedded/catalogue/files.ts';
import { loadIndexedCatalogue } from '../../../../adapters/forecast/embedded/catalogue/indexed-catalogue.ts';
import {
  parsePointIndex,
  POINT_INDEX_FILE,
  type PointIndexFile,
} from '../../../../adapters/forecast/embedded/catalogue/point-index.ts';
import type { Catalogue } from '../../../../adapters/forecast/embedded/catalogue/types.ts';
import type { EmbeddedDeps } from '../../../../adapters/forecast/embedded/embedded-deps.ts';
import { pointDocuments } from '../../../../adapters/forecast/embedded/grid/point-document.ts';
import { pointIndexOf, pointIndexText } from '../../../../scripts/forecast-data/build-point-index.ts';
import { BASE, deps } from '../embedded/support.ts';
import { recordedAnswers } from '../embedded/geo/recorded-answers.ts';

describe('point-index.json', () => {
  it('is what the data build makes of the catalogue files beside it', () => {
    const shipped = readFileSync(join(DEFAULT_CATALOGUE_DIR, POINT_INDEX_FILE), 'utf8');
    assert.ok(
      shipped === pointIndexText(pointIndexOf(DEFAULT_CATALOGUE_DIR)),
      'stale: run npx tsx scripts/forecast-data/build-point-index.ts',
    );
  });
});

describe('a bucket lookup', () => {
  it('finds every bucket of the shipped index, and none where a cell has none', () => {
    const text = readFileSync(join(DEFAULT_CATALOGUE_DIR, POINT_INDEX_FILE), 'utf8');
    const file = JSON.parse(text) as PointIndexFile;
    const index = parsePointIndex(text);
    for (const kind of ['stations', 'places'] as const) {
      const buckets = file.points[kind];
      for (const [key, rows] of Object.entries(buckets)) assert.deepEqual(index.points[kind](Number(key)), rows);
      for (let key = 0; key < 180 * 400; key += 7)
        if (!(key in buckets)) assert.equal(index.points[kind](key), undefined, `${kind} ${key}`);
    }
    assert.deepEqual(
      index.shapes.offices(Number(Object.keys(file.shapes.offices)[0])),
      Object.values(file.shapes.offices)[0],
    );
  });

  it('answers the empty cells of a search far from every item without rereading its line', () => {
    // A nearest-station search from Guam (/points/13.4,144.8/stations, /gridpoints/GUM/1,1) asks for ~32,000
    // cells, nearly all empty; searching the kind's line for each took 0.6 s, 1.6-2.6 s on a loaded machine.
    // Here 30,000 misses on a 300 kB line: ~6 s searched one by one, well under 0.1 s from a table made once.
    const cells = Object.fromEntries(Array.from({ length: 15_000 }, (_, k) => [String(k * 4), [k, k + 1]]));
    const index = parsePointIndex(
      `{"format":2,\n"rows":{},\n"pages":{},\n"shapes":{\n` +
        ['offices', 'countyZones', 'forecastZones', 'fireZones', 'marineZones'].map((k) => `"${k}":{}`).join(',\n') +
        `},\n"points":{\n"stations":${JSON.stringify(cells)},\n"places":{}}}\n`,
    );
    const started = performance.now();
    for (let k = 0; k < 30_000; k++) assert.equal(index.points.stations(60_000 + k), undefined);
    assert.deepEqual(index.points.stations(4 * 14_999), [14_999, 15_000]);
    const ms = performance.now() - started;
    assert.ok(ms < 2000, `${Math.round(ms)} ms`);
  });
});

describe('a catalogue file changed since the point index was made', () => {
  /** The fire zones read through the index from a copy of the data whose fire-zones.json `change` rewrote. */
  function fireZonesOf(change: (bytes: Buffer) => Buffer): () => unknown {
    const dir = mkdtempSync(join(tmpdir(), 'taskcast-point-index-'));
    copyFileSync(join(DEFAULT_CATALOGUE_DIR, POINT_INDEX_FILE), join(dir, POINT_INDEX_FILE));
    const file = CATALOGUE_FILES.fireZones;
    writeFileSync(join(dir, file), change(readFileSync(join(DEFAULT_CATALOGUE_DIR, file))));
    return () => {
      try {
        return [...loadIndexedCatalogue(dir).fireZones.values()];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }

  it('fails on its first read when its size is not the one indexed', () => {
    assert.throws(
      fireZonesOf((bytes) => Buffer.concat([bytes, Buffer.from('\n')])),
      /not the file the point index was made from; rebuild the data/,
    );
  });

  it('fails when a page does not hold its rows where the index says, though the size is the same', () => {
    // The first row's line joined to the second's: one line fewer in page 0, not one byte more or less.
    const joined = (bytes: Buffer): Buffer => {
      const out = Buffer.from(bytes);
      out[out.indexOf('\n', out.indexOf('\n') + 1)] = 0x20;
      return out;
    };
    assert.throws(fireZonesOf(joined), /page 0 is not 32 rows; rebuild the data/);
  });
});

/** A small seeded generator, so the sampled points are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

type Box = readonly [south: number, west: number, north: number, east: number];
/** Where to sample, with how many points: land, coasts and waters of each part of the service. */
const AREAS: readonly { name: string; box: Box; count: number }[] = [
  { name: 'CONUS and its waters', box: [23, -127, 50, -65], count: 2500 },
  { name: 'Gulf and Florida Keys', box: [24, -84, 27, -80], count: 300 },
  { name: 'Great Lakes', box: [41, -93, 49, -76], count: 400 },
  { name: 'Puget Sound and the Pacific coast', box: [46, -125.5, 49, -122], count: 200 },
  { name: 'Chesapeake and the Outer Banks', box: [34.5, -77.5, 39.5, -74.5], count: 200 },
  { name: 'Alaska', box: [51, -180, 71.5, -129], count: 600 },
  { name: 'Aleutians across the antimeridian', box: [50, 170, 56, 180], count: 100 },
  { name: 'Hawaii', box: [18, -161, 23, -154], count: 300 },
  { name: 'Guam and the Marianas', box: [12, 143, 21, 147], count: 200 },
  { name: 'Puerto Rico and the Virgin Islands', box: [17.3, -68, 19, -64], count: 200 },
  { name: 'open ocean and abroad', box: [-10, -180, 60, 180], count: 300 },
];

function samplePoints(): { lat: number; lon: number }[] {
  const next = random(40);
  const out: { lat: number; lon: number }[] = [];
  for (const { box, count } of AREAS) {
    const [s, w, n, e] = box;
    for (let k = 0; k < count; k++) {
      // 4 decimals, as api.weather.gov keeps them (a 5th one is redirected).
      const lat = Math.round((s + next() * (n - s)) * 1e4) / 1e4;
      const lon = Math.round((w + next() * (e - w)) * 1e4) / 1e4;
      out.push({ lat, lon });
    }
  }
  return out;
}

/** What a catalogue says of a point: each lookup, and the /points answer (or its error). */
function answers(d: EmbeddedDeps, points: readonly { lat: number; lon: number }[]): string[] {
  const c = d.catalogue;
  const documents = pointDocuments(d);
  return points.map((p) => {
    let document: unknown;
    try {
      document = documents.document(p, BASE).body;
    } catch (error) {
      document = { error: String(error) };
    }
    return JSON.stringify({
      office: c.officeAt(p.lat, p.lon)?.id,
      county: c.countyZoneAt(p.lat, p.lon)?.id,
      forecast: c.forecastZoneAt(p.lat, p.lon)?.id,
      fire: c.fireZoneAt(p.lat, p.lon)?.id,
      marine: c.marineZoneAt(p.lat, p.lon)?.id,
      stations: c.nearestStations(p.lat, p.lon, 3).map((s) => [s.item, s.distanceMeters]),
      place: c.nearestPlace(p.lat, p.lon),
      radar: c.nearestRadar(p.lat, p.lon, ['NEXRAD', 'TDWR']),
      document,
    });
  });
}

/** A table as plain data: the records with their outlines' boxes and rings, so the two can be compared. */
function table(records: Iterable<unknown>): string {
  return JSON.stringify([...records], (_key, value: unknown) =>
    value instanceof Float64Array ? Array.from(value) : value,
  );
}

describe('the catalogue read through the point index', () => {
  const indexed: EmbeddedDeps = { ...deps(), catalogue: loadCatalogue() };
  const whole: EmbeddedDeps = { ...deps(), catalogue: loadWholeCatalogue() };

  it('answers every recorded point as the whole catalogue does', () => {
    const points = recordedAnswers().map(({ lat, lon }) => ({ lat, lon }));
    assert.ok(points.length > 10_000, `${points.length} recorded points`);
    const got = answers(indexed, points);
    const want = answers(whole, points);
    for (const [k, p] of points.entries()) assert.equal(got[k], want[k], `${p.lat},${p.lon}`);
  });

  it('answers sampled points on land, coasts, water and outside CONUS as the whole catalogue does', () => {
    const points = samplePoints();
    // A fresh indexed catalogue, so these points are its first lookups (cells read on demand).
    const fresh: EmbeddedDeps = { ...deps(), catalogue: loadCatalogue() };
    const got = answers(fresh, points);
    const want = answers(whole, points);
    let marine = 0;
    let notFound = 0;
    for (const [k, p] of points.entries()) {
      assert.equal(got[k], want[k], `${p.lat},${p.lon}`);
      if (want[k]!.includes('"type":"marine"')) marine++;
      if (want[k]!.includes('"error"')) notFound++;
    }
    // The samples reach every kind of answer: land, water, and beyond every office (404).
    assert.ok(marine > 100 && notFound > 100, `${marine} marine, ${notFound} not found of ${points.length}`);
  });

  it('holds the same tables, and so the same alert zones per office', () => {
    const a: Catalogue = loadCatalogue();
    const b: Catalogue = whole.catalogue;
    for (const name of ['offices', 'countyZones', 'forecastZones', 'fireZones', 'marineZones', 'radars'] as const)
      assert.ok(table(a[name].values()) === table(b[name].values()), name);
    assert.ok(table(a.stations.values()) === table(b.stations.values()), 'stations');
    assert.ok(table(a.places) === table(b.places), 'places');
    assert.deepEqual([...a.byOffice], [...b.byOffice]);
    assert.deepEqual(alertZonesByOffice(a), alertZonesByOffice(b));
  });
});
