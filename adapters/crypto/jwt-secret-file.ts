import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const MIN_SECRET_LENGTH = 32;

/**
 * The signing secret used when JWT_SECRET is unset: made once, kept in `jwt-secret` beside the store
 * (mode 0600), so tokens stay valid across restarts.
 */
export function loadOrCreateSecretFile(dbPath: string): string {
  const path = join(dirname(dbPath), 'jwt-secret');
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, randomBytes(48).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new Error(`Cannot create the JWT secret file ${path}: ${(error as Error).message}`, { cause: error });
  }
  const secret = readFileSync(path, 'utf8').trim();
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
