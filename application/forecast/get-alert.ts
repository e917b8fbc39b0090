import { InvalidParameter } from '../../domain/forecast/errors.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

export class GetAlert {
  constructor(private readonly provider: ForecastProvider) {}

  async execute(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    if (id.length === 0 || id.length > 200) throw new InvalidParameter(`Invalid alert id "${id.slice(0, 50)}".`, 'id');
    return this.provider.alert(id, ctx);
  }

  /** The same alert as CAP 1.2 XML. */
  async asCap(id: string, ctx: ForecastContext): Promise<ForecastAsset> {
    if (id.length === 0 || id.length > 200) throw new InvalidParameter(`Invalid alert id "${id.slice(0, 50)}".`, 'id');
    return this.provider.alertCap(id, ctx);
  }
}
