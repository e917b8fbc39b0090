import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers';
import { test } from 'node:test';
import { fitStormPolygonsInTurns } from '../../../../adapters/forecast/embedded/alerts/storm-polygons.ts';
import { multiPolygonContains } from '../../../../adapters/forecast/embedded/catalogue/geometry.ts';
import type { AlertFeature, StormTrack } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue } from './alerts-zones-support.ts';

/**
 * A storm warning as the model sends it to be fitted: coded by `ugc`, its storm at `at` moving north-east at
 * 45 km/h for 45 minutes. Only what the fitting reads is filled in.
 */
function stormWarning(ugc: string, at: { lat: number; lon: number }): AlertFeature {
  const track: StormTrack = {
    ...at,
    fromDeg: 240,
    speedKmh: 45,
    durationMinutes: 45,
    backWidthKm: 8,
    frontWidthKm: 16,
  };
  return {
    properties: { id: `test-${ugc}`, geocode: { UGC: [ugc] } },
    geometry: null,
    track,
  } as unknown as AlertFeature;
}

const counties = [...catalogue.countyZones.values()].filter((c) => c.shape !== null).slice(0, 400);
const marine = [...catalogue.marineZones.values()].slice(0, 40);

test("a cycle's storm polygons are fitted inside their zones, a few milliseconds at a time", async () => {
  const warnings = [
    ...counties.map((c) => stormWarning(c.id, c.centroid)),
    ...marine.map((z) => stormWarning(z.id, z.centroid)),
    // A code the catalogue does not know: no outline, so no storm-based warning.
    stormWarning('KSC999', { lat: 39, lon: -96 }),
  ];
  // An alert without a track (a zone-coded product) passes through untouched, in its place.
  const plain = {
    properties: { id: 'plain', geocode: { UGC: ['KSZ040'] } },
    geometry: null,
  } as unknown as AlertFeature;
  warnings.splice(10, 0, plain);

  // Turns of the event loop taken while the polygons are fitted: the work (~440 polygons, each tested
  // against its zone's outline at dozens of points) is far more than one slice's 4 ms.
  let turns = 0;
  let fitting = true;
  const count = (): void => {
    if (!fitting) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  const served = await fitStormPolygonsInTurns(warnings, catalogue);
  fitting = false;
  assert.ok(turns >= 2, `the event loop turned ${turns} times while ${warnings.length} polygons were fitted`);

  const ids = (alerts: readonly AlertFeature[]) => alerts.map((a) => a.properties.id);
  const fittedBefore = ids(served).filter((id) => ids(warnings.slice(0, 10)).includes(id)).length;
  assert.equal(served[fittedBefore], plain, 'the alert without a track keeps its place');
  assert.ok(!served.some((a) => a.properties.id === 'test-KSC999'), 'an unknown zone gets no storm warning');
  // The rest keep their order, and each polygon lies inside its own zone (county or marine).
  const fitted = served.filter((a) => a !== plain);
  assert.deepEqual(
    ids(fitted),
    ids(warnings).filter((id) => ids(fitted).includes(id)),
  );
  assert.ok(fitted.length >= warnings.length - 20, `${fitted.length} of ${warnings.length} fitted`);
  for (const alert of fitted) {
    const ugc = alert.properties.geocode.UGC[0]!;
    const shape = (catalogue.countyZones.get(ugc) ?? catalogue.marineZones.get(ugc))!.shape!;
    const ring = alert.geometry!.coordinates[0]!;
    for (const [lon, lat] of ring) assert.ok(multiPolygonContains(shape.polygons, lon, lat), `${ugc}: ${lon},${lat}`);
  }
});
