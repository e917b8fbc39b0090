import { ForecastNotFound, InvalidParameter } from './errors.ts';
import { isForecastOfficeId, isOfficeId, quotedId } from './office-ids.ts';

/** `x,y`: two non-negative integers of any length; only this shape is checked as syntax (a 400). */
const XY = /^(\d+),(\d+)$/;
/**
 * No forecast office's grid has an index this large: the widest NDFD grid (CONUS, 2,145 × 1,377 cells) less
 * an office's offset stays far below it. Larger indices are outside every grid, a 404 decided here, so a
 * provider never meets a number past the safe integers (4294967296 or 99999999999999999999).
 */
const MAX_GRID_INDEX = 9999;

/**
 * `{office}/{x},{y}` from a gridpoint path. The spec's gridpoint errors are "400 invalid grid values; 404
 * unknown office or grid coordinates out of range (naming the office and coordinates)": coordinates that are
 * not two non-negative integers are the 400; an office that is not an NWS forecast office (KTOP, ZZ, T0P) and
 * integers outside every grid are the 404. Whether a well-formed cell lies in its office's grid is the
 * provider's 404 to give.
 */
export function parseGridRef(office: string, xy: string): { office: string; x: number; y: number } {
  const m = XY.exec(xy);
  if (!m)
    throw new InvalidParameter(
      `Invalid grid coordinates "${quotedId(xy)}": expected two non-negative integers, x,y.`,
      'point',
    );
  const id = office.toUpperCase();
  const where = `${quotedId(office)}/${xy}`;
  if (!isForecastOfficeId(id))
    throw new ForecastNotFound(
      `Unknown forecast office ${quotedId(office)}: no forecast grid at ${where}.`,
      'Invalid Gridpoint',
    );
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (x > MAX_GRID_INDEX || y > MAX_GRID_INDEX) {
    throw new ForecastNotFound(
      `Grid coordinates ${quotedId(xy)} are outside the ${id} forecast grid (${id}/${quotedId(xy)}): no forecast grid has an index above ${MAX_GRID_INDEX}.`,
      'Invalid Gridpoint',
    );
  }
  return { office: id, x, y };
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

/**
 * The `{officeId}` of /offices/*: a forecast office or a headquarters. The spec lists an unknown office under
 * 404 and never under 400, so any other text (KTOP, ZZ) is a 404 that names it.
 */
export function parseOfficeId(id: string): string {
  const upper = id.toUpperCase();
  if (!isOfficeId(upper))
    throw new ForecastNotFound(`Office ${quotedId(id)} not found: it is not an NWS office id, such as TOP or CRH.`);
  return upper;
}
