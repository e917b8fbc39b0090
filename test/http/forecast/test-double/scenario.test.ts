import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { CDN_403_PAGE, fixtureText } from '../../../support/fake-nws-upstream.ts';
import { forecastWorld, UA } from '../../../support/forecast-http.ts';

const TOKEN = 'admin-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const TORNADO = JSON.parse(
  readFileSync(new URL('../../../fixtures/scenarios/tornado-in-topeka.json', import.meta.url), 'utf8'),
);
// The example without its faults, for the tests that look at the model.
const MODEL_ONLY = { ...TORNADO, faults: [] };
const POINT = '39.7456,-97.0892';

describe('scenario controls', () => {
  it('PUT replaces, GET reads, DELETE goes back to the plain model; the schema is served', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    assert.equal((await w.send('GET', '/_taskcast/scenario', undefined, auth)).body.scenario, null);
    const plain = await w.get('/gridpoints/TOP/32,81/forecast/hourly');
    const put = await w.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth);
    assert.equal(put.status, 200);
    assert.equal(put.body.scenario.name, 'tornado-in-topeka');
    assert.deepEqual(put.body.clock, { now: '2026-05-20T21:00:00.000Z', rate: 0, controlled: true });
    assert.equal((await w.send('GET', '/_taskcast/scenario', undefined, auth)).body.scenario.name, 'tornado-in-topeka');
    await w.send('PUT', '/_taskcast/clock', { now: '2026-07-15T18:20:00Z' }, auth);
    assert.equal((await w.send('DELETE', '/_taskcast/scenario', undefined, auth)).body.scenario, null);
    assert.equal(
      (await w.get('/gridpoints/TOP/32,81/forecast/hourly')).text,
      plain.text,
      'DELETE restores the plain model',
    );
    const schema = await w.send('GET', '/_taskcast/scenario.schema.json', undefined, auth);
    assert.equal(schema.status, 200);
    assert.equal(schema.headers.get('content-type'), 'application/schema+json');
    assert.ok(schema.body.properties.alerts);
    assert.equal((await w.send('GET', '/_taskcast/scenario.schema.json')).status, 401);
  });

  it('a document off the schema gets 400 with the path of the mistake, and changes nothing', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const bad = await w.send(
      'PUT',
      '/_taskcast/scenario',
      { alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], ends: 'soon' }] },
      auth,
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('content-type'), 'application/problem+json');
    assert.equal(bad.body.path, 'alerts[0].ends');
    const zone = await w.send(
      'PUT',
      '/_taskcast/scenario',
      { alerts: [{ event: 'Tornado Warning', zones: ['KSZ040', 'KSZ999'] }] },
      auth,
    );
    assert.equal(zone.status, 400);
    assert.equal(zone.body.path, 'alerts[0].zones[1]');
    assert.equal((await w.send('GET', '/_taskcast/scenario', undefined, auth)).body.scenario, null);
  });

  it('an unknown member is named as one, with the members that place takes', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const typo = await w.send('PUT', '/_taskcast/scenario', { faults: [{ path: '/x', status: 503, cout: 1 }] }, auth);
    assert.equal(typo.status, 400);
    assert.equal(typo.body.path, 'faults[0].cout');
    assert.match(typo.body.detail, /unknown member "cout"; the members here are path, .*, count, rate\.?$/);
    assert.doesNotMatch(typo.body.detail, /Expected never/);
    const notObject = await w.send('PUT', '/_taskcast/scenario', { alerts: [5] }, auth);
    assert.equal(notObject.body.path, 'alerts[0]');
    assert.match(notObject.body.detail, /alerts\[0\]: must be an object with event, /);
  });

  it('a storm warning running years, or a time past what a Date holds, gets 400, not a hang or a 500', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const storm = (ends: string) => ({
      alerts: [{ event: 'Severe Thunderstorm Warning', point: [39.7, -97.1], ends }],
    });
    // now+99999d held the event loop for minutes (its text reads the weather of every hour it runs); 9 days
    // is refused by the same rule, and quickly either way.
    const long = await w.send('PUT', '/_taskcast/scenario', storm('now+9d'), auth);
    assert.equal(long.status, 400);
    assert.equal(long.body.path, 'alerts[0].ends');
    assert.match(long.body.detail, /a Severe Thunderstorm Warning may run at most 192 hours after it is sent/);
    assert.equal((await w.send('PUT', '/_taskcast/scenario', storm('now+7d'), auth)).status, 200);
    const far = await w.send(
      'PUT',
      '/_taskcast/scenario',
      { alerts: [{ event: 'Heat Advisory', point: [39.7, -97.1], ends: 'now+999999999d' }] },
      auth,
    );
    assert.equal(far.status, 400);
    assert.equal(far.body.path, 'alerts[0].ends');
    assert.match(far.body.detail, /now\+999999999d falls outside the dates a clock can hold/);
  });

  it('a time the calendar lacks gets 400 with its path, never a 500 or a day rolled over', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const cases: [scenario: Record<string, unknown>, path: string][] = [
      [{ clock: '2026-02-30T21:00:00Z' }, 'clock'],
      [
        { alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], onset: '2026-05-20T25:00:00Z' }] },
        'alerts[0].onset',
      ],
      [
        { alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], ends: '2026-13-01T00:00:00Z' }] },
        'alerts[0].ends',
      ],
      [
        { alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], sent: '2026-05-20T21:00:00+99:00' }] },
        'alerts[0].sent',
      ],
      [
        { weather: [{ area: { state: 'KS' }, from: '2026-02-29T00:00:00Z', to: 'now+1h', set: { temperature: 99 } }] },
        'weather[0].from',
      ],
    ];
    for (const [scenario, path] of cases) {
      const answer = await w.send('PUT', '/_taskcast/scenario', scenario, auth);
      assert.equal(answer.status, 400, JSON.stringify(scenario));
      assert.equal(answer.body.path, path);
      assert.match(answer.body.detail, /not a date and time the calendar has/);
    }
    assert.equal((await w.send('GET', '/_taskcast/scenario', undefined, auth)).body.scenario, null);
    const leapDay = await w.send('PUT', '/_taskcast/scenario', { clock: '2028-02-29T12:00:00Z' }, auth);
    assert.equal(leapDay.status, 200);
    assert.equal(leapDay.body.clock.now, '2028-02-29T12:00:00.000Z');
  });

  it('the control page shows the scenario in force, escaped', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const name = '</textarea><script>alert(1)</script>';
    await w.send('PUT', '/_taskcast/scenario', { ...TORNADO, name }, auth);
    const page = await w.send('GET', '/_taskcast/', undefined, auth);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes('<script>alert(1)'), 'scenario text is escaped');
    assert.match(
      page.text,
      /<td>Tornado Warning<\/td><td>point 39\.7456,-97\.0892<\/td><td>now<\/td><td>now\+45m<\/td>/,
    );
    assert.match(
      page.text,
      /<code>\/gridpoints\/\*\/\*\/forecast<\/code><\/td><td>ForecastGridExpired 503<\/td><td><\/td><td>2 of 2 left<\/td>/,
    );
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'nonce-/);
    const redirect = await w.send('GET', `/_taskcast/?token=${TOKEN}`);
    assert.equal(redirect.status, 303);
    assert.match(redirect.headers.get('set-cookie') ?? '', /^taskcast_admin=.*HttpOnly; SameSite=Strict/);
    const cookie = (redirect.headers.get('set-cookie') ?? '').split(';')[0]!;
    assert.equal((await w.send('GET', '/_taskcast/clock', undefined, { cookie })).status, 200);
    assert.equal((await w.send('GET', '/_taskcast/?token=wrong-token-wrong-token-wrong-token')).status, 401);
  });

  it('the same clock and scenario give byte-identical bodies', async () => {
    const a = await forecastWorld({ adminToken: TOKEN });
    const b = await forecastWorld({ adminToken: TOKEN, now: new Date('2025-01-01T00:00:00Z') });
    await a.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth);
    await b.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth);
    for (const path of [
      '/gridpoints/TOP/32,81/forecast',
      '/gridpoints/TOP/32,81/forecast/hourly',
      '/gridpoints/TOP/32,81',
      `/alerts/active?point=${POINT}`,
      '/stations/KTOP/observations/latest',
    ]) {
      const [x, y] = [await a.get(path), await b.get(path)];
      assert.equal(x.status, 200, path);
      assert.equal(x.text, y.text, path);
      assert.equal(x.headers.get('last-modified'), y.headers.get('last-modified'), path);
    }
  });
});

describe('an injected Tornado Warning', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  let feature: any;

  before(async () => {
    w = await forecastWorld({ adminToken: TOKEN });
    assert.equal((await w.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth)).status, 200);
    const list = await w.get(`/alerts/active?point=${POINT}`);
    feature = list.body.features.find((f: any) => f.properties.event === 'Tornado Warning');
    assert.ok(feature, 'in /alerts/active?point=');
  });

  it("is a complete CAP alert at the scenario's times", () => {
    const p = feature.properties;
    assert.equal(p.sent, '2026-05-20T16:00:00-05:00');
    assert.equal(p.onset, '2026-05-20T16:00:00-05:00');
    assert.equal(p.ends, '2026-05-20T16:45:00-05:00');
    assert.equal(p.severity, 'Extreme');
    assert.equal(p.urgency, 'Immediate');
    assert.equal(p.senderName, 'NWS Topeka KS');
    assert.match(p.parameters.VTEC[0], /^\/O\.NEW\.KTOP\.TO\.W\.\d{4}\.260520T2100Z-260520T2145Z\/$/);
    assert.equal(feature.geometry.type, 'Polygon');
    assert.match(p.description, /HAZARD\.\.\.Tornado/);
    // The same members as a generated alert of the model's, in the same order.
    assert.deepEqual(
      Object.keys(p),
      Object.keys(JSON.parse(fixtureText('alert.json')).properties).filter((k) => k in p),
    );
  });

  it('shows in the zone, area and id routes, and disappears when it ends', async () => {
    const zone = feature.properties.geocode.UGC[0];
    for (const path of [
      `/alerts/active/zone/${zone}`,
      '/alerts/active/area/KS',
      '/alerts/active?event=Tornado%20Warning',
      '/alerts',
    ]) {
      const r = await w.get(path);
      assert.ok(
        r.body.features.some((f: any) => f.properties.id === feature.properties.id),
        path,
      );
    }
    const one = await w.get(`/alerts/${feature.properties.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.properties.id, feature.properties.id);
    const count = await w.get('/alerts/active/count');
    assert.equal(count.status, 200);
    assert.ok(count.body.zones[zone] >= 1, 'in the count');
    // The office's headlines carry it too, and an updated HWO issued the minute the warning was sent.
    const headlines = await w.get('/offices/TOP/headlines');
    assert.ok(JSON.stringify(headlines.body).includes('Tornado Warning'), 'in the headlines');
    const listed = await w.get('/products/types/HWO/locations/TOP');
    const latest = listed.body['@graph'][0];
    assert.equal(latest.issuanceTime, '2026-05-20T21:00:00+00:00', "an update at the warning's minute heads the list");
    const hwo = await w.get(`/products/${latest.id}`);
    assert.equal(hwo.status, 200);
    assert.match(hwo.body.productText, /Tornado Warning/i);
    await w.send('PUT', '/_taskcast/clock', { now: '2026-05-20T21:50:00Z' }, auth);
    const later = await w.get(`/alerts/active?point=${POINT}`);
    assert.ok(!later.body.features.some((f: any) => f.properties.event === 'Tornado Warning'), 'ended at now+45m');
  });

  it('reaches the weathered client', async (t) => {
    const require = createRequire(import.meta.url);
    const rewritingFetch = async (url: string, init?: { headers?: Record<string, string> }) => {
      const target = new URL(url);
      return w.app.fetch(
        new Request(`http://taskcast.test${target.pathname}${target.search}`, {
          headers: { 'user-agent': 'node-fetch/1.0', ...init?.headers },
        }),
      );
    };
    const crossFetchPath = require.resolve('cross-fetch', { paths: [require.resolve('weathered')] });
    require(crossFetchPath);
    require.cache[crossFetchPath]!.exports = Object.assign(rewritingFetch, { default: rewritingFetch });
    const { Client } = require('weathered') as {
      Client: new () => { getAlerts(active: boolean, o: object): Promise<any> };
    };
    t.mock.method(console, 'log', () => {});
    await w.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth);
    const alerts = await new Client().getAlerts(true, { latitude: 39.7456, longitude: -97.0892 });
    assert.ok(alerts.features.some((f: any) => f.properties.event === 'Tornado Warning'));
  });
});

describe('a thunderstorm override', () => {
  it("shows in that cell's forecast text, hourly periods and gridpoint layers, and nowhere else", async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    await w.send('PUT', '/_taskcast/scenario', MODEL_ONLY, auth);
    const hourly = await w.get('/gridpoints/TOP/32,81/forecast/hourly');
    for (const p of hourly.body.properties.periods.slice(0, 6)) {
      assert.match(p.shortForecast, /Thunderstorms/);
      assert.equal(p.probabilityOfPrecipitation.value, 90);
    }
    assert.doesNotMatch(hourly.body.properties.periods[6].shortForecast, /Showers And Thunderstorms/);
    const daily = await w.get('/gridpoints/TOP/32,81/forecast');
    assert.match(daily.body.properties.periods[0].detailedForecast, /thunderstorm/i);
    const grid = (await w.get('/gridpoints/TOP/32,81')).body.properties;
    assert.equal(grid.weather.values[0].value[0].weather, 'thunderstorms');
    assert.match(grid.weather.values[0].validTime, /^2026-05-20T21:00:00\+00:00\/PT6H$/);
    assert.equal(grid.probabilityOfPrecipitation.values[0].value, 90);
    assert.ok(Math.round(grid.windGust.values[0].value) >= 112, 'a 70 mph gust, in km/h');
    // Far away, the plain model.
    const plainWorld = await forecastWorld({ forecastClock: { now: new Date('2026-05-20T21:00:00Z'), rate: 0 } });
    const far = await w.get('/points/40.015,-105.2705/forecast'); // Boulder, Colorado
    assert.equal(far.status, 200);
    assert.equal(far.text, (await plainWorld.get('/points/40.015,-105.2705/forecast')).text);
  });
});

describe("an injected storm warning's gust", () => {
  // A scenario's warning quotes the gust its grid has at its place, however weak: where the scenario's weather
  // sets one, that wins over the storm the warning brings (60 mph, 35 kt), and never a figure the grid lacks.
  it("is the grid's: a 30 mph Severe Thunderstorm Warning, a 30 kt Special Marine Warning", async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const storm = (mph: number) => ({ precipitation: 'thunderstorms', windSpeed: 10, windGust: mph });
    const put = await w.send(
      'PUT',
      '/_taskcast/scenario',
      {
        clock: '2026-05-20T21:00:00Z',
        modelAlerts: false,
        alerts: [
          { event: 'Severe Thunderstorm Warning', point: [39.7456, -97.0892] },
          { event: 'Special Marine Warning', zones: ['AMZ670'] },
        ],
        weather: [
          { area: { point: [39.7456, -97.0892], radiusKm: 20 }, from: 'now', to: 'now+2h', set: storm(30) },
          // AMZ670's place (its forecast's gridpoint); 34.5 mph, 30.0 kt.
          { area: { point: [26.5955, -79.3656], radiusKm: 10 }, from: 'now', to: 'now+2h', set: storm(34.5) },
        ],
      },
      auth,
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const alerts = (await w.get('/alerts/active')).body.features.map((f: any) => f.properties);
    const svr = alerts.find((p: any) => p.event === 'Severe Thunderstorm Warning');
    const smw = alerts.find((p: any) => p.event === 'Special Marine Warning');
    assert.match(svr.description, /HAZARD\.\.\.30 mph wind gusts\./);
    assert.deepEqual(svr.parameters.maxWindGust, ['30 MPH']);
    assert.match(smw.description, /HAZARD\.\.\.Wind gusts to 30 knots\./);
    const grid = (await w.get('/gridpoints/TOP/32,81')).body.properties;
    assert.equal(Math.round(grid.windGust.values[0].value / 1.609344), 30, "the grid's gust, 30 mph in km/h");
  });
});

describe("an injected storm warning's weather", () => {
  // A January noon in Topeka, with no storm in the model: the warning brings its own to the grid, at the criterion
  // its text quotes (NOAA's 58 mph, so 60; the NWS's 34 kt, so 35; a Flash Flood Warning's inch of rain).
  const CLOCK = '2026-01-15T18:00:00Z';
  const HOUR = /^2026-01-15T18:00:00\+00:00\//;
  const mph = (kmh: number) => kmh / 1.609344;
  const alertsOf = async (w: Awaited<ReturnType<typeof forecastWorld>>, alerts: object[]) => {
    const put = await w.send('PUT', '/_taskcast/scenario', { clock: CLOCK, modelAlerts: false, alerts }, auth);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    return (await w.get('/alerts/active')).body.features.map((f: any) => f.properties);
  };

  it('is a severe thunderstorm in calm weather: the text says 60 mph, the grid and forecasts agree', async () => {
    const plain = await forecastWorld({ forecastClock: { now: new Date(CLOCK), rate: 0 } });
    const calm = (await plain.get('/gridpoints/TOP/32,81')).body.properties;
    assert.ok(mph(calm.windGust.values[0].value) < 40, 'the model alone has no severe gust');
    assert.notEqual(calm.weather.values[0].value[0].weather, 'thunderstorms');
    const w = await forecastWorld({ adminToken: TOKEN });
    const [svr] = await alertsOf(w, [{ event: 'Severe Thunderstorm Warning', point: [39.7456, -97.0892] }]);
    assert.match(svr.description, /HAZARD\.\.\.60 mph wind gusts\./);
    assert.deepEqual(svr.parameters.maxWindGust, ['60 MPH']);
    const grid = (await w.get('/gridpoints/TOP/32,81')).body.properties;
    assert.match(grid.weather.values[0].validTime, HOUR);
    assert.equal(grid.weather.values[0].value[0].weather, 'thunderstorms');
    assert.match(grid.windGust.values[0].validTime, HOUR);
    assert.ok(mph(grid.windGust.values[0].value) >= 58, `a severe gust: ${grid.windGust.values[0].value} km/h`);
    const hourly = (await w.get('/gridpoints/TOP/32,81/forecast/hourly')).body.properties.periods;
    assert.match(hourly[0].shortForecast, /Thunderstorms/);
    const daily = (await w.get('/gridpoints/TOP/32,81/forecast')).body.properties.periods[0];
    assert.match(daily.detailedForecast, /^Showers and thunderstorms[^.]*\. Some of the storms could be severe\./);
  });

  it('is a 35 kt storm on calm water for a Special Marine Warning, as its marine gridpoint says', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const [smw] = await alertsOf(w, [{ event: 'Special Marine Warning', zones: ['AMZ670'] }]);
    assert.match(smw.description, /HAZARD\.\.\.Wind gusts to 35 knots\./);
    const grid = (await w.get('/gridpoints/MFL/138,90')).body.properties; // AMZ670's place's gridpoint
    assert.equal(grid.weather.values[0].value[0].weather, 'thunderstorms');
    assert.match(grid.windGust.values[0].validTime, HOUR);
    assert.ok(grid.windGust.values[0].value / 1.852 >= 34, `a 34 kt gust: ${grid.windGust.values[0].value} km/h`);
  });

  // The gridpoint's rain over [from, to) epoch hours, mm: a value is the amount over its validTime (a run of equal
  // hours, as NDFD's accumulations), so a part of a run counts its share (alerts-amounts.test.ts reads them so too).
  const rainOver = (layer: any, from: number, to: number) => {
    let total = 0;
    for (const { validTime, value } of layer.values) {
      const [start, duration] = validTime.split('/');
      const first = Date.parse(start) / 3_600_000;
      const m = /^P(?:(\d+)D)?(?:T(\d+)H)?$/.exec(duration)!;
      const last = first + Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0);
      total += (value * Math.max(0, Math.min(to, last) - Math.max(from, first))) / (last - first);
    }
    return total;
  };
  const quarterInch = (mm: number) => Math.max(0.25, Math.round(mm / 25.4 / 0.25) * 0.25);
  /**
   * A Flash Flood Warning's text against its grid, at the warned point's gridpoint: the rain of the hour before it
   * is sent is what it says has fallen, and the rain of every hour it runs (its sending's to its ending's) sums to
   * the additional amount it gives, to the quarter inch it quotes. The clock goes back to the hour before its
   * sending to read them all (a gridpoint begins at the clock's hour).
   */
  const checkFlood = async (w: Awaited<ReturnType<typeof forecastWorld>>, ffw: any, point: string) => {
    const text =
      /Up to ([\d.]+) inch(?:es)? of rain (?:has|have) fallen\. Additional rainfall amounts up to ([\d.]+) inch(?:es)? are possible in the warned area\./.exec(
        ffw.description,
      );
    assert.ok(text, ffw.description);
    const sentHour = Math.floor(Date.parse(ffw.sent) / 3_600_000);
    const endHour = Math.ceil(Date.parse(ffw.ends) / 3_600_000);
    await w.send('PUT', '/_taskcast/clock', { now: new Date((sentHour - 1) * 3_600_000).toISOString() }, auth);
    const gridUrl = (await w.get(`/points/${point}`)).body.properties.forecastGridData;
    const qpf = (await w.get(new URL(gridUrl).pathname)).body.properties.quantitativePrecipitation;
    const fallen = rainOver(qpf, sentHour - 1, sentHour);
    const more = rainOver(qpf, sentHour, endHour);
    assert.equal(quarterInch(fallen), Number(text[1]), `the hour before it is sent: ${fallen} mm`);
    assert.equal(quarterInch(more), Number(text[2]), `its ${endHour - sentHour} hours: ${more} mm`);
    const mm = (x: number) => Math.round(x * 100) / 100;
    return { fallen: mm(fallen), more: mm(more), hours: endHour - sentHour };
  };

  it("puts a Flash Flood Warning's rain in the grid, and the scenario's figures where it gives them", async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const [ffw] = await alertsOf(w, [{ event: 'Flash Flood Warning', point: [39.7456, -97.0892] }]);
    assert.match(ffw.description, /Up to 1 inch of rain has fallen\. Additional rainfall amounts up to 3 inches /);
    const qpf = (await w.get('/gridpoints/TOP/32,81')).body.properties.quantitativePrecipitation.values[0];
    assert.equal(qpf.validTime, '2026-01-15T18:00:00+00:00/PT3H');
    assert.equal(qpf.value, 76.2, 'an inch in each of its three hours: the amount over the run, mm');
    // Sent at 18:00, ending at 21:00: an inch fallen 17:00 to 18:00, and three to come.
    assert.deepEqual(await checkFlood(w, ffw, POINT), { fallen: 25.4, more: 76.2, hours: 3 });
    await w.send('PUT', '/_taskcast/clock', { now: CLOCK }, auth);
    const given = await alertsOf(w, [
      { event: 'Flash Flood Warning', point: [39.7456, -97.0892], rainInches: 2, sent: 'now-40m' },
      { event: 'Severe Thunderstorm Warning', point: [39.7456, -97.0892], gustMph: 70 },
    ]);
    const byEvent = (event: string) => given.find((p: any) => p.event === event);
    // Sent at 17:20, ending at 20:20: two inches fallen 16:00 to 17:00, and 2 in each of its four hours to come.
    assert.match(
      byEvent('Flash Flood Warning').description,
      /Up to 2 inches of rain have fallen\. Additional rainfall amounts up to 8 inches /,
    );
    assert.deepEqual(byEvent('Severe Thunderstorm Warning').parameters.maxWindGust, ['70 MPH']);
    const grid = (await w.get('/gridpoints/TOP/32,81')).body.properties;
    // Two inches an hour from 18:00 (the clock) through 20:00, the hour it ends in: 3 × 50.8 mm over PT3H.
    assert.deepEqual(grid.quantitativePrecipitation.values[0], {
      validTime: '2026-01-15T18:00:00+00:00/PT3H',
      value: 152.4,
    });
    assert.equal(Math.round(mph(grid.windGust.values[0].value)), 70);
    assert.deepEqual(await checkFlood(w, byEvent('Flash Flood Warning'), POINT), {
      fallen: 50.8,
      more: 203.2,
      hours: 4,
    });
  });

  it("quotes the grid's rain where the scenario's weather dries a Flash Flood Warning's hours", async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    const put = await w.send(
      'PUT',
      '/_taskcast/scenario',
      {
        clock: CLOCK,
        modelAlerts: false,
        alerts: [{ event: 'Flash Flood Warning', point: [39.7456, -97.0892] }],
        weather: [
          {
            area: { point: [39.7456, -97.0892], radiusKm: 500 },
            from: 'now+1h',
            to: 'now+6h',
            set: { precipitation: 'none' },
          },
        ],
      },
      auth,
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const [ffw] = (await w.get('/alerts/active')).body.features.map((f: any) => f.properties);
    // Its first hour alone rains: an inch fallen, an inch to come.
    assert.deepEqual(await checkFlood(w, ffw, POINT), { fallen: 25.4, more: 25.4, hours: 3 });
  });
});

describe('faults', () => {
  const normalise = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|"23a051dd"|\/23a051dd/g, (m) =>
        m.startsWith('"') ? '"ID"' : m.startsWith('/') ? '/ID' : 'ID',
      )
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00/g, 'DATE')
      .replaceAll('http://taskcast.test', 'https://api.weather.gov');

  it('ForecastGridExpired: the real body byte for byte (ids and dates aside), for its count', async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    await w.send('PUT', '/_taskcast/scenario', TORNADO, auth);
    const first = await w.get('/gridpoints/TOP/32,81/forecast');
    assert.equal(first.status, 503);
    assert.equal(first.headers.get('content-type'), 'application/problem+json');
    assert.equal(normalise(first.text), normalise(fixtureText('problem_forecast_grid_expired_503.json')));
    assert.equal(first.body.correlationId, first.headers.get('x-correlation-id'));
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast')).status, 503);
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast')).status, 200, 'count 2 spent');
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast/hourly')).status, 200, 'another path');
  });

  it("UnexpectedProblem and the CDN's HTML 403, byte for byte; latency added", async () => {
    const w = await forecastWorld({ adminToken: TOKEN });
    await w.send(
      'PUT',
      '/_taskcast/scenario',
      {
        faults: [
          { path: '/stations/*', status: 500, problem: 'UnexpectedProblem' },
          { path: '/points/*', html: true, count: 1 },
          { path: '/zones/**', delayMs: 300 },
        ],
      },
      auth,
    );
    const problem = await w.get('/stations/KTOP');
    assert.equal(problem.status, 500);
    assert.equal(normalise(problem.text), normalise(fixtureText('problem_unexpected_500.json')));
    // The CDN's page is no answer of the API, so it is outside the served OpenAPI contract `get` checks.
    const denied = await w.send('GET', `/points/${POINT}`, undefined, { 'user-agent': UA });
    assert.equal(denied.status, 403);
    assert.equal(denied.headers.get('content-type'), 'text/html');
    assert.equal(denied.headers.get('server'), 'AkamaiGHost');
    const ref = (s: string) =>
      s
        .replace(/Reference&#32;&#35;18&#46;[0-9a-f]{8}&#46;\d+&#46;[0-9a-f]{8}/, 'REF')
        .replace('taskcast&#46;test', 'api&#46;weather&#46;gov');
    assert.equal(ref(denied.text), ref(CDN_403_PAGE));
    assert.equal((await w.get(`/points/${POINT}`)).status, 200);
    const started = Date.now();
    const slow = await w.get('/zones/forecast/KSZ040');
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started >= 290, 'delayed');
    // The admin routes and the task API never fail.
    assert.equal((await w.send('GET', '/_taskcast/scenario', undefined, auth)).status, 200);
    assert.equal((await w.get('/health')).status, 200);
  });

  it('a rate fails a reproducible share of requests', async () => {
    const run = async () => {
      const w = await forecastWorld({ adminToken: TOKEN });
      await w.send(
        'PUT',
        '/_taskcast/scenario',
        { name: 'flaky', faults: [{ path: '/offices/*', status: 500, rate: 0.5 }] },
        auth,
      );
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await w.get('/offices/TOP')).status);
      return out;
    };
    const a = await run();
    assert.deepEqual(await run(), a);
    const failed = a.filter((s) => s === 500).length;
    assert.ok(failed > 5 && failed < 35, `${failed} of 40`);
  });
});
