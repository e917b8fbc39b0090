import { H3 } from 'h3';
import type { Clock } from '../../application/tasks/ports.ts';
import type { TaskUseCases } from '../../application/tasks/index.ts';
import { registerHealthRoute } from './health-routes.ts';
import { routeNotFound } from './http-problem.ts';
import { FixedWindowRateLimiter } from './rate-limiter.ts';
import { taskErrorResponse } from './tasks/task-error-body.ts';
import { registerTaskRoutes } from './tasks/task-routes.ts';

export interface HttpAppDependencies {
  readonly tasks: TaskUseCases;
  readonly clock: Clock;
  /** Sign-up and login attempts per client address per minute; 0 turns the limit off. */
  readonly authAttemptsPerMinute: number;
  readonly log: { error(message: string, fields?: Record<string, unknown>): void };
}

/** The whole HTTP surface as an h3 app: `app.fetch(request)` serves it without a socket. */
export function createHttpApp(deps: HttpAppDependencies): H3 {
  const report = (error: unknown): void => {
    deps.log.error('unhandled error while serving a request', { error: error instanceof Error ? error.stack ?? error.message : String(error) });
  };
  const app = new H3({
    silent: true,
    // A malformed escape in a task id is just an id that is not a UUID: the contract's 404, not a 400.
    allowMalformedURL: true,
    onError: (error) => taskErrorResponse(error, report),
  });
  registerHealthRoute(app, deps.clock);
  registerTaskRoutes(app, deps.tasks, new FixedWindowRateLimiter(deps.authAttemptsPerMinute, 60_000));
  app.all('/**', (event) => {
    throw routeNotFound(event.req.method, event.url.pathname);
  });
  return app;
}
