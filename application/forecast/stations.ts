import { parseStationId } from '../../domain/forecast/grid-ref.ts';
import { parseStationQuery, type QueryValues } from '../../domain/forecast/queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export class ListStations {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.stations(parseStationQuery(query), ctx);
  }
}

export class GetStation {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.station(parseStationId(id), ctx);
  }
}

export class GetLatestObservation {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(stationId: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.latestObservation(parseStationId(stationId), ctx);
  }
}
