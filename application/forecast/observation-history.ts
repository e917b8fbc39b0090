import { parseStationId } from '../../domain/forecast/grid-ref.ts';
import type { QueryValues } from '../../domain/forecast/queries.ts';
import { parseObservationQuery, parseTimeSegment } from '../../domain/forecast/extended-queries.ts';
import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Past observations: a station's history, one observation by time, and the observations in a zone. */
export class ListObservations {
  constructor(private readonly provider: ForecastProvider) {}

  atStation(stationId: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.observations(parseStationId(stationId), parseObservationQuery(query), ctx);
  }

  oneAt(stationId: string, time: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.observationAt(parseStationId(stationId), parseTimeSegment(time), ctx);
  }

  inZone(zoneId: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    if (!/^[A-Za-z]{2}[Zz]\d{3}$/.test(zoneId)) throw new ForecastNotFound(`Zone "${zoneId}" does not exist.`);
    return this.provider.zoneObservations(zoneId.toUpperCase(), parseObservationQuery(query), ctx);
  }
}
