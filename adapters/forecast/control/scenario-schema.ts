import * as v from 'valibot';
import type { AlertEvent } from '../embedded/weather/alert-events.ts';
import { INJECTABLE_EVENTS, SCENARIO_ALERTS_MAX } from '../embedded/weather/injected-alerts.ts';
import { CALENDAR_INSTANT_MESSAGE, clockInstant, isCalendarInstant } from './calendar-instant.ts';
import { RELATIVE_TIME } from './relative-time.ts';
import type { Scenario } from './scenario.ts';
import { ScenarioInvalid } from './scenario-invalid.ts';

export type { Scenario, ScenarioAlert, ScenarioFault, ScenarioWeather } from './scenario.ts';
export { ScenarioInvalid } from './scenario-invalid.ts';

/**
 * The scenario format, in one place: validation (with the path of the first mistake) and the published
 * JSON Schema (/_taskcast/scenario.schema.json) both come from this valibot schema.
 */

/**
 * A strict object whose unknown member is named as one, with the members it takes: valibot's own message,
 * "Invalid key: Expected never but received \"cout\"", read to users as a puzzle rather than a misspelling.
 */
function strictObject<const E extends v.ObjectEntries>(entries: E) {
  const members = Object.keys(entries).join(', ');
  return v.strictObject(entries, (issue) =>
    issue.expected === 'never'
      ? `unknown member ${issue.received}; the members here are ${members}`
      : `must be an object with ${members}`,
  );
}

const ISO_INSTANT = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})`;
const TIME_PATTERN = new RegExp(`^(?:${ISO_INSTANT}|${RELATIVE_TIME.source.slice(1, -1)})$`);

const time = v.pipe(
  v.string(),
  v.regex(TIME_PATTERN, 'must be an ISO 8601 instant, now, now±N{m,h,d} or today HH:MM±N{h,d}'),
  v.check(isCalendarInstant, CALENDAR_INSTANT_MESSAGE),
  v.description(
    'An ISO 8601 instant, "now", "now+45m", "now-2h", "now+1d", or "today 06:00+1d" (wall-clock time in the place\'s zone).',
  ),
);

const point = v.pipe(
  v.tuple(
    [
      v.pipe(
        v.number(),
        v.minValue(-90, 'latitude must be from -90 to 90'),
        v.maxValue(90, 'latitude must be from -90 to 90'),
      ),
      v.pipe(
        v.number(),
        v.minValue(-180, 'longitude must be from -180 to 180'),
        v.maxValue(180, 'longitude must be from -180 to 180'),
      ),
    ],
    'must be [latitude, longitude]',
  ),
  v.description('[latitude, longitude], as /points takes them.'),
);

const zoneId = v.pipe(v.string(), v.regex(/^[A-Z]{2}[ZC]\d{3}$/, 'must be a UGC zone id such as KSZ040'));
const state = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be a two-letter state or territory code such as KS'));
const percent = v.pipe(v.number(), v.minValue(0, 'must be from 0 to 100'), v.maxValue(100, 'must be from 0 to 100'));

type StormFigure = 'gustMph' | 'gustKnots' | 'rainInches';
type FigureInput = { readonly event: AlertEvent } & { readonly [F in StormFigure]?: number };

/** A storm warning's figure (an optional number from min to max). */
function figure([min, max]: readonly [number, number], least: string, description: string) {
  return v.optional(
    v.pipe(
      v.number(),
      v.minValue(min, `must be at least ${min}: ${least}`),
      v.maxValue(max, `must be at most ${max}`),
      v.description(description),
    ),
  );
}

/** A storm warning's figure is for the events it names. */
function figureOf<T extends FigureInput>(figure: StormFigure, events: readonly AlertEvent[]) {
  return v.check(
    (a: T) => a[figure] === undefined || events.includes(a.event),
    `${figure} is for ${events.join(' and ')} alone`,
  );
}

const alert = v.pipe(
  strictObject({
    event: v.picklist(
      INJECTABLE_EVENTS as [AlertEvent, ...AlertEvent[]],
      `must be one of the products the model issues: ${INJECTABLE_EVENTS.join(', ')}`,
    ),
    point: v.optional(point),
    zones: v.optional(v.pipe(v.array(zoneId), v.minLength(1, 'must name at least one zone'))),
    area: v.optional(state),
    sent: v.optional(time),
    onset: v.optional(time),
    ends: v.optional(time),
    expires: v.optional(time),
    headline: v.optional(v.string()),
    description: v.optional(v.string()),
    instruction: v.optional(v.string()),
    gustMph: figure(
      [58, 300],
      'a severe gust',
      "A Severe Thunderstorm or Tornado Warning's gust, mph: its place's weather has it while it runs (60 unless given).",
    ),
    gustKnots: figure(
      [34, 250],
      "a Special Marine Warning's gust",
      "A Special Marine Warning's gust, knots: its zone's weather has it while it runs (35 unless given).",
    ),
    // At most 12 inches an hour: the world's record is 12 in. in 42 minutes at Holt, Missouri, 22 June 1947
    // (305 mm, the WMO's world record for an hour, https://wmo.asu.edu).
    rainInches: figure(
      [0.25, 12],
      'a quarter inch, as the text rounds it',
      "A Flash Flood Warning's rain, inches an hour (1 unless given): the hour before it is sent and each hour it runs have that much in its area, and its text says the first has fallen and the others' sum is to come.",
    ),
  }),
  v.check(
    (a) => [a.point, a.zones, a.area].filter((x) => x !== undefined).length === 1,
    'an alert names exactly one of point, zones or area',
  ),
  figureOf('gustMph', ['Severe Thunderstorm Warning', 'Tornado Warning']),
  figureOf('gustKnots', ['Special Marine Warning']),
  figureOf('rainInches', ['Flash Flood Warning']),
  v.description(
    "An alert to issue, as a complete CAP alert like the model's own. sent defaults to onset or now; onset to sent; ends to the product's usual length; expires to ends.",
  ),
);

const weatherArea = v.union(
  [
    strictObject({
      point,
      radiusKm: v.pipe(v.number(), v.minValue(0.1, 'must be at least 0.1'), v.maxValue(2000, 'must be at most 2000')),
    }),
    strictObject({ zones: v.pipe(v.array(zoneId), v.minLength(1, 'must name at least one zone')) }),
    strictObject({ state }),
  ],
  'must be {point, radiusKm}, {zones} or {state}',
);

const weatherSet = v.pipe(
  strictObject({
    precipitation: v.optional(
      v.picklist(
        ['none', 'rain', 'snow', 'sleet', 'freezing rain', 'thunderstorms'],
        'must be none, rain, snow, sleet, freezing rain or thunderstorms',
      ),
    ),
    probabilityOfPrecipitation: v.optional(v.pipe(percent, v.description('percent'))),
    temperature: v.optional(v.pipe(v.number(), v.minValue(-80), v.maxValue(140), v.description('°F'))),
    dewpoint: v.optional(v.pipe(v.number(), v.minValue(-80), v.maxValue(100), v.description('°F'))),
    windSpeed: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(250), v.description('mph'))),
    windGust: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(300), v.description('mph'))),
    windDirection: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(360), v.description('degrees, where the wind comes from')),
    ),
    skyCover: v.optional(v.pipe(percent, v.description('percent'))),
    visibility: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100), v.description('statute miles'))),
  }),
  v.check((s) => Object.keys(s).length > 0, 'must set at least one quantity'),
  v.description('What the model says instead, in the units of the default (us) forecast: °F, mph, miles, percent.'),
);

const weather = strictObject({
  area: weatherArea,
  from: time,
  to: time,
  set: weatherSet,
});

const fault = v.pipe(
  strictObject({
    path: v.pipe(
      v.string(),
      v.regex(/^\//, 'must start with /'),
      v.maxLength(1000, 'must be at most 1000 characters'),
      v.description(
        'A path glob: * matches within one segment, ** across segments; a trailing * matches the rest (/alerts/active*).',
      ),
    ),
    method: v.optional(v.picklist(['GET', 'HEAD'])),
    status: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(200, 'must be an HTTP status, 200 to 599'),
        v.maxValue(599, 'must be an HTTP status, 200 to 599'),
      ),
    ),
    body: v.optional(
      v.pipe(
        v.string(),
        v.description(
          'The body to answer instead, as it is: a malformed or truncated document, or any text (status 200 unless set).',
        ),
      ),
    ),
    contentType: v.optional(v.pipe(v.string(), v.description('With body: its Content-Type (application/geo+json).'))),
    networkError: v.optional(
      v.pipe(v.literal(true), v.description('No answer: the connection drops, and fetch rejects with a TypeError.')),
    ),
    retryAfter: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(86_400, 'must be at most 86400'),
        v.description("Seconds, sent as Retry-After on the fault's answer (a 429, a 503, a 2xx with a body)."),
      ),
    ),
    problem: v.optional(
      v.picklist(
        ['ForecastGridExpired', 'UnexpectedProblem', 'UnavailableWebService'],
        'must be ForecastGridExpired, UnexpectedProblem or UnavailableWebService',
      ),
    ),
    html: v.optional(v.literal(true)),
    delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000, 'must be at most 120000'))),
    count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'must be at least 1'))),
    rate: v.optional(v.pipe(v.number(), v.minValue(0, 'must be from 0 to 1'), v.maxValue(1, 'must be from 0 to 1'))),
  }),
  v.check(
    (f) =>
      f.status !== undefined ||
      f.problem !== undefined ||
      f.html !== undefined ||
      f.delayMs !== undefined ||
      f.body !== undefined ||
      f.networkError !== undefined,
    'a fault sets a status, problem, html, body, networkError or delayMs',
  ),
  v.check((f) => !(f.html && f.problem), 'a fault is either html or a problem, not both'),
  v.check(
    (f) => f.body === undefined || (f.html === undefined && f.problem === undefined),
    'a fault with a body answers that body: not html or a problem as well',
  ),
  v.check(
    (f) => !f.networkError || (f.status ?? f.problem ?? f.html ?? f.body ?? f.retryAfter) === undefined,
    'a network error has no answer: no status, problem, html, body or retryAfter',
  ),
  v.check((f) => f.status === undefined || f.status >= 400 || f.body !== undefined, 'a 2xx or 3xx status needs a body'),
  v.check((f) => f.contentType === undefined || f.body !== undefined, 'contentType goes with a body'),
  v.description(
    "A failure on matching forecast requests: the real problem+json (ForecastGridExpired, UnexpectedProblem; status defaults to theirs) or the CDN's HTML page (html), and/or added latency; limited to the first count matches and/or a share (rate) of them.",
  ),
);

export const scenarioSchema = strictObject({
  $schema: v.optional(v.string()),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  description: v.optional(v.string()),
  clock: v.optional(v.pipe(clockInstant(), v.description('Sets the forecast clock (frozen) when the scenario loads.'))),
  alerts: v.optional(
    v.pipe(
      v.array(alert),
      v.maxLength(
        SCENARIO_ALERTS_MAX,
        `must hold at most ${SCENARIO_ALERTS_MAX} alerts: each takes an event tracking number of its own, 9600 to 9999`,
      ),
    ),
  ),
  weather: v.optional(v.array(weather)),
  faults: v.optional(v.array(fault)),
  modelAlerts: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "false: the model issues no alerts of its own while the scenario is in force, so the lists hold the scenario's alerts alone (none, to assert an empty list on any date).",
      ),
    ),
  ),
});

/** The scenario, validated; the first mistake as a ScenarioInvalid. */
export function parseScenario(input: unknown): Scenario {
  // valibot's object schemas take arrays for objects.
  if (Array.isArray(input)) throw new ScenarioInvalid('', 'must be a JSON object, not an array');
  const result = v.safeParse(scenarioSchema, input);
  // The written-out type says in its shape what the schema's checks say in code (one place per alert).
  if (result.success) return result.output as Scenario;
  const issue = result.issues[0];
  throw new ScenarioInvalid(pathOf(issue), issue.message);
}

/** `alerts[0].onset`: keys dotted, indexes bracketed, as jq and JSONPath users read them. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
