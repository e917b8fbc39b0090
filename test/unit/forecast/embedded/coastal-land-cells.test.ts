// A /points answer on land links a forecast that answers. /points called a point land by its own tests (in a
// county, within 1.5 km of the land outlines, or now beside a town the outlines leave out) while the cell's
// forecast asked five probes of the cell (its centre and four points 0.3 cells out) whether they lay in a
// county: a town on a cell whose middle is water, Utqiagvik, Waikiki, Culebra and Gambell among them, got
// /gridpoints/…/forecast 404 "Marine Forecast Not Supported". And Hatteras village, which the simplified county
// outlines leave out (Dare County's outline stops at Frisco, 8 km east), answered as marine with no zones.
// The cell now asks the point's rule of its whole outline (grid/cell-land.ts), so the two cannot disagree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellOfGrid, cellOfPoint, isMarineOnly } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { ctx, deps } from './support.ts';
import { gridFamily } from './grid-support.ts';

type Json = Record<string, any>;

const grid = gridFamily(deps());

/** Towns the real API answers as land with a point forecast, each with the county /points names. */
const TOWNS = {
  'Utqiagvik AK': { lat: 71.2906, lon: -156.7886, county: 'AKC185' },
  'Waikiki HI': { lat: 21.2793, lon: -157.8292, county: 'HIC003' },
  'Culebra PR': { lat: 18.3033, lon: -65.3003, county: 'PRC049' },
  'Gambell AK': { lat: 63.7798, lon: -171.737, county: 'AKC180' },
  'Hatteras NC': { lat: 35.2193, lon: -75.6907, county: 'NCC055' },
} as const;

const zoneId = (url: unknown): unknown => (typeof url === 'string' ? url.slice(url.lastIndexOf('/') + 1) : url);

describe('coastal towns: /points and the forecast agree on land', () => {
  it('answers each town as land with a forecast and an hourly forecast', async () => {
    for (const [where, { lat, lon, county }] of Object.entries(TOWNS)) {
      const p = ((await grid.point({ lat, lon }, ctx)).body as Json)['properties'];
      assert.equal(p.type, 'land', where);
      assert.notEqual(p.forecastZone, null, where);
      assert.equal(zoneId(p.county), county, where);
      const ref = { office: p.gridId as string, x: p.gridX as number, y: p.gridY as number };
      for (const hourly of [false, true]) {
        const doc = await grid.forecast(ref, { hourly, units: 'us' }, ctx);
        assert.ok(((doc.body as Json)['properties'].periods as unknown[]).length > 0, `${where} hourly=${hourly}`);
      }
    }
  });

  it('gives Hatteras village the zones of Hatteras Island', async () => {
    const p = ((await grid.point({ lat: 35.2193, lon: -75.6907 }, ctx)).body as Json)['properties'];
    assert.deepEqual(
      [p.cwa, zoneId(p.forecastZone), zoneId(p.county), p.timeZone],
      ['MHX', 'NCZ205', 'NCC055', 'America/New_York'],
    );
  });

  it('has a forecast for the cell of every place /points answers as land', () => {
    // Every town of the place list (21,196), at its own coordinates: 96 land answers linked a 404 before.
    const d = deps();
    const marine = new Map<string, boolean>();
    const wrong: string[] = [];
    let land = 0;
    for (const place of d.catalogue.places) {
      let cell;
      try {
        cell = cellOfPoint(d, place.lat, place.lon);
      } catch {
        continue; // Beyond every served grid (American Samoa).
      }
      if (cell.overWater) {
        wrong.push(`${place.name} ${place.state}: marine`);
        continue;
      }
      land++;
      const key = `${cell.gridId}/${cell.gridX},${cell.gridY}`;
      let marineOnly = marine.get(key);
      if (marineOnly === undefined) {
        // Asked of the cell as its /gridpoints address gives it, as the forecast route asks.
        marineOnly = isMarineOnly(d, cellOfGrid(d, { office: cell.gridId, x: cell.gridX, y: cell.gridY }));
        marine.set(key, marineOnly);
      }
      if (marineOnly) wrong.push(`${place.name} ${place.state}: ${key} has no forecast`);
    }
    assert.ok(land > 21_000, `${land} places on land`);
    assert.deepEqual(wrong, []);
  });

  it('keeps the open water of a coast marine-only', async () => {
    // Hawk Channel 5 km off Key Largo, and the Atlantic 5 km off Cape Hatteras: no land within 1.5 km of their cells.
    for (const [lat, lon] of [
      [25.05, -80.43],
      [35.2, -75.47],
    ] as const) {
      const p = ((await grid.point({ lat, lon }, ctx)).body as Json)['properties'];
      assert.equal(p.type, 'marine', `${lat},${lon}`);
      await assert.rejects(
        grid.forecast({ office: p.gridId, x: p.gridX, y: p.gridY }, { hourly: false, units: 'us' }, ctx),
        (e: any) => e.title === 'Marine Forecast Not Supported',
        `${lat},${lon}`,
      );
    }
  });
});
