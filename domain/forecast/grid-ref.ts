import { ForecastNotFound, InvalidParameter } from './errors.ts';

const OFFICE = /^[A-Za-z]{3}$/;
const XY = /^(\d{1,4}),(\d{1,4})$/;

/** `{office}/{x},{y}` from a gridpoint path; office ids are three letters, indices non-negative integers. */
export function parseGridRef(office: string, xy: string): { office: string; x: number; y: number } {
  if (!OFFICE.test(office))
    throw new InvalidParameter(
      `Invalid office "${office}": expected a three-letter forecast office id such as TOP.`,
      'wfo',
    );
  const m = XY.exec(xy);
  if (!m)
    throw new InvalidParameter(`Invalid grid coordinates "${xy}": expected two non-negative integers, x,y.`, 'point');
  return { office: office.toUpperCase(), x: Number(m[1]), y: Number(m[2]) };
}

const STATION = /^[A-Za-z0-9]{3,5}$/;

/**
 * A station id from a path. The spec lists only 403 and 404 for /stations/{stationId}, and a 404 "naming
 * the station": an id that cannot be a station (`K`, `K$`) names no station, so it is that 404, not a 400.
 */
export function parseStationId(id: string): string {
  if (!STATION.test(id))
    throw new ForecastNotFound(`Station ${id} not found: station ids are 3 to 5 letters or digits, such as KSLC.`);
  return id.toUpperCase();
}

export function parseOfficeId(id: string): string {
  if (!OFFICE.test(id))
    throw new InvalidParameter(
      `Invalid office "${id}": expected a three-letter forecast office id such as TOP.`,
      'officeId',
    );
  return id.toUpperCase();
}
