// Writes adapters/forecast/embedded/data/aviation-lattice-water.json: which points of the aviation storm lattice
// (aviation/storm-scan.ts) lie over water, as the forecast decides it (grid-cell.ts isPointOverWater), worked out
// once here rather than on a server's first /aviation request (~0.9-2.5 s of main thread). Run after the
// catalogue, the grid offsets or the zones change (npm run data:build does, after build-zone-places.ts);
// aviation-lattice-water-file.test.ts works them out again and compares.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LATTICE_WATER_FILE, latticeWaterFile } from '../../adapters/forecast/embedded/aviation/storm-scan.ts';
import { embeddedDataDir } from '../../adapters/forecast/embedded/data-dir.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';

const file = latticeWaterFile(loadEmbeddedDeps({ now: () => new Date() }));
writeFileSync(join(embeddedDataDir(), LATTICE_WATER_FILE), `${JSON.stringify(file)}\n`);
process.stdout.write(`${file.water.length} lattice points over water written\n`);
