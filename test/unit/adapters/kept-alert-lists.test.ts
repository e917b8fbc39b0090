/**
 * Which alert lists the server keeps per URL and second (adapters/http/forecast/forecast-routes.ts): one
 * point's and one zone's, under URLs with nothing but the list's own parameters; never the country's, a
 * state's or a region's, nor a zone path naming many zones, whose documents run to megabytes and whose URLs a
 * client can vary without end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { H3 } from 'h3';
import type { ForecastUseCases } from '../../../application/forecast/index.ts';
import type { ForecastControls } from '../../../adapters/forecast/control/forecast-controls.ts';
import { keepsAlertList, registerForecastRoutes } from '../../../adapters/http/forecast/forecast-routes.ts';
import { KeptDocuments } from '../../../adapters/http/forecast/kept-documents.ts';
import { createContainer } from '../../../bootstrap/composition/container.ts';
import { TOKENS } from '../../../bootstrap/composition/tokens.ts';
import { UA } from '../../support/forecast-http.ts';

const ZONE = '/alerts/active/zone/:zoneId';

test("one point's and one zone's alert lists are kept", () => {
  assert.equal(keepsAlertList('/alerts/active', { point: ['39.7,-97.1'] }), true);
  assert.equal(keepsAlertList('/alerts', { point: ['39.7,-97.1'], limit: ['10'] }), true);
  assert.equal(keepsAlertList(ZONE, {}, 'KSZ009'), true);
  assert.equal(keepsAlertList(ZONE, { severity: ['severe'] }, 'KSZ009'), true);
});

test("the country's, a state's, a region's and many zones' lists are not, nor padded URLs", () => {
  assert.equal(keepsAlertList('/alerts', {}), false);
  assert.equal(keepsAlertList('/alerts', { limit: ['500'] }), false);
  assert.equal(keepsAlertList('/alerts/active', {}), false);
  assert.equal(keepsAlertList('/alerts/active', { area: ['KS'] }), false);
  assert.equal(keepsAlertList('/alerts/active', { zone: ['KSZ009'] }), false);
  assert.equal(keepsAlertList('/alerts/active', { region: ['AL'] }), false);
  assert.equal(keepsAlertList('/alerts/active', { point: ['39.7,-97.1'], pad: ['1'] }), false);
  assert.equal(keepsAlertList(ZONE, {}, 'KSZ009,KSZ010'), false);
  assert.equal(keepsAlertList(ZONE, { pad: ['1'] }, 'KSZ009'), false);
  assert.equal(keepsAlertList(ZONE, {}, ''), false);
  assert.equal(keepsAlertList('/alerts/active/area/:area', {}), false);
  assert.equal(keepsAlertList('/alerts/active/region/:region', {}), false);
  assert.equal(keepsAlertList('/alerts/active/count', {}), false);
});

test('the routes apply the rule: padded, national and many-zone lists add nothing to the kept documents', async () => {
  const container = createContainer({ storage: 'memory', jwtSecret: 'kept-alert-lists-secret-at-least-32-chars' });
  const uc = await container.getAsync<ForecastUseCases>(TOKENS.ForecastUseCases);
  const controls = await container.getAsync<ForecastControls>(TOKENS.ForecastControls);
  const kept = new KeptDocuments(controls);
  const app = new H3({ silent: true });
  registerForecastRoutes(app, uc, { trustProxy: false, kept }, () => {});
  const get = async (path: string): Promise<number> =>
    (await app.fetch(new Request(`http://taskcast.test${path}`, { headers: { 'user-agent': UA } }))).status;

  for (const path of [
    '/alerts?limit=5&pad=1',
    '/alerts?limit=5&pad=2',
    '/alerts/active?area=KS',
    '/alerts/active/zone/KSZ009,KSZ010',
    '/alerts/active/zone/KSZ009?pad=1',
  ])
    assert.equal(await get(path), 200, path);
  assert.equal(kept.size, 0, 'none of these is kept');

  assert.equal(await get('/alerts/active?point=39.7456,-97.0892'), 200);
  assert.equal(await get('/alerts/active/zone/KSZ009'), 200);
  assert.equal(kept.size, 2, "a point's and a zone's lists are kept");
});
