import { randomBytes } from 'node:crypto';
import { HTTPResponse } from 'h3';
import type { ForecastControlPort } from '../../../application/forecast/forecast-controls.ts';
import type { Scenario, ScenarioAlert, ScenarioFault } from '../../forecast/control/scenario-schema.ts';

const escape = (text: unknown): string =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The point the page previews when the bundle names none: the README's tour point, Linn-area Kansas. */
const DEFAULT_POINT = '39.7456,-97.0892';

function alertRow(a: ScenarioAlert): string {
  const where = a.point ? `point ${a.point.join(',')}` : a.zones ? `zones ${a.zones.join(', ')}` : `state ${a.area}`;
  return `<tr><td>${escape(a.event)}</td><td>${escape(where)}</td><td>${escape(a.onset ?? a.sent ?? 'now')}</td><td>${escape(a.ends ?? '(usual length)')}</td></tr>`;
}

function faultRow(f: ScenarioFault, remaining: number | null): string {
  const what = f.html
    ? `CDN HTML ${f.status ?? 403}`
    : f.problem
      ? `${f.problem} ${f.status ?? ''}`
      : f.status !== undefined
        ? `status ${f.status}`
        : 'latency only';
  const limits = [
    f.count === undefined ? '' : `${remaining ?? 0} of ${f.count} left`,
    f.rate === undefined ? '' : `rate ${f.rate}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `<tr><td><code>${escape(f.path)}</code></td><td>${escape(what.trim())}</td><td>${f.delayMs ? `${f.delayMs} ms` : ''}</td><td>${escape(limits || 'every request')}</td></tr>`;
}

/**
 * GET /_taskcast/: the controls for people who would rather click. Server-rendered, one small inline
 * script (allowed by its nonce) that PUTs and DELETEs through the same admin routes; nothing from a CDN.
 */
export function controlPage(
  controls: ForecastControlPort<Scenario, ScenarioFault>,
  bundlePaths: readonly string[],
): HTTPResponse {
  const clock = controls.clockState();
  const inForce = controls.scenario();
  const scenario = inForce?.scenario;
  const faults = controls.faultsInForce();
  const points = bundlePaths.filter((p) => /^\/points\/[^/?]+$/.test(p)).map((p) => p.slice('/points/'.length));
  const preview = points[0] ?? DEFAULT_POINT;
  const nonce = randomBytes(16).toString('base64');

  const scenarioHtml = scenario
    ? `<p>In force: <strong id="scenario-name">${escape(scenario.name ?? '(unnamed)')}</strong>, relative times from ${escape(new Date(inForce.anchorMs).toISOString())}.</p>
      <h3>Alerts</h3>${scenario.alerts?.length ? `<table id="alerts"><tr><th>event</th><th>where</th><th>onset</th><th>ends</th></tr>${scenario.alerts.map(alertRow).join('')}</table>` : '<p>none</p>'}
      <h3>Weather overrides</h3><p>${scenario.weather?.length ?? 0}</p>
      <h3>Faults</h3>${faults.length ? `<table id="faults"><tr><th>path</th><th>answer</th><th>delay</th><th>limit</th></tr>${faults.map((f) => faultRow(f.fault, f.remaining)).join('')}</table>` : '<p>none</p>'}`
    : '<p id="scenario-name">None: the plain model.</p>';

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Taskcast controls</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
textarea{width:100%;height:10rem;font:13px monospace}section{margin-bottom:2rem}#error{color:#b00}
</style></head>
<body>
<h1>Taskcast: api.weather.gov test double</h1>
<p id="error" role="alert"></p>
<section><h2>Clock</h2>
<p>The forecast clock reads <strong id="clock-now">${escape(clock.now)}</strong>, ${clock.rate === 0 ? 'frozen' : 'running'}${clock.controlled ? '' : ' (the system clock)'}.</p>
<form id="clock-form"><label>New time (UTC) <input id="clock-input" name="now" type="datetime-local" step="60" value="${escape(clock.now.slice(0, 16))}" required></label>
<label><input id="clock-rate" type="checkbox" ${clock.rate === 1 ? 'checked' : ''}> keep running</label>
<button id="clock-set" type="submit">Set the clock</button></form>
</section>
<section><h2>Scenario</h2>${scenarioHtml}
<form id="scenario-form"><label for="scenario-input">Load a scenario (JSON, see <a href="/_taskcast/scenario.schema.json">the schema</a>)</label>
<textarea id="scenario-input">${escape(scenario ? JSON.stringify(scenario, null, 2) : '')}</textarea>
<button type="submit">Load</button> <button id="scenario-clear" type="button">Back to the plain model</button></form>
</section>
<section><h2>Bundle points</h2>
${points.length ? `<ul id="points">${points.map((p) => `<li><a href="/points/${escape(p)}/forecast">${escape(p)}</a> (<a href="/points/${escape(p)}/forecast/hourly">hourly</a>)</li>`).join('')}</ul>` : '<p>No bundle is being replayed (FORECAST_PROVIDER=replay).</p>'}
</section>
<section><h2>Forecast at <a href="/points/${escape(preview)}/forecast">${escape(preview)}</a></h2>
<p>Updated <strong id="forecast-updated">…</strong>: <span id="forecast-first">…</span></p>
</section>
<script nonce="${nonce}">
const error = document.getElementById('error');
async function send(method, path, body) {
  const response = await fetch(path, { method, credentials: 'same-origin', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    error.textContent = (problem.path ? problem.path + ': ' : '') + (problem.detail || response.statusText);
    return false;
  }
  location.reload();
  return true;
}
document.getElementById('clock-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const value = document.getElementById('clock-input').value;
  send('PUT', '/_taskcast/clock', JSON.stringify({ now: new Date(value + 'Z').toISOString(), rate: document.getElementById('clock-rate').checked ? 1 : 0 }));
});
document.getElementById('scenario-form').addEventListener('submit', (e) => {
  e.preventDefault();
  send('PUT', '/_taskcast/scenario', document.getElementById('scenario-input').value);
});
document.getElementById('scenario-clear').addEventListener('click', () => send('DELETE', '/_taskcast/scenario'));
// no-store: the answer's max-age runs to the next hour, and the clock may have jumped since.
fetch('/points/${escape(preview)}/forecast', { cache: 'no-store', headers: { accept: 'application/geo+json' } })
  .then((r) => r.json())
  .then((doc) => {
    const p = doc.properties && doc.properties.periods && doc.properties.periods[0];
    document.getElementById('forecast-updated').textContent = doc.properties ? doc.properties.updateTime : '(' + (doc.title || 'no forecast') + ')';
    document.getElementById('forecast-first').textContent = p ? p.name + ': ' + p.shortForecast + ', ' + p.temperature + ' °' + p.temperatureUnit : (doc.detail || '');
  })
  .catch((e) => { document.getElementById('forecast-first').textContent = String(e); });
</script>
</body></html>
`;
  return new HTTPResponse(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
    },
  });
}
