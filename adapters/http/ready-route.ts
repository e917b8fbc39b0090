import type { H3 } from 'h3';
import type { ReadinessCheck } from '../shared/readiness.ts';
import { bearerTokenCheck } from './bearer-token.ts';
import { route } from './tasks/task-routes.ts';

/** A check that takes longer than this counts as failing: /ready is polled by load balancers with short timeouts. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * GET /ready: 200 when every dependency can do its work, else 503 naming the failing ones. /health stays
 * as the spec has it (the process is up); /ready is what takes a node out of a load balancer's rotation
 * while its disk is full or its upstream is gone, and puts it back when they recover.
 */
export function registerReadyRoute(app: H3, checks: readonly ReadinessCheck[], detailsToken?: string): void {
  const mayReadDetails = detailsToken === undefined ? () => true : bearerTokenCheck(detailsToken);
  route(app, '/ready', {
    GET: async (event) => {
      const results = await Promise.all(checks.map(async (c) => ({ name: c.name, ...(await withTimeout(c)) })));
      const failing = results.filter((r) => !r.ok);
      // The status and the failing names are for any load balancer; a detail can name the database host and
      // port or a driver's error, so with METRICS_TOKEN set it is for the operator's bearer token alone.
      const details = mayReadDetails(event.req.headers);
      const dependencies = Object.fromEntries(
        results.map((r) => [
          r.name,
          r.ok
            ? { ok: true, ...(r.detail && details ? { detail: r.detail } : {}) }
            : details
              ? { ok: false, detail: r.detail }
              : { ok: false },
        ]),
      );
      if (failing.length === 0) return { status: 'ready', dependencies };
      event.res.status = 503;
      event.res.headers.set('retry-after', '5');
      return { status: 'not ready', failing: failing.map((f) => f.name), dependencies };
    },
  });
}

async function withTimeout(check: ReadinessCheck): Promise<{ ok: boolean; detail?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      check.check().catch((e: unknown) => ({ ok: false, detail: (e as Error).message })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
