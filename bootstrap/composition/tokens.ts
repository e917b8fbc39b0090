import type { TaskUseCases } from '../../application/tasks/index.ts';
import type { Authenticate } from '../../application/tasks/authenticate.ts';
import type { CreateTask } from '../../application/tasks/create-task.ts';
import type { DeleteTask } from '../../application/tasks/delete-task.ts';
import type { GetTask } from '../../application/tasks/get-task.ts';
import type { ListTasks } from '../../application/tasks/list-tasks.ts';
import type { Login } from '../../application/tasks/login.ts';
import type {
  Clock,
  IdGenerator,
  PasswordHasher,
  TaskRepository,
  TokenService,
  UserRepository,
} from '../../application/tasks/ports.ts';
import type { SignUp } from '../../application/tasks/sign-up.ts';
import type { UpdateTask } from '../../application/tasks/update-task.ts';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import type { ServiceIdentifier } from 'inversify';
import type { ForecastProvider, ForecastUseCases } from '../../application/forecast/index.ts';
import type { ForecastControls } from '../../adapters/forecast/control/forecast-controls.ts';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`taskcast.${name}`);

/** Every injection token, defined once. Ports and use cases are bound to these, never to classes. */
export const TOKENS = {
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  TokenService: token<TokenService>('TokenService'),
  /** Reads or makes the JWT secret; called once by the start-up step, after the store has opened. */
  JwtSecretSource: token<() => string>('JwtSecretSource'),
  /** The JWT secret, bound by startTaskService: resolving the token service before it is an error. */
  JwtSecret: token<string>('JwtSecret'),
  TaskStore: token<TaskStore>('TaskStore'),
  UserRepository: token<UserRepository>('UserRepository'),
  TaskRepository: token<TaskRepository>('TaskRepository'),
  SignUp: token<SignUp>('SignUp'),
  Login: token<Login>('Login'),
  Authenticate: token<Authenticate>('Authenticate'),
  CreateTask: token<CreateTask>('CreateTask'),
  ListTasks: token<ListTasks>('ListTasks'),
  GetTask: token<GetTask>('GetTask'),
  UpdateTask: token<UpdateTask>('UpdateTask'),
  DeleteTask: token<DeleteTask>('DeleteTask'),
  TaskUseCases: token<TaskUseCases>('TaskUseCases'),
  ForecastProvider: token<ForecastProvider>('ForecastProvider'),
  ForecastUseCases: token<ForecastUseCases>('ForecastUseCases'),
  /** The forecast's own clock and scenario (test-double controls); the task service keeps Clock. */
  ForecastControls: token<ForecastControls>('ForecastControls'),
} as const;
