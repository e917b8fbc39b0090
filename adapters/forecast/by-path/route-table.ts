import type {
  AssetMedia,
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
  JsonDocument,
} from '../../../application/forecast/ports.ts';
import { corePaths as paths } from './core-paths.ts';

/**
 * The few facts each port method needs when it is answered by path (the upstream gateway, a recorded
 * bundle): the API path and query it stands for, what it is asked for with, and the filters applied to
 * what the path answers. Everything else is generic (see path-addressed-provider.ts), so a source that
 * answers paths covers every route and every media type by construction: this table is typed over the
 * port, and a new port method that has no line here does not compile.
 */

export type { AssetMedia };

export interface DocumentRoute<A extends unknown[]> {
  readonly kind: 'document';
  readonly path: (...args: A) => string;
  /** The media type to ask for when not GeoJSON (api.weather.gov's JSON-LD-only documents). */
  readonly accept?: string;
  /**
   * Narrows what the path answered to what the request asked, where the API lacks the filter (declared
   * routes have theirs in local-filters.ts). Returns the body itself when there is nothing to narrow.
   */
  readonly narrow?: (body: JsonDocument, args: A, nowMs: number) => JsonDocument;
}

export interface AssetRoute<A extends unknown[]> {
  readonly kind: 'asset';
  readonly path: (...args: A) => string;
  readonly media: AssetMedia;
}

/**
 * The typed methods answered by path: all but gridOf (read from the point's document), prepare, and the
 * two verbs, which are addressed by path already.
 */
type PathMethod = Exclude<keyof ForecastProvider, 'gridOf' | 'prepare' | 'document' | 'asset'>;
type MethodOf<K extends PathMethod> = NonNullable<ForecastProvider[K]>;
/** A method's arguments before its trailing ForecastContext. */
export type ArgsOf<K extends PathMethod> =
  MethodOf<K> extends (...args: [...infer A, ForecastContext]) => unknown ? A : never;
type Returning<R> = {
  [K in PathMethod]-?: MethodOf<K> extends (...args: never[]) => Promise<R> ? K : never;
}[PathMethod];
export type DocumentMethod = Returning<ForecastDocument>;
export type AssetMethod = Returning<ForecastAsset>;

export type RouteTable = { readonly [K in DocumentMethod]: DocumentRoute<ArgsOf<K>> } & {
  readonly [K in AssetMethod]: AssetRoute<ArgsOf<K>>;
};

const doc = <A extends unknown[]>(
  path: (...args: A) => string,
  extra: Omit<DocumentRoute<A>, 'kind' | 'path'> = {},
): DocumentRoute<A> => ({ kind: 'document', path, ...extra });

export const ROUTES: RouteTable = {
  point: doc(paths.point),
  forecast: doc(paths.forecast),
};
