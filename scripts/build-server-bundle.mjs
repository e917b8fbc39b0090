// Builds dist/server/main.mjs and its workers: the server bundled as `npm start` bundles it
// (bootstrap/server/server-bundle.mjs), for the published package's `taskcast serve`; and dist/weather/,
// taskcast/msw and taskcast/fetch bundled too (package.json `exports`), for the same reason, as one script
// run with V8's code cache (server-bundle.mjs weatherScriptOptions). Run from dist/'s
// compiled modules instead, the installed command started about 50% slower than `npm start` in a checkout
// (issue 40.11): Node resolved, read and compiled each of some 700 files. Run by `npm run build`.
//
// The dependencies are bundled; what a weather-only install may leave out (the optional dependencies, and
// the optional peer msw) stays an import resolved from the app's node_modules, so the server still names
// what is missing (server-packages.ts) and native code is never bundled.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  serverBundleOptions,
  WEATHER_ENTRIES,
  weatherExportsOptions,
  weatherLoaderOptions,
  weatherScriptOptions,
  weatherWorkerOptions,
} from '../bootstrap/server/server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];

const started = Date.now();
// No source map: Node reads one only under --enable-source-maps, and the bundle is not minified, so a stack
// trace's line in it reads as it is; 1.2 MB less for every install.
const result = await build({
  ...serverBundleOptions(root, join(root, 'dist', 'server'), external),
  sourcemap: false,
});
console.log(`dist/server/: ${megabytes(result)} MB of bundle in ${Date.now() - started} ms`);

// pino-pretty, for a server logging to a terminal, as one CommonJS file beside the bundle: the logger loads it
// with a synchronous require on first use (adapters/logging/pino-logger.ts), so the package and its 13
// dependencies are development dependencies instead of 14 packages in every install, weather-only ones too.
const pretty = await build({
  entryPoints: ['pino-pretty'],
  absWorkingDir: root,
  outfile: join(root, 'dist', 'server', 'pino-pretty.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
});
console.log(`dist/server/pino-pretty.cjs: ${Object.values(pretty.metafile.outputs)[0].bytes} bytes`);

const weatherStarted = Date.now();
const weatherDir = join(root, 'dist', 'weather');
const [script, loader, worker, entries] = await Promise.all([
  build({ ...weatherScriptOptions(root, weatherDir, external), sourcemap: false }),
  build({ ...weatherLoaderOptions(root, weatherDir, external), sourcemap: false }),
  build({ ...weatherWorkerOptions(root, weatherDir, external), sourcemap: false }),
  build(weatherExportsOptions(root, weatherDir, external)),
]);
asciiOnly(join(weatherDir, 'weather.cjs'));
// msw.mjs and fetch.mjs: each entry's exports, taken from weather.cjs as weather.mjs ran it.
for (const [name] of WEATHER_ENTRIES) {
  const output = Object.entries(entries.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(`/${name}.ts`));
  if (output === undefined) throw new Error(`no exports found for the ${name} entry`);
  const names = output[1].exports;
  // `export const { default } = …` is no JavaScript: an entry's default export would need a line of its own.
  if (names.includes('default'))
    throw new Error(`the ${name} entry has a default export, which ${name}.mjs cannot name`);
  writeFileSync(
    join(weatherDir, `${name}.mjs`),
    `// taskcast/${name}: its code is in weather.cjs, run by weather.mjs (scripts/build-server-bundle.mjs).\n` +
      `import weather from './weather.mjs';\n` +
      `export const { ${names.join(', ')} } = weather.${name};\n`,
  );
}
console.log(
  `dist/weather/: ${[script, loader, worker].map((r) => megabytes(r, /\.(c|m)js$/)).join(' + ')} MB of bundle in ${Date.now() - weatherStarted} ms`,
);

/**
 * Escapes what esbuild leaves past ASCII in a script (its default `charset: 'ascii'` escapes strings and
 * templates, not comments and regular expressions, where `\uXXXX` means the same): V8 then holds the text one
 * byte a character instead of two, and reads and hashes it faster (bootstrap/entry/kept-script.ts). A raw
 * template's text would change, so such a line with a backtick, not a comment's, fails the build instead.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((line) => /[^\0-\x7f]/.test(line));
  const templates = lines.filter((line) => line.includes('`') && !/^\s*(\/\/|\/\*|\*)/.test(line));
  if (templates.length > 0) throw new Error(`${file}: a template past ASCII:\n${templates.join('\n')}`);
  const escaped = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(file, escaped);
}

function megabytes(result, files = /\.mjs$/) {
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => files.test(file))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  return (bytes / 1e6).toFixed(1);
}
