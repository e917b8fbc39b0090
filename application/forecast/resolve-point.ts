import { PointNotCanonical } from '../../domain/forecast/errors.ts';
import { pointOf } from './parsed-texts.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Point metadata for `lat,lon`. More than 4 decimals is PointNotCanonical, carrying the rounded form. */
export class ResolvePoint {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(pointText: string, ctx: ForecastContext): Promise<ForecastDocument> {
    const point = pointOf(pointText);
    if (point.needsRounding) throw new PointNotCanonical(point.canonical);
    return this.provider.point(point, ctx);
  }
}
