/**
 * The lowdb store's background compaction, in process (no HTTP, no load generator): the store calls a durable
 * POST makes (`tasks.add`, 32 at a time, as the limit bench's 32 connections), in a store of S tasks, until a
 * fold lands and finishes. Each tree is bundled as the server ships (esbuild, the fold worker beside the store's
 * module, so the worker starts from plain JavaScript); each round is a fresh process; trees alternate.
 *
 *   node --import tsx bench/compaction-rounds.mts <treeA> <treeB> [rounds] [S] [P]
 *
 * With P, each round makes P POSTs instead, whether a fold lands or not (a tree whose store folds on garbage
 * folds none in a flood of creates), and waits for a fold it started to finish before its figures are taken.
 *
 * A tree is a checkout (a worktree, or `git archive` of a commit) that can resolve the packages the store
 * imports. Printed per round: CPU µs a POST (whole process, and the main thread alone, from /proc), the
 * event loop's worst stall (perf_hooks monitorEventLoopDelay, 1 ms resolution), the slowest journal batch
 * (the store's onBatch hook) during the fold, and the fold's wall time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface RoundResult {
  readonly tree: string;
  readonly posts: number;
  readonly cpuUs: number;
  readonly mainUs: number;
  /** Every other thread (libuv's pool with the journal's writes, V8's, the fold's worker), µs a POST. */
  readonly otherUs: number;
  readonly worstStallMs: number;
  readonly worstStallDuringFoldMs: number;
  readonly worstStallOutsideFoldMs: number;
  readonly p99StallMs: number;
  readonly worstBatchMs: number;
  readonly worstBatchDuringFoldMs: number;
  readonly foldMs: number;
  readonly postsPerSecond: number;
}

const CHILD_FLAG = '--child';

if (process.argv[2] === CHILD_FLAG) {
  await child(process.argv[3]!, Number(process.argv[4]), process.argv[5]!, Number(process.argv[6] ?? 0));
} else {
  await parent();
}

async function parent(): Promise<void> {
  const [treeA, treeB, roundsArg, sizeArg, postsArg] = process.argv.slice(2);
  if (treeA === undefined || treeB === undefined) {
    throw new Error('usage: compaction-rounds.mts <treeA> <treeB> [rounds] [S] [P]');
  }
  const rounds = Number(roundsArg ?? 4);
  const size = Number(sizeArg ?? 20_000);
  const work = mkdtempSync(join(tmpdir(), 'compaction-rounds-'));
  try {
    const bundles = await Promise.all([treeA, treeB].map((tree, i) => bundle(resolve(tree), join(work, `tree${i}`))));
    const results: RoundResult[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, tree] of [treeA, treeB].entries()) {
        const folder = join(work, `round-${round}-${i}`);
        const run = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            fileURLToPath(import.meta.url),
            CHILD_FLAG,
            bundles[i]!,
            String(size),
            folder,
            postsArg ?? '0',
          ],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        if (run.status !== 0) throw new Error(`round ${round} of ${tree} failed (${run.status})`);
        const result = { ...(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as RoundResult), tree };
        rmSync(folder, { recursive: true, force: true });
        results.push(result);
        console.log(line(result));
      }
    }
    for (const tree of [treeA, treeB]) {
      const mine = results.filter((r) => r.tree === tree);
      const med = (pick: (r: RoundResult) => number): string => median(mine.map(pick)).toFixed(1);
      console.log(
        `median ${tree}: CPU ${med((r) => r.cpuUs)} µs a POST (main ${med((r) => r.mainUs)}, other threads ${med((r) => r.otherUs)}), worst stall ${med((r) => r.worstStallMs)} ms (in the fold ${med((r) => r.worstStallDuringFoldMs)}, outside ${med((r) => r.worstStallOutsideFoldMs)}), worst batch during the fold ${med((r) => r.worstBatchDuringFoldMs)} ms, fold ${med((r) => r.foldMs)} ms`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function line(r: RoundResult): string {
  return `${r.tree}: ${r.posts} POSTs at ${Math.round(r.postsPerSecond)}/s; CPU ${r.cpuUs.toFixed(1)} µs a POST (main ${r.mainUs.toFixed(1)}, other threads ${r.otherUs.toFixed(1)}); event loop worst ${r.worstStallMs.toFixed(1)} ms (p99 ${r.p99StallMs.toFixed(1)}; in the fold ${r.worstStallDuringFoldMs.toFixed(1)}, outside ${r.worstStallOutsideFoldMs.toFixed(1)}); batch worst ${r.worstBatchMs.toFixed(1)} ms, ${r.worstBatchDuringFoldMs.toFixed(1)} during the fold; fold ${Math.round(r.foldMs)} ms`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The tree's store module and fold worker bundled side by side, as the server's bundle holds them. */
async function bundle(tree: string, outdir: string): Promise<string> {
  const { build } = await import('esbuild');
  const entry = join(tree, '.compaction-rounds-entry.ts');
  writeFileSync(
    entry,
    `export { openLowdbTaskStore } from './adapters/persistence/lowdb/lowdb-task-store.ts';\nexport { pendingTask } from './test/support/task-fixtures.ts';\n`,
  );
  try {
    await build({
      entryPoints: {
        store: entry,
        'store-fold-worker': join(tree, 'adapters/persistence/lowdb/store-fold-worker.ts'),
      },
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      absWorkingDir: tree,
      logLevel: 'warning',
    });
  } finally {
    rmSync(entry, { force: true });
  }
  return join(outdir, 'store.mjs');
}

interface StoreModule {
  openLowdbTaskStore: typeof import('../adapters/persistence/lowdb/lowdb-task-store.ts').openLowdbTaskStore;
  pendingTask: typeof import('../test/support/task-fixtures.ts').pendingTask;
}

/**
 * One round: S tasks stored and folded, then POSTs until a background fold has landed and finished, or, with
 * `fixedPosts`, that many POSTs and then the end of a fold that had started.
 */
async function child(bundlePath: string, size: number, folder: string, fixedPosts: number): Promise<void> {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { randomUUID } = await import('node:crypto');
  const { mkdirSync } = await import('node:fs');
  const { openLowdbTaskStore, pendingTask } = (await import(bundlePath)) as StoreModule;
  mkdirSync(folder, { recursive: true });
  const dbPath = join(folder, 'tasks.db');
  const userId = randomUUID();
  // The limit bench's body, as a task.
  const task = () =>
    pendingTask({
      id: randomUUID(),
      user_id: userId,
      title: 'Limit bench task',
      description: 'posted by the limit bench',
    });
  const writers = async (
    store: Awaited<ReturnType<StoreModule['openLowdbTaskStore']>>,
    count: number,
  ): Promise<void> => {
    let left = count;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (left-- > 0) await store.tasks.add(task());
      }),
    );
  };

  // The prefill: S tasks, folded into the snapshot at close.
  const first = await openLowdbTaskStore(dbPath, { compactAfterBytes: 1 << 30 });
  await first.users.addIfEmailFree({ id: userId, name: 'Bench', email: `${userId}@example.com`, passwordHash: 'h' });
  await writers(first, size);
  await first.close();

  let foldStarted = 0;
  let foldEnded = 0;
  let worstBatchMs = 0;
  let worstBatchDuringFoldMs = 0;
  const store = await openLowdbTaskStore(dbPath, {
    log: (message) => {
      if (/compacted/.test(message)) foldEnded = performance.now();
    },
    onBatch: (_entries, ms) => {
      worstBatchMs = Math.max(worstBatchMs, ms);
      if (foldStarted > 0 && foldEnded === 0) worstBatchDuringFoldMs = Math.max(worstBatchDuringFoldMs, ms);
    },
  });
  // In rounds of a tenth of S: until a fold has finished (past three times the snapshot, where the store folded
  // on length), or P POSTs.
  const journal = `${dbPath}.journal.compacting`;
  const { existsSync } = await import('node:fs');
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  // The loop's lateness, sampled every ms and told apart by whether a fold is running.
  let worstStallDuringFoldMs = 0;
  let worstStallOutsideFoldMs = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    const late = now - last - 1;
    last = now;
    if (foldStarted > 0 && foldEnded === 0) worstStallDuringFoldMs = Math.max(worstStallDuringFoldMs, late);
    else worstStallOutsideFoldMs = Math.max(worstStallOutsideFoldMs, late);
  }, 1);
  const t0 = performance.now();
  delay.enable();
  let posts = 0;
  const step = Math.max(1000, Math.round(size / 10));
  const watch = setInterval(() => {
    if (foldStarted === 0 && existsSync(journal)) foldStarted = performance.now();
  }, 1);
  while (fixedPosts > 0 ? posts < fixedPosts : foldEnded === 0) {
    const count = fixedPosts > 0 ? Math.min(step, fixedPosts - posts) : step;
    await writers(store, count);
    posts += count;
    if (fixedPosts === 0 && posts > 20 * size) throw new Error('no fold landed');
  }
  while ((foldStarted > 0 || existsSync(journal)) && foldEnded === 0) await new Promise((r) => setTimeout(r, 1));
  delay.disable();
  clearInterval(watch);
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  const mainMs = mainThreadCpuMs() - main0;
  const wholeMs = (cpu.user + cpu.system) / 1000;
  const wallMs = performance.now() - t0;
  const result = {
    posts,
    cpuUs: (cpu.user + cpu.system) / posts,
    mainUs: (mainMs * 1000) / posts,
    otherUs: ((wholeMs - mainMs) * 1000) / posts,
    worstStallMs: delay.max / 1e6,
    worstStallDuringFoldMs,
    worstStallOutsideFoldMs,
    p99StallMs: delay.percentile(99) / 1e6,
    worstBatchMs,
    worstBatchDuringFoldMs,
    foldMs: foldEnded === 0 ? 0 : foldEnded - (foldStarted || t0),
    postsPerSecond: posts / (wallMs / 1000),
  };
  await store.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** The main thread's user + system CPU (ms), from its /proc entry (10 ms ticks). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
