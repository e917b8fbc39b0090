import type { H3 } from 'h3';
import { baseUrlOf, type BaseUrlOptions } from '../forecast/base-url.ts';
import { getAndHead, json } from './docs-routes.ts';
import { taskOpenApi } from './task-openapi.ts';

// Apart from docs-routes.ts, which the forecast app registers: the task API's document imports the task
// service's schemas and rules (and formats their limits with toLocaleString, which wakes ICU), which
// taskcast/msw and taskcast/fetch, the forecast app alone, must not load (issue 40 items 4 and 11).

/** GET /api/openapi.json: the task API's document, which the task API's app serves. */
export function registerTaskApiDocument(app: H3, options: BaseUrlOptions): void {
  getAndHead(app)('/api/openapi.json', (event) => json(taskOpenApi(baseUrlOf(event, options))));
}
