import { toJsonSchema } from '@valibot/to-json-schema';
import { scenarioSchema } from './scenario-schema.ts';

let cached: Record<string, unknown> | undefined;

/** The scenario format as JSON Schema (draft-07), generated from the valibot schema that validates it. */
export function scenarioJsonSchema(): Record<string, unknown> {
  cached ??= {
    ...toJsonSchema(scenarioSchema, { errorMode: 'ignore' }),
    $id: 'https://taskcast.invalid/_taskcast/scenario.schema.json',
    title: 'Taskcast forecast scenario',
  } as Record<string, unknown>;
  return cached;
}
