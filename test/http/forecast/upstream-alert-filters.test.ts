import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { upstreamWorld } from '../../support/upstream-world.ts';

// The spec's alert filter values that api.weather.gov does not take, through the upstream provider: what is
// sent upstream, and what comes back. The fake's one alert (alerts_active_zone.json) expired in 2019.

describe("upstream provider: the spec's alert filter values", () => {
  let w: Awaited<ReturnType<typeof upstreamWorld>>;
  before(async () => {
    w = await upstreamWorld();
  });
  after(() => w.fake.close());

  const lastCall = () => w.fake.calls[w.fake.calls.length - 1]!.path;

  test('status=expired: upstream is asked without status, and the page keeps the expired alerts', async () => {
    const reply = await w.get('/alerts?status=expired');
    assert.equal(reply.status, 200, reply.text.slice(0, 300));
    assert.equal(lastCall(), '/alerts?limit=100');
    assert.equal(reply.body.features.length, 1);
    const both = await w.get('/alerts?status=exercise,expired');
    assert.equal(both.body.features.length, 1, 'expired, though not an exercise');
    const exercise = await w.get('/alerts?status=exercise');
    assert.equal(lastCall(), '/alerts?status=exercise&limit=100');
    assert.equal(exercise.status, 200);
  });

  test('message_type=original goes upstream as alert; a zone code in area as zone; /alerts/active without limit', async () => {
    await w.get('/alerts?message_type=Original');
    assert.equal(lastCall(), '/alerts?message_type=alert&limit=100');
    await w.get('/alerts/active?area=ORZ004');
    assert.equal(lastCall(), '/alerts/active?zone=ORZ004');
  });
});
