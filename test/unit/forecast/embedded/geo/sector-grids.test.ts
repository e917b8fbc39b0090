// Issue 38 item 9: the seas around Guam and the Marianas. GUM has the NDFD Guam grid to itself, and
// api.weather.gov answers open-ocean points on it far beyond any coastal waters; the same holds for the
// offices alone on their grids (Hawaii's HFO, Puerto Rico's SJU). Off the grid, 404 as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellOfGrid, cellOfPoint } from '../../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { gridToLatLon, latLonToGrid, NDFD_GUAM } from '../../../../../adapters/forecast/embedded/geo/ndfd-grid.ts';
import { ForecastNotFound } from '../../../../../domain/forecast/errors.ts';
import { deps } from '../support.ts';
import { pointPropertiesOf, recordedAnswersOf } from './recorded-answers.ts';

const d = deps();
const properties = pointPropertiesOf(d);

/** Every real GUM answer the project keeps. */
const gumAnswers = recordedAnswersOf('GUM');

describe('the Guam grid (issue 38 item 9)', () => {
  it('gives every recorded GUM answer its office and cell', () => {
    assert.ok(gumAnswers.length >= 5, `${gumAnswers.length} answers`);
    for (const a of gumAnswers) {
      const p = properties(a.lat, a.lon);
      assert.deepEqual([p['gridId'], p['gridX'], p['gridY']], [a.gridId, a.gridX, a.gridY], `${a.lat},${a.lon}`);
    }
  });

  it('answers open-ocean points anywhere on the grid from GUM, as marine, on the cell that holds them', () => {
    const window = d.offsets.get('GUM')!;
    let points = 0;
    // A lattice over the whole grid, most of it hundreds of kilometres from any island.
    for (let lat = 12.45; lat <= 16.65; lat += 0.3)
      for (let lon = 143.8; lon <= 148.0; lon += 0.3) {
        const p = properties(lat, lon);
        const { i, j } = latLonToGrid(lat, lon, NDFD_GUAM);
        assert.deepEqual(
          [p['cwa'], p['gridId'], p['gridX'], p['gridY']],
          ['GUM', 'GUM', Math.round(i - window[0]), Math.round(j - window[1])],
          `${lat},${lon}`,
        );
        if (cellOfPoint(d, lat, lon).overWater) assert.equal(p['type'], 'marine');
        // The cell is served, and it is the one whose centre lies within half a cell of the point.
        const cell = cellOfGrid(d, { office: 'GUM', x: p['gridX'] as number, y: p['gridY'] as number });
        const centre = gridToLatLon(cell.i, cell.j, NDFD_GUAM);
        const back = latLonToGrid(centre.lat, centre.lon, NDFD_GUAM);
        assert.ok(Math.abs(back.i - i) <= 0.5 && Math.abs(back.j - j) <= 0.5);
        points++;
      }
    assert.ok(points >= 190, `${points} points`);
  });

  it("gives a point in an island's coastal waters that marine zone, and the open ocean none", () => {
    // The NWS marine zones of GUM (mz18mr25): Guam, Rota, Tinian and Saipan coastal waters. Beyond them no
    // zone is GUM's (the zones of the open sea are the national centres').
    for (const [lat, lon, zone] of [
      [13.3, 144.6, 'PMZ151'], // off Guam's south-west coast
      [14.05, 145.1, 'PMZ152'], // west of Rota
      [14.9, 145.4, 'PMZ153'], // west of Tinian
      [15.3, 145.9, 'PMZ154'], // east of Saipan
      [16.0, 145.0, null], // 130 km north-west of Saipan
    ] as const) {
      const p = properties(lat, lon);
      assert.deepEqual(
        [p['type'], p['gridId'], p['forecastZone'], p['county'], p['fireWeatherZone']],
        ['marine', 'GUM', zone && `https://api.weather.gov/zones/forecast/${zone}`, null, null],
        `${lat},${lon}`,
      );
    }
  });

  it('serves the whole grid and no more: the corners are cells, beyond them 404', () => {
    const window = d.offsets.get('GUM')!;
    const first = { x: -window[0], y: -window[1] };
    const last = { x: NDFD_GUAM.nx - 1 - window[0], y: NDFD_GUAM.ny - 1 - window[1] };
    for (const { x, y } of [first, last]) assert.equal(cellOfGrid(d, { office: 'GUM', x, y }).gridId, 'GUM');
    assert.throws(() => cellOfGrid(d, { office: 'GUM', x: last.x + 1, y: last.y }), ForecastNotFound);
    for (const [lat, lon] of [
      [11.8, 145.0], // south of the grid
      [17.6, 146.5], // north of it, open sea
      [14.0, 149.0], // east of it
    ] as const)
      assert.throws(() => properties(lat, lon), ForecastNotFound, `${lat},${lon}`);
  });

  it('does the same for the other offices alone on their grids (HFO, SJU), and for no shared grid', () => {
    assert.deepEqual([...(d.sectors ?? [])].sort(), [
      ['guam', 'GUM'],
      ['hawaii', 'HFO'],
      ['puertoRico', 'SJU'],
    ]);
    // 200 km south-west of Kauai; the Caribbean 80 km south of Puerto Rico.
    assert.deepEqual([properties(20.5, -160.5)['gridId'], properties(20.5, -160.5)['type']], ['HFO', 'marine']);
    assert.deepEqual([properties(17.2, -66.5)['gridId'], properties(17.2, -66.5)['type']], ['SJU', 'marine']);
    // The open Atlantic and the Gulf of Alaska stay 404: CONUS and Alaska offices share their grids.
    assert.throws(() => properties(38, -70), ForecastNotFound);
    assert.throws(() => properties(55, -145), ForecastNotFound);
  });

  it("names the national centre's offshore zone of the waters beyond an office's coastal ones on its grid", () => {
    // HFO's grid reaches past its coastal waters (out to ~40 NM) into the Hawaiian offshore waters, PHZ180,
    // which the centres' offshore zone file gives to HPA: a lattice over the grid finds every water point in
    // a zone, none with a null forecastZone (the OpenAPI types it a string).
    const zones = new Map<string, number>();
    for (let lat = 15; lat <= 26; lat += 0.5)
      for (let lon = -165; lon <= -150; lon += 0.5) {
        let p: Record<string, unknown>;
        try {
          p = properties(lat, lon);
        } catch {
          continue; // off the grid
        }
        if (p['type'] !== 'marine') continue;
        const zone = String(p['forecastZone']).replace('https://api.weather.gov/zones/forecast/', '');
        assert.match(zone, /^PHZ\d{3}$/, `${lat},${lon}`);
        zones.set(zone, (zones.get(zone) ?? 0) + 1);
      }
    assert.ok((zones.get('PHZ180') ?? 0) >= 100, JSON.stringify([...zones]));
    assert.equal(properties(20.5, -160.5)['forecastZone'], 'https://api.weather.gov/zones/forecast/PHZ180');
  });
});
