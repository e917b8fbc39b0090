import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * A bundle: one JSON file per API path and query, in folders that follow the path, so a person can find
 * and edit `points/39.7456%2C-97.0892/index.json` by hand. Bodies are base-free: every link is written
 * `{base}/…` and takes the serving origin on replay.
 *
 * A path answers a document (`index.json`), an asset (`asset.json`: an icon, a thumbnail, a TAF or CAP
 * XML), or both (`/alerts/{id}` as GeoJSON and as CAP): the two live side by side in the path's folder.
 * This module alone maps a path to its file.
 */
export type EntryKind = 'document' | 'asset';

export interface BundleEntry {
  /** The path and query the document answers, e.g. `/gridpoints/TOP/32,81/forecast?units=si`. */
  readonly path: string;
  /** When it was recorded (ISO). */
  readonly recordedAt: string;
  /** The document's Last-Modified: an ISO instant, or a relative date token (see relative-dates.ts). */
  readonly lastModified: string;
  readonly body: Record<string, unknown>;
}

/** An asset as it came: XML and other text as text (so it can be edited), images in base64. */
export interface AssetEntry {
  readonly path: string;
  readonly recordedAt: string;
  readonly lastModified: string;
  readonly contentType: string;
  readonly text?: string;
  readonly base64?: string;
}

export const BASE_PLACEHOLDER = '{base}';
/** File names stay well under the 255-byte limit of common file systems. */
const MAX_NAME = 200;

function segment(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // keep it as it came
  }
  // `.` and `..` would leave the bundle's folder: spelled as escapes instead.
  const name = encodeURIComponent(decoded).replace(/^\.+$/, (dots) => '%2E'.repeat(dots.length));
  // A name past the file system's limit (255 bytes) would fail the write: a long segment becomes its
  // SHA-256, after `%7E`, which no encoded segment can start with (a real `~` stays `~`, a real `%` is `%25`).
  return name.length > MAX_NAME ? `%7E${createHash('sha256').update(decoded).digest('hex')}` : name;
}

/**
 * Why `dir` cannot hold a bundle: it is not there, or it is a file. A replay of either would find no file
 * for any path and answer them all from the model (or 404 them all, strict), looking like a replay of an
 * empty bundle. An unreadable folder throws its own error (EACCES), which says so better.
 */
export function bundleFolderProblem(dir: string): 'does not exist' | 'is not a folder' | undefined {
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats === undefined) return 'does not exist';
  return stats.isDirectory() ? undefined : 'is not a folder';
}

/** Where a path and query lives in the bundle. Never outside `dir`, whatever the path holds. */
export function entryFile(dir: string, pathAndQuery: string, kind: EntryKind = 'document'): string {
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(segment);
  const stem = kind === 'document' ? 'index' : 'asset';
  let name = query === '' ? `${stem}.json` : `${stem}@${encodeURIComponent(query)}.json`;
  if (name.length > MAX_NAME) name = `${stem}@${createHash('sha256').update(query).digest('hex')}.json`;
  return join(dir, ...segments, name);
}

/** The entry as its file holds it. */
export function entryText(entry: BundleEntry | AssetEntry): string {
  return `${JSON.stringify(entry, null, 2)}
`;
}

/** The size of the file at `file`, or undefined when there is none. */
export function fileSize(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

export function writeEntry(
  dir: string,
  entry: BundleEntry | AssetEntry,
  kind: EntryKind = 'document',
  text = entryText(entry),
): void {
  const file = entryFile(dir, entry.path, kind);
  mkdirSync(dirname(file), { recursive: true });
  // Written whole then renamed, so a replay reading the bundle meanwhile never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    // A write the disk refused (full, a quota) leaves no half file: nothing would read or remove it, and it
    // would weigh outside the bundle's budget (bundleUsage counts entry files only).
    rmSync(temp, { force: true });
    throw error;
  }
}

/** How many entry files the bundle holds and their bytes: where a recording resumes its budget. */
export function bundleUsage(dir: string): { files: number; bytes: number } {
  const usage = { files: 0, bytes: 0 };
  if (!existsSync(dir)) return usage;
  const walk = (folder: string): void => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.name.endsWith('.json') && /^(index|asset)[.@]/.test(item.name)) {
        usage.files++;
        usage.bytes += fileSize(full) ?? 0;
      }
    }
  };
  walk(dir);
  return usage;
}

export function readEntry(dir: string, pathAndQuery: string): BundleEntry | undefined {
  const file = entryFile(dir, pathAndQuery);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as BundleEntry;
}

export function readAssetEntry(dir: string, pathAndQuery: string): AssetEntry | undefined {
  const file = entryFile(dir, pathAndQuery, 'asset');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as AssetEntry;
}

/** Every path the bundle holds (once, though it may hold a document and an asset), sorted. */
export function listEntries(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string): void => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.name.endsWith('.json') && /^(index|asset)[.@]/.test(item.name)) {
        try {
          out.push((JSON.parse(readFileSync(full, 'utf8')) as BundleEntry).path);
        } catch {
          out.push(
            `/${relative(dir, folder)
              .split(sep)
              .map((s) => decodeURIComponent(s))
              .join('/')}`,
          );
        }
      }
    }
  };
  walk(dir);
  return [...new Set(out)].sort();
}
