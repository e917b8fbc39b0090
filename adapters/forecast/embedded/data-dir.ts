import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARKER = join('adapters', 'forecast', 'embedded', 'data', 'offices.json');

/**
 * The shipped data folder, found by walking up from this module to the project or package root. A path
 * relative to this file would break once `npm start` runs the bundled server from `.build/`, or the
 * published library runs compiled from `dist/` (the package ships the data at its source path: see `files`).
 */
export function embeddedDataDir(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, MARKER))) return join(dir, 'adapters', 'forecast', 'embedded', 'data');
    if (dirname(dir) === dir) throw new Error(`Cannot find the embedded forecast data (${MARKER}) above ${from}.`);
  }
}
