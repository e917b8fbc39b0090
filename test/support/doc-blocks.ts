import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The README and every page under docs/: the places a reader finds the examples the tests run. */
export function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

/**
 * The code of the block marked `<!-- name:start -->` … `<!-- name:end -->`, wherever it lives in the docs.
 * Blocks are found by name rather than by file, so a page can be reorganised without touching the tests;
 * a name used twice is an error, since a reader could not tell which one the tests run.
 */
export function docBlock(name: string, lang = 'ts'): string {
  const pattern = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
    'g',
  );
  const found = docFiles().flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(pattern)].map((m) => ({ file, code: m[1]! })),
  );
  assert.equal(
    found.length,
    1,
    `the docs have one ${name} block (found in: ${found.map((f) => f.file).join(', ') || 'none'})`,
  );
  return found[0]!.code;
}

/**
 * Runs a docs block written against the package (`from 'taskcast'`) on the sources instead, with tsx, and
 * gives what it printed. The package's `exports` point at the compiled dist/ (test/e2e/package.test.ts runs
 * the blocks against the packed tarball with plain node); here 'taskcast' becomes the entry's source file.
 */
export function runOnSources(code: string, name: string): string {
  const sourceEntry = pathToFileURL(join(root, 'bootstrap', 'entry', 'library.ts')).href;
  const source = code.replace(/from 'taskcast';/g, `from '${sourceEntry}';`);
  assert.notEqual(source, code, `the ${name} block imports from 'taskcast'`);
  const dir = join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
}

/** What a block says it prints: its `// → …` lines, in order. */
export function promisedOutput(code: string): string[] {
  return [...code.matchAll(/^\/\/ → (.*)$/gm)].map((m) => m[1]!);
}
