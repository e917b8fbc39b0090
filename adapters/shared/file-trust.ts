import { constants, fstatSync, lstatSync, type Stats } from 'node:fs';

/**
 * Whether a file or folder the server trusts (the store's folder, the store, `jwt-secret`) could have been
 * written by someone else, as ssh asks of its keys: writable by group or others, or owned by a user other
 * than the server's own or root. Another local user who can write there could plant a signing key, a
 * symlink where the server writes, or a store of their own. Undefined when it is trustworthy.
 */
export function untrusted(stats: Stats, what: string): string | undefined {
  const euid = process.geteuid?.();
  if (euid === undefined) return undefined; // no owners to compare (Windows)
  if (stats.uid !== euid && stats.uid !== 0) {
    return `${what} is owned by uid ${stats.uid}, not by the server's user (uid ${euid}) or root`;
  }
  const writable = stats.mode & 0o022;
  if (writable !== 0) {
    const by = writable === 0o022 ? 'group and others' : writable === 0o020 ? 'its group' : 'others';
    return `${what} is writable by ${by} (mode ${(stats.mode & 0o7777).toString(8).padStart(4, '0')})`;
  }
  return undefined;
}

/** `untrusted` of what is at `path` itself (a symlink there is judged as the link, not followed); undefined when absent. */
export function untrustedPath(path: string, what: string): string | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return undefined; // absent: nothing to trust yet
  }
  return untrusted(stats, what);
}

/** `untrusted` of an open file. */
export function untrustedFd(fd: number, what: string): string | undefined {
  return untrusted(fstatSync(fd), what);
}

/**
 * Flags to create a file that is new and is not reached through a symlink: an existing file or a link at
 * the path fails (EEXIST) rather than being written through.
 */
export const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Flags to read a file but not through a symlink at its own name (ELOOP). */
export const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** The advice that ends every refusal of a file the server cannot trust. */
export const TRUST_ADVICE =
  "make the folder and its files owned by the server's user and writable by it alone (chmod 700 FOLDER; chmod 600 FILES), or point DB_PATH elsewhere";
