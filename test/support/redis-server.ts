import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
