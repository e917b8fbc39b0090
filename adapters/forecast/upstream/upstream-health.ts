import type { DependencyState, ReadinessCheck } from '../../shared/readiness.ts';
import { describe, type Fetch } from './upstream-client.ts';

export interface UpstreamHealthOptions {
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly fetch?: Fetch;
  /** A probe's own timeout: /ready must answer quickly even when upstream hangs. */
  readonly probeTimeoutMs?: number;
  /** At most one probe per this interval; /ready in between answers the last probe's result. */
  readonly probeIntervalMs?: number;
  readonly now?: () => number;
}

/**
 * Whether api.weather.gov is reachable, for GET /ready. The client reports every call's outcome here; while
 * the last one failed (no answer, or a 5xx after the retries) /ready probes the upstream's root itself, at
 * most once per interval, so a node out of rotation still notices when the upstream comes back. Cached
 * copies are still served meanwhile (stale-if-error); /ready is what tells the load balancer.
 */
export class UpstreamHealth implements ReadinessCheck {
  readonly name = 'upstream';
  private lastFailure: string | undefined;
  private lastProbe = { at: Number.NEGATIVE_INFINITY, state: { ok: true } as DependencyState };

  constructor(private readonly options: UpstreamHealthOptions) {}

  /** Called by the client after each call, retries included. */
  record(outcome: { reachable: true } | { reachable: false; reason: string }): void {
    this.lastFailure = outcome.reachable ? undefined : outcome.reason;
  }

  async check(): Promise<DependencyState> {
    if (this.lastFailure === undefined) return { ok: true };
    const now = (this.options.now ?? Date.now)();
    if (now - this.lastProbe.at < (this.options.probeIntervalMs ?? 5000)) return this.lastProbe.state;
    const state = await this.probe();
    this.lastProbe = { at: now, state };
    if (state.ok) this.lastFailure = undefined;
    return state;
  }

  private async probe(): Promise<DependencyState> {
    const origin = this.options.baseUrl.endsWith('/') ? this.options.baseUrl.slice(0, -1) : this.options.baseUrl;
    try {
      const response = await (this.options.fetch ?? globalThis.fetch)(`${origin}/`, {
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.probeTimeoutMs ?? 2000),
      });
      await response.body?.cancel();
      if (response.status < 500) return { ok: true };
      return {
        ok: false,
        detail: `the upstream ${origin} answers ${response.status} (last call: ${this.lastFailure})`,
      };
    } catch (error) {
      return {
        ok: false,
        detail: `the upstream ${origin} is unreachable (${(error as Error).name === 'TimeoutError' ? 'no answer within the probe timeout' : describe(error)}; last call: ${this.lastFailure})`,
      };
    }
  }
}
