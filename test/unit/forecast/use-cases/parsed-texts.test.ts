import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePoint } from '../../../../domain/forecast/coordinates.ts';
import { InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { parseGridRef } from '../../../../domain/forecast/grid-ref.ts';
import { gridRefOf, pointOf } from '../../../../application/forecast/parsed-texts.ts';

describe('parsed texts', () => {
  it('gives what parsing gives, the same frozen object for the same text', () => {
    for (const text of ['39.7456,-97.0892', '39.74561,-97.0892', ' 40 , -100 ', '-14.2756,-170.702']) {
      assert.deepEqual(pointOf(text), parsePoint(text));
      assert.equal(pointOf(text), pointOf(text));
      assert.ok(Object.isFrozen(pointOf(text)));
    }
    assert.deepEqual(gridRefOf('top', '32,81'), parseGridRef('top', '32,81'));
    assert.equal(gridRefOf('TOP', '32,81'), gridRefOf('TOP', '32,81'));
    assert.notEqual(gridRefOf('TOP', '32,81'), gridRefOf('TOP', '32,82'));
  });

  it('throws for a bad text every time, and keeps nothing for it', () => {
    for (let i = 0; i < 2; i++) {
      assert.throws(() => pointOf('999,1'), InvalidParameter);
      assert.throws(() => gridRefOf('TOP', '32'), InvalidParameter);
      assert.throws(() => gridRefOf('TO', 'P/32,81'), InvalidParameter);
    }
  });

  it('keeps office and x,y apart, whatever characters a decoded path segment holds', () => {
    // Path segments are percent-decoded, so "TOP/1" and "1/2" can both arrive; neither names a cell.
    assert.deepEqual(gridRefOf('TOP', '1,2'), { office: 'TOP', x: 1, y: 2 });
    assert.throws(() => gridRefOf('TOP1', ',2'), InvalidParameter);
    assert.throws(() => gridRefOf('TO', 'P1,2'), InvalidParameter);
  });

  it('still answers right once more texts than it keeps have gone through it', () => {
    for (let i = 0; i < 9000; i++) {
      const text = `${(i % 90).toFixed(0)}.${String(i).padStart(4, '0')},-100`;
      assert.deepEqual(pointOf(text), parsePoint(text));
    }
    assert.deepEqual(pointOf('39.7456,-97.0892'), parsePoint('39.7456,-97.0892'));
  });
});
