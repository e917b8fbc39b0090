import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

const SAFE_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(\?[^#]*)?$/;

/** Whatever else the API's links point at: other documents and icons, where the provider has them. */
export class GetOtherResource {
  constructor(private readonly provider: ForecastProvider) {}

  async document(pathAndQuery: string, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!this.provider.other || !isSafe(pathAndQuery)) throw notFound(pathAndQuery);
    return this.provider.other(pathAndQuery, ctx);
  }

  async icon(pathAndQuery: string, ctx: ForecastContext): Promise<ForecastAsset> {
    if (!this.provider.icon || !isSafe(pathAndQuery) || !pathAndQuery.startsWith('/icons/'))
      throw notFound(pathAndQuery);
    return this.provider.icon(pathAndQuery, ctx);
  }
}

function isSafe(path: string): boolean {
  return path.length <= 2048 && SAFE_PATH.test(path) && !path.split('?')[0]!.split('/').includes('..');
}

function notFound(path: string): ForecastNotFound {
  return new ForecastNotFound(`No resource matches ${path.split('?')[0]}.`);
}
