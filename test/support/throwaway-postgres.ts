import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

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

  /** The postmaster and every process it started (backends, checkpointer, ...): the whole server. */
  private processes(): number[] {
    const postmaster = Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          // The parent pid is the 2nd field after the command, which is in parentheses and may hold spaces.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  private signalAll(signal: NodeJS.Signals): void {
    for (const pid of this.processes()) {
      try {
        process.kill(pid, signal);
      } catch {
        // exited meanwhile
      }
    }
  }

  /** SIGSTOP on the whole server: it keeps its sockets open and answers nothing, as a hung host does. */
  freeze(): void {
    this.signalAll('SIGSTOP');
  }

  thaw(): void {
    this.signalAll('SIGCONT');
  }

  /** SIGKILL on the whole server, as a crash of its host; `start` then runs crash recovery. */
  kill(): void {
    const pids = this.processes();
    this.signalAll('SIGKILL');
    // pg_ctl start refuses while the old postmaster's pid is alive; a killed child may linger as a zombie
    // of ours for a moment, so wait on /proc/<pid>/stat's state rather than on the pid alone.
    const end = Date.now() + 5000;
    while (Date.now() < end && pids.some((pid) => isRunning(pid))) execFileSync('sleep', ['0.05']);
    // The postmaster is nobody's child here, and a container's init may never reap it: as a zombie its pid
    // still "exists", so the next start would take its lock files for a live server's. They are stale.
    rmSync(join(this.dir, 'data', 'postmaster.pid'), { force: true });
    rmSync(join(this.dir, `.s.PGSQL.${this.port}.lock`), { force: true });
  }

  destroy(): void {
    try {
      this.thaw();
    } catch {
      // not running
    }
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
