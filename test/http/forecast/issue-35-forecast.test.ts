import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { pathFillers } from '../../support/openapi-coverage.ts';
import { declaredMediaTypes, getPathTemplates } from '../../support/openapi-responses.ts';

// Issue 35, forecast items 6 to 12: what a second pass over the forecast spec found, tried over HTTP
// through app.fetch against the embedded provider. Each test fails on the code before the fix.

const BASE = 'http://taskcast.test';
type World = Awaited<ReturnType<typeof forecastWorld>>;
type Reply = Awaited<ReturnType<World['get']>>;

function assertProblem(reply: Reply, status: number, name: string, mentions: readonly string[] = []): void {
  assert.equal(reply.status, status, reply.text.slice(0, 300));
  assert.equal(reply.headers.get('content-type'), 'application/problem+json');
  assert.equal(reply.body.type, `${BASE}/problems/${name}`);
  assert.equal(reply.body.status, status);
  for (const text of mentions) assert.ok(reply.body.detail.includes(text), `"${reply.body.detail}" names ${text}`);
}

describe('issue 35: forecast items', () => {
  let w: World;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-07-15T18:20:00Z') });
  });

  test('6. grid coordinates outside the office grid, however large, are a 404 naming office and coordinates', async () => {
    for (const xy of ['10000,10000', '99999,5', '5,99999', '4294967296,5', '99999999999999999999,1', '500,500']) {
      for (const suffix of ['', '/forecast', '/forecast/hourly', '/stations']) {
        const reply = await w.get(`/gridpoints/TOP/${xy}${suffix}`);
        assertProblem(reply, 404, 'NotFound', ['TOP', xy]);
      }
    }
    // Only a malformed value is a 400.
    for (const xy of ['-1,5', 'a,b', '5', '1.5,2', '5,', ',5', '1,2,3']) {
      assertProblem(await w.get(`/gridpoints/TOP/${encodeURIComponent(xy)}`), 400, 'InvalidParameter');
    }
    assert.equal((await w.get('/gridpoints/TOP/32,81')).status, 200);
  });

  test('7. an office that is not an NWS forecast office is a 404 naming it, on every office route', async () => {
    for (const office of ['KTOP', 'ZZ', 'T0P', 'XYZ1', 'XYZ', 'top1']) {
      for (const suffix of ['', '/forecast', '/forecast/hourly', '/stations']) {
        assertProblem(await w.get(`/gridpoints/${office}/5,5${suffix}`), 404, 'NotFound', [office, '5,5']);
      }
      for (const path of [`/offices/${office}`, `/offices/${office}/headlines`, `/offices/${office}/config`]) {
        assertProblem(await w.get(path, { accept: 'application/ld+json' }), 404, 'NotFound', [office]);
      }
      assertProblem(
        await w.get(`/offices/${office}/headlines/abc`, { accept: 'application/ld+json' }),
        404,
        'NotFound',
      );
    }
    // A product location is a path id too: one that names nothing is a 404, never a 400.
    assertProblem(await w.get('/products/locations/KTOP1/types', { accept: 'application/ld+json' }), 404, 'NotFound');
    // Real offices still answer, in any case, and so do the headquarters /offices takes.
    assert.equal((await w.get('/gridpoints/top/32,81')).status, 200);
    assert.equal((await w.get('/offices/TOP', { accept: 'application/ld+json' })).status, 200);
    assert.equal((await w.get('/offices/CRH', { accept: 'application/ld+json' })).status, 200);
  });

  test('8. a JSON-LD-only document asked for as GeoJSON is served, labelled application/ld+json', async () => {
    // Every such path of the official OpenAPI: offices, headlines, products, glossary, CWSUs, radar servers…
    const declared = (t: string): string[] => {
      try {
        return declaredMediaTypes(t);
      } catch {
        return []; // a path without a 200 (a redirect)
      }
    };
    const jsonLdOnly = getPathTemplates().filter((t) => {
      const types = declared(t);
      return types.includes('application/ld+json') && !types.includes('application/geo+json');
    });
    assert.ok(jsonLdOnly.includes('/offices/{officeId}') && jsonLdOnly.includes('/glossary'), jsonLdOnly.join());
    assert.ok(jsonLdOnly.length >= 15, `${jsonLdOnly.length} JSON-LD-only paths`);
    const fillers = pathFillers((p, h) => w.get(p, h) as any);
    for (const template of jsonLdOnly) {
      const path = await fillers[template]!();
      const asLd = await w.get(path, { accept: 'application/ld+json' });
      for (const accept of ['application/geo+json', 'application/geo+json, application/json;q=0.5']) {
        const reply = await w.get(path, { accept });
        assert.equal(reply.status, 200, `${path} ${accept}: ${reply.text.slice(0, 200)}`);
        assert.equal(reply.headers.get('content-type'), 'application/ld+json', path);
        assert.equal(reply.text, asLd.text, path);
      }
      // Plain JSON asked first still gets plain JSON.
      const json = await w.get(path, { accept: 'application/json, application/geo+json;q=0.5' });
      assert.equal(json.headers.get('content-type'), 'application/json', path);
    }
    // The GeoJSON documents are still GeoJSON.
    const point = await w.get('/points/39.7456,-97.0892', { accept: 'application/geo+json' });
    assert.equal(point.headers.get('content-type'), 'application/geo+json');
    // Following a point's forecastOffice link with the recommended Accept works.
    const office = await w.get(point.body.properties.forecastOffice.slice(BASE.length), {
      accept: 'application/geo+json',
    });
    assert.equal(office.status, 200);
    // A format no route produces is still a 406, on JSON-LD and GeoJSON routes alike.
    for (const path of ['/offices/TOP', '/glossary', '/points/39.7456,-97.0892']) {
      for (const accept of ['text/html', 'application/xml', 'application/geo+json;q=0', 'image/png']) {
        assertProblem(await w.get(path, { accept }), 406, 'NotAcceptable');
      }
    }
  });

  test('12. other methods on forecast paths are a 405 with Allow: GET, HEAD, OPTIONS and a problem body', async () => {
    const fillers = pathFillers((p, h) => w.get(p, h) as any);
    const paths = [
      '/alerts',
      '/stations/KTOP',
      '/points/39.7456,-97.0892',
      '/points/39.7456,-97.0892/forecast',
      '/points/39.7456,-97.0892/forecast/hourly',
      '/zones/fire/KSZ009/stations',
      '/icons/land/day/skc',
    ];
    for (const template of getPathTemplates()) paths.push(await fillers[template]!());
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const reply = await w.get(path, {}, method);
        assertProblem(reply, 405, 'MethodNotAllowed', [method]);
        assert.equal(reply.headers.get('allow'), 'GET, HEAD, OPTIONS', `${method} ${path}`);
        assert.equal(reply.headers.get('access-control-allow-origin'), '*');
        assert.ok(reply.headers.get('x-correlation-id'));
      }
      const options = await w.get(path, {}, 'OPTIONS');
      assert.equal(options.status, 204, path);
      assert.equal(options.headers.get('allow'), 'GET, HEAD, OPTIONS', path);
    }
    // Without a User-Agent too: the method is wrong whoever asks.
    const anonymous = await w.send('DELETE', '/stations/KTOP');
    assert.equal(anonymous.status, 405);
    assert.equal(anonymous.headers.get('allow'), 'GET, HEAD, OPTIONS');
    // A path no route serves stays a 404, whatever the method.
    assertProblem(await w.get('/no-such-thing', {}, 'POST'), 404, 'NotFound');
    // The problem's type link resolves, and the served OpenAPI names it.
    assert.equal((await w.get('/problems/MethodNotAllowed')).body.status, 405);
    const openapi = await w.app.fetch(new Request(`${BASE}/openapi.json`));
    const doc = await openapi.json();
    assert.match(doc.components.schemas.ProblemDetail.properties.type.description, /MethodNotAllowed/);
    assert.ok(doc.paths['/stations/{stationId}'].options.responses['204']);
  });

  test('9. an area that is no state, territory, marine area or zone code is a 400 naming it', async () => {
    for (const path of [
      '/alerts?area=XX',
      '/alerts/active?area=XX',
      '/alerts/active/area/XX',
      '/alerts?area=KS,XX',
      '/alerts?area=XXZ001',
      '/alerts?area=QQ',
      '/alerts/active/area/ZZ',
    ]) {
      const reply = await w.get(path);
      assertProblem(reply, 400, 'InvalidParameter');
      assert.match(reply.body.detail, /"(XX|XXZ001|QQ|ZZ)"/, path);
    }
    // A zone id's two letters are an area code too, on every route that takes one.
    for (const path of ['/alerts?zone=XXZ001', '/alerts/active/zone/QQC001', '/zones?id=XXZ001', '/zones?area=XX']) {
      assertProblem(await w.get(path), 400, 'InvalidParameter', [path.match(/[A-Z]{2}[CZ]?\d{0,3}$/)![0]]);
    }
    assertProblem(await w.get('/stations?state=XX'), 400, 'InvalidParameter', ['XX']);
    // Every state, territory and marine area of the official AreaCode still answers, and zone codes too.
    for (const code of ['KS', 'DC', 'PR', 'VI', 'GU', 'AS', 'MP', 'PW', 'FM', 'MH', 'AM', 'GM', 'LS', 'PZ', 'SL']) {
      assert.equal((await w.get(`/alerts/active/area/${code}`)).status, 200, code);
      assert.equal((await w.get(`/alerts?area=${code.toLowerCase()}`)).status, 200, code);
    }
    for (const zone of ['KSZ009', 'KSC201', 'AMZ650', 'PZZ130', 'GUZ001', 'ksz009']) {
      assert.equal((await w.get(`/alerts?area=${zone}`)).status, 200, zone);
      assert.equal((await w.get(`/alerts?zone=${zone}`)).status, 200, zone);
    }
    assert.equal((await w.get('/stations?state=PR')).status, 200);
    assert.equal((await w.get('/zones?area=AM')).status, 200);
  });

  test('10. zone KSZ009 of the sample point lists stations, in its list, its document and its observations', async () => {
    const point = await w.get('/points/39.7456,-97.0892');
    assert.equal(point.body.properties.forecastZone, `${BASE}/zones/forecast/KSZ009`);
    const list = await w.get('/zones/forecast/KSZ009/stations');
    assert.equal(list.status, 200);
    const ids = list.body.features.map((f: any) => f.properties.stationIdentifier);
    // The stations api.weather.gov lists for the point's gridpoint, nearest first (recorded, TOP/31,80).
    assert.deepEqual(ids, ['KMYZ', 'KCNK', 'KHJH', 'KBIE', 'KMHK']);
    const zone = await w.get('/zones/forecast/KSZ009');
    assert.deepEqual(
      zone.body.properties.observationStations,
      ids.map((id: string) => `${BASE}/stations/${id}`),
    );
    const observations = await w.get('/zones/forecast/KSZ009/observations?limit=5');
    assert.equal(observations.status, 200);
    assert.ok(observations.body.features.length > 0);
    for (const f of observations.body.features)
      assert.ok(ids.includes(f.properties.stationId ?? f.properties.station.split('/').pop()));
    // A zone with stations inside lists those: Shawnee County (KSZ040) holds Topeka's airports.
    const shawnee = (await w.get('/zones/forecast/KSZ040/stations')).body.features.map((f: any) => f.properties);
    assert.ok(shawnee.length > 0 && shawnee.every((p: any) => p.forecast === `${BASE}/zones/forecast/KSZ040`));
  });

  test('11. alert list titles come from the validated, de-duplicated values', async () => {
    const title = async (path: string) => (await w.get(path)).body.title as string;
    assert.equal(await title('/alerts?area=KS&area=KS&area=KS'), 'Watches, warnings, and advisories for KS');
    assert.equal(await title('/alerts?area=ks,KS'), 'Watches, warnings, and advisories for KS');
    assert.equal(
      await title('/alerts/active?area=KS&area=NE&area=KS'),
      'Current watches, warnings, and advisories for KS, NE',
    );
    const zone = await title('/alerts/active?zone=KSZ009&zone=ksz009');
    assert.equal(zone.match(/KSZ009/g)?.length, 1, zone);
    // The same list, filtered and paged alike.
    const once = await w.get('/alerts?area=KS&limit=2');
    const thrice = await w.get('/alerts?area=KS&area=KS&area=KS&limit=2');
    assert.deepEqual(
      thrice.body.features.map((f: any) => f.id),
      once.body.features.map((f: any) => f.id),
    );
    assert.equal(thrice.body.pagination?.next, once.body.pagination?.next);
  });
});
