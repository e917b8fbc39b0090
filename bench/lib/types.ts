import type { LoadOptions, Measurement } from './load.ts';
import type { Lab } from './servers.ts';

/** One line of the summary table: a figure, what it is compared with, and the target. */
export interface TargetRow {
  scenario: string;
  unit: 'req/s' | 'MB' | 's' | 'ms';
  taskcast: number | null;
  peer: number | null;
  /** The figure divided by its reference (the peer, or another Taskcast figure); null when not applicable. */
  ratio: number | null;
  /** What the ratio is taken against, e.g. `peer` or `Taskcast POST (empty store)`. */
  ratioOf: string | null;
  target: string;
  /** null: not judged (e.g. no peer). */
  pass: boolean | null;
  note?: string;
}

export interface SetReport {
  rows: TargetRow[];
  measurements: Measurement[];
  warnings: string[];
  /** Anything else worth keeping in the JSON (store sizes, shutdown reports, ...). */
  extra: Record<string, unknown>;
  /** Headers of the summary's two figure columns; default `Taskcast` and `peer`. */
  columns?: { value: string; reference: string };
}

export interface BenchContext {
  lab: Lab;
  load: LoadOptions;
  log: (line: string) => void;
  /** Prints loudly now and keeps the warning for the summary. */
  warn: (line: string) => void;
}

/** A named set of scenarios: `npm run bench -- <name>`. */
export interface ScenarioSet {
  name: string;
  description: string;
  /**
   * The set reverses its order every other round and its figures move with what ran just before (`limit`:
   * durable POSTs slow the next server's): an odd BENCH_ROUNDS is raised by one, so that as many rounds run
   * each way and the medians lean neither way.
   */
  balancedRounds?: boolean;
  run(ctx: BenchContext): Promise<SetReport>;
}
