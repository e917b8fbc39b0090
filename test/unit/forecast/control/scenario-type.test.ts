import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as v from 'valibot';
import type {
  AlertEvent,
  Scenario,
  ScenarioAlert,
  ScenarioFault,
  ScenarioWeather,
} from '../../../../adapters/forecast/control/scenario.ts';
import { ScenarioInvalid } from '../../../../adapters/forecast/control/scenario-invalid.ts';
import { parseScenario, type scenarioSchema } from '../../../../adapters/forecast/control/scenario-schema.ts';
import { ALERT_EVENT_TYPES } from '../../../../adapters/forecast/embedded/alerts/alert-resources.ts';
import { HAZARD_RULES } from '../../../../adapters/forecast/embedded/weather/alert-rules.ts';
import { MARINE_HAZARD_RULES } from '../../../../adapters/forecast/embedded/weather/marine-alert-rules.ts';
import { INJECTABLE_EVENTS } from '../../../../adapters/forecast/embedded/weather/injected-alerts.ts';
import { STORM_EVENTS } from '../../../../adapters/forecast/embedded/weather/storm-warnings.ts';

/**
 * The written-out Scenario type (adapters/forecast/control/scenario.ts, what the package publishes) against
 * the valibot schema that validates documents, and its AlertEvent union against the products the model
 * issues. The type-level checks fail `npm run typecheck`; the tests fail at run time.
 */

/** Each member of the AlertEvent union once: a member left out, or one the union lacks, does not compile. */
const UNION: Record<AlertEvent, true> = {
  'Extreme Heat Warning': true,
  'Heat Advisory': true,
  'High Wind Warning': true,
  'Wind Advisory': true,
  'Freeze Warning': true,
  'Frost Advisory': true,
  'Winter Storm Warning': true,
  'Winter Weather Advisory': true,
  'Extreme Cold Warning': true,
  'Cold Weather Advisory': true,
  'Flood Watch': true,
  'Dense Fog Advisory': true,
  'Small Craft Advisory': true,
  'Gale Warning': true,
  'Storm Warning': true,
  'Hurricane Force Wind Warning': true,
  'Gale Watch': true,
  'Storm Watch': true,
  'Hurricane Force Wind Watch': true,
  'Heavy Freezing Spray Warning': true,
  'Freezing Spray Advisory': true,
  'Severe Thunderstorm Warning': true,
  'Tornado Warning': true,
  'Flash Flood Warning': true,
  'Special Marine Warning': true,
};

test('the AlertEvent union is exactly the products the model issues', () => {
  // Every alert the model builds takes its event from a zone-based hazard rule, a marine one or a storm rule.
  const zoneRules = [...HAZARD_RULES, ...MARINE_HAZARD_RULES];
  const issued = [...new Set<string>([...zoneRules.map((rule) => rule.event), ...STORM_EVENTS])].sort();
  assert.deepEqual(Object.keys(UNION).sort(), issued);
  // What a scenario may inject and what /alerts/types lists are the same products.
  assert.deepEqual([...INJECTABLE_EVENTS].sort(), issued);
  assert.deepEqual([...ALERT_EVENT_TYPES].sort(), issued);
});

type Writable<T> = T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type SchemaInput = v.InferInput<typeof scenarioSchema>;
type SchemaOutput = v.InferOutput<typeof scenarioSchema>;
type Item<T> = NonNullable<T> extends readonly (infer E)[] ? E : never;
type Fits<A extends B, B> = [A, B];
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type AlertPlace = 'point' | 'zones' | 'area';

/** Every scenario the type admits has the schema's shape (its ranges and patterns are checked on loading). */
export type TypedScenariosHaveTheSchemasShape = Fits<Writable<Scenario>, SchemaInput>;
/** What the schema lets through fits the type, but for one place per alert, which the schema checks in code. */
export type ParsedScenariosFitTheType = [
  Fits<Omit<SchemaOutput, 'alerts'>, Omit<Scenario, 'alerts'>>,
  Fits<Omit<Item<SchemaOutput['alerts']>, AlertPlace>, Omit<ScenarioAlert, AlertPlace>>,
];
/** No field of the schema is missing from the type, nor the other way round. */
const SAME_FIELDS: [
  SameKeys<SchemaOutput, Scenario>,
  SameKeys<Item<SchemaOutput['alerts']>, ScenarioAlert>,
  SameKeys<Item<SchemaOutput['weather']>, ScenarioWeather>,
  SameKeys<Item<SchemaOutput['weather']>['set'], ScenarioWeather['set']>,
  SameKeys<Item<SchemaOutput['faults']>, ScenarioFault>,
] = [true, true, true, true, true];

test('a scenario the type admits loads as it was written', () => {
  assert.ok(SAME_FIELDS.every(Boolean));
  const scenario: Scenario = {
    name: 'typed',
    clock: '2026-05-20T21:00:00Z',
    alerts: [
      { event: 'Tornado Warning', point: [39.7456, -97.0892], onset: 'now', ends: 'now+45m' },
      { event: 'Heat Advisory', zones: ['KSZ040'] },
      { event: 'Flood Watch', area: 'KS' },
    ],
    weather: [{ area: { state: 'KS' }, from: 'now', to: 'now+6h', set: { precipitation: 'snow', temperature: 20 } }],
    faults: [{ path: '/alerts/active*', status: 503, count: 1 }],
    modelAlerts: false,
  };
  assert.deepEqual(parseScenario(scenario), scenario);
});

test('what the type refuses, the schema refuses', () => {
  const refused: Scenario[] = [
    // @ts-expect-error: not a product the model issues
    { alerts: [{ event: 'Zombie Warning', point: [39.7, -97.1] }] },
    // @ts-expect-error: an alert names exactly one place
    { alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], zones: ['KSZ040'] }] },
    // @ts-expect-error: an alert names a place
    { alerts: [{ event: 'Tornado Warning' }] },
    // @ts-expect-error: no such field
    { alerts: [], clockRate: 1 },
    // @ts-expect-error: a fault's method is GET or HEAD
    { faults: [{ path: '/points/*', status: 500, method: 'POST' }] },
  ];
  for (const scenario of refused) assert.throws(() => parseScenario(scenario), ScenarioInvalid);
});
