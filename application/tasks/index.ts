export * from './ports.ts';
export { SignUp, type SignUpInput, type Session } from './sign-up.ts';
export { Login, type LoginInput } from './login.ts';
export { Authenticate } from './authenticate.ts';
export { CreateTask, type CreatedTask, type CreateTaskOptions, type IdempotencyRequest } from './create-task.ts';
export { ListTasks } from './list-tasks.ts';
export { GetTask } from './get-task.ts';
export { UpdateTask } from './update-task.ts';
export { DeleteTask } from './delete-task.ts';

import type { Authenticate } from './authenticate.ts';
import type { CreateTask } from './create-task.ts';
import type { DeleteTask } from './delete-task.ts';
import type { GetTask } from './get-task.ts';
import type { ListTasks } from './list-tasks.ts';
import type { Login } from './login.ts';
import type { SignUp } from './sign-up.ts';
import type { UpdateTask } from './update-task.ts';

/** The task context's use cases, as the adapters that drive them receive them. */
export interface TaskUseCases {
  readonly signUp: SignUp;
  readonly login: Login;
  readonly authenticate: Authenticate;
  readonly createTask: CreateTask;
  readonly listTasks: ListTasks;
  readonly getTask: GetTask;
  readonly updateTask: UpdateTask;
  readonly deleteTask: DeleteTask;
}
