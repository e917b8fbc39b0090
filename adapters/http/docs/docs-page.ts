/**
 * The /docs page: Swagger UI over both OpenAPI documents, with a selector at the top. The documents'
 * `servers` is this server, so "Try it out" calls it; the page loads nothing from another host
 * (`validatorUrl: null` turns off the badge that would call validator.swagger.io).
 */
export interface DocsSources {
  /** False in a task-only embedding, where the forecast routes are not mounted. */
  readonly forecast: boolean;
}

export function docsHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Taskcast API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="/docs/favicon-16x16.png" sizes="16x16">
  <style>html { box-sizing: border-box; overflow-y: scroll; } body { margin: 0; background: #fafafa; }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js" charset="utf-8"></script>
  <script src="/docs/swagger-ui-standalone-preset.js" charset="utf-8"></script>
  <script src="/docs/taskcast-docs.js" charset="utf-8"></script>
</body>
</html>
`;
}

/** The initializer, a file of its own so the page runs no inline script. */
export function docsScript(sources: DocsSources): string {
  const urls = [{ url: '/api/openapi.json', name: 'Task API' }];
  if (sources.forecast) urls.push({ url: '/openapi.json', name: 'Forecast API' });
  const config = {
    urls,
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'StandaloneLayout',
    validatorUrl: null,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
  };
  return `// Taskcast's Swagger UI set-up (served by adapters/http/docs/docs-page.ts).
window.addEventListener('load', function () {
  var config = ${JSON.stringify(config)};
  config.presets = [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset];
  config.plugins = [SwaggerUIBundle.plugins.DownloadUrl];
  window.ui = SwaggerUIBundle(config);
});
`;
}
