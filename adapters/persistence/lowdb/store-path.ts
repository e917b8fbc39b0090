import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TRUST_ADVICE, untrustedPath } from '../../shared/file-trust.ts';
import { StoreOpenError } from './store-open-error.ts';

/**
 * The one name of the store file, whatever name DB_PATH gives it. The lock, the journal and the temp file
 * are named after the store's path, so two names for one file would let two servers open it, each with a
 * lock and a journal of its own (both then accepted a sign-up for one email). A symlink, of the file or of
 * a folder on the way, is resolved to the file it names; a hard link cannot be resolved (no name is the
 * first), so a store file with more than one link is refused: no second name can open it, and neither can
 * the first while another exists. The server itself never makes one: it replaces the file by rename.
 */
export function canonicalStorePath(dbPath: string): string {
  let folder: string;
  try {
    folder = realpathSync(dirname(dbPath));
  } catch (error) {
    throw new StoreOpenError(`Cannot resolve the folder of the store ${dbPath}: ${(error as Error).message}`);
  }
  let path = join(folder, basename(dbPath));
  const link = lstatOrUndefined(path);
  if (link?.isSymbolicLink()) {
    try {
      path = realpathSync(path);
    } catch (error) {
      throw new StoreOpenError(
        `DB_PATH ${dbPath} is a symbolic link to nothing (${(error as Error).message}); point it at the store file, or remove it.`,
      );
    }
  }
  const file = statOrUndefined(path);
  if (file !== undefined && file.isFile() && file.nlink > 1) {
    throw new StoreOpenError(
      `The store ${path} has ${file.nlink} names (hard links): a server started on another of them would open the same file under its own lock; it was left untouched. Remove the other names (find ${folder} -samefile ${path}, and wherever else it may be on that file system) or make a copy instead.`,
    );
  }
  return path;
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a store whose folder or files someone else could have written (see `untrusted`): another local
 * user able to write the folder could plant a store of their own, or a symlink where the server writes.
 */
export function refuseUntrustedFiles(dbPath: string): void {
  const folder = dirname(dbPath);
  const checks: Array<[string, string]> = [
    [folder, `the store's folder ${folder}`],
    [dbPath, `the store ${dbPath}`],
    [`${dbPath}.journal`, `the journal ${dbPath}.journal`],
    [`${dbPath}.journal.compacting`, `the journal ${dbPath}.journal.compacting`],
  ];
  for (const [path, what] of checks) {
    const problem = untrustedPath(path, what);
    if (problem) throw new StoreOpenError(`Refusing to open the store ${dbPath}: ${problem}; ${TRUST_ADVICE}.`);
  }
}
