import { parseOfficeId } from '../../domain/forecast/grid-ref.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export class GetOffice {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.office(parseOfficeId(id), ctx);
  }

  /** /offices/{id}/config: the office's configuration document. */
  async config(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.officeConfig(parseOfficeId(id), ctx);
  }
}
