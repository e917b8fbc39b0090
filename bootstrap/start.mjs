// `npm start`: bundles the TypeScript server with esbuild and runs the bundle with plain Node. Running
// through tsx's loader instead costs over a second of start-up on Node 20, where every module resolution
// crosses to the loader's thread. Tests and `npm run dev` still run the sources through tsx.
//
// A build costs 0.15-0.25 s (loading esbuild, starting its service, bundling), so it is skipped when nothing
// it read has changed since the last one: `.build/manifest.json` names the bundle and the size and mtime of
// every file the build read (esbuild's metafile), of the folders that hold them (a file added or removed
// changes its folder's mtime) and of what steers the build (this file, tsconfig.json, package.json,
// esbuild's version). Checking them is a few hundred stat calls, about 3 ms.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const buildRoot = join(root, '.build');
const manifestFile = join(buildRoot, 'manifest.json');
/** Files that steer the build without being bundled (relative to the project root). */
const BUILD_SETTINGS = ['bootstrap/start.mjs', 'tsconfig.json', 'package.json', 'node_modules/esbuild/package.json'];

const target = reusableBuild() ?? (await build());
await import(pathToFileURL(join(target, 'main.mjs')).href);

/** The last build's folder, when every file it was made from is as it was then. */
function reusableBuild() {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const folder = join(buildRoot, manifest.digest);
    if (!existsSync(join(folder, 'main.mjs'))) return undefined;
    for (const [path, seen] of Object.entries(manifest.stamps)) {
      if (stamp(join(root, path)) !== seen) return undefined;
    }
    return folder;
  } catch {
    return undefined; // no manifest yet, an unreadable one, or a file gone: build
  }
}

function stamp(path) {
  const stats = statSync(path);
  return `${stats.size}:${stats.mtimeMs}`;
}

async function build() {
  const startedMs = Date.now();
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
    // The alert worker is a second entry: the generator looks for it beside the module that spawns it.
    entryPoints: { main: 'bootstrap/main.ts', 'alert-worker': 'adapters/forecast/embedded/alert-worker.ts' },
    outdir: join(buildRoot, 'staging'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });

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
    if (entry !== digest && entry !== 'manifest.json' && !entry.endsWith('.tmp')) rmSync(join(buildRoot, entry), { recursive: true, force: true });
  }
  writeManifest(digest, Object.keys(result.metafile.inputs), startedMs);
  return folder;
}

/**
 * Records what the bundle was made from. Not written when a file changed while the build ran (its stamp
 * could be newer than what was bundled): the next start then builds again.
 */
function writeManifest(digest, inputs, startedMs) {
  try {
    const files = [...new Set([...inputs.filter((path) => !path.includes('node_modules/')), ...BUILD_SETTINGS])];
    const folders = new Set(files.map((path) => dirname(path)));
    const stamps = {};
    for (const path of [...files, ...folders].sort()) {
      const absolute = join(root, path);
      if (statSync(absolute).mtimeMs >= startedMs) return;
      stamps[relative(root, absolute) || '.'] = stamp(absolute);
    }
    const temporary = `${manifestFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ digest, stamps }));
    renameSync(temporary, manifestFile);
  } catch {
    // a manifest that cannot be written only costs the next start a build
  }
}
