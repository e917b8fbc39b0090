// `npm run bench -- tasks-compaction`: POST and GET latency across a background compaction. The store folds
// its journal into the snapshot on garbage (three dead bytes for each live one; compactor.ts), which creates
// never leave, or once the journal reaches FOLD_AT_MOST_BYTES (256 MiB): from an empty store, with this
// benchmark's task bodies, at about 840k tasks (foldPoints). The pre-fill stops a little short of the first
// fold past 100k, and POST and GET load then runs in windows until a whole fold (journal moved aside, then
// removed) fell inside one measured window. Since folds come on garbage, that pre-fill is ~810k tasks (it
// was ~200k when the store folded at three times the snapshot): a fold of a store that large, not of one of
// 200k, is what this now measures.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { createTask, prefill, signUp, SMALL_TASK_BODY } from '../lib/api.ts';
import { fire } from '../lib/load.ts';
import { taskcastSpec } from '../lib/servers.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';
import { FOLD_AT_MOST_BYTES } from '../../adapters/persistence/lowdb/compactor.ts';
import { journalRecordsOf } from '../../adapters/persistence/lowdb/journal-reader.ts';

/**
 * Bytes a task of this benchmark takes in the journal, and about as many in the snapshot: the first fold,
 * when it came at 4 MiB of journal, came at ~13k tasks.
 */
const TASK_BYTES = 320;

/**
 * The task counts, up to `upTo`, at which a store filled from empty folds its journal into the snapshot:
 * creates leave no garbage, so only at each FOLD_AT_MOST_BYTES of journal.
 */
export function foldPoints(upTo: number): number[] {
  const points: number[] = [];
  for (let tasks = 0; ;) {
    tasks += Math.ceil(FOLD_AT_MOST_BYTES / TASK_BYTES);
    if (tasks > upTo) return points;
    points.push(tasks);
  }
}

/** The first fold past 100k tasks (~840k): the pre-fill stops 3% short, so that it comes during the measured load. */
const MEASURED_FOLD = foldPoints(10_000_000).find((tasks) => tasks >= 100_000)!;
const PREFILL = Math.round(MEASURED_FOLD * 0.97);
const PREFILL_USERS = 4;
const LIST_SIZE = 20;
const MAX_WINDOWS = 6;
const TARGET_MAX_MS = 50;

interface Window {
  post: Result;
  get: Result;
  /** Compactions that started and finished inside the window, with their durations. */
  foldsMs: number[];
  /** Whether a compaction was running at the window's start or end. */
  partial: boolean;
}

export const tasksCompactionSet: ScenarioSet = {
  name: 'tasks-compaction',
  description: `POST and GET latency (max, p99) across a background compaction of a ~${Math.round(MEASURED_FOLD / 1000)}k-task store.`,
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log, warn } = ctx;
    const dbPath = join(lab.tempDir('taskcast-compaction'), 'tasks.db');
    const spec = taskcastSpec(dbPath);
    // At info level the store logs each compaction with its duration; nothing per request.
    const server = await lab.start({ ...spec, env: { ...spec.env, LOG_LEVEL: 'info' } });
    log(
      `taskcast up at ${server.origin} (pid ${server.pid}); pre-filling ${PREFILL} tasks over ${PREFILL_USERS} users ...`,
    );
    const filled = await prefill(server.origin, PREFILL, PREFILL_USERS, load.connections);
    const snapshotBytes = sizeOf(dbPath);
    const journalBytes = journalRecordBytes(`${dbPath}.journal`);
    log(
      `  pre-filled in ${filled.seconds.toFixed(1)} s; snapshot ${(snapshotBytes / 1e6).toFixed(1)} MB, journal ${(journalBytes / 1e6).toFixed(1)} MB of records ` +
        `(with no garbage, the next fold starts once the journal reaches ${FOLD_AT_MOST_BYTES / 2 ** 20} MiB, expected at ~${MEASURED_FOLD} tasks)`,
    );
    const reader = await signUp(server.origin, 'compaction-get');
    for (let i = 0; i < LIST_SIZE; i++) await createTask(server.origin, reader, i);
    const writer = await signUp(server.origin, 'compaction-post');

    const half = Math.max(1, Math.floor(load.connections / 2));
    const seconds = Math.max(4, load.roundSeconds * 2);
    const watch = watchCompactions(`${dbPath}.journal.compacting`);
    const windows: Window[] = [];
    let measured: Window | undefined;
    // Windows of load one after another until one saw a compaction start and finish; one that only saw
    // part of a compaction is reported too, but the load goes on until a whole one falls inside a window.
    for (let attempt = 1; attempt <= MAX_WINDOWS && measured === undefined; attempt++) {
      const from = performance.now();
      const [post, get] = await Promise.all([
        fire(
          {
            url: `${server.origin}/api/tasks`,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...writer.auth },
            body: SMALL_TASK_BODY,
          },
          { connections: half, duration: seconds },
        ),
        fire(
          { url: `${server.origin}/api/tasks`, method: 'GET', headers: reader.auth },
          { connections: half, duration: seconds },
        ),
      ]);
      const to = performance.now();
      const window: Window = { post, get, foldsMs: watch.within(from, to), partial: watch.overlapping(from, to) };
      windows.push(window);
      server.assertAlive('the compaction window');
      log(
        `  window ${attempt} (${seconds} s, ${half}+${half} connections): ${window.foldsMs.length} whole compaction(s) ${window.foldsMs.map((ms) => `${ms} ms`).join(', ')}${window.partial ? ' (and part of one)' : ''}; ` +
          `POST ${Math.round(post.requests.average)} req/s p99 ${post.latency.p99} ms max ${post.latency.max} ms; ` +
          `GET ${Math.round(get.requests.average)} req/s p99 ${get.latency.p99} ms max ${get.latency.max} ms` +
          `${post.non2xx + get.non2xx + post.errors + get.errors > 0 ? `; non-2xx ${post.non2xx + get.non2xx}, errors ${post.errors + get.errors}` : ''}`,
      );
      if (window.foldsMs.length > 0) measured = window;
    }
    watch.stop();
    const compactionLog = server.outputTail.split('\n').filter((line) => /compacted|compaction/.test(line));
    for (const line of compactionLog) log(`  server: ${line}`);
    await lab.stop(server);
    if (measured === undefined) {
      warn(`no compaction completed within ${MAX_WINDOWS} windows; the figures below are without one`);
      measured = windows[windows.length - 1]!;
    }
    const clean =
      measured.post.non2xx +
        measured.get.non2xx +
        measured.post.errors +
        measured.get.errors +
        measured.post.timeouts +
        measured.get.timeouts ===
      0;
    const row = (scenario: string, value: number, note: string): TargetRow => ({
      scenario,
      unit: 'ms',
      taskcast: value,
      peer: null,
      ratio: null,
      ratioOf: null,
      target: `< ${TARGET_MAX_MS} ms`,
      pass: clean ? value < TARGET_MAX_MS : false,
      note: clean ? note : `${note}; non-2xx/errors seen`,
    });
    const folds =
      measured.foldsMs.length > 0 ? `across a ${measured.foldsMs.join('+')} ms compaction` : 'no compaction seen';
    const rows: TargetRow[] = [
      row('POST /api/tasks max latency', measured.post.latency.max, `p99 ${measured.post.latency.p99} ms, ${folds}`),
      row('GET /api/tasks max latency', measured.get.latency.max, `p99 ${measured.get.latency.p99} ms, ${folds}`),
    ];
    return {
      rows,
      measurements: [],
      warnings: [],
      extra: {
        prefilledTasks: PREFILL,
        compactionLog,
        windows: windows.map((w) => ({
          foldsMs: w.foldsMs,
          post: {
            reqPerSec: w.post.requests.average,
            p99Ms: w.post.latency.p99,
            maxMs: w.post.latency.max,
            non2xx: w.post.non2xx,
          },
          get: {
            reqPerSec: w.get.requests.average,
            p99Ms: w.get.latency.p99,
            maxMs: w.get.latency.max,
            non2xx: w.get.non2xx,
          },
        })),
      },
      columns: { value: 'Taskcast', reference: '—' },
    };
  },
};

/**
 * Polls, every 2 ms, for the journal the store moves aside while it compacts: present from the moment a
 * compaction starts until its snapshot is written. Keeps every compaction's start and end.
 */
function watchCompactions(compactingPath: string) {
  const folds: Array<{ start: number; end: number }> = [];
  let since: number | undefined;
  const timer = setInterval(() => {
    const present = existsSync(compactingPath);
    if (present && since === undefined) since = performance.now();
    if (!present && since !== undefined) {
      folds.push({ start: since, end: performance.now() });
      since = undefined;
    }
  }, 2);
  return {
    /** Durations of the compactions that started and ended between `from` and `to`. */
    within: (from: number, to: number): number[] =>
      folds.filter((f) => f.start >= from && f.end <= to).map((f) => Math.round(f.end - f.start)),
    /** Whether a compaction straddles `from` or `to`. */
    overlapping: (from: number, to: number): boolean =>
      folds.some((f) => (f.start < from && f.end > from) || (f.start < to && f.end > to)) ||
      (since !== undefined && since < to),
    stop: () => clearInterval(timer),
  };
}

/** The journal's records, before the zeros the store writes ahead of them (the file itself is up to 6 MiB longer). */
function journalRecordBytes(path: string): number {
  try {
    return journalRecordsOf(readFileSync(path)).length;
  } catch {
    return 0;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
