import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// The official api.weather.gov OpenAPI (v1.9, copied into test/fixtures/nws/openapi.json) as a response
// validator: the schema of each path's 200 answer for each declared media type, compiled by ajv with the
// document's own components, so a body is checked against exactly what the NWS publishes. OpenAPI 3.0's
// `nullable` is an ajv keyword; its other annotations (`example`, `xml`, `externalDocs`) are ignored.

const DOC_ID = 'https://api.weather.gov/openapi.json';

type Json = Record<string, any>;

export const openapi: Json = JSON.parse(readFileSync(new URL('../fixtures/nws/openapi.json', import.meta.url), 'utf8'));

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, discriminator: false });
// ajv-formats is CommonJS: its function is `default` when imported one way and the module itself the other.
const applyFormats =
  (addFormats as unknown as { default?: (a: Ajv) => void }).default ?? (addFormats as unknown as (a: Ajv) => void);
applyFormats(ajv);
// The NWS's own formats: an IANA zone name and WKT geometry text; checked loosely, as their shape.
ajv.addFormat('iana-time-zone-identifier', /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/);
ajv.addFormat('wkt', /^[A-Z]+/);
ajv.addFormat('binary', true);
ajv.addSchema({ ...(asJsonSchema(openapi) as Json), $id: DOC_ID }, DOC_ID);

/**
 * OpenAPI 3.0's `nullable: true` beside a `$ref` or an `allOf` (no `type`) means "this, or null"; JSON
 * Schema spells that `anyOf: [this, {type: null}]`; beside an `enum`, null joins the enum. Everything else
 * is left as the NWS wrote it.
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = asJsonSchema(v);
  if (out['nullable'] === true && out['type'] === undefined) {
    const { nullable: _, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  // ajv's `nullable` widens `type` but not `enum`: a nullable enum (the gridpoint weather words) must list null.
  if (out['nullable'] === true && Array.isArray(out['enum']) && !out['enum'].includes(null))
    out['enum'] = [...out['enum'], null];
  return out;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every GET path template of the document. */
export function getPathTemplates(): string[] {
  return Object.entries(openapi.paths as Json)
    .filter(([, item]) => item.get)
    .map(([p]) => p);
}

/** The media types the path's 200 declares, in the document's order. */
export function declaredMediaTypes(template: string): string[] {
  const { content } = response200(template);
  return Object.keys(content ?? {});
}

/** A JSON pointer into the document for the path's 200 response (following a components/responses $ref). */
function responsePointer(template: string): string {
  const responses = openapi.paths[template].get.responses;
  const r = responses['200'];
  if (r?.$ref) return (r.$ref as string).slice(1);
  return `/paths/${escapePointer(template)}/get/responses/200`;
}

function response200(template: string): Json {
  let node: any = openapi;
  for (const part of responsePointer(template).split('/').slice(1))
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

const compiled = new Map<string, ValidateFunction>();

/** Validates a JSON body against the official schema of `template`'s 200 for `mediaType`; returns the errors. */
export function schemaErrors(template: string, mediaType: string, body: unknown): string[] {
  const key = `${template} ${mediaType}`;
  let validate = compiled.get(key);
  if (!validate) {
    const r = response200(template);
    if (!r.content?.[mediaType]) throw new Error(`${template} declares no ${mediaType} answer`);
    const pointer = `${responsePointer(template)}/content/${escapePointer(mediaType)}/schema`;
    validate = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    compiled.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 400)
    .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Whether the schema of `template`'s 200 for `mediaType` is a JSON schema (not binary or XML text). */
export function isJsonMedia(mediaType: string): boolean {
  return /json/.test(mediaType);
}
