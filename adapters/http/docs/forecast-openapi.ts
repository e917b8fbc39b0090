import nws from './nws-openapi.json' with { type: 'json' };
import { FORECAST_PROBLEM_NAMES, clone, type Json } from './openapi-kit.ts';

/**
 * The forecast API's OpenAPI 3.1 document, served at GET /openapi.json where api.weather.gov serves its own.
 *
 * It starts from the official document (the project's copy, `nws-openapi.json`, extracted by
 * scripts/openapi/extract-nws-openapi.mjs: only the paths Taskcast serves) and lays over it what Taskcast
 * does differently or in addition, so that a generated client reads Taskcast's answers correctly:
 * - the contract's additions (the spec's, and what it leaves open): the gridpoint's point members, /points/{point}/forecast and
 *   /forecast/hourly, stations `bbox`/`stationId` with `limit` defaulting to 25, zones `includegeometry`,
 *   hourly periods with `name` and `detailedForecast`, a zone list entry's `observationStations` as one URL,
 *   alerts `status=expired` and `message_type=original`;
 * - the protocol: every status each route can answer (301 for points with over 4 decimals, 304, 400, 403
 *   without a User-Agent, 404, 406, 429, 5xx) instead of the official catch-all `default`, the problem
 *   types, the caching and paging headers, and the three media types, which all carry the same GeoJSON
 *   document with its JSON-LD `@context`;
 * - `servers` is the request's own `{base}`, so "try it" in /docs calls this server.
 * Parameters the official API has and Taskcast ignores (`Debug`, `Feature-Flags`, alert `code`, `region`,
 * `region_type`, the deprecated `active`) are left out.
 */
export function forecastOpenApi(base: string): Json {
  template ??= buildTemplate();
  return { ...template, servers: [{ url: base, description: 'This server' }] };
}

let template: Json | undefined;

const DOCUMENT_TYPES = ['application/geo+json', 'application/ld+json', 'application/json'] as const;
const IGNORED_PARAMETERS = new Set([
  '#/components/parameters/Debug',
  '#/components/parameters/GridpointForecastFeatureFlags',
  '#/components/parameters/AlertCode',
  '#/components/parameters/AlertRegion',
  '#/components/parameters/AlertRegionType',
]);
const POINT_PATHS = new Set(['/points/{point}', '/points/{point}/forecast', '/points/{point}/forecast/hourly']);

function buildTemplate(): Json {
  const doc = clone(nws as unknown as Json);
  const official = (doc['x-taskcast-source'] as Json | undefined)?.['officialVersion'];
  delete doc['x-taskcast-source'];
  const components = doc['components'] as Json;
  const schemas = components['schemas'] as Json;
  const parameters = components['parameters'] as Json;
  const paths = doc['paths'] as Record<string, Json>;

  doc['info'] = {
    title: 'Taskcast forecast API',
    version: '1.0.0',
    summary: 'An api.weather.gov-compatible forecast API.',
    description: [
      `Derived from the official weather.gov API ${String(official)} OpenAPI document: the routes Taskcast serves, with Taskcast's additions.`,
      '',
      '- Every request needs a non-blank `User-Agent` (a browser sends its own, which is accepted); without one, a 403.',
      '- `Accept`: `application/geo+json` (default), `application/ld+json`, `application/json`, `application/*`, `*/*`; anything else is a 406. All three types carry the same GeoJSON document with its JSON-LD `@context`.',
      '- The JSON-LD-only documents (offices, headlines, products, the glossary, CWSUs, radar servers…) serve `application/ld+json` and `application/json`; asked for as `application/geo+json`, the recommended Accept, they answer as `application/ld+json`, which is what they are.',
      '- Errors are `application/problem+json` with `type` `{base}/problems/<Name>`, Name one of ' +
        FORECAST_PROBLEM_NAMES.join(', ') +
        '.',
      '- The API is read-only: every path answers GET, HEAD and OPTIONS (a 204 with `Allow: GET, HEAD, OPTIONS`); POST, PUT, PATCH or DELETE on a path that exists is a 405 MethodNotAllowed problem with that `Allow` header, on one that does not a 404.',
      '- A point with more than 4 decimals is a 301 to the URL rounded to 4 decimals.',
      '- `ETag`, `Last-Modified` and `Cache-Control` on every document; `If-None-Match` / `If-Modified-Since` give a 304. `HEAD` works wherever `GET` does.',
      '- Lists that page carry `pagination.next` and a `Link: <…>; rel="next"` header.',
      '- Every answer carries `X-Correlation-Id` and `Access-Control-Allow-Origin: *`.',
    ].join('\n'),
    license: { name: 'MIT' },
  };

  // The User-Agent rule, and how it meets browsers (which cannot set the header).
  (components['securitySchemes'] as Json)['userAgent'] = {
    type: 'apiKey',
    in: 'header',
    name: 'User-Agent',
    description:
      'A non-blank User-Agent is required (403 without one), as api.weather.gov requires it; an app name and a contact are good manners. ' +
      'A browser cannot set this header, but it always sends its own, which is accepted: a web page needs nothing here. ' +
      'CORS preflights are answered whatever their User-Agent.',
  };

  // Headers Taskcast sends.
  const headers = components['headers'] as Json;
  dropHeaders(doc, ['X-Request-Id', 'X-Server-Id']); // api.weather.gov's server ids; Taskcast has none
  delete headers['RequestId'];
  delete headers['ServerId'];
  Object.assign(headers, {
    ETag: { description: 'A strong validator of the exact bytes.', schema: { type: 'string' } },
    LastModified: { description: "The data's update time.", schema: { type: 'string' } },
    CacheControl: { description: '`public, max-age=…`', schema: { type: 'string' } },
    Link: { description: '`<next page>; rel="next"` on a list that has a next page.', schema: { type: 'string' } },
    Location: { description: 'The canonical URL.', schema: { type: 'string', format: 'uri' } },
    RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'string' } },
    Allow: { description: '`GET, HEAD, OPTIONS`: the forecast API is read-only.', schema: { type: 'string' } },
    XCache: {
      description: 'Upstream provider only: whether the answer came from its cache.',
      schema: { type: 'string', enum: ['HIT', 'MISS', 'REVALIDATED', 'STALE'] },
    },
  });

  // Problems: the shape and the 403 of the User-Agent rule.
  const problem = schemas['ProblemDetail'] as Json;
  const problemType = (problem['properties'] as Json)['type'] as Json;
  problemType['description'] = `\`{base}/problems/<Name>\`, Name one of ${FORECAST_PROBLEM_NAMES.join(', ')}.`;
  delete problemType['default'];
  problemType['example'] = 'https://taskcast.example/problems/NotFound';
  schemas['AccessDenied'] = {
    description: 'The 403 of a request without a User-Agent: these two members and no others.',
    type: 'object',
    properties: { title: { const: 'Access denied' }, detail: { const: 'A valid User-Agent header is required.' } },
    required: ['title', 'detail'],
    additionalProperties: false,
  };
  components['responses'] = { ...(components['responses'] as Json), ...problemResponses() };

  // Contract additions to the schemas.
  const gridpoint = schemas['Gridpoint'] as Json;
  Object.assign(gridpoint['properties'] as Json, {
    timeZone: {
      type: 'string',
      description: 'Taskcast: the IANA time zone of the cell (a point member kept on the gridpoint).',
    },
    relativeLocation: {
      $ref: '#/components/schemas/RelativeLocationGeoJson',
      description: 'Taskcast: the nearest place (a point member).',
    },
    forecast: { type: 'string', format: 'uri', description: 'Taskcast: the 7-day forecast of this cell.' },
    forecastHourly: { type: 'string', format: 'uri', description: 'Taskcast: the hourly forecast of this cell.' },
    forecastGridData: { type: 'string', format: 'uri', description: 'Taskcast: this document.' },
    observationStations: { type: 'string', format: 'uri', description: 'Taskcast: the stations nearest the cell.' },
  });
  const period = (schemas['GridpointForecastPeriod'] as Json)['properties'] as Json;
  (period['name'] as Json)['description'] =
    'A textual identifier for the period. Taskcast also names hourly periods (e.g. "Tuesday 3 PM").';
  (period['detailedForecast'] as Json)['description'] =
    'A detailed textual forecast for the period. Taskcast also writes one for hourly periods.';
  // A point over water has a marine zone for its forecast zone, and no county or fire weather zone.
  const point = (schemas['Point'] as Json)['properties'] as Json;
  for (const name of ['county', 'fireWeatherZone']) {
    point[name] = {
      description: `Taskcast: null for a point over water (its forecastZone is then a marine zone).`,
      oneOf: [point[name] as Json, { type: 'null' }],
    };
  }
  const zone = (schemas['Zone'] as Json)['properties'] as Json;
  zone['observationStations'] = {
    description:
      "Taskcast: in a zone list entry, one URL (the zone's station list); in a single zone, the official array of station URLs.",
    oneOf: [{ type: 'string', format: 'uri' }, zone['observationStations'] as Json],
  };
  describeRealMembers(schemas);
  const alertStatus = parameters['AlertStatus'] as Json;
  alertStatus['description'] =
    'Status (actual, exercise, system, test, draft); Taskcast also takes `expired`: alerts whose end has passed.';
  (((alertStatus['schema'] as Json)['items'] as Json)['enum'] as string[]).push('expired');
  const messageType = parameters['AlertMessageType'] as Json;
  messageType['description'] =
    'Message type (alert, update, cancel); Taskcast also takes `original`, the first issuance.';
  (((messageType['schema'] as Json)['items'] as Json)['enum'] as string[]).push('original');
  const units = parameters['GridpointForecastUnits'] as Json;
  units['description'] = '`us` (the default): °F and mph; `si`: °C and km/h.';

  // Paths: Taskcast's zone stations under every zone type, and the forecast of a point.
  const zoneStations = paths['/zones/forecast/{zoneId}/stations'] as Json;
  delete paths['/zones/forecast/{zoneId}/stations'];
  zoneStations['parameters'] = [
    {
      name: 'type',
      in: 'path',
      required: true,
      description: 'Zone type',
      schema: { $ref: '#/components/schemas/NWSZoneType' },
    },
    ...(zoneStations['parameters'] as Json[]),
  ];
  paths['/zones/{type}/{zoneId}/stations'] = zoneStations;
  for (const hourly of [false, true]) {
    const item = clone(paths[`/gridpoints/{wfo}/{x},{y}/forecast${hourly ? '/hourly' : ''}`] as Json);
    item['parameters'] = [{ $ref: '#/components/parameters/PathPoint' }];
    const get = item['get'] as Json;
    get['operationId'] = hourly ? 'point_forecast_hourly' : 'point_forecast';
    get['description'] =
      `Taskcast: the ${hourly ? 'hourly ' : ''}forecast of the grid cell that holds the point (the real API has no such path; it links /gridpoints/{wfo}/{x},{y}/forecast${hourly ? '/hourly' : ''} from /points).`;
    paths[`/points/{point}/forecast${hourly ? '/hourly' : ''}`] = item;
  }
  addStationListParameters(paths['/stations'] as Json);
  for (const path of ['/zones', '/zones/{type}']) addZoneListParameters(paths[path] as Json);
  for (const path of [
    '/zones/{type}/{zoneId}',
    '/zones/{type}/{zoneId}/stations',
    '/gridpoints/{wfo}/{x},{y}/stations',
  ]) {
    const get = (paths[path] as Json)['get'] as Json;
    get['parameters'] = [
      ...((get['parameters'] as Json[] | undefined) ?? []),
      ...(path.startsWith('/zones/{type}/{zoneId}')
        ? [includeGeometry('includegeometry'), includeGeometry('include_geometry')]
        : []),
      limitParameter(undefined),
      cursorParameter(),
    ].filter((p, i, all) => all.findIndex((q) => q['name'] === p['name']) === i);
  }

  // Operations: Taskcast's statuses, media types and headers.
  for (const [path, item] of Object.entries(paths)) {
    const get = item['get'] as Json;
    get['parameters'] = ((get['parameters'] as Json[] | undefined) ?? []).filter(
      (p) => !IGNORED_PARAMETERS.has(String(p['$ref'])) && !(p['name'] === 'active' && path === '/alerts'),
    );
    if ((get['parameters'] as Json[]).length === 0) delete get['parameters'];
    const isIcon = path.startsWith('/icons/');
    const responses = get['responses'] as Json;
    // /points/{point}/stations answers only a 301 (to the gridpoint's stations), as the official one does.
    const redirectOnly = responses['200'] === undefined;
    if (!redirectOnly) {
      const success = resolveResponse(components, responses['200'] as Json);
      responses['200'] = isIcon
        ? iconSuccess(success)
        : documentSuccess(
            success,
            path === '/alerts' || path === '/stations' || path.startsWith('/zones') || path.endsWith('/stations'),
          );
      responses['304'] = { $ref: '#/components/responses/NotModified' };
    }
    delete responses['default'];
    // The official /alerts documents a 301 for "certain common queries"; Taskcast redirects only points.
    if (POINT_PATHS.has(path)) responses['301'] = { $ref: '#/components/responses/PointRedirect' };
    else if (!redirectOnly) delete responses['301'];
    for (const status of ['400', '403', '404', '406', '429', '500', '502', '503', '504'])
      responses[status] = { $ref: `#/components/responses/Problem${status}` };
    get['tags'] = [tagOf(path)];
    // Read-only: OPTIONS says so; every other method is the 405 of Problem405 (see info.description).
    // It takes the path parameters some paths declare on their GET only (a path-level one applies already).
    const pathParameters = ((get['parameters'] as Json[] | undefined) ?? []).filter((p) => {
      const ref = typeof p['$ref'] === 'string' ? p['$ref'].replace('#/components/parameters/', '') : undefined;
      return ((ref === undefined ? p : parameters[ref]) as Json | undefined)?.['in'] === 'path';
    });
    item['options'] = {
      tags: [tagOf(path)],
      operationId: `${typeof get['operationId'] === 'string' ? get['operationId'] : path}_options`,
      summary: 'The methods this resource answers',
      description:
        'A 204 whose `Allow` header lists GET, HEAD and OPTIONS. POST, PUT, PATCH and DELETE are a 405 MethodNotAllowed with the same `Allow`. Needs no User-Agent.',
      ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
      responses: { '204': { $ref: '#/components/responses/AllowedMethods' } },
    };
  }
  // After the loop above: a documentation page, not a forecast document, so none of the forecast statuses.
  paths['/problems/{name}'] = {
    get: {
      tags: ['Problems'],
      operationId: 'problem_type',
      summary: 'What a problem type means and what to do',
      description:
        "The page every problem's `type` URL points at. Needs no User-Agent. Browsers (Accept ranking text/html first) get HTML, other clients JSON.",
      parameters: [
        {
          name: 'name',
          in: 'path',
          required: true,
          description: 'The problem type, e.g. NotFound or InvalidParameter.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The problem type.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'name', 'title', 'status', 'meaning', 'whatToDo'],
                properties: {
                  type: { type: 'string', format: 'uri' },
                  name: { type: 'string' },
                  title: { type: 'string' },
                  status: { type: 'integer' },
                  meaning: { type: 'string' },
                  whatToDo: { type: 'string' },
                },
              },
            },
            'text/html': { schema: { type: 'string' } },
          },
        },
        '304': { $ref: '#/components/responses/NotModified' },
        '404': { $ref: '#/components/responses/Problem404' },
      },
    },
  };
  doc['tags'] = ['Points', 'Gridpoints', 'Alerts', 'Stations', 'Zones', 'Offices', 'Icons', 'Problems'].map((name) => ({
    name,
  }));
  // English collation, not the machine's locale's: the document is the same on every machine.
  const english = new Intl.Collator('en');
  doc['paths'] = Object.fromEntries(
    Object.entries(paths).sort(([a], [b]) => order(a) - order(b) || english.compare(a, b)),
  );
  return doc;
}

/**
 * Where the official 1.9.0 schemas are narrower than what api.weather.gov answers today (and so what the
 * upstream provider relays, and what the embedded provider copies): members added since, with
 * `additionalProperties: false` still in place; `gridX`/`gridY` as numeric strings; forecast geometry as a
 * GeometryCollection (point + cell); UGC codes of territories the pattern forgot (MP). The contract tests
 * hold real responses (test/fixtures/nws) against this document, which is how these were found.
 */
function describeRealMembers(schemas: Json): void {
  const props = (name: string) => (schemas[name] as Json)['properties'] as Json;
  const qv = { $ref: '#/components/schemas/QuantitativeValue' };
  Object.assign(props('GridpointForecastPeriod'), {
    probabilityOfPrecipitation: { ...qv, description: 'Chance of precipitation, percent.' },
    dewpoint: { ...qv, description: 'Dew point (hourly periods).' },
    relativeHumidity: { ...qv, description: 'Relative humidity, percent (hourly periods).' },
  });
  Object.assign(props('Zone'), {
    forecastOffice: { type: 'string', format: 'uri', description: "The zone's forecast office." },
    gridIdentifier: { type: 'string' },
    awipsLocationIdentifier: { type: 'string' },
    relatedZones: {
      type: 'object',
      description: 'Taskcast: the zones of each type that share ground with this zone.',
      additionalProperties: { type: 'array', items: { type: 'string', format: 'uri' } },
    },
  });
  Object.assign(props('ObservationStation'), {
    provider: { type: 'string', description: 'The network that provides the observations.' },
    subProvider: { type: 'string' },
    distance: { ...qv, description: 'In a list near a point: the distance from it.' },
    bearing: { ...qv, description: 'In a list near a point: the bearing from it.' },
  });
  Object.assign(props('Office'), {
    responsibleOffices: {
      type: 'array',
      items: { type: 'string', format: 'uri' },
      description: "Taskcast: a regional headquarters' forecast offices.",
    },
  });
  for (const axis of ['gridX', 'gridY']) {
    const gridpoint = props('Gridpoint');
    gridpoint[axis] = {
      description:
        'An integer, as api.weather.gov answers since mid-2024 and the embedded provider does; a numeric string in older recorded answers.',
      anyOf: [gridpoint[axis], { type: 'string', pattern: '^\\d+$' }],
    };
  }
  const geometry = schemas['GeoJsonGeometry'] as Json;
  const described = typeof geometry['description'] === 'string' ? geometry['description'] : '';
  schemas['GeoJsonGeometry'] = {
    description: `${described} A forecast's geometry may also be a GeometryCollection (the point and the cell).`,
    anyOf: [
      ...(geometry['anyOf'] as Json[]),
      {
        title: 'GeoJSON GeometryCollection',
        type: 'object',
        required: ['type', 'geometries'],
        properties: {
          type: { const: 'GeometryCollection' },
          geometries: { type: 'array', items: { $ref: '#/components/schemas/GeoJsonGeometry' } },
        },
      },
    ],
  };
  const feature = schemas['GeoJsonFeature'] as Json;
  feature['additionalProperties'] = true;
  feature['description'] =
    `${String(feature['description'])} Relayed documents may carry members newer than this document.`;
  relaxUgcPattern(schemas);
  // The Northern Mariana Islands (MP) have forecast zones and an office (GUM) but are missing from the list.
  const states = schemas['StateTerritoryCode'] as Json;
  if (Array.isArray(states['enum']) && !(states['enum'] as string[]).includes('MP'))
    states['enum'] = [...(states['enum'] as string[]), 'MP'];
}

/** The UGC pattern lists state codes and forgets some territories: any two letters, C or Z, three digits. */
function relaxUgcPattern(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(relaxUgcPattern);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  if (typeof schema['pattern'] === 'string' && schema['pattern'].includes('[CZ]\\d{3}$'))
    schema['pattern'] = '^[A-Z]{2}[CZ]\\d{3}$';
  for (const value of Object.values(schema)) relaxUgcPattern(value);
}

function dropHeaders(node: unknown, names: readonly string[]): void {
  if (Array.isArray(node)) return node.forEach((n) => dropHeaders(n, names));
  if (node === null || typeof node !== 'object') return;
  const headers = (node as Json)['headers'];
  if (headers !== null && typeof headers === 'object') for (const name of names) delete (headers as Json)[name];
  for (const value of Object.values(node)) dropHeaders(value, names);
}

function order(path: string): number {
  return ['/points', '/gridpoints', '/alerts', '/stations', '/zones', '/offices', '/icons', '/problems'].findIndex(
    (p) => path.startsWith(p),
  );
}

function tagOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first.charAt(0).toUpperCase() + first.slice(1);
}

function resolveResponse(components: Json, response: Json): Json {
  const ref = response['$ref'];
  if (typeof ref !== 'string') return response;
  return clone((components['responses'] as Json)[ref.split('/').pop() ?? ''] as Json);
}

const COMMON_HEADERS = {
  'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' },
  ETag: { $ref: '#/components/headers/ETag' },
  'Last-Modified': { $ref: '#/components/headers/LastModified' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
  'X-Cache': { $ref: '#/components/headers/XCache' },
};

/** The official 200 with its GeoJSON schema under each of the three served types. */
/**
 * A document's 200: its JSON schema under each JSON type Taskcast negotiates (a JSON-LD-only document is
 * JSON-LD by default, and geo+json or plain JSON when asked), and the official non-JSON types it also
 * serves (CAP for an alert, IWXXM for a TAF, JPEG for a thumbnail) as the official document has them.
 */
function documentSuccess(official: Json, pages: boolean): Json {
  const content = (official['content'] ?? {}) as Record<string, Json>;
  const json = Object.entries(content).find(([type]) => /json/.test(type));
  const other = Object.entries(content).filter(([type]) => !/json/.test(type));
  return {
    description: official['description'] ?? 'success',
    headers: { ...COMMON_HEADERS, ...(pages ? { Link: { $ref: '#/components/headers/Link' } } : {}) },
    content: {
      ...(json ? Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, { schema: json[1]['schema'] }])) : {}),
      ...Object.fromEntries(other),
    },
  };
}

function iconSuccess(official: Json): Json {
  return {
    description: 'The icon: an SVG drawn by the embedded provider, the official PNG through the upstream one.',
    headers: COMMON_HEADERS,
    content: {
      'image/svg+xml': { schema: { type: 'string' } },
      'image/png': {
        schema: (official['content'] as Json | undefined)?.['image/png']
          ? { type: 'string', contentMediaType: 'image/png' }
          : { type: 'string' },
      },
    },
  };
}

function problemResponses(): Json {
  const problem = (description: string, extraHeaders: Json = {}): Json => ({
    description,
    headers: { 'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' }, ...extraHeaders },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetail' } } },
  });
  return {
    NotModified: {
      description: 'Not modified: the `If-None-Match` or `If-Modified-Since` of the request still holds.',
      headers: {
        'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' },
        ETag: { $ref: '#/components/headers/ETag' },
        'Last-Modified': { $ref: '#/components/headers/LastModified' },
      },
    },
    PointRedirect: {
      description:
        'The point has more than 4 decimals: a redirect to the same URL with the point rounded to 4 decimals (the rest of the path and the query kept), as api.weather.gov does.',
      headers: {
        Location: { $ref: '#/components/headers/Location' },
        'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' },
      },
    },
    Problem400: problem('InvalidParameter (a value out of range or unparseable) or BadRequest.'),
    Problem403: {
      description: 'No User-Agent, or a blank one.',
      headers: { 'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' } },
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/AccessDenied' } } },
    },
    Problem404: problem('NotFound: an unknown resource, or a point outside the coverage (the detail names it).'),
    Problem405: problem(
      'MethodNotAllowed: a method other than GET, HEAD and OPTIONS; the API is read-only. Answers every undocumented method of a path.',
      { Allow: { $ref: '#/components/headers/Allow' } },
    ),
    AllowedMethods: {
      description: 'The methods the resource answers.',
      headers: {
        Allow: { $ref: '#/components/headers/Allow' },
        'X-Correlation-Id': { $ref: '#/components/headers/CorrelationId' },
      },
    },
    Problem406: problem('NotAcceptable: the Accept header allows none of the served types.'),
    Problem429: problem('TooManyRequests: over FORECAST_RATE_LIMIT requests from this address in a minute.', {
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    }),
    Problem500: problem('UnexpectedProblem: the body never carries internals.'),
    Problem502: problem('Upstream provider only: api.weather.gov failed and no cached copy is fresh enough.', {
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    }),
    Problem503: problem('Upstream provider only: api.weather.gov is unavailable and no cached copy is fresh enough.', {
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    }),
    Problem504: problem(
      'Upstream provider only: api.weather.gov did not answer in time and no cached copy is fresh enough.',
      { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    ),
  };
}

function addStationListParameters(item: Json): void {
  const get = item['get'] as Json;
  const kept = ((get['parameters'] as Json[]) ?? []).filter((p) => p['name'] !== 'limit');
  get['parameters'] = [
    ...kept,
    {
      name: 'stationId',
      in: 'query',
      description: 'Taskcast: observation station ids, as `id`.',
      schema: { type: 'array', items: { type: 'string' } },
      style: 'form',
      explode: false,
    },
    {
      name: 'bbox',
      in: 'query',
      description: 'Taskcast: a bounding box `west,south,east,north` in degrees.',
      schema: { type: 'string', examples: ['-98,38,-96,40'] },
    },
    limitParameter(25),
    cursorParameter(),
  ];
}

function addZoneListParameters(item: Json): void {
  const get = item['get'] as Json;
  get['parameters'] = [...((get['parameters'] as Json[]) ?? []), includeGeometry('includegeometry'), cursorParameter()];
}

function includeGeometry(name: string): Json {
  return {
    name,
    in: 'query',
    description:
      name === 'includegeometry'
        ? 'Taskcast: include the geometry (true/false); the official `include_geometry` is also taken.'
        : 'Include geometry in results (true/false)',
    schema: { type: 'boolean' },
  };
}

function limitParameter(fallback: number | undefined): Json {
  return {
    name: 'limit',
    in: 'query',
    description: fallback === undefined ? 'Page size' : `Page size; ${fallback} by default.`,
    schema: { type: 'integer', minimum: 1, maximum: 500, ...(fallback === undefined ? {} : { default: fallback }) },
  };
}

function cursorParameter(): Json {
  return {
    name: 'cursor',
    in: 'query',
    description: 'Opaque pagination cursor, from `pagination.next`.',
    schema: { type: 'string' },
  };
}
