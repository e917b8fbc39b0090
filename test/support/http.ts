import type { H3 } from 'h3';
import type { Container } from 'inversify';
import type { AuthThrottleBudgets } from '../../adapters/http/tasks/auth-throttle.ts';
import { silentLogger, type Logger } from '../../adapters/logging/logger.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { FixedClock } from './fakes.ts';
import { checkedFetch, servedContract } from './openapi-contract.ts';
import type { Reply } from './reply.ts';

export const TEST_SECRET = 'http-tests-secret-of-at-least-32-chars!';

export interface CallOptions {
  readonly body?: unknown;
  /** Sent as is, for malformed JSON and other raw bodies. */
  readonly raw?: BodyInit;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

/** The real wiring over the in-memory store, with a still clock and cheap bcrypt, driven through app.fetch. */
export async function httpWorld(
  options: {
    authBudgets?: Partial<AuthThrottleBudgets>;
    trustProxy?: boolean;
    bcryptCost?: number;
    rebind?: (c: Container) => void;
    /** Where the app logs (unexpected errors); silent by default. */
    log?: Logger;
    /** METRICS_TOKEN. */
    metricsToken?: string;
    /** MAX_TASKS_PER_USER; the default (10,000) when unset. */
    maxTasksPerUser?: number;
  } = {},
) {
  const clock = new FixedClock();
  const container = createContainer({
    storage: 'memory',
    jwtSecret: TEST_SECRET,
    bcryptCost: options.bcryptCost ?? 4,
    forecastProvider: false,
    maxTasksPerUser: options.maxTasksPerUser,
  });
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  options.rebind?.(container);
  const app: H3 = await buildHttpApp(container, {
    // Off unless a test asks for a budget, so that other tests may sign up and fail logins freely.
    authBudgets: {
      loginFailuresPerAccount: 0,
      loginFailuresPerAddress: 0,
      signUpsPerAddress: 0,
      ...options.authBudgets,
    },
    trustProxy: options.trustProxy ?? false,
    metricsToken: options.metricsToken,
    log: options.log ?? silentLogger,
  });

  // Every response a test receives must be one the served OpenAPI document describes.
  const contract = servedContract(app);
  await contract.ready();

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
    if (body instanceof ReadableStream) init.duplex = 'half';
    return checkedFetch(app, contract, `http://taskcast.test${path}`, init, headers);
  }

  let accounts = 0;
  async function signUp(name = 'Ada'): Promise<{ token: string; id: string; email: string }> {
    const email = `user${++accounts}-${name.toLowerCase()}@example.com`;
    const reply = await call('POST', '/api/auth/signup', { body: { name, email, password: 'correct horse' } });
    if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${reply.text}`);
    return { token: reply.body.token, id: reply.body.user.id, email };
  }

  async function createTask(token: string, fields: Record<string, unknown>) {
    const reply = await call('POST', '/api/tasks', { token, body: fields });
    if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
    return reply.body.task;
  }

  return { app, container, clock, call, signUp, createTask };
}

/** httpWorld with one user signed up and one task of theirs, titled `t`: where most one-task tests start. */
export async function worldWithTask() {
  const w = await httpWorld();
  const { token } = await w.signUp();
  const task = await w.createTask(token, { title: 't' });
  return { w, token, task };
}
