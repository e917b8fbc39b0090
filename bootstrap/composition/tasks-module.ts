import { ContainerModule } from 'inversify';
import { Authenticate } from '../../application/tasks/authenticate.ts';
import { CreateTask } from '../../application/tasks/create-task.ts';
import { DeleteTask } from '../../application/tasks/delete-task.ts';
import { GetTask } from '../../application/tasks/get-task.ts';
import { ListTasks } from '../../application/tasks/list-tasks.ts';
import { Login } from '../../application/tasks/login.ts';
import type {
  Clock,
  IdGenerator,
  PasswordHasher,
  TaskRepository,
  TokenService,
  UserRepository,
} from '../../application/tasks/ports.ts';
import { SignUp } from '../../application/tasks/sign-up.ts';
import { UpdateTask } from '../../application/tasks/update-task.ts';
import type { TaskUseCases } from '../../application/tasks/index.ts';
import { JoseTokenService } from '../../adapters/crypto/jose-token-service.ts';
import { createInMemoryTaskStore } from '../../adapters/persistence/memory/in-memory-task-store.ts';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import { SystemClock } from '../../adapters/system/system-clock.ts';
import { UuidIdGenerator } from '../../adapters/system/uuid-id-generator.ts';
import type { StorageKind } from './container-options.ts';
import { TOKENS } from './tokens.ts';

export type { StorageKind } from './container-options.ts';

export interface TasksModuleOptions {
  readonly storage: StorageKind;
  readonly dbPath: string;
  /** With storage `postgres`. */
  readonly postgres?: { readonly url: string; readonly poolSize?: number };
  /** Called once, by startTaskService after the store has opened (a refused start-up writes no secret file). */
  readonly jwtSecret: () => string;
  readonly bcryptCost: number;
  /** MAX_TASKS_PER_USER (0: none); the use case's default when unset. */
  readonly maxTasksPerUser?: number;
  readonly log: (message: string) => void;
  /** The lowdb store's group-commit observer (metrics). */
  readonly onStoreBatch?: (entries: number, syncMs: number) => void;
  /** With lowdb: how many group commits may be in flight at once (2 by default). */
  readonly journalDepth?: number;
}

/**
 * The task context's wiring: each port to one adapter, each use case to its ports. The use cases are plain
 * classes; only this file knows how they are built.
 */
export function tasksModule(options: TasksModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.Clock).toConstantValue(new SystemClock());
    bind(TOKENS.IdGenerator).toConstantValue(new UuidIdGenerator());
    // bcrypt is native code, loaded when a password is first hashed or checked, never by a forecast-only use.
    bind(TOKENS.PasswordHasher).toResolvedValue(async () => {
      const { BcryptPasswordHasher } = await import('../../adapters/crypto/bcrypt-password-hasher.ts');
      return new BcryptPasswordHasher(options.bcryptCost);
    });
    // The secret is bound by startTaskService (start-up.ts), once the store has opened.
    bind(TOKENS.JwtSecretSource).toConstantValue(options.jwtSecret);
    bind(TOKENS.TokenService).toResolvedValue(
      (clock: Clock, secret: string) => new JoseTokenService(secret, clock),
      [TOKENS.Clock, TOKENS.JwtSecret],
    );
    bind(TOKENS.TaskStore).toResolvedValue(() => openStore(options));
    bind(TOKENS.UserRepository).toResolvedValue((store: TaskStore) => store.users, [TOKENS.TaskStore]);
    bind(TOKENS.TaskRepository).toResolvedValue((store: TaskStore) => store.tasks, [TOKENS.TaskStore]);

    bind(TOKENS.SignUp).toResolvedValue(
      (users: UserRepository, hasher: PasswordHasher, tokens: TokenService, ids: IdGenerator) =>
        new SignUp(users, hasher, tokens, ids),
      [TOKENS.UserRepository, TOKENS.PasswordHasher, TOKENS.TokenService, TOKENS.IdGenerator],
    );
    bind(TOKENS.Login).toResolvedValue(
      (users: UserRepository, hasher: PasswordHasher, tokens: TokenService) => new Login(users, hasher, tokens),
      [TOKENS.UserRepository, TOKENS.PasswordHasher, TOKENS.TokenService],
    );
    bind(TOKENS.Authenticate).toResolvedValue(
      (tokens: TokenService, users: UserRepository) => new Authenticate(tokens, users),
      [TOKENS.TokenService, TOKENS.UserRepository],
    );
    bind(TOKENS.CreateTask).toResolvedValue(
      (tasks: TaskRepository, ids: IdGenerator, clock: Clock) =>
        new CreateTask(tasks, ids, clock, { maxTasksPerUser: options.maxTasksPerUser }),
      [TOKENS.TaskRepository, TOKENS.IdGenerator, TOKENS.Clock],
    );
    bind(TOKENS.ListTasks).toResolvedValue((tasks: TaskRepository) => new ListTasks(tasks), [TOKENS.TaskRepository]);
    bind(TOKENS.GetTask).toResolvedValue((tasks: TaskRepository) => new GetTask(tasks), [TOKENS.TaskRepository]);
    bind(TOKENS.UpdateTask).toResolvedValue(
      (tasks: TaskRepository, clock: Clock) => new UpdateTask(tasks, clock),
      [TOKENS.TaskRepository, TOKENS.Clock],
    );
    bind(TOKENS.DeleteTask).toResolvedValue((tasks: TaskRepository) => new DeleteTask(tasks), [TOKENS.TaskRepository]);

    bind(TOKENS.TaskUseCases).toResolvedValue(
      (
        signUp: SignUp,
        login: Login,
        authenticate: Authenticate,
        createTask: CreateTask,
        listTasks: ListTasks,
        getTask: GetTask,
        updateTask: UpdateTask,
        deleteTask: DeleteTask,
      ): TaskUseCases => ({ signUp, login, authenticate, createTask, listTasks, getTask, updateTask, deleteTask }),
      [
        TOKENS.SignUp,
        TOKENS.Login,
        TOKENS.Authenticate,
        TOKENS.CreateTask,
        TOKENS.ListTasks,
        TOKENS.GetTask,
        TOKENS.UpdateTask,
        TOKENS.DeleteTask,
      ],
    );
  });
}

/**
 * The lowdb and PostgreSQL stores are imported only when chosen: each pulls in its packages (pg costs about
 * 0.1 s to load), which a memory store, the library's default and the test runner doubles', never needs.
 */
async function openStore(options: TasksModuleOptions): Promise<TaskStore> {
  switch (options.storage) {
    case 'memory':
      return createInMemoryTaskStore();
    case 'lowdb': {
      const { openLowdbTaskStore } = await import('../../adapters/persistence/lowdb/lowdb-task-store.ts');
      return openLowdbTaskStore(options.dbPath, {
        log: options.log,
        onBatch: options.onStoreBatch,
        journalDepth: options.journalDepth,
      });
    }
    case 'postgres': {
      if (!options.postgres) throw new Error('storage postgres needs the database URL.');
      const [{ createPgSqlClient }, { openPostgresTaskStore }] = await Promise.all([
        import('../../adapters/persistence/postgres/pg-sql-client.ts'),
        import('../../adapters/persistence/postgres/postgres-task-store.ts'),
      ]);
      const client = createPgSqlClient({
        connectionString: options.postgres.url,
        poolSize: options.postgres.poolSize,
        log: options.log,
      });
      return openPostgresTaskStore(client, { log: options.log });
    }
  }
}
