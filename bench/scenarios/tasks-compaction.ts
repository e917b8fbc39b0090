// `npm run bench -- tasks-compaction`: PATCH and GET latency while the store folds its journal into the
// snapshot in the background, against the same load outside the fold. The lowdb store folds on garbage
// (three dead bytes for each live one, at least 4 MiB; compactor.ts), which creates never leave: a store
// filled from empty folds only at FOLD_AT_MOST_BYTES (256 MiB, ~840k of the small tasks), which once meant a
// pre-fill of 810k tasks. So the garbage comes from PATCHes instead. A modest store (BENCH_COMPACTION_TASKS,
// 20,000 tasks of ~1.2 kB) is filled, patchesUntilFold (bench/lib/fold-points.ts) tells from its files how
// many PATCHes make the next fold due (~3.3 per task at this size), all but the last LEAD of them are sent
// unmeasured, and the measured window's own PATCHes cross the threshold: the fold starts right after the
// batch that crosses it (the journal's pump), within the window's first second or so. Every answer is
// timed, and those that overlapped the fold are counted apart from those that did not.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTask, prefill, signUp, taskIds } from '../lib/api.ts';
import { patchesUntilFold } from '../lib/fold-points.ts';
import { fire, type Target } from '../lib/load.ts';
import { taskcastSpec } from '../lib/servers.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';
import { journalRecordsOf } from '../../adapters/persistence/lowdb/journal-reader.ts';

const TASKS = Number(process.env['BENCH_COMPACTION_TASKS'] ?? 20_000);
/** At most 10,000 tasks an account (MAX_TASKS_PER_USER). */
const PREFILL_USERS = Math.max(1, Math.ceil(TASKS / 5_000));
/** A description long enough that the store's bytes, not the request count, are what the pre-fill builds. */
const TASK_BODY = JSON.stringify({
  title: 'Benchmark task',
  description: 'Written by bench/run.ts for the compaction set. '.repeat(20),
  priority: 'high',
  due_date: '2030-01-15',
});
/** The same fields again: each PATCH rewrites the whole task at the same length, with a new updated_at. */
const PATCH_BODY = JSON.stringify({ priority: 'high' });
/** The share of the PATCHes a fold needs that is left to the measured window. */
const LEAD = 0.03;
const LIST_SIZE = 20;
const MAX_WINDOWS = 3;
const TARGET_MAX_MS = 50;

interface Answer {
  sentAt: number;
  doneAt: number;
  ok: boolean;
}

interface Fold {
  start: number;
  end: number;
}

/** Latency of the answers of one route, split by whether they overlapped a fold. */
interface Split {
  during: Figures;
  outside: Figures;
}

interface Figures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
}

export const tasksCompactionSet: ScenarioSet = {
  name: 'tasks-compaction',
  description: `PATCH and GET latency (p50, p99, max) during a background fold of a ${Math.round(TASKS / 1000)}k-task store made due by PATCHes, and outside it.`,
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log, warn } = ctx;
    const dbPath = join(lab.tempDir('taskcast-compaction'), 'tasks.db');
    const spec = taskcastSpec(dbPath);
    // At info level the store logs each compaction with its duration; nothing per request.
    const server = await lab.start({ ...spec, env: { ...spec.env, LOG_LEVEL: 'info' } });
    log(
      `taskcast up at ${server.origin} (pid ${server.pid}); pre-filling ${TASKS} tasks (users: ${PREFILL_USERS}) ...`,
    );
    // The reader's few tasks first: the journal's last create is then one of the pre-fill's (lastTaskBytes).
    const reader = await signUp(server.origin, 'compaction-get');
    for (let i = 0; i < LIST_SIZE; i++) await createTask(server.origin, reader, i);
    const filled = await prefill(server.origin, TASKS, PREFILL_USERS, load.connections, TASK_BODY);
    const owner = filled.users[0]!;
    const patchTarget: Target = {
      url: `${server.origin}/api/tasks`,
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...owner.auth },
      body: PATCH_BODY,
      paths: (await taskIds(server.origin, owner)).map((id) => `/api/tasks/${id}`),
    };
    const listTarget: Target = { url: `${server.origin}/api/tasks`, method: 'GET', headers: reader.auth };

    // Nothing has been superseded yet (creates only), so the store's dead bytes are 0.
    const journal = journalRecordsOf(readFileSync(`${dbPath}.journal`));
    const bytes = { snapshotBytes: sizeOf(dbPath), journalBytes: journal.length };
    const recordBytes = lastTaskBytes(journal.toString('utf8'));
    const due = patchesUntilFold(bytes, recordBytes);
    const unmeasured = due - Math.ceil(due * LEAD);
    log(
      `  pre-filled in ${filled.seconds.toFixed(1)} s: snapshot ${(bytes.snapshotBytes / 1e6).toFixed(1)} MB, journal ${(bytes.journalBytes / 1e6).toFixed(1)} MB, ` +
        `a task ${recordBytes} bytes; a fold is due after ${due} PATCHes (${(due / TASKS).toFixed(1)} a task): ${unmeasured} now, unmeasured`,
    );
    const watch = watchCompactions(`${dbPath}.journal.compacting`);
    const started = performance.now();
    const before = await fire(patchTarget, { connections: load.connections, amount: unmeasured, timeout: 30 });
    if (before.non2xx + before.errors + before.timeouts > 0)
      throw new Error(
        `unmeasured PATCHes: ${before.non2xx} non-2xx, ${before.errors} errors, ${before.timeouts} timeouts`,
      );
    log(`  ${unmeasured} PATCHes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (watch.folds().length > 0 || watch.running())
      warn('a fold started before the measured window: patchesUntilFold no longer matches the store');

    const half = Math.max(1, Math.floor(load.connections / 2));
    const seconds = Math.max(4, load.roundSeconds * 2);
    const patches: Answer[] = [];
    const lists: Answer[] = [];
    const timed =
      (into: Answer[]) =>
      (status: number, ms: number): void => {
        const doneAt = performance.now();
        into.push({ sentAt: doneAt - ms, doneAt, ok: status >= 200 && status < 300 });
      };
    const windows: Array<{ from: number; to: number; patchesPerSecond: number; listsPerSecond: number }> = [];
    // The fold due comes early in the first window; a second one (at most MAX_WINDOWS) only if it ran past.
    for (let attempt = 1; attempt <= MAX_WINDOWS; attempt++) {
      const from = performance.now();
      const [patch, list] = await Promise.all([
        fire(patchTarget, { connections: half, duration: seconds }, timed(patches)),
        fire(listTarget, { connections: half, duration: seconds }, timed(lists)),
      ]);
      const to = performance.now();
      windows.push({ from, to, patchesPerSecond: patch.requests.average, listsPerSecond: list.requests.average });
      server.assertAlive('the compaction window');
      const folds = watch.folds().filter((f) => f.end > from && f.start < to);
      log(
        `  window ${attempt} (${seconds} s, ${half}+${half} connections): PATCH ${Math.round(patch.requests.average)} req/s, GET ${Math.round(list.requests.average)} req/s; ` +
          (folds.length > 0
            ? `fold(s) ${folds.map((f) => `${Math.round(f.end - f.start)} ms from ${((f.start - from) / 1000).toFixed(2)} s`).join(', ')}`
            : 'no fold') +
          (watch.running() ? '; a fold still running' : ''),
      );
      if (!watch.running() && watch.folds().length > 0) break;
    }
    watch.stop();
    const compactionLog = server.outputTail.split('\n').filter((line) => /compacted|compaction/.test(line));
    for (const line of compactionLog) log(`  server: ${line}`);
    await lab.stop(server);

    const folds = watch.folds();
    if (folds.length === 0) warn(`no fold within ${windows.length} windows; every answer counts as outside one`);
    const patch = split(patches, folds);
    const list = split(lists, folds);
    for (const [route, s] of [
      ['PATCH', patch],
      ['GET', list],
    ] as const)
      log(`  ${route} during the fold: ${describe(s.during)}; outside it: ${describe(s.outside)}`);
    const foldNote =
      folds.length > 0 ? `${folds.map((f) => Math.round(f.end - f.start)).join('+')} ms fold` : 'no fold seen';
    const row = (scenario: string, s: Split): TargetRow => {
      const clean = s.during.non2xx + s.outside.non2xx === 0 && s.during.requests > 0;
      const note = `during a ${foldNote}: p50 ${s.during.p50Ms} p99 ${s.during.p99Ms} ms over ${s.during.requests} requests; outside: p50 ${s.outside.p50Ms} p99 ${s.outside.p99Ms} max ${s.outside.maxMs} ms`;
      return {
        scenario,
        unit: 'ms',
        taskcast: s.during.maxMs,
        peer: null,
        ratio: null,
        ratioOf: null,
        target: `< ${TARGET_MAX_MS} ms`,
        pass: clean ? s.during.maxMs < TARGET_MAX_MS : false,
        note: clean ? note : `${note}; non-2xx or no request during a fold`,
      };
    };
    return {
      rows: [
        row('PATCH /api/tasks/{id} max latency during a fold', patch),
        row('GET /api/tasks max latency during a fold', list),
      ],
      measurements: [],
      warnings: [],
      extra: {
        prefilledTasks: TASKS,
        recordBytes,
        storeBytes: bytes,
        patchesUntilFold: due,
        unmeasuredPatches: unmeasured,
        foldsMs: folds.map((f) => Math.round(f.end - f.start)),
        compactionLog,
        windows: windows.map((w) => ({
          seconds: (w.to - w.from) / 1000,
          patchReqPerSec: w.patchesPerSecond,
          getReqPerSec: w.listsPerSecond,
        })),
        patch,
        get: list,
      },
      columns: { value: 'Taskcast', reference: '—' },
    };
  },
};

/** Answers that overlapped a fold apart from the others. */
function split(answers: readonly Answer[], folds: readonly Fold[]): Split {
  const during: Answer[] = [];
  const outside: Answer[] = [];
  for (const a of answers) (folds.some((f) => a.sentAt < f.end && a.doneAt > f.start) ? during : outside).push(a);
  return { during: figures(during), outside: figures(outside) };
}

function figures(answers: readonly Answer[]): Figures {
  const ms = answers.map((a) => a.doneAt - a.sentAt).sort((a, b) => a - b);
  const at = (q: number) => (ms.length === 0 ? 0 : round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!));
  return {
    requests: ms.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: ms.length === 0 ? 0 : round(ms[ms.length - 1]!),
    non2xx: answers.filter((a) => !a.ok).length,
  };
}

function describe(f: Figures): string {
  return `${f.requests} requests, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, max ${f.maxMs} ms${f.non2xx > 0 ? `, ${f.non2xx} non-2xx` : ''}`;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** The JSON length of the task in the journal's last create: the record a PATCH supersedes and rewrites. */
function lastTaskBytes(records: string): number {
  const lines = records.trimEnd().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const change = JSON.parse(lines[i]!) as { kind?: string; task?: unknown };
    if (change.kind === 'task' && change.task !== undefined) return Buffer.byteLength(JSON.stringify(change.task));
  }
  throw new Error('the journal holds no task');
}

/**
 * Polls, every 2 ms, for the journal the store moves aside while it folds: present from the moment a fold
 * starts until its snapshot is written (the store exposes no fold events or metrics; it logs each fold).
 */
function watchCompactions(compactingPath: string) {
  const folds: Fold[] = [];
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
    /** The folds that have started and finished. */
    folds: (): readonly Fold[] => folds,
    running: (): boolean => since !== undefined,
    stop: () => clearInterval(timer),
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
