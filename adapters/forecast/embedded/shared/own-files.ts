// Whether a file or folder is trusted as this user's own, by its stats: the predicates the model's data cache
// (model-cache.ts) and the code cache (bootstrap/entry/kept-script.ts) both judge their folders and files by.
// Where there are no user ids (Windows, the browser build), owners and modes say nothing and everything passes.
import type { Stats } from 'node:fs';

/** This process's user id, or undefined where there are none. */
export const thisUser = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Whether a file or folder is this user's. */
export function ownedByThisUser(stats: Stats): boolean {
  const uid = thisUser();
  return uid === undefined || stats.uid === uid;
}

/** Whether a file or folder is this user's and no one else may write to it. */
export function thisUsersAlone(stats: Stats): boolean {
  return thisUser() === undefined || (stats.uid === thisUser() && (stats.mode & 0o022) === 0);
}
