import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDataDir } from '../data-dir.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import { ICON_CONDITIONS } from './icon-conditions.ts';
import { plainContext } from '../shared/json-ld.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { GLOSSARY, ICON_INDEX } from './reference-routes.ts';

interface GlossaryFile {
  readonly rows: ReadonlyArray<readonly [string, string]>;
}

/** /glossary (data/glossary.json: NWS terms the documents use) and /icons (the icon condition codes). */
export function referenceResources(): FamilyRoutes {
  let terms: Array<{ term: string; definition: string }> | undefined;
  const glossaryTerms = () => {
    terms ??= (JSON.parse(readFileSync(join(embeddedDataDir(), 'glossary.json'), 'utf8')) as GlossaryFile).rows.map(
      ([term, definition]) => ({ term, definition }),
    );
    return terms;
  };
  return {
    routes: [
      serve(GLOSSARY, async (_, ctx) => ({
        body: { '@context': plainContext(ctx.baseUrl), glossary: glossaryTerms() },
        lastModified: CATALOGUE_EDITION,
        maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
      })),
      serve(ICON_INDEX, async () => {
        // The OpenAPI's /icons schema allows `@context` and `icons` only, with a description per code.
        const icons = Object.fromEntries(
          Object.entries(ICON_CONDITIONS).map(([code, description]) => [code, { description }]),
        );
        return { body: { icons }, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),
    ],
  };
}
