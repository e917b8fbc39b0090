import type { ForecastContext, ForecastDocument, ForecastProvider } from '../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import type { StationRecord } from './catalogue/types.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';
import { plainContext } from './json-ld.ts';
import { cachedLinks } from './links.ts';
import { stationElevation } from './station-features.ts';
import { weatherAt, type WeatherSample } from './weather/index.ts';

// Terminal aerodrome forecasts from the same model as the forecasts and observations: airports (stations
// whose elevation comes from the airport list) issue a TAF at 2320, 0520, 1120 and 1720 UTC, valid 24 hours
// from the next synoptic hour, with a change group (FM) every 3 hours describing the model's weather then.

const HOUR = 3_600_000;
const ISSUE_HOURS = [23, 5, 11, 17];
/** TAFs kept, as api.weather.gov lists the last day or so. */
const TAF_RETENTION_HOURS = 30;

interface TafIssue {
  readonly station: StationRecord;
  readonly issuedMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

interface TafGroup {
  readonly fromMs: number;
  readonly s: WeatherSample;
}

const pad = (n: number, w = 2) => String(Math.round(n)).padStart(w, '0');
const ddhh = (ms: number) => `${pad(new Date(ms).getUTCDate())}${pad(new Date(ms).getUTCHours())}`;
const isoZ = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

function wind(s: WeatherSample): string {
  const kt = Math.round(s.windSpeedKmh / 1.852);
  const gust = Math.round(s.windGustKmh / 1.852);
  if (kt < 3) return '00000KT';
  const dir = (Math.round(s.windDirectionDeg / 10) * 10) % 360 || 360;
  return `${pad(dir, 3)}${pad(kt)}${gust >= kt + 10 ? `G${pad(gust)}` : ''}KT`;
}

function visibility(s: WeatherSample): string {
  const miles = s.visibilityM / 1609.344;
  return miles > 6 ? 'P6SM' : miles >= 1 ? `${Math.round(miles)}SM` : miles >= 0.5 ? '1/2SM' : '1/4SM';
}

function weather(s: WeatherSample): string[] {
  const out: string[] = [];
  if (s.precipType && s.precipProbabilityPct >= 50) {
    out.push(
      ({ rain: 'RA', snow: 'SN', sleet: 'PL', 'freezing rain': 'FZRA', thunderstorms: 'TSRA' } as const)[s.precipType],
    );
  }
  if (s.visibilityM < 1000) out.push('FG');
  else if (s.visibilityM < 9000) out.push('BR');
  return out;
}

function sky(s: WeatherSample): string {
  const cover = s.skyCoverPct;
  if (cover < 6) return 'SKC';
  const amount = cover < 25 ? 'FEW' : cover < 50 ? 'SCT' : cover < 87 ? 'BKN' : 'OVC';
  const base = s.precipType ? 30 : cover > 60 ? 50 : 120;
  return `${amount}${pad(base, 3)}${s.precipType === 'thunderstorms' ? 'CB' : ''}`;
}

export function tafResources(deps: EmbeddedDeps): Pick<ForecastProvider, 'tafs' | 'taf'> {
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

  function text(t: TafIssue): string {
    const gs = groups(t);
    const first = gs[0]!;
    const lines = [
      `TAF ${t.station.id} ${ddhh(t.issuedMs)}${pad(new Date(t.issuedMs).getUTCMinutes())}Z ${ddhh(t.startMs)}/${ddhh(t.endMs)} ${[wind(first.s), visibility(first.s), ...weather(first.s), sky(first.s)].join(' ')}`,
      ...gs
        .slice(1)
        .map((g) => `     FM${ddhh(g.fromMs)}00 ${[wind(g.s), visibility(g.s), ...weather(g.s), sky(g.s)].join(' ')}`),
    ];
    return `${lines.join('\n')}=`;
  }

  const pathOf = (t: TafIssue) =>
    `${new Date(t.issuedMs).toISOString().slice(0, 10)}/${pad(new Date(t.issuedMs).getUTCHours())}${pad(new Date(t.issuedMs).getUTCMinutes())}`;

  function iwxxm(t: TafIssue): string {
    const id = t.station.id;
    const gid = `${id}-${isoZ(t.issuedMs).replace(/[-:]/g, '')}`;
    const forecast = (g: TafGroup, tag: string, i: number, endMs: number) => {
      const kt = Math.round(g.s.windSpeedKmh / 1.852);
      return [
        `  <iwxxm:${tag}>`,
        `    <iwxxm:MeteorologicalAerodromeForecast gml:id="mf-${gid}-${i}"${tag === 'changeForecast' ? ' changeIndicator="FROM"' : ''}>`,
        `      <iwxxm:phenomenonTime><gml:TimePeriod gml:id="tp-${gid}-${i}"><gml:beginPosition>${isoZ(g.fromMs)}</gml:beginPosition><gml:endPosition>${isoZ(endMs)}</gml:endPosition></gml:TimePeriod></iwxxm:phenomenonTime>`,
        `      <iwxxm:prevailingVisibility uom="m">${Math.min(10000, Math.round(g.s.visibilityM / 100) * 100)}</iwxxm:prevailingVisibility>`,
        '      <iwxxm:surfaceWind><iwxxm:AerodromeSurfaceWindForecast>',
        `        <iwxxm:meanWindDirection uom="deg">${Math.round(g.s.windDirectionDeg)}</iwxxm:meanWindDirection>`,
        `        <iwxxm:meanWindSpeed uom="[kn_i]">${kt}</iwxxm:meanWindSpeed>`,
        '      </iwxxm:AerodromeSurfaceWindForecast></iwxxm:surfaceWind>',
        ...weather(g.s).map((w) => `      <iwxxm:weather xlink:href="http://codes.wmo.int/306/4678/${w}"/>`),
        `      <iwxxm:cloud><iwxxm:AerodromeCloudForecast><iwxxm:layer><iwxxm:CloudLayer><iwxxm:amount xlink:href="http://codes.wmo.int/49-2/CloudAmountReportedAtAerodrome/${sky(g.s).slice(0, 3)}"/></iwxxm:CloudLayer></iwxxm:layer></iwxxm:AerodromeCloudForecast></iwxxm:cloud>`,
        '    </iwxxm:MeteorologicalAerodromeForecast>',
        `  </iwxxm:${tag}>`,
      ];
    };
    const gs = groups(t);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<iwxxm:TAF xmlns:iwxxm="http://icao.int/iwxxm/3.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:aixm="http://www.aixm.aero/schema/5.1.1" xmlns:xlink="http://www.w3.org/1999/xlink" gml:id="taf-${gid}" reportStatus="NORMAL">`,
      `  <iwxxm:issueTime><gml:TimeInstant gml:id="ti-${gid}"><gml:timePosition>${isoZ(t.issuedMs)}</gml:timePosition></gml:TimeInstant></iwxxm:issueTime>`,
      `  <iwxxm:aerodrome><aixm:AirportHeliport gml:id="ad-${gid}"><aixm:timeSlice><aixm:AirportHeliportTimeSlice gml:id="ats-${gid}"><gml:validTime/><aixm:interpretation>SNAPSHOT</aixm:interpretation><aixm:designator>${id}</aixm:designator><aixm:name>${escapeXml(t.station.name.toUpperCase())}</aixm:name><aixm:locationIndicatorICAO>${id}</aixm:locationIndicatorICAO><aixm:ARP><aixm:ElevatedPoint gml:id="ep-${gid}" srsName="http://www.opengis.net/def/crs/EPSG/0/4326"><gml:pos>${t.station.lat} ${t.station.lon}</gml:pos></aixm:ElevatedPoint></aixm:ARP></aixm:AirportHeliportTimeSlice></aixm:timeSlice></aixm:AirportHeliport></iwxxm:aerodrome>`,
      `  <iwxxm:validPeriod><gml:TimePeriod gml:id="vp-${gid}"><gml:beginPosition>${isoZ(t.startMs)}</gml:beginPosition><gml:endPosition>${isoZ(t.endMs)}</gml:endPosition></gml:TimePeriod></iwxxm:validPeriod>`,
      ...forecast(gs[0]!, 'baseForecast', 0, gs[1]?.fromMs ?? t.endMs),
      ...gs.slice(1).flatMap((g, i) => forecast(g, 'changeForecast', i + 1, gs[i + 2]?.fromMs ?? t.endMs)),
      '</iwxxm:TAF>',
      '',
    ].join('\n');
  }

  return {
    async tafs(stationId, ctx: ForecastContext): Promise<ForecastDocument> {
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
        rawMessage: text(t),
      }));
      return {
        body: { '@context': plainContext(ctx.baseUrl), '@graph': graph },
        lastModified: new Date(list[0]?.issuedMs ?? 0),
        maxAgeSeconds: 600,
      };
    },

    async taf(stationId, date, time) {
      const s = airport(stationId);
      const found = issues(s).find((t) => pathOf(t) === `${date}/${time}`);
      if (!found) throw new ForecastNotFound(`Station ${stationId} has no TAF issued at ${date} ${time}Z.`);
      return {
        contentType: 'application/vnd.wmo.iwxxm+xml',
        bytes: new TextEncoder().encode(iwxxm(found)),
        lastModified: new Date(found.issuedMs),
        maxAgeSeconds: 3600,
      };
    },
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
