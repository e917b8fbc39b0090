import type { ForecastAsset, ForecastDocument, ForecastProvider } from '../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import { addRoute, createRouter, findRoute } from 'rou3';
import { DECLARED_ROUTES } from '../../adapters/forecast/embedded/declared-routes.ts';
import { OFFICE } from '../../adapters/forecast/embedded/offices/office-routes.ts';
import type { RouteRule } from '../../application/forecast/resource-route.ts';

/** The paths the families declare; any other path is a 404, as from a provider that holds nothing else. */
const declared = createRouter<RouteRule>();
for (const rule of DECLARED_ROUTES) addRoute(declared, 'GET', rule.pattern, rule);
const declaredRule = (path: string): RouteRule | undefined => findRoute(declared, 'GET', path.split('?')[0]!)?.data;
const isDeclared = (path: string): boolean => declaredRule(path) !== undefined;

/** Providers whose bodies are placeholders (see forecastWorld's contract checks). */
export const placeholderProviders = new WeakSet<object>();

/** What the double answers with: a port member, or `office`, the member /offices/{id} is answered by. */
type AnswerName = keyof ForecastProvider | 'office';

export interface RecordedCall {
  readonly method: AnswerName;
  readonly args: unknown[];
}

/**
 * A ForecastProvider that records what it was asked and answers a small document echoing the call, with
 * links under the caller's base. Office `ZZZ` and station `KNONE` do not exist.
 */
export function recordingForecastProvider(lastModified = new Date('2026-07-15T18:00:00Z')) {
  const calls: RecordedCall[] = [];
  const answer =
    (method: AnswerName) =>
    async (...args: unknown[]): Promise<ForecastDocument> => {
      calls.push({ method, args });
      const ctx = args[args.length - 1] as { baseUrl: string };
      const first = args[0] as { office?: string; path?: string } | string | undefined;
      // A path names them as a segment (`/stations/KNONE`), a typed method as its first argument.
      const pathname = typeof first === 'object' ? first.path?.split('?')[0] : undefined;
      const segments = pathname?.split('/') ?? [];
      if (
        (typeof first === 'object' && first.office === 'ZZZ') ||
        first === 'KNONE' ||
        segments.includes('ZZZ') ||
        segments.includes('KNONE')
      )
        throw new ForecastNotFound(`No such thing: ${JSON.stringify(first)}.`);
      const body: Record<string, unknown> = {
        type: 'Feature',
        id: `${ctx.baseUrl}/${method}`,
        properties: { method, args: args.slice(0, -1) },
      };
      if (pathname === '/stations') body['pagination'] = { next: `${ctx.baseUrl}/stations?cursor=abc` };
      return { body, lastModified, maxAgeSeconds: 120 };
    };
  const asset =
    (method: keyof ForecastProvider, contentType: string) =>
    async (...args: unknown[]): Promise<ForecastAsset> => {
      calls.push({ method, args });
      return {
        contentType,
        bytes: new TextEncoder().encode(JSON.stringify(args.slice(0, -1))),
        lastModified,
        maxAgeSeconds: 120,
      };
    };
  const provider: ForecastProvider & { office: (...args: unknown[]) => Promise<ForecastDocument> } = {
    document: async (request, ctx) => {
      const rule = declaredRule(request.path);
      if (!rule) throw new ForecastNotFound(`No resource matches ${request.path}.`);
      // /offices/{id} is answered by a member of its own, which a test may replace (protocol.test.ts makes
      // it throw to see a 500), and its body is named after it.
      if (rule === OFFICE) return provider.office(request, ctx);
      return answer('document')(request, ctx);
    },
    asset: async (request, media, ctx) => {
      if (!isDeclared(request.path)) throw new ForecastNotFound(`No resource matches ${request.path}.`);
      return asset('asset', media.accept.split(',')[0]!)(request, ctx);
    },
    point: answer('point'),
    gridOf: async (...args: unknown[]) => {
      calls.push({ method: 'gridOf', args });
      return { office: 'TOP', x: 32, y: 81 };
    },
    forecast: answer('forecast'),
    office: answer('office'),
  };
  // Its bodies are placeholders, not api.weather.gov shapes: the contract checks of forecastWorld then hold
  // its answers to the document's paths, statuses and media types, not to the body schemas.
  placeholderProviders.add(provider);
  return { provider, calls };
}
