import { createHash } from 'node:crypto';
import { newCorrelationId } from '../correlation-id.ts';
import { JSON_TYPE } from '../json-type.ts';
import { type H3, type H3Event, HTTPResponse } from 'h3';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import { baseUrlOf, type BaseUrlOptions } from './base-url.ts';
import { forecastErrorResponse } from './problem.ts';
import { problemType, type ProblemType } from './problem-types.ts';

/**
 * GET /problems/{Name}: the page a problem's `type` link points at, saying what the problem means and what
 * to do. It is documentation rather than forecast data, so, unlike the forecast routes, it asks for no
 * User-Agent: a person following the link from a browser or a log gets the page. Browsers (Accept naming
 * text/html before JSON) get HTML; everyone else JSON. An unknown name is a 404 problem.
 */
export function registerProblemPages(app: H3, options: BaseUrlOptions, report: (e: unknown) => void): void {
  const handler = (event: H3Event): HTTPResponse => {
    const base = baseUrlOf(event, options);
    const name = decodeSegment(event.context.params?.['name'] ?? '');
    const type = problemType(name);
    if (!type) {
      return forecastErrorResponse(
        new ForecastNotFound(`There is no problem type "${name}".`),
        base,
        newCorrelationId(event),
        report,
      );
    }
    const url = `${base}/problems/${name}`;
    const html = prefersHtml(event.req.headers.get('accept'));
    const text = html ? htmlPage(url, name, type) : JSON.stringify({ type: url, name, ...type });
    const headers = {
      'content-type': html ? 'text/html; charset=utf-8' : JSON_TYPE,
      etag: `"${createHash('sha1').update(text).digest('base64url')}"`,
      'cache-control': 'public, max-age=86400',
      vary: 'Accept',
    };
    if (event.req.headers.get('if-none-match') === headers.etag)
      return new HTTPResponse(null, { status: 304, headers });
    return new HTTPResponse(event.req.method === 'HEAD' ? null : text, { status: 200, headers });
  };
  app.get('/problems/:name', handler);
  app.on('HEAD', '/problems/:name', handler);
}

/** text/html ranked above every JSON type (q-values honoured): what a browser's Accept says. */
function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    if (range === 'text/html') html = Math.max(html, q);
    if (/^application\/([a-z.+-]*\+)?json$/.test(range)) json = Math.max(json, q);
  }
  return html > json;
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlPage(url: string, name: string, type: ProblemType): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(type.title)} (${e(name)})</title></head>
<body>
<h1>${e(type.title)}</h1>
<p>Problem type <code>${e(url)}</code>, usually with HTTP status ${type.status}.</p>
<h2>What it means</h2>
<p>${e(type.meaning)}</p>
<h2>What to do</h2>
<p>${e(type.whatToDo)}</p>
</body>
</html>
`;
}
