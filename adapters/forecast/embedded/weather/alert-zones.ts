import type { HazardRule } from './alert-rules.ts';
import type { HazardWindow } from './hazard-windows.ts';
import type { WeatherSample } from './model.ts';
import { textOrder } from './text-order.ts';

/** The public forecast zones alerts are issued for, and their grouping into single products. */

export interface AlertZone {
  /** UGC zone id, e.g. KSZ040. */
  readonly id: string;
  readonly name: string;
  /** Two-letter state or territory code; for a marine zone, its office's (what the WMO heading's region needs). */
  readonly state: string;
  readonly lat: number;
  readonly lon: number;
  readonly elevationM?: number;
  /** Three-letter office id, e.g. TOP. */
  readonly officeId: string;
  /** Office name as in senderName after "NWS ", e.g. "Topeka KS". */
  readonly officeName: string;
  /** IANA zone used for the office's local times in text. */
  readonly timeZone: string;
  /** County FIPS codes as six-digit SAME codes, when known. */
  readonly sameCodes?: readonly string[];
  /**
   * The county (UGC county code, e.g. KSC177) holding the zone's weather place: short-fuse warnings
   * (tornado, severe thunderstorm, flash flood) are issued by county, as the NWS issues them.
   */
  readonly county?: { readonly id: string; readonly name: string; readonly sameCode?: string };
  /**
   * Set for a coastal marine zone (GMZ042, LMZ741…): it gets the marine products (marine-alert-rules.ts) and
   * no land or storm-based ones; `smallCraftKt` is where its Small Craft Advisory begins. `landCell` is set where
   * its weather place's gridpoint cell holds land (cell-profile.ts: not marine-only), so /gridpoints serves the
   * land's weather there: the zone's alerts are judged on that weather, not the water's (zonePlace).
   */
  readonly marine?: { readonly smallCraftKt: number; readonly landCell?: true };
}

export interface Episode {
  readonly rule: HazardRule;
  readonly officeId: string;
  readonly zones: readonly AlertZone[];
  readonly startHour: number;
  readonly endHour: number;
  /**
   * Every covered zone's weather, for the worst values quoted in the text: each alert version quotes the worst
   * single place over its own valid time (see alertPlaces).
   */
  readonly places: readonly PlaceSeries[];
  /**
   * Each zone's own hazard windows ([start, end) epoch hours, and the hours in them that meet the rule where
   * known: else every hour does), in the order of `zones`.
   */
  readonly spans: readonly (readonly Span[])[];
}

/** A zone's hazard window: [start, end) epoch hours, and the hours that meet the rule where known. */
export type Span = readonly [start: number, end: number, hits?: readonly number[], upgrade?: HazardWindow['upgrade']];

/** What a series ending at an issuance's cycle's horizon showed of an episode (see {@link seenBy}). */
export interface SeenEpisode {
  /** The episode with only the zones, and each zone's windows cut to the hours, that the series showed. */
  readonly episode: Episode;
  /** The first hour of its windows. */
  readonly startHour: number;
  /** The hour after their last hour meeting the rule. */
  readonly endHour: number;
}

/**
 * An episode as a series ending at `horizon` showed it (an issuance's cycle's horizon), null if it showed none
 * of it: each window begun before it ends after its last hour meeting the rule before it (hazard-windows.ts,
 * `hits`), as the hours after it were not known yet, however they join the window later; a window with fewer
 * than `minHours` such hours (the rule's, its windows' shortest: hazard-windows.ts) was none yet, and a zone with
 * no window left was not in it. So an issuance sent names the zones, and has the end, its own cycle gave it,
 * whatever a later horizon adds: a later cycle lists it as sent and may only issue after it (the NWS's VTEC: an
 * EXA or EXT adds zones or time by a new issuance, never by changing one sent). The episode keeps its
 * `startHour` and `endHour`, the whole event's: its number (ETN) comes from its start.
 */
export function seenBy(episode: Episode, horizon: number, minHours: number): SeenEpisode | null {
  let startHour = Infinity;
  let endHour = -Infinity;
  const spans = episode.spans.map((list) => {
    const seen: Span[] = [];
    for (const span of list) {
      const cut = spanSeenBy(span, horizon, minHours);
      if (!cut) continue;
      seen.push(cut);
      startHour = Math.min(startHour, cut[0]);
      endHour = Math.max(endHour, cut[1]);
    }
    return seen;
  });
  const keep = spans.map((list) => list.length > 0);
  if (!keep.some(Boolean)) return null;
  const pick = <T>(list: readonly T[]) => list.filter((_, i) => keep[i]);
  const seen = { ...episode, zones: pick(episode.zones), places: pick(episode.places), spans: pick(spans) };
  return { episode: seen, startHour, endHour };
}

/** A window as a series ending at `horizon` showed it, or null (see {@link seenBy}). */
function spanSeenBy(span: Span, horizon: number, minHours: number): Span | null {
  const [start, end, given, upgrade] = span;
  if (start >= horizon) return null;
  if (!given) {
    const stop = Math.min(end, horizon);
    return stop - start >= minHours ? [start, stop] : null;
  }
  // An advisory a stronger product takes over: whole to a horizon before that product shows (hazard-windows.ts).
  const hits = upgrade && horizon < upgrade.seenFrom ? upgrade.hits : given;
  let count = hits.length;
  while (count > 0 && hits[count - 1]! >= horizon) count--;
  if (count < minHours) return null;
  return !upgrade && count === hits.length ? span : [start, hits[count - 1]! + 1, hits.slice(0, count)];
}

/**
 * The episode as one issuance covering [fromHour, toHour) sees it: only the zones whose own hazard reaches
 * into those hours. A zone whose hazard is over drops out of later issuances (the NWS cancels it), so an
 * alert never names a zone its weather does not justify over the alert's valid time.
 */
export function episodeDuring(episode: Episode, fromHour: number, toHour: number): Episode {
  const keep = episode.spans.map((spans) => spans.some(([start, end]) => start < toHour && fromHour < end));
  if (keep.every(Boolean) || !keep.some(Boolean)) return episode;
  const pick = <T>(list: readonly T[]) => list.filter((_, i) => keep[i]);
  return { ...episode, zones: pick(episode.zones), places: pick(episode.places), spans: pick(episode.spans) };
}

/** One place's hourly weather from `firstHour` on. */
export interface PlaceSeries {
  readonly firstHour: number;
  readonly samples: readonly WeatherSample[];
}

/** Each place's hours in [fromHour, toHour), leaving out places with none. */
export function alertPlaces(
  places: readonly PlaceSeries[],
  fromHour: number,
  toHour: number,
): (readonly WeatherSample[])[] {
  const out: (readonly WeatherSample[])[] = [];
  for (const p of places) {
    const slice = p.samples.slice(Math.max(0, fromHour - p.firstHour), Math.max(0, toHour - p.firstHour));
    if (slice.length) out.push(slice);
  }
  return out;
}

/** Zones further apart than this are different events even for the same office. */
const NEIGHBOUR_KM = 250;

function distanceKm(a: AlertZone, b: AlertZone): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  return 6371 * Math.hypot(dLat, dLon);
}

/** Zones near enough that their hazard windows can be one episode (groupEpisodes). */
export function areNeighbours(a: AlertZone, b: AlertZone): boolean {
  return distanceKm(a, b) <= NEIGHBOUR_KM;
}

/** The hour after a window's last hour, an advisory a stronger product takes over counted whole (strongestAsSeen). */
const reach = (w: HazardWindow): number => (w.upgrade ? Math.max(w.endHour, w.upgrade.hits.at(-1)! + 1) : w.endHour);

/**
 * Groups zone hazard windows into episodes: one per office and event, joining
 * zones that are neighbours and whose windows overlap or nearly touch in time.
 */
export function groupEpisodes(
  items: readonly { zone: AlertZone; window: HazardWindow; series: PlaceSeries }[],
): Episode[] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < items.length; i++) {
    const a = items[i]!;
    for (let j = i + 1; j < items.length; j++) {
      const b = items[j]!;
      if (a.zone.officeId !== b.zone.officeId || a.window.rule !== b.window.rule) continue;
      const gap = a.window.rule.mergeGapHours;
      const nearInTime = a.window.startHour <= reach(b.window) + gap && b.window.startHour <= reach(a.window) + gap;
      if (nearInTime && areNeighbours(a.zone, b.zone)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, (typeof items)[number][]>();
  items.forEach((item, i) => {
    const root = find(i);
    const list = groups.get(root) ?? [];
    list.push(item);
    groups.set(root, list);
  });
  const episodes: Episode[] = [];
  for (const list of groups.values()) {
    const zones = [...new Map(list.map((x) => [x.zone.id, x.zone])).values()].sort((a, b) => textOrder(a.id, b.id));
    episodes.push({
      rule: list[0]!.window.rule,
      officeId: list[0]!.zone.officeId,
      zones,
      startHour: Math.min(...list.map((x) => x.window.startHour)),
      endHour: Math.max(...list.map((x) => reach(x.window))),
      places: zones.map((z) => list.find((x) => x.zone.id === z.id)!.series),
      spans: zones.map((z) =>
        list
          .filter((x) => x.zone.id === z.id)
          .map((x): Span => [x.window.startHour, x.window.endHour, x.window.hits, x.window.upgrade]),
      ),
    });
  }
  return episodes.sort(
    (a, b) => a.startHour - b.startHour || textOrder(a.officeId, b.officeId) || textOrder(a.rule.event, b.rule.event),
  );
}
