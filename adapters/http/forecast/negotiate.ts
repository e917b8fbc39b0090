/** The media types the forecast API serves, best first; the first is the default. */
export const SERVED_TYPES = ['application/geo+json', 'application/ld+json', 'application/json'] as const;
export type ServedType = string;

/** Documents the OpenAPI declares as JSON-LD only (offices, products, glossary…): ld+json, or plain JSON. */
export const LD_TYPES = ['application/ld+json', 'application/json'] as const;

/**
 * Picks the served type for an Accept header, honouring q-values and `* /*` and `application/*`; undefined
 * means nothing acceptable (a 406). A missing or empty header gets the default.
 */
export function negotiate(accept: string | null, served: readonly string[] = SERVED_TYPES): ServedType | undefined {
  if (accept === null || accept.trim() === '') return served[0];
  let best: { type: ServedType; q: number; order: number } | undefined;
  for (const part of accept.split(',')) {
    const [rawRange, ...params] = part.split(';');
    const range = rawRange?.trim().toLowerCase() ?? '';
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim());
      if (k === 'q') q = Number(v);
    }
    if (!(q > 0)) continue;
    served.forEach((type, order) => {
      const matches = range === type || range === '*/*' || range === 'application/*';
      if (matches && (!best || q > best.q || (q === best.q && order < best.order))) best = { type, q, order };
    });
  }
  return best?.type;
}
