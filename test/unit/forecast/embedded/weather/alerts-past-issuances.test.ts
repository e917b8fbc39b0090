// A cycle lists the issuances of the cycles of its lookback as they were sent (issue 38): hours a later
// horizon joins to an event do not redraw an issuance already sent, and an event's start (its ETN) is found
// through a chain of neighbouring zones whose windows ended before the lookback began.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  generateAlerts,
  latestCycle,
  type AlertFeature,
  type AlertZone,
  type Place,
  type WeatherSample,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { dewpointFrom } from '../../../../../adapters/forecast/embedded/weather/physics.ts';

const CYCLE = latestCycle(Math.floor(Date.parse('2026-07-10T09:00:00Z') / 3_600_000));

function zone(id: string, lon: number): AlertZone {
  return {
    id,
    name: id,
    state: 'KS',
    lat: 38,
    lon,
    officeId: 'DDC',
    officeName: 'Dodge City KS',
    timeZone: 'America/Chicago',
  };
}

/** Hot (heat index ≈ 42 °C) at each zone's listed hours, mild otherwise. */
function weather(hot: ReadonlyMap<number, readonly number[]>): (place: Place, hour: number) => WeatherSample {
  return (place, hour) => {
    const heat = hot.get(place.lon)?.includes(hour) ?? false;
    const [t, rh] = heat ? [36, 45] : [22, 50];
    return {
      temperatureC: t,
      dewpointC: dewpointFrom(t, rh),
      relativeHumidity: rh,
      windSpeedKmh: 10,
      windDirectionDeg: 180,
      windGustKmh: 15,
      skyCoverPct: 20,
      precipProbabilityPct: 0,
      precipType: null,
      qpfMm: 0,
      seaLevelPressureHpa: 1012,
      visibilityM: 16_000,
    };
  };
}

const hours = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const vtec = (a: AlertFeature) => a.properties.parameters['VTEC']![0]!;

/**
 * The issuances the cycle at `earlier` lists, sent within the 48 h lookback of the one at `later` (from the
 * hour before it, its first cycle's), that the later one lists otherwise (by sent and zones).
 */
function redrawn(zones: AlertZone[], hot: Map<number, number[]>, earlier: number, later: number): string[] {
  const sample = weather(hot);
  const list = (hour: number) => generateAlerts({ zones, nowHour: hour, baseUrl: 'https://example.test', sample });
  const key = (a: AlertFeature) => `${a.properties.sent} ${a.properties.geocode.UGC.join(',')}`;
  const next = new Map(list(later).map((a) => [key(a), a]));
  const first = list(earlier).filter((a) => Date.parse(a.properties.sent) >= (later - 49) * 3_600_000);
  assert.ok(first.length > 1, 'the later cycle lists issuances of the earlier');
  return first.flatMap((a) => {
    const b = next.get(key(a));
    return b && b.properties.id === a.properties.id ? [] : [`${key(a)} ${vtec(a)} → ${b ? vtec(b) : 'missing'}`];
  });
}

describe('past issuances in a later cycle', () => {
  it('keeps an issuance as sent when a later horizon joins hours to its event', () => {
    // Heat through the night before the horizon of CYCLE, then again just past it, within the merging gap
    // (20 h): the cycle 12 h before and CYCLE end the event as their horizons show it (CON), the next extends it.
    const hot = new Map([[-100, [...hours(CYCLE + 14, 20), ...hours(CYCLE + 50, 4)]]]);
    const zones = [zone('KSZ001', -100)];
    assert.deepEqual(redrawn(zones, hot, CYCLE, CYCLE + 12), []);
    const actions = generateAlerts({
      zones,
      nowHour: CYCLE + 12,
      baseUrl: 'https://example.test',
      sample: weather(hot),
    }).map((a) => vtec(a).split('.')[1]);
    assert.deepEqual(actions, ['EXT', 'CON', 'NEW']);
  });

  it('numbers an event from a start found through neighbours whose windows ended before the lookback', () => {
    // Three zones in a row, each next to the one beside it (about 220 km apart) but not the ends to each
    // other: the east zone's heat ended 23 h before the later cycle's lookback, the middle one's 5 h before
    // it, the west one's begins 10 h after it; each within the merging gap of the next, so one event.
    const lookback = CYCLE - 48;
    const hot = new Map([
      [-100, hours(lookback + 10, 4)],
      [-97.5, hours(lookback - 8, 4)],
      [-95, hours(lookback - 26, 4)],
    ]);
    const zones = [zone('KSZ001', -100), zone('KSZ002', -97.5), zone('KSZ003', -95)];
    assert.deepEqual(redrawn(zones, hot, CYCLE - 24, CYCLE), []);
  });
});
