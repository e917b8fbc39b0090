import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { docBlock } from './support/doc-blocks.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

test("the docs' library example runs as written and prints what the docs say", () => {
  const block = docBlock('library-example');
  // The package's `exports` point at the compiled dist/ (test/e2e/package.test.ts runs this block against the
  // packed tarball with plain node); here the same block runs against the sources, so 'taskcast' becomes
  // the entry's source file.
  const sourceEntry = pathToFileURL(join(root, 'bootstrap', 'entry', 'library.ts')).href;
  const source = block.replace(/from 'taskcast';/g, `from '${sourceEntry}';`);
  assert.notEqual(source, block, "the block imports from 'taskcast'");
  const dir = join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `readme-example-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
    assert.match(out, /ada@example\.com \[ 'Write the README' \]/);
    assert.match(out, /private, as it should be/);
  } finally {
    rmSync(file, { force: true });
  }
});

test("the README's short library example runs and prints what it says", () => {
  const block = docBlock('readme-library-example');
  const source = block.replace(
    /from 'taskcast';/g,
    `from '${pathToFileURL(join(root, 'bootstrap', 'entry', 'library.ts')).href}';`,
  );
  const dir = join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `readme-library-example-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
    const expected = [...block.matchAll(/^\/\/ → (.*)$/gm)].map((m) => m[1]);
    assert.deepEqual(out.trim().split('\n'), expected);
  } finally {
    rmSync(file, { force: true });
  }
});
