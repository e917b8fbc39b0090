/** A small HTTP client for the task API, for the end-to-end tests. */
import { randomUUID } from 'node:crypto';

export interface Task {
  readonly id: string;
  readonly user_id: string;
  readonly title: string;
  readonly status: string;
  readonly priority: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface Session {
  readonly token: string;
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
}

export interface ApiResponse<T> {
  readonly status: number;
  readonly body: T;
}

export class Api {
  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON; keep the text for the assertion message
    }
    return { status: response.status, body: body as T };
  }

  async signUp(
    email = `${randomUUID()}@example.com`,
    password = 'correct horse battery',
  ): Promise<Session & { password: string }> {
    const res = await this.request<Session>('POST', '/api/auth/signup', {
      body: { name: 'E2E User', email, password },
    });
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { ...res.body, password };
  }

  login(email: string, password: string): Promise<ApiResponse<Session>> {
    return this.request<Session>('POST', '/api/auth/login', { body: { email, password } });
  }

  async createTask(token: string, title: string): Promise<Task> {
    const res = await this.request<{ task: Task }>('POST', '/api/tasks', { token, body: { title } });
    if (res.status !== 201) throw new Error(`POST /api/tasks answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.task;
  }

  listTasks(token: string): Promise<ApiResponse<{ count: number; tasks: Task[] }>> {
    return this.request<{ count: number; tasks: Task[] }>('GET', '/api/tasks', { token });
  }
}
