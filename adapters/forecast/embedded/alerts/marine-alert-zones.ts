import type { AlertZone, Place } from '../weather/index.ts';
import { smallCraftKt } from '../weather/marine-alert-rules.ts';
import type { Catalogue, MarineZoneRecord, OfficeRecord } from '../catalogue/types.ts';
import { officeSignature } from '../offices/office-sender-name.ts';
import { officeState } from '../weather/office-states.ts';

/**
 * The SAME location code's marine area number of each marine area: a marine zone's SAME code is 0, this
 * number and the zone's three digits (ANZ355 is 073355, as a recorded api.weather.gov geocode gives it). The
 * numbers are the NWS SAME marine table's, as KDE/foss-public-alert-server's SAME folder links them to the
 * marine zones (077042 to GMZ042, 092741 to LMZ741, 098022 to SLZ022).
 */
const SAME_MARINE_AREA: Readonly<Record<string, string>> = {
  PZ: '57',
  PK: '58',
  PH: '59',
  PS: '61',
  PM: '65',
  AN: '73',
  AM: '75',
  GM: '77',
  LS: '91',
  LM: '92',
  LH: '93',
  LC: '94',
  LE: '96',
  LO: '97',
  SL: '98',
};

/** A marine zone's SAME code ("077042" for GMZ042); undefined for an area without one. */
export function marineSameCode(zoneId: string): string | undefined {
  const area = SAME_MARINE_AREA[zoneId.slice(0, 2)];
  return area ? `0${area}${zoneId.slice(3)}` : undefined;
}

/** The state its office is in (office-states.ts): what a marine zone's AlertZone carries as its state. */
function marineZoneState(office: OfficeRecord): string {
  return officeState(office.id) ?? '';
}

/**
 * A coastal marine zone as the alert model sees it: issued by the office that issues its forecast, its weather
 * sampled where `placeOf` says (alert-zone-place.ts marineZonePlace: the nearest all-water cell it holds, else its
 * centroid's gridpoint, on that cell's land or water as the gridpoint's: `landCell`), coded by its own UGC and
 * SAME. Without `placeOf`, its centroid, over water.
 */
export function marineAlertZone(
  zone: MarineZoneRecord,
  office: OfficeRecord,
  placeOf?: (zoneId: string, lat: number, lon: number) => Place,
): AlertZone {
  const place = placeOf?.(zone.id, zone.centroid.lat, zone.centroid.lon);
  const same = marineSameCode(zone.id);
  return {
    id: zone.id,
    name: zone.name,
    state: marineZoneState(office),
    lat: place?.lat ?? zone.centroid.lat,
    lon: place?.lon ?? zone.centroid.lon,
    ...(place ? { elevationM: place.elevationM } : {}),
    officeId: office.id,
    officeName: officeSignature(office),
    timeZone: office.timeZone,
    sameCodes: same ? [same] : [],
    marine: {
      smallCraftKt: smallCraftKt(zone.id, office.region),
      ...(place && !place.overWater ? { landCell: true } : {}),
    },
  };
}

/** Every marine zone of a covered office, by office id. */
export function marineAlertZones(
  catalogue: Catalogue,
  covered: (officeId: string) => boolean,
  placeOf?: (zoneId: string, lat: number, lon: number) => Place,
): Map<string, AlertZone[]> {
  const byOffice = new Map<string, AlertZone[]>();
  for (const zone of catalogue.marineZones.values()) {
    const office = catalogue.offices.get(zone.cwa);
    if (!office || !covered(office.id)) continue;
    const list = byOffice.get(office.id) ?? [];
    list.push(marineAlertZone(zone, office, placeOf));
    byOffice.set(office.id, list);
  }
  return byOffice;
}
