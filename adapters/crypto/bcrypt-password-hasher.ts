import { hash, verify } from '@node-rs/bcrypt';
import type { PasswordHasher } from '../../application/tasks/ports.ts';

/** bcrypt on libuv's thread pool. The domain already refuses passwords over 72 bytes; this refuses them too. */
export class BcryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost = 10) {}

  hash(password: string): Promise<string> {
    return hash(password, { cost: this.cost, rejectLongPasswords: true });
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return verify(password, passwordHash);
  }
}
