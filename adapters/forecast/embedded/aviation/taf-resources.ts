import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { TAFS_ROUTE, TAF_ROUTE } from './aviation-routes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { StationRecord } from '../catalogue/types.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { plainContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { stationElevation } from '../stations/station-features.ts';
import { weatherAt } from '../weather/index.ts';
import { isoZ, pad, tafIwxxm, tafText, type TafGroup, type TafIssue } from './taf-codes.ts';

// Terminal aerodrome forecasts from the same model as the forecasts and observations: airports (stations
// whose elevation comes from the airport list) issue a TAF at 2320, 0520, 1120 and 1720 UTC, valid 24 hours
// from the next synoptic hour, with a change group (FM) every 3 hours describing the model's weather then.

const HOUR = 3_600_000;
const ISSUE_HOURS = [23, 5, 11, 17];
/** TAFs kept, as api.weather.gov lists the last day or so. */
const TAF_RETENTION_HOURS = 30;

/** /stations/{id}/tafs and one TAF: the airport's forecasts issued in the last day or so. */
export function tafResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;

  const airport = (id: string): StationRecord => {
    const s = catalogue.stations.get(id);
    if (!s) throw new ForecastNotFound(`Station ${id} not found`);
    if (s.elevationSource !== 'airport')
      throw new ForecastNotFound(`Station ${id} issues no TAF: TAFs are for airports.`);
    return s;
  };

  function issues(station: StationRecord): TafIssue[] {
    const nowMs = deps.clock.now().getTime();
    const out: TafIssue[] = [];
    for (let h = Math.floor(nowMs / HOUR); h > Math.floor(nowMs / HOUR) - TAF_RETENTION_HOURS; h--) {
      const issuedMs = h * HOUR + 20 * 60_000;
      if (issuedMs > nowMs || !ISSUE_HOURS.includes(new Date(issuedMs).getUTCHours())) continue;
      const startMs = (h + 1) * HOUR;
      out.push({ station, issuedMs, startMs, endMs: startMs + 24 * HOUR });
    }
    return out;
  }

  function groups(t: TafIssue): TafGroup[] {
    const place = { lat: t.station.lat, lon: t.station.lon, elevationM: stationElevation(t.station, catalogue) };
    const out: TafGroup[] = [];
    // A scenario's weather reaches the TAF too, so a thunderstorm override shows in the aviation forecast.
    const adjust = deps.overlay?.adjust();
    for (let ms = t.startMs; ms < t.endMs; ms += 3 * HOUR)
      out.push({ fromMs: ms, s: weatherAt(place, Math.floor(ms / HOUR), adjust) });
    return out;
  }

  const pathOf = (t: TafIssue) =>
    `${new Date(t.issuedMs).toISOString().slice(0, 10)}/${pad(new Date(t.issuedMs).getUTCHours())}${pad(new Date(t.issuedMs).getUTCMinutes())}`;

  return {
    routes: [
      serve(TAFS_ROUTE, async (stationId, ctx: ForecastContext): Promise<ForecastDocument> => {
        const s = airport(stationId);
        const links = cachedLinks(ctx.baseUrl);
        const list = issues(s);
        const graph = list.map((t) => ({
          '@id': `${links.station(s.id)}/tafs/${pathOf(t)}`,
          id: `${s.id}-${pathOf(t).replace('/', '-')}`,
          station: links.station(s.id),
          issueTime: isoZ(t.issuedMs),
          validTime: `${isoZ(t.startMs)}/${isoZ(t.endMs)}`,
          start: isoZ(t.startMs),
          end: isoZ(t.endMs),
          rawMessage: tafText(t, groups(t)),
        }));
        return {
          body: { '@context': plainContext(ctx.baseUrl), '@graph': graph },
          lastModified: new Date(list[0]?.issuedMs ?? 0),
          maxAgeSeconds: 600,
        };
      }),

      serve(TAF_ROUTE, async ({ station: stationId, date, time }) => {
        const s = airport(stationId);
        const found = issues(s).find((t) => pathOf(t) === `${date}/${time}`);
        if (!found) throw new ForecastNotFound(`Station ${stationId} has no TAF issued at ${date} ${time}Z.`);
        return {
          contentType: 'application/vnd.wmo.iwxxm+xml',
          bytes: new TextEncoder().encode(tafIwxxm(found, groups(found))),
          lastModified: new Date(found.issuedMs),
          maxAgeSeconds: 3600,
        };
      }),
    ],
  };
}
