import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import {
  parsePage,
  parseZoneQuery,
  parseZoneType,
  type QueryValues,
  type ZoneType,
} from '../../domain/forecast/queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

function zoneType(text: string): ZoneType {
  const type = parseZoneType(text);
  if (!type)
    throw new ForecastNotFound(
      `Zone type "${text}" does not exist; the types are forecast (or public), county and fire.`,
    );
  return type;
}

function zoneId(text: string): string {
  if (!/^[A-Za-z]{2}[CZcz]\d{3}$/.test(text)) throw new ForecastNotFound(`Zone "${text}" does not exist.`);
  return text.toUpperCase();
}

export class ListZones {
  constructor(private readonly provider: ForecastProvider) {}

  /** `/zones`, or `/zones/{type}` when `type` is given. */
  async execute(type: string | undefined, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.zones(parseZoneQuery(query, type === undefined ? undefined : zoneType(type)), ctx);
  }
}

export class GetZone {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(type: string, id: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    const zt = zoneType(type);
    const effective = parseZoneQuery(query, zt).effective;
    return this.provider.zone(zt, zoneId(id), effective, ctx);
  }

  /** /zones/{type}/{zoneId}/forecast: the zone's text forecast periods. */
  async forecast(type: string, id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.zoneForecast(zoneType(type), zoneId(id), ctx);
  }

  async stations(type: string, id: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.zoneStations(zoneType(type), zoneId(id), parsePage(query, 500), ctx);
  }
}
