/**
 * What the docs tell a reader to type must exist: every `npm run` script and bench set they name, and every
 * environment variable. The configuration page's table and the variables the server reads are the same
 * set, so a variable cannot be added without its documentation, or documented after it is gone.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SCENARIO_SETS } from '../../bench/registry.ts';
import { CONFIG_VARIABLES } from '../../bootstrap/server/config.ts';
import { docFiles } from '../support/doc-blocks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const docs = docFiles().map((file) => ({ file, text: read(file) }));

test('every `npm run` script the docs name is in package.json (or in the app package.json the page shows)', () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  const missing: string[] = [];
  for (const { file, text } of docs) {
    // A page may show a package.json of the reader's own app, with scripts of its own.
    const shown = [...text.matchAll(/^\s*"([\w:-]+)": "/gm)].map((m) => m[1]!);
    for (const [, name] of text.matchAll(/npm run ([\w:-]+)/g)) {
      if (!scripts.includes(name!) && !shown.includes(name!)) missing.push(`${file}: npm run ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every bench set the docs name exists', () => {
  const missing: string[] = [];
  for (const { file, text } of docs) {
    for (const [, set, storage] of text.matchAll(/npm run bench -- ([\w-]+)(?: --storage (\w+))?/g)) {
      const name = storage ? `${set}-${storage}` : set!;
      if (!SCENARIO_SETS.has(name)) missing.push(`${file}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});

/** Read by an adapter itself rather than through the validated configuration, with the reason. */
const READ_OUTSIDE_CONFIG = [
  'TASKCAST_CACHE_DIR', // the alert-cycle cache, also used by the library and the test doubles, which have no config
];

test("the configuration page's table lists exactly the variables the server reads", () => {
  const page = read('docs/configuration.md');
  const documented = [...page.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
  assert.deepEqual([...documented].sort(), [...CONFIG_VARIABLES, ...READ_OUTSIDE_CONFIG].sort());
});

test('every environment variable the docs name is read somewhere in the code', () => {
  const sources = ['domain', 'application', 'bootstrap', 'adapters', 'bench', 'scripts', 'test', '.ci']
    .flatMap((dir) => walk(join(root, dir)))
    .filter((file) => /\.(ts|mts|mjs|js|sh)$|\/run$/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const unknown = new Set<string>();
  for (const { file, text } of docs) {
    // A variable of the reader's own app, set in the package.json script the page shows, is theirs.
    const shownScripts = [...text.matchAll(/^\s*"[\w:-]+": "(.*)"$/gm)].map((m) => m[1]!).join('\n');
    for (const [, name] of text.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/g)) {
      if (!sources.includes(name!) && !shownScripts.includes(`${name}=`)) unknown.add(`${file}: ${name}`);
    }
  }
  assert.deepEqual([...unknown], []);
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'data' || entry.name === 'fixtures'
      ? []
      : entry.isDirectory()
        ? walk(join(dir, entry.name))
        : [join(dir, entry.name)],
  );
}
