// Removes from dist/ the compiled JavaScript of the entry points whose code ships as a bundle instead:
// taskcast/msw and taskcast/fetch run dist/weather/ (scripts/build-server-bundle.mjs), taskcast/msw/browser
// runs dist/browser/msw.js (scripts/build-browser-double.mjs). tsc still compiles them, since their .d.ts
// files are those entries' `types`, but their .js was shipped to every install with nothing pointing at it.
// Run by `npm run build`, after tsc. Fails the build if an export or a module left in dist/ still names one.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entryDir = join(root, 'dist', 'bootstrap', 'entry');
/** The entries bundled elsewhere, and the one module only they import. */
const BUNDLED = ['msw', 'fetch', 'msw-browser', 'msw-failed-answer'];
/** dist/'s own bundles, which hold these modules' code inside them: not searched. */
const BUNDLE_DIRS = ['weather', 'browser', 'server'].map((dir) => join(root, 'dist', dir));

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const removed = BUNDLED.map((name) => `dist/bootstrap/entry/${name}.js`);
const exported = JSON.stringify(manifest.exports) + JSON.stringify(manifest.bin) + manifest.main;
for (const file of removed)
  if (exported.includes(`./${file}`) || exported.includes(`"${file}"`))
    throw new Error(`package.json still points at ${file}`);

for (const name of BUNDLED) rmSync(join(entryDir, `${name}.js`));

const stillNamed = [];
for (const file of compiledModules(join(root, 'dist'))) {
  const text = readFileSync(file, 'utf8');
  for (const name of BUNDLED)
    if (text.includes(`/${name}.js'`)) stillNamed.push(`${relative(root, file)} → ${name}.js`);
}
if (stillNamed.length > 0) throw new Error(`modules left in dist/ import a removed entry:\n${stillNamed.join('\n')}`);
console.log(`dist/bootstrap/entry/: removed ${BUNDLED.map((name) => `${name}.js`).join(', ')} (bundled elsewhere)`);

function* compiledModules(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!BUNDLE_DIRS.includes(path)) yield* compiledModules(path);
    } else if (path.endsWith('.js')) yield path;
  }
}
