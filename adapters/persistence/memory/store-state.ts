import type { Task } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';

/** One change to the store: the unit that the lowdb adapter journals and replays. Replaying is idempotent. */
export type StoreChange =
  | { readonly kind: 'user'; readonly user: User }
  | { readonly kind: 'task'; readonly task: Task }
  | { readonly kind: 'delete-task'; readonly id: string };

export interface StoreDocument {
  readonly format: 'taskcast-tasks/1';
  readonly users: User[];
  /** In creation order, which is also the list order (reversed). */
  readonly tasks: Task[];
}

/**
 * The indexed in-memory state behind both storage adapters. Maps keep insertion order and keep a key's
 * position when its value is replaced, so a user's map is their tasks in creation order: listing is
 * O(tasks of that user) and needs no sort, and equal timestamps keep their creation order.
 */
export class StoreState {
  readonly usersById = new Map<string, User>();
  readonly userIdByEmail = new Map<string, string>();
  readonly tasksById = new Map<string, Task>();
  readonly tasksByUser = new Map<string, Map<string, Task>>();

  apply(change: StoreChange): void {
    switch (change.kind) {
      case 'user': {
        this.usersById.set(change.user.id, change.user);
        this.userIdByEmail.set(change.user.email, change.user.id);
        return;
      }
      case 'task': {
        const task = change.task;
        this.tasksById.set(task.id, task);
        let own = this.tasksByUser.get(task.user_id);
        if (!own) this.tasksByUser.set(task.user_id, (own = new Map()));
        own.set(task.id, task);
        return;
      }
      case 'delete-task': {
        const task = this.tasksById.get(change.id);
        if (!task) return;
        this.tasksById.delete(change.id);
        this.tasksByUser.get(task.user_id)?.delete(change.id);
        return;
      }
    }
  }

  toDocument(): StoreDocument {
    return { format: 'taskcast-tasks/1', users: [...this.usersById.values()], tasks: [...this.tasksById.values()] };
  }

  static fromDocument(doc: StoreDocument): StoreState {
    const state = new StoreState();
    for (const user of doc.users) state.apply({ kind: 'user', user });
    for (const task of doc.tasks) state.apply({ kind: 'task', task });
    return state;
  }
}
