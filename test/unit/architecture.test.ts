import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The layers a file in each inner layer may import from. */
const ALLOWED: Record<string, string[]> = {
  domain: ['domain'],
  application: ['domain', 'application'],
};

for (const [layer, allowed] of Object.entries(ALLOWED)) {
  test(`${layer}/ imports no package, no node: built-in, and nothing outside ${allowed.join(' and ')}`, () => {
    const offences: string[] = [];
    for (const file of tsFiles(join(root, layer))) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
        const where = relative(root, file);
        if (!spec.startsWith('.')) {
          offences.push(`${where} imports '${spec}'`);
          continue;
        }
        const target = relative(root, resolve(dirname(file), spec)).split('/')[0] ?? '';
        if (!allowed.includes(target)) offences.push(`${where} imports '${spec}' from ${target}/`);
      }
      if (/\bprocess\.|\bBuffer\.|\brequire\(/.test(source)) offences.push(`${relative(root, file)} touches a Node global`);
    }
    assert.deepEqual(offences, []);
  });
}

test('only bootstrap/ knows inversify', () => {
  const offenders = ['domain', 'application', 'adapters']
    .flatMap((layer) => tsFiles(join(root, layer)))
    .filter((file) => /from\s*['"]inversify['"]/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
  assert.deepEqual(offenders, []);
});
