import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import jpeg from 'jpeg-js';
import { XMLValidator } from 'fast-xml-parser';
import { loadCatalogue } from '../../../adapters/forecast/embedded/catalogue/load-catalogue.ts';
import { weatherAt, type WeatherSample } from '../../../adapters/forecast/embedded/weather/index.ts';
import { isIcing, isTurbulent, latticePlaces } from '../../../adapters/forecast/embedded/aviation/storm-scan.ts';
import { loadEmbeddedDeps } from '../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { SATELLITE_BOXES } from '../../../adapters/forecast/embedded/reference/satellite-thumbnail.ts';
import { forecastWorld, UA } from '../../support/forecast-http.ts';

// Issue 11: the documents beyond the forecast spec come from the same model and clock as the rest, so they
// agree with each other. Embedded provider, through app.fetch, on a summer afternoon with alerts and storms.

const NOW = new Date('2026-07-15T18:20:00Z');
const BASE = 'http://taskcast.test';
type World = Awaited<ReturnType<typeof forecastWorld>>;
const path = (url: string) => url.slice(BASE.length);

let w: World;
before(async () => {
  w = await forecastWorld({ now: NOW });
});

describe('alerts: count, region, types', () => {
  test('/alerts/active/count equals the sizes of the matching collections', async () => {
    const count = (await w.get('/alerts/active/count')).body;
    const active = (await w.get('/alerts/active')).body.features;
    assert.ok(active.length > 0);
    assert.equal(count.total, active.length);
    assert.equal(count.land + count.marine, count.total);
    for (const [area, n] of Object.entries(count.areas).slice(0, 5)) {
      assert.equal((await w.get(`/alerts/active/area/${area}`)).body.features.length, n, `area ${area}`);
    }
    for (const [zone, n] of Object.entries(count.zones).slice(0, 5)) {
      assert.equal((await w.get(`/alerts/active/zone/${zone}`)).body.features.length, n, `zone ${zone}`);
    }
    for (const region of ['AL', 'AT', 'GL', 'GM', 'PA', 'PI']) {
      assert.equal(
        (await w.get(`/alerts/active/region/${region}`)).body.features.length,
        count.regions[region] ?? 0,
        `region ${region}`,
      );
    }
  });

  test('every active alert names only zones the service covers: the official UGC pattern, and /points answers there', async () => {
    const active = (await w.get('/alerts/active')).body.features;
    const ugcs = [...new Set(active.flatMap((f: any) => f.properties.geocode.UGC as string[]))] as string[];
    assert.ok(ugcs.length > 0);
    for (const ugc of ugcs) assert.match(ugc, /^[A-Z]{2}[CZ]\d{3}$/, ugc);
    // Every zone an alert names is one the service answers for (Alaska, Hawaii and the territories included,
    // now that their grids are served).
    for (const ugc of ugcs.filter((_, i) => i % Math.ceil(ugcs.length / 60) === 0)) {
      // A county for the county-coded storm warnings (issue 38 item 5), a forecast zone for the others.
      assert.equal((await w.get(`/zones/${ugc[2] === 'C' ? 'county' : 'forecast'}/${ugc}`)).status, 200, ugc);
    }
  });

  test('/alerts/types lists every event the alerts carry', async () => {
    const types = new Set((await w.get('/alerts/types')).body.eventTypes);
    for (const f of (await w.get('/alerts')).body.features)
      assert.ok(types.has(f.properties.event), f.properties.event);
  });

  test('region and region_type are checked as the OpenAPI declares them', async () => {
    assert.equal((await w.get('/alerts/active/region/XX')).status, 400);
    assert.equal((await w.get('/alerts/active?region_type=sea')).status, 400);
    assert.equal((await w.get('/alerts/active?region=GL&area=KS')).status, 400);
    // Land and marine split the active alerts between them: a marine alert names only marine zones.
    const land = (await w.get('/alerts/active?region_type=land')).body.features.length;
    const marine = (await w.get('/alerts/active?region_type=marine')).body.features;
    assert.equal(land + marine.length, (await w.get('/alerts/active')).body.features.length);
    for (const f of marine)
      for (const ugc of f.properties.geocode.UGC as string[])
        assert.match(ugc, /^(AM|AN|GM|L[CEHMOS]|P[HKMSZ]|S[LM])Z\d{3}$/, ugc);
  });
});

describe('headlines and products mention the hazards the alerts carry', () => {
  let office: string;
  let events: string[];
  before(async () => {
    const active = (await w.get('/alerts/active')).body.features;
    // A forecast zone's alert (the newest may be county-coded storm warnings, issue 38 item 5).
    const first = active.find((f: any) => f.properties.geocode.UGC[0][2] === 'Z');
    const zone = (await w.get(`/zones/forecast/${first.properties.geocode.UGC[0]}`)).body;
    office = zone.properties.cwa[0];
    const zones = new Set(
      (await w.get(`/zones/forecast?limit=500&area=${zone.properties.state}`)).body.features
        .filter((z: any) => z.properties.cwa.includes(office))
        .map((z: any) => z.properties.id),
    );
    events = [
      ...new Set<string>(
        active
          .filter((f: any) => f.properties.geocode.UGC.some((u: string) => zones.has(u)))
          .map((f: any) => f.properties.event),
      ),
    ];
    assert.ok(events.length > 0);
  });

  test("an office's headlines are its hazards in force", async () => {
    const graph = (await w.get(`/offices/${office}/headlines`)).body['@graph'];
    assert.deepEqual(graph.map((h: any) => h.name).sort(), [...events].sort());
    for (const h of graph) {
      const one = await w.get(path(h['@id']));
      assert.equal(one.status, 200);
      assert.equal(one.body.id, h.id);
      assert.equal((await w.get(path(h.link))).status, 200, 'the headline links to its alert');
    }
  });

  test('the latest HWO and AFD name each hazard; the AFD and ZFP read like NWS products', async () => {
    let hazardsChecked = 0;
    for (const type of ['HWO', 'AFD', 'ZFP']) {
      const list = (await w.get(`/products/types/${type}/locations/${office}`)).body['@graph'];
      assert.ok(list.length > 0, `${office} issued a ${type}`);
      const product = (await w.get(`/products/${list[0].id}`)).body;
      const text: string = product.productText;
      const lines = text.split('\n');
      assert.equal(lines[0], '000');
      assert.match(
        lines[1]!,
        new RegExp(`^${product.wmoCollectiveId} ${product.issuingOffice} \\d{6}$`),
        'WMO heading',
      );
      assert.equal(lines[2], `${type}${office}`, 'AWIPS id');
      assert.match(text, /National Weather Service /);
      assert.match(
        text,
        /\n\d{3,4} (AM|PM) [A-Z]{3,4} (Sun|Mon|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2} \d{4}\n/,
        'issuance time line',
      );
      assert.match(text, /\$\$/);
      assert.ok(
        lines.every((l) => l.length <= 66 || /^[A-Z]{2}[CZ]\d{3}/.test(l)),
        'lines wrapped at 66 columns',
      );
      if (type === 'AFD') {
        for (const section of [
          '.KEY MESSAGES...',
          '.DISCUSSION...',
          '.AVIATION...',
          `.${office} WATCHES/WARNINGS/ADVISORIES...`,
        ])
          assert.ok(text.includes(section), section);
      }
      if (type === 'HWO')
        for (const section of ['.DAY ONE...', '.DAYS TWO THROUGH SEVEN...', '.SPOTTER INFORMATION STATEMENT...'])
          assert.ok(text.includes(section), section);
      if (type === 'ZFP')
        assert.match(text, /\n[A-Z]{2}Z\d{3}-\d{6}-\n[A-Z0-9 .'/()-]+-\n/, 'zone segment: UGC line, zone name');
      if (type !== 'ZFP') {
        const issued = Date.parse(product.issuanceTime);
        const inForce = (await w.get('/alerts')).body.features.filter(
          (f: any) =>
            Date.parse(f.properties.sent) <= issued &&
            Date.parse(f.properties.expires) > issued &&
            Date.parse(f.properties.ends) > issued &&
            events.includes(f.properties.event),
        );
        for (const e of new Set(inForce.map((f: any) => f.properties.event))) {
          assert.ok(text.includes(String(e)), `${type} mentions ${String(e)}`);
          hazardsChecked++;
        }
      }
    }
    assert.ok(hazardsChecked > 0, 'the products checked were issued while a hazard was in force');
  });

  test('products filter by type, location, office and wmoid, page by limit, and keep to start/end', async () => {
    const all = (await w.get(`/products?location=${office}`)).body['@graph'];
    assert.deepEqual([...new Set(all.map((p: any) => p.productCode))].sort(), ['AFD', 'HWO', 'ZFP']);
    assert.ok(
      all.every((p: any, i: number) => i === 0 || Date.parse(all[i - 1].issuanceTime) >= Date.parse(p.issuanceTime)),
      'newest first',
    );
    assert.equal((await w.get(`/products?location=${office}&limit=2`)).body['@graph'].length, 2);
    const afd = (await w.get(`/products?location=${office}&type=AFD`)).body['@graph'];
    assert.ok(afd.length > 0 && afd.every((p: any) => p.productCode === 'AFD'));
    assert.deepEqual(
      (await w.get(`/products?office=${afd[0].issuingOffice}&wmoid=${afd[0].wmoCollectiveId}&type=AFD`)).body[
        '@graph'
      ].map((p: any) => p.id),
      afd.map((p: any) => p.id),
    );
    const start = afd[1].issuanceTime;
    assert.ok(
      (await w.get(`/products?location=${office}&type=AFD&start=${encodeURIComponent(start)}`)).body['@graph'].every(
        (p: any) => p.issuanceTime >= start,
      ),
    );
    for (const bad of ['limit=0', 'limit=501', 'type=TOOLONG', 'office=TOP', 'wmoid=FX', 'start=yesterday']) {
      const reply = await w.get(`/products?${bad}`);
      assert.equal(reply.status, 400, bad);
      assert.equal(reply.headers.get('content-type'), 'application/problem+json', bad);
    }
    assert.equal((await w.get('/products/types/XYZ')).status, 404);
  });
});

describe('forecasts, observations and TAFs agree', () => {
  test('the zone forecast equals, period by period, the forecast of the cell at the zone centroid', async () => {
    const zf = (await w.get('/zones/forecast/KSZ040/forecast')).body.properties.periods;
    const centroid = loadCatalogue().forecastZones.get('KSZ040')!.centroid;
    const point = (await w.get(`/points/${centroid.lat},${centroid.lon}`)).body.properties;
    assert.ok(point.forecastZone.endsWith('/KSZ040'), 'the centroid lies in the zone');
    const grid = (await w.get(path(point.forecast))).body.properties.periods;
    assert.deepEqual(
      zf,
      grid.map((p: any) => ({ number: p.number, name: p.name, detailedForecast: p.detailedForecast })),
    );
    assert.equal(
      (await w.get('/zones/forecast/KSZ040/forecast')).body.properties.updated,
      (await w.get(path(point.forecast))).body.properties.updated,
    );
    assert.equal((await w.get('/zones/county/KSC177/forecast')).status, 404, 'text forecasts are for public zones');
  });

  test('the station history comes from the same model: its newest report is observations/latest', async () => {
    const latest = (await w.get('/stations/KTOP/observations/latest')).body;
    const history = (await w.get('/stations/KTOP/observations')).body.features;
    assert.ok(history.length >= 24);
    assert.deepEqual(history[0].properties, latest.properties);
    assert.ok(
      history.every(
        (f: any, i: number) =>
          i === 0 || Date.parse(history[i - 1].properties.timestamp) - Date.parse(f.properties.timestamp) === 3_600_000,
      ),
      'hourly, newest first',
    );
    const one = (await w.get(`/stations/KTOP/observations/${history[5].properties.timestamp}`)).body;
    assert.deepEqual(one.properties, history[5].properties);
    const limited = (await w.get('/stations/KTOP/observations?limit=3')).body.features;
    assert.equal(limited.length, 3);
    const end = history[4].properties.timestamp;
    const start = history[10].properties.timestamp;
    const window = (
      await w.get(`/stations/KTOP/observations?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`)
    ).body.features;
    assert.deepEqual(
      window.map((f: any) => f.properties.timestamp),
      history.slice(4, 11).map((f: any) => f.properties.timestamp),
    );
    assert.equal(
      (await w.get('/stations/KTOP/observations/2026-07-15T17:52:00+00:00')).status,
      404,
      'no report at that minute',
    );
    assert.equal((await w.get('/stations/KTOP/observations/yesterday')).status, 400);
    assert.equal((await w.get('/stations/KTOP/observations?limit=0')).status, 400);
  });

  test("zone observations are its stations' reports", async () => {
    const features = (await w.get('/zones/forecast/KSZ040/observations?limit=50')).body.features;
    const stations = new Set(
      (await w.get('/zones/forecast/KSZ040/stations')).body.features.map((f: any) => f.properties['@id']),
    );
    assert.ok(features.length > 0);
    for (const f of features) assert.ok(stations.has(f.properties.station), f.properties.station);
  });

  test("a TAF follows the model at its airport: its first group is the model's wind then", async () => {
    const tafs = (await w.get('/stations/KTOP/tafs')).body['@graph'];
    assert.ok(tafs.length >= 4);
    const t = tafs[0];
    assert.match(t.rawMessage, /^TAF KTOP \d{6}Z \d{4}\/\d{4} /);
    const station = (await w.get('/stations/KTOP')).body;
    const [lon, lat] = station.geometry.coordinates;
    const s = weatherAt({ lat, lon, elevationM: station.properties.elevation.value }, Date.parse(t.start) / 3_600_000);
    const kt = Math.round(s.windSpeedKmh / 1.852);
    const wind = /^TAF KTOP \S+ \S+ (\d{3}|000)(\d{2})/.exec(t.rawMessage)!;
    if (kt >= 3) assert.equal(Number(wind[2]), kt);
    const xml = await w.app.fetch(new Request(t['@id'], { headers: { 'user-agent': UA } }));
    assert.equal(xml.headers.get('content-type'), 'application/vnd.wmo.iwxxm+xml');
    const text = await xml.text();
    assert.equal(XMLValidator.validate(text), true);
    assert.ok(text.includes(`<iwxxm:meanWindSpeed uom="[kn_i]">${kt}</iwxxm:meanWindSpeed>`));
    assert.equal((await w.get('/stations/KTOP/tafs/2026-07-15/2460')).status, 400);
    assert.equal((await w.get('/stations/KTOP/tafs/2026-13-15/1720')).status, 400);
  });
});

describe("aviation and satellite follow the model's weather", () => {
  test("every SIGMET and CWA area holds the model's thunderstorms at its time", async () => {
    const sigmets = (await w.get('/aviation/sigmets')).body.features;
    const lattice = latticePlaces(loadEmbeddedDeps({ now: () => new Date() }));
    assert.ok(sigmets.length > 0);
    for (const s of sigmets.slice(0, 10)) {
      const [[w0, s0], , [e0, n0]] = s.geometry.coordinates[0];
      // Non-convective SIGMETs (series N: icing, U: turbulence) hold the model's icing or turbulence at
      // their issue hour; convective ones its thunderstorms in the hour they are valid for.
      const kind = s.properties.sequence.at(-1);
      const issued = Math.floor(Date.parse(s.properties.issueTime) / 3_600_000);
      const hour = kind === 'N' || kind === 'U' ? issued : issued + 1;
      const holds = (x: WeatherSample) =>
        kind === 'N' ? isIcing(x) : kind === 'U' ? isTurbulent(x) : x.precipType === 'thunderstorms';
      // The storm lattice's own points in the area, over water as the forecast decides it (water's storms there).
      const inside = lattice.filter((p) => p.lat >= s0 && p.lat <= n0 && p.lon >= w0 && p.lon <= e0);
      const storms = inside.filter((p) => holds(weatherAt(p, hour))).length;
      assert.ok(storms > 0, `${s.id} has its hazard`);
      assert.equal((await w.get(path(s.id))).status, 200);
    }
    const fir = sigmets[0].properties.fir;
    assert.ok((await w.get(`/aviation/sigmets/${fir}`)).body.features.every((f: any) => f.properties.fir === fir));
    assert.equal((await w.get('/aviation/sigmets?fir=kzkc')).status, 400);
    assert.equal((await w.get('/aviation/cwsus/ZZZ')).status, 400);
    assert.equal((await w.get('/aviation/cwsus/ZKC/cwas/2026-07-15/99')).status, 400);
  });

  test('the satellite thumbnail is whiter where the model is cloudier', async () => {
    const reply = await w.app.fetch(new Request(`${BASE}/thumbnails/satellite/g`, { headers: { 'user-agent': UA } }));
    const image = jpeg.decode(new Uint8Array(await reply.arrayBuffer()));
    const box = SATELLITE_BOXES.g;
    const hour = Math.floor(NOW.getTime() / 3_600_000);
    let cloudy = 0,
      cloudyN = 0,
      clear = 0,
      clearN = 0;
    for (let y = 2; y < image.height; y += 8)
      for (let x = 2; x < image.width; x += 8) {
        const lon = box.west + ((box.east - box.west) * (x + 0.5)) / image.width;
        const lat = box.north - ((box.north - box.south) * (y + 0.5)) / image.height;
        const cover = weatherAt({ lat, lon, elevationM: 200 }, hour).skyCoverPct;
        const i = (y * image.width + x) * 4;
        const brightness = (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3;
        if (cover > 80) {
          cloudy += brightness;
          cloudyN++;
        }
        if (cover < 10) {
          clear += brightness;
          clearN++;
        }
      }
    assert.ok(cloudyN > 0 && clearN > 0);
    assert.ok(cloudy / cloudyN > clear / clearN + 40, `overcast ${cloudy / cloudyN} vs clear ${clear / clearN}`);
    assert.equal((await w.get('/thumbnails/satellite/x')).status, 400);
  });
});

describe('parameters are checked as the OpenAPI declares them', () => {
  const BAD = [
    '/alerts/active/region/XX',
    '/aviation/cwsus/ZZZ',
    '/aviation/cwsus/ZKC/cwas/2026-02-30/101',
    '/aviation/sigmets?date=2026-02-30',
    '/aviation/sigmets/KZKC/15-07-2026',
    '/stations/KTOP/tafs/2026-07-15/9999',
    '/thumbnails/satellite/q',
    '/icons/land/day/skc?size=5',
    '/icons/land/day/skc?fontsize=30',
    '/radar/queues/rds?limit=0',
    '/products?limit=0',
    '/stations/KTOP/observations?start=x',
    '/stations/KTOP/observations/notatime',
    '/zones/forecast/KSZ040/observations?limit=501',
    '/radar/stations?stationType=WSR_88D',
  ];
  const MISSING = [
    '/offices/TOP/headlines/nope',
    '/products/afd-top-202001010000',
    '/radar/stations/KXXX',
    '/radar/servers/nope',
    '/stations/KNONE/tafs',
    '/zones/forecast/KSZ999/forecast',
  ];
  for (const [status, paths] of [
    [400, BAD],
    [404, MISSING],
  ] as const) {
    for (const target of paths) {
      test(`${target}: ${status} problem+json`, async () => {
        const reply = await w.get(target);
        assert.equal(reply.status, status, reply.text);
        assert.equal(reply.headers.get('content-type'), 'application/problem+json');
        assert.equal(reply.body.status, status);
      });
    }
  }
});

describe('an alert as CAP XML', () => {
  test('Accept: application/cap+xml gets the same alert as CAP 1.2, well-formed; JSON stays the default', async () => {
    const alert = (await w.get('/alerts/active')).body.features[0];
    const url = path(alert.id);
    const reply = await w.app.fetch(
      new Request(`${BASE}${url}`, { headers: { 'user-agent': UA, accept: 'application/cap+xml' } }),
    );
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-type'), 'application/cap+xml');
    assert.equal(reply.headers.get('vary'), 'Accept');
    const xml = await reply.text();
    assert.equal(XMLValidator.validate(xml), true);
    assert.ok(xml.includes('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">'));
    assert.ok(xml.includes(`<identifier>${alert.properties.id}</identifier>`));
    assert.ok(xml.includes(`<event>${alert.properties.event}</event>`));
    for (const ugc of alert.properties.geocode.UGC) assert.ok(xml.includes(`<value>${ugc}</value>`), ugc);
    assert.equal((await w.get(url)).headers.get('content-type'), 'application/geo+json');
    assert.equal(
      (await w.get(url, { accept: 'application/cap+xml;q=0.5, application/geo+json' })).headers.get('content-type'),
      'application/geo+json',
    );
  });
});
