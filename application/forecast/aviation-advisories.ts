import type { QueryValues } from '../../domain/forecast/queries.ts';
import {
  parseCwaSequence,
  parseCwsuId,
  parseDateSegment,
  parseFir,
  parseSigmetQuery,
  parseSigmetSequence,
} from '../../domain/forecast/extended-queries.ts';
import type { ForecastContext, ForecastDocument, ForecastProvider } from './ports.ts';

/** Center Weather Service Units and their advisories (CWAs), and SIGMETs by FIR. */
export class GetAviationAdvisories {
  constructor(private readonly provider: ForecastProvider) {}

  cwsu(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.cwsu(parseCwsuId(id), ctx);
  }

  cwas(cwsuId: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.cwas(parseCwsuId(cwsuId), ctx);
  }

  cwa(cwsuId: string, date: string, sequence: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.cwa(parseCwsuId(cwsuId), parseDateSegment(date), parseCwaSequence(sequence), ctx);
  }

  /** /aviation/sigmets (query filters), /sigmets/{fir} and /sigmets/{fir}/{date}. */
  sigmets(query: QueryValues, path: { fir?: string; date?: string }, ctx: ForecastContext): Promise<ForecastDocument> {
    if (path.fir === undefined) return this.provider.sigmets(parseSigmetQuery(query), ctx);
    return this.provider.sigmets(
      { fir: parseFir(path.fir), date: path.date === undefined ? undefined : parseDateSegment(path.date) },
      ctx,
    );
  }

  sigmet(fir: string, date: string, sequence: string, ctx: ForecastContext): Promise<ForecastDocument> {
    return this.provider.sigmet(parseFir(fir), parseDateSegment(date), parseSigmetSequence(sequence), ctx);
  }
}
