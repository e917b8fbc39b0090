import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  generateAlerts,
  isAlertActive,
  latestCycle,
  type AlertFeature,
  type AlertZone,
  type Place,
  type WeatherSample,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { dewpointFrom } from '../../../../../adapters/forecast/embedded/weather/physics.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);
const BASE = 'https://example.test';

function zone(
  id: string,
  name: string,
  lat: number,
  lon: number,
  officeId = 'TOP',
  officeName = 'Topeka KS',
): AlertZone {
  return {
    id,
    name,
    state: id.slice(0, 2),
    lat,
    lon,
    officeId,
    officeName,
    timeZone: 'America/Chicago',
    sameCodes: [`020${id.slice(3)}`],
  };
}

const KANSAS = [
  zone('KSZ040', 'Jackson', 39.4, -95.8),
  zone('KSZ054', 'Shawnee', 39.05, -95.75),
  zone('KSZ056', 'Douglas', 38.9, -95.3),
];
const FAR = zone('TXZ100', 'Far Away', 31, -100, 'SJT', 'San Angelo TX');

/** Hand-made weather: mild unless the scenario says otherwise, with a normal day-night cycle. */
function scenario(kind: 'mild' | 'hot' | 'windy' | 'freeze' | 'snow'): (place: Place, hour: number) => WeatherSample {
  return (place, hour) => {
    const solar = ((((hour % 24) + place.lon / 15) % 24) + 24) % 24;
    const afternoon = solar >= 12 && solar <= 19;
    const night = solar >= 0 && solar <= 7;
    let t = afternoon ? 24 : 16;
    let rh = 50;
    let wind = 12;
    let gust = 18;
    let pop = 0;
    let type: WeatherSample['precipType'] = null;
    let qpf = 0;
    if (kind === 'hot' && afternoon) {
      t = 36;
      rh = 45;
    } // heat index ≈ 42°C (108°F)
    if (kind === 'windy') {
      wind = 55;
      gust = 100;
    }
    if (kind === 'freeze' && night) t = -3;
    if (kind === 'snow') {
      t = -4;
      rh = 95;
      pop = 90;
      type = 'snow';
      qpf = 1.2;
    }
    const td = dewpointFrom(t, rh);
    return {
      temperatureC: t,
      dewpointC: td,
      relativeHumidity: rh,
      windSpeedKmh: wind,
      windDirectionDeg: 225,
      windGustKmh: gust,
      skyCoverPct: pop ? 100 : 20,
      precipProbabilityPct: pop,
      precipType: type,
      qpfMm: qpf,
      seaLevelPressureHpa: 1012,
      visibilityM: 16_000,
    };
  };
}

const NOW = hourOf('2026-07-03T19:30:00Z');
const run = (kind: Parameters<typeof scenario>[0], zones: AlertZone[] = [...KANSAS, FAR], now = NOW) =>
  generateAlerts({ zones, nowHour: now, baseUrl: BASE, sample: scenario(kind) });
const active = (alerts: AlertFeature[], now = NOW) => alerts.filter((a) => isAlertActive(a, now * 3_600_000));

describe('alert generation', () => {
  it('issues nothing for mild weather', () => {
    assert.deepEqual(run('mild'), []);
  });

  it('issues heat alerts, grouping neighbouring zones of one office', () => {
    const alerts = active(run('hot'));
    const kansas = alerts.filter((a) => a.properties.senderName === 'NWS Topeka KS');
    assert.equal(kansas.length, 1);
    const p = kansas[0]!.properties;
    assert.equal(p.event, 'Heat Advisory');
    assert.deepEqual([...p.geocode.UGC].sort(), ['KSZ040', 'KSZ054', 'KSZ056']);
    assert.deepEqual(
      p.affectedZones,
      ['KSZ040', 'KSZ054', 'KSZ056'].map((id) => `${BASE}/zones/forecast/${id}`),
    );
    assert.equal(p.areaDesc, 'Jackson; Shawnee; Douglas');
    assert.equal(p.status, 'Actual');
    assert.equal(p.category, 'Met');
    assert.ok(['Alert', 'Update'].includes(p.messageType));
    assert.equal(p.severity, 'Moderate');
    assert.equal(p.certainty, 'Likely');
    assert.ok(['Expected', 'Future'].includes(p.urgency));
    assert.match(p.id, /^urn:oid:2\.49\.0\.1\.840\.0\.[0-9a-f]{40}\.001\.1$/);
    assert.equal(kansas[0]!.id, `${BASE}/alerts/${p.id}`);
    assert.match(
      p.headline,
      /^Heat Advisory issued July \d+ at \d{1,2}:\d\d[AP]M CDT until July \d+ at \d{1,2}:\d\d[AP]M CDT by NWS Topeka KS$/,
    );
    assert.match(p.parameters.VTEC![0]!, /^\/O\.(NEW|CON|EXT)\.KTOP\.HT\.Y\.\d{4}\.(\d{6}T\d{4}Z)-\d{6}T\d{4}Z\/$/);
    assert.equal(p.parameters.AWIPSidentifier![0], 'NPWTOP');
    assert.match(p.parameters.WMOidentifier![0]!, /^WWUS73 KTOP \d{6}$/);
    assert.match(p.parameters.NWSheadline![0]!, /^HEAT ADVISORY (IN|REMAINS IN|NOW IN) EFFECT /);
    assert.ok(p.parameters.BLOCKCHANNEL!.length > 0);
    assert.match(
      p.description,
      /^\* WHAT\.\.\.Heat index values up to \d+ expected\.\n\n\* WHERE\.\.\.In Kansas, .+\n\n\* WHEN\.\.\..+\n\n\* IMPACTS\.\.\..+/,
    );
    assert.ok(p.instruction.length > 20);
    assert.ok(Date.parse(p.sent) <= NOW * 3_600_000 && Date.parse(p.expires) > NOW * 3_600_000);
    assert.ok(Date.parse(p.onset) <= Date.parse(p.ends));
    // The distant zone belongs to another office: a separate product.
    assert.ok(
      alerts.some(
        (a) => a.properties.senderName === 'NWS San Angelo TX' && a.properties.geocode.UGC.includes('TXZ100'),
      ),
    );
  });

  it('issues wind, freeze and winter alerts for those scenarios', () => {
    assert.ok(
      active(run('windy')).some(
        (a) => a.properties.event === 'High Wind Warning' && a.properties.severity === 'Severe',
      ),
    );
    // Freeze products only in the growing season: October, not the depths of winter.
    const october = hourOf('2026-10-15T19:00:00Z');
    assert.ok(active(run('freeze', KANSAS, october), october).some((a) => a.properties.event === 'Freeze Warning'));
    const january = hourOf('2026-01-15T19:00:00Z');
    assert.ok(
      !run('freeze', [zone('MNZ060', 'Hennepin', 45, -93.3, 'MPX', 'Twin Cities/Chanhassen MN')], january).some(
        (a) => a.properties.event === 'Freeze Warning',
      ),
    );
    const snow = active(run('snow', KANSAS, january), january);
    assert.ok(
      snow.some(
        (a) =>
          a.properties.event === 'Winter Storm Warning' && a.properties.parameters.AWIPSidentifier![0] === 'WSWTOP',
      ),
    );
    assert.ok(!snow.some((a) => a.properties.event === 'Winter Weather Advisory'), 'warning should replace advisory');
  });

  it('keeps recently expired issuances, superseded by later ones', () => {
    const alerts = run('hot');
    const now = NOW * 3_600_000;
    const expired = alerts.filter((a) => !isAlertActive(a, now));
    const current = alerts.filter((a) => isAlertActive(a, now));
    assert.ok(expired.length > 0 && current.length > 0);
    for (const a of expired) assert.ok(Date.parse(a.properties.expires) <= now || Date.parse(a.properties.ends) <= now);
    // Issuances go back two days before the latest cycle.
    for (const a of alerts) assert.ok(Date.parse(a.properties.sent) > (latestCycle(NOW) - 50) * 3_600_000);
    const update = current.find((a) => a.properties.messageType === 'Update');
    assert.ok(update, 'an ongoing event is reissued as an update');
    assert.ok(update.properties.references.length > 0);
    // Each reference is listed, or was sent before the lookback (gone from the list, as the API's age out).
    const oldest = Math.min(...alerts.map((a) => Date.parse(a.properties.sent)));
    for (const ref of update.properties.references)
      assert.ok(alerts.some((a) => a.properties.id === ref.identifier) || Date.parse(ref.sent) < oldest, ref.sent);
  });

  it('is deterministic and stable within a cycle', () => {
    assert.deepEqual(run('hot'), run('hot'));
    const cycle = latestCycle(NOW);
    assert.deepEqual(run('hot', KANSAS, cycle), run('hot', KANSAS, cycle + 11));
  });

  it('runs on the synthetic model', () => {
    const zones = [...KANSAS, FAR, zone('AZZ537', 'Phoenix', 33.45, -112.07, 'PSR', 'Phoenix AZ')];
    const a = generateAlerts({ zones, nowHour: NOW, baseUrl: BASE });
    assert.deepEqual(a, generateAlerts({ zones, nowHour: NOW, baseUrl: BASE }));
    for (const alert of a) assert.ok(alert.properties.affectedZones.length > 0);
  });
});
