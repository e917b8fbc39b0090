// Copies into dist/swagger-ui/ the Swagger UI files that /docs serves, with swagger-ui-dist's licence, so the
// published package needs no `swagger-ui-dist` (a development dependency): that package is 12 MB of bundle
// variants and source maps, and every install, weather-only ones included, downloaded it for ~2 MB of files.
// The list is adapters/http/docs/swagger-ui-assets.ts's, from its compiled module. Run by `npm run build`,
// after tsc.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { SHIPPED_SWAGGER_UI_FILES } = await import(
  pathToFileURL(join(root, 'dist', 'adapters', 'http', 'docs', 'swagger-ui-assets.js')).href
);
const from = dirname(createRequire(join(root, 'package.json')).resolve('swagger-ui-dist/package.json'));
const to = join(root, 'dist', 'swagger-ui');
mkdirSync(to, { recursive: true });
let bytes = 0;
for (const name of SHIPPED_SWAGGER_UI_FILES) {
  copyFileSync(join(from, name), join(to, name));
  bytes += statSync(join(to, name)).size;
}
console.log(`dist/swagger-ui/: ${SHIPPED_SWAGGER_UI_FILES.length} files, ${(bytes / 1e6).toFixed(1)} MB`);
