import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { ForecastContext } from '../../../../application/forecast/ports.ts';
import { officeResources } from '../../../../adapters/forecast/embedded/offices/office-resources.ts';
import { OFFICE } from '../../../../adapters/forecast/embedded/offices/office-routes.ts';
import { askByPath, assertLinksUnderBase, BASE, ctx, deps } from './support.ts';

type Json = Record<string, any>;
const ask = askByPath(officeResources(deps()));
const offices = { office: (id: string, c: ForecastContext) => ask(OFFICE.path(id), c) };

describe('/offices/{id}', () => {
  it('describes TOP as the Office schema does', async () => {
    const body = (await offices.office('TOP', ctx)).body as Json;
    assert.equal(body['@type'], 'GovernmentOrganization');
    assert.equal(body['@id'], `${BASE}/offices/TOP`);
    assert.equal(body['id'], 'TOP');
    assert.equal(body['name'], 'Topeka, KS');
    assert.equal(body['nwsRegion'], 'cr');
    assert.equal(body['parentOrganization'], `${BASE}/offices/CRH`);
    assert.ok(body['responsibleCounties'].includes(`${BASE}/zones/county/KSC177`));
    assert.ok(body['responsibleForecastZones'].includes(`${BASE}/zones/forecast/KSZ039`));
    assert.ok(body['responsibleFireZones'].length > 0);
    assert.ok(body['approvedObservationStations'].includes(`${BASE}/stations/KTOP`));
    assert.equal(typeof body['@context'], 'object');
    // Not known, so not invented.
    for (const key of ['address', 'telephone', 'faxNumber', 'email', 'sameAs']) assert.ok(!(key in body), key);
    const allowed = [
      '@context',
      '@type',
      '@id',
      'id',
      'name',
      'address',
      'telephone',
      'faxNumber',
      'email',
      'sameAs',
      'nwsRegion',
      'parentOrganization',
      'responsibleCounties',
      'responsibleForecastZones',
      'responsibleFireZones',
      'approvedObservationStations',
    ];
    for (const key of Object.keys(body)) assert.ok(allowed.includes(key), `${key} is not in the Office schema`);
    assertLinksUnderBase(body);
  });

  it('puts Alaska offices in the Alaska region', async () => {
    assert.equal(((await offices.office('AFC', ctx)).body as Json)['parentOrganization'], `${BASE}/offices/ARH`);
  });

  it('answers 404 for an unknown office', async () => {
    await assert.rejects(
      offices.office('XYZ', ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.detail.includes('XYZ'),
    );
  });
});
