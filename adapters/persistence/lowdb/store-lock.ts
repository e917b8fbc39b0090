import { randomBytes } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { StoreOpenError } from './store-open-error.ts';

/** Longest socket path bound directly; beyond it (sun_path holds 108 bytes) the folder is reached through /proc. */
const MAX_DIRECT_SOCKET_PATH = 100;
const PROBE_TIMEOUT_MS = 2_000;
const ATTEMPTS = 3;

type Probe =
  | { readonly state: 'live'; readonly pid: number | undefined; readonly silent?: boolean }
  | { readonly state: 'stale' | 'gone' | 'foreign' };

/**
 * The store's exclusive lock: a Unix-domain socket that the server listens on beside the store,
 * `${DB_PATH}.lock.<random>`. The kernel stops a socket listening when its process dies, however it dies
 * (kill -9, OOM, a zombie not yet reaped): a connection to a dead holder's socket is refused, whatever its
 * pid has become meanwhile. A socket is found through the file system, so the lock also holds between PID
 * namespaces and containers that share the volume, where pids say nothing.
 *
 * Taking it is "announce, then look": bind our own socket first, then probe every other lock socket. A live
 * one refuses us; a refused one is stale and removed. Of two servers starting at once, the later to look
 * sees the other listening, so at most one proceeds (both may refuse, which is safe). Only a socket that
 * refuses connections is ever removed, and a listening socket never does; the one socket that can be
 * removed while alive is ours in the instant between bind and listen, so we check at the end that ours is
 * still there, and start over if not.
 */
export class StoreLock {
  private released = false;

  private constructor(
    private readonly server: Server,
    private readonly path: string,
    private readonly folderFd: number,
  ) {}

  static async acquire(storePath: string): Promise<StoreLock> {
    const folder = dirname(storePath);
    const prefix = `${basename(storePath)}.lock.`;
    removeLegacyPidFile(`${storePath}.lock`);
    let folderFd: number;
    try {
      folderFd = openSync(folder, 'r');
    } catch (error) {
      throw new StoreOpenError(`Cannot open the folder of the store ${storePath}: ${(error as Error).message}`);
    }
    try {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const name = `${prefix}${randomBytes(8).toString('hex')}`;
        const path = join(folder, name);
        const server = await listenOn(socketAddress(folder, folderFd, name), path);
        const holder = await findLiveHolder(folder, folderFd, prefix, name);
        if (holder === undefined && isSocket(path)) {
          return new StoreLock(server, path, folderFd);
        }
        await closeServer(server, path);
        if (holder?.silent) {
          throw new StoreOpenError(
            `The store ${storePath} is locked by ${holder.path}, which accepts connections but does not answer as a Taskcast server within ${PROBE_TIMEOUT_MS / 1000} s. If no Taskcast server runs on this store, remove that file and start again.`,
          );
        }
        if (holder !== undefined) {
          const pid = holder.pid === undefined ? '' : `pid ${holder.pid}, `;
          throw new StoreOpenError(
            `The store ${storePath} is in use by another Taskcast process (${pid}lock ${holder.path}). Stop it or choose another DB_PATH.`,
          );
        }
      }
      throw new StoreOpenError(
        `The store ${storePath} is in use: another Taskcast process kept taking its lock (${folder}/${prefix}*).`,
      );
    } catch (error) {
      closeSync(folderFd);
      throw error;
    }
  }

  /** Stops listening and removes the socket; the next server then finds no holder. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await closeServer(this.server, this.path);
    closeSync(this.folderFd);
  }
}

/** Versions before the socket lock wrote `${DB_PATH}.lock` holding a pid; a pid proves nothing, so it goes. */
function removeLegacyPidFile(path: string): void {
  try {
    if (lstatSync(path).isFile()) unlinkSync(path);
  } catch {
    // absent, or gone meanwhile
  }
}

async function findLiveHolder(
  folder: string,
  folderFd: number,
  prefix: string,
  own: string,
): Promise<{ path: string; pid: number | undefined; silent?: boolean } | undefined> {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    throw new StoreOpenError(`Cannot list the folder of the store ${folder}: ${(error as Error).message}`);
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || name === own) continue;
    const path = join(folder, name);
    const probe = await probeSocket(socketAddress(folder, folderFd, name), path);
    if (probe.state === 'live') return { path, pid: probe.pid, silent: probe.silent };
    if (probe.state === 'stale') {
      try {
        unlinkSync(path);
      } catch {
        // another starter removed it first
      }
    }
  }
  return undefined;
}

/** Connects to a lock socket: a holder answers with its pid; a refused connection means its holder is dead. */
function probeSocket(address: string, path: string): Promise<Probe> {
  if (!isSocket(path)) return Promise.resolve({ state: 'foreign' });
  return new Promise((resolve) => {
    const socket = connect(address);
    let text = '';
    const done = (probe: Probe): void => {
      socket.destroy();
      resolve(probe);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done({ state: 'live', pid: undefined, silent: true }));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done({ state: 'live', pid: parsePid(text) }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') done({ state: 'stale' });
      else if (error.code === 'ENOENT') done({ state: 'gone' });
      // Anything else (EACCES: another user's server) cannot be proven dead, so it counts as a holder.
      else done({ state: 'live', pid: undefined });
    });
  });
}

function listenOn(address: string, path: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Every connection gets the holder's pid, for the "in use" message; the connection itself is the proof.
    const server = createServer((socket) => socket.end(`${JSON.stringify({ pid: process.pid })}\n`));
    server.once('error', (error) =>
      reject(new StoreOpenError(`Cannot create the lock socket ${path}: ${error.message}`)),
    );
    server.listen(address, () => {
      server.unref(); // the lock never keeps a process alive on its own
      resolve(server);
    });
  });
}

function closeServer(server: Server, path: string): Promise<void> {
  // Node removes the socket file on close; unlinking first makes the release visible at once.
  try {
    if (isSocket(path)) unlinkSync(path);
  } catch {
    // already gone
  }
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The path to bind or connect to; a long one goes through the folder's descriptor, which /proc keeps short. */
function socketAddress(folder: string, folderFd: number, name: string): string {
  const direct = join(folder, name);
  if (Buffer.byteLength(direct) <= MAX_DIRECT_SOCKET_PATH || process.platform !== 'linux') return direct;
  return `/proc/self/fd/${folderFd}/${name}`;
}

function isSocket(path: string): boolean {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
}

function parsePid(text: string): number | undefined {
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isSafeInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
