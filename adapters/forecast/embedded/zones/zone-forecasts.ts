import type { ForecastContext, ForecastDocument, ForecastProvider } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { isMarineType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue, ForecastZoneRecord } from '../catalogue/types.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { cachedLinks } from '../shared/links.ts';
import { zoneContext } from '../shared/json-ld.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { ZONE_FORECAST } from './zone-routes.ts';
import { marineZoneById } from './zone-records.ts';

export interface ZonePeriod {
  readonly number: number;
  readonly name: string;
  readonly detailedForecast: string;
}

/** A zone's forecast periods and when they were issued. */
export interface ZoneForecastText {
  readonly zone: ForecastZoneRecord;
  readonly updated: string;
  readonly periods: readonly ZonePeriod[];
  readonly lastModified: Date;
}

type GridPart = Pick<ForecastProvider, 'gridOf' | 'forecast'>;

/**
 * A public zone's text forecast is the 7-day forecast of the grid cell at the zone's published centroid:
 * the same periods, names and wording as /gridpoints/{office}/{x},{y}/forecast of that cell, so a zone
 * forecast always agrees with the gridpoint forecast inside the zone.
 */
export function zoneForecastText(deps: EmbeddedDeps, grid: GridPart) {
  return async (zoneId: string, ctx: ForecastContext): Promise<ZoneForecastText> => {
    const zone = deps.catalogue.forecastZones.get(zoneId);
    if (!zone) throw new ForecastNotFound(`Zone ${zoneId} not found`);
    const cell = await grid.gridOf({ lat: zone.centroid.lat, lon: zone.centroid.lon }, ctx);
    const doc = await grid.forecast(cell, { hourly: false, units: 'us' }, ctx);
    const properties = doc.body['properties'] as {
      updated: string;
      periods: Array<{ number: number; name: string; detailedForecast: string }>;
    };
    return {
      zone,
      updated: properties.updated,
      periods: properties.periods.map((p) => ({
        number: p.number,
        name: p.name,
        detailedForecast: p.detailedForecast,
      })),
      lastModified: doc.lastModified,
    };
  };
}

export type ZoneForecastSource = ReturnType<typeof zoneForecastText>;

/**
 * /zones/{type}/{zoneId}/forecast: public (forecast) zones only, as NWS writes text forecasts per public zone.
 * A marine zone, asked for under either path, is api.weather.gov's 404 "Marine Forecast Not Supported" (as
 * recorded for AMZ552 and GMZ836 in 2026: it serves no marine zone forecast, as no gridpoint one over water).
 */
export function zoneForecastResources(text: ZoneForecastSource, catalogue: Catalogue): FamilyRoutes {
  return {
    routes: [
      serve(ZONE_FORECAST, async ({ type, id: zoneId }, ctx): Promise<ForecastDocument> => {
        const marine = marineZoneById(catalogue, zoneId) !== undefined && !catalogue.forecastZones.has(zoneId);
        if (marine && (type === 'forecast' || isMarineType(type)))
          throw new ForecastNotFound(
            `No forecast for marine zone ${zoneId}: forecasts for marine areas are not supported.`,
            'Marine Forecast Not Supported',
          );
        if (type !== 'forecast')
          throw new ForecastNotFound(
            `Zone ${zoneId} of type ${type} has no text forecast; forecasts are written for public (forecast) zones.`,
          );
        const f = await text(zoneId, ctx);
        const links = cachedLinks(ctx.baseUrl);
        const body = {
          '@context': zoneContext(),
          id: `${links.zone('forecast', zoneId)}/forecast`,
          type: 'Feature',
          geometry: null,
          properties: { zone: links.zone('forecast', zoneId), updated: f.updated, periods: f.periods },
        };
        return { body, lastModified: f.lastModified, maxAgeSeconds: 0 };
      }),
    ],
  };
}
