import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MAX_SUBJECT, problems } from '../../../scripts/check-commit-message.mjs';

/**
 * The commit-msg hook (.githooks/commit-msg) and its installer (package.json `prepare`), in throwaway
 * repositories: this checkout's own git configuration is never touched.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'taskcast-hooks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// A child git or npm must not see this run's npm settings or a CI flag from the environment.
const cleanEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'CI' && !key.startsWith('npm_') && !key.startsWith('GIT_')),
);
const gitIdentity = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};
const hasGit = spawnSync('git', ['--version']).status === 0;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: { ...cleanEnv, ...gitIdentity, ...env }, encoding: 'utf8' });
}

let repos = 0;
/** A new repository holding this project's hook files, as a clone would. */
function repoWithHooks(): string {
  const dir = join(scratch, `repo${++repos}`);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  mkdirSync(join(dir, '.githooks'));
  for (const file of ['scripts/check-commit-message.mjs', 'scripts/install-git-hooks.mjs', '.githooks/commit-msg'])
    copyFileSync(join(root, file), join(dir, file));
  chmodSync(join(dir, '.githooks/commit-msg'), 0o755);
  writeFileSync(join(dir, 'package.json'), readFileSync(join(root, 'package.json')));
  assert.equal(run('git', ['init', '-q'], dir).status, 0);
  return dir;
}

const hooksPath = (dir: string): string => run('git', ['config', '--get', 'core.hooksPath'], dir).stdout.trim();

describe('the commit message check', () => {
  const long = 'A'.repeat(MAX_SUBJECT + 1);

  test('a subject of at most 72 characters, with or without a body after a blank line, passes', () => {
    assert.deepEqual(problems('Refuse a journal with damage before its end\n'), []);
    assert.deepEqual(problems(`${'A'.repeat(MAX_SUBJECT)}\n\nWhy, in a body.\nMore.\n`), []);
    // Characters, not bytes: 72 accented letters are 144 bytes of UTF-8.
    assert.deepEqual(problems(`${'é'.repeat(MAX_SUBJECT)}\n`), []);
  });

  test('a longer subject, or a body on the second line, is refused with the reason', () => {
    assert.deepEqual(problems(`${long}\n`), [
      `the subject is ${MAX_SUBJECT + 1} characters, more than ${MAX_SUBJECT}: say the rest in the body`,
    ]);
    assert.deepEqual(problems('Subject\nbody right below\n'), [
      'the second line is not blank: a subject, a blank line, then the body',
    ]);
  });

  test("git's comments, the scissors of `commit -v` and leading blank lines are not the message", () => {
    const edited = `\n\nShort subject\n\nBody.\n# Please enter the commit message\n# ${long}\n`;
    assert.deepEqual(problems(edited), []);
    const verbose = `Short subject\n# ------------------------ >8 ------------------------\n${long}\ndiff --git a/x b/x\n`;
    assert.deepEqual(problems(verbose), []);
    assert.deepEqual(problems(`Short subject\n; ${long}\n`, ';'), [], 'core.commentChar is honoured');
    assert.deepEqual(problems('# only comments\n'), [], 'an empty message is for git to refuse');
  });

  test('fixup!, squash! and amend! subjects, folded away by autosquash, pass', () => {
    assert.deepEqual(problems(`fixup! ${long}\n`), []);
    assert.deepEqual(problems(`squash! ${long}\n`), []);
  });
});

describe('the hook in a repository', { skip: hasGit ? false : 'git is not installed' }, () => {
  test('npm ci installs it: git then refuses a long subject and records a good one', () => {
    const dir = repoWithHooks();
    const prepare = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.prepare as string;
    const installed = run('sh', ['-c', prepare], dir, { npm_command: 'ci' });
    assert.equal(installed.status, 0, installed.stderr);
    assert.match(installed.stdout, /core\.hooksPath set to \.githooks/);
    assert.equal(hooksPath(dir), '.githooks');

    writeFileSync(join(dir, 'a.txt'), 'a');
    run('git', ['add', 'a.txt'], dir);
    const refused = run('git', ['commit', '-q', '-m', 'B'.repeat(80)], dir);
    assert.notEqual(refused.status, 0, 'an 80-character subject is refused');
    assert.match(refused.stderr, /commit-msg: the subject is 80 characters, more than 72/);
    const cramped = run('git', ['commit', '-q', '-m', 'Subject\nno blank line'], dir);
    assert.notEqual(cramped.status, 0);
    assert.match(cramped.stderr, /the second line is not blank/);

    const good = run('git', ['commit', '-q', '-m', 'Add a', '-m', 'Because the test needs a commit.'], dir);
    assert.equal(good.status, 0, good.stderr);
    assert.equal(run('git', ['log', '--format=%s'], dir).stdout.trim(), 'Add a');
    const bypass = run('git', ['commit', '-q', '--allow-empty', '--no-verify', '-m', 'C'.repeat(80)], dir);
    assert.equal(bypass.status, 0, '--no-verify still skips it');
  });

  test('prepare leaves git alone in CI, for npm pack, and outside a work tree of its own', () => {
    const ci = repoWithHooks();
    const prepare = JSON.parse(readFileSync(join(ci, 'package.json'), 'utf8')).scripts.prepare as string;
    assert.equal(run('sh', ['-c', prepare], ci, { npm_command: 'ci', CI: 'true' }).status, 0);
    assert.equal(hooksPath(ci), '', 'CI set');
    assert.equal(run('sh', ['-c', prepare], ci, { npm_command: 'pack' }).status, 0);
    assert.equal(hooksPath(ci), '', 'npm pack runs prepare too');

    // The package inside another repository (a vendored copy): that repository's hooks are its owner's.
    const outer = repoWithHooks();
    const inner = join(outer, 'vendor', 'taskcast');
    mkdirSync(join(inner, 'scripts'), { recursive: true });
    copyFileSync(join(root, 'scripts/install-git-hooks.mjs'), join(inner, 'scripts/install-git-hooks.mjs'));
    const nested = run('sh', ['-c', prepare], inner, { npm_command: 'install' });
    assert.equal(nested.status, 0, nested.stderr);
    assert.match(nested.stdout, /not installed \(this package is inside another repository\)/);
    assert.equal(hooksPath(outer), '');

    // Someone's own hooks stay.
    const own = repoWithHooks();
    run('git', ['config', 'core.hooksPath', '.husky'], own);
    assert.equal(run('sh', ['-c', prepare], own, { npm_command: 'install' }).status, 0);
    assert.equal(hooksPath(own), '.husky');
  });

  test('without the script (a Docker build copies package.json alone), prepare does nothing and succeeds', () => {
    const bare = join(scratch, 'bare');
    mkdirSync(bare);
    const prepare = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.prepare as string;
    const result = run('sh', ['-c', prepare], bare, { npm_command: 'ci' });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '');
  });
});
