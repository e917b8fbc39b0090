import { awipsIdentifier, startEtn, vtec, wmoIdentifier, type VtecAction } from './alert-codes.ts';
import { HAZARD_RULES, meetsWinterStormWarning, type HazardRule } from './alert-rules.ts';
import { capHeadline, description, nwsHeadline, replacedNotice, whenPhrase, wherePhrase } from './alert-text.ts';
import {
  alertPlaces,
  areNeighbours,
  episodeDuring,
  groupEpisodes,
  seenBy,
  type SeenEpisode,
  type AlertZone,
  type Episode,
} from './alert-zones.ts';
import { hashString, hexDigest } from './hash.ts';
import {
  hazardContext,
  outranks,
  ruleHazards,
  strongestAsSeen,
  underWayAtStart,
  type HazardWindow,
  type OpenStart,
} from './hazard-windows.ts';
import type { AlertFeature, AlertReference } from './alert-feature.ts';
import { marineRules, recordSeas, strongestMarine } from './marine-alert-rules.ts';
import { specialMarineStarts } from './marine-storm-warnings.ts';
import { numberedStormWarnings, stormStarts } from './storm-warnings.ts';
import { placeHours, type Place, type WeatherSample } from './model.ts';
import { placeClimate, type PlaceClimate } from './climate.ts';
import { epochHourToMs, isoWithOffset, MS_PER_HOUR } from './time.ts';
import { withoutTrailingSlashes } from './url.ts';
import { idOrder } from './text-order.ts';

export type { AlertFeature, AlertPolygon, AlertProperties, AlertReference } from './alert-feature.ts';

/**
 * Synthetic NWS alerts. Offices "issue" products on fixed 12-hourly cycles
 * (09Z and 21Z); each cycle looks 48 h ahead at every zone, and an event keeps
 * being reissued (CON/EXT) until it ends, each issuance superseding — and so
 * expiring — the previous one. The output depends only on the latest cycle at or
 * before `nowHour`, so callers may cache it for up to 12 hours.
 */

export const CYCLE_HOURS = 12;
export const CYCLE_PHASE = 9;
/** How far ahead each cycle looks for hazards. */
export const HORIZON_HOURS = 48;
/** How far back issued (now mostly expired) alerts are kept. */
export const LOOKBACK_HOURS = 48;
/**
 * How far back a hazard under way as the lookback begins is followed to find its start, 12 h at a time: to the
 * last multiple of two weeks (in epoch hours) at least two weeks before the lookback, so 336 to 672 h. The
 * boundary is absolute: it stays put for two weeks of cycles, so an event still under way there (PAFC's
 * Freezing Spray Advisories in Cook Inlet, weeks on end in winter) keeps its clipped start, ETN and ids from
 * cycle to cycle, and is renumbered only when the boundary moves on. A limit a fixed span before each
 * cycle's lookback moved with every cycle: PAFC's SC.Y.0481 was SC.Y.0490 the next cycle (issue 38). An NWS
 * event keeps its ETN through all its EXT/CON issuances however long it runs (NWSI 10-1703, "Valid Time
 * Event Code (VTEC)", section on event tracking numbers; https://www.weather.gov/media/directives/010_pdfs/pd01017003curr.pdf).
 */
const BACK_HOURS = 336;
const BACK_STEP_HOURS = CYCLE_HOURS;
/**
 * The first hour a look back from a lookback beginning at `lookbackStart` (a cycle hour) may reach
 * ({@link BACK_HOURS}): a cycle hour too, so that the look back's 12 h steps land on it.
 */
const backLimit = (lookbackStart: number): number =>
  Math.floor((lookbackStart - BACK_HOURS - CYCLE_PHASE) / BACK_HOURS) * BACK_HOURS + CYCLE_PHASE;
const SENDER = 'w-nws.webmaster@noaa.gov';
/**
 * How long a watch's replaced notice (its UPG) stays listed: api.weather.gov's expire 15-16 min after they are
 * sent (NWS Marquette's Winter Storm Watch, sent 19:39Z, expires 19:54:39Z; a cancelled watch, +16 min).
 */
const UPGRADE_NOTICE_MS = 15 * 60_000;

export interface AlertRequest {
  readonly zones: readonly AlertZone[];
  /** Current UTC epoch hour. */
  readonly nowHour: number;
  /** Absolute base for links: `${baseUrl}/alerts/{id}`, `${baseUrl}/zones/forecast/{zoneId}`. */
  readonly baseUrl: string;
  /** Weather source; the synthetic model by default. Tests inject hand-made weather. */
  readonly sample?: (place: Place, hour: number) => WeatherSample;
}

/** The latest issuance cycle at or before an hour. */
export function latestCycle(hour: number): number {
  return hour - ((((hour - CYCLE_PHASE) % CYCLE_HOURS) + CYCLE_HOURS) % CYCLE_HOURS);
}

/** An alert is in force from when it is sent until it expires (superseded) or its event ends. */
export function isAlertActive(alert: AlertFeature, atMs: number): boolean {
  const p = alert.properties;
  return Date.parse(p.sent) <= atMs && Date.parse(p.expires) > atMs && Date.parse(p.ends) > atMs;
}

/** Offices send a few minutes before the cycle hour, at an office-specific minute, so sent ≤ cycle. */
function sentMs(cycleHour: number, officeId: string): number {
  return epochHourToMs(cycleHour) - MS_PER_HOUR + (5 + (hashString(officeId) % 50)) * 60_000;
}

export interface Version {
  readonly cycle: number;
  readonly sent: number;
  readonly onset: number;
  readonly ends: number;
  readonly action: VtecAction;
}

/** One issuance of an episode, and the episode as it sees it (the zones it names). */
interface Issuance {
  readonly version: Version;
  readonly during: Episode;
}

/** How far ahead of its onset a cycle lists a product: its own lead, else a watch the horizon, others 36 h. */
const leadOf = (rule: HazardRule): number => rule.leadHours ?? (rule.significance === 'A' ? HORIZON_HOURS : 36);

/**
 * The issuance series of an episode: its own, and before them its watch's where the rule has one (a gale
 * beyond its warning's lead listed as a Gale Watch, marine-lead-times.ts). Each series runs its own
 * NEW/CON/EXT. The warning's first issuance upgrades the watch, as the NWS does: the watch's last issuance is
 * its UPG, sent with the warning's NEW (which references it), a notice that the watch has been replaced.
 */
function seriesOf(
  episode: Episode,
  cycles: readonly number[],
  minHours: number,
  warned?: ReadonlySet<string>,
): { watch: Issuance[]; own: Issuance[] } {
  const own = issuancesOf(episode, cycles, minHours, warned);
  const rule = episode.rule.watch;
  if (!rule) return { watch: [], own };
  const early = cycles.filter((c) => c + leadOf(episode.rule) < episode.startHour);
  const watch = issuancesOf({ ...episode, rule }, early, minHours);
  const last = watch[watch.length - 1];
  const warning = own[0]?.version;
  if (!last || !warning) return { watch, own };
  const upgrade = { ...last.version, cycle: warning.cycle, sent: warning.sent, action: 'UPG' as const };
  return { watch: [...watch, { version: upgrade, during: last.during }], own };
}

/**
 * An episode's issuances on `cycles`, each as its own cycle drew it: the zones, the onset and the end its
 * horizon showed ({@link seenBy}; `minHours`, the shortest window of the rule its windows were found by), so a
 * later cycle, which sees more of the event, lists an issuance already sent with the same zones and id.
 */
function issuancesOf(
  episode: Episode,
  cycles: readonly number[],
  minHours: number,
  warned?: ReadonlySet<string>,
): Issuance[] {
  const lead = leadOf(episode.rule);
  const issuances: Issuance[] = [];
  for (const cycle of cycles) {
    // A cycle whose horizon ends as the event begins would issue an alert of no duration (onset = ends).
    if (cycle + lead < episode.startHour || cycle >= episode.endHour || cycle + HORIZON_HOURS <= episode.startHour)
      continue;
    // Hours a later horizon joins to the event, and zones whose windows it makes long enough to count, do not
    // change an issuance already sent: not its end, nor so its action (a CON stays one), nor its zones or id.
    const seen = qualifiedSeen(seenBy(episode, cycle + HORIZON_HOURS, minHours));
    if (!seen) continue;
    const sent = sentMs(cycle, episode.officeId);
    const onset = Math.max(epochHourToMs(seen.startHour), sent);
    const ends = epochHourToMs(seen.endHour);
    // Zones of an upgraded part (upgraded) whose windows all begin beyond the horizon: nothing seen of them yet.
    if (ends <= onset) continue;
    const from = Math.floor(onset / MS_PER_HOUR);
    const to = Math.ceil(ends / MS_PER_HOUR);
    const first = issuances[0]?.version;
    const eventStart = first ? Math.floor(first.onset / MS_PER_HOUR) : from;
    const justified = justifiedDuring(episodeDuring(seen.episode, from, to), eventStart, to);
    const during = justified && warned ? notYetWarned(justified, warned, eventStart, to) : justified;
    if (!during) continue;
    const previous = issuances[issuances.length - 1]?.version;
    const action: VtecAction = !previous ? 'NEW' : previous.ends === ends ? 'CON' : 'EXT';
    // A whole-event criterion's event starts, and is numbered (ETN), where its first issuance's cycle saw it:
    // a later horizon's rain may make an earlier window qualify, but not renumber an issuance already sent.
    const start = episode.rule.qualifies ? (first ? issuances[0]!.during.startHour : seen.startHour) : undefined;
    issuances.push({
      version: { cycle, sent, onset, ends, action },
      during: start === undefined ? during : { ...during, startHour: start },
    });
  }
  return issuances;
}

/**
 * What a cycle saw of an episode whose rule has a whole-event criterion (a Flood Watch's rain sums, the winter
 * products' amounts): only the windows whose hours up to its horizon meet it, as the cycle found its windows
 * (hazard-windows.ts), not those a later horizon's hours make qualify; null if none does.
 */
function qualifiedSeen(seen: SeenEpisode | null): SeenEpisode | null {
  const rule = seen?.episode.rule;
  if (!seen || !rule?.qualifies) return seen;
  let startHour = Infinity;
  let endHour = -Infinity;
  const spans = seen.episode.spans.map((list, i) =>
    list.filter(([start, end]) => {
      const hours = alertPlaces([seen.episode.places[i]!], start, end)[0];
      const ok = hours !== undefined && rule.qualifies!(hours, hazardContext(zonePlace(seen.episode.zones[i]!), start));
      if (ok) {
        startHour = Math.min(startHour, start);
        endHour = Math.max(endHour, end);
      }
      return ok;
    }),
  );
  const keep = spans.map((list) => list.length > 0);
  if (!keep.some(Boolean)) return null;
  const episode = keepZones({ ...seen.episode, spans }, keep);
  return { episode, startHour, endHour };
}

/**
 * The zones of an issuance whose own weather meets the rule's whole-event criterion over the event so far,
 * from its first onset to the issuance's end (a warning already in effect counts the snow already fallen),
 * or null if none does: a cycle whose horizon stops short of a storm's heaviest hours does not issue it yet.
 */
function justifiedDuring(episode: Episode, eventStart: number, to: number): Episode | null {
  const rule = episode.rule;
  if (!rule.qualifies) return episode;
  const keep = episode.zones.map((zone, i) => {
    const hours = alertPlaces([episode.places[i]!], eventStart, to)[0];
    return hours !== undefined && rule.qualifies!(hours, hazardContext(zonePlace(zone), eventStart));
  });
  if (!keep.some(Boolean)) return null;
  return keepZones(episode, keep);
}

/**
 * An advisory's issuance without the zones `warned` (those the event's whole span upgrades, {@link upgraded})
 * whose weather over the event so far, as the issuance's cycle saw it, meets the warning: a zone stays in the
 * advisory's issuances until a cycle's horizon shows its warning amounts, as the NWS issues an advisory and
 * upgrades the zones that turn out to need a warning (KBUF's WW.Y.0786, sent 2026-02-01 08:17Z for NYZ010 and
 * NYZ019 too, lost them from that issuance once the 2026-02-02 21Z cycle warned them).
 */
function notYetWarned(episode: Episode, warned: ReadonlySet<string>, eventStart: number, to: number): Episode | null {
  const keep = episode.zones.map((zone, i) => {
    if (!warned.has(zone.id)) return true;
    const hours = alertPlaces([episode.places[i]!], eventStart, to)[0];
    return hours === undefined || !meetsWinterStormWarning(hours, zone.lat);
  });
  return keep.some(Boolean) ? keepZones(episode, keep) : null;
}

/** The episode with only the zones `keep` marks. */
function keepZones(episode: Episode, keep: readonly boolean[]): Episode {
  if (keep.every(Boolean)) return episode;
  const pick = <T>(list: readonly T[]) => list.filter((_, i) => keep[i]);
  return { ...episode, zones: pick(episode.zones), places: pick(episode.places), spans: pick(episode.spans) };
}

/** An issuance's VTEC string, id and address: all a later issuance needs to reference it. */
function identityOf(
  episode: Episode,
  v: Version,
  baseUrl: string,
  etn = startEtn(episode.startHour),
): { vtec: string; id: string; url: string } {
  const rule = episode.rule;
  const inEffect = v.onset <= v.sent;
  // One number per office, phenomenon and significance, as the NWS counts them: a watch and the warning that
  // upgrades it are two events (GL.A, then GL.W), numbered each in its own count (alert-codes.ts). Both numbers
  // come from the event's start, so they coincide (GL.A.0342, GL.W.0342), where the NWS's differ: its warning
  // takes the next number of the warnings' own count (NWS Tucson, 2017-05-24: /O.UPG.KTWC.FW.A.0008…/ with
  // /O.NEW.KTWC.FW.W.0013…/, a product in akrherz/pyIEM's tests, test_dups). Each is still unique in its count,
  // which is all a client keying events by office, phenomenon, significance, number and year relies on.
  const vtecString = vtec(
    v.action,
    episode.officeId,
    rule,
    etn,
    v.action !== 'NEW' && inEffect ? null : v.onset,
    v.ends,
  );
  const id = `urn:oid:2.49.0.1.840.0.${hexDigest(`${vtecString}|${v.sent}|${episode.zones.map((z) => z.id).join(',')}`, 40)}.001.1`;
  return { vtec: vtecString, id, url: `${withoutTrailingSlashes(baseUrl)}/alerts/${id}` };
}

/** A CAP reference to a listed issuance, from its alert. */
function referenceOf(alert: AlertFeature): AlertReference {
  const p = alert.properties;
  return { '@id': alert.id, identifier: p.id, sender: SENDER, sent: p.sent };
}

/** A CAP reference to an issuance, whether or not it is still listed. */
function referenceTo({ version: v, during }: Issuance, baseUrl: string): AlertReference {
  const { id, url } = identityOf(during, v, baseUrl);
  return { '@id': url, identifier: id, sender: SENDER, sent: isoWithOffset(v.sent, during.zones[0]!.timeZone) };
}

export function buildAlert(
  episode: Episode,
  v: Version,
  expires: number,
  references: readonly AlertReference[],
  baseUrl: string,
  /** A scenario's own number (injected-alerts.ts); else the episode's, from its start. */
  etn?: number,
): AlertFeature {
  const rule = episode.rule;
  const first = episode.zones[0]!;
  const tz = first.timeZone;
  const { vtec: vtecString, id, url } = identityOf(episode, v, baseUrl, etn);
  const future = v.onset - v.sent > 12 * MS_PER_HOUR;
  const watch = rule.significance === 'A';
  const iso = (ms: number) => isoWithOffset(ms, tz);
  const when = whenPhrase(v.onset, v.sent, v.ends, tz);
  const blocked = rule.significance === 'Y' ? ['EAS', 'NWEM', 'CMAS'] : ['CMAS'];

  // A watch's UPG is served as api.weather.gov serves one: a short notice that it has been replaced (see
  // replacedNotice), past, with no NWSheadline of its own, as a cancelled watch has none.
  const upgrade = v.action === 'UPG';
  const replaced = upgrade ? replacedNotice(rule.event, first.officeName) : '';
  const parameters: Record<string, readonly string[]> = {
    AWIPSidentifier: [awipsIdentifier(rule, episode.officeId)],
    WMOidentifier: [wmoIdentifier(rule, episode.officeId, first.state, v.sent)],
    ...(upgrade ? {} : { NWSheadline: [nwsHeadline(rule.event, v.action, v.onset, v.sent, v.ends, tz)] }),
    BLOCKCHANNEL: blocked,
    ...(rule.significance === 'Y' ? {} : { 'EAS-ORG': ['WXR'] }),
    VTEC: [vtecString],
    eventEndingTime: [iso(v.ends)],
  };

  return {
    id: url,
    type: 'Feature',
    geometry: null,
    properties: {
      '@id': url,
      '@type': 'wx:Alert',
      id,
      areaDesc: episode.zones.map((z) => z.name).join('; '),
      geocode: { SAME: episode.zones.flatMap((z) => z.sameCodes ?? []), UGC: episode.zones.map((z) => z.id) },
      affectedZones: episode.zones.map((z) => `${withoutTrailingSlashes(baseUrl)}/zones/forecast/${z.id}`),
      references,
      sent: iso(v.sent),
      effective: iso(v.sent),
      onset: iso(v.onset),
      expires: iso(expires),
      ends: iso(v.ends),
      status: 'Actual',
      messageType: v.action === 'NEW' ? 'Alert' : 'Update',
      category: 'Met',
      severity: rule.severity,
      certainty: watch ? 'Possible' : 'Likely',
      urgency: upgrade ? 'Past' : watch || future ? 'Future' : 'Expected',
      event: rule.event,
      sender: SENDER,
      senderName: `NWS ${first.officeName}`,
      headline: upgrade ? replaced : capHeadline(rule.event, v.sent, v.ends, tz, first.officeName),
      description: upgrade
        ? replaced
        : description(rule.what(validPlaces(episode, v)), wherePhrase(episode), when, rule.impacts),
      instruction: rule.instruction,
      response: watch || future ? 'Prepare' : (rule.response ?? 'Execute'),
      parameters,
      scope: 'Public',
      code: 'IPAWSv1.0',
      language: 'en-US',
      web: 'http://www.weather.gov',
      eventCode: { SAME: [rule.sameCode], NationalWeatherService: [`${rule.phenomenon}${rule.significance}`] },
    },
  };
}

/**
 * Every covered place's weather over one version's valid time (from the onset's hour to the end), falling
 * back to the episode's whole span for a version too short to hold an hour.
 */
function validPlaces(episode: Episode, v: Version): (readonly WeatherSample[])[] {
  const from = Math.floor(v.onset / MS_PER_HOUR);
  const to = Math.ceil(v.ends / MS_PER_HOUR);
  const places = alertPlaces(episode.places, from, to);
  return places.length ? places : alertPlaces(episode.places, episode.startHour, episode.endHour);
}

const WINTER_STORM_WARNING = HAZARD_RULES.find((r) => r.event === 'Winter Storm Warning') as HazardRule;

/**
 * The zones of an advisory that get warning amounts over the advisory's whole span (a zone's own hazard
 * hours stayed under them, but the snow before or after them, while the advisory runs for its neighbours,
 * adds up) are a warning, the others stay an advisory: the NWS upgrades those zones rather than quote
 * warning amounts in an advisory, and warns no zone whose own snow stays under them.
 */
function upgraded(episode: Episode): { episode: Episode; warned?: ReadonlySet<string> }[] {
  if (episode.rule.event !== 'Winter Weather Advisory') return [{ episode }];
  const warned = episode.zones.map((zone, i) => {
    const hours = alertPlaces([episode.places[i]!], episode.startHour, episode.endHour)[0] ?? [];
    return meetsWinterStormWarning(hours, zone.lat);
  });
  if (!warned.some(Boolean)) return [{ episode }];
  const warning = { episode: { ...keepZones(episode, warned), rule: WINTER_STORM_WARNING } };
  // The advisory keeps every zone: each of its issuances names those its own cycle did not yet warn.
  return [warning, { episode, warned: new Set(episode.zones.filter((_, i) => warned[i]).map((z) => z.id)) }];
}

/**
 * The alerts of one issuance series sent from the lookback's first cycle on, each referencing every issuance
 * before it, listed or not (the first, `replaced`: the watch a warning upgrades): CAP has an Update name what it
 * updates, and an issuance sent before the lookback is gone from the list as api.weather.gov's age out, not
 * unsent. Each supersedes, and so expires, the one before; the last expires at the next cycle (a UPG, the
 * watch's replaced notice, 15 min after it is sent).
 */
function listed(
  issuances: readonly Issuance[],
  replaced: readonly AlertReference[],
  first: number,
  baseUrl: string,
): AlertFeature[] {
  const issued: AlertFeature[] = [];
  const before: AlertReference[] = [];
  issuances.forEach((issuance, i) => {
    const { version: v, during } = issuance;
    const next = issuances[i + 1]?.version;
    const officeId = during.officeId;
    const expires =
      v.action === 'UPG'
        ? v.sent + UPGRADE_NOTICE_MS
        : next
          ? next.sent
          : Math.min(v.ends, sentMs(v.cycle + CYCLE_HOURS, officeId));
    const alert =
      v.cycle >= first ? buildAlert(during, v, expires, before.length ? before.slice() : replaced, baseUrl) : undefined;
    if (alert) issued.push(alert);
    // A listed issuance's reference is read off its alert rather than worked out again (identityOf's digest).
    if (i < issuances.length - 1) before.push(alert ? referenceOf(alert) : referenceTo(issuance, baseUrl));
  });
  return issued;
}

/**
 * One zone's hours and hazard windows: the lookback's and horizon's hours, and before them as many as it takes
 * to find the start of a hazard under way as they begin ({@link findStart}). Only the rules under way are
 * worked out again over the earlier hours: the others' windows are those the lookback's hours give.
 */
class ZoneHours {
  readonly place: Place;
  /** The hours from the lookback's start to the horizon (the storm warnings'). */
  readonly lookback: readonly WeatherSample[];
  readonly series: { firstHour: number; samples: readonly WeatherSample[] };
  private readonly rules: readonly HazardRule[];
  /** Every rule's windows (ruleHazards), before the strongest are chosen. */
  private all: HazardWindow[];
  /** The rules whose hazard may be under way as the series begins (hazard-windows.ts). */
  private readonly open: OpenStart = new Set();
  private hours: ((startHour: number, count: number) => WeatherSample[]) | undefined;
  /**
   * The place's climate, worked out once for the model's site and the rules' hours (each look back's among
   * them), where the model gives the hours; else each finding of windows works it out if a rule asks.
   */
  private readonly pc: PlaceClimate | undefined;
  /** The first hour each rule's windows were found from, where earlier than the lookback's. */
  private readonly seenFrom = new Map<HazardRule, number>();
  /**
   * Windows of the stronger products of a looked-back rule's family that ended before the lookback: listed by
   * no cycle of this one, but an advisory under way as the lookback begins was dropped for them by the cycles
   * that held them (strongest), and a past issuance keeps the zones its own cycle gave it.
   */
  private before: HazardWindow[] = [];

  constructor(
    readonly zone: AlertZone,
    private readonly lookbackStart: number,
    hours: number,
    private readonly sample?: (place: Place, hour: number) => WeatherSample,
  ) {
    this.place = zonePlace(zone);
    this.pc = sample ? undefined : placeClimate(this.place);
    this.rules = zone.marine ? marineRules(zone) : HAZARD_RULES;
    this.lookback = this.hoursFrom(lookbackStart, hours);
    this.series = { firstHour: lookbackStart, samples: this.lookback };
    this.all = ruleHazards(this.rules, this.place, lookbackStart, this.lookback, this.open, this.pc);
  }

  get windows(): HazardWindow[] {
    const all = this.before.length ? this.all.concat(this.before) : this.all;
    const chosen = this.zone.marine ? strongestMarine(this.zone, all) : strongestAsSeen(all).filter(everSeen);
    return this.before.length ? chosen.filter((w) => !this.before.includes(w)) : chosen;
  }

  /**
   * Follows the hazards under way as the series begins back, {@link BACK_STEP_HOURS} at a time, until none is
   * (or the back limit, {@link BACK_HOURS}), and finds their windows again.
   */
  findStart(): void {
    this.lookBack(this.open, this.series.firstHour);
  }

  /**
   * Looks back to `fromHour` for `rules` (a neighbour's hazards begun before the lookback), and further while
   * one of them is under way there. Whether it found their windows again.
   */
  lookBack(wanted: ReadonlySet<HazardRule>, fromHour: number): boolean {
    const rules = this.rules.filter((rule) => wanted.has(rule));
    if (!rules.length) return false;
    const first = this.series.firstHour;
    // No further than the back limit (BACK_HOURS), however far back a neighbour's window begins: a
    // hazard that never lets up would have each zone's look back send the other's further, without end.
    const limit = backLimit(this.lookbackStart);
    let from = Math.min(Math.max(fromHour, limit), first);
    let samples = from < first ? this.hoursFrom(from, first - from).concat(this.series.samples) : this.series.samples;
    while (from > limit && underWayAtStart(rules, this.place, from, samples, this.pc)) {
      from -= BACK_STEP_HOURS;
      samples = this.hoursFrom(from, BACK_STEP_HOURS).concat(samples);
    }
    this.series.firstHour = from;
    this.series.samples = samples;
    // The rules whose windows were found from later hours (another rule's look back may have gone further).
    const again = rules.filter((rule) => (this.seenFrom.get(rule) ?? this.lookbackStart) > from);
    if (!again.length) return false;
    for (const rule of again) this.seenFrom.set(rule, from);
    this.all = this.all
      .filter((w) => !again.includes(w.rule))
      .concat(ruleHazards(again, this.place, from, samples, undefined, this.pc));
    // Their families' stronger products over the same hours, for what ended before the lookback (the rest, under
    // way or later, the lookback's own hours give): CRP's Heat Advisory HT.Y.5348 gained TXZ230 once the
    // Excessive Heat Warning that had kept it out left the lookback.
    const stronger = this.rules.filter((rule) => again.some((a) => outranks(rule, a)));
    this.before = this.before
      .filter((w) => !stronger.includes(w.rule))
      .concat(
        ruleHazards(stronger, this.place, from, samples, undefined, this.pc).filter(
          (w) => w.endHour <= this.lookbackStart,
        ),
      );
    return true;
  }

  /**
   * The rules of this zone's windows a neighbour's window ended before the lookback could join (one begun
   * within its merging gap of the lookback's start: groupEpisodes joins windows `mergeGapHours` apart), and how
   * far back a neighbour looks for them: to the last hour such a window of its own may end at.
   */
  begunBefore(): { rules: Set<HazardRule>; from: number } {
    const rules = new Set<HazardRule>();
    let from = Infinity;
    for (const w of this.all) {
      const reach = w.startHour - w.rule.mergeGapHours - 1;
      if (reach < this.lookbackStart) {
        rules.add(w.rule);
        from = Math.min(from, reach);
      }
    }
    return { rules, from };
  }

  /** The zone's weather at an hour before the lookback: the series' where it looked back that far. */
  hourBefore(hour: number): WeatherSample {
    const { firstHour, samples } = this.series;
    return (hour >= firstHour ? samples[hour - firstHour] : undefined) ?? this.hoursFrom(hour, 1)[0]!;
  }

  private hoursFrom(from: number, count: number): WeatherSample[] {
    const place = this.place;
    const samples = this.sample
      ? Array.from({ length: count }, (_, i) => this.sample!(place, from + i))
      : (this.hours ??= placeHours(place, this.pc))(from, count);
    // A marine zone's hours get their seas, which its advisory and its text read (marine-alert-rules.ts).
    if (this.zone.marine) recordSeas(this.zone, place, from, samples);
    return samples;
  }
}

/**
 * Whether some cycle saw a window: an advisory whose hours a stronger product takes over (strongestAsSeen),
 * with too few left before it to be one of its own, only if a cycle's horizon showed it (its rule's minimum
 * hours) and not yet the stronger product. Else no issuance could name it, and its start would number another
 * event (the ETN): KABQ's FR.Y.2844 named two, an hour apart.
 */
function everSeen(w: HazardWindow): boolean {
  if (!w.upgrade || w.hits.length >= w.rule.minHours) return true;
  const shownFrom = w.upgrade.hits[w.rule.minHours - 1]! + 1;
  const cycle = latestCycle(shownFrom - HORIZON_HOURS - 1) + CYCLE_HOURS;
  return cycle + HORIZON_HOURS < w.upgrade.seenFrom;
}

/**
 * Where a zone's weather is sampled: its place, over water (marine-convection.ts) for a marine zone whose
 * gridpoint cell is all water, as that gridpoint's own weather is (AlertZone.marine.landCell).
 */
export function zonePlace(zone: AlertZone): Place {
  const place = { lat: zone.lat, lon: zone.lon, elevationM: zone.elevationM ?? 0 };
  return zone.marine && !zone.marine.landCell ? { ...place, overWater: true } : place;
}

/**
 * Every alert issued in the last ~48 hours for the given zones: the current ones
 * and those since expired (superseded by a later issuance or past their end), plus
 * the storm-based warnings due before the next cycle (sent later than `nowHour`:
 * callers hide an alert until its `sent`). Newest first. Use {@link isAlertActive}
 * to tell them apart.
 */
export function generateAlerts(request: AlertRequest): AlertFeature[] {
  const last = latestCycle(request.nowHour);
  const first = last - LOOKBACK_HOURS;
  const hours = last + HORIZON_HOURS - first;

  const zoneHours = request.zones.map((zone) => new ZoneHours(zone, first, hours, request.sample));
  // A hazard under way as the lookback begins: its start is found from the hours before it, so that its series
  // (ETN, ids, first action) is the one earlier cycles gave it (see BACK_HOURS).
  for (const z of zoneHours) z.findStart();
  // An episode's start is its zones' earliest (groupEpisodes), and a neighbour's window that ended before the
  // lookback began still joins it: the neighbours of a zone whose window began before the lookback, or within
  // its merging gap after it, look back as far for that hazard (less the gap), and further while it is under
  // way there. A window a look back finds may begin earlier still and join a neighbour of its own (a heat
  // advisory's zones, a night apart): the look backs go on, from the zones whose windows they found, until
  // none finds more.
  let changed = zoneHours;
  while (changed.length) {
    const begun = changed.map((z) => ({ z, ...z.begunBefore() })).filter((b) => b.rules.size > 0);
    changed = [];
    for (const z of zoneHours) {
      const rules = new Set<HazardRule>();
      let from = Infinity;
      for (const b of begun) {
        if (b.z === z || b.z.zone.officeId !== z.zone.officeId || !areNeighbours(b.z.zone, z.zone)) continue;
        for (const rule of b.rules) rules.add(rule);
        from = Math.min(from, b.from);
      }
      if (z.lookBack(rules, from)) changed.push(z);
    }
  }
  const items = zoneHours.flatMap((z) => z.windows.map((window) => ({ zone: z.zone, window, series: z.series })));

  const alerts: AlertFeature[] = [];
  // Storm-based warnings are issued as storms happen, not on the cycles: every storm from the lookback's
  // start until the next cycle is in the set, each sent at its own minute; lists show those already sent.
  // They are numbered together, each office's in the order they are sent (storm-warnings.ts).
  // A marine zone's storm-based warning is the Special Marine Warning (marine-storm-warnings.ts).
  const storms = zoneHours.flatMap((z) =>
    (z.zone.marine ? specialMarineStarts : stormStarts)({
      zone: z.zone,
      firstHour: first,
      samples: z.lookback,
      fromHour: first,
      toHour: last + CYCLE_HOURS,
      earlier: (hour) => z.hourBefore(hour),
    }),
  );
  alerts.push(...numberedStormWarnings(storms, CYCLE_PHASE, request.baseUrl));
  // An episode's windows are those of the rule that found them, an upgraded one's too (a Winter Storm Warning's
  // are a Winter Weather Advisory's): the shortest of them is that rule's.
  const episodes = groupEpisodes(items).flatMap((found) =>
    upgraded(found).map((part) => ({ ...part, minHours: found.rule.minHours })),
  );
  for (const { episode, minHours, warned } of episodes) {
    // The cycles from a horizon before the event's start: it may have been first listed (its NEW) that far
    // ahead; counting its series from there keeps each issuance's action and id as the clock moves on, and
    // the issuances before the lookback are dropped from the list. An event still under way where its hours
    // begin (the back limit, BACK_HOURS) has no known start: its series from there.
    const clipped = episode.spans.some((spans, i) => spans.some(([s]) => s === episode.places[i]!.firstHour));
    const cycles: number[] = [];
    for (let c = latestCycle(episode.startHour - (clipped ? 0 : HORIZON_HOURS)); c <= last; c += CYCLE_HOURS)
      if (!clipped || c >= episode.startHour) cycles.push(c);
    const series = seriesOf(episode, cycles, minHours, warned);
    const upgrade = series.watch.at(-1);
    const replaced = upgrade?.version.action === 'UPG' ? [referenceTo(upgrade, request.baseUrl)] : [];
    alerts.push(
      ...listed(series.watch, [], first, request.baseUrl),
      ...listed(series.own, replaced, first, request.baseUrl),
    );
  }
  return alerts.sort(
    (a, b) =>
      Date.parse(b.properties.sent) - Date.parse(a.properties.sent) || idOrder(a.properties.id, b.properties.id),
  );
}
