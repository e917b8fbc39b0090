import type {
  AssetMedia,
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
} from '../../../application/forecast/ports.ts';
import { relative, resolve } from 'node:path';
import type { Clock } from '../../../application/shared/clock.ts';
import { ForecastNotFound, ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { createPathAddressedProvider, type PathSource } from '../by-path/path-addressed-provider.ts';
import {
  BASE_PLACEHOLDER,
  bundleFolderProblem,
  entryFile,
  listEntries,
  readAssetEntry,
  readEntry,
  type AssetEntry,
  type BundleEntry,
  type EntryKind,
} from './bundle-files.ts';
import { mapStrings, resolveDate, resolveDates } from './relative-dates.ts';

export interface ReplayProviderOptions {
  /** FORECAST_REPLAY_DIR. */
  readonly dir: string;
  /** FORECAST_REPLAY_STRICT=1: a path missing from the bundle is a 404 instead of the embedded model's. */
  readonly strict: boolean;
  /** The forecast clock: relative dates resolve against it. */
  readonly clock: Clock;
  /** What answers a path the bundle does not hold (the embedded provider); never asked when strict. */
  readonly fallback: ForecastProvider;
}

/** Replayed documents may be kept a minute: the bundle changes only when someone edits it. */
const MAX_AGE_SECONDS = 60;

export interface ReplayForecastProvider extends ForecastProvider {
  /** The bundle's paths, for the control page. */
  bundlePaths(): string[];
}

/**
 * FORECAST_PROVIDER=replay: a recorded bundle served offline. Every route is its path of the route table
 * (see by-path/route-table.ts), looked up in the bundle: documents, icons, thumbnails and XML alike. Each
 * file is read per request (so an edited file shows at once), its `{base}` links get the request's base
 * and its relative dates the forecast clock. A path the bundle has no file for goes to the embedded
 * model, or is a 404 when strict.
 */
export function createReplayForecastProvider(options: ReplayProviderOptions): ReplayForecastProvider {
  // Resolved once: a relative folder is the one meant when the provider was made, though the process (a test
  // that changes directory) moves on.
  const dir = resolve(options.dir);
  // Refused when made: a mistyped folder would otherwise serve the model for every path, or 404 each one.
  const problem = bundleFolderProblem(dir);
  if (problem) throw new Error(`The replay bundle ${options.dir} ${problem}: give the folder a recording wrote.`);
  // An asset names its media: a path whose JSON the bundle holds may lack its CAP or other rendering, and
  // "not in the replay bundle" alone would deny the file the control page lists.
  const missing = (path: string, media?: AssetMedia): undefined => {
    const as = media ? ` as ${media.what}` : '';
    if (options.strict)
      throw new ForecastNotFound(`${path} is not in the replay bundle${as} (FORECAST_REPLAY_STRICT=1).`);
    return undefined;
  };
  // A file edited by hand into something unreadable is named in the answer, not a bare 500.
  const broken = (path: string, kind: EntryKind, why: string): ForecastUnavailable =>
    new ForecastUnavailable(`The replay bundle's file ${relative(dir, entryFile(dir, path, kind))} ${why}.`);
  const read = <T>(path: string, kind: EntryKind, reader: (dir: string, path: string) => T): T => {
    try {
      return reader(dir, path);
    } catch (error) {
      throw broken(path, kind, `cannot be read: ${(error as Error).message}`);
    }
  };
  // What a file holds is written out here, per request: a date that cannot be written (a token edited past
  // what a Date holds, a lastModified that is no date) or a body too deep to walk is the file's fault, named
  // as such, not a bare 500 or a `Last-Modified: Invalid Date`.
  const served = <T>(path: string, kind: EntryKind, write: () => T): T => {
    try {
      return write();
    } catch (error) {
      if (error instanceof ForecastUnavailable) throw error;
      throw broken(path, kind, `cannot be served: ${(error as Error).message}`);
    }
  };
  const lastModifiedOf = (path: string, kind: EntryKind, text: string, nowMs: number): Date => {
    const date = resolveDate(text, nowMs);
    if (Number.isNaN(date.getTime()))
      throw broken(path, kind, `cannot be served: its lastModified ${JSON.stringify(text)} is not a date`);
    return date;
  };
  const source: PathSource = {
    async document(path: string, _accept: string | undefined, ctx: ForecastContext) {
      const entry: unknown = read(path, 'document', readEntry);
      // Only a file that is not there is missing: one holding `null` is there, and broken.
      if (entry === undefined) return missing(path);
      if (!isObject(entry) || !isObject(entry['body']) || typeof entry['lastModified'] !== 'string')
        throw broken(path, 'document', 'needs the document as its body and a lastModified date');
      const { body, lastModified } = entry as unknown as BundleEntry;
      const nowMs = options.clock.now().getTime();
      return served(path, 'document', () => {
        const based = mapStrings(body, (s) =>
          s.includes(BASE_PLACEHOLDER) ? s.split(BASE_PLACEHOLDER).join(ctx.baseUrl) : s,
        );
        return {
          body: resolveDates(based, nowMs) as Record<string, unknown>,
          lastModified: lastModifiedOf(path, 'document', lastModified, nowMs),
          maxAgeSeconds: MAX_AGE_SECONDS,
        } satisfies ForecastDocument;
      });
    },
    async asset(path: string, media: AssetMedia) {
      const found: unknown = read(path, 'asset', readAssetEntry);
      if (found === undefined) return missing(path, media);
      const entry = (isObject(found) ? found : {}) as Partial<AssetEntry>;
      const hasBytes = typeof entry.text === 'string' || typeof entry.base64 === 'string';
      if (typeof entry.contentType !== 'string' || !hasBytes || typeof entry.lastModified !== 'string')
        throw broken(path, 'asset', 'needs a contentType, a lastModified date and the bytes as text or base64');
      const { contentType, text, base64, lastModified } = entry;
      const nowMs = options.clock.now().getTime();
      return served(path, 'asset', () => {
        const bytes =
          typeof text === 'string'
            ? Buffer.from(resolveDates(text, nowMs) as string, 'utf8')
            : Buffer.from(base64!, 'base64');
        return {
          contentType,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          lastModified: lastModifiedOf(path, 'asset', lastModified, nowMs),
          maxAgeSeconds: MAX_AGE_SECONDS,
        } satisfies ForecastAsset;
      });
    },
  };
  return {
    ...createPathAddressedProvider({
      source,
      fallback: options.strict ? undefined : options.fallback,
      now: () => options.clock.now().getTime(),
    }),
    bundlePaths: () => listEntries(dir),
  };
}

/** A JSON object: an array is no entry and no document. */
function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
