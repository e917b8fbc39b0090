import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { modelCacheName, type ModelCacheFolder } from './model-cache.ts';

/**
 * The file beside the weather bundle that holds what the model would otherwise make in a fresh process and
 * keep in TASKCAST_CACHE_DIR (model-cache.ts): the normals stations' month factors and the zones' hourly
 * offsets of the months around the build, made by `npm run build` (scripts/build-model-data.ts). A run's
 * first test file on a fresh machine or CI container, which has no cache folder yet, reads them instead of
 * making them (issue 40 item 4).
 *
 * It is part of the package, read as its code is (no owner or mode checks: whoever could change it could
 * change the bundle), and read whatever TASKCAST_CACHE_DIR says, `off` included: it keeps nothing from an
 * earlier process. Each entry goes by the name its cache file would have ({@link modelCacheName}), a digest of
 * the worker bundle and of every input, so an entry made by another model, or for another ICU or time-zone
 * data version, is never found, and the model makes what it asks for as if nothing were shipped.
 *
 * Format: a V8-serialized `{ format: 1, entries: Map<name, raw DEFLATE of the body> }`.
 */
export const SHIPPED_MODEL_DATA = 'model-data.v8';
const FORMAT = 1;

/** Each bundle's shipped entries, by the file's URL: read once a process, on the first look-up. */
const shipped = new Map<string, ReadonlyMap<string, Uint8Array> | undefined>();

/** The shipped body of the cache file `folder`/`inputs`/`suffix` would name, or undefined where none is. */
export function shippedModelFile(
  moduleUrl: string,
  folder: ModelCacheFolder,
  inputs: unknown,
  suffix: string,
): Buffer | undefined {
  const entries = shippedEntries(new URL(SHIPPED_MODEL_DATA, moduleUrl));
  if (entries === undefined) return undefined;
  const name = modelCacheName(moduleUrl, folder, inputs, suffix);
  const deflated = name === undefined ? undefined : entries.get(name);
  if (deflated === undefined) return undefined;
  try {
    return inflateRawSync(deflated);
  } catch {
    return undefined; // damaged: made as if none were shipped
  }
}

/** Whether the bundle of `moduleUrl` has a shipped file to look in. */
export const shipsModelData = (moduleUrl: string): boolean =>
  shippedEntries(new URL(SHIPPED_MODEL_DATA, moduleUrl)) !== undefined;

function shippedEntries(file: URL): ReadonlyMap<string, Uint8Array> | undefined {
  if (!shipped.has(file.href)) {
    let entries: ReadonlyMap<string, Uint8Array> | undefined;
    try {
      const data = deserialize(readFileSync(file)) as { format?: unknown; entries?: unknown };
      if (data.format === FORMAT && data.entries instanceof Map)
        entries = data.entries as ReadonlyMap<string, Uint8Array>;
    } catch {
      entries = undefined; // none shipped (a checkout's sources, the server bundle), or not this format
    }
    shipped.set(file.href, entries);
  }
  return shipped.get(file.href);
}

/** Writes `bodies`, by their cache names, as the shipped file `file` (scripts/build-model-data.ts). */
export function writeShippedModelData(file: string, bodies: ReadonlyMap<string, NodeJS.ArrayBufferView>): void {
  const entries = new Map<string, Uint8Array>();
  for (const [name, body] of [...bodies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    entries.set(name, deflateRawSync(Buffer.from(body.buffer, body.byteOffset, body.byteLength), { level: 9 }));
  writeFileSync(file, serialize({ format: FORMAT, entries }));
}
