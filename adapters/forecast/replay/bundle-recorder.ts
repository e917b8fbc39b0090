import { BASE_PLACEHOLDER, bundleUsage, entryFile, entryText, fileSize, writeEntry } from './bundle-files.ts';
import { relativiseDates } from './relative-dates.ts';

export interface BundleRecorderOptions {
  /** FORECAST_RECORD_DIR. */
  readonly dir: string;
  /** FORECAST_RECORD_RELATIVE=1: dates as tokens relative to the recording's clock. */
  readonly relative: boolean;
  readonly now?: () => number;
  /** FORECAST_RECORD_MAX_FILES: entry files the bundle may hold (0: no limit). */
  readonly maxFiles?: number;
  /** FORECAST_RECORD_MAX_MB, in bytes: what the entry files may weigh together (0: no limit). */
  readonly maxBytes?: number;
}

/** The bundle has reached FORECAST_RECORD_MAX_FILES or FORECAST_RECORD_MAX_MB: the document is not written. */
export class BundleFull extends Error {}

/** What the upstream provider calls with each document it fetched, its links already under `{base}`. */
export type RecordDocument = (pathAndQuery: string, body: Record<string, unknown>, lastModified: Date) => void;

/** FORECAST_RECORD_DIR: each document the upstream provider fetches, written into a bundle. */
export function createBundleRecorder(options: BundleRecorderOptions): RecordDocument {
  const now = options.now ?? Date.now;
  const maxFiles = options.maxFiles ?? 0;
  const maxBytes = options.maxBytes ?? 0;
  // Every path a client asks for becomes a file: the bundle is bounded, counting what an earlier run left.
  const usage = bundleUsage(options.dir);
  return (path, body, lastModified) => {
    const at = now();
    const entry = {
      path,
      recordedAt: new Date(at).toISOString(),
      lastModified: options.relative
        ? (relativiseDates(lastModified.toISOString(), at) as string)
        : lastModified.toISOString(),
      body: (options.relative ? relativiseDates(body, at) : body) as Record<string, unknown>,
    };
    const text = entryText(entry);
    const bytes = Buffer.byteLength(text);
    const previous = fileSize(entryFile(options.dir, path));
    const files = usage.files + (previous === undefined ? 1 : 0);
    const total = usage.bytes - (previous ?? 0) + bytes;
    if (maxFiles > 0 && files > maxFiles)
      throw new BundleFull(
        `The bundle ${options.dir} is full: it holds ${usage.files} files, FORECAST_RECORD_MAX_FILES=${maxFiles}.`,
      );
    if (maxBytes > 0 && total > maxBytes)
      throw new BundleFull(
        `The bundle ${options.dir} is full: ${total} bytes would pass FORECAST_RECORD_MAX_MB (${maxBytes} bytes).`,
      );
    writeEntry(options.dir, entry, text);
    usage.files = files;
    usage.bytes = total;
  };
}

export { BASE_PLACEHOLDER };
