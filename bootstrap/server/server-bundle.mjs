// The server as one ES module and its alert worker beside it, bundled by esbuild: what `npm start` runs from
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
    absWorkingDir: root,
    // The alert worker is a second entry: the generator looks for it beside the module that spawns it.
    entryPoints: {
      main: 'bootstrap/server/main.ts',
      'alert-worker': 'adapters/forecast/embedded/alerts/generation/alert-worker.ts',
    },
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
    sourcemap: 'linked',
    // Stack traces need only the mappings; with the packages' sources in it the map was 5.4 MB instead of
    // 1.8, and --enable-source-maps reading it cost ~160 ms of start-up and ~20 ms of the first /alerts.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
}
