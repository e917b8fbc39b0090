import { vtec, wmoHeading } from './alert-codes.ts';
import type { AlertEvent } from './alert-events.ts';
import { capHeadline, nwsHeadline } from './alert-text.ts';
import type { AlertFeature, AlertPolygon, AlertProperties, StormTrack } from './alert-feature.ts';
import type { AlertZone } from './alert-zones.ts';
import { hashString, hexDigest } from './hash.ts';
import type { WeatherSample } from './model.ts';
import { epochHourToMs, isoWithOffset, localTime, zoneAbbreviation } from './time.ts';
import { compassPoint, compassWords, kmhToMph } from './units.ts';
import { withoutTrailingSlashes } from './url.ts';

export type { StormTrack } from './alert-feature.ts';

/**
 * Storm-based warnings: severe thunderstorm, tornado and flash flood warnings. Unlike the zone-based
 * products of alert-rules.ts they are issued as a storm happens, last under an hour (three for a flash
 * flood), and carry a polygon: the area the storm crosses while the warning runs, drawn from the storm's
 * position and motion, as the NWS draws them. They are county-coded (UGC KSC177, affectedZones
 * zones/county/…), as real ones are. (No Special Marine Warning is issued: the marine zones get the marine
 * products of marine-alert-rules.ts only.)
 *
 * Everything comes from the same hourly weather the other alerts and the forecasts use: a thunderstorm
 * hour with damaging gusts or torrential rain is severe; a severe storm in very moist air sometimes
 * (a fixed hash of zone and hour: the model has no wind shear) is tornadic; an hour of torrential rain
 * floods. One warning per zone and run of such hours, sent at a zone- and hour-specific minute.
 */

type StormKind = 'SV' | 'TO' | 'FF';

interface StormRule {
  readonly event: AlertEvent;
  readonly phenomenon: StormKind;
  readonly product: 'SVR' | 'TOR' | 'FFW';
  readonly wmoPrefix: string;
  readonly severity: AlertProperties['severity'];
  readonly response: AlertProperties['response'];
  readonly durationMinutes: number;
  readonly backWidthKm: number;
  readonly frontWidthKm: number;
  readonly blocked: readonly string[];
  readonly instruction: string;
}

const RULES: Readonly<Record<StormKind, StormRule>> = {
  SV: {
    event: 'Severe Thunderstorm Warning',
    phenomenon: 'SV',
    product: 'SVR',
    wmoPrefix: 'WUUS5',
    severity: 'Severe',
    response: 'Shelter',
    durationMinutes: 45,
    backWidthKm: 10,
    frontWidthKm: 24,
    blocked: ['EAS', 'NWEM', 'CMAS'],
    instruction: 'For your protection move to an interior room on the lowest floor of a building.',
  },
  TO: {
    event: 'Tornado Warning',
    phenomenon: 'TO',
    product: 'TOR',
    wmoPrefix: 'WFUS5',
    severity: 'Extreme',
    response: 'Shelter',
    durationMinutes: 30,
    backWidthKm: 6,
    frontWidthKm: 14,
    blocked: [],
    instruction:
      'TAKE COVER NOW! Move to a basement or an interior room on the lowest floor of a sturdy building. Avoid windows. ' +
      'If you are outdoors, in a mobile home, or in a vehicle, move to the closest substantial shelter and protect yourself from flying debris.',
  },
  FF: {
    event: 'Flash Flood Warning',
    phenomenon: 'FF',
    product: 'FFW',
    wmoPrefix: 'WGUS5',
    severity: 'Severe',
    response: 'Avoid',
    durationMinutes: 180,
    backWidthKm: 16,
    frontWidthKm: 20,
    blocked: ['EAS', 'NWEM'],
    instruction: "Turn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles.",
  },
};

/** Damaging gusts: the NWS severe criterion is 58 mph; the model's convective gusts peak lower, so its own tail is used. */
const SEVERE_GUST_KMH = 72;
/** Over half an inch an hour, in the model's wettest hours (its hourly amounts are probability-weighted), floods. */
const FLOOD_RAIN_MM = 15;
/** Torrential rain inside a storm counts as severe, as intense cores bring hail and downbursts. */
const SEVERE_RAIN_MM = 13;

function isStorm(s: WeatherSample): boolean {
  return s.precipType === 'thunderstorms' && s.precipProbabilityPct >= 50;
}

function isSevere(s: WeatherSample): boolean {
  return isStorm(s) && (s.windGustKmh >= SEVERE_GUST_KMH || s.qpfMm >= SEVERE_RAIN_MM);
}

function isFlooding(s: WeatherSample): boolean {
  return (
    (s.precipType === 'rain' || s.precipType === 'thunderstorms') &&
    s.precipProbabilityPct >= 50 &&
    s.qpfMm >= FLOOD_RAIN_MM
  );
}

function isTornadic(s: WeatherSample, zone: AlertZone, hour: number): boolean {
  return s.dewpointC >= 18 && hashString(`${zone.id}|${hour}|TO`) % 10 === 0;
}

export interface StormRequest {
  readonly zone: AlertZone;
  /** Epoch hour of samples[0]. */
  readonly firstHour: number;
  readonly samples: readonly WeatherSample[];
  /** Storm hours in [fromHour, toHour) are warned for. */
  readonly fromHour: number;
  readonly toHour: number;
  /** Absolute base for links, as AlertRequest's. */
  readonly baseUrl: string;
}

/** The storm-based warnings of one zone, oldest first. */
export function stormWarnings(request: StormRequest): AlertFeature[] {
  const out: AlertFeature[] = [];
  let stormRun = false;
  let floodRun = false;
  for (let hour = request.fromHour; hour < request.toHour; hour++) {
    const s = request.samples[hour - request.firstHour];
    if (!s) continue;
    const severe = isSevere(s);
    const flooding = isFlooding(s);
    if (severe && !stormRun)
      out.push(
        buildStormAlert(
          isTornadic(s, request.zone, hour) ? RULES.TO : RULES.SV,
          request.zone,
          hour,
          s,
          request.baseUrl,
        ),
      );
    if (flooding && !floodRun) out.push(buildStormAlert(RULES.FF, request.zone, hour, s, request.baseUrl));
    stormRun = severe;
    floodRun = flooding;
  }
  return out;
}

/** Storms move with the steering wind, a little faster than the surface wind the model gives. */
function stormSpeedKmh(s: WeatherSample): number {
  return Math.min(75, Math.max(20, 0.9 * s.windSpeedKmh + 20));
}

const KM_PER_DEG_LAT = 111.2;

/**
 * The warning polygon for a track, scaled by `scale` about the storm's position (1 = full size): a
 * quadrilateral from a narrow back edge across the storm to a wider front edge where the storm will be
 * when the warning ends, slightly behind the storm so it starts inside. Counter-clockwise and closed, as
 * RFC 7946 wants; coordinates to 3 decimals (~100 m).
 */
export function stormPolygon(track: StormTrack, scale = 1, at: { lat: number; lon: number } = track): AlertPolygon {
  const heading = ((track.fromDeg + 180) % 360) * (Math.PI / 180);
  const length = (track.speedKmh * track.durationMinutes) / 60;
  // Unit vectors in km: along the motion (east, north) and to its left.
  const along = [Math.sin(heading), Math.cos(heading)] as const;
  const left = [-along[1], along[0]] as const;
  const point = (forwardKm: number, leftKm: number): [number, number] => {
    const east = scale * (forwardKm * along[0] + leftKm * left[0]);
    const north = scale * (forwardKm * along[1] + leftKm * left[1]);
    const lat = at.lat + north / KM_PER_DEG_LAT;
    const lon = at.lon + east / (KM_PER_DEG_LAT * Math.cos((at.lat * Math.PI) / 180));
    return [round3(lon), round3(lat)];
  };
  const back = -0.15 * length - 2;
  // Going round: back right, front right, front left, back left is counter-clockwise.
  const ring = [
    point(back, -track.backWidthKm / 2),
    point(length, -track.frontWidthKm / 2),
    point(length, track.frontWidthKm / 2),
    point(back, track.backWidthKm / 2),
  ];
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** "1:25 PM", the time form of storm text ("At 125 PM CDT" in the product; spelled with a colon here). */
function clockText(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${h12}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'} ${zoneAbbreviation(ms, timeZone)}`;
}

/** Hail size from the storm's intensity: quarter (1.00) in the heaviest cores, else penny (0.75). */
function hailInches(s: WeatherSample): string {
  return s.qpfMm >= 14 ? '1.00' : '0.75';
}

function gustMph(s: WeatherSample): number {
  return Math.max(60, Math.round(kmhToMph(s.windGustKmh) / 5) * 5);
}

function descriptionOf(rule: StormRule, zone: AlertZone, s: WeatherSample, track: StormTrack, sentMs: number): string {
  const at = `At ${clockText(sentMs, zone.timeZone)}`;
  const moving = `moving ${compassWords(compassPoint(track.fromDeg + 180)).toLowerCase()} at ${Math.round(kmhToMph(track.speedKmh))} mph`;
  switch (rule.phenomenon) {
    case 'TO':
      return (
        `${at}, a severe thunderstorm capable of producing a tornado was located over ${zone.name}, ${moving}.\n\n` +
        'HAZARD...Tornado.\n\nSOURCE...Radar indicated rotation.\n\n' +
        'IMPACT...Flying debris will be dangerous to those caught without shelter. Mobile homes will be damaged or destroyed. ' +
        'Damage to roofs, windows, and vehicles will occur. Tree damage is likely.'
      );
    case 'SV':
      return (
        `${at}, a severe thunderstorm was located over ${zone.name}, ${moving}.\n\n` +
        `HAZARD...${gustMph(s)} mph wind gusts and ${hailInches(s) === '1.00' ? 'quarter' : 'penny'} size hail.\n\nSOURCE...Radar indicated.\n\n` +
        'IMPACT...Hail damage to vehicles is expected. Expect wind damage to roofs, siding, and trees.'
      );
    case 'FF': {
      const inches = Math.max(1, Math.round(s.qpfMm / 25.4));
      return (
        `${at}, Doppler radar indicated thunderstorms producing heavy rain over ${zone.name}. ` +
        `Up to ${inches} to ${inches + 1} inches of rain have fallen. Flash flooding is ongoing or expected to begin shortly.\n\n` +
        'HAZARD...Flash flooding caused by thunderstorms.\n\nSOURCE...Radar indicated.\n\n' +
        'IMPACT...Flash flooding of small creeks and streams, urban areas, highways, streets and underpasses as well as other poor drainage and low-lying areas.'
      );
    }
  }
}

/** "2026-07-15T18:25:00-00:00...storm...245DEG...21KT...39.45,-97.12", the product's TIME...MOT...LOC line. */
function motionDescription(track: StormTrack, sentMs: number): string {
  const time = new Date(sentMs).toISOString().replace(/\.\d{3}Z$/, '-00:00');
  const deg = String(Math.round(track.fromDeg) % 360).padStart(3, '0');
  const knots = Math.round(track.speedKmh / 1.852);
  return `${time}...storm...${deg}DEG...${knots}KT...${track.lat.toFixed(2)},${track.lon.toFixed(2)}`;
}

function buildStormAlert(
  rule: StormRule,
  zone: AlertZone,
  hour: number,
  s: WeatherSample,
  baseUrl: string,
): AlertFeature {
  const sent = epochHourToMs(hour) + (3 + (hashString(`${zone.id}|${hour}|${rule.phenomenon}`) % 50)) * 60_000;
  const ends = sent + rule.durationMinutes * 60_000;
  const etn = 1 + (hashString(`${zone.officeId}|${hour}|${rule.phenomenon}|${zone.id}`) % 400);
  return buildStormAlertAt(rule, zone, sent, ends, etn, s, baseUrl);
}

/** The storm rule of a storm-based event name (Tornado Warning, ...), if it is one. */
export function stormRuleFor(event: string): StormRule | undefined {
  return Object.values(RULES).find((rule) => rule.event === event);
}

export const STORM_EVENTS: readonly AlertEvent[] = Object.values(RULES).map((rule) => rule.event);

export type { StormRule };

/** A storm-based warning sent and ending at given instants (the cycle's own, or a scenario's). */
export function buildStormAlertAt(
  rule: StormRule,
  zone: AlertZone,
  sent: number,
  ends: number,
  etn: number,
  s: WeatherSample,
  baseUrl: string,
): AlertFeature {
  const base = withoutTrailingSlashes(baseUrl);
  const tz = zone.timeZone;
  const vtecString = vtec('NEW', zone.officeId, { phenomenon: rule.phenomenon, significance: 'W' }, etn, sent, ends);
  const id = `urn:oid:2.49.0.1.840.0.${hexDigest(`${vtecString}|${sent}|${zone.id}`, 40)}.001.1`;

  const iso = (ms: number) => isoWithOffset(ms, tz);
  const track: StormTrack = {
    lat: zone.lat,
    lon: zone.lon,
    fromDeg: s.windDirectionDeg,
    speedKmh: rule.phenomenon === 'FF' ? 10 : stormSpeedKmh(s),
    durationMinutes: rule.durationMinutes,
    backWidthKm: rule.backWidthKm,
    frontWidthKm: rule.frontWidthKm,
  };
  const parameters: Record<string, readonly string[]> = {
    AWIPSidentifier: [`${rule.product}${zone.officeId}`],
    WMOidentifier: [wmoHeading(rule.wmoPrefix, zone.officeId, zone.state, sent)],
    NWSheadline: [nwsHeadline(rule.event, 'NEW', sent, sent, ends, tz)],
    ...(rule.phenomenon === 'FF' ? {} : { eventMotionDescription: [motionDescription(track, sent)] }),
    ...(rule.phenomenon === 'SV'
      ? {
          windThreat: ['RADAR INDICATED'],
          maxWindGust: [`${gustMph(s)} MPH`],
          hailThreat: ['RADAR INDICATED'],
          maxHailSize: [hailInches(s)],
        }
      : {}),
    ...(rule.phenomenon === 'TO' ? { tornadoDetection: ['RADAR INDICATED'], maxHailSize: [hailInches(s)] } : {}),
    ...(rule.phenomenon === 'FF' ? { flashFloodDetection: ['RADAR INDICATED'] } : {}),
    // A tornado warning is blocked on no channel: the list is empty, as every alert lists the channels.
    BLOCKCHANNEL: rule.blocked,
    'EAS-ORG': ['WXR'],
    VTEC: [vtecString],
    eventEndingTime: [iso(ends)],
  };
  const url = `${base}/alerts/${id}`;
  // County-coded, as the NWS issues short-fuse warnings ("Shawnee, KS", KSC177, zones/county/KSC177); a zone
  // with no county known keeps its forecast zone.
  const county = zone.county;
  const area = county
    ? {
        areaDesc: `${county.name}, ${zone.state}`,
        geocode: { SAME: county.sameCode ? [county.sameCode] : [], UGC: [county.id] },
        affectedZones: [`${base}/zones/county/${county.id}`],
      }
    : {
        areaDesc: zone.name,
        geocode: { SAME: zone.sameCodes ?? [], UGC: [zone.id] },
        affectedZones: [`${base}/zones/forecast/${zone.id}`],
      };
  return {
    id: url,
    type: 'Feature',
    geometry: stormPolygon(track),
    track,
    properties: {
      '@id': url,
      '@type': 'wx:Alert',
      id,
      ...area,
      references: [],
      sent: iso(sent),
      effective: iso(sent),
      onset: iso(sent),
      expires: iso(ends),
      ends: iso(ends),
      status: 'Actual',
      messageType: 'Alert',
      category: 'Met',
      severity: rule.severity,
      certainty: rule.phenomenon === 'FF' ? 'Likely' : 'Observed',
      urgency: 'Immediate',
      event: rule.event,
      sender: 'w-nws.webmaster@noaa.gov',
      senderName: `NWS ${zone.officeName}`,
      headline: capHeadline(rule.event, sent, ends, tz, zone.officeName),
      description: descriptionOf(rule, zone, s, track, sent),
      instruction: rule.instruction,
      response: rule.response,
      parameters,
      scope: 'Public',
      code: 'IPAWSv1.0',
      language: 'en-US',
      web: 'http://www.weather.gov',
      eventCode: { SAME: [rule.product], NationalWeatherService: [`${rule.phenomenon}W`] },
    },
  };
}
