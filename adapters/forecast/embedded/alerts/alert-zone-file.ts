// alert-zones.json: the alert model's zones per office (alert-zone-source.ts alertZonesByOffice, with the
// offices that have a grid and the zones' weather places), as the data build lists them
// (scripts/forecast-data/build-alert-zones.ts). Listing them at run time read the forecast and county zone
// tables whole (~3.3 MB of the catalogue) and chose each zone's county on its outlines: ~120 ms of CPU in
// a process's first point alerts (issue 40 item 4), for a list that only the data files decide.

import { readFileSync } from 'node:fs';
import type { AlertZone } from '../weather/index.ts';

export const ALERT_ZONES_FILE = 'alert-zones.json';
/** Bumped whenever the layout changes, so a stale data folder fails loudly. */
const FORMAT = 3;

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
  /** 1 for a marine zone whose gridpoint cell holds land (AlertZone.marine.landCell); absent otherwise. */
  landCell?: 1,
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
      zones.map((z): ZoneRow => {
        const row: ZoneRow = [
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
        ];
        if (z.marine?.landCell) row.push(1);
        return row;
      }),
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

/**
 * Each office's zone ids, and which offices name given ids: what the alert routes' office index asks
 * (alert-scope.ts), answered from the file's text where it is known, without making the zones.
 */
export interface OfficeZoneIdSource {
  readonly length: number;
  /** Office `office`'s zone ids, each with its county's. */
  idsOf(office: number): OfficeZoneIds;
  /** The offices, in index order, with a zone or county among `ids`. */
  officesNaming(ids: Iterable<string>): number[];
}

/** The alert model's zones per office by index, and, where known without making the zones, the ids they name. */
export interface ZonesByOffice extends ArrayLike<readonly AlertZone[]> {
  readonly ids?: OfficeZoneIdSource;
}

/** A quoted UGC id in an office's line: a zone's (`KSZ040`, `AMZ250`) or its county's (`KSC177`). */
const UGC_ID = /"([A-Z]{2}[CZ]\d{3})"/g;
/** An id that can be one of them. */
const UGC = /^[A-Z]{2}[CZ]\d{3}$/;

/**
 * The file's zones per office (`zones[office]`), each office's line parsed when first asked for: a process
 * whose first alerts are one point's parses that point's office alone (~5 kB of the file's 640), where
 * parsing it whole cost ~45 ms of CPU under load and the office index over every zone ~15 (issue 40 item
 * 4). The file stays bytes, a line made text when first read: made text whole and split, the file cost ~2 ms
 * of CPU of those first alerts. The office index reads {@link ids} (OfficeLineIds) off the bytes unparsed (a
 * test checks it against the parsed file); a whole cycle takes `Array.from` of it.
 */
export class AlertZoneLines implements ZonesByOffice {
  readonly [office: number]: AlertZone[];
  readonly length: number;
  readonly ids: OfficeZoneIdSource;

  constructor(path: string) {
    const bytes = readFileSync(path);
    // Where each line ends; line i runs from the end of line i - 1, past its newline.
    const ends: number[] = [];
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) ends.push(at);
    const format = /^\{"format":(\d+),/.exec(bytes.toString('utf8', 0, ends[0] ?? bytes.length))?.[1];
    if (format !== String(FORMAT)) throw new Error(`${path}: format ${String(format)}, expected ${FORMAT}; rebuild`);
    // Between the header line and the closing `]}` (and the final newline), one office a line: office `o`
    // is line o + 1.
    this.length = ends.length - 2;
    const line = (office: number): string => bytes.toString('utf8', ends[office]! + 1, ends[office + 1]);
    this.ids = new OfficeLineIds(bytes, ends, this.length, line);
    for (let office = 0; office < this.length; office++) {
      let zones: AlertZone[] | undefined;
      Object.defineProperty(this, office, {
        enumerable: true,
        get: () => {
          if (zones) return zones;
          const text = line(office);
          return (zones = zonesOfRow(JSON.parse(text.endsWith(',') ? text.slice(0, -1) : text) as OfficeRow));
        },
      });
    }
  }
}

const NEWLINE = 0x0a;

/**
 * The ids of the file's office lines, unparsed: an office's by a scan of its line's quoted ids when first
 * asked for, and the offices naming an id by a search of the file's bytes for it quoted. Scanning every
 * line's ids up front, as the index once did, was ~7 ms of CPU of a process's first point alerts (issue 40
 * item 4) for the one or two offices a point has. In JSON a quote inside a string is escaped, so an id found
 * quoted is one the scan of its line finds too; and no byte of a character past ASCII is an ASCII one in
 * UTF-8, so an id found in the bytes is one in the text.
 */
class OfficeLineIds implements OfficeZoneIdSource {
  private readonly made: (OfficeZoneIds | undefined)[];

  /** `ends`: where each line of the file ends; office `o` is line o + 1, `line(o)` its text. */
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: readonly number[],
    readonly length: number,
    private readonly line: (office: number) => string,
  ) {
    this.made = new Array<OfficeZoneIds | undefined>(length);
  }

  idsOf(office: number): OfficeZoneIds {
    return (this.made[office] ??= idsOfLine(this.line(office)));
  }

  officesNaming(ids: Iterable<string>): number[] {
    const offices = new Set<number>();
    const first = this.ends[0]! + 1;
    const last = this.ends[this.length]!;
    for (const id of ids) {
      if (!UGC.test(id)) continue; // none of the lines' ids
      const quoted = `"${id}"`;
      for (let at = this.bytes.indexOf(quoted, first); at !== -1 && at < last; at = this.bytes.indexOf(quoted, at + 1))
        offices.add(this.officeAt(at));
    }
    return [...offices].sort((a, b) => a - b);
  }

  /** The office whose line holds the byte `at` (within the office lines). */
  private officeAt(at: number): number {
    // The first office whose line ends after `at`: office o's line ends at ends[o + 1].
    let low = 0;
    let high = this.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.ends[middle + 1]! > at) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

function idsOfLine(line: string): OfficeZoneIds {
  const ids: (readonly [string, string?])[] = [];
  for (const [, id] of line.matchAll(UGC_ID)) {
    if (id![2] === 'Z') ids.push([id!]);
    else ids.push([ids.pop()![0], id!]);
  }
  return ids;
}

function zonesOfRow([officeId, officeName, zones]: OfficeRow): AlertZone[] {
  return zones.map(([id, name, state, lat, lon, elevationM, timeZone, sameCodes, county, smallCraftKt, landCell]) => ({
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
    ...(smallCraftKt === null
      ? {}
      : { marine: landCell === 1 ? { smallCraftKt, landCell: true as const } : { smallCraftKt } }),
  }));
}
