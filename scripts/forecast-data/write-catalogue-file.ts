// One row per line: diffs of a rebuilt catalogue then show which records changed.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_FILES, CATALOGUE_FORMAT, FIELDS } from '../../adapters/forecast/embedded/catalogue/files.ts';

export function writeCatalogueFile(
  outDir: string,
  kind: keyof typeof CATALOGUE_FILES,
  rows: readonly unknown[],
  scale?: number,
): number {
  const head = JSON.stringify({
    format: CATALOGUE_FORMAT[kind],
    ...(scale === undefined ? {} : { scale }),
    fields: FIELDS[kind],
  });
  const body = rows.map((row) => JSON.stringify(row)).join(',\n');
  const text = `${head.slice(0, -1)},"rows":[\n${body}\n]}\n`;
  const path = join(outDir, CATALOGUE_FILES[kind]);
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}
