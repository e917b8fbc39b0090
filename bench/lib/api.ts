// The few task-API calls the benchmarks need to set up their data, over plain fetch.
import { fire } from './load.ts';

export interface BenchUser {
  email: string;
  token: string;
  auth: Record<string, string>;
}

let userSeq = 0;

async function call(
  origin: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

export async function signUp(origin: string, label: string): Promise<BenchUser> {
  const email = `bench-${label}-${process.pid}-${++userSeq}@bench.example`;
  const { status, json } = await call(origin, 'POST', '/api/auth/signup', {
    name: `Bench ${label}`,
    email,
    password: 'bench-password-1',
  });
  const token = (json as { token?: unknown } | null)?.token;
  if (status !== 201 || typeof token !== 'string')
    throw new Error(`${origin} sign-up answered ${status}: ${JSON.stringify(json)}`);
  return { email, token, auth: { authorization: `Bearer ${token}` } };
}

export const SMALL_TASK = {
  title: 'Benchmark task',
  description: 'Written by bench/run.ts',
  priority: 'high',
  due_date: '2030-01-15',
};
export const SMALL_TASK_BODY = JSON.stringify(SMALL_TASK);

export async function createTask(origin: string, user: BenchUser, n: number): Promise<void> {
  const { status, json } = await call(
    origin,
    'POST',
    '/api/tasks',
    { ...SMALL_TASK, title: `Benchmark task ${n}` },
    user.auth,
  );
  if (status !== 201) throw new Error(`${origin} POST /api/tasks answered ${status}: ${JSON.stringify(json)}`);
}

/** The ids of every task `user` holds (one unpaged list). */
export async function taskIds(origin: string, user: BenchUser): Promise<string[]> {
  const { status, json } = await call(origin, 'GET', '/api/tasks', undefined, user.auth);
  const tasks = (json as { tasks?: unknown } | null)?.tasks;
  if (status !== 200 || !Array.isArray(tasks)) throw new Error(`${origin} GET /api/tasks answered ${status}`);
  return tasks.map((task) => String((task as { id: unknown }).id));
}

export async function countTasks(origin: string, user: BenchUser): Promise<number> {
  const { status, json } = await call(origin, 'GET', '/api/tasks', undefined, user.auth);
  const count = (json as { count?: unknown } | null)?.count;
  if (status !== 200 || typeof count !== 'number') throw new Error(`${origin} GET /api/tasks answered ${status}`);
  return count;
}

/**
 * Stores `total` tasks spread over `users` fresh users, with autocannon firing a fixed number of POSTs per
 * user (each with `body`, SMALL_TASK's unless given). Throws unless every POST got a 2xx and every user then
 * lists exactly its share.
 */
export async function prefill(
  origin: string,
  total: number,
  users: number,
  connections: number,
  body: string = SMALL_TASK_BODY,
): Promise<{ seconds: number; users: BenchUser[] }> {
  const started = Date.now();
  const owners: BenchUser[] = [];
  for (let i = 0; i < users; i++) owners.push(await signUp(origin, `prefill${i}`));
  const shares = owners.map((_, i) => Math.floor(total / users) + (i < total % users ? 1 : 0));
  for (const [i, owner] of owners.entries()) {
    const amount = shares[i] ?? 0;
    const result = await fire(
      {
        url: `${origin}/api/tasks`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...owner.auth },
        body,
      },
      { connections: Math.min(connections, amount), amount, timeout: 30 },
    );
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
      throw new Error(
        `pre-fill POSTs to ${origin}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (status codes ${JSON.stringify(result.statusCodeStats)})`,
      );
    }
  }
  for (const [i, owner] of owners.entries()) {
    const listed = await countTasks(origin, owner);
    if (listed !== shares[i]) throw new Error(`pre-fill: user ${i} lists ${listed} tasks, expected ${shares[i]}`);
  }
  return { seconds: (Date.now() - started) / 1000, users: owners };
}
