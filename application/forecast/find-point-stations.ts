import { PointNotCanonical, ResourceMoved } from '../../domain/forecast/errors.ts';
import { pointOf } from './parsed-texts.ts';
import type { ForecastContext, ForecastProvider } from './ports.ts';

/**
 * /points/{point}/stations: the OpenAPI declares only a 301 to the point's gridpoint stations, so the
 * answer is where they are, found through the point's grid cell.
 */
export class FindPointStations {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(pointText: string, ctx: ForecastContext): Promise<never> {
    const point = pointOf(pointText);
    if (point.needsRounding) throw new PointNotCanonical(point.canonical);
    const grid = await this.provider.gridOf(point, ctx);
    throw new ResourceMoved(`/gridpoints/${grid.office}/${grid.x},${grid.y}/stations`);
  }
}
