import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forecastWorld, UA } from '../../../support/forecast-http.ts';

const TOKEN = 'admin-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('the /_taskcast/ admin routes', () => {
  it('do not exist without ADMIN_TOKEN: 404 like any unknown path', async () => {
    const world = await forecastWorld();
    for (const [method, path] of [
      ['GET', '/_taskcast/clock'],
      ['PUT', '/_taskcast/clock'],
      ['GET', '/_taskcast/scenario'],
      ['GET', '/_taskcast/'],
    ]) {
      const r = await world.send(method!, path!, method === 'PUT' ? { now: '2026-05-20T21:00:00Z' } : undefined, {
        ...auth,
        'user-agent': UA,
      });
      assert.equal(r.status, 404, `${method} ${path}`);
    }
  });

  it('answer 401 with a missing or wrong token, and need no User-Agent', async () => {
    const world = await forecastWorld({ adminToken: TOKEN });
    assert.equal((await world.send('GET', '/_taskcast/clock')).status, 401);
    const wrong = await world.send('GET', '/_taskcast/clock', undefined, { authorization: `Bearer ${TOKEN}x` });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal(
      (await world.send('PUT', '/_taskcast/clock', { now: '2026-05-20T21:00:00Z' }, { authorization: 'Basic abc' }))
        .status,
      401,
    );
    const ok = await world.send('GET', '/_taskcast/clock', undefined, auth);
    assert.equal(ok.status, 200);
  });

  it('answer 400 to a malformed cookie or a CR/LF in ?token=, let a valid bearer through, and log nothing', async () => {
    const logged: string[] = [];
    const capture = (message: string, fields?: Record<string, unknown>) =>
      logged.push(`${message} ${JSON.stringify(fields ?? {})}`);
    const world = await forecastWorld({
      adminToken: TOKEN,
      log: { debug: capture, info: capture, warn: capture, error: capture },
    });
    const brokenCookie = { cookie: 'taskcast_admin=%E0%A4%A' };
    const alone = await world.send('GET', '/_taskcast/clock', undefined, brokenCookie);
    assert.equal(alone.status, 400);
    assert.match(alone.body.detail, /cookie is not valid percent-encoding/);
    const withBearer = await world.send('GET', '/_taskcast/clock', undefined, { ...brokenCookie, ...auth });
    assert.equal(withBearer.status, 200, 'the valid bearer token decides');
    const withWrongBearer = await world.send('GET', '/_taskcast/clock', undefined, {
      ...brokenCookie,
      authorization: 'Bearer not-the-token',
    });
    assert.equal(withWrongBearer.status, 400);

    const secret = 'supplied-secret-value';
    for (const path of ['/_taskcast/', '/_taskcast']) {
      const crlf = await world.send('GET', `${path}?token=${secret}%0D%0AX-Injected:%201`);
      assert.equal(crlf.status, 400, path);
      assert.doesNotMatch(crlf.text, new RegExp(secret), 'the answer does not echo the token');
      assert.equal(crlf.headers.get('set-cookie'), null);
    }
    // The page's own token still sets the cookie, and a wrong one is a plain 401.
    assert.equal((await world.send('GET', `/_taskcast/?token=${TOKEN}`)).status, 303);
    assert.equal((await world.send('GET', `/_taskcast/?token=${secret}`)).status, 401);
    assert.deepEqual(logged, []);
  });
});

describe('the forecast clock', () => {
  it('FORECAST_NOW starts it frozen there, and every time-dependent field follows it', async () => {
    const world = await forecastWorld({
      adminToken: TOKEN,
      forecastClock: { now: new Date('2026-05-20T21:10:00Z'), rate: 0 },
    });
    assert.deepEqual((await world.send('GET', '/_taskcast/clock', undefined, auth)).body, {
      now: '2026-05-20T21:10:00.000Z',
      rate: 0,
      controlled: true,
    });
    const forecast = await world.get('/gridpoints/TOP/32,81/forecast');
    assert.equal(forecast.body.properties.updateTime, '2026-05-20T21:00:00+00:00');
    assert.equal(forecast.headers.get('last-modified'), 'Wed, 20 May 2026 21:00:00 GMT');
    assert.match(forecast.body.properties.periods[0].startTime, /^2026-05-20T/);
    const grid = await world.get('/gridpoints/TOP/32,81');
    assert.match(grid.body.properties.validTimes, /^2026-05-20T21:00:00\+00:00\/P7D$/);
    const obs = await world.get('/stations/KTOP/observations/latest');
    assert.match(obs.body.properties.timestamp, /^2026-05-20T2/);
  });

  it('PUT moves it (the task clock stays put), GET reads it, and bodies are byte-identical under the same setting', async () => {
    const world = await forecastWorld({ adminToken: TOKEN });
    const before = await world.get('/gridpoints/TOP/32,81/forecast/hourly');
    const put = await world.send('PUT', '/_taskcast/clock', { now: '2027-01-10T06:30:00Z', rate: 0 }, auth);
    assert.equal(put.status, 200);
    assert.deepEqual(put.body, { now: '2027-01-10T06:30:00.000Z', rate: 0, controlled: true });
    const after = await world.get('/gridpoints/TOP/32,81/forecast/hourly');
    assert.notEqual(after.text, before.text);
    assert.equal(after.body.properties.updateTime, '2027-01-10T06:00:00+00:00');
    const health = await world.get('/health');
    assert.equal(health.body.timestamp, world.clock.now().toISOString(), 'the task service keeps its own clock');
    const alerts = await world.get('/alerts/active?area=KS');
    // A second world under the same clock gives the same bytes.
    const twin = await forecastWorld({
      adminToken: TOKEN,
      forecastClock: { now: new Date('2027-01-10T06:30:00Z'), rate: 0 },
    });
    assert.equal((await twin.get('/gridpoints/TOP/32,81/forecast/hourly')).text, after.text);
    assert.equal((await twin.get('/alerts/active?area=KS')).text, alerts.text);
  });

  it('rate 1 runs in real time from the instant set', async () => {
    const world = await forecastWorld({ adminToken: TOKEN });
    await world.send('PUT', '/_taskcast/clock', { now: '2026-05-20T21:00:00Z', rate: 1 }, auth);
    world.clock.advance(90 * 60_000);
    const state = (await world.send('GET', '/_taskcast/clock', undefined, auth)).body;
    assert.deepEqual(state, { now: '2026-05-20T22:30:00.000Z', rate: 1, controlled: true });
    assert.equal(
      (await world.get('/gridpoints/TOP/32,81/forecast')).body.properties.updateTime,
      '2026-05-20T22:00:00+00:00',
    );
  });

  it('refuses a bad body with 400 and the path of the mistake', async () => {
    const world = await forecastWorld({ adminToken: TOKEN });
    const bad = await world.send('PUT', '/_taskcast/clock', { now: 'yesterday' }, auth);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.path, 'now');
    const rate = await world.send('PUT', '/_taskcast/clock', { now: '2026-05-20T21:00:00Z', rate: 2 }, auth);
    assert.equal(rate.status, 400);
    assert.equal(rate.body.path, 'rate');
    assert.equal((await world.send('PUT', '/_taskcast/clock', '{', auth)).status, 400);
    assert.equal((await world.send('DELETE', '/_taskcast/clock', undefined, auth)).status, 405);
  });
});
