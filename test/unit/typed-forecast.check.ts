/**
 * Type-checked by `npm run typecheck` (tsc), never run: createTaskcast's `forecast` is there, typed so,
 * when a forecast provider is asked for, and optional otherwise. (Before, `.forecast!` was needed.)
 */
import { createTaskcast } from '../../bootstrap/entry/library.ts';

export async function typedForecast(): Promise<void> {
  const withForecast = await createTaskcast({ forecastProvider: 'embedded' });
  withForecast.forecast.setClock('2026-05-20T21:00:00Z');
  const tasksOnly = await createTaskcast({ storage: 'memory' });
  // @ts-expect-error: no provider asked for, so forecast may be absent
  tasksOnly.forecast.setClock('2026-05-20T21:00:00Z');
}
