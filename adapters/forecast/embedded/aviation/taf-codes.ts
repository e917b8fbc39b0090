import type { StationRecord } from '../catalogue/types.ts';
import type { WeatherSample } from '../weather/index.ts';

// A TAF written out two ways from the model's weather at each change group: the raw message (TAC, as
// /stations/{id}/tafs lists it) and IWXXM 3.0 XML (as /stations/{id}/tafs/{date}/{time} serves it).

export interface TafIssue {
  readonly station: StationRecord;
  readonly issuedMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

export interface TafGroup {
  readonly fromMs: number;
  readonly s: WeatherSample;
}

export const pad = (n: number, w = 2) => String(Math.round(n)).padStart(w, '0');
const ddhh = (ms: number) => `${pad(new Date(ms).getUTCDate())}${pad(new Date(ms).getUTCHours())}`;
export const isoZ = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

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

export function tafText(t: TafIssue, gs: readonly TafGroup[]): string {
  const first = gs[0]!;
  const lines = [
    `TAF ${t.station.id} ${ddhh(t.issuedMs)}${pad(new Date(t.issuedMs).getUTCMinutes())}Z ${ddhh(t.startMs)}/${ddhh(t.endMs)} ${[wind(first.s), visibility(first.s), ...weather(first.s), sky(first.s)].join(' ')}`,
    ...gs
      .slice(1)
      .map((g) => `     FM${ddhh(g.fromMs)}00 ${[wind(g.s), visibility(g.s), ...weather(g.s), sky(g.s)].join(' ')}`),
  ];
  return `${lines.join('\n')}=`;
}

export function tafIwxxm(t: TafIssue, gs: readonly TafGroup[]): string {
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

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
