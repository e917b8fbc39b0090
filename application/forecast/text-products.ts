import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { QueryValues } from '../../domain/forecast/queries.ts';
import { parseProductCode, parseProductQuery } from '../../domain/forecast/extended-queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** The NWS text products (AFD, HWO, ZFP…): lists, filters, one product, and the type/location indexes. */
export class BrowseTextProducts {
  constructor(private readonly provider: ForecastProvider) {}

  list(query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.products(parseProductQuery(query), ctx);
  }

  one(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new ForecastNotFound(`Product "${id}" does not exist.`);
    return this.provider.product(id.toLowerCase(), ctx);
  }

  types(location: string | undefined, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.productTypes(location === undefined ? undefined : parseProductCode(location, 'location'), ctx);
  }

  locations(type: string | undefined, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.productLocations(type === undefined ? undefined : parseProductCode(type, 'type'), ctx);
  }

  ofType(type: string, location: string | undefined, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.productsOfType(
      parseProductCode(type, 'type'),
      location === undefined ? undefined : parseProductCode(location, 'location'),
      ctx,
    );
  }
}
