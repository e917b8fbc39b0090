import { InvalidParameter, PointNotCanonical } from '../../domain/forecast/errors.ts';
import { gridRefOf, pointOf } from './parsed-texts.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export interface ForecastRequest {
  readonly hourly: boolean;
  /** `us` (the default) or `si`. */
  readonly units?: string;
}

/** The 7-day (14 periods) or hourly (48 periods) forecast, for a grid cell or for the cell of a point. */
export class GetForecast {
  constructor(private readonly provider: ForecastProvider) {}

  async forGrid(office: string, xy: string, request: ForecastRequest, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.forecast(gridRefOf(office, xy), { hourly: request.hourly, units: units(request.units) }, ctx);
  }

  async forPoint(pointText: string, request: ForecastRequest, ctx: ForecastContext): Promise<ForecastDocument> {
    const point = pointOf(pointText);
    if (point.needsRounding) throw new PointNotCanonical(point.canonical);
    const options = { hourly: request.hourly, units: units(request.units) };
    return this.provider.forecast(await this.provider.gridOf(point, ctx), options, ctx);
  }
}

function units(text: string | undefined): 'us' | 'si' {
  if (text === undefined || text === 'us') return 'us';
  if (text === 'si') return 'si';
  throw new InvalidParameter(`Invalid units "${text}": expected us or si.`, 'units');
}
