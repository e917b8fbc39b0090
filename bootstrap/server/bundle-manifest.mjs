// Whether `npm start` may reuse its last bundle (see start.mjs): a manifest beside the bundles names the
// last one and the size and mtime of every file it was made from, of the folders that hold them (a file
// added or removed changes its folder's mtime; the project folder itself excepted), and of what steers the
// build. Checking them is a few hundred stat calls, a few milliseconds, against ~0.5 s for loading esbuild
// and bundling.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The last build's folder under `buildRoot`, when every file it was made from is as it was then. */
export function reusableBuild(root, buildRoot) {
  try {
    const manifest = JSON.parse(readFileSync(join(buildRoot, 'manifest.json'), 'utf8'));
    const folder = join(buildRoot, manifest.digest);
    if (typeof manifest.digest !== 'string' || !existsSync(join(folder, 'main.mjs'))) return undefined;
    for (const [path, seen] of Object.entries(manifest.stamps)) {
      if (stampOf(statsOf(join(root, path))) !== seen) return undefined;
    }
    return folder;
  } catch {
    return undefined; // no manifest yet, an unreadable one, or a file gone: build
  }
}

/**
 * Records that the bundle `digest` was made from `inputs` (paths relative to `root`) and `settings`.
 * Not written when one of them changed while the build ran (its stamp could be newer than what was
 * bundled): the next start then builds again. Returns whether it was written.
 */
export function writeManifest(root, buildRoot, digest, inputs, settings, buildStartedMs) {
  try {
    const files = [...new Set([...inputs, ...settings])];
    const stamps = {};
    // The folders holding the files, but not the project's own: what a start makes there (data/ for the
    // store, .build/ itself) would change its mtime and rebuild the next start, and what the build reads
    // there (package.json, tsconfig.json, node_modules/) is stamped file by file.
    const folders = new Set(files.map((file) => dirname(file)).filter((folder) => folder !== '.'));
    for (const path of [...files, ...folders].sort()) {
      const absolute = join(root, path);
      const stats = statsOf(absolute);
      if (stats && stats.mtimeMs >= buildStartedMs) return false;
      stamps[relative(root, absolute) || '.'] = stampOf(stats);
    }
    const manifestFile = join(buildRoot, 'manifest.json');
    const temporary = `${manifestFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ digest, stamps }));
    renameSync(temporary, manifestFile);
    return true;
  } catch {
    return false; // a manifest that cannot be written only costs the next start a build
  }
}

/**
 * The files whose stamps stand for a build's inputs (esbuild's metafile paths, relative to the root): each of
 * the project's own files, and for a bundled package its package.json, which an install rewrites (stamping
 * every one of the packages' ~550 files would cost ~8 ms a start here).
 */
export function stampedInputs(inputs) {
  return [
    ...new Set(
      inputs.map((path) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1].concat('/package.json') ?? path),
    ),
  ];
}

/**
 * A setting may be absent: node_modules/.package-lock.json is npm's, and another package manager leaves none.
 * Stamped as absent, it rebuilds only if it appears, instead of leaving every start without a manifest.
 */
function statsOf(path) {
  try {
    return statSync(path);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

function stampOf(stats) {
  return stats ? `${stats.size}:${stats.mtimeMs}` : 'absent';
}
