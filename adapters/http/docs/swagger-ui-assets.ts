import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Swagger UI's files (no CDN: /docs works offline). The published package ships the few that /docs serves
 * in dist/swagger-ui/ (scripts/ship-swagger-ui.mjs), so that no install downloads `swagger-ui-dist`'s 12 MB
 * of variants and source maps; a checkout reads them from that package, a development dependency, through
 * Node's module resolution (from the sources and from the `npm start` bundle in .build/). Each file is read
 * once, on its first request.
 */
const FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
} as const;

export type SwaggerUiFile = keyof typeof FILES;

/** The files the build ships: those served, and what their licence asks to go with them. */
export const SHIPPED_SWAGGER_UI_FILES: readonly string[] = [
  ...Object.keys(FILES),
  'package.json',
  'LICENSE',
  'NOTICE',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui-standalone-preset.js.LICENSE.txt',
];

/**
 * dist/swagger-ui/ as seen from where this module's code runs in the package: a bundle in dist/server/ or
 * dist/weather/, or the compiled module in dist/adapters/http/docs/.
 */
const SHIPPED_DIRS = ['../swagger-ui/', '../../../swagger-ui/'];

export interface Asset {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The package version: the files change only when it does. */
  readonly etag: string;
}

let packageDir: string | undefined;
let version: string | undefined;
const cache = new Map<string, Asset>();

export function isSwaggerUiFile(name: string): name is SwaggerUiFile {
  return Object.hasOwn(FILES, name);
}

export function swaggerUiAsset(name: SwaggerUiFile): Asset {
  let asset = cache.get(name);
  if (!asset) {
    packageDir ??= swaggerUiDir();
    version ??= (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
    asset = {
      bytes: readFileSync(join(packageDir, name)),
      contentType: FILES[name],
      etag: `"swagger-ui-${version}-${name}"`,
    };
    cache.set(name, asset);
  }
  return asset;
}

function swaggerUiDir(): string {
  for (const relative of SHIPPED_DIRS) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'swagger-ui-bundle.js'))) return dir;
  }
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}
