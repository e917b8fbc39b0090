import type { TaskStore } from '../task-store.ts';
import { KeyedReservations, StateTaskRepository, StateUserRepository, type Commit } from './repositories.ts';
import { StoreState } from './store-state.ts';

/** STORAGE=memory: nothing touches the disk. For tests and for embedding. */
export function createInMemoryTaskStore(): TaskStore {
  const state = new StoreState();
  // Durable at once: the change is visible as soon as it is made.
  const commit: Commit = async (change) => {
    state.apply(change);
  };
  const reservations = new KeyedReservations();
  return {
    users: new StateUserRepository(state, commit, reservations),
    tasks: new StateTaskRepository(state, commit, reservations),
    readiness: async () => ({ ok: true }),
    close: async () => {},
  };
}
