import type { ForecastContext, ForecastDocument, ForecastProvider } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { RadarStationQuery } from '../../../../domain/forecast/extended-queries.ts';
import type { RadarRecord } from '../catalogue/types.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS, issuance } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { plainContext, sharedGeoJsonContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { weatherAt } from '../weather/index.ts';

// The radar sites are real (NCEI's list of NEXRAD WSR-88D and TDWR sites). What api.weather.gov adds about
// its own data servers, their LDM queues and each radar's RDA status is internal to the NWS and not public:
// the embedded provider names one server, itself ("embedded"), reports no alarms, and lists in its queue
// the volume scans the radars would have sent in the last minutes (one per radar per 5 minutes, the
// precipitation-mode cycle). Profiler answers are the model's winds at the site, not a real profiler.

/** The one data server of the embedded provider: no NWS server name is borrowed. */
const SERVER_ID = 'embedded';

const STATION_TYPE: Readonly<Record<RadarRecord['type'], string>> = { NEXRAD: 'WSR-88D', TDWR: 'TDWR' };

export function radarResources(
  deps: EmbeddedDeps,
): Pick<
  ForecastProvider,
  'radarServers' | 'radarServer' | 'radarStations' | 'radarStation' | 'radarAlarms' | 'radarQueue' | 'radarProfiler'
> {
  const { catalogue } = deps;
  const radars = [...catalogue.radars.values()].sort((a, b) => a.id.localeCompare(b.id));
  const find = (id: string): RadarRecord => {
    const r = catalogue.radars.get(id);
    if (!r) throw new ForecastNotFound(`Radar station ${id} not found`);
    return r;
  };

  const timeZoneOf = (r: RadarRecord): string => catalogue.nearestStations(r.lat, r.lon, 1)[0]?.item.timeZone ?? 'UTC';

  function feature(r: RadarRecord, base: string): Record<string, unknown> {
    const id = cachedLinks(base).radarStation(r.id);
    return {
      id,
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
      properties: {
        '@id': id,
        '@type': 'wx:RadarStation',
        id: r.id,
        name: r.name,
        stationType: STATION_TYPE[r.type],
        elevation: { unitCode: 'wmoUnit:m', value: r.elevationMeters },
        timeZone: timeZoneOf(r),
        // Not public: the NWS's latency measurements and RDA status.
        latency: null,
        rda: null,
      },
    };
  }

  function matches(r: RadarRecord, q: RadarStationQuery): boolean {
    return (
      !q.stationTypes ||
      q.stationTypes.some((t) => t.toUpperCase() === STATION_TYPE[r.type].toUpperCase() || t.toUpperCase() === r.type)
    );
  }

  const server = (base: string) => ({
    '@id': `${base}/radar/servers/${SERVER_ID}`,
    '@type': 'wx:RadarServer',
    id: SERVER_ID,
    type: 'embedded',
    active: true,
    primary: true,
    aggregate: false,
    locked: false,
    radarNetworkUp: true,
    collectionTime: new Date(issuance(deps.clock).hour * 3_600_000).toISOString(),
    reportingHost: SERVER_ID,
    ping: null,
    command: null,
    hardware: null,
    resources: null,
    network: null,
  });

  const doc = (body: Record<string, unknown>, maxAgeSeconds = CATALOGUE_MAX_AGE_SECONDS): ForecastDocument => ({
    body,
    lastModified: CATALOGUE_EDITION,
    maxAgeSeconds,
  });
  const checkHost = (host: string | undefined) => {
    if (host !== undefined && host !== SERVER_ID)
      throw new ForecastNotFound(`Reporting host ${host} not found; the embedded provider's server is "${SERVER_ID}".`);
  };

  return {
    async radarServers(host, ctx) {
      checkHost(host);
      return doc({ '@context': plainContext(ctx.baseUrl), '@graph': [server(ctx.baseUrl)] }, 60);
    },
    async radarServer(id, host, ctx) {
      checkHost(host);
      if (id !== SERVER_ID)
        throw new ForecastNotFound(`Radar server ${id} not found; the embedded provider's server is "${SERVER_ID}".`);
      return doc({ '@context': plainContext(ctx.baseUrl), ...server(ctx.baseUrl) }, 60);
    },
    async radarStations(q, ctx) {
      checkHost(q.reportingHost);
      return doc({
        '@context': sharedGeoJsonContext(ctx.baseUrl),
        type: 'FeatureCollection',
        features: radars.filter((r) => matches(r, q)).map((r) => feature(r, ctx.baseUrl)),
      });
    },
    async radarStation(id, q, ctx) {
      checkHost(q.reportingHost);
      return doc({ '@context': sharedGeoJsonContext(ctx.baseUrl), ...feature(find(id), ctx.baseUrl) });
    },
    async radarAlarms(id, ctx) {
      find(id);
      return doc({ '@context': plainContext(ctx.baseUrl), '@graph': [] }, 60);
    },
    async radarQueue(host, limit, ctx: ForecastContext) {
      checkHost(host);
      const nowMs = deps.clock.now().getTime();
      const last = Math.floor(nowMs / 300_000) * 300_000;
      const graph = [];
      for (let t = last; graph.length < limit && t > last - 3_600_000; t -= 300_000) {
        for (const r of radars) {
          if (graph.length >= limit) break;
          graph.push({
            '@id': `${ctx.baseUrl}/radar/queues/${host}#${r.id}-${t}`,
            host,
            arrivalTime: new Date(t + 45_000).toISOString(),
            createdTime: new Date(t).toISOString(),
            resolutionVersion: 1,
            station: r.id,
            type: r.type === 'TDWR' ? 'TDWR' : 'NEXRAD',
            feed: 'NEXRAD2',
            sequenceNumber: Math.floor(t / 300_000) % 1000,
            size: null,
          });
        }
      }
      return {
        body: { '@context': plainContext(ctx.baseUrl), '@graph': graph },
        lastModified: new Date(last),
        maxAgeSeconds: 60,
      };
    },
    async radarProfiler(id, ctx) {
      const r = find(id);
      const { hour } = issuance(deps.clock);
      const s = weatherAt({ lat: r.lat, lon: r.lon, elevationM: r.elevationMeters }, hour);
      // Winds aloft by the one-seventh power law from the model's 10 m wind: a stand-in, not a measurement.
      const levels = [500, 1000, 2000, 3000, 5000].map((h) => ({
        height: { unitCode: 'wmoUnit:m', value: h },
        windSpeed: { unitCode: 'wmoUnit:km_h-1', value: Math.round(s.windSpeedKmh * (h / 10) ** (1 / 7) * 10) / 10 },
        windDirection: { unitCode: 'wmoUnit:degree_(angle)', value: Math.round(s.windDirectionDeg) },
      }));
      const body = {
        '@context': plainContext(ctx.baseUrl),
        '@id': `${ctx.baseUrl}/radar/profilers/${r.id}`,
        stationId: r.id,
        time: new Date(hour * 3_600_000).toISOString(),
        levels,
      };
      return { body, lastModified: new Date(hour * 3_600_000), maxAgeSeconds: issuance(deps.clock).maxAgeSeconds };
    },
  };
}
