import type { OfficeZoneIds, ZonesByOffice } from './alert-zone-file.ts';

/**
 * The part of the country an alert request is about: zones (a zone or point parameter, land or marine), or
 * states and marine areas (an area parameter, or a marine region's areas, matched as api.weather.gov matches
 * them: the first two letters of each UGC id). A scope that names nothing the model covers reaches no office.
 */
export interface AlertScope {
  readonly zones?: ReadonlySet<string>;
  readonly states?: readonly string[];
}

/** Which office issues alerts for which zones (offices by their index in the cycle's `zonesByOffice`). */
export class OfficeIndex {
  /** Offices by zone id; a county split between offices (its zones in each) has several. */
  private readonly officesOfZone = new Map<string, Set<number>>();
  private readonly officesOfState = new Map<string, Set<number>>();

  /** `idsByOffice`: each office's zone ids, with their counties' (officeZoneIds). */
  constructor(private readonly idsByOffice: readonly OfficeZoneIds[]) {
    idsByOffice.forEach((ids, office) => {
      for (const pair of ids) {
        // Short-fuse warnings name the zone's county instead: a county query reaches the office too.
        for (const id of pair) {
          const offices = this.officesOfZone.get(id!) ?? new Set<number>();
          offices.add(office);
          this.officesOfZone.set(id!, offices);
        }
        const state = pair[0].slice(0, 2);
        const offices = this.officesOfState.get(state) ?? new Set<number>();
        offices.add(office);
        this.officesOfState.set(state, offices);
      }
    });
  }

  /**
   * The offices whose alerts can match the scope, in index order: those of its zones, or else of its
   * states. A request with both is narrowed by its zones; the states then filter those offices' alerts.
   */
  officesOf(scope: AlertScope): number[] {
    const offices = new Set<number>();
    if (scope.zones) {
      for (const zone of scope.zones) {
        for (const office of this.officesOfZone.get(zone) ?? []) offices.add(office);
      }
    } else {
      for (const state of scope.states ?? [])
        for (const office of this.officesOfState.get(state) ?? []) offices.add(office);
    }
    return [...offices].sort((a, b) => a - b);
  }

  /** Every zone of the offices: an alert belongs to one of them exactly when it names one of these. */
  zonesOf(offices: readonly number[]): ReadonlySet<string> {
    return new Set(offices.flatMap((office) => this.idsByOffice[office]!.flat() as string[]));
  }
}

/** The ids the offices' alerts can name: read off the file where it knows them, else from the zones made. */
export function officeZoneIds(zonesByOffice: ZonesByOffice): readonly OfficeZoneIds[] {
  return (
    zonesByOffice.ids ??
    Array.from(zonesByOffice, (zones) =>
      zones.map((zone): readonly [string, string?] => (zone.county ? [zone.id, zone.county.id] : [zone.id])),
    )
  );
}
