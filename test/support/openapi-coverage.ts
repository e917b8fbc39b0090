import assert from 'node:assert/strict';
import { XMLValidator } from 'fast-xml-parser';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { FallbackAnswer } from './fake-nws-upstream.ts';
import { UA } from './forecast-http.ts';
import { declaredMediaTypes, getPathTemplates, isJsonMedia, schemaErrors } from './openapi-responses.ts';

// Walks every GET path template of the official OpenAPI, fills it with real ids (some taken from earlier
// answers, as a client would follow links), and checks each answer against the document: status 200, a
// Content-Type the path declares, and the body against that media type's schema; images decode as the
// declared type, XML is well-formed.

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly bytes: Uint8Array;
  readonly body: any;
}

export type Get = (path: string, headers?: Record<string, string>) => Promise<Reply>;

/** The origin the in-process app is asked at, so its links start with it. */
export const APP_ORIGIN = 'http://taskcast.test';

/** A Get over an in-process app, keeping the answer's bytes beside its text (images are checked too). */
export function appGetter(app: { fetch(request: Request): Response | Promise<Response> }): Get {
  return async (path, headers = {}) => {
    const response = await app.fetch(
      new Request(`${APP_ORIGIN}${path}`, { headers: { 'user-agent': UA, ...headers } }),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, bytes, body };
  };
}

/**
 * A fake upstream's fallback that answers every path as `origin` (an app's Get) does, with the app's origin
 * in JSON and XML rewritten to the fake's, so the links in what it serves lead back to the fake.
 */
export function answersAs(
  origin: Get,
): (pathAndQuery: string, accept: string, fakeOrigin: string) => Promise<FallbackAnswer> {
  return async (path, accept, fakeOrigin) => {
    const reply = await origin(path, accept ? { accept } : {});
    const type = reply.headers.get('content-type') ?? 'application/octet-stream';
    const body = /json|xml/.test(type)
      ? Buffer.from(reply.text.split(APP_ORIGIN).join(fakeOrigin))
      : Buffer.from(reply.bytes);
    return { status: reply.status, contentType: type, body };
  };
}

const POINT = '39.7456,-97.0892';

/** What each path template is filled with. A function may read earlier answers to find an id. */
export function pathFillers(get: Get): Record<string, () => Promise<string>> {
  const firstActiveAlert = async () => {
    const list = await get('/alerts/active');
    // A forecast zone's (the newest alerts may be county-coded storm warnings, issue 38 item 5).
    const feature =
      list.body.features.find((f: any) => f.properties.geocode?.UGC?.[0]?.[2] === 'Z') ?? list.body.features[0];
    assert.ok(feature, 'the model has an active alert at the test time');
    return feature.properties;
  };
  const idPath = (url: string) => new URL(url).pathname;
  const lastSegment = (url: string) => url.split('/').pop()!;
  const firstCwa = async () => {
    for (const cwsu of [
      'ZKC',
      'ZFW',
      'ZME',
      'ZTL',
      'ZHU',
      'ZJX',
      'ZMA',
      'ZAU',
      'ZID',
      'ZDC',
      'ZMP',
      'ZOB',
      'ZNY',
      'ZBW',
      'ZAB',
      'ZDV',
      'ZLC',
      'ZLA',
      'ZOA',
      'ZSE',
    ]) {
      const list = await get(`/aviation/cwsus/${cwsu}/cwas`);
      if (list.body.features.length > 0) return idPath(list.body.features[0].id);
    }
    throw new Error('no CWSU has a CWA at the test time');
  };
  const firstSigmet = async () => {
    const list = await get('/aviation/sigmets');
    assert.ok(list.body.features.length > 0, 'the model has SIGMETs at the test time');
    return idPath(list.body.features[0].id);
  };
  return {
    '/alerts': async () => '/alerts?limit=5',
    '/alerts/active': async () => '/alerts/active?area=KS',
    '/alerts/active/count': async () => '/alerts/active/count',
    '/alerts/active/zone/{zoneId}': async () => `/alerts/active/zone/${(await firstActiveAlert()).geocode.UGC[0]}`,
    '/alerts/active/area/{area}': async () => '/alerts/active/area/KS',
    '/alerts/active/region/{region}': async () => '/alerts/active/region/GL',
    '/alerts/types': async () => '/alerts/types',
    '/alerts/{id}': async () => `/alerts/${(await firstActiveAlert()).id}`,
    '/aviation/cwsus/{cwsuId}': async () => '/aviation/cwsus/ZKC',
    '/aviation/cwsus/{cwsuId}/cwas': async () => (await firstCwa()).split('/').slice(0, 5).join('/'),
    '/aviation/cwsus/{cwsuId}/cwas/{date}/{sequence}': firstCwa,
    '/aviation/sigmets': async () => '/aviation/sigmets',
    '/aviation/sigmets/{fir}': async () => (await firstSigmet()).split('/').slice(0, 4).join('/'),
    '/aviation/sigmets/{fir}/{date}': async () => (await firstSigmet()).split('/').slice(0, 5).join('/'),
    '/aviation/sigmets/{fir}/{date}/{sequence}': firstSigmet,
    '/glossary': async () => '/glossary',
    '/gridpoints/{wfo}/{x},{y}': async () => '/gridpoints/TOP/32,81',
    '/gridpoints/{wfo}/{x},{y}/forecast': async () => '/gridpoints/TOP/32,81/forecast',
    '/gridpoints/{wfo}/{x},{y}/forecast/hourly': async () => '/gridpoints/TOP/32,81/forecast/hourly',
    '/gridpoints/{wfo}/{x},{y}/stations': async () => '/gridpoints/TOP/32,81/stations',
    '/icons/{set}/{timeOfDay}/{first}': async () => '/icons/land/day/tsra,40?size=medium',
    '/icons/{set}/{timeOfDay}/{first}/{second}': async () => '/icons/land/night/sct/rain,60',
    '/icons': async () => '/icons',
    '/thumbnails/satellite/{area}': async () => '/thumbnails/satellite/g',
    '/stations/{stationId}/observations': async () => '/stations/KTOP/observations?limit=3',
    '/stations/{stationId}/observations/latest': async () => '/stations/KTOP/observations/latest',
    '/stations/{stationId}/observations/{time}': async () => {
      const list = await get('/stations/KTOP/observations?limit=2');
      return `/stations/KTOP/observations/${list.body.features[1].properties.timestamp}`;
    },
    '/stations/{stationId}/tafs': async () => '/stations/KTOP/tafs',
    '/stations/{stationId}/tafs/{date}/{time}': async () =>
      idPath((await get('/stations/KTOP/tafs')).body['@graph'][0]['@id']),
    '/stations': async () => '/stations?state=KS&limit=3',
    '/stations/{stationId}': async () => '/stations/KTOP',
    '/offices/{officeId}': async () => '/offices/TOP',
    '/offices/{officeId}/headlines/{headlineId}': async () => {
      const ugc = (await firstActiveAlert()).geocode.UGC[0];
      const zone = await get(`/zones/forecast/${ugc}`);
      const office = lastSegment(zone.body.properties.forecastOffices?.[0] ?? zone.body.properties.cwa?.[0]);
      const headlines = await get(`/offices/${office}/headlines`);
      assert.ok(headlines.body['@graph'].length > 0, `office ${office} has a headline for its alert`);
      return idPath(headlines.body['@graph'][0]['@id']);
    },
    '/offices/{officeId}/headlines': async () => '/offices/TOP/headlines',
    '/offices/{officeId}/config': async () => '/offices/TOP/config',
    '/points/{point}': async () => `/points/${POINT}`,
    '/points/{point}/stations': async () => `/points/${POINT}/stations`,
    '/radar/servers': async () => '/radar/servers',
    '/radar/servers/{id}': async () => idPath((await get('/radar/servers')).body['@graph'][0]['@id']),
    '/radar/stations': async () => '/radar/stations?stationType=WSR-88D',
    '/radar/stations/{stationId}': async () => '/radar/stations/KTWX',
    '/radar/stations/{stationId}/alarms': async () => '/radar/stations/KTWX/alarms',
    '/radar/queues/{host}': async () => `/radar/queues/${(await get('/radar/servers')).body['@graph'][0].id}?limit=5`,
    '/radar/profilers/{stationId}': async () => '/radar/profilers/TLKA2',
    '/products': async () => '/products?location=TOP&limit=5',
    '/products/locations': async () => '/products/locations',
    '/products/types': async () => '/products/types',
    '/products/{productId}': async () =>
      idPath((await get('/products?location=TOP&type=AFD&limit=1')).body['@graph'][0]['@id']),
    '/products/types/{typeId}': async () => '/products/types/HWO',
    '/products/types/{typeId}/locations': async () => '/products/types/AFD/locations',
    '/products/locations/{locationId}/types': async () => '/products/locations/TOP/types',
    '/products/types/{typeId}/locations/{locationId}': async () => '/products/types/AFD/locations/TOP',
    '/zones': async () => '/zones?area=KS&limit=2',
    '/zones/{type}': async () => '/zones/forecast?area=KS&limit=2',
    '/zones/{type}/{zoneId}': async () => '/zones/forecast/KSZ040',
    '/zones/{type}/{zoneId}/forecast': async () => '/zones/forecast/KSZ040/forecast',
    '/zones/forecast/{zoneId}/observations': async () => '/zones/forecast/KSZ040/observations?limit=3',
    '/zones/forecast/{zoneId}/stations': async () => '/zones/forecast/KSZ040/stations',
  };
}

/**
 * What the service serves beyond the v1.9 schemas, on purpose, and only these: the members CONTRACT.md keeps
 * from the user's spec (the gridpoint's point members, `temperatureTrend: null`) and those the real
 * api.weather.gov serves today though v1.9 lacks them (the recorded zone.json carries `forecastOffice`,
 * `gridIdentifier`, `awipsLocationIdentifier`, the spec adds `relatedZones` and a list entry's
 * `observationStations` URL; today's forecast periods carry `probabilityOfPrecipitation`,
 * and hourly ones `dewpoint` and `relativeHumidity`). They are removed before validation; everything else
 * must validate as published.
 */
/** The /points members the gridpoint document carries too, beyond the NWS contract's Gridpoint. */
export const GRIDPOINT_POINT_MEMBERS = [
  'timeZone',
  'relativeLocation',
  'forecast',
  'forecastHourly',
  'forecastGridData',
  'observationStations',
] as const;

export function withoutContractAdditions(template: string, body: any): any {
  const copy = structuredClone(body);
  const drop = (o: any, keys: readonly string[]) => {
    for (const k of keys) if (o && typeof o === 'object') delete o[k];
  };
  if (template === '/gridpoints/{wfo}/{x},{y}') {
    drop(copy.properties, GRIDPOINT_POINT_MEMBERS);
  }
  if (template.startsWith('/gridpoints/{wfo}/{x},{y}/forecast')) {
    for (const p of copy.properties?.periods ?? []) {
      drop(p, ['probabilityOfPrecipitation', 'dewpoint', 'relativeHumidity']);
      if (p.temperatureTrend === null) delete p.temperatureTrend;
    }
  }
  if (template === '/zones' || template === '/zones/{type}' || template === '/zones/{type}/{zoneId}') {
    for (const f of copy.features ?? [copy]) {
      drop(f.properties, ['forecastOffice', 'gridIdentifier', 'awipsLocationIdentifier', 'relatedZones']);
      if (typeof f.properties?.observationStations === 'string') delete f.properties.observationStations;
    }
  }
  return copy;
}

/** Fetches `path`, follows a 301 the OpenAPI declares, and checks the answer against the document. */
export async function checkPath(get: Get, template: string, path: string): Promise<void> {
  let reply = await get(path);
  if (reply.status === 301) {
    const location = reply.headers.get('location')!;
    reply = await get(new URL(location).pathname + new URL(location).search);
    template = '/gridpoints/{wfo}/{x},{y}/stations';
  }
  assert.equal(reply.status, 200, `${path}: ${reply.text.slice(0, 300)}`);
  const contentType = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const declared = declaredMediaTypes(template);
  assert.ok(declared.includes(contentType), `${path}: ${contentType} is one of ${declared.join(', ')}`);
  if (isJsonMedia(contentType)) {
    assert.deepEqual(
      schemaErrors(template, contentType, withoutContractAdditions(template, reply.body)),
      [],
      `${path} against the ${contentType} schema`,
    );
  } else if (contentType === 'image/png') {
    const png = PNG.sync.read(Buffer.from(reply.bytes));
    assert.ok(png.width > 0 && png.height > 0, `${path}: a PNG`);
  } else if (contentType === 'image/jpeg') {
    const image = jpeg.decode(reply.bytes);
    assert.ok(image.width > 0 && image.height > 0, `${path}: a JPEG`);
  } else if (/xml/.test(contentType)) {
    assert.equal(XMLValidator.validate(reply.text), true, `${path}: well-formed XML`);
  } else {
    assert.fail(`${path}: no check for ${contentType}`);
  }
}

export { getPathTemplates };
