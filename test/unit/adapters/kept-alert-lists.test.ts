/**
 * Which alert lists the server keeps per URL and second (adapters/http/forecast/forecast-routes.ts): a
 * point's and a zone's, never the country's, a state's or a region's, whose documents run to megabytes and
 * whose URLs a client can vary without end.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepsAlertList } from '../../../adapters/http/forecast/forecast-routes.ts';

test("a point's and a zone's alert lists are kept", () => {
  assert.equal(keepsAlertList('/alerts/active', { point: ['39.7,-97.1'] }), true);
  assert.equal(keepsAlertList('/alerts', { point: ['39.7,-97.1'], limit: ['10'] }), true);
  assert.equal(keepsAlertList('/alerts/active/zone/:zoneId', {}), true);
});

test("the country's, a state's and a region's lists are not", () => {
  assert.equal(keepsAlertList('/alerts', {}), false);
  assert.equal(keepsAlertList('/alerts', { limit: ['500'], padding: ['1'] }), false);
  assert.equal(keepsAlertList('/alerts/active', {}), false);
  assert.equal(keepsAlertList('/alerts/active', { area: ['KS'] }), false);
  assert.equal(keepsAlertList('/alerts/active', { point: ['39.7,-97.1'], area: ['KS'] }), false);
  assert.equal(keepsAlertList('/alerts/active/area/:area', {}), false);
  assert.equal(keepsAlertList('/alerts/active/region/:region', {}), false);
  assert.equal(keepsAlertList('/alerts/active/count', {}), false);
});
