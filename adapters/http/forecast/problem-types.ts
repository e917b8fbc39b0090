/**
 * Every problem type a forecast error body can name, so that its `type` link, `{base}/problems/<Name>`,
 * resolves to a page saying what it means and what to do. The first nine are Taskcast's own; the others
 * are api.weather.gov's, which the upstream provider passes through with their links rewritten.
 */
export interface ProblemType {
  readonly title: string;
  /** The status it usually comes with. */
  readonly status: number;
  readonly meaning: string;
  readonly whatToDo: string;
}

export const PROBLEM_TYPES = {
  BadRequest: {
    title: 'Bad Request',
    status: 400,
    meaning:
      'The request as a whole cannot be served, for example parameters that cannot be combined (area, zone and point on /alerts).',
    whatToDo:
      'Read the detail member, change the request as it says, and send it again. Sending it unchanged will fail the same way.',
  },
  InvalidParameter: {
    title: 'Invalid Parameter',
    status: 400,
    meaning:
      'A path or query parameter cannot be parsed or is out of range: a latitude beyond 90, a bbox not in west,south,east,north order, an unknown filter value, a limit above the maximum.',
    whatToDo: 'The detail member names the parameter and the values it takes. Correct that parameter and retry.',
  },
  NotFound: {
    title: 'Not Found',
    status: 404,
    meaning:
      'Nothing exists at this address: an unknown station, office, zone type or zone id, a grid cell out of range, a point outside the coverage, an alert no longer kept, or a path the API does not have.',
    whatToDo:
      "Check the identifier the detail member names. Use the links of an earlier answer (a point's forecast and zone links, a list's ids) rather than building addresses by hand.",
  },
  NotAcceptable: {
    title: 'Not Acceptable',
    status: 406,
    meaning:
      'The Accept header allows none of the formats served: application/geo+json (the default), application/ld+json and application/json. A JSON-LD-only document (an office, a product) asked for as application/geo+json is not refused: it answers as application/ld+json.',
    whatToDo: 'Send Accept: application/geo+json, or leave the Accept header out.',
  },
  MethodNotAllowed: {
    title: 'Method Not Allowed',
    status: 405,
    meaning:
      'The forecast API is read-only: its resources answer GET, HEAD and OPTIONS, and nothing else (POST, PUT, PATCH, DELETE). The Allow header lists the methods.',
    whatToDo: 'Read the resource with GET (or HEAD). To change data, use the task API under /api.',
  },
  TooManyRequests: {
    title: 'Too Many Requests',
    status: 429,
    meaning:
      'This client address sent more forecast requests in the current minute than the server allows (FORECAST_RATE_LIMIT).',
    whatToDo:
      'Wait the number of seconds the Retry-After header gives, then retry. Cache answers: they carry ETag, Last-Modified and Cache-Control.',
  },
  UnexpectedProblem: {
    title: 'Unexpected Problem',
    status: 500,
    meaning:
      'The server or its data source failed while answering: an internal error (500), an upstream that answered badly (502) or is unavailable (503).',
    whatToDo:
      'Retry later, after Retry-After when the answer gives one. If it persists, report the correlationId of the answer to the operator.',
  },
  URITooLong: {
    title: 'URI Too Long',
    status: 414,
    meaning:
      "The request line is longer than the server reads: the request line and headers together may take 16 KB (Node's limit, unless the operator raised it).",
    whatToDo:
      'Shorten the URL: fewer or shorter query parameters (a list of zones or stations can be split over several requests).',
  },
  RequestHeaderFieldsTooLarge: {
    title: 'Request Header Fields Too Large',
    status: 431,
    meaning:
      "The request's headers are larger than the server reads: the request line and headers together may take 16 KB (Node's limit, unless the operator raised it).",
    whatToDo:
      'Send fewer or smaller headers: large cookies set for the whole domain are the usual cause. The API needs only User-Agent and, optionally, Accept and the conditional headers.',
  },
  InvalidPoint: {
    title: 'Invalid Point',
    status: 404,
    meaning: 'api.weather.gov has no forecast grid for the point (outside its coverage, or at sea).',
    whatToDo:
      'Check the latitude and longitude (latitude first) and that the point lies on land in the United States or its territories.',
  },
  ForecastGridExpired: {
    title: 'Forecast Grid Expired',
    status: 503,
    meaning: "api.weather.gov's forecast for this grid cell is older than it allows itself to serve.",
    whatToDo: 'Retry in a few minutes, when the office has issued a newer forecast.',
  },
  UnavailableWebService: {
    title: 'Unavailable Web Service',
    status: 503,
    meaning: 'A service api.weather.gov depends on did not answer.',
    whatToDo: 'Retry later, after Retry-After when the answer gives one.',
  },
} as const satisfies Record<string, ProblemType>;

export type ProblemName = keyof typeof PROBLEM_TYPES;

export function problemType(name: string): ProblemType | undefined {
  return Object.hasOwn(PROBLEM_TYPES, name) ? PROBLEM_TYPES[name as ProblemName] : undefined;
}
