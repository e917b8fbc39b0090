import type { H3Event } from 'h3';
import type { ForecastControlPort } from '../../../application/forecast/forecast-controls.ts';
import type { ForecastDocument } from '../../../application/forecast/ports.ts';
import type { ForecastRequestContext } from './forecast-request.ts';

/** What a kept document depends on besides its URL: the forecast clock and the controls' revision. */
export type DocumentInputs = Pick<ForecastControlPort, 'clock' | 'revision'>;

interface Kept {
  readonly base: string;
  /** Under the controls' rule: the clock's second and the controls' revision it was worked out at. */
  readonly second: number;
  readonly revision: number;
  /** Under the document's own rule (ForecastDocument.stillCurrent), which then decides alone. */
  readonly own: boolean;
  readonly document: ForecastDocument;
}

/**
 * The document a route gave for a URL, kept while it is still the one the route would give, so that a hot
 * `/points` or forecast skips the use case and the provider (~4 µs of a ~20 µs answer in process,
 * docs/benchmarks.md, issue 41), on routes that read nothing of the request but its URL and base
 * (forecast-routes.ts). Two rules say how long:
 *
 * - the controls' rule, with a provider whose documents depend on nothing but their request and the
 *   forecast controls (ForecastProvider.followsControls): the key is then every input, the URL's text (path
 *   and query), the base, the clock's second and the controls' revision, which every clock set and
 *   scenario change bumps. Nothing in such a document changes within a second of its clock (a forecast's
 *   max-age counts whole seconds to the hour, a point's local date turns on a whole minute);
 * - the document's own rule (ForecastDocument.stillCurrent), on routes that answer one document as the
 *   provider gives it (`ownDocument`): the upstream gateway's fresh hit stays current while its cache entry
 *   is the cache's and fresh and its max-age has not yet counted down a second, and is counted as a hit
 *   each time it is served again.
 *
 * The answer around the document (correlation id, conditional request, HEAD) is still written per request.
 * test/http/forecast/kept-documents.test.ts compares the bytes with and without keeping.
 */
export class KeptDocuments {
  readonly #kept = new Map<string, Kept>();
  /** The clock second (the process's own, in ms / 1000) of the last sweep of documents no longer current. */
  #sweptAt = 0;

  /**
   * `inputs`: the forecast controls, when the provider's documents follow them; absent, only own rules.
   * `elapsedMs`: the process's own clock, which paces the sweep (a test moves it).
   */
  constructor(
    private readonly inputs: DocumentInputs | undefined,
    private readonly capacity = 4096,
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** How many documents are kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /**
   * `route` with its documents kept: the same documents, each worked out once per URL, base and second, or
   * for as long as one says it is current when the route answers it as the provider gave it (`ownDocument`).
   */
  route(
    route: (request: ForecastRequestContext) => Promise<ForecastDocument>,
    ownDocument = false,
  ): (request: ForecastRequestContext) => Promise<ForecastDocument> {
    return (request) => {
      const url = urlOf(request.event);
      // Read before the route runs: a document worked out as a second turns is kept under the earlier one,
      // which has passed, so it is never served for a later second.
      const second = this.inputs ? Math.floor(this.inputs.clock.now().getTime() / 1000) : 0;
      const revision = this.inputs?.revision ?? 0;
      const kept = this.#kept.get(url);
      if (kept && kept.base === request.baseUrl && current(kept, second, revision))
        return Promise.resolve(kept.document);
      return route(request).then((document) => {
        const own = ownDocument && document.stillCurrent !== undefined;
        if (!own && !this.inputs) {
          this.#kept.delete(url); // a gateway's miss or stale answer: the hit kept before it is over
          return document;
        }
        this.#sweep(second, revision);
        if (this.#kept.size >= this.capacity) this.#kept.clear();
        this.#kept.set(url, { base: request.baseUrl, second, revision, own, document });
        return document;
      });
    };
  }

  /**
   * Drops, at most once a second, every document no longer current. A kept document is current for a second
   * at most (both rules), so without this a URL asked once would hold its document, and a gateway's document
   * its cache entry after the cache had dropped it (beyond UPSTREAM_CACHE_MB), until the map filled; with it,
   * what is kept is what the last second or two asked for.
   */
  #sweep(second: number, revision: number): void {
    const at = Math.floor(this.elapsedMs() / 1000);
    if (at === this.#sweptAt) return;
    this.#sweptAt = at;
    for (const [url, kept] of this.#kept) if (!current(kept, second, revision)) this.#kept.delete(url);
  }
}

/** Whether a kept document is still the one its route would give: by its own rule or the controls'. */
function current(kept: Kept, second: number, revision: number): boolean {
  return kept.own ? kept.document.stillCurrent!() : kept.second === second && kept.revision === revision;
}

/** The request URL's text (scheme, host, path and query), as srvx or the caller's Request gives it. */
function urlOf(event: H3Event): string {
  return String(event.req.url);
}
