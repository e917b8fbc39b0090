/**
 * What a weather-only user must never load (issue 39 item 6, issue 40 items 4 and 11), for the tests that
 * watch which modules taskcast/msw, taskcast/fetch and createForecast load: from the sources
 * (test/unit/bootstrap/weather-path-modules.test.ts) and from the installed package (test/e2e/msw-package.test.ts).
 */

/** Packages of the server and the task service only. */
export const SERVER_PACKAGES = ['@node-rs/bcrypt', 'pg', 'ioredis', 'lowdb', 'swagger-ui-dist', 'prom-client', 'pino'];

/**
 * The task service's own code, matched against a module's path from the project root with a leading `/`: its
 * use cases, stores and password hashing; its rules, and its HTTP schemas and OpenAPI document (once loaded
 * through the forecast app's docs routes: ~40 ms of a cold start, the limits' toLocaleString waking ICU).
 */
export const TASK_CODE = [
  /\/application\/tasks\//,
  /\/adapters\/persistence\//,
  /\/adapters\/crypto\//,
  /\/domain\/tasks\//,
  /\/adapters\/http\/tasks\//,
  /\/task-openapi\./,
];
