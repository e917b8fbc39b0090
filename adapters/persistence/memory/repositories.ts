import type { TaskRepository, UserRepository } from '../../../application/tasks/ports.ts';
import { selectRange, type TaskRange } from '../../../domain/tasks/paging.ts';
import { matchesFilter, type Task, type TaskFilter } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';
import type { StoreChange, StoreState } from './store-state.ts';

/**
 * Records a change that has already been applied to the state; resolves once it is durable.
 * In memory that is at once; the lowdb adapter resolves after the journal's group commit.
 */
export type Commit = (change: StoreChange) => Promise<void>;

// Changes are applied to the state synchronously, before the commit is awaited, so that check-and-set
// sequences (email uniqueness, read-modify-write of a task) are atomic on the event loop.

export class StateUserRepository implements UserRepository {
  constructor(private readonly state: StoreState, private readonly commit: Commit) {}

  async findById(id: string): Promise<User | undefined> {
    return this.state.usersById.get(id);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const id = this.state.userIdByEmail.get(email);
    return id === undefined ? undefined : this.state.usersById.get(id);
  }

  async addIfEmailFree(user: User): Promise<boolean> {
    if (this.state.userIdByEmail.has(user.email)) return false;
    const change: StoreChange = { kind: 'user', user };
    this.state.apply(change);
    await this.commit(change);
    return true;
  }
}

export class StateTaskRepository implements TaskRepository {
  constructor(private readonly state: StoreState, private readonly commit: Commit) {}

  async add(task: Task): Promise<void> {
    const change: StoreChange = { kind: 'task', task };
    this.state.apply(change);
    await this.commit(change);
  }

  async findOwned(userId: string, taskId: string): Promise<Task | undefined> {
    return this.state.tasksByUser.get(userId)?.get(taskId);
  }

  async listOwned(userId: string, filter: TaskFilter, range?: TaskRange): Promise<Task[]> {
    const own = this.state.tasksByUser.get(userId);
    if (!own) return [];
    const newestFirst = [...own.values()].reverse();
    if (range !== undefined) return selectRange(newestFirst, filter, range);
    return filter.status === undefined && filter.priority === undefined
      ? newestFirst
      : newestFirst.filter((task) => matchesFilter(task, filter));
  }

  async updateOwned(userId: string, taskId: string, change: (current: Task) => Task): Promise<Task | undefined> {
    const current = this.state.tasksByUser.get(userId)?.get(taskId);
    if (!current) return undefined;
    const next = change(current);
    const storeChange: StoreChange = { kind: 'task', task: next };
    this.state.apply(storeChange);
    await this.commit(storeChange);
    return next;
  }

  async removeOwned(userId: string, taskId: string): Promise<boolean> {
    if (!this.state.tasksByUser.get(userId)?.has(taskId)) return false;
    const change: StoreChange = { kind: 'delete-task', id: taskId };
    this.state.apply(change);
    await this.commit(change);
    return true;
  }
}
