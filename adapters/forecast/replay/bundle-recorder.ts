import { BASE_PLACEHOLDER, writeEntry } from './bundle-files.ts';
import { relativiseDates } from './relative-dates.ts';

export interface BundleRecorderOptions {
  /** FORECAST_RECORD_DIR. */
  readonly dir: string;
  /** FORECAST_RECORD_RELATIVE=1: dates as tokens relative to the recording's clock. */
  readonly relative: boolean;
  readonly now?: () => number;
}

/** What the upstream provider calls with each document it fetched, its links already under `{base}`. */
export type RecordDocument = (pathAndQuery: string, body: Record<string, unknown>, lastModified: Date) => void;

/** FORECAST_RECORD_DIR: each document the upstream provider fetches, written into a bundle. */
export function createBundleRecorder(options: BundleRecorderOptions): RecordDocument {
  const now = options.now ?? Date.now;
  return (path, body, lastModified) => {
    const at = now();
    writeEntry(options.dir, {
      path,
      recordedAt: new Date(at).toISOString(),
      lastModified: options.relative
        ? (relativiseDates(lastModified.toISOString(), at) as string)
        : lastModified.toISOString(),
      body: (options.relative ? relativiseDates(body, at) : body) as Record<string, unknown>,
    });
  };
}

export { BASE_PLACEHOLDER };
