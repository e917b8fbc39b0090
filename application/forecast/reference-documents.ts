import { parseSatelliteArea } from '../../domain/forecast/extended-queries.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Documents that explain the API's vocabulary or picture it: the glossary, the icon list, satellite thumbnails. */
export class GetReferenceDocuments {
  constructor(private readonly provider: ForecastProvider) {}

  glossary(ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.glossary(ctx);
  }

  icons(ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.iconIndex(ctx);
  }

  satelliteThumbnail(area: string, ctx: ForecastContext): Promise<ForecastAsset> {
    return this.provider.satelliteThumbnail(parseSatelliteArea(area), ctx);
  }
}
