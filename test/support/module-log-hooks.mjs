// Module customization hooks for test/unit/bootstrap/weather-path-modules.test.ts: every URL an import
// resolves to is appended to the file named by MODULE_LOG. They run on the loader's thread, so they write
// the file themselves, synchronously, rather than post messages that might not arrive before the exit.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  appendFileSync(process.env.MODULE_LOG, `${result.url}\n`);
  return result;
}
