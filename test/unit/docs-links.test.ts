import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { docFiles } from '../support/doc-blocks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => anchorOf(m[1]!)));
}

const markdown = [...docFiles(), 'adapters/forecast/embedded/README.md'];

test('every relative link in the README and docs/ reaches a file, and its #anchor a heading there', () => {
  const broken: string[] = [];
  for (const file of markdown) {
    const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // http:, https:, mailto:
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = path === '' ? join(root, file) : join(root, dirname(file), path);
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} (no ${relative(root, resolved)})`);
        continue;
      }
      if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!anchorsIn(resolved).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('the README stays a front door: at most 250 lines, and every docs/ page linked from it', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length <= 250, `README.md has ${readme.split('\n').length} lines`);
  for (const page of docFiles().filter((f) => f.startsWith('docs/'))) {
    assert.ok(readme.includes(`](${page})`), `README links ${page}`);
  }
});
