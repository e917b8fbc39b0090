import { Authenticate } from '../../application/tasks/authenticate.ts';
import { CreateTask } from '../../application/tasks/create-task.ts';
import { DeleteTask } from '../../application/tasks/delete-task.ts';
import { GetTask } from '../../application/tasks/get-task.ts';
import { ListTasks } from '../../application/tasks/list-tasks.ts';
import { Login } from '../../application/tasks/login.ts';
import { SignUp } from '../../application/tasks/sign-up.ts';
import { UpdateTask } from '../../application/tasks/update-task.ts';
import { createInMemoryTaskStore } from '../../adapters/persistence/memory/in-memory-task-store.ts';
import { FixedClock, PlainHasher, PlainTokens, SequentialIds } from './fakes.ts';

/** Every task use case over the in-memory store and instant fakes: what the unit tests drive. */
export function unitWorld() {
  const store = createInMemoryTaskStore();
  const clock = new FixedClock();
  const ids = new SequentialIds();
  const hasher = new PlainHasher();
  const tokens = new PlainTokens();
  return {
    store,
    clock,
    ids,
    hasher,
    tokens,
    signUp: new SignUp(store.users, hasher, tokens, ids),
    login: new Login(store.users, hasher, tokens),
    authenticate: new Authenticate(tokens, store.users),
    createTask: new CreateTask(store.tasks, ids, clock),
    listTasks: new ListTasks(store.tasks),
    getTask: new GetTask(store.tasks),
    updateTask: new UpdateTask(store.tasks, clock),
    deleteTask: new DeleteTask(store.tasks),
  };
}

type UnitWorld = ReturnType<typeof unitWorld>;

export async function userIn(world: UnitWorld, email = 'ada@example.com'): Promise<string> {
  const { user } = await world.signUp.execute({ name: 'Ada', email, password: 'correct horse' });
  return user.id;
}

/** A fresh world with one user holding one task made of `input`: where most single-task tests start. */
export async function worldWithTask(input: Parameters<UnitWorld['createTask']['execute']>[1]) {
  const w = unitWorld();
  const uid = await userIn(w);
  const task = await w.createTask.execute(uid, input);
  return { w, uid, task };
}
