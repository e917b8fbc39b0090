import type { TaskStore } from '../task-store.ts';
import { StateTaskRepository, StateUserRepository } from './repositories.ts';
import { StoreState } from './store-state.ts';

const durableAtOnce = (): Promise<void> => Promise.resolve();

/** STORAGE=memory: nothing touches the disk. For tests and for embedding. */
export function createInMemoryTaskStore(): TaskStore {
  const state = new StoreState();
  return {
    users: new StateUserRepository(state, durableAtOnce),
    tasks: new StateTaskRepository(state, durableAtOnce),
    close: async () => {},
  };
}
