import type {
  AssetMedia,
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
  GridRef,
} from '../../../application/forecast/ports.ts';
import type { Coordinates } from '../../../domain/forecast/coordinates.ts';
import { ForecastNotFound, ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { localFilter } from './local-filters.ts';
import { ROUTES } from './route-table.ts';

/**
 * Something that answers API paths: the upstream gateway (through its cache), a recorded bundle. It
 * returns undefined for a path it does not hold, which then goes to the fallback provider, if any.
 */
export interface PathSource {
  document(
    pathAndQuery: string,
    accept: string | undefined,
    ctx: ForecastContext,
  ): Promise<ForecastDocument | undefined>;
  asset(pathAndQuery: string, media: AssetMedia, ctx: ForecastContext): Promise<ForecastAsset | undefined>;
}

export interface PathAddressedOptions {
  readonly source: PathSource;
  /** Answers what the source does not hold, by the same method (the embedded model); absent, a 404. */
  readonly fallback?: ForecastProvider;
  /** For the local filters (which alerts have expired). */
  readonly now: () => number;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * A ForecastProvider whose every method is the path of ROUTES asked of one source: no method is wired by
 * hand, so none can be forgotten (the bug of issue 39, where a replay ignored 33 of them).
 */
export function createPathAddressedProvider(options: PathAddressedOptions): ForecastProvider {
  const { source, fallback, now } = options;
  const orFallback = <R>(path: string, ask: (fallback: ForecastProvider) => Promise<R>): Promise<R> => {
    if (!fallback) throw new ForecastNotFound(`No resource matches ${path}.`);
    return ask(fallback);
  };
  const methods: Record<string, AnyMethod> = {};
  for (const [name, path] of Object.entries(ROUTES) as Array<[string, (...args: unknown[]) => string]>) {
    const fallen = (asked: string, all: unknown[]): Promise<unknown> => {
      // Looked up now, not when built: a lazy fallback is then built only when first needed.
      const fall: unknown = fallback ? Reflect.get(fallback, name) : undefined;
      if (typeof fall !== 'function') throw new ForecastNotFound(`No resource matches ${asked}.`);
      return (fall as AnyMethod).apply(fallback, all);
    };
    // Chained, not awaited: the source's ready answer (a warm gateway's fresh hit) costs no further hop.
    methods[name] = (...all: unknown[]): Promise<unknown> => {
      const ctx = all[all.length - 1] as ForecastContext;
      const asked = path(...all.slice(0, -1));
      return source.document(asked, undefined, ctx).then((found) => found ?? fallen(asked, all));
    };
  }
  const provider = methods as unknown as ForecastProvider;
  return {
    ...provider,
    // The verbs are addressed by path already: the source is asked for it as it stands, less a parameter
    // the API lacks (local-filters.ts), which then narrows what it answers.
    document: async (request, ctx) => {
      const filter = localFilter(request.path, now());
      const found = await source.document(filter?.asked ?? request.path, request.accept, ctx);
      if (found) return filter ? { ...found, body: filter.narrow(found.body) } : found;
      return orFallback(request.path, (f) => f.document(request, ctx));
    },
    asset: async (request, media, ctx) =>
      (await source.asset(request.path, media, ctx)) ??
      (await orFallback(request.path, (f) => f.asset(request, media, ctx))),
    // The grid a point falls in is read from the point's document, so /points/{p}/forecast costs no other path.
    gridOf: async (point, ctx) => gridOfPoint((await provider.point(point, ctx)).body, point),
    ...(fallback?.prepare ? { prepare: fallback.prepare.bind(fallback) } : {}),
  };
}

function gridOfPoint(body: Record<string, unknown>, p: Coordinates): GridRef {
  const properties = body['properties'] as Record<string, unknown> | undefined;
  const office = properties?.['gridId'];
  const x = Number(properties?.['gridX']);
  const y = Number(properties?.['gridY']);
  if (typeof office !== 'string' || !Number.isInteger(x) || !Number.isInteger(y)) {
    if (properties && 'gridId' in properties)
      throw new ForecastNotFound(`No forecast grid covers the point ${p.lat},${p.lon}.`);
    throw new ForecastUnavailable(
      `The forecast source described the point ${p.lat},${p.lon} without its grid cell.`,
      'failed',
    );
  }
  return { office: office.toUpperCase(), x, y };
}
