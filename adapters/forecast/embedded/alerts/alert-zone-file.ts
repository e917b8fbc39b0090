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
  const file = JSON.parse(readFileSync(path, 'utf8')) as { format: unknown; offices: OfficeRow[] };
  if (file.format !== FORMAT) throw new Error(`${path}: format ${String(file.format)}, expected ${FORMAT}; rebuild`);
  return file.offices.map(([officeId, officeName, zones]) =>
    zones.map(([id, name, state, lat, lon, elevationM, timeZone, sameCodes, county, smallCraftKt]): AlertZone => ({
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
    })),
  );
}
