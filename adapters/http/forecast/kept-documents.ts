import type { H3Event } from 'h3';
import type { ForecastControlPort } from '../../../application/forecast/forecast-controls.ts';
import type { ForecastDocument } from '../../../application/forecast/ports.ts';
import type { ForecastRequestContext } from './forecast-request.ts';

/** What a kept document depends on besides its URL: the forecast clock and the controls' revision. */
export type DocumentInputs = Pick<ForecastControlPort, 'clock' | 'revision'>;

interface Kept {
  readonly base: string;
  readonly second: number;
  readonly revision: number;
  readonly document: ForecastDocument;
}

/**
 * The document a route gave for a URL, kept for the rest of the forecast clock's second, so that a hot
 * `/points` or forecast skips the use case and the provider (~4 µs of a ~20 µs answer in process,
 * docs/benchmarks.md, issue 41). Only with a provider whose documents depend on nothing but their request
 * and the forecast controls (ForecastProvider.followsControls), and only on routes that read nothing of
 * the request but its URL and base (forecast-routes.ts). The key is then every input: the URL's text (path
 * and query), the base, the clock's second and the controls' revision, which every clock set and scenario
 * change bumps. Nothing in such a document changes within a second of its clock (a forecast's max-age
 * counts whole seconds to the hour, a point's local date turns on a whole minute), so the document kept is
 * the one the route would give again; the answer around it (correlation id, conditional request, HEAD) is
 * still written per request. test/http/forecast/kept-documents.test.ts compares the bytes with and without.
 */
export class KeptDocuments {
  readonly #kept = new Map<string, Kept>();

  constructor(
    private readonly inputs: DocumentInputs,
    private readonly capacity = 4096,
  ) {}

  /** `route` with its documents kept: the same documents, each worked out once per URL, base and second. */
  route(
    route: (request: ForecastRequestContext) => Promise<ForecastDocument>,
  ): (request: ForecastRequestContext) => Promise<ForecastDocument> {
    return (request) => {
      const url = urlOf(request.event);
      // Read before the route runs: a document worked out as a second turns is kept under the earlier one,
      // which has passed, so it is never served for a later second.
      const second = Math.floor(this.inputs.clock.now().getTime() / 1000);
      const revision = this.inputs.revision;
      const kept = this.#kept.get(url);
      if (kept && kept.second === second && kept.revision === revision && kept.base === request.baseUrl)
        return Promise.resolve(kept.document);
      return route(request).then((document) => {
        if (this.#kept.size >= this.capacity) this.#kept.clear();
        this.#kept.set(url, { base: request.baseUrl, second, revision, document });
        return document;
      });
    };
  }
}

/** The request URL's text (scheme, host, path and query), as srvx or the caller's Request gives it. */
function urlOf(event: H3Event): string {
  return String(event.req.url);
}
