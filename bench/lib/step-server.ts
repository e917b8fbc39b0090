// Taskcast's server as bootstrap/main.ts puts it together, with the per-request steps it adds around every
// route switchable one by one (STEPS_OFF, a comma list), for `npm run bench -- request-path`: the server CPU
// a request costs with a step and without it is what the step costs. Bench-only; the server people run is
// bootstrap/main.ts.
//
//   log       no request line (as LOG_LEVEL=warn)          metrics   no request metrics (as METRICS=off)
//   guard     no connection guard (connection-guard.ts)    drain     plain node:http createServer, without
//   cors      no CORS middleware                                     listenExactly (its graceful close)
//   refusal   no refused-request middleware                faults    no scenario-fault middleware
//
// The middleware are found by their place, as createHttpApp adds them (see stripMiddleware); anything else
// stops the server, so a changed order cannot be measured as the wrong step.
//
// Usage: PORT=n DB_PATH=… JWT_SECRET=… STEPS_OFF=log,cors node --import tsx bench/lib/step-server.ts
import { createServer } from 'node:http';
import { toNodeHandler, type H3 } from 'h3';
import { guardConnections } from '../../adapters/http/connection-guard.ts';
import { listenExactly } from '../../adapters/http/node-server.ts';
import { createPinoLogger } from '../../adapters/logging/pino-logger.ts';
import { processMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import { readConfig } from '../../bootstrap/server/config.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { containerOptionsOf } from '../../bootstrap/server/container-options.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';

export const STEPS = ['log', 'metrics', 'guard', 'drain', 'cors', 'refusal', 'faults'] as const;
export type Step = (typeof STEPS)[number];

const off = new Set((process.env['STEPS_OFF'] ?? '').split(',').filter((s) => s !== ''));
for (const step of off) if (!(STEPS as readonly string[]).includes(step)) throw new Error(`unknown step ${step}`);

const config = readConfig();
const log = createPinoLogger({ level: off.has('log') ? 'warn' : 'info', format: 'json' });
const metrics = off.has('metrics') ? false : processMetrics();
const container = createContainer(containerOptionsOf(config, (message) => log.info(message), metrics));
const app = await buildHttpApp(container, {
  authBudgets: config.authBudgets,
  forecastRequestsPerMinute: config.forecastRequestsPerMinute,
  log,
  metrics,
  requestLog: off.has('log') ? undefined : log.requests,
  servedBy: 'node',
});
stripMiddleware(app);

const handler = toNodeHandler(app);
const server = off.has('drain')
  ? await new Promise<ReturnType<typeof createServer>>((resolve) => {
      const plain = createServer(handler);
      plain.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => resolve(plain));
    })
  : (await listenExactly(handler, { host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) })).server;
if (!off.has('guard')) guardConnections(server, config.connectionLimits);
// No provider.prepare(): the alert cycle's workers would run, then exit and take their CPU time out of
// /proc/<pid>/task, which the bench reads; none of the routes measured here needs the cycle.
process.on('SIGTERM', () => process.exit(0));

function stripMiddleware(h3: H3): void {
  const list = h3['~middleware'];
  const reset = h3 as unknown as { '~dispatch'?: unknown; '~composed'?: unknown };
  reset['~dispatch'] = reset['~composed'] = undefined;
  if (list.length > 0) {
    // Before the apps were composed by path: CORS, the refusal check and the faults in front of every route.
    const names = ['cors', 'refusal', 'faults'] as const;
    if (list.length !== names.length) throw new Error(`expected ${names.length} app middleware, found ${list.length}`);
    list.splice(0, list.length, ...list.filter((_, i) => !off.has(names[i]!)));
    return;
  }
  // Composed by path (adapters/http/compose-by-path.ts): each route's own list is [CORS (none on /metrics),
  // the refusal check, the faults (forecast paths)]. The refusal check is the one every route has; CORS and
  // the faults are told apart by where /api/tasks and /points/:point have them.
  const routes = h3['~routes'];
  const of = (pattern: string) => routes.find((r) => r.route === pattern && r.method === 'GET')?.middleware ?? [];
  const refusal = routes.map((r) => r.middleware ?? []).reduce((a, b) => a.filter((m) => b.includes(m)))[0];
  const [taskCors] = of('/api/tasks');
  const [publicCors, , faults] = of('/points/:point');
  if (!refusal || !taskCors || !publicCors || !faults) throw new Error('the routes middleware are not as expected');
  const gone = new Set([
    ...(off.has('cors') ? [taskCors, publicCors] : []),
    ...(off.has('refusal') ? [refusal] : []),
    ...(off.has('faults') ? [faults] : []),
  ]);
  for (const r of routes) {
    r.middleware = r.middleware?.filter((m) => !gone.has(m));
    r['~composed'] = undefined;
  }
}
