import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { TASK_PAGE } from '../../../domain/tasks/paging.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../domain/tasks/rules.ts';
import { TASK_ALLOWED_HEADERS } from '../cors.ts';
import { ACCOUNT_ANSWER, ERROR_ANSWER, TOKEN_ANSWER } from '../tasks/cache-policy.ts';
import { createTaskBody, loginBody, signUpBody, updateTaskBody } from '../tasks/schemas.ts';
import type { Json } from './openapi-kit.ts';

/**
 * The task API as OpenAPI 3.1, served at GET /api/openapi.json.
 *
 * The request bodies are generated from the very valibot schemas that validate the requests
 * (adapters/http/tasks/schemas.ts) with @valibot/to-json-schema, so the document cannot promise a body
 * the server refuses. Rules that valibot checks with a function (lengths in code points, real calendar
 * dates, the email's shape) have no JSON Schema keyword; their error message becomes the field's
 * `description`. The responses are described here, each with an example, for every status the contract names.
 */
export function taskOpenApi(base: string): Json {
  template ??= buildTemplate();
  return { ...template, servers: [{ url: base, description: 'This server' }] };
}

let template: Json | undefined;

const conversion: ConversionConfig = {
  target: 'draft-2020-12',
  // `check` actions (domain rules in functions) cannot be expressed: say them in words instead of failing.
  errorMode: 'ignore',
  overrideAction: ({ valibotAction, jsonSchema }) =>
    valibotAction.type === 'check'
      ? { ...jsonSchema, description: String((valibotAction as { message?: unknown }).message) }
      : undefined,
};

/** One request schema, generated; `$schema` dropped because the document's dialect already says it. */
export function requestSchema(schema: GenericSchema): Json {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, conversion) as Json;
  return rest;
}

/** An object schema with these members and no others: every answer of the task API is one. */
function closedObject(required: readonly string[], properties: Json): Json {
  return { type: 'object', additionalProperties: false, required, properties };
}

const TIMESTAMP = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'UTC, `YYYY-MM-DD HH:MM:SS`.',
  examples: ['2026-11-21 21:00:00'],
};
const EXAMPLE_USER = { id: '0b4f7c8e-3a55-4a4e-9a8e-6d1f2f1c9b21', name: 'Ada', email: 'ada@example.com' };
const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwYjRmN2M4ZS0zYTU1LTRhNGUtOWE4ZS02ZDFmMmYxYzliMjEiLCJpYXQiOjE3OTQ0MjgwMDAsImV4cCI6MTc5NTAzMjgwMH0.c2lnbmF0dXJl';
const EXAMPLE_TASK = {
  id: '6f1d3c1a-8a9b-4e7c-9d2e-5b4a3f2e1d0c',
  user_id: EXAMPLE_USER.id,
  title: 'Write the README',
  description: null,
  status: 'pending',
  priority: 'high',
  due_date: '2026-12-01',
  created_at: '2026-11-21 21:00:00',
  updated_at: '2026-11-21 21:00:00',
};

/** The error names of the task API and when each comes; the statuses are the contract's. */
const ERRORS: Record<string, { status: number; name: string; message: string; details?: Json[] }> = {
  validation: {
    status: 400,
    name: 'ValidationError',
    message: 'The request is invalid.',
    details: [{ path: 'title', message: 'is required' }],
  },
  credentials: { status: 401, name: 'InvalidCredentials', message: 'Invalid email or password.' },
  unauthorized: { status: 401, name: 'Unauthorized', message: 'A valid Bearer token is required.' },
  notFound: { status: 404, name: 'NotFound', message: 'No task with that id.' },
  conflict: { status: 409, name: 'Conflict', message: 'An account with that email already exists.' },
  tooLarge: { status: 413, name: 'PayloadTooLarge', message: 'The request body is larger than 1048576 bytes.' },
  inFlight: {
    status: 409,
    name: 'IdempotencyKeyInFlight',
    message: 'A request with this Idempotency-Key is still in progress; retry shortly to get its answer.',
  },
  taskLimit: {
    status: 409,
    name: 'TaskLimitReached',
    message: 'This account already holds 10000 tasks, the most one account may hold; delete a task to create another.',
  },
  precondition: {
    status: 412,
    name: 'PreconditionFailed',
    message: 'The task has changed since the version named in If-Match; read it again and retry.',
  },
  mismatch: {
    status: 422,
    name: 'IdempotencyKeyMismatch',
    message: 'This Idempotency-Key was used with a different request body; use a new key for a new request.',
  },
  tooMany: { status: 429, name: 'TooManyRequests', message: 'Too many requests; retry in 600 s.' },
  unavailable: {
    status: 503,
    name: 'ServiceUnavailable',
    message: 'The change could not be stored right now and was not made; try again shortly.',
  },
  internal: {
    status: 500,
    name: 'InternalError',
    message: 'Something went wrong on our side; the request was not completed.',
  },
};

function buildTemplate(): Json {
  const error = (key: keyof typeof ERRORS, description: string, headers?: Json): Json => {
    const e = ERRORS[key]!;
    const example: Json = { error: e.name, message: e.message, ...(e.details ? { details: e.details } : {}) };
    return {
      description,
      ...(headers ? { headers } : {}),
      content: {
        'application/json': {
          schema: { $ref: e.details ? '#/components/schemas/ValidationError' : '#/components/schemas/Error' },
          example,
        },
      },
    };
  };
  /** One status that comes with several error names: an example of each. */
  const errorOneOf = (keys: ReadonlyArray<keyof typeof ERRORS>, description: string, headers?: Json): Json => ({
    description,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Error' },
        examples: Object.fromEntries(
          keys.map((key) => {
            const e = ERRORS[key]!;
            return [e.name, { value: { error: e.name, message: e.message } }];
          }),
        ),
      },
    },
  });
  const retryAfter = {
    'Retry-After': { description: 'Seconds until the budget allows another attempt.', schema: { type: 'string' } },
  };
  const ok = (description: string, schema: string, example: unknown, headers?: Json): Json => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } },
  });
  const body = (schema: string, example: Json): Json => ({
    required: true,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } },
  });
  const common = {
    '413': error('tooLarge', 'The body is over 1 MiB.'),
    '500': error('internal', 'Anything unexpected; the body never carries internals.'),
  };
  const stored = {
    '503': error(
      'unavailable',
      'The store cannot take the change now (a full disk, an unreachable database); nothing of it was stored: retry after `Retry-After`. With PostgreSQL, `OutcomeUnknown` instead when the database stopped answering after the commit was sent: the change may have been made; retry a create with the same Idempotency-Key, read the task before repeating a change or delete.',
      {
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' } },
      },
    ),
  };
  const etagHeader = (what: string): Json => ({ ETag: { description: what, schema: { type: 'string' } } });
  const notModified = (what: string): Json => ({
    description: `Not modified: the \`If-None-Match\` tag is still the ${what}'s.`,
    headers: etagHeader('The current tag.'),
  });
  /** A parameter, required only in the path; a string unless `schema` says otherwise. */
  const parameter = (
    name: string,
    where: 'path' | 'query' | 'header',
    description: string,
    schema: Json = { type: 'string' },
    examples: Json = {},
  ): Json => ({ name, in: where, required: where === 'path', description, schema, ...examples });
  const ifNoneMatch = parameter(
    'If-None-Match',
    'header',
    'A tag from an earlier ETag: a 304 while it is still current.',
  );
  const ifMatch = parameter(
    'If-Match',
    'header',
    'Only if the task is still at this version (a strong tag from its ETag; `*` for any). Checked atomically with the change; a weak tag never matches.',
    { type: 'string' },
    { example: '"6f1d3c1a-20261121210000"' },
  );
  const challenge = (description: string, example: string): Json => ({
    'WWW-Authenticate': { description, required: true, schema: { type: 'string' }, example },
  });
  const authed = {
    '401': error(
      'unauthorized',
      'No `Authorization: Bearer <token>`, or a token that is malformed, expired, not HS256, badly signed, or whose user is gone.',
      challenge(
        'The challenge (RFC 6750): `Bearer` when no bearer token was sent, `Bearer error="invalid_token"` when the one sent is not valid.',
        'Bearer error="invalid_token"',
      ),
    ),
    '500': common['500'],
  };
  const noQuery = error('validation', 'A query parameter: this route takes none.');
  const notFound = error('notFound', "Unknown task, a malformed id, or another user's task.");
  const staleVersion = error(
    'precondition',
    'If-Match names a version that is no longer current; the ETag header gives the current one.',
    etagHeader('The current version.'),
  );
  const idParameter = parameter('id', 'path', 'The task id (a UUID; anything else is a 404).');
  const filterParameter = (name: string, values: readonly string[]) =>
    parameter(
      name,
      'query',
      `Only tasks with this ${name}. Empty, repeated or outside the list: a 400.`,
      requestSchema(
        name === 'status' ? createTaskBody.entries.status.wrapped : createTaskBody.entries.priority.wrapped,
      ),
      { examples: { [values[0]!]: { value: values[0] } } },
    );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Taskcast task API',
      version: '1.0.0',
      summary: 'Accounts with JWT sessions and private per-user tasks.',
      description: [
        'Sign up or log in for a token, then send it as `Authorization: Bearer <token>` (Authorize, above).',
        '',
        'Every error is `application/json` `{error, message, details?}`; `details` (`[{path, message}]`) comes with ValidationError only.',
        'Every 401 carries `WWW-Authenticate`: `Bearer error="invalid_token"` when a bearer token was sent and is not valid, `Bearer` otherwise (no token, another scheme, or a failed login).',
        'A known path with another method is a 405 MethodNotAllowed with an `Allow` header; an unknown path under `/api` is a 404 NotFound.',
        "A request line and headers over 16 KB together (the parser's limit) are refused before any route: 414 URITooLong when the URL is the larger part, else 431 RequestHeaderFieldsTooLarge, in the same error shape, and the connection is closed.",
        'Bodies must be JSON objects; unknown and read-only fields (`id`, `user_id`, `created_at`, `updated_at`) are a 400 that names them.',
        'Query parameters are strict too: only `GET /api/tasks` takes any (`status`, `priority`, `limit`, `cursor`); any other, such as `page`, is a 400 that names it.',
        // From the headers the answers carry (tasks/cache-policy.ts), so the two cannot drift apart.
        `Caching: the token answers (sign-up, login) say \`Cache-Control: ${TOKEN_ANSWER['cache-control']}\`, every error \`Cache-Control: ${ERROR_ANSWER['cache-control']}\`; task answers, 304s included, say \`Cache-Control: ${ACCOUNT_ANSWER['cache-control']}\` with \`Vary: ${ACCOUNT_ANSWER['vary']}\`, so a browser may keep one but revalidates it (\`If-None-Match\`) and no shared cache stores it.`,
      ].join('\n'),
      license: { name: 'MIT' },
    },
    tags: [{ name: 'Auth' }, { name: 'Tasks' }, { name: 'Health' }],
    paths: {
      '/api/auth/signup': {
        post: {
          tags: ['Auth'],
          operationId: 'signUp',
          summary: 'Create an account',
          security: [],
          description:
            'The email is brought to Unicode NFC, trimmed and lower-cased; an account per email (case-insensitive, however its accents are encoded).',
          requestBody: body('SignUpRequest', { name: 'Ada', email: 'ada@example.com', password: 'correct horse' }),
          responses: {
            '201': ok('Account created; the token is valid for 7 days.', 'Session', {
              message: 'Account created.',
              token: EXAMPLE_TOKEN,
              user: EXAMPLE_USER,
            }),
            '400': error(
              'validation',
              'A body that is not a JSON object, an unknown field, a value out of its rule, or a query parameter.',
            ),
            '409': error('conflict', 'The email is already registered.'),
            '413': common['413'],
            '429': error('tooMany', 'Too many sign-ups from this address (SIGNUPS_PER_ADDRESS).', retryAfter),
            '500': common['500'],
            ...stored,
          },
        },
      },
      '/api/auth/login': {
        post: {
          tags: ['Auth'],
          operationId: 'login',
          summary: 'Log in',
          security: [],
          requestBody: body('LoginRequest', { email: 'ada@example.com', password: 'correct horse' }),
          responses: {
            '200': ok('Logged in.', 'Session', { message: 'Logged in.', token: EXAMPLE_TOKEN, user: EXAMPLE_USER }),
            '400': error(
              'validation',
              'Email or password missing (an empty or blank string counts as missing), a password over 1,024 characters, an unknown field, or a query parameter.',
            ),
            '401': error(
              'credentials',
              'Unknown email or wrong password: the same body either way.',
              challenge(
                '`Bearer`: every 401 carries a challenge, and a bearer token is what the API asks for.',
                'Bearer',
              ),
            ),
            '413': common['413'],
            '429': error(
              'tooMany',
              'A spent failed-login budget for this account and address, or for this address (LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS); the same answer even for the right password.',
              retryAfter,
            ),
            '500': common['500'],
            '503': error(
              'unavailable',
              'Too many sign-ups and logins from this address (or in all) are waiting for a password check, or the store cannot be reached; nothing was done. Retry after `Retry-After`.',
              { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' } } },
            ),
          },
        },
      },
      '/api/tasks': {
        get: {
          tags: ['Tasks'],
          operationId: 'listTasks',
          summary: 'List your tasks, newest first',
          description: `Without \`limit\` and \`cursor\` the list is whole. With either, one page: \`next\` is the next page's path (null on the last), also sent as \`Link: <…>; rel="next"\`.`,
          parameters: [
            filterParameter('status', TASK_STATUSES),
            filterParameter('priority', TASK_PRIORITIES),
            parameter(
              'limit',
              'query',
              `Page size, 1 to ${TASK_PAGE.maxLimit} (${TASK_PAGE.defaultLimit} when only \`cursor\` is given).`,
              { type: 'integer', minimum: 1, maximum: TASK_PAGE.maxLimit },
            ),
            parameter('cursor', 'query', "Opaque; from the previous page's `next`.", { type: 'string', minLength: 1 }),
            ifNoneMatch,
          ],
          responses: {
            '200': ok(
              'Your tasks that match the filters.',
              'TaskList',
              { count: 1, tasks: [EXAMPLE_TASK] },
              {
                Link: {
                  description: 'On a page that has a next one: `<next>; rel="next"`.',
                  schema: { type: 'string' },
                },
                ...etagHeader('A weak tag of this exact list: changes when anything in it does.'),
              },
            ),
            '304': notModified('list'),
            '400': error(
              'validation',
              'A bad, empty or repeated filter, a bad `limit` or `cursor`, or an unknown query parameter (such as `page`): each named in `details`.',
            ),
            ...authed,
          },
        },
        post: {
          tags: ['Tasks'],
          operationId: 'createTask',
          summary: 'Create a task',
          description:
            'With `Idempotency-Key`, done once per user and key (kept 24 hours): a repeat with the same body gets the first answer again, marked `Idempotent-Replayed: true`.',
          parameters: [
            parameter(
              'Idempotency-Key',
              'header',
              '1 to 255 visible ASCII characters, new for each new request.',
              { type: 'string', minLength: 1, maxLength: 255 },
              { example: '6f1c2a9e-order-42' },
            ),
          ],
          requestBody: body('CreateTaskRequest', {
            title: 'Write the README',
            priority: 'high',
            due_date: '2026-12-01',
          }),
          responses: {
            '201': ok(
              'Created, or the first answer again for a repeated Idempotency-Key.',
              'TaskCreated',
              { message: 'Task created.', task: EXAMPLE_TASK },
              {
                'Idempotent-Replayed': {
                  description: '`true` on a repeat of an earlier request with the same key.',
                  schema: { type: 'string', enum: ['true'] },
                },
              },
            ),
            '400': error(
              'validation',
              'A missing title, an unknown or read-only field, a value out of its rule, a malformed Idempotency-Key, or a query parameter.',
            ),
            '401': authed['401'],
            '409': errorOneOf(
              ['inFlight', 'taskLimit'],
              '`IdempotencyKeyInFlight`: the first request with this Idempotency-Key is still running (with `Retry-After`). `TaskLimitReached`: the account already holds MAX_TASKS_PER_USER tasks (10,000 by default); nothing was stored, and the same request succeeds once a task is deleted. A repeat of a stored keyed create is still answered with its 201.',
              {
                'Retry-After': {
                  description: 'Seconds; with IdempotencyKeyInFlight only.',
                  schema: { type: 'string' },
                },
              },
            ),
            '413': common['413'],
            '422': error('mismatch', 'This Idempotency-Key came with a different body before.'),
            '500': common['500'],
            ...stored,
          },
        },
      },
      '/api/tasks/{id}': {
        parameters: [idParameter],
        get: {
          tags: ['Tasks'],
          operationId: 'getTask',
          summary: 'Get one of your tasks',
          parameters: [ifNoneMatch],
          responses: {
            '200': ok(
              'The task.',
              'TaskEnvelope',
              { task: EXAMPLE_TASK },
              etagHeader("The task's version (strong): changes whenever the task does."),
            ),
            '304': notModified('task'),
            '400': noQuery,
            '401': authed['401'],
            '404': notFound,
            '500': common['500'],
          },
        },
        patch: {
          tags: ['Tasks'],
          operationId: 'updateTask',
          summary: 'Update a task',
          description:
            'At least one field (`{}` is a 400). `null` clears `description` or `due_date`, and is a 400 for the others. `updated_at` moves forward on every update.',
          parameters: [ifMatch],
          requestBody: body('UpdateTaskRequest', { status: 'in_progress' }),
          responses: {
            '200': ok(
              'Updated.',
              'TaskUpdated',
              {
                message: 'Task updated.',
                task: { ...EXAMPLE_TASK, status: 'in_progress', updated_at: '2026-11-21 21:05:00' },
              },
              etagHeader('The new version.'),
            ),
            '400': error(
              'validation',
              '`{}`, an unknown or read-only field, a value out of its rule, or a query parameter.',
            ),
            '401': authed['401'],
            '404': notFound,
            '412': staleVersion,
            '413': common['413'],
            '500': common['500'],
            ...stored,
          },
        },
        delete: {
          tags: ['Tasks'],
          operationId: 'deleteTask',
          summary: 'Delete a task',
          parameters: [ifMatch],
          responses: {
            '200': ok('Deleted.', 'Message', { message: 'Task deleted.' }),
            '400': noQuery,
            '401': authed['401'],
            '404': notFound,
            '412': staleVersion,
            '500': common['500'],
            ...stored,
          },
        },
      },
      '/ready': {
        get: {
          tags: ['Health'],
          operationId: 'ready',
          summary: 'Readiness, for load balancers',
          security: [],
          description:
            'Whether every dependency can do its work: the store can write, the upstream API (with FORECAST_PROVIDER=upstream) answers.',
          responses: {
            '200': ok('Ready.', 'Readiness', { status: 'ready', dependencies: { store: { ok: true } } }),
            '503': {
              description:
                'Not ready: `failing` names the dependencies, each with a `detail` (with METRICS_TOKEN set, only for `Authorization: Bearer <METRICS_TOKEN>`).',
              headers: { 'Retry-After': { description: 'Seconds.', schema: { type: 'string' } } },
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Readiness' },
                  example: {
                    status: 'not ready',
                    failing: ['store'],
                    dependencies: {
                      store: {
                        ok: false,
                        detail: 'the store cannot write to ./data/tasks.db.journal: ENOSPC: no space left on device',
                      },
                    },
                  },
                },
              },
            },
            '500': common['500'],
          },
        },
      },
      '/health': {
        get: {
          tags: ['Health'],
          operationId: 'health',
          summary: 'Liveness',
          security: [],
          responses: {
            '200': ok('The process serves.', 'Health', { status: 'ok', timestamp: '2026-11-21T21:00:00.000Z' }),
            '500': common['500'],
          },
        },
      },
    },
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `HS256 JWT from sign-up or login, valid 7 days; sent as \`${TASK_ALLOWED_HEADERS[0]}: Bearer <token>\`.`,
        },
      },
      schemas: {
        SignUpRequest: requestSchema(signUpBody),
        LoginRequest: requestSchema(loginBody),
        CreateTaskRequest: requestSchema(createTaskBody),
        UpdateTaskRequest: requestSchema(updateTaskBody),
        User: {
          ...closedObject(['id', 'name', 'email'], {
            id: { type: 'string', format: 'uuid' },
            name: { type: 'string' },
            email: { type: 'string', description: 'Lower case.' },
          }),
          examples: [EXAMPLE_USER],
        },
        Session: closedObject(['message', 'token', 'user'], {
          message: { type: 'string' },
          token: {
            type: 'string',
            description: 'HS256 JWT; claims `sub` (the user id), `iat`, `exp = iat + 604800`.',
          },
          user: { $ref: '#/components/schemas/User' },
        }),
        Task: {
          ...closedObject(
            ['id', 'user_id', 'title', 'description', 'status', 'priority', 'due_date', 'created_at', 'updated_at'],
            {
              id: { type: 'string', format: 'uuid' },
              user_id: { type: 'string', format: 'uuid' },
              title: { type: 'string' },
              description: { type: ['string', 'null'] },
              status: { type: 'string', enum: [...TASK_STATUSES] },
              priority: { type: 'string', enum: [...TASK_PRIORITIES] },
              due_date: { type: ['string', 'null'], format: 'date' },
              created_at: TIMESTAMP,
              updated_at: TIMESTAMP,
            },
          ),
          examples: [EXAMPLE_TASK],
        },
        TaskList: closedObject(['count', 'tasks'], {
          count: { type: 'integer', minimum: 0, description: 'How many tasks this answer holds.' },
          tasks: { type: 'array', items: { $ref: '#/components/schemas/Task' } },
          next: {
            type: ['string', 'null'],
            description: "Paged answers only: the next page's path, or null on the last page.",
          },
        }),
        TaskEnvelope: closedObject(['task'], { task: { $ref: '#/components/schemas/Task' } }),
        TaskCreated: closedObject(['message', 'task'], {
          message: { type: 'string' },
          task: { $ref: '#/components/schemas/Task' },
        }),
        TaskUpdated: closedObject(['message', 'task'], {
          message: { type: 'string' },
          task: { $ref: '#/components/schemas/Task' },
        }),
        Message: closedObject(['message'], { message: { type: 'string' } }),
        Readiness: closedObject(['status', 'dependencies'], {
          status: { type: 'string', enum: ['ready', 'not ready'] },
          failing: { type: 'array', items: { type: 'string' } },
          dependencies: {
            type: 'object',
            additionalProperties: closedObject(['ok'], { ok: { type: 'boolean' }, detail: { type: 'string' } }),
          },
        }),
        Health: closedObject(['status', 'timestamp'], {
          status: { const: 'ok' },
          timestamp: { type: 'string', format: 'date-time' },
        }),
        Error: closedObject(['error', 'message'], {
          error: {
            type: 'string',
            enum: [
              'InvalidCredentials',
              'Unauthorized',
              'NotFound',
              'MethodNotAllowed',
              'Conflict',
              'IdempotencyKeyInFlight',
              'TaskLimitReached',
              'PreconditionFailed',
              'IdempotencyKeyMismatch',
              'PayloadTooLarge',
              'TooManyRequests',
              'InternalError',
              'ServiceUnavailable',
              'OutcomeUnknown',
            ],
          },
          message: { type: 'string' },
        }),
        ValidationError: closedObject(['error', 'message', 'details'], {
          error: { const: 'ValidationError' },
          message: { type: 'string' },
          details: {
            type: 'array',
            items: closedObject(['path', 'message'], {
              path: { type: 'string', description: 'The field, or "" for the body as a whole.' },
              message: { type: 'string' },
            }),
          },
        }),
      },
    },
  };
}
