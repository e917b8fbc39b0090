import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { QueryValues } from '../../domain/forecast/queries.ts';
import {
  hostParam,
  parseQueueLimit,
  parseRadarStationId,
  parseRadarStationQuery,
} from '../../domain/forecast/extended-queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

function serverId(text: string): string {
  if (!/^[A-Za-z0-9.-]{1,64}$/.test(text)) throw new ForecastNotFound(`Radar server "${text}" does not exist.`);
  return text.toLowerCase();
}

/** The radar network's metadata: servers, stations (NEXRAD and TDWR), alarms, LDM queues, profilers. */
export class GetRadarMetadata {
  constructor(private readonly provider: ForecastProvider) {}

  servers(query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarServers(hostParam(query, 'reportingHost'), ctx);
  }

  server(id: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarServer(serverId(id), hostParam(query, 'reportingHost'), ctx);
  }

  stations(query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarStations(parseRadarStationQuery(query), ctx);
  }

  station(id: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarStation(parseRadarStationId(id), parseRadarStationQuery(query), ctx);
  }

  alarms(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarAlarms(parseRadarStationId(id), ctx);
  }

  queue(host: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarQueue(serverId(host), parseQueueLimit(query), ctx);
  }

  profiler(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.radarProfiler(parseRadarStationId(id), ctx);
  }
}
