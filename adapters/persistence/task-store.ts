import type { TaskRepository, UserRepository } from '../../application/tasks/ports.ts';
import type { DependencyState } from '../shared/readiness.ts';

/** What a storage adapter hands to the wiring: the two repositories and a way to flush and let go. */
export interface TaskStore {
  readonly users: UserRepository;
  readonly tasks: TaskRepository;
  /** Whether the store can take writes now (for GET /ready); a store that failed probes its disk again. */
  readiness(): Promise<DependencyState>;
  /** Waits for pending writes to be durable, then releases files and locks. Idempotent. */
  close(): Promise<void>;
}
