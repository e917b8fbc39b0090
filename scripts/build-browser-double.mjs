// Builds dist/browser/msw.js, the module `taskcast/msw/browser` loads: bootstrap/entry/msw-browser.ts and all it
// imports (the h3 app over the embedded model) in one ES module for a browser, with each Node built-in
// replaced by its stand-in in bootstrap/browser/ (see its README) and the package's data files embedded as
// text. `msw` stays an import, resolved by the app's bundler to the app's own copy. Run by `npm run build`.
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shims = join(root, 'bootstrap', 'browser');
/** Where the bundle pretends to live: its data files sit at the package's own paths below this folder. */
const VIRTUAL_ROOT = '/taskcast';

/** Each Node built-in the code reaches → its stand-in; any other built-in gets the server-only one. */
const STAND_INS = {
  fs: 'fs.ts',
  crypto: 'crypto.ts',
  os: 'os.ts',
  path: 'path.ts',
  url: 'url.ts',
  timers: 'timers.ts',
  'timers/promises': 'timers-promises.ts',
  worker_threads: 'worker-threads.ts',
  process: 'process.ts',
  perf_hooks: 'perf-hooks.ts',
  buffer: 'buffer-global.ts',
};
const builtins = new Set(builtinModules);

/** The data folders the package ships (package.json `files`), every JSON file in them, as text. */
function dataFiles() {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = new Map();
  for (const folder of files.filter((entry) => /(^|\/)data$/.test(entry))) {
    for (const name of readdirSync(join(root, folder)).filter((file) => file.endsWith('.json')))
      entries.set(`${VIRTUAL_ROOT}/${folder}/${name}`, readFileSync(join(root, folder, name), 'utf8'));
  }
  if (entries.size === 0) throw new Error('no data folder in package.json files: nothing to embed');
  return entries;
}

const standIns = {
  name: 'node-built-ins-for-the-browser',
  setup(b) {
    b.onResolve({ filter: /^taskcast-browser-files$/ }, () => ({ path: 'files', namespace: 'taskcast-files' }));
    b.onLoad({ filter: /.*/, namespace: 'taskcast-files' }, () => {
      const rows = [...dataFiles()].map(([path, text]) => `[${JSON.stringify(path)}, ${JSON.stringify(text)}]`);
      return { contents: `export const FILES = new Map([\n${rows.join(',\n')}\n]);`, loader: 'js' };
    });
    // The task service's password hasher is native code (a WebAssembly build in the browser): never called
    // on the forecast path, so it is not bundled (see bcrypt.ts).
    b.onResolve({ filter: /^@node-rs\/bcrypt$/ }, () => ({ path: join(shims, 'bcrypt.ts') }));
    b.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!builtins.has(name) && !args.path.startsWith('node:')) return undefined;
      // The buffer package (feross's, bundled) is what the Buffer stand-in itself imports.
      if (name === 'buffer' && args.importer.endsWith('buffer-global.ts')) return undefined;
      return { path: join(shims, STAND_INS[name] ?? 'server-only.ts') };
    });
  },
};

const started = Date.now();
const result = await build({
  entryPoints: [join(root, 'bootstrap', 'entry', 'msw-browser.ts')],
  outfile: join(root, 'dist', 'browser', 'msw.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  external: ['msw'],
  plugins: [standIns],
  inject: [
    join(shims, 'process.ts'),
    join(shims, 'buffer-global.ts'),
    join(shims, 'request.ts'),
    join(shims, 'shared-array-buffer.ts'),
  ],
  define: {
    'import.meta.url': JSON.stringify(`file://${VIRTUAL_ROOT}/dist/browser/msw.js`),
    'globalThis.Request': 'BrowserRequest',
  },
  // The packages' own browser builds (h3's, valibot's) where they have one.
  mainFields: ['browser', 'module', 'main'],
  conditions: ['browser'],
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`dist/browser/msw.js: ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);
