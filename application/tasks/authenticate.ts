import { Unauthorized } from '../../domain/tasks/errors.ts';
import type { User } from '../../domain/tasks/user.ts';
import type { TokenService, UserRepository } from './ports.ts';

const INVALID_TOKEN = 'The token is invalid or has expired.';

/** Turns a bearer token into its user; every failure is the same Unauthorized. */
export class Authenticate {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
  ) {}

  async execute(token: string): Promise<User> {
    const userId = await this.tokens.verify(token);
    // One message for every failure, a deleted account's token included: a 401 should not tell a token
    // holder which accounts exist.
    const user = userId === null ? undefined : await this.users.findById(userId);
    if (!user) throw new Unauthorized(INVALID_TOKEN);
    return user;
  }
}
