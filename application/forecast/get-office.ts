import { parseOfficeId } from '../../domain/forecast/grid-ref.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export class GetOffice {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.office(parseOfficeId(id), ctx);
  }
}
