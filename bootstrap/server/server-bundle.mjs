// The server as one ES module and its workers beside it, bundled by esbuild: what `npm start` runs from
// .build/ (start.mjs) and what the published package's `taskcast serve` runs from dist/server/
// (scripts/build-server-bundle.mjs). One set of settings, so both run the same bundle.

/** Bundled CommonJS calls `require` (for Node's built-ins, mostly), which an ES module lacks. */
const REQUIRE_SHIM =
  "import { createRequire as __taskcastCreateRequire } from 'node:module'; const require = __taskcastCreateRequire(import.meta.url);";

/**
 * esbuild's options for the server bundle written to `outdir`, with `external` (package names) left to
 * Node's loader. The caller adds `write` and any other output option.
 */
export function serverBundleOptions(root, outdir, external) {
  return {
    ...bundleOptions(root, outdir, external),
    // The workers are entries of their own: each spawner looks for its worker beside the module that
    // spawns it, which in the bundle is main.mjs.
    entryPoints: {
      main: 'bootstrap/server/main.ts',
      'alert-worker': ALERT_WORKER,
      'store-fold-worker': 'adapters/persistence/lowdb/store-fold-worker.ts',
    },
    // Stack traces need only the mappings; with the packages' sources in it the map was 5.4 MB instead of
    // 1.8, and --enable-source-maps reading it cost ~160 ms of start-up and ~20 ms of the first /alerts.
    sourcemap: 'linked',
    sourcesContent: false,
  };
}

const ALERT_WORKER = 'adapters/forecast/embedded/alerts/generation/alert-worker.ts';

/**
 * The published taskcast/msw and taskcast/fetch (dist/weather/, scripts/build-server-bundle.mjs), for the
 * same reason as the server: from dist/'s compiled modules, a test file's `import('taskcast/fetch')` had Node
 * resolve, read and compile ~500 files, ~250 ms of CPU before the first answer, paid again by every isolated
 * test file; bundled, ~50 ms (issue 40 item 4). Both entries' code is one CommonJS script, `weather.cjs`, so a
 * class is one class to both, run by `weather.mjs` with V8's code cache (bootstrap/entry/kept-script.ts): the
 * compiling of that code was the largest part left of a fresh process's first answers. `msw.mjs` and
 * `fetch.mjs` (written by the build script) only name its exports. Its `import.meta` is that of
 * `weather.mjs`, beside it, which passes its own.
 */
export function weatherScriptOptions(root, outdir, external) {
  return {
    absWorkingDir: root,
    stdin: {
      contents: WEATHER_ENTRIES.map(([name, entry]) => `export * as ${name} from './${entry}';`).join('\n'),
      resolveDir: root,
      sourcefile: 'weather-entries.ts',
      loader: 'ts',
    },
    outfile: `${outdir}/weather.cjs`,
    plugins: [LOADERS_IMPORT],
    bundle: true,
    external,
    define: { 'import.meta': '__taskcastImportMeta' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
  };
}

/** In weather.cjs, import-peer.ts is the `import()` weather.mjs passes in (kept-script.ts runs it so). */
const LOADERS_IMPORT = {
  name: 'loaders-import',
  setup(build) {
    build.onResolve({ filter: /\/import-peer\.ts$/ }, () => ({ path: 'import-peer', namespace: 'loaders-import' }));
    build.onLoad({ filter: /.*/, namespace: 'loaders-import' }, () => ({
      contents: 'export const importPeer = (specifier) => __taskcastImportPeer(specifier);',
      loader: 'js',
    }));
  },
};

/** The entry points bundled into weather.cjs, by the name each one's exports have there. */
export const WEATHER_ENTRIES = [
  ['msw', 'bootstrap/entry/msw.ts'],
  ['fetch', 'bootstrap/entry/fetch.ts'],
];

/** `weather.mjs`: runs weather.cjs once per process, with the code cache, for msw.mjs and fetch.mjs. */
export function weatherLoaderOptions(root, outdir, external) {
  return {
    ...bundleOptions(root, outdir, external),
    stdin: {
      contents:
        "import { runKeptScript } from './bootstrap/entry/kept-script.ts';\n" +
        "export default runKeptScript(new URL('./weather.cjs', import.meta.url), import.meta, (s) => import(s));",
      resolveDir: root,
      sourcefile: 'weather-loader.ts',
      loader: 'ts',
    },
    outdir: undefined,
    outExtension: undefined,
    outfile: `${outdir}/weather.mjs`,
  };
}

/**
 * The names each entry exports, as esbuild finds them in an ES module build of it (not written), for the
 * `msw.mjs` and `fetch.mjs` that re-export them from weather.cjs.
 */
export function weatherExportsOptions(root, outdir, external) {
  return {
    ...bundleOptions(root, outdir, external),
    entryPoints: Object.fromEntries(WEATHER_ENTRIES),
    splitting: true,
    write: false,
  };
}

/**
 * The alert worker beside the weather bundle, built on its own, an ES module: the alert cycle cache names
 * the model by a digest of this one file (alert-cycle-cache.ts), so it must hold the whole model.
 */
export function weatherWorkerOptions(root, outdir, external) {
  return { ...bundleOptions(root, outdir, external), entryPoints: { 'alert-worker': ALERT_WORKER } };
}

function bundleOptions(root, outdir, external) {
  return {
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The packages are bundled too. Loaded by Node instead, each of their files is resolved (several stat
    // calls), read and compiled as a module of its own at every start (listhen, which served then, imported
    // node-forge's ~100 CommonJS files). Alternating cold starts here (seven each): 1,472 ms to the first /health with the
    // packages left external, 1,033 ms bundled. A build takes ~0.5 s instead of ~0.15 s, once per change.
    external,
    banner: { js: REQUIRE_SHIM },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
  };
}
