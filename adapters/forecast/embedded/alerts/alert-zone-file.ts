// alert-zones.json: the alert model's zones per office (alert-zone-source.ts alertZonesByOffice, with the
// offices that have a grid and the zones' weather places), as the data build lists them
// (scripts/forecast-data/build-alert-zones.ts). Listing them at run time read the forecast and county zone
// tables whole (~3.3 MB of the catalogue) and chose each zone's county on its outlines: ~120 ms of CPU in
// a process's first point alerts (issue 40 item 4), for a list that only the data files decide.

import { readFileSync } from 'node:fs';
import type { AlertZone } from '../weather/index.ts';

export const ALERT_ZONES_FILE = 'alert-zones.json';
/** Bumped whenever the layout changes, so a stale data folder fails loudly. */
const FORMAT = 2;

type ZoneRow = [
  id: string,
  name: string,
  state: string,
  lat: number,
  lon: number,
  elevationM: number | null,
  timeZone: string,
  sameCodes: string[] | null,
  county: [id: string, name: string, sameCode: string | null] | null,
  /** A marine zone's Small Craft Advisory threshold (kt); null for a land zone. */
  smallCraftKt: number | null,
];
/** One office a line: its id and signature, then its zones. */
type OfficeRow = [officeId: string, officeName: string, zones: ZoneRow[]];

/** The file's text: the offices in the list's order (index = office number in the alert cycles). */
export function alertZonesText(zonesByOffice: readonly (readonly AlertZone[])[]): string {
  const rows = zonesByOffice.map((zones): OfficeRow => {
    const first = zones[0]!;
    for (const z of zones)
      if (z.officeId !== first.officeId || z.officeName !== first.officeName)
        throw new Error(`${z.id}: not of office ${first.officeId}`);
    return [
      first.officeId,
      first.officeName,
      zones.map((z) => [
        z.id,
        z.name,
        z.state,
        z.lat,
        z.lon,
        z.elevationM ?? null,
        z.timeZone,
        z.sameCodes ? [...z.sameCodes] : null,
        z.county ? [z.county.id, z.county.name, z.county.sameCode ?? null] : null,
        z.marine ? z.marine.smallCraftKt : null,
      ]),
    ];
  });
  return `{"format":${FORMAT},"offices":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
}

/**
 * The zones per office as alertZonesByOffice makes them: the same keys in the same order, present in the
 * same cases, since the alert cycle cache names a cycle by a serialization of this list (alert-cycle-cache.ts).
 */
export function readAlertZones(path: string): AlertZone[][] {
  return Array.from(new AlertZoneLines(path));
}

/** An office's zone ids, each with its county's (short-fuse warnings name the county): what its alerts can name. */
export type OfficeZoneIds = readonly (readonly [zone: string, county?: string])[];

/** The alert model's zones per office by index, and, where known without making the zones, the ids they name. */
export interface ZonesByOffice extends ArrayLike<readonly AlertZone[]> {
  readonly ids?: readonly OfficeZoneIds[];
}

/** A quoted UGC id in an office's line: a zone's (`KSZ040`, `AMZ250`) or its county's (`KSC177`). */
const UGC_ID = /"([A-Z]{2}[CZ]\d{3})"/g;

/**
 * The file's zones per office (`zones[office]`), each office's line parsed when first asked for: a process
 * whose first alerts are one point's parses that point's office alone (~5 kB of the file's 640), where
 * parsing it whole cost ~45 ms of CPU under load and the office index over every zone ~15 (issue 40 item
 * 4). The office index is built from {@link ids}, read off the lines by a scan of their quoted ids (a
 * test checks it against the parsed file); a whole cycle takes `Array.from` of it.
 */
export class AlertZoneLines implements ZonesByOffice {
  readonly [office: number]: AlertZone[];
  readonly length: number;
  readonly ids: readonly OfficeZoneIds[];

  constructor(path: string) {
    const lines = readFileSync(path, 'utf8').split('\n');
    const format = /^\{"format":(\d+),/.exec(lines[0]!)?.[1];
    if (format !== String(FORMAT)) throw new Error(`${path}: format ${String(format)}, expected ${FORMAT}; rebuild`);
    // Between the header line and the closing `]}` (and the final newline), one office a line.
    const offices = lines.slice(1, -2);
    this.length = offices.length;
    this.ids = offices.map((line) => {
      const ids: (readonly [string, string?])[] = [];
      for (const [, id] of line.matchAll(UGC_ID)) {
        if (id![2] === 'Z') ids.push([id!]);
        else ids.push([ids.pop()![0], id!]);
      }
      return ids;
    });
    offices.forEach((line, office) => {
      let zones: AlertZone[] | undefined;
      Object.defineProperty(this, office, {
        enumerable: true,
        get: () => (zones ??= zonesOfRow(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as OfficeRow)),
      });
    });
  }
}

function zonesOfRow([officeId, officeName, zones]: OfficeRow): AlertZone[] {
  return zones.map(([id, name, state, lat, lon, elevationM, timeZone, sameCodes, county, smallCraftKt]): AlertZone => ({
    id,
    name,
    state,
    lat,
    lon,
    ...(elevationM === null ? {} : { elevationM }),
    officeId,
    officeName,
    timeZone,
    ...(sameCodes === null ? {} : { sameCodes }),
    ...(county
      ? { county: { id: county[0], name: county[1], ...(county[2] === null ? {} : { sameCode: county[2] }) } }
      : {}),
    ...(smallCraftKt === null ? {} : { marine: { smallCraftKt } }),
  }));
}
