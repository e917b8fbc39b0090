import { parseAlertQuery, type QueryValues } from '../../domain/forecast/queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** `/alerts` (everything recent) and `/alerts/active` (in effect now), filtered. */
export class ListAlerts {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(query: QueryValues, activeOnly: boolean, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.alerts(parseAlertQuery(query, activeOnly), ctx);
  }
}
