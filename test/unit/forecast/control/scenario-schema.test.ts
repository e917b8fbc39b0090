import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { scenarioJsonSchema } from '../../../../adapters/forecast/control/scenario-json-schema.ts';
import { parseScenario, ScenarioInvalid } from '../../../../adapters/forecast/control/scenario-schema.ts';

const ISSUE_EXAMPLE = JSON.parse(
  readFileSync(new URL('../../../fixtures/scenarios/tornado-in-topeka.json', import.meta.url), 'utf8'),
);

const mistake = (input: unknown): ScenarioInvalid => {
  try {
    parseScenario(input);
  } catch (error) {
    assert.ok(error instanceof ScenarioInvalid, String(error));
    return error;
  }
  assert.fail('accepted');
};

describe('the scenario schema', () => {
  it("accepts the issue's example document", () => {
    const s = parseScenario(ISSUE_EXAMPLE);
    assert.equal(s.alerts?.[0]?.event, 'Tornado Warning');
    assert.equal(s.faults?.length, 3);
  });

  it('holds a scenario to 400 alerts, the event tracking numbers 9600 to 9999 it has', () => {
    const alerts = (n: number) => Array.from({ length: n }, () => ({ event: 'Tornado Warning', point: [39, -97] }));
    assert.equal(parseScenario({ alerts: alerts(400) }).alerts?.length, 400);
    const error = mistake({ alerts: alerts(401) });
    assert.equal(error.path, 'alerts');
    assert.match(error.message, /at most 400 alerts/);
  });

  it('names where a document is wrong', () => {
    assert.equal(
      mistake({ alerts: [{ event: 'Tornado Warning', point: [39, -97], onset: 'tomorrow' }] }).path,
      'alerts[0].onset',
    );
    assert.equal(mistake({ alerts: [{ event: 'Zombie Warning', point: [39, -97] }] }).path, 'alerts[0].event');
    assert.equal(mistake({ alerts: [{ event: 'Heat Advisory' }] }).path, 'alerts[0]');
    assert.equal(mistake({ alerts: [{ event: 'Heat Advisory', point: [39, -97], area: 'KS' }] }).path, 'alerts[0]');
    assert.equal(
      mistake({ weather: [{ area: { state: 'KS' }, from: 'now', to: 'now+1h', set: { windGust: -1 } }] }).path,
      'weather[0].set.windGust',
    );
    assert.equal(mistake({ faults: [{ path: 'points/*', status: 500 }] }).path, 'faults[0].path');
    assert.equal(mistake({ faults: [{ path: '/points/*' }] }).path, 'faults[0]');
    assert.equal(mistake({ faults: [{ path: '/points/*', status: 500, rate: 2 }] }).path, 'faults[0].rate');
    assert.equal(mistake({ colour: 'red' }).path, 'colour');
    assert.equal(mistake([]).path, '');
  });

  it("takes a storm warning's figures, each for its own warnings and at its criterion", () => {
    const at = { point: [39, -97] };
    const alerts = [
      { event: 'Severe Thunderstorm Warning', ...at, gustMph: 70 },
      { event: 'Tornado Warning', ...at, gustMph: 58 },
      { event: 'Special Marine Warning', zones: ['AMZ670'], gustKnots: 34 },
      { event: 'Flash Flood Warning', ...at, rainInches: 2.5 },
    ];
    assert.deepEqual(parseScenario({ alerts }).alerts, alerts);
    assert.equal(mistake({ alerts: [{ event: 'Tornado Warning', ...at, gustMph: 40 }] }).path, 'alerts[0].gustMph');
    const misplaced = mistake({ alerts: [{ event: 'Flash Flood Warning', ...at, gustMph: 60 }] });
    assert.equal(misplaced.path, 'alerts[0]');
    assert.match(misplaced.message, /gustMph is for Severe Thunderstorm Warning and Tornado Warning alone$/);
    assert.equal(mistake({ alerts: [{ event: 'Heat Advisory', ...at, rainInches: 1 }] }).path, 'alerts[0]');
    const item = (scenarioJsonSchema() as any).properties.alerts.items.properties;
    assert.deepEqual([item.gustMph.minimum, item.gustKnots.minimum, item.rainInches.minimum], [58, 34, 0.25]);
    assert.equal(item.rainInches.maximum, 12, 'the world record hour, Holt, Missouri, 1947');
    assert.equal(
      mistake({ alerts: [{ event: 'Flash Flood Warning', ...at, rainInches: 13 }] }).path,
      'alerts[0].rainInches',
    );
  });

  it('is published as JSON Schema generated from the same definition', () => {
    const schema = scenarioJsonSchema() as any;
    assert.equal(schema.type, 'object');
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(Object.keys(schema.properties).sort(), [
      '$schema',
      'alerts',
      'clock',
      'description',
      'faults',
      'modelAlerts',
      'name',
      'weather',
    ]);
    assert.ok(schema.properties.alerts.items.properties.event.enum.includes('Tornado Warning'));
    const onset = new RegExp(schema.properties.alerts.items.properties.onset.pattern);
    for (const ok of ['now', 'now+45m', 'today 06:00-6h', '2026-05-20T21:00:00Z']) assert.match(ok, onset);
    assert.doesNotMatch('tomorrow', onset);
  });
});
