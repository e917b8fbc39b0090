import { HTTPResponse, type H3, type H3Event } from 'h3';
import { JSON_TYPE } from '../json-type.ts';
import { baseUrlOf, type BaseUrlOptions } from '../forecast/base-url.ts';
import { docsHtml, docsScript } from './docs-page.ts';
import { prefersHtml } from './prefers-html.ts';
import { isSwaggerUiFile, swaggerUiAsset } from './swagger-ui-assets.ts';

/**
 * The page may run only its own scripts (Swagger UI's bundle, its preset and the page's loader, all served
 * from /docs/), fetch only this origin (the two OpenAPI documents and "Try it out"), and never be framed,
 * so a hostile page cannot overlay it to trick a click. Styles allow inline: Swagger UI sets style
 * attributes as it renders, and the page has one <style> block. Images allow data: for the icons
 * Swagger UI's stylesheet embeds. No eval: the bundle's one `new Function` is a fallback for a missing
 * globalThis, inside a try.
 */
export const DOCS_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

export interface DocsRouteOptions extends BaseUrlOptions {
  /** Whether the forecast API is mounted; without it there is no /openapi.json. */
  readonly forecast: boolean;
}

/** Registers a GET route and its HEAD. */
export function getAndHead(
  app: H3,
): (path: string, handler: (event: H3Event) => HTTPResponse | Promise<HTTPResponse>) => void {
  return (path, handler) => {
    app.get(path, handler);
    app.on('HEAD', path, handler);
  };
}

/**
 * Discovery: GET /openapi.json (forecast API, where api.weather.gov has its own; the task API's
 * /api/openapi.json is registerTaskApiDocument's, in task-api-document.ts), /docs (Swagger UI over both, from the package's files), and GET / (a browser goes to /docs,
 * anything else gets a small JSON index). HEAD works on each.
 */
export function registerDocsRoutes(app: H3, options: DocsRouteOptions): void {
  const get = getAndHead(app);
  const base = (event: H3Event) => baseUrlOf(event, options);

  // The document (the official one's 180 kB, laid over) is imported on the first GET /openapi.json: in the
  // test runner entry points' bundle it is a chunk of its own, which a test file never loads, where it was
  // ~10 ms of every fresh process's import to compile and build.
  if (options.forecast)
    get('/openapi.json', async (event) => json((await import('./forecast-openapi.ts')).forecastOpenApi(base(event))));

  get(
    '/docs',
    () =>
      new HTTPResponse(docsHtml(), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...DOCS_PAGE_HEADERS },
      }),
  );
  get('/docs/', () => new HTTPResponse(null, { status: 301, headers: { location: '/docs' } }));
  const script = docsScript({ forecast: options.forecast });
  get(
    '/docs/taskcast-docs.js',
    () =>
      new HTTPResponse(script, {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
      }),
  );
  get('/docs/:file', (event) => {
    const name = event.context.params?.['file'] ?? '';
    if (!isSwaggerUiFile(name)) return notFound();
    const asset = swaggerUiAsset(name);
    const headers = { 'content-type': asset.contentType, etag: asset.etag, 'cache-control': 'public, max-age=86400' };
    if (event.req.headers.get('if-none-match') === asset.etag) return new HTTPResponse(null, { status: 304, headers });
    return new HTTPResponse(asset.bytes as Uint8Array<ArrayBuffer>, { headers });
  });

  get('/', (event) => {
    if (prefersHtml(event.req.headers.get('accept'))) {
      return new HTTPResponse(null, { status: 302, headers: { location: '/docs', vary: 'Accept' } });
    }
    const b = base(event);
    return json(
      {
        name: 'Taskcast',
        status: 'ok',
        links: {
          docs: `${b}/docs`,
          health: `${b}/health`,
          taskOpenApi: `${b}/api/openapi.json`,
          ...(options.forecast ? { forecastOpenApi: `${b}/openapi.json` } : {}),
        },
      },
      { vary: 'Accept' },
    );
  });
}

/** A JSON body, not to be cached. */
export function json(body: unknown, headers: Record<string, string> = {}): HTTPResponse {
  return new HTTPResponse(JSON.stringify(body), {
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-cache', ...headers },
  });
}

function notFound(): HTTPResponse {
  return new HTTPResponse(JSON.stringify({ error: 'NotFound', message: 'No such file.' }), {
    status: 404,
    headers: { 'content-type': JSON_TYPE },
  });
}
