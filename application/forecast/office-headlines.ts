import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import { parseOfficeId } from '../../domain/forecast/grid-ref.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** An office's headlines, and one by id. */
export class GetOfficeHeadlines {
  constructor(private readonly provider: ForecastProvider) {}

  list(officeId: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.officeHeadlines(parseOfficeId(officeId), ctx);
  }

  one(officeId: string, headlineId: string, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(headlineId))
      throw new ForecastNotFound(`Headline "${headlineId}" does not exist.`);
    return this.provider.officeHeadline(parseOfficeId(officeId), headlineId.toLowerCase(), ctx);
  }
}
