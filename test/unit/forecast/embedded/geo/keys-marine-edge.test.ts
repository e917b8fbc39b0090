// Issue 38 item 9: the Florida Keys' marine edge is the Key West office's (KEY), as api.weather.gov answers
// it, not the Miami office's (MFL) and not a 404. The Keys are a few hundred metres wide on the shipped
// outlines; the shore search once probed 16 bearings a ring, 4 to 25 km apart on the outer rings, so Hawk
// Channel, the reef and the Straits slipped between probes (404) or found the mainland (MFL).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellOfGrid, cellOfPoint } from '../../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { gridToLatLon } from '../../../../../adapters/forecast/embedded/geo/ndfd-grid.ts';
import { ForecastNotFound } from '../../../../../domain/forecast/errors.ts';
import { deps } from '../support.ts';
import { gridFamily } from '../grid-support.ts';
import { pointPropertiesOf, recordedAnswersOf } from './recorded-answers.ts';

const d = deps();
const latLonOf = (cell: ReturnType<typeof cellOfGrid>): [number, number] => {
  const p = gridToLatLon(cell.i, cell.j, cell.grid);
  return [p.lat, p.lon];
};
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

  it("answers the waters west of Key West to the Dry Tortugas on KEY's grid, with no text forecast", async () => {
    // KEY's marine zones reach 110 km west of Key West (the Dry Tortugas) and beyond; a window of the land
    // outline plus 45 km stopped at gridX 51 and answered 404 there. The real grid reaches them: KEY/14,23 is a
    // real gridpoint address (aashari/mcp-server-national-weather-service's tests), which lies in GMZ075.
    const grid = gridFamily(d);
    const west = [
      [24.45, -82.2, 45, 42, 'GMZ054'],
      [24.55, -82.4, 37, 45, 'GMZ044'],
      [24.3, -83.0, 14, 32, 'GMZ055'],
      [24.63, -82.87, 18, 47, 'GMZ034'], // Dry Tortugas
    ] as const;
    for (const [lat, lon, x, y, zone] of west) {
      const p = properties(lat, lon);
      assert.deepEqual(
        [p['type'], p['cwa'], p['gridId'], p['gridX'], p['gridY'], p['forecastZone'], p['county']],
        ['marine', 'KEY', 'KEY', x, y, `https://api.weather.gov/zones/forecast/${zone}`, null],
        `${lat},${lon}`,
      );
      // Over water, as elsewhere: the raw grid is served, the text forecast is not.
      await assert.rejects(
        grid.forecast({ office: 'KEY', x, y }, { hourly: false, units: 'us' }, { baseUrl: 'https://api.weather.gov' }),
        (e: unknown) => e instanceof ForecastNotFound && e.title === 'Marine Forecast Not Supported',
        `${lat},${lon}`,
      );
      const raw = (await grid.gridpoint({ office: 'KEY', x, y }, { baseUrl: 'https://api.weather.gov' })).body as {
        properties: Record<string, unknown>;
      };
      assert.deepEqual([raw.properties['gridId'], raw.properties['gridX'], raw.properties['gridY']], ['KEY', x, y]);
    }
    const far = cellOfGrid(d, { office: 'KEY', x: 14, y: 23 });
    assert.equal(d.catalogue.marineZoneAt(...latLonOf(far))?.id, 'GMZ075');
  });
});
