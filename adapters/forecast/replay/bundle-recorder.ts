import type { ForecastAsset } from '../../../application/forecast/ports.ts';
import { BASE_PLACEHOLDER, writeEntry } from './bundle-files.ts';
import { relativiseDates } from './relative-dates.ts';

export interface BundleRecorderOptions {
  /** FORECAST_RECORD_DIR. */
  readonly dir: string;
  /** FORECAST_RECORD_RELATIVE=1: dates as tokens relative to the recording's clock. */
  readonly relative: boolean;
  readonly now?: () => number;
}

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
  return {
    document(path, body, lastModified) {
      const at = now();
      writeEntry(options.dir, {
        path,
        recordedAt: new Date(at).toISOString(),
        lastModified: dated(lastModified.toISOString(), at) as string,
        body: dated(body, at) as Record<string, unknown>,
      });
    },
    asset(path, asset) {
      const at = now();
      const bytes = Buffer.from(asset.bytes);
      const decoded = isTextMedia(asset.contentType) ? bytes.toString('utf8') : undefined;
      // Text only when it is exactly the bytes again (no invalid UTF-8 to replace).
      const text = decoded !== undefined && Buffer.from(decoded, 'utf8').equals(bytes) ? decoded : undefined;
      writeEntry(
        options.dir,
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
