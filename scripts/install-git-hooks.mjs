// Points git at the repository's own hooks (.githooks/: commit-msg checks the subject's length) in a
// developer's clone. package.json's `prepare` runs it after `npm ci` and `npm install`. It does nothing
// in CI (CI set), when npm runs `prepare` for `npm pack` or `npm publish`, where this folder is not the
// top of a git work tree (an installed package, a Docker build, a source tarball), and where the clone
// already has other hooks configured (core.hooksPath set to something else: those are the owner's).
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HOOKS = '.githooks';
const root = realpathSync(fileURLToPath(new URL('..', import.meta.url)));

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** Why the hooks are left alone here, or undefined to install them. */
function reasonToSkip() {
  const ci = process.env.CI;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return 'CI is set';
  const command = process.env.npm_command;
  if (command !== undefined && command !== 'install' && command !== 'ci') return `run by npm ${command}`;
  let top;
  try {
    top = git('rev-parse', '--show-toplevel');
  } catch {
    return 'not a git work tree (or no git)';
  }
  if (realpathSync(top) !== root) return 'this package is inside another repository';
  let current = '';
  try {
    current = git('config', '--get', 'core.hooksPath');
  } catch {
    // unset: git exits 1
  }
  if (current === HOOKS) return 'already installed';
  if (current !== '') return `core.hooksPath is already ${current}`;
  return undefined;
}

const reason = reasonToSkip();
if (reason === undefined) {
  git('config', 'core.hooksPath', HOOKS);
  console.log(`git hooks: core.hooksPath set to ${HOOKS} (commit-msg checks the subject's length)`);
} else if (reason !== 'already installed' && !reason.startsWith('run by npm')) {
  console.log(`git hooks: not installed (${reason})`);
}
