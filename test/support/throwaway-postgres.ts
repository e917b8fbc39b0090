import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder holding initdb and pg_ctl, if this machine has PostgreSQL's server binaries. */
export function postgresBinDir(): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [fromConfig.status === 0 ? fromConfig.stdout.trim() : ''];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse())
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => dir !== '' && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** PostgreSQL refuses to run as root; as root, the binaries run as the `postgres` account through runuser. */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } | undefined {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0 || spawnSync('runuser', ['--help'], { stdio: 'ignore' }).status !== 0) return undefined;
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayPostgresUnavailable(): string | undefined {
  if (!postgresBinDir()) return 'needs PostgreSQL server binaries (initdb, pg_ctl) for a throwaway cluster; skipped';
  if (!asServerUser()) return 'runs as root without a postgres account to run the throwaway cluster as; skipped';
  return undefined;
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on its own port, that a test may stop and restart
 * at will without disturbing any other server on the machine.
 */
export class ThrowawayPostgres {
  private readonly dir: string;
  private readonly bin: string;
  private readonly user: { prefix: string[]; uid?: number; gid?: number };

  constructor(readonly port: number) {
    this.bin = postgresBinDir()!;
    this.user = asServerUser()!;
    this.dir = mkdtempSync(join(tmpdir(), 'taskcast-pg-'));
    if (this.user.uid !== undefined) chownSync(this.dir, this.user.uid, this.user.gid!);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]): void {
    const [command, ...rest] = [...this.user.prefix, join(this.bin, tool), ...args];
    execFileSync(command!, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
  }

  private get serverOptions(): string {
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  }

  init(): void {
    this.run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  }

  start(): void {
    this.run('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-o',
      this.serverOptions,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** `fast`: what a restart by an operator or a package upgrade does (open sessions are ended). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
