import type * as Tasks from '../../application/tasks/index.ts';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import type { ServiceIdentifier } from 'inversify';
import type { ForecastProvider, ForecastUseCases } from '../../application/forecast/index.ts';
import type { ForecastControls } from '../../adapters/forecast/control/forecast-controls.ts';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`taskcast.${name}`);

/** Every injection token, defined once. Ports and use cases are bound to these, never to classes. */
export const TOKENS = {
  Clock: token<Tasks.Clock>('Clock'),
  IdGenerator: token<Tasks.IdGenerator>('IdGenerator'),
  PasswordHasher: token<Tasks.PasswordHasher>('PasswordHasher'),
  TokenService: token<Tasks.TokenService>('TokenService'),
  /** Reads or makes the JWT secret; called once by the start-up step, after the store has opened. */
  JwtSecretSource: token<() => string>('JwtSecretSource'),
  /** The JWT secret, bound by startTaskService: resolving the token service before it is an error. */
  JwtSecret: token<string>('JwtSecret'),
  TaskStore: token<TaskStore>('TaskStore'),
  UserRepository: token<Tasks.UserRepository>('UserRepository'),
  TaskRepository: token<Tasks.TaskRepository>('TaskRepository'),
  SignUp: token<Tasks.SignUp>('SignUp'),
  Login: token<Tasks.Login>('Login'),
  Authenticate: token<Tasks.Authenticate>('Authenticate'),
  CreateTask: token<Tasks.CreateTask>('CreateTask'),
  ListTasks: token<Tasks.ListTasks>('ListTasks'),
  GetTask: token<Tasks.GetTask>('GetTask'),
  UpdateTask: token<Tasks.UpdateTask>('UpdateTask'),
  DeleteTask: token<Tasks.DeleteTask>('DeleteTask'),
  TaskUseCases: token<Tasks.TaskUseCases>('TaskUseCases'),
  ForecastProvider: token<ForecastProvider>('ForecastProvider'),
  ForecastUseCases: token<ForecastUseCases>('ForecastUseCases'),
  /** The forecast's own clock and scenario (test-double controls); the task service keeps Clock. */
  ForecastControls: token<ForecastControls>('ForecastControls'),
} as const;
