import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Swagger UI's files, read from the installed `swagger-ui-dist` package (no CDN: /docs works offline).
 * Resolved through Node's module resolution, so it works from the sources, from the `npm start` bundle in
 * .build/ and from anywhere the package is installed. Each file is read once, on its first request.
 */
const FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
} as const;

export type SwaggerUiFile = keyof typeof FILES;

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
    packageDir ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
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
