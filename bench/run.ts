// `npm run bench -- [set]`: starts the servers, runs one scenario set, prints a table and writes
// bench/results/<date>-<set>.json (one file per run, the commit it measured inside). Not a test: the exit code is 0 whenever the run completes, whatever the
// PASS/FAIL marks say, and 1 when the run itself fails (a server crashed, set-up failed, ...).
//
// Env: BENCH_SECONDS (round length, default 5), BENCH_ROUNDS (default 3; `limit` raises an odd count by one,
// ScenarioSet.balancedRounds), BENCH_WARMUP (seconds, default 2),
// BENCH_CONNECTIONS (default 32), BENCH_PEER_DIR (default /work/shared/peers/express-tasks).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { loadOptionsFromEnv } from './lib/load.ts';
import { Lab, TASKCAST_DIR } from './lib/servers.ts';
import { detailTable, summaryTable } from './lib/table.ts';
import type { BenchContext } from './lib/types.ts';
import { DEFAULT_SET, SCENARIO_SETS } from './registry.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const LOUD = '!'.repeat(78);

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  // `--storage postgres` picks the tasks set's PostgreSQL variant (bench/scenarios/tasks-postgres.ts).
  const storageAt = args.indexOf('--storage');
  const storage = storageAt >= 0 ? args.splice(storageAt, 2)[1] : undefined;
  if (storage !== undefined && storage !== 'postgres') {
    process.stderr.write(`bench: --storage takes postgres (lowdb is the default).\n${usage()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h') || args.length > 1) {
    process.stdout.write(usage());
    return args.length > 1 ? 2 : 0;
  }
  const name = (args[0] ?? DEFAULT_SET) + (storage === 'postgres' ? '-postgres' : '');
  const set = SCENARIO_SETS.get(name);
  if (!set) {
    process.stderr.write(`bench: unknown scenario set ${JSON.stringify(name)}.\n${usage()}`);
    return 2;
  }
  const asked = loadOptionsFromEnv();
  const raised = set.balancedRounds === true && asked.rounds % 2 === 1;
  const load = raised ? { ...asked, rounds: asked.rounds + 1 } : asked;

  const lab = new Lab();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\nbench: ${signal}: stopping the servers ...\n`);
    void lab.cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => lab.cleanupSync());

  const warnings: string[] = [];
  const ctx: BenchContext = {
    lab,
    load,
    log: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => {
      warnings.push(line);
      process.stdout.write(`\n${LOUD}\n!!! WARNING: ${line}\n${LOUD}\n\n`);
    },
  };

  const started = new Date();
  const t0 = Date.now();
  process.stdout.write(
    `bench ${set.name}: ${set.description}\n` +
      `  ${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.rounds} × ${load.roundSeconds} s rounds per server` +
      `${raised ? ` (${asked.rounds} asked: as many rounds each way)` : ''}; ` +
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n\n`,
  );

  let report;
  try {
    report = await set.run(ctx);
  } finally {
    await lab.cleanup();
  }
  warnings.push(...report.warnings);
  const seconds = (Date.now() - t0) / 1000;

  const out = [
    '',
    `== ${set.name}: summary (median of ${load.rounds} rounds; load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ==`,
    summaryTable(report.rows, report.columns),
    '',
    '== details ==',
    detailTable(report.measurements),
    '',
  ];
  if (warnings.length > 0) {
    out.push(LOUD, `!!! ${warnings.length} WARNING(S):`, ...warnings.map((w) => `!!! - ${w}`), LOUD, '');
  }

  const resultsDir = join(BENCH_DIR, 'results');
  mkdirSync(resultsDir, { recursive: true });
  // One file per run, named so a listing sorts by time: the runs the docs cite are committed as data.
  const stamp = started.toISOString().slice(0, 16).replace(/:/g, '-');
  const file = join(resultsDir, `${stamp}-${set.name}.json`);
  const json = {
    set: set.name,
    startedAt: started.toISOString(),
    commit: gitHead(),
    seconds,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      totalMemBytes: totalmem(),
      loadavgAtEnd: loadavg(),
      node: process.version,
    },
    load,
    ...(raised ? { askedRounds: asked.rounds } : {}),
    rows: report.rows,
    measurements: report.measurements,
    warnings,
    extra: report.extra,
  };
  // In the form the lint's `prettier --check .` wants, so a committed run never fails CI on whitespace.
  const text = await format(JSON.stringify(json, null, 2), { ...(await resolveConfig(file)), filepath: file });
  writeFileSync(file, text);
  out.push(`results written to ${relative(process.cwd(), file) || file}; total ${seconds.toFixed(0)} s`, '');
  process.stdout.write(out.join('\n'));
  return 0;
}

function usage(): string {
  return (
    `usage: npm run bench -- [set] [--storage postgres]    (default: ${DEFAULT_SET})\n` +
    `sets:\n${[...SCENARIO_SETS.values()].map((s) => `  ${s.name.padEnd(10)} ${s.description}`).join('\n')}\n` +
    `env: BENCH_SECONDS (5), BENCH_ROUNDS (3; limit: raised to even), BENCH_WARMUP (2), BENCH_CONNECTIONS (32), BENCH_PEER_DIR\n`
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `\nbench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

/**
 * The commit the run measured (BENCH_TASKCAST_DIR's when set, not this checkout's), and whether the work tree
 * differed from it; null outside a git checkout.
 */
function gitHead(): { sha: string; dirty: boolean } | null {
  try {
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: TASKCAST_DIR, encoding: 'utf8' }).trim();
    return { sha: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return null;
  }
}
