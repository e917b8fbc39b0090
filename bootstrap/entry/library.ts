import type { TaskUseCases } from '../../application/tasks/index.ts';
import { createContainer } from '../composition/container.ts';
import type { ContainerOptions } from '../composition/container-options.ts';
import { startTaskService } from '../composition/start-up.ts';
import { errorsToConsole, libraryForecast } from './library-forecast.ts';
import type { TaskcastForecast } from './taskcast-forecast.ts';
import { TOKENS } from '../composition/tokens.ts';
import { disposable } from './disposable.ts';

// The inversify container (createContainer, TOKENS, startTaskService) is the composition's, not the
// library's: exported, its declarations load inversify's, which TypeScript 5.0 does not compile, and every
// binding would be public API. Every declaration this entry reaches is written without a package's types.
export type { ContainerOptions, StorageKind } from '../composition/container-options.ts';
export { createForecast, type ForecastOptions, type StandaloneForecast } from './forecast.ts';
export * from '../../domain/tasks/index.ts';
export type * from '../../application/tasks/index.ts';
export type { TaskcastForecast } from './taskcast-forecast.ts';
export * from './control-exports.ts';

export interface Taskcast {
  /** SignUp, Login, Authenticate, CreateTask, ListTasks, GetTask, UpdateTask, DeleteTask: one `execute` each. */
  readonly tasks: TaskUseCases;
  /** With `forecastProvider: 'embedded'` (or `upstream`): the forecast service in-process, and its test-double controls. */
  readonly forecast?: TaskcastForecast;
  /**
   * Flushes the store and releases its lock; a forecast fetch still pending rejects and its fault delay
   * stops. The object is also AsyncDisposable at run time (`Symbol.asyncDispose`, the same as close()).
   */
  close(): Promise<void>;
}

/** A Taskcast made with a forecast provider: its `forecast` is there, and typed so. */
export type TaskcastWithForecast = Taskcast & { readonly forecast: TaskcastForecast };

/** The use cases with the chosen adapters, and no HTTP. */
export async function createTaskcast(
  options: ContainerOptions & { readonly forecastProvider: 'embedded' | 'upstream' | 'replay' },
): Promise<TaskcastWithForecast>;
export async function createTaskcast(options?: ContainerOptions): Promise<Taskcast>;
export async function createTaskcast(options: ContainerOptions = {}): Promise<Taskcast> {
  const container = createContainer({ forecastProvider: false, ...options });
  const store = await startTaskService(container);
  const tasks = await container.getAsync(TOKENS.TaskUseCases);
  // The server's whole app (and with it prom-client and the rate limiters) loads only here, so importing
  // the package for createForecast alone does not pay for it.
  const inProcess = container.isBound(TOKENS.ForecastProvider)
    ? libraryForecast(
        {
          useCases: await container.getAsync(TOKENS.ForecastUseCases),
          controls: await container.getAsync(TOKENS.ForecastControls),
        },
        await (
          await import('../composition/http-app.ts')
        ).buildHttpApp(container, {
          authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
          log: errorsToConsole,
        }),
      )
    : undefined;
  return disposable({
    tasks,
    forecast: inProcess?.forecast,
    close: async () => {
      inProcess?.abandonPending(new Error('Taskcast was closed while this forecast request was pending'));
      await store.close();
    },
  });
}
