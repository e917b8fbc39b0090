import { parseStationId } from '../../domain/forecast/grid-ref.ts';
import { parseDateSegment, parseHhmm } from '../../domain/forecast/extended-queries.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Terminal aerodrome forecasts of a station: the list, and one TAF as IWXXM. */
export class GetTerminalForecasts {
  constructor(private readonly provider: ForecastProvider) {}

  list(stationId: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.tafs(parseStationId(stationId), ctx);
  }

  one(stationId: string, date: string, time: string, ctx: ForecastContext): Promise<ForecastAsset> {
    return this.provider.taf(parseStationId(stationId), parseDateSegment(date), parseHhmm(time), ctx);
  }
}
