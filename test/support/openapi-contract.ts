/**
 * Contract checks: a response is held against the served OpenAPI document, for its path, method, status
 * and media type, and its JSON body against the schema there. The HTTP test helpers (support/http.ts,
 * support/forecast-http.ts) run every response they receive through this, so a route that answers
 * something its document does not describe fails the test that saw it.
 *
 * The rules, beyond "the operation lists that status and that media type and the body fits":
 * - HEAD is checked as GET without a body.
 * - A method the path does not document is fine only as a 405 whose `Allow` lists exactly the documented
 *   methods (plus HEAD with GET), or as a 404 (the forecast root answers unknown methods with a 404 problem).
 * - A path the document does not have is fine only as a 404: an unknown route.
 * - A trailing slash is the path without it, as h3's router has it.
 * - A CORS preflight (OPTIONS with Access-Control-Request-Method) is not an API operation: skipped.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readReply, type Reply } from './reply.ts';

type Json = Record<string, any>;

interface CompiledPath {
  readonly template: string;
  readonly pattern: RegExp;
  /** Literal characters: the more, the more specific (`/alerts/active` beats `/alerts/{id}`). */
  readonly weight: number;
  readonly item: Json;
}

export interface ContractResponse {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders?: Headers | Record<string, string>;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** False: check path, method, status and media type, but not the body against its schema (placeholder bodies of a fake provider). */
  readonly bodies?: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly paths: CompiledPath[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    private readonly document: Json,
    private readonly label: string,
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
    this.paths = Object.entries(document['paths'] as Record<string, Json>).map(([template, item]) => ({
      template,
      item,
      weight: template.replace(/\{[^}]+\}/g, '').length,
      pattern: new RegExp(
        `^${template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '([^/,]+|[^/]+)' : escape(part)))
          .join('')}$`,
      ),
    }));
  }

  /** Problems with one response; empty when the document describes it. */
  check(response: ContractResponse): string[] {
    const url = new URL(response.url);
    const method = response.method.toUpperCase();
    const requestHeaders = new Headers(response.requestHeaders ?? {});
    const where = `${this.label}: ${method} ${url.pathname} -> ${response.status}`;
    if (method === 'OPTIONS' && requestHeaders.has('access-control-request-method')) return [];
    const path = this.match(url.pathname);
    // A URL that fits no template (such as /gridpoints/TOP/32, without its comma) cannot be described by
    // OpenAPI at all; its 400 or 404 problem is all a document could say about it.
    const problem = /problem\+json/.test(response.headers.get('content-type') ?? '');
    if (!path)
      return response.status === 404 || (response.status === 400 && problem)
        ? []
        : [`${where}: the document has no path for ${url.pathname}`];
    const documented = METHODS.filter((m) => path.item[m] !== undefined);
    const operation = path.item[method === 'HEAD' ? 'get' : method.toLowerCase()] as Json | undefined;
    if (!operation) {
      if (response.status === 404) return [];
      if (response.status !== 405) return [`${where}: ${path.template} documents no ${method}`];
      const allow = (response.headers.get('allow') ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .sort();
      const expected = [
        ...documented,
        ...(documented.includes('get') && !documented.includes('head') ? ['head'] : []),
      ].sort();
      return allow.join(',') === expected.join(',')
        ? []
        : [`${where}: Allow "${response.headers.get('allow')}" differs from the documented ${expected.join(', ')}`];
    }
    const responses = operation['responses'] as Json;
    const declared =
      responses[String(response.status)] ?? responses[`${String(response.status)[0]}XX`] ?? responses['default'];
    if (!declared)
      return [
        `${where}: ${path.template} ${method} documents no ${response.status} (documented: ${Object.keys(responses).join(', ')})`,
      ];
    const resolved = this.resolve(declared);
    const missing = Object.entries((resolved['headers'] ?? {}) as Record<string, Json>)
      .filter(([name, header]) => this.resolve(header)['required'] === true && !response.headers.has(name))
      .map(([name]) => `${where}: the required header ${name} is missing`);
    if (missing.length > 0) return missing;
    const content = resolved['content'] as Record<string, Json> | undefined;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody = method !== 'HEAD' && response.text !== '';
    if (!content) return hasBody ? [`${where}: the document describes no body, got ${type || 'an untyped body'}`] : [];
    if (!hasBody) return [];
    const media = content[type];
    if (!media) return [`${where}: media type ${type || '(none)'} is not among ${Object.keys(content).join(', ')}`];
    if (!/json/.test(type) || media['schema'] === undefined || response.bodies === false) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return [`${where}: ${type} body is not JSON`];
    }
    const validate = this.validator(path.template, method, response.status, type, media['schema']);
    if (validate(body)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return [`${where}: body does not fit the schema: ${errors.join('; ')}`];
  }

  /** Throws with every problem; for the helpers, so the test that received the response fails. */
  assert(response: ContractResponse): void {
    const problems = this.check(response);
    if (problems.length > 0) throw new Error(`OpenAPI contract: ${problems.join('\n')}`);
  }

  private match(pathname: string): CompiledPath | undefined {
    // h3's router takes `/api/tasks/` for `/api/tasks`, and so does the check.
    if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
    let best: CompiledPath | undefined;
    for (const candidate of this.paths) {
      if (candidate.pattern.test(pathname) && (!best || candidate.weight > best.weight)) best = candidate;
    }
    return best;
  }

  private resolve(node: Json): Json {
    let current = node;
    for (let i = 0; i < 10 && typeof current['$ref'] === 'string'; i++) {
      current = current['$ref']
        .slice(2)
        .split('/')
        .reduce((n: any, key) => n?.[key], this.document) as Json;
    }
    return current;
  }

  private validator(template: string, method: string, status: number, type: string, schema: Json): ValidateFunction {
    const key = `${template} ${method} ${status} ${type}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // Local refs ("#/components/…") point into the whole document, added to ajv as openapi.json.
      validate = this.ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as Json,
      );
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const contracts = new Map<string, OpenApiContract>();

/**
 * The check the HTTP helpers run on every response: the task API's paths (/api, /health, /ready) against the
 * served GET /api/openapi.json, every other path against the served GET /openapi.json. The documents are
 * fetched from the app under test itself, so what is checked is what is served.
 */
export function servedContract(
  app: { fetch(request: Request): Response | Promise<Response> },
  origin = 'http://taskcast.test',
) {
  const load = async (path: string): Promise<OpenApiContract | undefined> => {
    const response = await app.fetch(new Request(`${origin}${path}`, { headers: { 'user-agent': 'contract-check' } }));
    if (response.status !== 200) return undefined;
    const text = await response.text();
    let contract = contracts.get(text);
    if (!contract) {
      contract = new OpenApiContract(JSON.parse(text) as Json, path);
      contracts.set(text, contract);
    }
    return contract;
  };
  let tasks: Promise<OpenApiContract | undefined> | undefined;
  let forecast: Promise<OpenApiContract | undefined> | undefined;
  const check = async (response: ContractResponse): Promise<void> => {
    const path = new URL(response.url).pathname;
    const isTask = path === '/api' || path.startsWith('/api/') || path === '/health' || path === '/ready';
    const contract = isTask ? await (tasks ??= load('/api/openapi.json')) : await (forecast ??= load('/openapi.json'));
    if (!contract) throw new Error(`OpenAPI contract: no document is served for ${path}`);
    contract.assert(response);
  };
  /** Loads both documents now, so the first checked response does not pay for it (timing tests). */
  check.ready = async (): Promise<void> => {
    await Promise.all([(tasks ??= load('/api/openapi.json')), (forecast ??= load('/openapi.json'))]);
  };
  return check;
}

/**
 * Sends a test's request to the app and reads the answer, checked against the served contract: what the
 * HTTP helpers do with every request. `requestHeaders` are the headers the test itself chose, `bodies` as
 * in ContractResponse.
 */
export async function checkedFetch(
  app: { fetch(request: Request): Response | Promise<Response> },
  contract: (response: ContractResponse) => Promise<void>,
  url: string,
  init: RequestInit,
  requestHeaders: Record<string, string>,
  bodies?: boolean,
): Promise<Reply> {
  const reply = await readReply(await app.fetch(new Request(url, init)));
  await contract({
    method: init.method ?? 'GET',
    url,
    requestHeaders,
    status: reply.status,
    headers: reply.headers,
    text: reply.text,
    ...(bodies === undefined ? {} : { bodies }),
  });
  return reply;
}
