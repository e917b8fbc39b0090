// Every zone type of the OpenAPI's NWSZoneType (land, marine, forecast, public, coastal, offshore, fire,
// county) answers as api.weather.gov does: `land` names the public zones (clients ask /zones/land?area=WI and
// /zones/land/WIZ066/forecast), `offshore` the offshore zones (PKZ413, recorded under /zones/forecast/PKZ413
// with type "offshore", and the national centres' such as ANZ800), `coastal` and `marine` the coastal ones only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { zoneResources } from '../../../../adapters/forecast/embedded/zones/zone-resources.ts';
import { routeByPath } from '../../../../adapters/forecast/embedded/router.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { deps } from './support.ts';

type Json = Record<string, any>;
const served = routeByPath(zoneResources(deps()).routes ?? []);
const get = async (path: string) =>
  (await served.document({ path }, { baseUrl: 'https://api.weather.gov' })).body as Json;
const ids = (body: Json) => (body['features'] as Json[]).map((f) => f['properties'].id as string);

describe('zone types (NWSZoneType)', () => {
  it('answers land as the public zones', async () => {
    assert.deepEqual(ids(await get('/zones/land?area=WI')), ids(await get('/zones/public?area=WI')));
    const zone = await get('/zones/land/WIZ066');
    assert.equal(zone['properties'].type, 'public');
    assert.equal(zone['properties'].id, 'WIZ066');
  });

  it('answers offshore as the offshore zones, apart from the coastal ones', async () => {
    const offshore = ids(await get('/zones/offshore'));
    assert.ok(offshore.includes('PKZ413') && offshore.includes('ANZ800'), offshore.join());
    assert.ok(
      offshore.every((id) => /^(PK|AN|AM|GM|PZ|PH|PM)Z\d{3}$/.test(id)),
      offshore.join(),
    );
    const coastal = ids(await get('/zones/coastal?limit=500'));
    assert.ok(coastal.includes('GMZ042') && !coastal.includes('PKZ413'));
    // The recorded answer: PKZ413 under /zones/forecast/ is typed offshore, with no state, of office AFC.
    for (const path of ['/zones/forecast/PKZ413', '/zones/offshore/PKZ413']) {
      const p = (await get(path))['properties'];
      assert.equal(p.type, 'offshore', path);
      assert.equal(p.state, null);
      assert.deepEqual(p.cwa, ['AFC']);
      assert.equal(p['@id'], 'https://api.weather.gov/zones/forecast/PKZ413');
    }
    assert.equal((await get('/zones/marine/GMZ042'))['properties'].type, 'coastal');
    await assert.rejects(get('/zones/marine/PKZ413'), ForecastNotFound);
    await assert.rejects(get('/zones/offshore/GMZ042'), ForecastNotFound);
    // A national centre's zone is offshore too, and no coastal zone.
    assert.ok(!coastal.includes('ANZ800'));
    await assert.rejects(get('/zones/marine/ANZ800'), ForecastNotFound);
  });

  it('still answers a type outside the enum with the 404 naming it', async () => {
    await assert.rejects(get('/zones/nosuch'), ForecastNotFound);
  });
});
