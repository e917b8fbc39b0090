// The scenario sets `npm run bench -- <name>` knows. Add a set by writing a ScenarioSet in bench/scenarios/
// and listing it here.
import type { ScenarioSet } from './lib/types.ts';
import { forecastSet } from './scenarios/forecast.ts';
import { limitSet } from './scenarios/limit.ts';
import { mswSet } from './scenarios/msw.ts';
import { observabilitySet } from './scenarios/observability.ts';
import { requestPathSet } from './scenarios/request-path.ts';
import { tasksLoginFairnessSet } from './scenarios/tasks-login-fairness.ts';
import { tasksLoginsSet } from './scenarios/tasks-logins.ts';
import { tasksPostgresSet } from './scenarios/tasks-postgres.ts';
import { tasksSet } from './scenarios/tasks.ts';
import { tasksCompactionSet } from './scenarios/tasks-compaction.ts';

export const DEFAULT_SET = 'tasks';

export const SCENARIO_SETS: ReadonlyMap<string, ScenarioSet> = new Map([
  [tasksSet.name, tasksSet],
  [forecastSet.name, forecastSet],
  [tasksLoginsSet.name, tasksLoginsSet],
  [tasksLoginFairnessSet.name, tasksLoginFairnessSet],
  [tasksPostgresSet.name, tasksPostgresSet],
  [tasksCompactionSet.name, tasksCompactionSet],
  [observabilitySet.name, observabilitySet],
  [limitSet.name, limitSet],
  [mswSet.name, mswSet],
  [requestPathSet.name, requestPathSet],
]);
