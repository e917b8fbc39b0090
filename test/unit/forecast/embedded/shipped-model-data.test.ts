/**
 * What the package ships beside the weather bundle (shared/shipped-model-data.ts): an entry is found by the
 * name its cache file would have, so only the model that made it, for the same inputs, ever reads it; another
 * model (another worker bundle), other inputs, or no shipped file find nothing, and the model makes it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { modelCacheName } from '../../../../adapters/forecast/embedded/shared/model-cache.ts';
import {
  SHIPPED_MODEL_DATA,
  shippedModelFile,
  shippedYears,
  shippedYearsEntry,
  shipsModelData,
  writeShippedModelData,
} from '../../../../adapters/forecast/embedded/shared/shipped-model-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'taskcast-shipped-model-data-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A bundle folder with a worker of `model`'s text, and the URL of its weather.mjs. */
function bundle(name: string, model: string): { dir: string; url: string } {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'alert-worker.mjs'), model);
  return { dir, url: pathToFileURL(join(dir, 'weather.mjs')).href };
}

describe('shipped model data', () => {
  const month = Float64Array.from([3, -0.25, 17, 0.5]);
  const made = bundle('made', 'the model, version 1');
  writeShippedModelData(
    join(made.dir, SHIPPED_MODEL_DATA),
    new Map([[modelCacheName(made.url, 'precip-months', null, '24316.f64')!, month], shippedYearsEntry(2025, 2027)]),
  );

  it('says which years it ships, so a test can pick its `now` among them in any year', () => {
    assert.deepEqual(shippedYears(made.url), { first: 2025, last: 2027 });
    const none = bundle('no-years', 'the model, version 1');
    assert.equal(shippedYears(none.url), undefined);
  });

  it('gives back the body shipped under its cache name', () => {
    assert.equal(shipsModelData(made.url), true);
    const body = shippedModelFile(made.url, 'precip-months', null, '24316.f64');
    assert.deepEqual(body && new Float64Array(new Uint8Array(body).buffer), month);
  });

  it('finds nothing for other inputs', () => {
    assert.equal(shippedModelFile(made.url, 'precip-months', null, '24317.f64'), undefined);
    assert.equal(shippedModelFile(made.url, 'zone-offsets', null, '24316.f64'), undefined);
  });

  it('finds nothing beside another model: the file shipped with one bundle, read by another', () => {
    const other = bundle('other', 'the model, version 2');
    // the first bundle's entries, as if left beside a changed model
    writeShippedModelData(
      join(other.dir, SHIPPED_MODEL_DATA),
      new Map([[modelCacheName(made.url, 'precip-months', null, '24316.f64')!, month]]),
    );
    assert.equal(shippedModelFile(other.url, 'precip-months', null, '24316.f64'), undefined);
  });

  it('finds nothing where none is shipped, or it is not the format', () => {
    const none = bundle('none', 'the model, version 1');
    assert.equal(shipsModelData(none.url), false);
    assert.equal(shippedModelFile(none.url, 'precip-months', null, '24316.f64'), undefined);
    const garbled = bundle('garbled', 'the model, version 1');
    writeFileSync(join(garbled.dir, SHIPPED_MODEL_DATA), 'not a serialized map');
    assert.equal(shipsModelData(garbled.url), false);
  });
});
