// Maintainers only: copies the part of the official api.weather.gov OpenAPI that Taskcast serves into the
// project (adapters/http/docs/nws-openapi.json), as OpenAPI 3.1. The server and the tests read that copy,
// never the workspace's reference folder. adapters/http/docs/forecast-openapi.ts then lays Taskcast's own
// additions over it at run time.
//
//   node scripts/openapi/extract-nws-openapi.mjs [path/to/official/openapi.json]
//
// What it does: keeps the served paths, keeps the components they reference (transitively), drops media
// types Taskcast never serves (XML, Atom, DWML), and rewrites the 3.0 keywords 3.1 dropped (`nullable`).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const source = process.argv[2] ?? join(root, '../shared/reference/nws/openapi.json');
const target = join(root, 'adapters/http/docs/nws-openapi.json');

// Every GET path of the official document: the embedded and upstream providers serve them all (issue 11).
const SERVED_PATHS = null;
// Media types Taskcast answers; the others the official document lists (Atom, DWML, the uswx/obs XML) get a 406.
const SERVED_MEDIA = new Set([
  'application/geo+json',
  'application/ld+json',
  'application/json',
  'application/problem+json',
  'image/png',
  'image/svg+xml',
  'image/jpeg',
  'application/cap+xml',
  'application/vnd.wmo.iwxxm+xml',
]);

const official = JSON.parse(readFileSync(source, 'utf8'));

const paths = {};
for (const path of SERVED_PATHS ?? Object.keys(official.paths).filter((p) => official.paths[p].get)) {
  if (!official.paths[path]) throw new Error(`the official document has no ${path}`);
  paths[path] = official.paths[path];
}

// Media types: keep what Taskcast can answer.
function pruneContent(node) {
  if (Array.isArray(node)) return node.forEach(pruneContent);
  if (node === null || typeof node !== 'object') return;
  if (node.content && typeof node.content === 'object' && !Array.isArray(node.content)) {
    for (const type of Object.keys(node.content)) if (!SERVED_MEDIA.has(type)) delete node.content[type];
  }
  for (const value of Object.values(node)) pruneContent(value);
}

// 3.0 -> 3.1: `nullable: true` becomes a "null" member of `type`, or a `null` alternative beside a $ref or a combinator.
function toOpenApi31(node) {
  if (Array.isArray(node)) return node.forEach(toOpenApi31);
  if (node === null || typeof node !== 'object') return;
  for (const value of Object.values(node)) toOpenApi31(value);
  if (node.nullable === true) {
    delete node.nullable;
    if (typeof node.type === 'string') {
      node.type = [node.type, 'null'];
      if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
    } else if (node.$ref) {
      const ref = node.$ref;
      delete node.$ref;
      node.anyOf = [{ $ref: ref }, { type: 'null' }];
    } else if (node.oneOf || node.anyOf || node.allOf) {
      const inner = {};
      for (const key of ['oneOf', 'anyOf', 'allOf']) if (node[key]) ((inner[key] = node[key]), delete node[key]);
      node.anyOf = [inner, { type: 'null' }];
    }
  } else if (node.nullable === false) delete node.nullable;
}

const document = {
  openapi: '3.1.0',
  info: official.info,
  externalDocs: official.externalDocs,
  servers: official.servers,
  security: official.security,
  paths,
  components: {},
};
pruneContent(document.paths);

// Components reachable from the kept paths, following refs inside components too.
const wanted = new Map();
function collect(node) {
  if (Array.isArray(node)) return node.forEach(collect);
  if (node === null || typeof node !== 'object') return;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/')) {
    const [, , kind, name] = node.$ref.split('/');
    const key = `${kind}/${name}`;
    if (!wanted.has(key)) {
      const value = official.components[kind]?.[name];
      if (value === undefined) throw new Error(`dangling ${node.$ref}`);
      wanted.set(key, value);
      pruneContent(value);
      collect(value);
    }
  }
  for (const value of Object.values(node)) collect(value);
}
collect(document.paths);
collect(official.components.securitySchemes);
// English collation, not the machine's locale's: the extract is the same on every machine.
const english = new Intl.Collator('en');
for (const [key, value] of [...wanted].sort(([a], [b]) => english.compare(a, b))) {
  const [kind, name] = key.split('/');
  (document.components[kind] ??= {})[name] = value;
}
document.components.securitySchemes = official.components.securitySchemes;
toOpenApi31(document);
// The official document writes one schema (CenterWeatherServiceUnitJsonLd) as a bare array of schemas, which
// no validator accepts; what it means is "all of these".
for (const [name, schema] of Object.entries(document.components.schemas ?? {})) {
  if (Array.isArray(schema)) document.components.schemas[name] = { allOf: schema };
}

document['x-taskcast-source'] = {
  description:
    'Extracted from the official api.weather.gov OpenAPI by scripts/openapi/extract-nws-openapi.mjs: the served paths and the components they use, converted to OpenAPI 3.1.',
  officialVersion: official.info.version,
  officialOpenapi: official.openapi,
};
writeFileSync(target, `${JSON.stringify(document, null, 1)}\n`);
console.log(`wrote ${target}: ${Object.keys(document.paths).length} paths, ${wanted.size} components`);
