import * as v from 'valibot';
import { ValidationError } from '../../../domain/tasks/errors.ts';
import {
  isValidDescription,
  isValidDueDate,
  isValidName,
  isValidPassword,
  isValidTitle,
  isWithinPasswordLength,
  messages,
  taskFieldIssues,
} from '../../../domain/tasks/invariants.ts';
import {
  LIMITS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  hasNonBlank,
  isEmailShaped,
  normaliseEmail,
} from '../../../domain/tasks/rules.ts';
import type { FieldIssue } from '../../../domain/shared/domain-error.ts';
import { TASK_PAGE } from '../../../domain/tasks/paging.ts';

// The task API's request schemas. The rules themselves live in the domain; these schemas add the HTTP
// concerns: JSON types, strict objects, and which fields each route takes.

const title = v.pipe(
  v.string(messages.title),
  v.check((s: string) => isValidTitle(s), messages.title),
);
const description = v.nullable(
  v.pipe(
    v.string(messages.description),
    v.check((s: string) => isValidDescription(s), messages.description),
  ),
);
const status = v.picklist(TASK_STATUSES, messages.status);
const priority = v.picklist(TASK_PRIORITIES, messages.priority);
const dueDate = v.nullable(
  v.pipe(
    v.string(messages.due_date),
    v.check((s: string) => isValidDueDate(s), messages.due_date),
  ),
);

export const signUpBody = v.strictObject({
  name: v.pipe(
    v.string(messages.name),
    v.check((s: string) => isValidName(s), messages.name),
  ),
  email: v.pipe(
    v.string(messages.email),
    v.check((e: string) => isEmailShaped(normaliseEmail(e)), messages.email),
  ),
  password: v.pipe(
    v.string(messages.password),
    v.check((s: string) => isValidPassword(s), messages.password),
  ),
});

/** A login field given as something else than text: null counts as missing, a number or a list is named. */
const loginText = (issue: { input: unknown }): string => (issue.input === null ? 'is required' : 'must be a string');

/**
 * Login checks presence and type only: a wrong-shaped password is simply a wrong password. An empty or
 * blank string counts as missing (the spec's 400 "when email or password is missing").
 */
export const loginBody = v.strictObject({
  email: v.pipe(
    v.string(loginText),
    v.check(hasNonBlank, 'is required'),
    v.maxLength(LIMITS.emailMax * 4, 'is too long'),
  ),
  password: v.pipe(
    v.string(loginText),
    v.check(hasNonBlank, 'is required'),
    v.check(isWithinPasswordLength, messages.loginPasswordTooLong),
  ),
});

export const createTaskBody = v.strictObject({
  title,
  description: v.optional(description),
  status: v.optional(status),
  priority: v.optional(priority),
  due_date: v.optional(dueDate),
});

/** PATCH: `null` clears description and due_date; for title, status and priority it is refused by their schemas. */
export const updateTaskBody = v.strictObject({
  title: v.optional(title),
  description: v.optional(description),
  status: v.optional(status),
  priority: v.optional(priority),
  due_date: v.optional(dueDate),
});

const READ_ONLY = new Set(['id', 'user_id', 'created_at', 'updated_at']);

type StrictSchema = v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>;

/** A body's fields as the domain takes them: whether `body` is one, by the rules its schema is built from. */
type Accepts = (body: Readonly<Record<string, unknown>>) => boolean;

/** A new task's fields: a title and every field present valid (createTaskBody's rules, from the domain). */
export const acceptsNewTask: Accepts = (body) => 'title' in body && taskFieldIssues(body).length === 0;

/** A task's changes: every field present valid (updateTaskBody's rules, from the domain). */
export const acceptsTaskChanges: Accepts = (body) => taskFieldIssues(body).length === 0;

/**
 * Parses a JSON body against a strict schema, reporting every problem at once: each unknown field by name
 * (read-only ones say so), each missing required field, each bad value.
 *
 * `accepts`, when given, is the domain's rule that the schema's checks call (they add only the JSON types,
 * which the rule checks too). A body with no unknown field that it accepts is already what the schema would
 * give back, so it is returned as it is, without valibot's second pass over the same rules (about 1 µs of
 * a durable POST); any other body goes through the schema, which builds the report.
 */
export function parseBody<S extends StrictSchema>(schema: S, body: unknown, accepts?: Accepts): v.InferOutput<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError([{ path: '', message: 'the request body must be a JSON object' }]);
  }
  const details: FieldIssue[] = [];
  for (const key of Object.keys(body)) {
    if (!Object.hasOwn(schema.entries, key)) {
      details.push({
        path: key,
        message: READ_ONLY.has(key) ? 'is read-only and cannot be set' : 'is not a known field',
      });
    }
  }
  if (details.length === 0 && accepts?.(body as Record<string, unknown>)) return body as v.InferOutput<S>;
  const result = v.safeParse(schema, body, { abortEarly: false });
  if (result.success && details.length === 0) return result.output;
  for (const issue of result.issues ?? []) {
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (issue.type === 'strict_object' && issue.expected === 'never') continue; // reported above, all of them
    const missing = issue.type === 'strict_object' && issue.received === 'undefined';
    details.push({ path, message: missing ? 'is required' : issue.message });
  }
  throw new ValidationError(details);
}

/** The query parameters GET /api/tasks takes; every other task route takes none. */
export const TASK_LIST_QUERY = ['status', 'priority', 'limit', 'cursor'] as const;

/**
 * A query parameter the route does not take is a 400 that names it, as an unknown body field is: a client
 * paging with `?page=2` that got the first page again would loop forever.
 */
export function unknownQueryParameters(params: URLSearchParams, known: readonly string[]): FieldIssue[] {
  const takes = known.length === 0 ? 'this route takes none' : `this route takes ${known.join(', ')}`;
  const details: FieldIssue[] = [];
  const named = new Set<string>();
  for (const name of params.keys()) {
    if (known.includes(name) || named.has(name)) continue;
    named.add(name);
    details.push({ path: name, message: `is not a known query parameter; ${takes}` });
  }
  return details;
}

/**
 * A request's query as h3's `event.url` gives it. Nearly every request has none, and `search` tells so
 * without building the URLSearchParams that reading `searchParams` makes (about 1.5 µs on the list).
 */
export type RequestQuery = Pick<URL, 'search' | 'searchParams'>;

/** Refuses any query parameter (the task routes other than the list take none). */
export function refuseQuery(url: RequestQuery): void {
  if (url.search === '') return;
  const details = unknownQueryParameters(url.searchParams, []);
  if (details.length > 0) throw new ValidationError(details);
}

type TaskListQuery = { filter: ReturnType<typeof parseTaskFilter>; paging: ReturnType<typeof parseTaskPage> };

/** What a list request without a query asks for: every task (no filter), not a page. */
const WHOLE_LIST: TaskListQuery = Object.freeze({ filter: Object.freeze({}), paging: undefined });

/** GET /api/tasks: the filter and the page, with every problem of the query string reported at once. */
export function parseTaskListQuery(url: RequestQuery): TaskListQuery {
  if (url.search === '') return WHOLE_LIST;
  const params = url.searchParams;
  const details = unknownQueryParameters(params, TASK_LIST_QUERY);
  const collect = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      details.push(...error.details);
      return undefined;
    }
  };
  const filter = collect(() => parseTaskFilter(params));
  const paging = collect(() => parseTaskPage(params));
  if (details.length > 0 || filter === undefined) throw new ValidationError(details);
  return { filter, paging };
}

/** `?status=` and `?priority=`: each at most once, never empty, within its enum. */
export function parseTaskFilter(params: URLSearchParams): {
  status?: (typeof TASK_STATUSES)[number];
  priority?: (typeof TASK_PRIORITIES)[number];
} {
  const details: FieldIssue[] = [];
  const filter: { status?: (typeof TASK_STATUSES)[number]; priority?: (typeof TASK_PRIORITIES)[number] } = {};
  for (const [name, schema] of [
    ['status', status],
    ['priority', priority],
  ] as const) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1) {
      details.push({ path: name, message: 'must be given at most once' });
      continue;
    }
    const parsed = v.safeParse(schema, values[0]);
    if (parsed.success) (filter as Record<string, string>)[name] = parsed.output;
    else details.push({ path: name, message: messages[name] });
  }
  if (details.length > 0) throw new ValidationError(details);
  return filter;
}

/**
 * `?limit=&cursor=` on the task list: absent both, the list is whole (the spec's form); either present,
 * the answer is one page. Each at most once; `limit` an integer from 1 to 500.
 */
export function parseTaskPage(params: URLSearchParams): { limit?: number; cursor?: string } | undefined {
  const limits = params.getAll('limit');
  const cursors = params.getAll('cursor');
  if (limits.length === 0 && cursors.length === 0) return undefined;
  const details: FieldIssue[] = [];
  const page: { limit?: number; cursor?: string } = {};
  if (limits.length > 1) details.push({ path: 'limit', message: 'must be given at most once' });
  else if (limits.length === 1) {
    const raw = limits[0] ?? '';
    const n = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= 1 && n <= TASK_PAGE.maxLimit))
      details.push({ path: 'limit', message: `must be an integer from 1 to ${TASK_PAGE.maxLimit}` });
    else page.limit = n;
  }
  if (cursors.length > 1) details.push({ path: 'cursor', message: 'must be given at most once' });
  else if (cursors.length === 1) {
    if (cursors[0] === '') details.push({ path: 'cursor', message: 'must not be empty' });
    else page.cursor = cursors[0];
  }
  if (details.length > 0) throw new ValidationError(details);
  return page;
}
