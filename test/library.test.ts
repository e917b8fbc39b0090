import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the README library example runs as written and prints what the README says', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /<!-- library-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- library-example:end -->/.exec(readme)?.[1];
  assert.ok(block, 'README has the library example block');
  // Inside the project, so that `import ... from 'taskcast'` resolves through package.json's self-reference.
  const dir = join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `readme-example-${process.pid}.ts`);
  writeFileSync(file, block);
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
    assert.match(out, /ada@example\.com \[ 'Write the README' \]/);
    assert.match(out, /private, as it should be/);
  } finally {
    rmSync(file, { force: true });
  }
});
