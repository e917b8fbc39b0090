import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { handRunEnv, npm } from './hand-run-env.ts';

/**
 * What an install put in `project`'s node_modules: the packages, as `npm ls` lists them, and their bytes.
 * Bytes are the files' own sizes (what `du --apparent-size` counts), so the figure does not depend on the
 * file system's block size as `du -s` does.
 */
export interface InstallWeight {
  readonly packages: readonly string[];
  readonly bytes: number;
}

export function installWeight(project: string): InstallWeight {
  // npm ls exits 1 over what it finds odd (an optional peer left out); its list is complete either way.
  const ls = spawnSync(npm, ['ls', '--all', '--parseable'], { cwd: project, env: handRunEnv, encoding: 'utf8' });
  const listed = ls.stdout.trim().split('\n').slice(1);
  if (listed.length === 0) throw new Error(`npm ls listed nothing in ${project}:\n${ls.stderr}`);
  // Each installed copy, by its path below node_modules (a package nested twice is two installs).
  const packages = [...new Set(listed.map((path) => path.slice(path.indexOf('node_modules/') + 13)))].sort();
  return { packages, bytes: bytesIn(join(project, 'node_modules')) };
}

function bytesIn(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesIn(path) : lstatSync(path).size;
  }
  return total;
}
