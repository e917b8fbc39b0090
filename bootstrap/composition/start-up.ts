import type { Container } from 'inversify';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import { TOKENS } from './tokens.ts';

/**
 * The task service's start-up, in its order: open the store (which takes its lock, and may refuse to
 * start), then read or make the JWT secret beside it, so a refused start-up writes no secret file. This
 * used to be a dependency of the token service on the store that the token service never used, there only
 * to order the two; now it is this one step, which every caller of the task service (the library, the
 * server, buildHttpApp) takes before resolving a use case. Taking it again is harmless.
 */
export async function startTaskService(container: Container): Promise<TaskStore> {
  const store = await container.getAsync<TaskStore>(TOKENS.TaskStore);
  if (!container.isBound(TOKENS.JwtSecret))
    container.bind(TOKENS.JwtSecret).toConstantValue(container.get(TOKENS.JwtSecretSource)());
  return store;
}
