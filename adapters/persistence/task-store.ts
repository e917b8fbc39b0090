import type { TaskRepository, UserRepository } from '../../application/tasks/ports.ts';

/** What a storage adapter hands to the wiring: the two repositories and a way to flush and let go. */
export interface TaskStore {
  readonly users: UserRepository;
  readonly tasks: TaskRepository;
  /** Waits for pending writes to be durable, then releases files and locks. Idempotent. */
  close(): Promise<void>;
}
