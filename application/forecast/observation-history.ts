import type { QueryValues } from '../../domain/forecast/queries.ts';
import { parseObservationQuery } from '../../domain/forecast/extended-queries.ts';
import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Past observations in a zone. */
export class ListObservations {
  constructor(private readonly provider: ForecastProvider) {}

  inZone(zoneId: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!/^[A-Za-z]{2}[Zz]\d{3}$/.test(zoneId)) throw new ForecastNotFound(`Zone "${zoneId}" does not exist.`);
    return this.provider.zoneObservations(zoneId.toUpperCase(), parseObservationQuery(query), ctx);
  }
}
