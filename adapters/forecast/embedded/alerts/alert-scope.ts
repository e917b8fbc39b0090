import type { AlertZone } from '../weather/index.ts';
import type { OfficeZoneIds, OfficeZoneIdSource, ZonesByOffice } from './alert-zone-file.ts';

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
   * The offices of each scope asked for, by the scope's key. Worked out by a search of the offices' ids
   * (some 9,000, well under a millisecond), not from maps of every id to its offices: building those cost
   * a process asking for one point's alerts ~15 ms of CPU under load (issue 40 item 4).
   */
  private readonly known = new Map<string, readonly number[]>();

  /** `ids`: each office's zone ids, with their counties' (officeZoneIds). */
  constructor(private readonly ids: OfficeZoneIdSource) {}

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
    if (zones) return this.ids.officesNaming(zones);
    const offices: number[] = [];
    for (let office = 0; office < this.ids.length; office++)
      if (this.ids.idsOf(office).some(([zone]) => (states ?? []).includes(zone.slice(0, 2)))) offices.push(office);
    return offices;
  }

  /** Every zone of the offices: an alert belongs to one of them exactly when it names one of these. */
  zonesOf(offices: readonly number[]): ReadonlySet<string> {
    return new Set(offices.flatMap((office) => this.ids.idsOf(office).flat() as string[]));
  }
}

/** The ids the offices' alerts can name: read off the file where it knows them, else from the zones made. */
export function officeZoneIds(zonesByOffice: ZonesByOffice): OfficeZoneIdSource {
  return zonesByOffice.ids ?? zoneIdsOfArrays(zoneIdArrays(zonesByOffice));
}

/** Each office's zone ids, with their counties', from its zones. */
export function zoneIdArrays(zonesByOffice: ArrayLike<readonly AlertZone[]>): OfficeZoneIds[] {
  return Array.from(zonesByOffice, (zones) =>
    zones.map((zone): readonly [string, string?] => (zone.county ? [zone.id, zone.county.id] : [zone.id])),
  );
}

function zoneIdsOfArrays(byOffice: readonly OfficeZoneIds[]): OfficeZoneIdSource {
  return {
    length: byOffice.length,
    idsOf: (office) => byOffice[office]!,
    officesNaming: (ids) => {
      const named = new Set(ids);
      const offices: number[] = [];
      byOffice.forEach((pairs, office) => {
        if (pairs.some((pair) => pair.some((id) => named.has(id!)))) offices.push(office);
      });
      return offices;
    },
  };
}
