// From node:timers, not the global: a DOM test environment (Jest's jsdom) has no global setImmediate.
import { setImmediate } from 'node:timers';
import { keepPrecipMonths, keptPrecipMonth, type PrecipMonthStore } from '../weather/monthly-precip.ts';
import { readDigestedFile, writeDigestedFile } from './kept-files.ts';
import { modelCacheFile } from './model-cache.ts';
import { shippedModelFile, shipsModelData } from './shipped-model-data.ts';

/**
 * Keeps the month factors of the normals stations (weather/monthly-precip.ts) in TASKCAST_CACHE_DIR/precip-months,
 * a file a month, for the next process: a point's first forecast measured its stations' months (~370 of the
 * model's hours a station-month, up to ~744 in a month of training storms, the largest step left of a fresh process's first answers, issue 40 item 4),
 * and each test file of a suite, a fresh process where the test runner isolates files, measured them again.
 * Named by the model's bundle (model-cache.ts: its code and the climate fit compiled into it determine every
 * factor) and the month, so a file is only ever read by the model that measured it; only the bundle keeps.
 *
 * A file holds [station, log factor, …] as float64, then a SHA-256 of them: one cut short or changed is not
 * taken, and its month is measured as if nothing was kept. Months measured here are written a turn of the
 * event loop later, merged with what the file holds by then, whole under a temporary name and renamed, so
 * processes writing the same month at once leave one of their files, never half of one; the months the other
 * held are measured again by a later process.
 *
 * The months the package ships (shipped-model-data.ts: every station, the months around the build) are read
 * from there first, and only the others from or to the folder; with none (TASKCAST_CACHE_DIR=off), the
 * shipped months alone.
 *
 * `moduleUrl`: a module of the bundle (the caller's `import.meta.url`).
 */
export function keepPrecipMonthsBeside(moduleUrl: string): void {
  const kept = modelCacheFile(moduleUrl, 'precip-months', null, '') !== undefined;
  const shipped = (index: number): Float64Array | undefined =>
    monthBody(shippedModelFile(moduleUrl, 'precip-months', null, `${index}.f64`));
  const files = kept
    ? precipMonthFiles((index) => modelCacheFile(moduleUrl, 'precip-months', null, `${index}.f64`)!)
    : undefined;
  if (!shipsModelData(moduleUrl)) return keepPrecipMonths(files);
  keepPrecipMonths({
    read: (index) => shipped(index) ?? files?.read(index),
    measured: (index) => files?.measured(index),
  });
}

/** The store of a month's file, `file(index)`, as {@link keepPrecipMonthsBeside} describes it. */
export function precipMonthFiles(file: (index: number) => string): PrecipMonthStore {
  const pending = new Set<number>();
  return {
    read: (index) => readMonthFile(file(index)),
    measured: (index) => {
      if (pending.size === 0) setImmediate(() => flush(pending, file));
      pending.add(index);
    },
  };
}

function flush(pending: Set<number>, file: (index: number) => string): void {
  for (const index of pending) writeMonthFile(file(index), keptPrecipMonth(index, readMonthFile(file(index))));
  pending.clear();
}

/** A month's [station, log factor, …] as a file holds them; undefined if absent, cut short or changed. */
export function readMonthFile(file: string): Float64Array | undefined {
  return monthBody(readDigestedFile(file)); // none kept, or not whole: measure it
}

function monthBody(body: Buffer | undefined): Float64Array | undefined {
  if (body === undefined || body.length % 16 !== 0) return undefined;
  // Copied out: a Buffer read from a file need not lie on a float64 boundary of its memory.
  return new Float64Array(new Uint8Array(body).buffer);
}

/** Writes a month's [station, log factor, …] whole, or nothing (kept-files.ts): a reader never sees half a file. */
export function writeMonthFile(file: string, months: Float64Array): void {
  writeDigestedFile(file, months);
}
