import type { AlertFeature, AlertZone } from './weather/index.ts';
import { generateOfficeAlerts } from './alert-generation.ts';

/**
 * A cycle's offices, shared out between the threads that generate it, through a board in shared memory:
 * one counter of the next office in order, and one claim per office. A thread claims an office before it
 * generates it, so each office is generated once however the threads meet: the workers take them in
 * order, and the main thread may claim one out of turn, when a request asks for that office's alerts
 * before the cycle is done (alert-generator.ts). The workers split the work evenly however long each
 * office takes, and one that starts late simply takes fewer. Offices never share an alert (see
 * alert-zone-source.ts), so the union of their results, sorted, is the cycle.
 */
export function newOfficeBoard(offices: number): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (1 + offices));
}

const NEXT = 0;
const CLAIMS = 1;

/** Claims an office for this thread: false when another thread has it (done, or under way). */
export function claimOffice(board: Int32Array, office: number): boolean {
  return Atomics.compareExchange(board, CLAIMS + office, 0, 1) === 0;
}

/** The next office in order that no thread has claimed, claimed for this one; -1 when none is left. */
export function takeNextOffice(board: Int32Array): number {
  const offices = board.length - CLAIMS;
  for (let office = Atomics.add(board, NEXT, 1); office < offices; office = Atomics.add(board, NEXT, 1)) {
    if (claimOffice(board, office)) return office;
  }
  return -1;
}

/**
 * Gives back the claims of offices whose alerts never arrived (their threads stopped), and starts the
 * order again, so that another thread takes them. Only once no other thread uses the board.
 */
export function releaseOffices(board: Int32Array, offices: Iterable<number>): void {
  for (const office of offices) Atomics.store(board, CLAIMS + office, 0);
  Atomics.store(board, NEXT, 0);
}

/** Takes offices from `board` until none is left, handing each office's alerts to `onOffice` as it is done. */
export function generateTakingTurns(
  zonesByOffice: readonly (readonly AlertZone[])[],
  cycleHour: number,
  board: SharedArrayBuffer,
  onOffice: (office: number, alerts: AlertFeature[]) => void,
): void {
  const view = new Int32Array(board);
  for (let office = takeNextOffice(view); office >= 0; office = takeNextOffice(view)) {
    onOffice(office, generateOfficeAlerts(zonesByOffice[office]!, cycleHour));
  }
}
