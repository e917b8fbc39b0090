import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A user's clone has nothing beside it: no ../shared. Only bench/ and scripts/ (tools for the project's own
 * developers) may look outside. This walks every tracked file that runs or is read at run or test time and
 * resolves each relative path literal it holds from that file's folder: none may land outside the clone.
 */
test('no file outside bench/ and scripts/ reaches outside the clone (such as ../shared)', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|mts|mjs|js|cjs|json|sh)$|^\.ci\//.test(f))
    .filter((f) => !f.startsWith('bench/') && !f.startsWith('scripts/'));
  assert.ok(files.length > 50, 'git ls-files found the sources');
  const offences: string[] = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const m of source.matchAll(/(?:\.\.\/)+[\w.\-/${}]*/g)) {
      const target = relative(root, resolve(dirname(join(root, file)), m[0]));
      if (target.startsWith('..')) offences.push(`${file}: ${m[0]}`);
    }
    if (/['"`]\.\.['"`]\s*,\s*['"`]shared['"`]/.test(source))
      offences.push(`${file}: joins the parent folder with shared`);
  }
  assert.deepEqual(offences, []);
});
