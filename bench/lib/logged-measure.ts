/**
 * `measure` as the scenario sets run it against a server they started: it says what it measures, logs
 * each round, warns when any request was not answered 2xx, and keeps the measurement for the report.
 */
import { measure, unclean, type LoadOptions, type Measurement, type Target } from './load.ts';
import type { RunningServer } from './servers.ts';
import type { BenchContext } from './types.ts';

export type MeasureOn = (
  scenario: string,
  server: RunningServer,
  target: Target,
  options?: LoadOptions,
) => Promise<Measurement>;

/** A `MeasureOn` that reports through `ctx` and appends every measurement to `measurements`. */
export function loggedMeasure(ctx: BenchContext, measurements: Measurement[]): MeasureOn {
  return async (scenario, server, target, options = ctx.load) => {
    const rotating = target.paths ? `, rotating over ${target.paths.length} paths` : '';
    ctx.log(`  ${scenario} on ${server.label} (pid ${server.pid}, ${options.connections} connections${rotating}) ...`);
    const m = await measure(scenario, server.label, target, options, {
      check: () => server.assertAlive(scenario),
      onRound: (label, r) =>
        ctx.log(
          `    ${label.padEnd(11)} ${fmt(r.reqPerSec, 0).padStart(7)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms${unclean(r) ? `  non-2xx ${r.non2xx} errors ${r.errors} timeouts ${r.timeouts} ${JSON.stringify(r.statusCodes)}` : ''}`,
        ),
    });
    if (unclean(m))
      ctx.warn(
        `${scenario} on ${server.label}: ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts; status codes ${JSON.stringify(m.statusCodes)}`,
      );
    measurements.push(m);
    return m;
  };
}

/** A figure with `digits` decimals, as the logs and notes print it. */
export function fmt(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}
