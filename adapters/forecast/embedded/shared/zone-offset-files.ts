import { keepZoneOffsets, type ZoneOffsetStore } from '../weather/time.ts';
import { readDigestedFile, writeDigestedFile } from './kept-files.ts';
import { modelCacheFile } from './model-cache.ts';
import { shippedModelFile, shipsModelData } from './shipped-model-data.ts';

/**
 * Keeps the zones' hourly UTC offsets (weather/time.ts monthOffsets) in TASKCAST_CACHE_DIR/zone-offsets, a file
 * per zone and UTC month, for the next process: the first Intl.DateTimeFormat of a process, which a first
 * /points made to date its point, is ~20 ms of CPU of ICU starting, paid again by each test file of a suite
 * where the runner isolates files. Named like the other caches by the model's bundle (model-cache.ts), and by
 * the ICU and time-zone data versions of the Node that asked Intl, every input of an offset; a file cut short
 * or changed is not taken, and its month is asked of Intl again.
 *
 * The months the package ships (shipped-model-data.ts: every zone of the catalogue, the months around the
 * build, made by the ICU and time-zone data of the Node that built it) are read from there first, and only the
 * others from or to the folder; with none (TASKCAST_CACHE_DIR=off), the shipped months alone.
 *
 * `moduleUrl`: a module of the bundle (the caller's `import.meta.url`).
 */
export function keepZoneOffsetsBeside(moduleUrl: string): void {
  const inputs = zoneOffsetInputs();
  const file = (timeZone: string, month: number): string | undefined =>
    modelCacheFile(moduleUrl, 'zone-offsets', { ...inputs, timeZone, month }, `${month}.i16`);
  const files = file('UTC', 0) === undefined ? undefined : zoneOffsetFiles(file as (z: string, m: number) => string);
  if (!shipsModelData(moduleUrl)) return keepZoneOffsets(files);
  keepZoneOffsets({
    read: (timeZone, month) =>
      offsetsBody(shippedModelFile(moduleUrl, 'zone-offsets', { ...inputs, timeZone, month }, `${month}.i16`)) ??
      files?.read(timeZone, month),
    made: (timeZone, month, offsets) => files?.made(timeZone, month, offsets),
    names: (timeZone, month) => {
      const shipped = namesBody(shippedModelFile(moduleUrl, 'zone-offsets', { ...inputs, timeZone }, 'names'));
      return shipped && month >= shipped.fromMonth && month < shipped.toMonth ? shipped.names : undefined;
    },
  });
}

/** What a zone's month depends on besides the zone and the month: the ICU and time-zone data Intl answers from. */
export const zoneOffsetInputs = (): { icu: string | undefined; tz: string | undefined } => ({
  icu: process.versions.icu,
  tz: process.versions.tz,
});

/** The store of a zone's month in the file `file(timeZone, month)` names. */
export function zoneOffsetFiles(file: (timeZone: string, month: number) => string): ZoneOffsetStore {
  return {
    read: (timeZone, month) => offsetsBody(readDigestedFile(file(timeZone, month))),
    made: (timeZone, month, offsets) => writeDigestedFile(file(timeZone, month), offsets),
  };
}

function offsetsBody(body: Buffer | undefined): Int16Array | undefined {
  if (body === undefined || body.length % 2 !== 0) return undefined;
  // Copied out: a Buffer read from a file need not lie on an int16 boundary of its memory.
  return new Int16Array(new Uint8Array(body).buffer);
}

/** A zone's short names through the shipped months [fromMonth, toMonth), by offset in minutes. */
export interface ZoneNames {
  readonly fromMonth: number;
  readonly toMonth: number;
  readonly names: ReadonlyMap<number, string>;
}

/** A zone's short names as shipped: JSON, [fromMonth, toMonth, [[offset in minutes, name], …]]. */
export const namesFileBody = ({ fromMonth, toMonth, names }: ZoneNames): Buffer =>
  Buffer.from(JSON.stringify([fromMonth, toMonth, [...names]]));

function namesBody(body: Buffer | undefined): ZoneNames | undefined {
  if (body === undefined) return undefined;
  try {
    const [fromMonth, toMonth, pairs] = JSON.parse(body.toString('utf8')) as unknown[];
    if (!Number.isInteger(fromMonth) || !Number.isInteger(toMonth) || !Array.isArray(pairs)) return undefined;
    const names = new Map<number, string>();
    for (const pair of pairs as unknown[]) {
      if (!Array.isArray(pair) || !Number.isInteger(pair[0]) || typeof pair[1] !== 'string') return undefined;
      names.set(pair[0] as number, pair[1]);
    }
    return { fromMonth: fromMonth as number, toMonth: toMonth as number, names };
  } catch {
    return undefined;
  }
}
