// `npm run bench -- forecast`: the api.weather.gov-compatible forecast API (issue 3, "Performance"; issue 4's
// upstream cache figure when the upstream provider runs).
//
//   - /points for a few thousand random CONUS points and /gridpoints/{office}/{x},{y}/forecast for 50 of their
//     grid cells, each against GET /health on the same server (target ≥ 0.5×); the hourly forecast as an
//     informational row;
//   - start-up to the first /points 200 (spawn → 200, polled every 20 ms), median of 3 cold starts of
//     `node bootstrap/server/start.mjs`, what `npm start` execs (target ≤ 2 s), plus one `npm start` for information;
//   - VmRSS after the forecast rounds and after a burst of /alerts (target < 300 MB);
//   - with FORECAST_PROVIDER=upstream against a replaying fake upstream and a warm cache, /points against the
//     embedded server's /points in alternating rounds, both servers up (target ≥ 0.8×).
import { join } from 'node:path';
import {
  alternate,
  fire,
  median,
  unclean,
  type AlternatingFigures,
  type Measurement,
  type Target,
} from '../lib/load.ts';
import { pointKey, startReplayUpstream, type ReplayUpstream } from '../lib/replay-upstream.ts';
import { mulberry32 } from '../../adapters/forecast/control/seeded-random.ts';
import { TASKCAST_DIR, sleep, taskcastSpec, type RunningServer, type ShutdownReport } from '../lib/servers.ts';
import { timeToFirstAnswer, type StartupResult } from '../lib/startup.ts';
import { fmt, loggedMeasure } from '../lib/logged-measure.ts';
import { ownFigure } from '../lib/rows.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';

const TARGETS = { vsHealth: 0.5, upstreamVsEmbedded: 0.8, startupS: 2, rssMb: 300 } as const;
/** Candidate points drawn in the box; those the server answers 200 for are kept (about half are land in the US). */
const CANDIDATES = 5000;
const MAX_POINTS = 3000;
const GRID_CELLS = 50;
const SEED = 20_260_415;
const BOX = { south: 25, north: 49, west: -124, east: -67 } as const;
const COLD_STARTS = 3;
const STARTUP_PATH = '/points/39.7456,-97.0892';
const PROBE_CONCURRENCY = 16;
const ALERT_BURST = {
  requests: 48,
  connections: 8,
  paths: ['/alerts', '/alerts/active', '/alerts?limit=100', '/alerts/active?area=KS'],
} as const;
const HEADERS = {
  'user-agent': 'taskcast-bench (bench/scenarios/forecast.ts)',
  accept: 'application/geo+json',
} as const;
const MB = 1024 * 1024;

const SCENARIO = {
  health: 'GET /health (reference)',
  points: 'GET /points/{lat},{lon} (random CONUS)',
  forecast: `GET /gridpoints/…/forecast (${GRID_CELLS} cells)`,
  hourly: `GET /gridpoints/…/forecast/hourly (${GRID_CELLS} cells)`,
  startup: `start-up → first /points 200 (node, median of ${COLD_STARTS})`,
  startupNpm: 'start-up → first /points 200 (npm start, 1×)',
  rssForecast: 'RSS after forecast rounds',
  rssAlerts: 'RSS after /alerts burst',
  upstreamHealth: 'GET /health (upstream provider)',
  upstreamPoints: 'GET /points via upstream, warm cache',
  embeddedPointsBeside: 'GET /points (embedded, beside the upstream rounds)',
} as const;

interface ProbedPoint {
  path: string;
  key: string;
  body: string;
  grid: { office: string; x: number; y: number } | null;
}

export const forecastSet: ScenarioSet = {
  name: 'forecast',
  description: 'Forecast API: /points and /gridpoints forecasts against /health, start-up, memory, upstream cache.',
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, log, warn } = ctx;
    const measurements: Measurement[] = [];
    const shutdowns: Record<string, ShutdownReport> = {};
    const extra: Record<string, unknown> = { shutdowns, box: BOX, seed: SEED, candidates: CANDIDATES };

    const bench = loggedMeasure(ctx, measurements);
    const rotating = (server: RunningServer, paths: readonly string[]): Target => ({
      url: `${server.origin}${paths[0] ?? '/'}`,
      method: 'GET',
      headers: { ...HEADERS },
      paths,
    });

    // 1. Cold starts, before anything else runs, so no other server of ours competes for the CPU.
    log(`cold starts: spawn → first 200 of GET ${STARTUP_PATH}, polled every 20 ms ...`);
    const coldNode: StartupResult[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      const spec = embeddedSpec(join(lab.tempDir(`cold${i}`), 'tasks.db'));
      const r = await timeToFirstAnswer({
        label: `node cold start ${i + 1}`,
        command: process.execPath,
        args: spec.args,
        cwd: spec.cwd,
        env: spec.env,
        path: STARTUP_PATH,
        headers: { ...HEADERS },
      });
      coldNode.push(r);
      log(
        `  node ${i + 1}/${COLD_STARTS}: ${fmt(r.ms, 0)} ms (${r.polls} polls${Object.keys(r.earlier).length ? `, earlier answers ${JSON.stringify(r.earlier)}` : ''}; stopped by ${r.stop.signal} in ${r.stop.ms} ms, exit ${r.stop.exitCode})`,
      );
    }
    let coldNpm: StartupResult | null = null;
    try {
      const spec = embeddedSpec(join(lab.tempDir('coldnpm'), 'tasks.db'));
      coldNpm = await timeToFirstAnswer({
        label: 'npm start',
        command: 'npm',
        args: ['start', '--silent'],
        cwd: TASKCAST_DIR,
        env: spec.env,
        path: STARTUP_PATH,
        headers: { ...HEADERS },
      });
      log(
        `  npm start: ${fmt(coldNpm.ms, 0)} ms (${coldNpm.polls} polls; stopped by ${coldNpm.stop.signal} in ${coldNpm.stop.ms} ms)`,
      );
    } catch (error) {
      warn(`npm start cold start failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const startupMs = median(coldNode.map((r) => r.ms));
    extra['startup'] = { node: coldNode, npmStart: coldNpm, medianNodeMs: startupMs };
    for (const r of [...coldNode, ...(coldNpm ? [coldNpm] : [])]) {
      if (r.stop.signal !== 'SIGTERM')
        warn(`${r.label}: did not stop within 5 s of SIGTERM (${JSON.stringify(r.stop)})`);
    }

    // 2. The embedded server: find the points it answers, then warm the grid cells.
    // Its own empty cache folder, so that every run starts as a first `npm start` does: the start-up alert cycle
    // generated in a worker beside the warm-up. In the shared folder a run found that cycle kept when the same
    // model had run in the same 12-hour cycle before it, and then no worker ran: peaks (VmHWM) of 350-361 MB
    // in runs with the worker, 217-222 MB without (2026-11-27 20:31 to 11-28 06:33), one idle start 261 MB.
    const server = await lab.start(
      embeddedSpec(join(lab.tempDir('forecast'), 'tasks.db'), lab.tempDir('forecast-cache')),
    );
    log(
      `\ntaskcast (embedded provider) up at ${server.origin} (pid ${server.pid}); RSS ${fmt(server.memory().rss / MB, 1)} MB`,
    );
    log(
      `  probing ${CANDIDATES} pseudo-random points in ${BOX.south}–${BOX.north} N, ${-BOX.west}–${-BOX.east} W (seed ${SEED}) ...`,
    );
    const probeStarted = Date.now();
    const probe = await probePoints(server.origin, candidatePoints(CANDIDATES, SEED));
    server.assertAlive('probing points');
    const points = probe.points.slice(0, MAX_POINTS);
    const probeSeconds = (Date.now() - probeStarted) / 1000;
    log(
      `  ${probe.points.length} answered 200 (keeping ${points.length}); statuses ${JSON.stringify(probe.statuses)}; ${fmt(probeSeconds, 1)} s (${fmt(CANDIDATES / probeSeconds, 0)} cold points/s)`,
    );
    extra['probe'] = { statuses: probe.statuses, errors: probe.errors, kept: points.length, seconds: probeSeconds };
    const unexpected = Object.entries(probe.statuses).filter(([code]) => code !== '200' && code !== '404');
    if (unexpected.length > 0 || probe.errors.length > 0) {
      warn(
        `probing /points: unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))}, ${probe.errors.length} errors${probe.errors[0] ? ` (first: ${probe.errors[0]})` : ''}`,
      );
    }
    if (points.length < 100)
      throw new Error(
        `only ${points.length} of ${CANDIDATES} candidate points answered 200; statuses ${JSON.stringify(probe.statuses)}`,
      );

    // Twice the cells wanted: a random point's cell may lie over water, where the forecast answers 404 "Marine
    // Forecast Not Supported" as api.weather.gov does; those are skipped, and the first GRID_CELLS land cells kept.
    const cells: string[] = [];
    for (const p of points) {
      if (!p.grid) continue;
      const cell = `/gridpoints/${p.grid.office}/${p.grid.x},${p.grid.y}`;
      if (!cells.includes(cell)) cells.push(cell);
      if (cells.length === 2 * GRID_CELLS) break;
    }
    log(`  warming ${cells.length} grid cells (forecast and hourly) ...`);
    const warm = await warmCells(server.origin, cells);
    log(
      `  warmed in ${fmt(warm.seconds, 1)} s; slowest first answer ${fmt(warm.slowestMs, 0)} ms; ${warm.water.length} over water skipped`,
    );
    if (warm.failures.length > 0)
      warn(`warming grid cells: ${warm.failures.length} failures: ${warm.failures.slice(0, 5).join('; ')}`);
    const landCells = warm.ok.slice(0, GRID_CELLS);
    if (landCells.length < GRID_CELLS) warn(`only ${landCells.length} of ${GRID_CELLS} grid cells answered 200`);
    const forecastPaths = landCells.map((c) => `${c}/forecast`);
    const hourlyPaths = landCells.map((c) => `${c}/forecast/hourly`);
    extra['gridCells'] = landCells;
    extra['waterCells'] = warm.water;
    if (forecastPaths.length === 0) throw new Error('no grid cell answered its forecast with 200');

    // 3. Throughput.
    log('');
    // /health goes through the same path rotation as the rest, so the client's per-request cost is the same.
    const health = await bench(SCENARIO.health, server, rotating(server, ['/health']));
    const pointsM = await bench(
      SCENARIO.points,
      server,
      rotating(
        server,
        points.map((p) => p.path),
      ),
    );
    const forecastM = await bench(SCENARIO.forecast, server, rotating(server, forecastPaths));
    const hourlyM = await bench(SCENARIO.hourly, server, rotating(server, hourlyPaths));

    // 4. Memory: after the forecast rounds, then after alerts exist and a burst has been served.
    await sleep(1000);
    const memForecast = server.memory();
    log(
      `\n  RSS after the forecast rounds: ${fmt(memForecast.rss / MB, 1)} MB (peak so far ${fmt(memForecast.hwm / MB, 1)} MB, the start-up alert worker's heap included)`,
    );
    const firstAlerts = await timedGet(`${server.origin}/alerts`, 120_000);
    log(
      `  first GET /alerts (generates the alerts in a worker): HTTP ${firstAlerts.status}, ${fmt(firstAlerts.ms, 0)} ms, ${fmt(firstAlerts.bytes / 1024, 0)} KiB`,
    );
    if (firstAlerts.status !== 200) warn(`first GET /alerts answered ${firstAlerts.status}`);
    const burstStarted = Date.now();
    const burst = await fire(
      { url: `${server.origin}/alerts`, method: 'GET', headers: { ...HEADERS }, paths: ALERT_BURST.paths },
      { connections: ALERT_BURST.connections, amount: ALERT_BURST.requests, timeout: 60 },
    );
    server.assertAlive('the /alerts burst');
    const burstSeconds = (Date.now() - burstStarted) / 1000;
    log(
      `  /alerts burst: ${ALERT_BURST.requests} requests over ${ALERT_BURST.connections} connections in ${fmt(burstSeconds, 1)} s; p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms; non-2xx ${burst.non2xx}, errors ${burst.errors}, timeouts ${burst.timeouts}`,
    );
    if (burst.non2xx > 0 || burst.errors > 0 || burst.timeouts > 0) {
      warn(
        `/alerts burst: ${burst.non2xx} non-2xx, ${burst.errors} errors, ${burst.timeouts} timeouts; status codes ${JSON.stringify(burst.statusCodeStats)}`,
      );
    }
    await sleep(1000);
    const memAlerts = server.memory();
    log(`  RSS after the /alerts burst: ${fmt(memAlerts.rss / MB, 1)} MB (peak ${fmt(memAlerts.hwm / MB, 1)} MB)`);
    extra['memory'] = {
      afterForecastRounds: memForecast,
      afterAlertsBurst: memAlerts,
      firstAlerts,
      alertsBurst: {
        ...ALERT_BURST,
        seconds: burstSeconds,
        p50Ms: burst.latency.p50,
        p99Ms: burst.latency.p99,
        non2xx: burst.non2xx,
        errors: burst.errors,
        timeouts: burst.timeouts,
      },
    };

    // 5. Upstream provider with a warm cache, against a replaying fake upstream; the embedded server stays up,
    // so the two /points are measured in alternating rounds and a shared machine's noise falls on both alike.
    let upstreamPair: { embedded: AlternatingFigures; upstream: AlternatingFigures } | null = null;
    let upstreamHealth: Measurement | null = null;
    let upstreamNote = '';
    let replay: ReplayUpstream | null = null;
    try {
      const recorded = new Map(points.map((p) => [p.key, p.body] as const));
      replay = await startReplayUpstream(recorded, server.origin);
      const spec = embeddedSpec(join(lab.tempDir('upstream'), 'tasks.db'));
      const up = await lab.start({
        ...spec,
        label: 'taskcast-upstream',
        env: { ...spec.env, FORECAST_PROVIDER: 'upstream', UPSTREAM_URL: replay.origin, UPSTREAM_USER_AGENT: 'bench' },
      });
      log(`\ntaskcast (upstream provider → replaying fake at ${replay.origin}) up at ${up.origin} (pid ${up.pid})`);
      const paths = points.map((p) => p.path);
      const fill = await cachePass(up.origin, paths);
      const check = await cachePass(up.origin, paths);
      up.assertAlive('warming the upstream cache');
      log(
        `  cache fill: ${JSON.stringify(fill.statuses)} x-cache ${JSON.stringify(fill.xCache)} in ${fmt(fill.seconds, 1)} s; check pass: x-cache ${JSON.stringify(check.xCache)}; fake served ${JSON.stringify(replay.counts)}`,
      );
      if (fill.statuses['200'] !== paths.length || check.statuses['200'] !== paths.length) {
        warn(
          `upstream cache fill: not every point answered 200 (fill ${JSON.stringify(fill.statuses)}, check ${JSON.stringify(check.statuses)}; first error ${fill.errors[0] ?? check.errors[0] ?? 'none'})`,
        );
      }
      if ((check.xCache['HIT'] ?? 0) !== paths.length) {
        upstreamNote = `cache not fully warm: ${JSON.stringify(check.xCache)}`;
        warn(
          `upstream: after two passes the cache is not warm for every point: x-cache ${JSON.stringify(check.xCache)}`,
        );
      }
      const before = { ...replay.counts };
      upstreamHealth = await bench(SCENARIO.upstreamHealth, up, rotating(up, ['/health']));
      log(
        `  ${SCENARIO.upstreamPoints} against the embedded /points, alternating rounds (pids ${up.pid}, ${server.pid}) ...`,
      );
      const [upstream, embedded] = await alternate(
        [
          { label: SCENARIO.upstreamPoints, target: rotating(up, paths), pid: up.pid },
          { label: SCENARIO.embeddedPointsBeside, target: rotating(server, paths), pid: server.pid },
        ],
        ctx.load,
        (label, pass, rps, cpuUs) =>
          log(
            `    pass ${pass + 1} ${label.padEnd(52)} ${fmt(rps, 0).padStart(7)} req/s${cpuUs === null ? '' : `  server CPU ${fmt(cpuUs, 1)} µs/req`}`,
          ),
      );
      up.assertAlive(SCENARIO.upstreamPoints);
      server.assertAlive(SCENARIO.embeddedPointsBeside);
      upstreamPair = { upstream: upstream!, embedded: embedded! };
      const during = {
        points200: replay.counts.points200 - before.points200,
        notModified: replay.counts.notModified - before.notModified,
        notFound: replay.counts.notFound - before.notFound,
      };
      log(`  upstream calls during the timed rounds: ${JSON.stringify(during)}`);
      extra['upstream'] = {
        fakeOrigin: replay.origin,
        fill: { ...fill, errors: fill.errors.slice(0, 5) },
        check: { ...check, errors: check.errors.slice(0, 5) },
        upstreamCallsDuringRounds: during,
        fakeTotals: { ...replay.counts },
        alternating: upstreamPair,
      };
      shutdowns['taskcast (upstream)'] = await lab.stop(up);
    } catch (error) {
      upstreamNote = 'not run';
      warn(`the upstream scenario failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await replay?.close();
      shutdowns['taskcast (embedded)'] = await lab.stop(server);
    }

    for (const [label, s] of Object.entries(shutdowns)) {
      if (s.signal !== 'SIGTERM' || s.exitCode !== 0)
        warn(`${label} did not stop cleanly on SIGTERM: ${JSON.stringify(s)}`);
    }

    // The summary.
    const rows: TargetRow[] = [];
    rows.push({
      scenario: SCENARIO.health,
      unit: 'req/s',
      taskcast: health.reqPerSec,
      peer: null,
      ratio: null,
      ratioOf: null,
      target: '—',
      pass: null,
      note: 'reference',
    });
    const versus = (
      scenario: string,
      ours: Measurement | null,
      ref: Measurement,
      refName: string,
      min: number | null,
      note?: string,
    ): TargetRow => {
      const ratio = ours ? ours.reqPerSec / ref.reqPerSec : null;
      return judged(
        {
          scenario,
          unit: 'req/s',
          taskcast: ours?.reqPerSec ?? null,
          peer: ref.reqPerSec,
          ratio,
          ratioOf: refName,
          target: min === null ? 'informational' : `≥ ${min}× ${refName}`,
          pass: min === null || ratio === null ? null : ratio >= min,
          ...(note ? { note } : {}),
        },
        [ours, ref],
      );
    };
    rows.push(versus(SCENARIO.points, pointsM, health, '/health', TARGETS.vsHealth, `${points.length} points`));
    rows.push(versus(SCENARIO.forecast, forecastM, health, '/health', TARGETS.vsHealth));
    rows.push(versus(SCENARIO.hourly, hourlyM, health, '/health', null));
    rows.push(alternated(SCENARIO.upstreamPoints, upstreamPair, TARGETS.upstreamVsEmbedded, upstreamNote));
    const upstreamRps = upstreamPair ? median(upstreamPair.upstream.rps) : Number.NaN;
    if (upstreamHealth) {
      rows.push({
        scenario: SCENARIO.upstreamHealth,
        unit: 'req/s',
        taskcast: upstreamHealth.reqPerSec,
        peer: null,
        ratio: null,
        ratioOf: null,
        target: 'informational',
        pass: null,
        note: `upstream /points is ${fmt(upstreamRps / upstreamHealth.reqPerSec, 2)}× this`,
      });
    }
    rows.push(
      ownFigure(
        SCENARIO.startup,
        's',
        startupMs / 1000,
        { atMost: TARGETS.startupS },
        `runs ${coldNode.map((r) => fmt(r.ms / 1000, 2)).join(' / ')} s`,
      ),
    );
    rows.push({
      scenario: SCENARIO.startupNpm,
      unit: 's',
      taskcast: coldNpm ? coldNpm.ms / 1000 : null,
      peer: null,
      ratio: null,
      ratioOf: null,
      target: 'informational',
      pass: null,
    });
    const mem = (scenario: string, m: { rss: number; hwm: number }): TargetRow =>
      ownFigure(scenario, 'MB', m.rss / MB, { below: TARGETS.rssMb }, `peak VmHWM ${fmt(m.hwm / MB, 0)} MB`);
    rows.push(mem(SCENARIO.rssForecast, memForecast));
    rows.push(mem(SCENARIO.rssAlerts, memAlerts));
    return { rows, measurements, warnings: [], extra, columns: { value: 'Taskcast', reference: 'reference' } };
  },
};

function embeddedSpec(dbPath: string, cacheDir?: string) {
  const spec = taskcastSpec(dbPath);
  const env: Record<string, string> = { ...spec.env, FORECAST_PROVIDER: 'embedded' };
  if (cacheDir !== undefined) env['TASKCAST_CACHE_DIR'] = cacheDir;
  return { ...spec, env };
}

/**
 * The upstream /points against the embedded /points measured in the same alternating rounds: the medians of
 * each one's rounds, and each server's CPU per request (the steadier figure on a shared machine) in the note.
 */
function alternated(
  scenario: string,
  pair: { embedded: AlternatingFigures; upstream: AlternatingFigures } | null,
  min: number,
  note: string,
): TargetRow {
  const ours = pair ? median(pair.upstream.rps) : null;
  const peer = pair ? median(pair.embedded.rps) : null;
  const ratio = ours !== null && peer !== null ? ours / peer : null;
  const cpu = (f: AlternatingFigures): string => fmt(median(f.cpuUsPerRequest), 1);
  const notes = [note];
  if (pair) {
    notes.push(
      `alternating rounds ${pair.upstream.rps.map((r) => fmt(r, 0)).join(', ')} against ${pair.embedded.rps.map((r) => fmt(r, 0)).join(', ')} req/s; server CPU ${cpu(pair.upstream)} against ${cpu(pair.embedded)} µs/request`,
    );
    if (pair.upstream.non2xx + pair.upstream.errors + pair.embedded.non2xx + pair.embedded.errors > 0)
      notes.push('non-2xx/errors seen: figures invalid');
  }
  const clean = !notes.some((n) => n.includes('figures invalid'));
  return {
    scenario,
    unit: 'req/s',
    taskcast: ours,
    peer,
    ratio,
    ratioOf: 'embedded /points (alternating)',
    target: `≥ ${min}× embedded /points`,
    pass: ratio === null ? null : clean && ratio >= min,
    note: notes.filter(Boolean).join('; '),
  };
}

/** A row whose inputs saw non-2xx answers or errors fails, whatever the numbers say. */
function judged(row: TargetRow, inputs: Array<Measurement | null>): TargetRow {
  if (!inputs.some((m) => m && unclean(m))) return row;
  return {
    ...row,
    pass: row.pass === null ? null : false,
    note: [row.note, 'non-2xx/errors seen: figures invalid'].filter(Boolean).join('; '),
  };
}

/** `count` distinct points in BOX, 4 decimals (the canonical form, so no 301s). */
function candidatePoints(count: number, seed: number): Array<{ lat: number; lon: number }> {
  const random = mulberry32(seed);
  const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
  const seen = new Set<string>();
  const out: Array<{ lat: number; lon: number }> = [];
  while (out.length < count) {
    const lat = round4(BOX.south + random() * (BOX.north - BOX.south));
    const lon = round4(BOX.west + random() * (BOX.east - BOX.west));
    const key = pointKey(lat, lon);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ lat, lon });
  }
  return out;
}

async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function get(url: string, timeoutMs = 15_000): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { headers: { ...HEADERS }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function timedGet(url: string, timeoutMs: number): Promise<{ status: number; ms: number; bytes: number }> {
  const started = performance.now();
  const { status, text } = await get(url, timeoutMs);
  return { status, ms: performance.now() - started, bytes: Buffer.byteLength(text) };
}

async function probePoints(
  origin: string,
  candidates: ReadonlyArray<{ lat: number; lon: number }>,
): Promise<{ points: ProbedPoint[]; statuses: Record<string, number>; errors: string[] }> {
  const found = new Array<ProbedPoint | undefined>(candidates.length);
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  await pool(candidates, PROBE_CONCURRENCY, async ({ lat, lon }, i) => {
    const path = `/points/${lat},${lon}`;
    try {
      const { status, text } = await get(origin + path);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status !== 200) return;
      const props = (JSON.parse(text) as { properties?: { gridId?: unknown; gridX?: unknown; gridY?: unknown } })
        .properties;
      const grid =
        typeof props?.gridId === 'string' && Number.isInteger(props.gridX) && Number.isInteger(props.gridY)
          ? { office: props.gridId, x: props.gridX as number, y: props.gridY as number }
          : null;
      found[i] = { path, key: pointKey(lat, lon), body: text, grid };
    } catch (error) {
      errors.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return { points: found.filter((p): p is ProbedPoint => p !== undefined), statuses, errors };
}

async function warmCells(
  origin: string,
  cells: readonly string[],
): Promise<{ ok: string[]; water: string[]; failures: string[]; seconds: number; slowestMs: number }> {
  const started = Date.now();
  const good = new Array<boolean>(cells.length).fill(false);
  const water: string[] = [];
  const failures: string[] = [];
  let slowestMs = 0;
  await pool(cells, 4, async (cell, i) => {
    let fine = true;
    for (const path of [`${cell}/forecast`, `${cell}/forecast/hourly`]) {
      try {
        const before = performance.now();
        const r = await get(origin + path, 30_000);
        slowestMs = Math.max(slowestMs, performance.now() - before);
        if (r.status === 404 && r.text.includes('Marine Forecast Not Supported')) {
          fine = false;
          if (!water.includes(cell)) water.push(cell);
        } else if (r.status !== 200) {
          fine = false;
          failures.push(`${path}: HTTP ${r.status}`);
        }
      } catch (error) {
        fine = false;
        failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    good[i] = fine;
  });
  return {
    ok: cells.filter((_, i) => good[i]),
    water,
    failures,
    seconds: (Date.now() - started) / 1000,
    slowestMs,
  };
}

/** One GET per path; counts statuses and X-Cache values. */
async function cachePass(
  origin: string,
  paths: readonly string[],
): Promise<{ statuses: Record<string, number>; xCache: Record<string, number>; errors: string[]; seconds: number }> {
  const started = Date.now();
  const statuses: Record<string, number> = {};
  const xCache: Record<string, number> = {};
  const errors: string[] = [];
  await pool(paths, PROBE_CONCURRENCY, async (path) => {
    try {
      const { status, headers } = await get(origin + path);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      const x = headers.get('x-cache') ?? '(none)';
      xCache[x] = (xCache[x] ?? 0) + 1;
    } catch (error) {
      errors.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return { statuses, xCache, errors, seconds: (Date.now() - started) / 1000 };
}
