// The aviation storm lattice's over-water flags (aviation/storm-scan.ts) are read from a shipped data file, not
// worked out on a server's first /aviation request (~0.9-2.5 s of main thread): the file must hold what
// isPointOverWater decides now (rebuild it with scripts/forecast-data/build-lattice-water.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  LATTICE_WATER_FILE,
  latticePlaces,
  latticeWaterFile,
  type LatticeWaterFile,
} from '../../../../adapters/forecast/embedded/aviation/storm-scan.ts';
import { embeddedDataDir } from '../../../../adapters/forecast/embedded/data-dir.ts';
import { deps } from './support.ts';

describe('aviation-lattice-water.json', () => {
  const shipped = JSON.parse(readFileSync(join(embeddedDataDir(), LATTICE_WATER_FILE), 'utf8')) as LatticeWaterFile;

  it('holds the lattice points over water as worked out now', () => {
    assert.deepEqual(shipped, latticeWaterFile(deps()), 'run scripts/forecast-data/build-lattice-water.ts');
    // 366 before a cell within 1.5 km of land counted as land, as /points counts such a point (cell-land.ts).
    assert.equal(shipped.water.length, 357);
  });

  it("gives the lattice's places their water", () => {
    const water = latticePlaces(deps()).filter((p) => p.overWater);
    assert.deepEqual(
      water.map((p) => [p.lat, p.lon]),
      shipped.water,
    );
    assert.ok(water.every((p) => p.elevationM === 0));
    assert.equal(latticePlaces(deps()).length, 1450);
  });
});
