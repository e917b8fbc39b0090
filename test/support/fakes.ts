import type { Clock, IdGenerator, PasswordHasher, TokenService } from '../../application/tasks/ports.ts';

/** A clock that stands still until told to move. */
export class FixedClock implements Clock {
  constructor(private at = new Date('2026-03-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** UUID v4-shaped ids in sequence, so tests can predict them. */
export class SequentialIds implements IdGenerator {
  private n = 0;
  newId(): string {
    this.n++;
    return `00000000-0000-4000-8000-${this.n.toString(16).padStart(12, '0')}`;
  }
}

/** Reversible and instant; counts verifications so timing-equalisation can be checked. */
export class PlainHasher implements PasswordHasher {
  verifications = 0;
  async hash(password: string): Promise<string> {
    return `plain:${password}`;
  }
  async verify(password: string, hash: string): Promise<boolean> {
    this.verifications++;
    return hash === `plain:${password}`;
  }
}

/** Tokens that are just the user id, with a revocation list to simulate expiry. */
export class PlainTokens implements TokenService {
  readonly expired = new Set<string>();
  async issue(userId: string): Promise<string> {
    return `token-for:${userId}`;
  }
  async verify(token: string): Promise<string | null> {
    if (!token.startsWith('token-for:') || this.expired.has(token)) return null;
    return token.slice('token-for:'.length);
  }
}
