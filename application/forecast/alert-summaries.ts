import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** /alerts/active/count (totals of the active alerts) and /alerts/types (the event names). */
export class SummariseAlerts {
  constructor(private readonly provider: ForecastProvider) {}

  count(ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.alertCounts(ctx);
  }

  types(ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.alertTypes(ctx);
  }
}
