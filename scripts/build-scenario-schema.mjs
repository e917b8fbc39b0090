// Writes dist/scenario.schema.json (the package's `taskcast/scenario.schema.json`): the scenario format as
// JSON Schema, the document GET /_taskcast/scenario.schema.json serves, for an editor's `$schema` without a
// server running. Made from the compiled module, so it is the very schema the package validates with. Run
// by `npm run build`, after tsc.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scenarioJsonSchema } = await import(
  new URL('../dist/adapters/forecast/control/scenario-json-schema.js', import.meta.url).href
);
writeFileSync(join(root, 'dist', 'scenario.schema.json'), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
