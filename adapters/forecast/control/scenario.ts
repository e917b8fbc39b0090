import type { AlertEvent } from '../embedded/weather/alert-events.ts';
import type { WeatherSettings } from '../embedded/weather/weather-override.ts';

/**
 * The scenario format as a TypeScript type, written out: what `loadScenario` takes and returns, so an inline
 * scenario is checked as it is typed. The schema that validates documents (scenario-schema.ts, and the
 * JSON Schema made from it) is valibot's; a type inferred from it would make the published declarations
 * load valibot's own, which older TypeScript versions do not compile. test/unit/forecast/control/scenario-type.test.ts
 * keeps the two in step. Ranges, patterns and the rules across fields are checked when a scenario loads.
 */
export interface Scenario {
  readonly $schema?: string;
  /** At most 200 characters. */
  readonly name?: string;
  readonly description?: string;
  /** Sets the forecast clock (frozen) when the scenario loads: an ISO 8601 instant with a zone. */
  readonly clock?: string;
  readonly alerts?: readonly ScenarioAlert[];
  readonly weather?: readonly ScenarioWeather[];
  readonly faults?: readonly ScenarioFault[];
  /**
   * false: the model issues no alerts of its own while the scenario is in force, so the lists hold the
   * scenario's alerts alone (none, to assert an empty list on any date).
   */
  readonly modelAlerts?: boolean;
}

/**
 * An ISO 8601 instant, `now`, `now+45m`, `now-2h`, `now+1d`, or `today 06:00+1d` (wall-clock time in the
 * place's zone).
 */
export type ScenarioTime = string;

/** [latitude, longitude], as /points takes them. */
export type ScenarioPoint = readonly [latitude: number, longitude: number];

/** A UGC forecast zone id such as KSZ040. */
export type ScenarioZoneId = string;

export type { AlertEvent };

/**
 * An alert to issue, as a complete CAP alert like the model's own, at exactly one of a point, zones or a
 * state (`area`). sent defaults to onset or now; onset to sent; ends to the product's usual length; expires
 * to ends.
 */
export type ScenarioAlert = ScenarioAlertText &
  (
    | { readonly point: ScenarioPoint; readonly zones?: never; readonly area?: never }
    | { readonly zones: readonly ScenarioZoneId[]; readonly point?: never; readonly area?: never }
    | { readonly area: string; readonly point?: never; readonly zones?: never }
  );

interface ScenarioAlertText {
  /** One of the products the model issues. */
  readonly event: AlertEvent;
  readonly sent?: ScenarioTime;
  readonly onset?: ScenarioTime;
  readonly ends?: ScenarioTime;
  readonly expires?: ScenarioTime;
  readonly headline?: string;
  readonly description?: string;
  readonly instruction?: string;
  /**
   * A Severe Thunderstorm or Tornado Warning's gust, mph (58 to 300): its place's weather has it while it runs,
   * and its text quotes it. 60 unless given; the scenario's `weather`, where it sets the gust, wins.
   */
  readonly gustMph?: number;
  /** A Special Marine Warning's gust, knots (34 to 250), as gustMph. 35 unless given. */
  readonly gustKnots?: number;
  /**
   * A Flash Flood Warning's rain, inches an hour (0.25 to 12): the hour before it is sent and each hour it runs
   * have that much in its area, and its text says the first has fallen and the others' sum is to come ("Up to 1
   * inch of rain has fallen. Additional rainfall amounts up to 3 inches…"). 1 unless given; the scenario's
   * `weather`, where it sets precipitation, wins, and the text quotes the grid it leaves.
   */
  readonly rainInches?: number;
}

/** What the model says instead, over an area and a time. */
export interface ScenarioWeather {
  /** A circle (radiusKm from 0.1 to 2000), forecast zones, or a two-letter state code. */
  readonly area:
    | { readonly point: ScenarioPoint; readonly radiusKm: number }
    | { readonly zones: readonly ScenarioZoneId[] }
    | { readonly state: string };
  readonly from: ScenarioTime;
  readonly to: ScenarioTime;
  readonly set: ScenarioWeatherSet;
}

/**
 * At least one quantity, in the units of the default (us) forecast: °F, mph, miles, percent. The model's own
 * override settings, so what a scenario may set and what the model applies are one list.
 */
export type ScenarioWeatherSet = WeatherSettings;

/**
 * A failure on matching forecast requests: the real problem+json or the CDN's HTML page, a body of your
 * own, a dropped connection, and/or added latency; limited to the first `count` matches and/or a share
 * (`rate`) of them. It sets at least one of status, problem, html, body, networkError or delayMs.
 */
export interface ScenarioFault {
  /** A path glob: * matches within one segment, ** across segments; a trailing * matches the rest (/alerts/active*). */
  readonly path: string;
  readonly method?: 'GET' | 'HEAD';
  /** An HTTP status, 200 to 599 (a 2xx or 3xx needs a body). */
  readonly status?: number;
  /** The body to answer instead, as it is: a malformed or truncated document, or any text (status 200 unless set). */
  readonly body?: string;
  /** With body: its Content-Type (application/geo+json). */
  readonly contentType?: string;
  /** No answer: the connection drops, and fetch rejects with a TypeError. */
  readonly networkError?: true;
  /** Seconds (0 to 86400), sent as Retry-After on the fault's answer. */
  readonly retryAfter?: number;
  readonly problem?: 'ForecastGridExpired' | 'UnexpectedProblem' | 'UnavailableWebService';
  readonly html?: true;
  /** 0 to 120000. */
  readonly delayMs?: number;
  /** At least 1. */
  readonly count?: number;
  /** From 0 to 1. */
  readonly rate?: number;
}
