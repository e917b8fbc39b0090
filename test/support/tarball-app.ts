import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedTarball } from './packed-tarball.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A fresh app in `work` with this run's packed tarball unpacked as node_modules/taskcast, and every other
 * package a link to this checkout's node_modules: the published files and exports, with the dependency
 * versions the project is tested with, in seconds. (npm's own install of the tarball is checked by
 * package.test.ts and test-runners.test.ts.)
 */
export async function appWithPackedTarball(work: string): Promise<string> {
  const tarball = await packedTarball(work);
  const app = join(work, 'app');
  const modules = join(app, 'node_modules');
  const installed = join(modules, 'taskcast');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['xzf', tarball.path, '-C', installed, '--strip-components=1']);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === 'taskcast' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'weather-app', private: true, type: 'module' }));
  return app;
}
