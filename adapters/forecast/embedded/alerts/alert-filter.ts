import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import { MARINE_AREA_CODES, marineRegionOf } from '../../../../domain/forecast/area-codes.ts';
import { isActiveAt, type AlertFacts } from './alert-set.ts';

/**
 * The marine areas (GM, AM, LM…) a list asks about by `region` (marine regions: GL is LC, LE, LH, LM, LO, LS
 * and SL) or `region_type=marine` (every marine area); undefined when it asks by neither.
 */
export function marineAreasAskedFor(query: Pick<AlertQuery, 'region' | 'regionType'>): ReadonlySet<string> | undefined {
  if (query.region) return new Set([...MARINE_AREA_CODES].filter((a) => query.region!.includes(marineRegionOf(a)!)));
  if (query.regionType === 'marine') return MARINE_AREA_CODES;
  return undefined;
}

/** Whether an alert names a land zone (a state's) rather than only marine ones. */
export function namesLand(f: AlertFacts): boolean {
  return [...f.states].some((s) => !MARINE_AREA_CODES.has(s));
}

/**
 * An alert query as a predicate. Query values arrive lower-case (domain/forecast/queries.ts); alert values
 * are capitalised, so both sides are compared in lower case. `zones` is the forecast-zone set the zone or
 * point parameter stands for (undefined when neither was given).
 */
export function alertPredicate(
  query: AlertQuery,
  nowMs: number,
  zones: ReadonlySet<string> | undefined,
): (f: AlertFacts) => boolean {
  const events = query.event && new Set(query.event.map((e) => e.toLowerCase()));
  const oneOf = (allowed: readonly string[] | undefined, value: string) =>
    !allowed || allowed.includes(value.toLowerCase());
  // `status=expired` (the spec's value) keeps the alerts whose `expires` is past; with CAP statuses beside
  // it, an alert matching any of the values is kept, as for every other list parameter.
  const marineAreas = marineAreasAskedFor(query);
  const wantsExpired = query.status?.includes('expired') ?? false;
  const statusOk = (f: AlertFacts) =>
    !query.status || oneOf(query.status, f.alert.properties.status) || (wantsExpired && f.expiresMs <= nowMs);
  return (f) => {
    const p = f.alert.properties;
    // A cycle holds the storm warnings due until the next cycle; one not yet sent is not listed.
    if (f.sentMs > nowMs) return false;
    if (query.activeOnly && !isActiveAt(f, nowMs)) return false;
    if (!statusOk(f) || !oneOf(query.messageType, p.messageType)) return false;
    if (!oneOf(query.severity, p.severity) || !oneOf(query.urgency, p.urgency) || !oneOf(query.certainty, p.certainty))
      return false;
    if (events && !events.has(p.event.toLowerCase())) return false;
    // A marine region or region_type=marine: the alerts naming a marine zone there; land: a state's zone.
    if (marineAreas && ![...f.states].some((a) => marineAreas.has(a))) return false;
    if (query.regionType === 'land' && !namesLand(f)) return false;
    if (query.area && !query.area.some((s) => f.states.has(s))) return false;
    if (zones && ![...f.zones].some((z) => zones.has(z))) return false;
    // start/end select alerts whose effective..expires span overlaps [start, end].
    if (query.start && f.expiresMs <= query.start.getTime()) return false;
    if (query.end && f.effectiveMs > query.end.getTime()) return false;
    return true;
  };
}
