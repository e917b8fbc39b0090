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

/** Scopes whose offices are remembered; past it they are forgotten and worked out again. */
const KNOWN_SCOPES = 4096;

/** Which office issues alerts for which zones (offices by their index in the cycle's `zonesByOffice`). */
export class OfficeIndex {
  /**
   * The offices of each scope asked for, by the scope's key. Worked out by a scan of every office's ids
   * (some 9,000, well under a millisecond), not from maps of every id to its offices: building those cost
   * a process asking for one point's alerts ~15 ms of CPU under load (issue 40 item 4).
   */
  private readonly known = new Map<string, readonly number[]>();

  /** `idsByOffice`: each office's zone ids, with their counties' (officeZoneIds). */
  constructor(private readonly idsByOffice: readonly OfficeZoneIds[]) {}

  /**
   * The offices whose alerts can match the scope, in index order: those of its zones, or else of its
   * states. A request with both is narrowed by its zones; the states then filter those offices' alerts.
   */
  officesOf(scope: AlertScope): number[] {
    const key = scope.zones ? `zones ${[...scope.zones].sort().join(' ')}` : `states ${(scope.states ?? []).join(' ')}`;
    let offices = this.known.get(key);
    if (!offices) {
      if (this.known.size >= KNOWN_SCOPES) this.known.clear();
      this.known.set(key, (offices = this.scan(scope)));
    }
    return [...offices];
  }

  private scan({ zones, states }: AlertScope): number[] {
    // Short-fuse warnings name a zone's county instead: a county reaches the offices of its zones too.
    const names = zones
      ? (pair: readonly [string, string?]) => pair.some((id) => zones.has(id!))
      : (pair: readonly [string, string?]) => (states ?? []).includes(pair[0].slice(0, 2));
    const offices: number[] = [];
    this.idsByOffice.forEach((ids, office) => {
      if (ids.some(names)) offices.push(office);
    });
    return offices;
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
