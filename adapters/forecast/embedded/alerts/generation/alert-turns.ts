import type { AlertFeature, AlertZone } from '../../weather/index.ts';
import { generateOfficeAlerts } from './generate-office-alerts.ts';

/**
 * A cycle's offices, shared out between the threads that generate it, through a board in shared memory:
 * one counter of the next office in order, one claim per office, and a queue of the offices requests are
 * waiting for. A thread claims an office before it generates it, so each office is generated once however
 * the threads meet. Every thread takes the wanted offices first, then the rest in order: a request for a
 * point or a state needs only the offices issuing there (alert-generator.ts), and the workers help with
 * those before going on. The workers split the work evenly however long each office takes, and one that
 * starts late simply takes fewer. Offices never share an alert (see alert-zone-source.ts), so the union of
 * their results, sorted, is the cycle.
 *
 * Layout (32-bit cells): the next office in order, how many offices are queued, then a claim per office,
 * then the queue. Only the main thread queues (wantOffice), writing the entry before the count, so a
 * thread that reads the count reads entries already written.
 */
export function newOfficeBoard(offices: number): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (2 + 2 * offices));
}

const NEXT = 0;
const QUEUED = 1;
const CLAIMS = 2;

function officeCount(board: Int32Array): number {
  return (board.length - CLAIMS) / 2;
}

/** Claims an office for this thread: false when another thread has it (done, or under way). */
export function claimOffice(board: Int32Array, office: number): boolean {
  return Atomics.compareExchange(board, CLAIMS + office, 0, 1) === 0;
}

/** Queues an office a request waits for, for whichever thread comes first. The main thread's alone. */
export function wantOffice(board: Int32Array, office: number): void {
  const queued = Atomics.load(board, QUEUED);
  Atomics.store(board, CLAIMS + officeCount(board) + queued, office);
  Atomics.store(board, QUEUED, queued + 1);
}

/** A thread's place in the queue of wanted offices: how many entries it has looked at. */
export interface QueueCursor {
  read: number;
}

/**
 * The next office for this thread, claimed for it: a wanted one first, then the next in order that no
 * thread has claimed; -1 when none is left.
 */
export function takeNextOffice(board: Int32Array, cursor: QueueCursor): number {
  const offices = officeCount(board);
  for (const queued = Atomics.load(board, QUEUED); cursor.read < queued; cursor.read++) {
    const office = Atomics.load(board, CLAIMS + offices + cursor.read);
    if (claimOffice(board, office)) {
      cursor.read++;
      return office;
    }
  }
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
  const cursor: QueueCursor = { read: 0 };
  for (let office = takeNextOffice(view, cursor); office >= 0; office = takeNextOffice(view, cursor)) {
    onOffice(office, generateOfficeAlerts(zonesByOffice[office]!, cycleHour));
  }
}
