import { HTTPResponse, type H3, type H3Event } from 'h3';
import type { TaskUseCases } from '../../../application/tasks/index.ts';
import { InvalidCredentials } from '../../../domain/tasks/errors.ts';
import { clientAddress } from '../client-address.ts';
import { methodNotAllowed } from '../http-problem.ts';
import { JSON_TYPE } from '../json-type.ts';
import { PlainResponse } from '../plain-response.ts';
import { readJsonBody } from '../read-json-body.ts';
import type { AuthThrottle } from './auth-throttle.ts';
import { FairQueue, QueueFull } from '../fair-queue.ts';
import { HttpProblem } from '../http-problem.ts';
import { bearerToken } from './bearer-token.ts';
import { TASK_PAGE } from '../../../domain/tasks/paging.ts';
import {
  acceptsNewTask,
  acceptsTaskChanges,
  createTaskBody,
  loginBody,
  parseBody,
  parseTaskListQuery,
  refuseQuery,
  signUpBody,
  updateTaskBody,
} from './schemas.ts';
import { decodeCursor, encodeCursor } from './task-cursor.ts';
import { ifMatchVersions, listResponse, requestFingerprint, taskEtag, withEtag } from './conditional.ts';
import { ACCOUNT_ANSWER, TOKEN_ANSWER } from './cache-policy.ts';

/** Registers `/api/auth/*` and `/api/tasks*`. Handlers translate HTTP to use-case calls and nothing more. */
export function registerTaskRoutes(
  app: H3,
  useCases: TaskUseCases,
  throttle: AuthThrottle,
  trustProxy: boolean,
  passwordQueue: FairQueue,
): void {
  const { signUp, login, authenticate, createTask, listTasks, getTask, updateTask, deleteTask } = useCases;
  /** Sign-ups and logins (each one bcrypt hash) take their turn per client address (see FairQueue). */
  const passwordWork = async <T>(address: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await passwordQueue.run(address, work);
    } catch (error) {
      if (error instanceof QueueFull) throw passwordQueueFull(error);
      throw error;
    }
  };
  const currentUser = (event: H3Event) => authenticate.execute(bearerToken(event.req.headers.get('authorization')));

  cachedRoute(app, '/api/auth/signup', TOKEN_ANSWER, {
    POST: async (event) => {
      const address = clientAddress(event, trustProxy);
      await throttle.beforeSignUp(address);
      refuseQuery(event.url);
      const input = parseBody(signUpBody, await readJsonBody(event));
      const session = await passwordWork(address, () => signUp.execute(input));
      event.res.status = 201;
      return { message: 'Account created.', token: session.token, user: session.user };
    },
  });

  cachedRoute(app, '/api/auth/login', TOKEN_ANSWER, {
    POST: async (event) => {
      refuseQuery(event.url);
      const input = parseBody(loginBody, await readJsonBody(event));
      const address = clientAddress(event, trustProxy);
      const reservation = await throttle.reserveLogin(input.email, address);
      let session;
      try {
        session = await passwordWork(address, () => login.execute(input));
      } catch (error) {
        // A wrong password keeps the failure reserved up front; anything else was no guess.
        if (!(error instanceof InvalidCredentials)) await reservation.abandoned();
        throw error;
      }
      await reservation.succeeded();
      return { message: 'Logged in.', token: session.token, user: session.user };
    },
  });

  cachedRoute(app, '/api/tasks', ACCOUNT_ANSWER, {
    GET: async (event) => {
      const user = await currentUser(event);
      const { filter, paging } = parseTaskListQuery(event.url);
      if (!paging) {
        const tasks = await listTasks.execute(user.id, filter);
        return listResponse(event, `${user.id}${event.url.search}`, tasks);
      }
      const after = paging.cursor === undefined ? undefined : decodeCursor(paging.cursor);
      const page = await listTasks.page(user.id, filter, { limit: paging.limit, after });
      let next: string | null = null;
      if (page.next) {
        const query = new URLSearchParams();
        if (filter.status) query.set('status', filter.status);
        if (filter.priority) query.set('priority', filter.priority);
        query.set('limit', String(paging.limit ?? TASK_PAGE.defaultLimit));
        query.set('cursor', encodeCursor(page.next));
        next = `/api/tasks?${query}`;
        event.res.headers.set('link', `<${next}>; rel="next"`);
      }
      return listResponse(event, `${user.id}${event.url.search}`, page.tasks, next);
    },
    POST: async (event) => {
      const user = await currentUser(event);
      refuseQuery(event.url);
      const input = parseBody(createTaskBody, await readJsonBody(event), acceptsNewTask);
      const key = event.req.headers.get('idempotency-key');
      if (key === null) {
        const task = await createTask.execute(user.id, input);
        event.res.status = 201;
        return { message: 'Task created.', task };
      }
      const created = await createTask.executeOnce(user.id, input, {
        key,
        legacyFingerprint: () => requestFingerprint(input),
      });
      event.res.status = 201;
      if (created.replayed) event.res.headers.set('idempotent-replayed', 'true');
      return { message: 'Task created.', task: created.task };
    },
  });

  cachedRoute(app, '/api/tasks/:id', ACCOUNT_ANSWER, {
    GET: async (event) => {
      const user = await currentUser(event);
      refuseQuery(event.url);
      const task = await getTask.execute(user.id, taskId(event));
      return withEtag(event, { task }, taskEtag(task));
    },
    PATCH: async (event) => {
      const user = await currentUser(event);
      refuseQuery(event.url);
      const input = parseBody(updateTaskBody, await readJsonBody(event), acceptsTaskChanges);
      const task = await updateTask.execute(user.id, taskId(event), input, ifMatchVersions(event));
      event.res.headers.set('etag', taskEtag(task));
      return { message: 'Task updated.', task };
    },
    DELETE: async (event) => {
      const user = await currentUser(event);
      refuseQuery(event.url);
      await deleteTask.execute(user.id, taskId(event), ifMatchVersions(event));
      return { message: 'Task deleted.' };
    },
  });
}

/** A 503 that says nothing was done: the request never reached the password check or the store. */
function passwordQueueFull(full: QueueFull): HttpProblem {
  const whose = full.scope === 'client' ? 'from this address ' : '';
  return new HttpProblem(
    503,
    'ServiceUnavailable',
    `Too many sign-ups and logins ${whose}are waiting for a password check; nothing was done. Retry in ${full.retryAfterSeconds} s.`,
    { 'retry-after': String(full.retryAfterSeconds) },
  );
}

function taskId(event: H3Event): string {
  return event.context.params?.['id'] ?? '';
}

type Handler = (event: H3Event) => Promise<unknown>;

/**
 * A handler whose plain return value is sent as JSON with the server's one JSON type (JSON_TYPE), which the
 * errors use too; h3 would send it as `application/json;charset=UTF-8`. It carries the route's cache
 * headers; an answer the handler built itself (conditional.ts) carries its own. The status and any headers
 * the handler set on `event.res` are merged in by h3, as for any answer.
 */
function answeringJson(handler: Handler, cache: CacheHeaders): Handler {
  return async (event) => {
    const value = await handler(event);
    if (value instanceof HTTPResponse || value instanceof Response) return value;
    return new PlainResponse(JSON.stringify(value), {
      status: event.res.status ?? 200,
      headers: { 'content-type': JSON_TYPE, ...cache },
    });
  };
}

type Handlers = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>;
type CacheHeaders = Readonly<Record<string, string>>;

/** Registers each method's handler, and a catch-all that answers other methods with 405 and `Allow`. */
export function route(app: H3, path: string, handlers: Handlers): void {
  cachedRoute(app, path, {}, handlers);
}

/** A route whose successful answers carry `cache`, the headers of cache-policy.ts that fit what they hold. */
function cachedRoute(app: H3, path: string, cache: CacheHeaders, handlers: Handlers): void {
  const allow = Object.keys(handlers);
  if (allow.includes('GET')) allow.push('HEAD');
  for (const [method, handler] of Object.entries(handlers))
    app.on(method as 'GET', path, answeringJson(handler, cache));
  // h3 strips the body of a HEAD response; the status and headers are GET's.
  if (handlers.GET) app.on('HEAD', path, answeringJson(handlers.GET, cache));
  app.all(path, (event) => {
    throw methodNotAllowed(event.req.method, allow);
  });
}
