import type { H3 } from 'h3';
import type { ForecastUseCases } from '../../../application/forecast/index.ts';
import { forecastHandler, type ForecastHandlerOptions, type ForecastRoute } from './forecast-handler.ts';

/** Every forecast route of the spec, at the root, GET and HEAD. */
export function registerForecastRoutes(app: H3, uc: ForecastUseCases, options: ForecastHandlerOptions, report: (e: unknown) => void): void {
  const get = (path: string, route: ForecastRoute): void => {
    const handler = forecastHandler(route, options, report);
    app.get(path, handler);
    app.on('HEAD', path, handler);
  };
  const units = (q: { query: { units?: readonly string[] } }) => q.query.units?.[0];

  get('/points/:point', (r) => uc.resolvePoint.execute(r.param('point'), r));
  get('/points/:point/forecast', (r) => uc.getForecast.forPoint(r.param('point'), { hourly: false, units: units(r) }, r));
  get('/points/:point/forecast/hourly', (r) => uc.getForecast.forPoint(r.param('point'), { hourly: true, units: units(r) }, r));

  get('/gridpoints/:office/:xy', (r) => uc.getGridpoint.execute(r.param('office'), r.param('xy'), r));
  get('/gridpoints/:office/:xy/forecast', (r) => uc.getForecast.forGrid(r.param('office'), r.param('xy'), { hourly: false, units: units(r) }, r));
  get('/gridpoints/:office/:xy/forecast/hourly', (r) => uc.getForecast.forGrid(r.param('office'), r.param('xy'), { hourly: true, units: units(r) }, r));
  get('/gridpoints/:office/:xy/stations', (r) => uc.getGridpoint.stations(r.param('office'), r.param('xy'), r.query, r));

  get('/alerts', (r) => uc.listAlerts.execute(r.query, false, r));
  get('/alerts/active', (r) => uc.listAlerts.execute(r.query, true, r));
  get('/alerts/active/zone/:zoneId', (r) => uc.listAlerts.execute({ ...r.query, zone: [r.param('zoneId')] }, true, r));
  get('/alerts/active/area/:area', (r) => uc.listAlerts.execute({ ...r.query, area: [r.param('area')] }, true, r));
  get('/alerts/:id', (r) => uc.getAlert.execute(r.param('id'), r));

  get('/stations', (r) => uc.listStations.execute(r.query, r));
  get('/stations/:id', (r) => uc.getStation.execute(r.param('id'), r));
  get('/stations/:id/observations/latest', (r) => uc.getLatestObservation.execute(r.param('id'), r));

  get('/zones', (r) => uc.listZones.execute(undefined, r.query, r));
  get('/zones/:type', (r) => uc.listZones.execute(r.param('type'), r.query, r));
  get('/zones/:type/:zoneId', (r) => uc.getZone.execute(r.param('type'), r.param('zoneId'), r.query, r));
  get('/zones/:type/:zoneId/stations', (r) => uc.getZone.stations(r.param('type'), r.param('zoneId'), r.query, r));

  get('/offices/:office', (r) => uc.getOffice.execute(r.param('office'), r));

  const icon = forecastHandler((r) => uc.getOther.icon(pathAndQuery(r.event.url), r), options, report, 'asset');
  app.get('/icons/**', icon);
  app.on('HEAD', '/icons/**', icon);
}

/** Every other GET under the forecast root: what the provider can relay, else a 404 problem. */
export function otherForecastHandler(uc: ForecastUseCases, options: ForecastHandlerOptions, report: (e: unknown) => void) {
  return forecastHandler((r) => uc.getOther.document(pathAndQuery(r.event.url), r), options, report);
}

function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}

