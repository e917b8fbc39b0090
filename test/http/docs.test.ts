/**
 * /docs (Swagger UI from the swagger-ui-dist package, no CDN) and GET /'s negotiation. The page in a real
 * browser is test/e2e/browser.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { prefersHtml } from '../../adapters/http/docs/prefers-html.ts';
import { forecastWorld } from '../support/forecast-http.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const packageDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

async function fetcher() {
  const { app } = await forecastWorld();
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.fetch(new Request(`http://taskcast.test${path}`, { headers }));
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
}

test('GET / sends a browser to /docs and gives any other client a small JSON index', async () => {
  const get = await fetcher();
  const browser = await get('/', { accept: BROWSER_ACCEPT });
  assert.equal(browser.status, 302);
  assert.equal(browser.headers.get('location'), '/docs');
  assert.match(browser.headers.get('vary') ?? '', /Accept/);
  for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
    const answer = await get('/', accept === undefined ? {} : { accept });
    assert.equal(answer.status, 200, String(accept));
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    const index = JSON.parse(new TextDecoder().decode(answer.bytes));
    assert.equal(index.status, 'ok');
    assert.deepEqual(index.links, {
      docs: 'http://taskcast.test/docs',
      health: 'http://taskcast.test/health',
      taskOpenApi: 'http://taskcast.test/api/openapi.json',
      forecastOpenApi: 'http://taskcast.test/openapi.json',
    });
  }
  // Every link of the index answers.
  for (const path of ['/docs', '/health', '/api/openapi.json', '/openapi.json'])
    assert.equal((await get(path)).status, 200, path);
});

test('prefersHtml: HTML only when ranked at least as high as JSON', () => {
  assert.equal(prefersHtml(BROWSER_ACCEPT), true);
  assert.equal(prefersHtml('text/html'), true);
  assert.equal(prefersHtml(null), false);
  assert.equal(prefersHtml('*/*'), false);
  assert.equal(prefersHtml('application/json;q=1, text/html;q=0.9'), false);
  assert.equal(prefersHtml('text/html;q=0'), false);
});

test('/docs is Swagger UI from the package files, over both documents, and loads nothing from another host', async () => {
  const get = await fetcher();
  const page = await get('/docs');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = new TextDecoder().decode(page.bytes);
  const script = new TextDecoder().decode((await get('/docs/taskcast-docs.js')).bytes);
  for (const text of [html, script])
    assert.doesNotMatch(text, /(?:src|href)=["']?(?:https?:)?\/\//, 'no external script or style');
  assert.match(script, /"url":"\/api\/openapi.json"/);
  assert.match(script, /"url":"\/openapi.json"/);
  assert.match(script, /"validatorUrl":null/, 'no call to validator.swagger.io');

  const referenced = [...html.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) => m[1]!);
  assert.ok(
    referenced.includes('/docs/swagger-ui-bundle.js') && referenced.includes('/docs/swagger-ui.css'),
    referenced.join(' '),
  );
  for (const path of referenced) {
    const asset = await get(path);
    assert.equal(asset.status, 200, path);
    const file = path.slice('/docs/'.length);
    if (file !== 'taskcast-docs.js')
      assert.deepEqual(
        asset.bytes,
        new Uint8Array(readFileSync(join(packageDir, file))),
        `${path} is the package's file`,
      );
  }
  const bundle = await get('/docs/swagger-ui-bundle.js');
  assert.match(bundle.headers.get('content-type') ?? '', /javascript/);
  const etag = bundle.headers.get('etag')!;
  assert.equal((await get('/docs/swagger-ui-bundle.js', { 'if-none-match': etag })).status, 304);
  // Only the files the page needs: nothing else of the package, no path tricks.
  for (const path of [
    '/docs/package.json',
    '/docs/index.html',
    '/docs/..%2Fpackage.json',
    '/docs/swagger-ui-bundle.js.map',
  ]) {
    assert.equal((await get(path)).status, 404, path);
  }
});

test('/docs sends a CSP that allows what the page loads and nothing else, and may not be framed', async () => {
  const get = await fetcher();
  const page = await get('/docs');
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  const csp = page.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  assert.deepEqual(directives.get('default-src'), ["'none'"]);
  assert.deepEqual(directives.get('script-src'), ["'self'"], 'no inline script, no eval');
  assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(directives.get('connect-src'), ["'self'"], 'the OpenAPI documents and "Try it out" are same-origin');
  // What the page needs must be allowed: its scripts and styles come from /docs/, it has no inline script
  // (which script-src 'self' would block), and its one <style> block needs style-src 'unsafe-inline'.
  const html = new TextDecoder().decode(page.bytes);
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  assert.ok(scripts.length >= 3);
  for (const attributes of scripts) assert.match(attributes, /src="\/docs\/[^"]+"/, 'every script is a file');
  assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
  if (/<style>/.test(html)) assert.ok(directives.get('style-src')?.includes("'unsafe-inline'"));
  assert.ok(directives.get('img-src')?.includes('data:'), "Swagger UI's stylesheet embeds data: icons");
  const css = new TextDecoder().decode((await get('/docs/swagger-ui.css')).bytes);
  assert.match(css, /url\(["']?data:/, 'the stylesheet does use data: URLs');
});
