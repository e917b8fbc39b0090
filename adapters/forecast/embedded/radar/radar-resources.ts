import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { RadarStationQuery } from '../../../../domain/forecast/extended-queries.ts';
import type { RadarRecord } from '../catalogue/types.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS, issuance } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { plainContext, sharedGeoJsonContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { hashString } from '../weather/hash.ts';
import { weatherAt } from '../weather/index.ts';
import {
  PROFILERS,
  QUEUE_HOSTS,
  RADAR_SERVERS,
  RESOLUTION_VERSION,
  type ProfilerEntry,
  type RadarServerEntry,
} from './radar-network.ts';
import {
  RADAR_ALARMS_ROUTE,
  RADAR_PROFILER_ROUTE,
  RADAR_QUEUE_ROUTE,
  RADAR_SERVERS_ROUTE,
  RADAR_SERVER_ROUTE,
  RADAR_STATIONS_ROUTE,
  RADAR_STATION_ROUTE,
} from './radar-routes.ts';
import { idOrder } from '../weather/text-order.ts';

// The radar sites are real (NCEI's list of NEXRAD WSR-88D and TDWR sites), and so are the names of the NWS's
// radar data servers, their two queue hosts and its four wind profilers (radar-network.ts says where each
// comes from). What the servers report about themselves and each radar's RDA status change by the minute and
// describe NWS machines: they are null, and no alarms are raised. A queue lists the Level II chunks the radars
// would have sent in the last minutes: a volume scan every 5 minutes per radar, in 5-second chunks (start,
// intermediate…, end), as the recorded queue numbers them ("977-013": volume 977, chunk 13). Profiler answers
// are the model's winds at the profiler's town, not a measurement; api.weather.gov itself answers 404 there.

const STATION_TYPE: Readonly<Record<RadarRecord['type'], string>> = { NEXRAD: 'WSR-88D', TDWR: 'TDWR' };
const PROFILER_TYPE = 'Profiler';

/** Seconds between a radar's volume scans (precipitation mode) and between the chunks of one scan. */
const VOLUME_SECONDS = 300;
const CHUNK_SECONDS = 5;
const CHUNKS_PER_VOLUME = VOLUME_SECONDS / CHUNK_SECONDS;

/** A radar or a profiler, as /radar/stations lists it. */
interface SiteRecord {
  readonly id: string;
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  readonly elevationMeters: number | null;
  readonly stationType: string;
}

export function radarResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  // Sorted when a radar route first needs them all, as the offices are (product-resources.ts).
  let sortedRadars: readonly RadarRecord[] | undefined;
  const radars = (): readonly RadarRecord[] =>
    (sortedRadars ??= [...catalogue.radars.values()].sort((a, b) => idOrder(a.id, b.id)));
  const radarSite = (r: RadarRecord): SiteRecord => ({ ...r, stationType: STATION_TYPE[r.type] });
  // A profiler is placed at its town's observation station; one whose place is unknown is not served.
  const profilerSite = (p: ProfilerEntry): SiteRecord | undefined => {
    const at = p.locatedAt ? catalogue.stations.get(p.locatedAt) : undefined;
    if (!at || !p.name) return undefined;
    return {
      id: p.id,
      name: p.name,
      lat: at.lat,
      lon: at.lon,
      elevationMeters: at.elevationMeters,
      stationType: PROFILER_TYPE,
    };
  };
  const profilers = new Map(PROFILERS.map((p) => [p.id, p]));
  // Made on the first /radar/stations list: placing the profilers reads the stations table and their shore
  // zones, which a process that never lists radar stations (a test file's first /points) need not pay for.
  let sites: readonly SiteRecord[] | undefined;
  const allSites = (): readonly SiteRecord[] =>
    (sites ??= [...radars().map(radarSite), ...PROFILERS.flatMap((p) => profilerSite(p) ?? [])].sort((a, b) =>
      idOrder(a.id, b.id),
    ));

  const findProfiler = (id: string): SiteRecord => {
    const p = profilers.get(id);
    if (!p)
      throw new ForecastNotFound(
        `Profiler ${id} not found; the NWS's profilers are ${PROFILERS.map((e) => e.id).join(', ')}.`,
      );
    const site = profilerSite(p);
    if (!site)
      throw new ForecastNotFound(`Profiler ${id} is listed by the NWS, but no public record of its place was found.`);
    return site;
  };
  const find = (id: string): SiteRecord => {
    const r = catalogue.radars.get(id);
    if (r) return radarSite(r);
    if (profilers.has(id)) return findProfiler(id);
    throw new ForecastNotFound(`Radar station ${id} not found`);
  };

  const timeZoneOf = (s: SiteRecord): string => catalogue.nearestStations(s.lat, s.lon, 1)[0]?.item.timeZone ?? 'UTC';

  function feature(s: SiteRecord, base: string): Record<string, unknown> {
    const id = cachedLinks(base).radarStation(s.id);
    return {
      id,
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
      properties: {
        '@id': id,
        '@type': 'wx:RadarStation',
        id: s.id,
        name: s.name,
        stationType: s.stationType,
        elevation: { unitCode: 'wmoUnit:m', value: s.elevationMeters },
        timeZone: timeZoneOf(s),
        // Not public: the NWS's latency measurements and RDA status.
        latency: null,
        rda: null,
      },
    };
  }

  function matches(s: SiteRecord, q: RadarStationQuery): boolean {
    const aliases = [s.stationType.toUpperCase(), ...(s.stationType === 'WSR-88D' ? ['NEXRAD'] : [])];
    return !q.stationTypes || q.stationTypes.some((t) => aliases.includes(t.toUpperCase()));
  }

  const server = (entry: RadarServerEntry, base: string): Record<string, unknown> => ({
    '@id': `${base}/radar/servers/${entry.id}`,
    '@type': 'wx:RadarServer',
    id: entry.id,
    type: entry.type,
    // Only the ldm servers report these flags (the distribution servers' records have none).
    ...(entry.type === 'ldm'
      ? {
          active: true,
          primary: entry.primary === true,
          aggregate: entry.aggregate === true,
          locked: false,
          radarNetworkUp: true,
        }
      : {}),
    collectionTime: new Date(issuance(deps.clock).hour * 3_600_000).toISOString(),
    reportingHost: entry.reportingHost,
    ping: null,
    command: null,
    hardware: null,
    ldm: null,
    network: null,
  });

  const doc = (body: Record<string, unknown>, maxAgeSeconds = CATALOGUE_MAX_AGE_SECONDS): ForecastDocument => ({
    body,
    lastModified: CATALOGUE_EDITION,
    maxAgeSeconds,
  });
  const hostNames = [...new Set(RADAR_SERVERS.map((e) => e.reportingHost))];
  const checkHost = (host: string | undefined) => {
    if (host !== undefined && !hostNames.includes(host))
      throw new ForecastNotFound(
        `Reporting host ${host} not found; the radar servers report through ${hostNames.join(', ')}.`,
      );
  };
  const serversOf = (host: string | undefined) =>
    RADAR_SERVERS.filter((e) => host === undefined || e.reportingHost === host);

  // Each radar's scans start at its own second of the 5-minute cycle, as real radars drift apart.
  let radarPhases: ReadonlyMap<string, number> | undefined;
  const phase = (): ReadonlyMap<string, number> =>
    (radarPhases ??= new Map(radars().map((r) => [r.id, hashString(r.id, 0x52414452) % VOLUME_SECONDS])));

  function queueRecords(host: string, limit: number, nowMs: number): Record<string, unknown>[] {
    const records: Record<string, unknown>[] = [];
    const now = Math.floor(nowMs / 1000);
    const all = radars();
    const phases = phase();
    for (let t = now; records.length < limit && t > now - 3600; t--) {
      for (const r of all) {
        const since = t - (phases.get(r.id) ?? 0);
        if (since % CHUNK_SECONDS !== 0) continue;
        const volume = Math.floor(since / VOLUME_SECONDS);
        const chunk = (since - volume * VOLUME_SECONDS) / CHUNK_SECONDS;
        const time = new Date(t * 1000).toISOString().replace('.000Z', '+00:00');
        records.push({
          '@type': 'wx:RadarQueue',
          host,
          arrivalTime: time,
          creationTime: time,
          stationId: r.id,
          type: chunk === 0 ? 'start' : chunk === CHUNKS_PER_VOLUME - 1 ? 'end' : 'intermediate',
          feed: 'NEXRAD2',
          resolutionVersion: RESOLUTION_VERSION[r.type],
          sequenceNumber: `${String((((volume % 999) + 999) % 999) + 1).padStart(3, '0')}-${String(chunk + 1).padStart(3, '0')}`,
          // A start chunk carries the volume's metadata and is small; the others hold radials.
          size:
            chunk === 0
              ? 2_000 + (hashString(`${r.id}${volume}`) % 2_000)
              : 40_000 + (hashString(`${r.id}${volume}-${chunk}`) % 50_000),
        });
        if (records.length >= limit) break;
      }
    }
    return records;
  }

  return {
    routes: [
      serve(RADAR_SERVERS_ROUTE, async (host, ctx) => {
        checkHost(host);
        return doc(
          { '@context': plainContext(ctx.baseUrl), '@graph': serversOf(host).map((e) => server(e, ctx.baseUrl)) },
          60,
        );
      }),
      serve(RADAR_SERVER_ROUTE, async ({ id, host }, ctx) => {
        checkHost(host);
        const entry = serversOf(host).find((e) => e.id === id);
        if (!entry)
          throw new ForecastNotFound(
            `Radar server ${id} not found; the servers are ${RADAR_SERVERS.map((e) => e.id).join(', ')}.`,
          );
        return doc({ '@context': plainContext(ctx.baseUrl), ...server(entry, ctx.baseUrl) }, 60);
      }),
      serve(RADAR_STATIONS_ROUTE, async (q, ctx) => {
        checkHost(q.reportingHost);
        return doc({
          '@context': sharedGeoJsonContext(ctx.baseUrl),
          type: 'FeatureCollection',
          features: allSites()
            .filter((s) => matches(s, q))
            .map((s) => feature(s, ctx.baseUrl)),
        });
      }),
      serve(RADAR_STATION_ROUTE, async ({ id, query: q }, ctx) => {
        checkHost(q.reportingHost);
        return doc({ '@context': sharedGeoJsonContext(ctx.baseUrl), ...feature(find(id), ctx.baseUrl) });
      }),
      serve(RADAR_ALARMS_ROUTE, async (id, ctx) => {
        find(id);
        return doc({ '@context': plainContext(ctx.baseUrl), '@graph': [] }, 60);
      }),
      serve(RADAR_QUEUE_ROUTE, async ({ host, limit }, ctx: ForecastContext) => {
        if (!QUEUE_HOSTS.includes(host))
          throw new ForecastNotFound(`Radar queue ${host} not found; the queue hosts are ${QUEUE_HOSTS.join(', ')}.`);
        const nowMs = deps.clock.now().getTime();
        return {
          body: {
            '@context': plainContext(ctx.baseUrl),
            '@id': `${ctx.baseUrl}/radar/queues/${host}`,
            '@graph': queueRecords(host, limit, nowMs),
          },
          lastModified: new Date(Math.floor(nowMs / 1000) * 1000),
          maxAgeSeconds: 60,
        };
      }),
      serve(RADAR_PROFILER_ROUTE, async (id, ctx) => {
        const p = findProfiler(id);
        const { hour } = issuance(deps.clock);
        const s = weatherAt({ lat: p.lat, lon: p.lon, elevationM: p.elevationMeters ?? 0 }, hour);
        // Winds aloft by the one-seventh power law from the model's 10 m wind: a stand-in, not a measurement.
        const levels = [500, 1000, 2000, 3000, 5000].map((h) => ({
          height: { unitCode: 'wmoUnit:m', value: h },
          windSpeed: { unitCode: 'wmoUnit:km_h-1', value: Math.round(s.windSpeedKmh * (h / 10) ** (1 / 7) * 10) / 10 },
          windDirection: { unitCode: 'wmoUnit:degree_(angle)', value: Math.round(s.windDirectionDeg) },
        }));
        const body = {
          '@context': plainContext(ctx.baseUrl),
          '@id': `${ctx.baseUrl}/radar/profilers/${p.id}`,
          stationId: p.id,
          time: new Date(hour * 3_600_000).toISOString(),
          levels,
        };
        return { body, lastModified: new Date(hour * 3_600_000), maxAgeSeconds: issuance(deps.clock).maxAgeSeconds };
      }),
    ],
  };
}
