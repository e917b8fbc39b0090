import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { cellOfGrid, cellOfPoint } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { deps } from './support.ts';

interface Sample {
  readonly city: string;
  readonly lat: string;
  readonly lon: string;
  readonly point?: { readonly x: number; readonly y: number; readonly wfo: string };
}

// Real api.weather.gov /points answers (ws4kp's regional city list).
const samples = (
  JSON.parse(
    readFileSync(new URL('../../../fixtures/forecast/ws4kp_regionalcities_points.json', import.meta.url), 'utf8'),
  ) as Sample[]
).filter((s) => s.point !== undefined && deps().offsets.has(s.point.wfo));

describe('grid cells', () => {
  it('accepts every real CONUS gridpoint address inside its office window', () => {
    assert.ok(samples.length > 300);
    for (const s of samples)
      assert.doesNotThrow(() => cellOfGrid(deps(), { office: s.point!.wfo, x: s.point!.x, y: s.point!.y }), s.city);
  });

  it('resolves real places to the gridpoints api.weather.gov gives, nearly always', () => {
    const same = samples.filter((s) => {
      const cell = cellOfPoint(deps(), Number(s.lat), Number(s.lon));
      return cell.office.id === s.point!.wfo && cell.gridX === s.point!.x && cell.gridY === s.point!.y;
    });
    assert.ok(same.length / samples.length >= 0.95, `${same.length} of ${samples.length}`);
  });

  it('rejects cells far outside the office window', () => {
    assert.throws(() => cellOfGrid(deps(), { office: 'TOP', x: 500, y: 5 }), ForecastNotFound);
    assert.throws(() => cellOfGrid(deps(), { office: 'TOP', x: 5, y: 500 }), ForecastNotFound);
  });
});
