import type { ClockRate } from '../../adapters/forecast/control/forecast-clock.ts';
import type { UpstreamCounters, UpstreamLog } from '../../adapters/forecast/upstream/metrics.ts';
import type { SharedDocumentCache } from '../../adapters/shared/shared-document-cache.ts';

// The forecast context's settings, apart from its wiring (forecast-module.ts): the library's createTaskcast
// options name them, and its published declarations must not reach inversify's.

export interface UpstreamModuleOptions {
  readonly url: string;
  readonly userAgent: string;
  readonly cacheMb: number;
  readonly timeoutMs: number;
  readonly staleMaxSeconds: number;
  readonly log?: UpstreamLog;
  readonly counters?: UpstreamCounters;
  /** The cluster's shared cache (REDIS_URL), behind each node's LRU. */
  readonly shared?: SharedDocumentCache;
}

export interface ReplayModuleOptions {
  /** FORECAST_REPLAY_DIR. */
  readonly dir: string;
  /** FORECAST_REPLAY_STRICT=1. */
  readonly strict: boolean;
}

export interface RecordModuleOptions {
  /** FORECAST_RECORD_DIR. */
  readonly dir: string;
  /** FORECAST_RECORD_RELATIVE=1. */
  readonly relative: boolean;
  /** FORECAST_RECORD_MAX_FILES (0: no limit). */
  readonly maxFiles?: number;
  /** FORECAST_RECORD_MAX_MB, in bytes (0: no limit). */
  readonly maxBytes?: number;
}

export interface ForecastModuleOptions {
  readonly provider: 'embedded' | 'upstream' | 'replay';
  /** Required when provider is `replay`. */
  readonly replay?: ReplayModuleOptions;
  /** With provider `upstream`: write what it fetches into a bundle. */
  readonly record?: RecordModuleOptions;
  /** Required when provider is `upstream`. */
  readonly upstream?: UpstreamModuleOptions;
  /** FORECAST_NOW: where the forecast clock starts; unset, it follows the process clock until set. */
  readonly clockStart?: { readonly now: Date; readonly rate: ClockRate };
  /**
   * With provider `embedded`: read the catalogue on the first forecast request (or scenario check) rather
   * than when the provider is wired. The test runner entry points use it; a server loads at start-up.
   */
  readonly lazyData?: boolean;
}
