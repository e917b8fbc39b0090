import type { ForecastContext, ForecastDocument, ForecastProvider } from '../../../application/forecast/ports.ts';
import { corePaths as paths } from './core-paths.ts';

/**
 * The API path (and query) each typed port method stands for when it is answered by path (the upstream
 * gateway, a recorded bundle). Everything else is generic (see path-addressed-provider.ts): the two verbs
 * are addressed by path already, and local-filters.ts holds the parameters the API lacks. The table is
 * typed over the port, so a new typed method with no line here, or one that answers anything but a JSON
 * document, does not compile.
 */

/** The typed methods answered by path: all but gridOf (read from the point's document), prepare, the verbs and a flag. */
type PathMethod = Exclude<keyof ForecastProvider, 'gridOf' | 'prepare' | 'document' | 'asset' | 'followsControls'>;
type MethodOf<K extends PathMethod> = NonNullable<ForecastProvider[K]>;
/** A method's arguments before its trailing ForecastContext. */
type ArgsOf<K extends PathMethod> = MethodOf<K> extends (...args: [...infer A, ForecastContext]) => unknown ? A : never;

export type RouteTable = {
  readonly [K in PathMethod]-?: MethodOf<K> extends (...args: never[]) => Promise<ForecastDocument>
    ? (...args: ArgsOf<K>) => string
    : never;
};

export const ROUTES: RouteTable = {
  point: paths.point,
  forecast: paths.forecast,
};
