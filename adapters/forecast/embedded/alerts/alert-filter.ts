import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import { isActiveAt, type AlertFacts } from './alert-set.ts';

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
    // Every embedded alert is for land zones (no marine product is issued for the catalogue's marine
    // zones), so a marine region or region_type=marine matches nothing.
    if (query.region || query.regionType === 'marine') return false;
    if (query.area && !query.area.some((s) => f.states.has(s))) return false;
    if (zones && ![...f.zones].some((z) => zones.has(z))) return false;
    // start/end select alerts whose effective..expires span overlaps [start, end].
    if (query.start && f.expiresMs <= query.start.getTime()) return false;
    if (query.end && f.effectiveMs > query.end.getTime()) return false;
    return true;
  };
}
