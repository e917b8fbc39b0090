import { parsePage, type QueryValues } from '../../domain/forecast/queries.ts';
import { gridRefOf } from './parsed-texts.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export class GetGridpoint {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(office: string, xy: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.gridpoint(gridRefOf(office, xy), ctx);
  }

  /** The observation stations nearest the cell, nearest first. */
  async stations(office: string, xy: string, query: QueryValues, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.gridpointStations(gridRefOf(office, xy), parsePage(query, 25), ctx);
  }
}
