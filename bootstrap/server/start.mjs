// `npm start`: bundles the TypeScript server with esbuild and runs the bundle with plain Node. Running
// through tsx's loader instead costs over a second of start-up on Node 20, where every module resolution
// crosses to the loader's thread. Tests and `npm run dev` still run the sources through tsx.
//
// A build costs ~0.5 s (loading esbuild, running its binary, bundling the sources and the packages), so it
// is skipped when nothing it read has changed since the last one (bundle-manifest.mjs).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reusableBuild, stampedInputs, writeManifest } from './bundle-manifest.mjs';
import { ESBUILD_MISSING, loadEsbuild } from './load-esbuild.mjs';
import { serverBundleOptions } from './server-bundle.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const buildRoot = join(root, '.build');
/**
 * Files that steer the build without being bundled (relative to the project root). Every `npm ci` and
 * `npm install` rewrites node_modules/.package-lock.json, so a change of packages rebuilds.
 */
const BUILD_SETTINGS = [
  'bootstrap/server/start.mjs',
  'bootstrap/server/bundle-manifest.mjs',
  'bootstrap/server/server-bundle.mjs',
  'tsconfig.json',
  'package.json',
  'node_modules/.package-lock.json',
  'node_modules/esbuild/package.json',
];
/** Packages left to Node's loader: native code (a `.node` addon cannot be bundled), and the bundler itself. */
const NOT_BUNDLED = ['@node-rs/bcrypt', 'esbuild'];

const reused = reusableBuild(root, buildRoot);
const target = reused ?? (await build());
// `--build-only` makes (or reuses) the bundle, says which, and exits: a test run builds once before it starts
// servers in parallel, instead of each of them bundling the same tree at once.
if (process.argv.includes('--build-only'))
  process.stdout.write(`${reused === undefined ? 'built' : 'reused'} ${relative(root, target)}\n`);
else await import(pathToFileURL(join(target, 'main.mjs')).href);

async function build() {
  const startedMs = Date.now();
  const bundler = await loadEsbuild();
  if (!bundler) {
    process.stderr.write(`${ESBUILD_MISSING}\n`);
    process.exit(1);
  }
  // The synchronous API on purpose: the server runs in this process once the bundle is written, and the
  // asynchronous one (esbuild's service, talking over stdio streams) left Node's process.nextTick optimised
  // into code about four times slower for the rest of the process (a chain of 300,000 ticks: 44 ms against
  // 10 after a reused build), which cost a /points 15% more CPU. See docs/benchmarks.md, "A first start's
  // build"; test/e2e/first-build.test.ts holds it.
  const { buildSync } = bundler;
  const result = buildSync({ ...serverBundleOptions(root, join(buildRoot, 'staging'), NOT_BUNDLED), write: false });

  // Content-addressed, written under a temporary name and renamed: servers started at the same moment never
  // read each other's half-written files, and an unchanged tree reuses its bundle.
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(basename(file.path)).update(file.contents);
  const digest = hash.digest('hex').slice(0, 16);
  const folder = join(buildRoot, digest);
  if (!existsSync(folder)) {
    const staging = `${folder}.${process.pid}.tmp`;
    mkdirSync(staging, { recursive: true });
    for (const file of result.outputFiles) writeFileSync(join(staging, basename(file.path)), file.contents);
    try {
      renameSync(staging, folder);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another start won the race with the same content
    }
  }
  for (const entry of readdirSync(buildRoot)) {
    if (entry !== digest && entry !== 'manifest.json' && !entry.endsWith('.tmp'))
      rmSync(join(buildRoot, entry), { recursive: true, force: true });
  }
  const inputs = stampedInputs(Object.keys(result.metafile.inputs));
  writeManifest(root, buildRoot, digest, inputs, BUILD_SETTINGS, startedMs);
  return folder;
}
