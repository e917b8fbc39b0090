import type { Redis } from 'ioredis';
import { loadOnFirstUse } from '../shared/load-on-first-use.ts';

const ioredis = loadOnFirstUse<typeof import('ioredis')>('ioredis');

export interface RedisConnectionOptions {
  readonly url: string;
  readonly log?: (message: string) => void;
  /** How long one command may take before the caller falls back to its own memory. */
  readonly commandTimeoutMs?: number;
}

/**
 * The one Redis client of a node, shared by the auth throttle and the upstream cache. Redis is optional
 * help, never a dependency: commands fail at once while it is unreachable (no offline queue, a short
 * command timeout), so each caller falls back to the node's own memory; the client reconnects by itself,
 * and the change of state is logged once each way, not once per request.
 */
export class RedisConnection {
  readonly client: Redis;
  private up = false;
  private everUp = false;
  private downLogged = false;
  /** Set by close(): the connection ends because this node asked, which is not Redis being unreachable. */
  private closing = false;

  constructor(private readonly options: RedisConnectionOptions) {
    const log = options.log ?? (() => {});
    this.client = new (ioredis().Redis)(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: options.commandTimeoutMs ?? 500,
      // Reconnect for ever, at most every 2 s: the node keeps working on its own meanwhile.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      lazyConnect: false,
    });
    this.client.on('ready', () => {
      this.up = true;
      if (this.downLogged) log(`redis: ${this.describe} is back; shared budgets and cache resume`);
      else if (!this.everUp) log(`redis: connected to ${this.describe}`);
      this.everUp = true;
      this.downLogged = false;
    });
    const lost = (reason: string) => {
      this.up = false;
      if (this.downLogged || this.closing) return;
      this.downLogged = true;
      log(
        `redis: ${this.describe} unreachable (${reason}); this node uses its own memory for auth budgets and the upstream cache until it returns`,
      );
    };
    this.client.on('error', (error: Error) => lost(error.message));
    this.client.on('close', () => {
      if (this.up) lost('connection closed');
    });
  }

  /** Whether commands can be sent now. */
  get available(): boolean {
    return this.up && this.client.status === 'ready';
  }

  /** host:port of the server, without credentials. */
  get describe(): string {
    try {
      const url = new URL(this.options.url);
      return `${url.hostname}:${url.port || '6379'}`;
    } catch {
      return 'the configured Redis';
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.client.removeAllListeners('ready');
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
