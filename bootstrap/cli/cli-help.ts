// The texts `taskcast --help` prints. The variables are the README's configuration table in one line each;
// test/unit/bootstrap/cli.test.ts checks that every variable config.ts reads is listed here, and
// TASKCAST_CACHE_DIR, which the embedded model's cache reads itself.

/** [name, default, meaning] */
export const SERVE_VARIABLES: ReadonlyArray<readonly [string, string, string]> = [
  ['PORT', '3000', 'TCP port; 0 picks a free one'],
  ['HOST', '0.0.0.0', 'address to listen on'],
  ['DB_PATH', './data/tasks.db', 'the task store (snapshot; its journal is DB_PATH.journal)'],
  ['STORAGE', 'lowdb', 'lowdb (on disk), memory, or postgres'],
  ['DATABASE_URL', 'unset', 'required with postgres: postgres://user@host:5432/db'],
  ['DATABASE_POOL_SIZE', '10', 'PostgreSQL connections per node'],
  ['REDIS_URL', 'unset', 'shares auth budgets and the upstream cache between nodes'],
  ['JWT_SECRET', '(file beside DB_PATH)', 'HS256 secret, 32+ characters'],
  ['LOG_LEVEL', 'info', 'debug, info, warn, error or silent; info writes one line per request'],
  ['LOG_FORMAT', '(json, pretty on a terminal)', 'json or pretty'],
  ['METRICS', 'on', 'off removes /metrics and stops recording'],
  ['METRICS_TOKEN', 'unset', '/metrics asks for it as a bearer token (16+ characters)'],
  ['TRUST_PROXY', '0', '1 believes X-Forwarded-For/-Proto/-Host from your proxy'],
  ['PUBLIC_BASE_URL', 'unset', 'base of every link in forecast bodies'],
  ['CORS_ORIGINS', 'unset', 'origins allowed to call the task API from a browser; * for any'],
  ['LOGIN_FAILURES_PER_ACCOUNT', '10', 'failed logins per account and address in 15 min; 0 off'],
  ['LOGIN_FAILURES_PER_ADDRESS', '100', 'failed logins per address in 15 min; 0 off'],
  ['SIGNUPS_PER_ADDRESS', '1000', 'sign-ups per address per hour; 0 off'],
  ['FORECAST_RATE_LIMIT', '0', 'forecast requests per address per minute; 0 off'],
  ['MAX_TASKS_PER_USER', '10000', 'tasks one account may hold (409 beyond); 0 no limit'],
  ['MAX_CONNECTIONS', '1000', 'open connections at most'],
  ['HEADERS_TIMEOUT_MS', '10000', "time to send a request's headers"],
  ['REQUEST_TIMEOUT_MS', '30000', 'time for a whole request'],
  ['FORECAST_PROVIDER', 'embedded', 'embedded (offline), upstream (api.weather.gov) or replay'],
  ['FORECAST_RECORD_DIR', 'unset', 'with upstream: record every fetched document into this bundle'],
  ['FORECAST_RECORD_RELATIVE', '0', "1 writes the bundle's dates relative to the recording"],
  ['FORECAST_RECORD_MAX_FILES', '10000', 'files the recorded bundle may hold (0: no limit)'],
  ['FORECAST_RECORD_MAX_MB', '500', 'megabytes the recorded bundle may hold (0: no limit)'],
  ['FORECAST_REPLAY_DIR', 'unset', 'required with replay: the bundle to serve'],
  ['FORECAST_REPLAY_STRICT', '0', '1: a path missing from the bundle is a 404'],
  ['ADMIN_TOKEN', 'unset', '32+ characters: mounts the test-double controls under /_taskcast/'],
  ['FORECAST_NOW', 'unset', 'ISO instant where the forecast clock starts'],
  ['FORECAST_CLOCK_RATE', '0', 'with FORECAST_NOW: 0 frozen, 1 running'],
  ['FORECAST_SCENARIO', 'unset', 'a scenario file loaded at start-up'],
  ['UPSTREAM_URL', 'https://api.weather.gov', 'the upstream origin'],
  ['UPSTREAM_USER_AGENT', 'unset', 'required with upstream: app name and contact'],
  ['UPSTREAM_CACHE_MB', '64', 'upstream response cache size'],
  ['UPSTREAM_TIMEOUT_MS', '10000', 'timeout of each upstream attempt'],
  ['UPSTREAM_STALE_MAX_S', '86400', 'oldest cached copy served when upstream fails'],
  ['TASKCAST_CACHE_DIR', '<tmpdir>/taskcast-cache-<uid>', "the embedded model's alert cycles; off keeps none"],
];

function table(rows: ReadonlyArray<readonly [string, string, string]>): string {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([name, fallback, meaning]) => `  ${name.padEnd(w0)}  ${fallback.padEnd(w1)}  ${meaning}`).join('\n');
}

export const MAIN_HELP = `Usage: taskcast [command] [options]

Commands:
  serve                 start the server (the default when no command is given)
  check-store           read a store without starting and say whether it is sound

Options:
  -h, --help            this help; \`taskcast <command> --help\` for a command's

Run \`taskcast serve --help\` for the environment variables the server reads.
`;

export const SERVE_HELP = `Usage: taskcast serve

Starts the task and forecast APIs on one port, as \`npm start\` does, until SIGTERM or SIGINT (which finish
the requests in flight and flush the store). Configuration comes from the environment:

${table([['variable', 'default', 'meaning'], ...SERVE_VARIABLES])}

Empty variables count as unset. A bad value stops start-up with exit code 1 and one line naming it.
`;

export const CHECK_STORE_HELP = `Usage: taskcast check-store [--db PATH]

Reads a lowdb store (the snapshot at PATH, PATH.journal.compacting and PATH.journal) with the very reader a
start uses, without starting, taking the store's lock or writing anything, and prints one line: whether it
is sound, how many users and tasks it holds, and what is wrong if it is not. A store it calls sound starts
with those counts; one it calls not sound does not start. Exit code 0 when sound, 1 when not, 2 for a usage
error.

Options:
  --db PATH             the store; default: $DB_PATH, else ./data/tasks.db
  -h, --help            this help

Environment:
${table([['DB_PATH', './data/tasks.db', 'the store, when --db is not given']])}
`;
