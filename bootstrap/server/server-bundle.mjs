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
 * test file; bundled, ~50 ms (issue 40 item 4). The two entries share their chunks (`splitting`), so a class
 * is one class to both, and what only some requests need (the replay, the docs) stays in a chunk of its own,
 * loaded when asked for.
 */
export function weatherBundleOptions(root, outdir, external) {
  return {
    ...bundleOptions(root, outdir, external),
    entryPoints: { msw: 'bootstrap/entry/msw.ts', fetch: 'bootstrap/entry/fetch.ts' },
    splitting: true,
  };
}

/**
 * The alert worker beside the weather bundle, built on its own: with `splitting` it would be a stub importing
 * shared chunks, and the alert cycle cache names the model by a digest of this one file
 * (alert-cycle-cache.ts), so it must hold the whole model.
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
