import type { ScenarioInForce } from '../control/forecast-controls.ts';
import { resolveTime } from '../control/relative-time.ts';
import {
  ScenarioInvalid,
  type Scenario,
  type ScenarioAlert,
  type ScenarioWeather,
} from '../control/scenario-schema.ts';
import { buildAlertSet, type AlertFacts } from './alerts/alert-set.ts';
import { alertZonesByOffice } from './alerts/alert-zone-source.ts';
import type { Catalogue } from './catalogue/types.ts';
import { distanceMetres } from './geo/polygon.ts';
import {
  epochHourOf,
  hourlySeries,
  weatherAt,
  type AlertZone,
  type Place,
  type WeatherAdjust,
} from './weather/index.ts';
import {
  injectedAlert,
  injectedStormHours,
  injectedStormUgc,
  injectedStormWeather,
} from './weather/injected-alerts.ts';
import { stormRuleFor } from './weather/storm-warnings.ts';
import { overrideAdjust, type OverrideSettings, type OverrideWindow } from './weather/weather-override.ts';
import { idOrder } from './weather/text-order.ts';

/** The farthest instant from 1970 a Date holds. */
const LATEST_DATE_MS = 8.64e15;
/** The longest an injected storm-based warning may run: the 7 days the forecasts cover, and a day beyond. */
const STORM_WARNING_MAX_MS = 8 * 86_400_000;

/** Where the embedded provider reads the scenario in force (ForecastControls). */
export interface ScenarioSource {
  readonly revision: number;
  scenario(): ScenarioInForce | undefined;
}

/** A scenario as the embedded provider uses it: a change to the model's weather and alerts to add. */
export interface EmbeddedOverlay {
  /** Changes with every scenario or clock change: part of every cache key of weather documents. */
  revision(): number;
  adjust(): WeatherAdjust | undefined;
  /** The injected alerts, newest first, as the alert lists hold the model's own. */
  alerts(): readonly AlertFacts[];
  /** False when the scenario silences the model's own alerts (`modelAlerts: false`): only injected ones. */
  modelAlerts(): boolean;
  /** Throws ScenarioInvalid for what the schema cannot know: an unknown zone, a point outside every zone. */
  verify(this: void, scenario: Scenario, anchorMs: number): void;
}

interface Compiled {
  readonly revision: number;
  readonly adjust: WeatherAdjust | undefined;
  readonly alerts: readonly AlertFacts[];
}

/** Alerts are held base-free, as the model's cycles are; rendering adds the request's base. */
const NO_BASE = '';
const DEFAULT_ALERT_HOURS = 12;
/** How much of a long product's weather its text looks at for the worst values. */
const MAX_QUOTED_HOURS = 72;

export function scenarioOverlay(catalogue: Catalogue, source: ScenarioSource): EmbeddedOverlay {
  let zoneIndex: Map<string, AlertZone> | undefined;
  const zones = (): Map<string, AlertZone> =>
    (zoneIndex ??= new Map(
      alertZonesByOffice(catalogue)
        .flat()
        .map((z) => [z.id, z]),
    ));
  let compiled: Compiled | undefined;

  function current(): Compiled {
    const revision = source.revision;
    if (compiled?.revision === revision) return compiled;
    const inForce = source.scenario();
    compiled = inForce ? compile(inForce, revision) : { revision, adjust: undefined, alerts: [] };
    return compiled;
  }

  function alertZones(a: ScenarioAlert, path: string): AlertZone[] {
    if (a.point) {
      const record = catalogue.forecastZoneAt(a.point[0], a.point[1]);
      const zone = record && zones().get(record.id);
      if (!zone) throw new ScenarioInvalid(`${path}.point`, `no forecast zone covers ${a.point.join(',')}`);
      return [zone];
    }
    if (a.zones) {
      return a.zones.map((id, i) => {
        const zone = zones().get(id);
        if (!zone) throw new ScenarioInvalid(`${path}.zones[${i}]`, `no forecast zone is called ${id}`);
        return zone;
      });
    }
    const inState = [...zones().values()].filter((z) => z.state === a.area).sort((x, y) => idOrder(x.id, y.id));
    if (inState.length === 0) throw new ScenarioInvalid(`${path}.area`, `no forecast zone is in ${a.area}`);
    return inState;
  }

  function weatherWindow(w: ScenarioWeather, nowMs: number, path: string): OverrideWindow {
    const area = w.area;
    let contains: (place: Place) => boolean;
    let timeZone = 'UTC';
    if ('point' in area) {
      const [lat, lon] = area.point;
      timeZone = catalogue.forecastZoneAt(lat, lon)?.timeZones[0] ?? 'UTC';
      contains = (place) => distanceMetres(lat, lon, place.lat, place.lon) <= area.radiusKm * 1000;
    } else {
      const listed = 'zones' in area ? area.zones : undefined;
      const ids = listed ? new Set(listed) : undefined;
      if (listed) {
        listed.forEach((id, i) => {
          if (!catalogue.forecastZones.has(id))
            throw new ScenarioInvalid(`${path}.area.zones[${i}]`, `no forecast zone is called ${id}`);
        });
        timeZone = catalogue.forecastZones.get(listed[0]!)?.timeZones[0] ?? 'UTC';
      }
      const state = 'state' in area ? area.state : undefined;
      contains = remembered((place) => {
        const zone = catalogue.forecastZoneAt(place.lat, place.lon);
        return zone !== undefined && (ids ? ids.has(zone.id) : zone.state === state);
      });
    }
    const fromMs = resolveTime(w.from, nowMs, timeZone);
    const toMs = resolveTime(w.to, nowMs, timeZone);
    if (toMs <= fromMs) throw new ScenarioInvalid(`${path}.to`, 'must be after from');
    return { contains, fromHour: epochHourOf(fromMs), toHour: Math.ceil(toMs / 3_600_000), set: w.set };
  }

  /**
   * An injected storm warning's weather (injectedStormWeather), over its hours (injectedStormHours: while it runs,
   * and a flash flood's hour of rain before), over the area its alert is coded by (the places whose forecast zone,
   * county or marine zone it names: those whose alert lists hold it, as alert-resources.ts finds a point's) and at
   * the place its text quotes.
   */
  function stormWindow(
    zones: readonly AlertZone[],
    place: Place,
    hours: { readonly fromHour: number; readonly toHour: number },
    set: OverrideSettings,
  ): OverrideWindow {
    const ugc = new Set(injectedStormUgc(zones));
    const inArea = remembered(({ lat, lon }) =>
      [catalogue.forecastZoneAt(lat, lon), catalogue.countyZoneAt(lat, lon), catalogue.marineZoneAt(lat, lon)].some(
        (zone) => zone !== undefined && ugc.has(zone.id),
      ),
    );
    return {
      contains: (p) => (p.lat === place.lat && p.lon === place.lon) || inArea(p),
      ...hours,
      set,
    };
  }

  function compile(inForce: ScenarioInForce, revision: number): Compiled {
    const { scenario, anchorMs: nowMs } = inForce;
    const own = (scenario.weather ?? []).map((w, i) => weatherWindow(w, nowMs, `weather[${i}]`));
    const planned = (scenario.alerts ?? []).map((a, index) => {
      const path = `alerts[${index}]`;
      const area = alertZones(a, path);
      const first = area[0]!;
      const at = (text: string | undefined, member: string) => {
        if (text === undefined) return undefined;
        const ms = resolveTime(text, nowMs, first.timeZone);
        // Past ±8.64e15 ms a Date holds no instant: the alert's times would fail as a 500 on every list.
        if (!(Math.abs(ms) <= LATEST_DATE_MS))
          throw new ScenarioInvalid(`${path}.${member}`, `${text} falls outside the dates a clock can hold`);
        return ms;
      };
      const onsetGiven = at(a.onset, 'onset');
      const sentMs = at(a.sent, 'sent') ?? Math.min(nowMs, onsetGiven ?? nowMs);
      const onsetMs = onsetGiven ?? sentMs;
      const storm = stormRuleFor(a.event);
      const endsMs =
        at(a.ends, 'ends') ?? onsetMs + (storm ? storm.durationMinutes * 60_000 : DEFAULT_ALERT_HOURS * 3_600_000);
      const expiresMs = at(a.expires, 'expires') ?? endsMs;
      if (endsMs <= onsetMs) throw new ScenarioInvalid(`${path}.ends`, 'must be after onset');
      // Its text quotes the weather of every hour it runs, read one hour at a time: a storm warning ending
      // years on (now+99999d) held the event loop for minutes, the server answering nothing meanwhile.
      if (storm && endsMs - sentMs > STORM_WARNING_MAX_MS)
        throw new ScenarioInvalid(
          `${path}.ends`,
          `a ${a.event} may run at most ${STORM_WARNING_MAX_MS / 3_600_000} hours after it is sent`,
        );
      const place = a.point
        ? { lat: a.point[0], lon: a.point[1], elevationM: 0 }
        : { lat: first.lat, lon: first.lon, elevationM: first.elevationM ?? 0 };
      const stormWeather = injectedStormWeather(a.event, a);
      return {
        a,
        index,
        area,
        place,
        sentMs,
        onsetMs,
        endsMs,
        expiresMs,
        storm,
        weather: stormWeather && stormWindow(area, place, injectedStormHours(a.event, sentMs, endsMs), stormWeather),
      };
    });
    // A storm warning brings its storm to the grid; the scenario's own weather applies after it, so where that
    // sets a quantity (a gust, precipitation) the warning quotes the scenario's. A flash flood's storm applies
    // after the others: their thunderstorm would set its hour's rain back to the usual amount.
    const storms = planned.flatMap((p) => (p.weather ? [p.weather] : []));
    const rainLast = [
      ...storms.filter((w) => w.set.qpfMm === undefined),
      ...storms.filter((w) => w.set.qpfMm !== undefined),
    ];
    const adjust = overrideAdjust([...rainLast, ...own]);
    const features = planned.map(({ a, index, area, place, sentMs, onsetMs, endsMs, expiresMs, storm }) =>
      injectedAlert({
        event: a.event,
        zones: area,
        sentMs,
        onsetMs,
        endsMs,
        expiresMs,
        at: a.point ? { lat: a.point[0], lon: a.point[1] } : undefined,
        sample: weatherAt(place, epochHourOf(sentMs), adjust),
        hourly: storm ? (hour) => weatherAt(place, hour, adjust) : undefined,
        samples: storm
          ? undefined
          : hourlySeries(
              place,
              epochHourOf(onsetMs),
              Math.min(MAX_QUOTED_HOURS, Math.max(1, Math.ceil((endsMs - onsetMs) / 3_600_000))),
              adjust,
            ),
        index,
        baseUrl: NO_BASE,
        headline: a.headline,
        description: a.description,
        instruction: a.instruction,
      }),
    );
    return {
      revision,
      adjust,
      alerts: buildAlertSet(0, features)
        .items.slice()
        .sort((x, y) => y.sentMs - x.sentMs || idOrder(x.alert.properties.id, y.alert.properties.id)),
    };
  }

  return {
    revision: () => source.revision,
    adjust: () => current().adjust,
    alerts: () => current().alerts,
    modelAlerts: () => source.scenario()?.scenario.modelAlerts !== false,
    verify(scenario, anchorMs) {
      compile({ scenario, anchorMs }, -1);
    },
  };
}

/** A test on places, remembered: which zone a place is in costs a polygon search; forecasts ask about the same few places. */
function remembered(test: (place: Place) => boolean): (place: Place) => boolean {
  const memo = new Map<string, boolean>();
  return (place) => {
    const key = `${place.lat},${place.lon}`;
    let inside = memo.get(key);
    if (inside === undefined) {
      inside = test(place);
      if (memo.size > 10_000) memo.clear();
      memo.set(key, inside);
    }
    return inside;
  };
}
