import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { RedisConnection } from '../../adapters/redis/redis-connection.ts';
import { freePort } from './free-port.ts';
export { freePort };

/** Whether a `redis-server` binary is on this machine (to start a throwaway one a test may stop). */
export const hasRedisServerBinary = (): boolean =>
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A private Redis on `port`, without persistence, that the test can stop and start again. */
export class ThrowawayRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${seen.slice(-500)}`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Resolves once the client has scheduled `attempts` more reconnections, each after a connection attempt that
 * failed: for a test that checks a note is not repeated, the events it would be repeated on, not a guessed time.
 */
export function reconnectAttempts(connection: RedisConnection, attempts: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onReconnecting = () => {
      if (++seen < attempts) return;
      connection.client.off('reconnecting', onReconnecting);
      resolve();
    };
    connection.client.on('reconnecting', onReconnecting);
  });
}

/**
 * Runs `body` with a connection to a Redis that is not there (nothing listens on port 1), then checks that
 * the connection said so once, not again on each of three reconnect attempts.
 */
export async function withUnreachableRedis(body: (redis: RedisConnection) => Promise<void>): Promise<void> {
  const notes: string[] = [];
  const redis = new RedisConnection({ url: 'redis://127.0.0.1:1', log: (m) => notes.push(m) });
  try {
    await body(redis);
    await reconnectAttempts(redis, 3);
    assert.equal(notes.filter((n) => n.includes('unreachable')).length, 1, notes.join('\n'));
  } finally {
    await redis.close();
  }
}
