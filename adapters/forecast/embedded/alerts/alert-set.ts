import { epochHourToMs, type AlertFeature } from '../weather/index.ts';
import { idOrder } from '../weather/text-order.ts';

/** What filtering needs of an alert, parsed once per cycle rather than per request. */
export interface AlertFacts {
  readonly alert: AlertFeature;
  readonly sentMs: number;
  readonly effectiveMs: number;
  readonly expiresMs: number;
  readonly endsMs: number;
  /** UGC ids of the affected forecast zones. */
  readonly zones: ReadonlySet<string>;
  /** States of the affected zones (a UGC starts with its state). */
  readonly states: ReadonlySet<string>;
}

/** One issuance cycle's alerts, newest first, plus lookups by id. */
export interface AlertSet {
  readonly cycleHour: number;
  /** When the cycle's products were issued: Last-Modified of /alerts. */
  readonly issuedMs: number;
  readonly items: readonly AlertFacts[];
  readonly byId: ReadonlyMap<string, AlertFacts>;
}

export function buildAlertSet(cycleHour: number, alerts: readonly AlertFeature[]): AlertSet {
  const items = alerts.map((alert): AlertFacts => {
    const p = alert.properties;
    return {
      alert,
      sentMs: Date.parse(p.sent),
      effectiveMs: Date.parse(p.effective),
      expiresMs: Date.parse(p.expires),
      endsMs: Date.parse(p.ends),
      zones: new Set(p.geocode.UGC),
      states: new Set(p.geocode.UGC.map((ugc) => ugc.slice(0, 2))),
    };
  });
  return alertSetOf(cycleHour, items);
}

/** A cycle's set of these alerts (already in the cycle's order): a whole cycle, a part of one, or one with more. */
export function alertSetOf(cycleHour: number, items: readonly AlertFacts[]): AlertSet {
  return {
    cycleHour,
    issuedMs: epochHourToMs(cycleHour),
    items,
    byId: new Map(items.map((f) => [f.alert.properties.id, f])),
  };
}

/** A cycle's order on facts: newest first, ties by id (generation/generate-office-alerts.ts's newestFirst, on parsed times). */
export function newestFirstFacts(a: AlertFacts, b: AlertFacts): number {
  return b.sentMs - a.sentMs || idOrder(a.alert.properties.id, b.alert.properties.id);
}

/** In force at `atMs`: sent, neither superseded nor ended (the model's isAlertActive, on parsed times). */
export function isActiveAt(f: AlertFacts, atMs: number): boolean {
  return f.sentMs <= atMs && f.expiresMs > atMs && f.endsMs > atMs;
}
