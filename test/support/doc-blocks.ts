import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
