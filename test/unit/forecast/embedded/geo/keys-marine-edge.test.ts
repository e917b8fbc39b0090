// Issue 38 item 9: the Florida Keys' marine edge is the Key West office's (KEY), as api.weather.gov answers
// it, not the Miami office's (MFL) and not a 404. The Keys are a few hundred metres wide on the shipped
// outlines; the shore search once probed 16 bearings a ring, 4 to 25 km apart on the outer rings, so Hawk
// Channel, the reef and the Straits slipped between probes (404) or found the mainland (MFL).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellOfPoint } from '../../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { deps } from '../support.ts';
import { pointPropertiesOf, recordedAnswersOf } from './recorded-answers.ts';

const d = deps();
const properties = pointPropertiesOf(d);

/** Every real KEY answer the project keeps. */
const keyAnswers = recordedAnswersOf('KEY');

describe("the Florida Keys' marine edge (issue 38 item 9)", () => {
  it('gives every recorded KEY answer its office and cell, the Gulf point off Cape Sable included', () => {
    assert.equal(keyAnswers.length, 4);
    for (const a of keyAnswers) {
      const p = properties(a.lat, a.lon);
      assert.deepEqual([p['gridId'], p['gridX'], p['gridY']], [a.gridId, a.gridX, a.gridY], `${a.lat},${a.lon}`);
    }
  });

  it("answers Hawk Channel, the reef and the Straits off the outlined Keys from KEY's grid, as marine", () => {
    // Points 2 to 20 km south-east of Key West, Sugarloaf, Big Pine, Marathon, Islamorada and Key Largo: the
    // Key West office's marine zones (Hawk Channel GMZ042-044, the Straits GMZ052-055), nearest land a Key.
    const keys = [
      [24.55, -81.8],
      [24.62, -81.5],
      [24.67, -81.35],
      [24.71, -81.06],
      [24.93, -80.6],
      [25.1, -80.42],
    ] as const;
    const wrong: string[] = [];
    for (const [lat0, lon0] of keys)
      for (const km of [2, 5, 10, 15, 20]) {
        const lat = lat0 - (0.9 * km) / 111.32;
        const lon = lon0 + (0.45 * km) / 101;
        try {
          const cell = cellOfPoint(d, lat, lon);
          if (cell.office.id !== 'KEY' || (km >= 5 && !cell.overWater))
            wrong.push(`${lat.toFixed(3)},${lon.toFixed(3)}: ${cell.office.id}`);
          // Over water, the forecast zone is the KEY marine zone that holds the point (Hawk Channel or the
          // Straits, out 20 nautical miles), and there is no county or fire zone.
          const p = properties(lat, lon);
          const zone = String(p['forecastZone']).slice(-6);
          if (
            cell.overWater &&
            (!/^GMZ0[45][2-5]$/.test(zone) || p['county'] !== null || p['fireWeatherZone'] !== null)
          )
            wrong.push(`${lat.toFixed(3)},${lon.toFixed(3)}: zone ${zone}, county ${String(p['county'])}`);
        } catch {
          wrong.push(`${lat.toFixed(3)},${lon.toFixed(3)}: 404`);
        }
      }
    assert.deepEqual(wrong, []);
  });
});
