import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

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
      if (/\bprocess\.|\bBuffer\.|\brequire\(/.test(source))
        offences.push(`${relative(root, file)} touches a Node global`);
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

/**
 * The embedded provider's engines (synthetic weather, NDFD projection and polygon maths) live under
 * adapters/forecast/embedded/ because only that provider uses them, but they stay pure: deterministic
 * functions with no I/O, importable on their own. Each may import only from its own folder.
 */
for (const engine of ['adapters/forecast/embedded/weather', 'adapters/forecast/embedded/geo']) {
  test(`${engine}/ is pure: no package, no node: built-in, nothing outside its folder`, () => {
    const offences: string[] = [];
    const dir = join(root, engine);
    for (const file of tsFiles(dir)) {
      const source = readFileSync(file, 'utf8');
      const where = relative(root, file);
      for (const m of source.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
        if (!spec.startsWith('.')) offences.push(`${where} imports '${spec}'`);
        else if (relative(dir, resolve(dirname(file), spec)).startsWith('..'))
          offences.push(`${where} reaches outside: '${spec}'`);
      }
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      if (/\bprocess\.|\bBuffer\.|\brequire\(|\bDate\.now\(|\bMath\.random\(/.test(code)) {
        offences.push(`${where} touches a global that breaks determinism or purity`);
      }
    }
    assert.deepEqual(offences, []);
  });
}

test('domain/forecast/ holds only what the API is about, not a provider engine', () => {
  const files = tsFiles(join(root, 'domain/forecast')).map((f) => relative(join(root, 'domain/forecast'), f));
  assert.deepEqual(
    files.filter((f) => f.includes('/')),
    [],
    'no engine subfolders under domain/forecast',
  );
});
