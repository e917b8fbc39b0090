import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CREATE_NEW, READ_NO_FOLLOW, TRUST_ADVICE, untrustedFd, untrustedPath } from '../shared/file-trust.ts';

export const MIN_SECRET_LENGTH = 32;

/**
 * The signing secret used when JWT_SECRET is unset: made once, kept in `jwt-secret` beside the store
 * (mode 0600), so tokens stay valid across restarts. Whoever can write that file can forge a token for
 * any account, so it is trusted only as ssh trusts a key: in a folder, and as a file, that nobody but the
 * server's user (or root) owns or can write. It is created new (O_EXCL) and read without following a
 * symlink at its name.
 */
export function loadOrCreateSecretFile(dbPath: string): string {
  const folder = dirname(dbPath);
  const path = join(folder, 'jwt-secret');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const folderProblem = untrustedPath(folder, `the folder ${folder} of jwt-secret`);
  if (folderProblem) throw new Error(`Refusing to trust ${path}: ${folderProblem}; ${TRUST_ADVICE}.`);
  try {
    const fd = openSync(path, CREATE_NEW, 0o600);
    try {
      writeSync(fd, randomBytes(48).toString('base64url') + '\n');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new Error(`Cannot create the JWT secret file ${path}: ${(error as Error).message}`, { cause: error });
  }
  let fd: number;
  try {
    fd = openSync(path, READ_NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') {
      throw new Error(`Refusing to trust ${path}: it is a symbolic link; ${TRUST_ADVICE}.`, { cause: error });
    }
    throw new Error(`Cannot read the JWT secret file ${path}: ${(error as Error).message}`, { cause: error });
  }
  let secret: string;
  try {
    const problem = untrustedFd(fd, path);
    if (problem) throw new Error(`Refusing to trust ${path}: ${problem}; ${TRUST_ADVICE}.`);
    secret = readFileSync(fd, 'utf8').trim();
  } finally {
    closeSync(fd);
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The JWT secret file ${path} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it to have a new one made.`,
    );
  }
  return secret;
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
