import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
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
 * Format: a count (4 bytes, little-endian), then as many index records sorted by their first 16 bytes, each
 * the first 16 bytes of the SHA-256 of an entry's name, its body's offset after the index and its length (4
 * bytes each, little-endian), then the bodies, raw DEFLATE. A look-up is a binary search of the file as read:
 * nothing is parsed (a V8-serialized map of the 1,368 bodies took ~2 ms of CPU to read, a JSON index ~1.3).
 */
export const SHIPPED_MODEL_DATA = 'model-data.bin';
const DIGEST = 16;
const RECORD = DIGEST + 8;

/** Each bundle's shipped file, by its URL: read once a process, on the first look-up. */
const shipped = new Map<string, Buffer | undefined>();

/** The shipped body of the cache file `folder`/`inputs`/`suffix` would name, or undefined where none is. */
export function shippedModelFile(
  moduleUrl: string,
  folder: ModelCacheFolder,
  inputs: unknown,
  suffix: string,
): Buffer | undefined {
  const file = shippedFile(new URL(SHIPPED_MODEL_DATA, moduleUrl));
  const name = file === undefined ? undefined : modelCacheName(moduleUrl, folder, inputs, suffix);
  const deflated = name === undefined ? undefined : entry(file!, name);
  if (deflated === undefined) return undefined;
  try {
    return inflateRawSync(deflated);
  } catch {
    return undefined; // damaged: made as if none were shipped
  }
}

/** Whether the bundle of `moduleUrl` has a shipped file to look in. */
export const shipsModelData = (moduleUrl: string): boolean =>
  shippedFile(new URL(SHIPPED_MODEL_DATA, moduleUrl)) !== undefined;

function shippedFile(file: URL): Buffer | undefined {
  if (!shipped.has(file.href)) {
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(file);
      if (bytes.length < 4 || bytes.length < 4 + bytes.readUInt32LE(0) * RECORD) bytes = undefined;
    } catch {
      bytes = undefined; // none shipped (a checkout's sources, the server bundle)
    }
    shipped.set(file.href, bytes);
  }
  return shipped.get(file.href);
}

/** The body shipped under `name`, found by a binary search of the index; undefined if none is. */
function entry(bytes: Buffer, name: string): Buffer | undefined {
  const digest = nameDigest(name);
  const count = bytes.readUInt32LE(0);
  const data = 4 + count * RECORD;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = 4 + middle * RECORD;
    const order = digest.compare(bytes, at, at + DIGEST);
    if (order === 0) {
      const start = data + bytes.readUInt32LE(at + DIGEST);
      const end = start + bytes.readUInt32LE(at + DIGEST + 4);
      return end <= bytes.length ? bytes.subarray(start, end) : undefined;
    }
    if (order < 0) high = middle;
    else low = middle + 1;
  }
  return undefined;
}

/** The entry naming the years whose months are shipped: no cache file has this name. */
const YEARS = 'shipped-years';

/** The shipped file's entry saying it holds the months of the years `first` to `last` (build-model-data.ts). */
export function shippedYearsEntry(first: number, last: number): [string, NodeJS.ArrayBufferView] {
  return [YEARS, Buffer.from(JSON.stringify({ first, last }))];
}

/**
 * The years whose months the bundle of `moduleUrl` ships (precipitation factors and zone offsets, January of
 * the first to December of the last), or undefined where it ships none: a test's `now` within them is served
 * from the package whatever year it was built in.
 */
export function shippedYears(moduleUrl: string): { first: number; last: number } | undefined {
  const file = shippedFile(new URL(SHIPPED_MODEL_DATA, moduleUrl));
  const deflated = file === undefined ? undefined : entry(file, YEARS);
  if (deflated === undefined) return undefined;
  const { first, last } = JSON.parse(inflateRawSync(deflated).toString('utf8')) as { first: number; last: number };
  return { first, last };
}

const nameDigest = (name: string): Buffer => createHash('sha256').update(name).digest().subarray(0, DIGEST);

/** Writes `bodies`, by their cache names, as the shipped file `file` (scripts/build-model-data.ts). */
export function writeShippedModelData(file: string, bodies: ReadonlyMap<string, NodeJS.ArrayBufferView>): void {
  const records = [...bodies]
    .map(([name, body]) => ({
      digest: nameDigest(name),
      deflated: deflateRawSync(Buffer.from(body.buffer, body.byteOffset, body.byteLength), { level: 9 }),
    }))
    .sort((a, b) => a.digest.compare(b.digest));
  const index = Buffer.alloc(4 + records.length * RECORD);
  index.writeUInt32LE(records.length, 0);
  let offset = 0;
  records.forEach(({ digest, deflated }, i) => {
    if (i > 0 && digest.equals(records[i - 1]!.digest)) throw new Error('two shipped names share a digest');
    digest.copy(index, 4 + i * RECORD);
    index.writeUInt32LE(offset, 4 + i * RECORD + DIGEST);
    index.writeUInt32LE(deflated.length, 4 + i * RECORD + DIGEST + 4);
    offset += deflated.length;
  });
  writeFileSync(file, Buffer.concat([index, ...records.map((r) => r.deflated)]));
}
