import type { ForecastAsset } from '../../../application/forecast/ports.ts';
import {
  BASE_PLACEHOLDER,
  bundleUsage,
  entryFile,
  entryText,
  fileSize,
  writeEntry,
  type AssetEntry,
  type BundleEntry,
  type EntryKind,
} from './bundle-files.ts';
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

/** What the upstream provider hands over with each answer it fetched. */
export interface BundleRecorder {
  /** A JSON document, its links already under `{base}`. */
  document(pathAndQuery: string, body: Record<string, unknown>, lastModified: Date): void;
  /** An icon, a thumbnail, a TAF or CAP XML, byte for byte. */
  asset(pathAndQuery: string, asset: ForecastAsset): void;
}

/** XML, JSON and plain text are kept as text in the bundle; anything else (images) in base64. */
export function isTextMedia(contentType: string): boolean {
  return /^text\/|[/+](xml|json)\b/i.test(contentType);
}

/** FORECAST_RECORD_DIR: each document and asset the upstream provider fetches, written into a bundle. */
export function createBundleRecorder(options: BundleRecorderOptions): BundleRecorder {
  const now = options.now ?? Date.now;
  const dated = (value: unknown, at: number): unknown => (options.relative ? relativiseDates(value, at) : value);
  const maxFiles = options.maxFiles ?? 0;
  const maxBytes = options.maxBytes ?? 0;
  // Every path a client asks for becomes a file: the bundle is bounded, counting what an earlier run left.
  const usage = bundleUsage(options.dir);
  const write = (entry: BundleEntry | AssetEntry, kind: EntryKind): void => {
    const text = entryText(entry);
    const bytes = Buffer.byteLength(text);
    const previous = fileSize(entryFile(options.dir, entry.path, kind));
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
    writeEntry(options.dir, entry, kind, text);
    usage.files = files;
    usage.bytes = total;
  };
  return {
    document(path, body, lastModified) {
      const at = now();
      write(
        {
          path,
          recordedAt: new Date(at).toISOString(),
          lastModified: dated(lastModified.toISOString(), at) as string,
          body: dated(body, at) as Record<string, unknown>,
        },
        'document',
      );
    },
    asset(path, asset) {
      const at = now();
      const bytes = Buffer.from(asset.bytes);
      const decoded = isTextMedia(asset.contentType) ? bytes.toString('utf8') : undefined;
      // Text only when it is exactly the bytes again (no invalid UTF-8 to replace).
      const text = decoded !== undefined && Buffer.from(decoded, 'utf8').equals(bytes) ? decoded : undefined;
      write(
        {
          path,
          recordedAt: new Date(at).toISOString(),
          lastModified: dated(asset.lastModified.toISOString(), at) as string,
          contentType: asset.contentType,
          // Dates in XML move with the replay's clock like those of documents; image bytes stay as they are.
          ...(text !== undefined ? { text: dated(text, at) as string } : { base64: bytes.toString('base64') }),
        },
        'asset',
      );
    },
  };
}

export { BASE_PLACEHOLDER };
