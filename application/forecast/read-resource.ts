import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';
import {
  documentRequest,
  type AssetRule,
  type DocumentRule,
  type RouteInput,
  type RouteRule,
} from './resource-route.ts';

const SAFE_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(\?[^#]*)?$/;

/**
 * Every route declared by rule (see resource-route.ts): parse the request, then ask the provider for the
 * path the rule spells. It replaces the use cases that only parsed and delegated; those with more to do
 * (a point's redirect, its grid cell) stay typed. `other` is everything else the API's links may name.
 */
export class ReadResource {
  /**
   * @param routes the rules to serve (the embedded families declare them; the composition hands them over,
   * so that the HTTP adapter registers them without knowing any provider).
   */
  constructor(
    private readonly provider: ForecastProvider,
    readonly routes: readonly RouteRule[],
  ) {}

  document<T>(rule: DocumentRule<T>, input: RouteInput, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.document(documentRequest(rule, rule.parse(input)), ctx);
  }

  asset<T>(rule: AssetRule<T>, input: RouteInput, ctx: ForecastContext): Promise<ForecastAsset> {
    return this.provider.asset({ path: rule.path(rule.parse(input)) }, rule.media, ctx);
  }

  /** A path no rule declares: relayed when it is safe to (the upstream provider holds more than the model). */
  other(pathAndQuery: string, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!isSafePath(pathAndQuery)) return Promise.reject(notFoundAt(pathAndQuery));
    return this.provider.document({ path: pathAndQuery }, ctx);
  }
}

/** A path that may be relayed as it is: plain characters, no `..`, not absurdly long. */
export function isSafePath(path: string): boolean {
  return path.length <= 2048 && SAFE_PATH.test(path) && !path.split('?')[0]!.split('/').includes('..');
}

export function notFoundAt(path: string): ForecastNotFound {
  return new ForecastNotFound(`No resource matches ${path.split('?')[0]}.`);
}
