// Writes adapters/forecast/embedded/weather/sea-mask-data.ts: for each open sea of sea-water.ts (New England's,
// Florida's Gulf coast's), which cells of its 0.025° grid are its water (inside a marine zone whose water is one
// of the sea's bodies: an office's coastal zone, or off New England a national centre's offshore zone too) and
// which are US land (inside a county), for the model's over-sea wind and air. Run after the catalogue's
// counties or marine zones change (npm run data:build does); sea-water.test.ts regenerates and compares.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { encodeLakeMask, inMaskBox } from '../../adapters/forecast/embedded/weather/great-lakes-water.ts';
import {
  EAST_GULF_SEA,
  NEW_ENGLAND_SEA,
  seaLandClass,
  type Sea,
} from '../../adapters/forecast/embedded/weather/sea-water.ts';
import {
  eastGulfBodyOf,
  waterBodyOf,
  type WaterBody,
} from '../../adapters/forecast/embedded/weather/water-temperature.ts';
import { maskClasses } from './build-lake-mask.ts';

/** The water body a marine zone gives a sea's cell, by the sea. */
const BODY_OF: Readonly<
  Record<string, (zone: { id: string; cwa: string; centroid: { lat: number; lon: number } }) => WaterBody | undefined>
> = {
  newEngland: (z) => waterBodyOf(z.id, z.cwa, z.centroid.lat, z.centroid.lon),
  eastGulf: (z) => eastGulfBodyOf(z.id, z.cwa),
};

/** Sub-samples a side within a cell for its land: 4 × 4, ~0.7 km apart at 25° N, finer than the Keys' keys. */
const LAND_SAMPLES = 4;

/**
 * A sea mask's cell classes, row-major from the south-west, worked out from the shipped catalogue. A cell is
 * land if any of its 4 × 4 sub-samples is (land wins): the Keys and the islands are narrower than a cell, and
 * by its centre alone Key West's airport and Marathon were open sea. Land is a county, a point in no zone at
 * all (the catalogue draws the Upper Keys as the seam between their bay's and ocean's zones, and foreign
 * shores have none), or a populated place of the catalogue's list (GeoNames: a town stands on land, where the
 * county outline is coarser than its key). Else the cell is its centre's water.
 */
export function seaMaskClasses(sea: Sea = NEW_ENGLAND_SEA): Uint8Array {
  const deps = loadEmbeddedDeps({ now: () => new Date() });
  const { catalogue } = deps;
  const bodyOf = BODY_OF[sea.name]!;
  const land = seaLandClass(sea);
  // Only New England's sea reaches into a national centre's offshore zones (Georges Bank): the Gulf's
  // offshore zones' water is not a shore station's.
  const withOffshore = sea === NEW_ENGLAND_SEA;
  const { step } = sea.grid;
  const isLand = (lat: number, lon: number): boolean =>
    catalogue.countyZoneAt(lat, lon) !== undefined ||
    (catalogue.marineZoneAt(lat, lon) === undefined && catalogue.centreOffshoreZoneAt(lat, lon) === undefined);
  const towns = townCells(sea, catalogue.places);
  const classes = maskClasses(sea.grid, (lat, lon) => {
    if (towns.has(cellKey(sea, lat, lon))) return land;
    for (let i = 0; i < LAND_SAMPLES; i++)
      for (let j = 0; j < LAND_SAMPLES; j++)
        if (isLand(lat + ((i + 0.5) / LAND_SAMPLES - 0.5) * step, lon + ((j + 0.5) / LAND_SAMPLES - 0.5) * step))
          return land;
    const zone =
      catalogue.marineZoneAt(lat, lon) ?? (withOffshore ? catalogue.centreOffshoreZoneAt(lat, lon) : undefined);
    const body = zone && bodyOf(zone);
    const k = body ? sea.bodies.indexOf(body) : -1;
    if (k >= 0) return k + 1;
    return !withOffshore && catalogue.centreOffshoreZoneAt(lat, lon)?.id.startsWith('GMZ') ? OPEN_GULF : 0;
  });
  return withOffshore ? classes : fillOpenGulf(classes, sea.grid.cols, land);
}

/** A Gulf cell of the national centre's offshore zones, beyond the offices' 60 nm: open sea, its water to be found. */
const OPEN_GULF = 255;

/**
 * Gives the open Gulf beyond the offices' coastal zones the water of the nearest office's (by steps across the
 * grid, from every office's water at once): it is the open sea, not a shore, and before, its share faded to 0
 * at the 60 nm line (27.6 N: 1.00 at 83.40 W, 0.19 at 83.70, none at 83.75). Louisiana's and the Atlantic's
 * coastal waters stay the mask's lateral edges (class 0, a shore).
 */
function fillOpenGulf(classes: Uint8Array, cols: number, land: number): Uint8Array {
  let front: number[] = [];
  classes.forEach((k, i) => {
    if (k > 0 && k < land) front.push(i);
  });
  while (front.length > 0) {
    const next: number[] = [];
    for (const i of front)
      for (const j of [i - cols, i + cols, i % cols > 0 ? i - 1 : -1, (i + 1) % cols > 0 ? i + 1 : -1])
        if (j >= 0 && j < classes.length && classes[j] === OPEN_GULF) {
          classes[j] = classes[i]!;
          next.push(j);
        }
    front = next;
  }
  return classes.map((k) => (k === OPEN_GULF ? 0 : k));
}

/** A point's cell in a sea's grid, as one number. */
const cellKey = (sea: Sea, lat: number, lon: number): number => {
  const { south, west, step, cols } = sea.grid;
  return Math.floor((lat - south) / step) * cols + Math.floor((lon - west) / step);
};

/** The cells of a sea's grid that hold a populated place. */
const townCells = (sea: Sea, places: readonly { lat: number; lon: number }[]): Set<number> =>
  new Set(places.filter((p) => inMaskBox(sea.grid, p.lat, p.lon)).map((p) => cellKey(sea, p.lat, p.lon)));

/** The generated module's text. */
export const seaMaskModule = (newEngland: string, eastGulf: string): string =>
  `// Generated by scripts/forecast-data/build-sea-mask.ts from the catalogue's counties and marine zones: do not edit by hand.\n` +
  `/** New England's sea and land mask (sea-water.ts), run-length encoded. */\n` +
  `export const NEW_ENGLAND_SEA_MASK_DATA =\n  '${newEngland}';\n` +
  `/** Florida's Gulf coast's and the Keys' sea (by office) and land mask (sea-water.ts), run-length encoded. */\n` +
  `export const EAST_GULF_SEA_MASK_DATA =\n  '${eastGulf}';\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const texts = [NEW_ENGLAND_SEA, EAST_GULF_SEA].map((sea) => {
    const classes = seaMaskClasses(sea);
    const text = encodeLakeMask(classes);
    const water = classes.reduce((n, k) => n + (k > 0 && k < seaLandClass(sea) ? 1 : 0), 0);
    const { rows, cols } = sea.grid;
    process.stdout.write(
      `${sea.name}: ${rows}×${cols} cells, ${water} of sea; ${Math.round(text.length / 1024)} KiB\n`,
    );
    return text;
  });
  writeFileSync(
    join(import.meta.dirname, '../../adapters/forecast/embedded/weather/sea-mask-data.ts'),
    seaMaskModule(texts[0]!, texts[1]!),
  );
}
