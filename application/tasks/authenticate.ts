import { Unauthorized } from '../../domain/tasks/errors.ts';
import type { User } from '../../domain/tasks/user.ts';
import type { TokenService, UserRepository } from './ports.ts';

/** Turns a bearer token into its user; every failure is the same Unauthorized. */
export class Authenticate {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
  ) {}

  async execute(token: string): Promise<User> {
    const userId = await this.tokens.verify(token);
    if (userId === null) throw new Unauthorized('The token is invalid or has expired.');
    const user = await this.users.findById(userId);
    if (!user) throw new Unauthorized('The token belongs to an account that no longer exists.');
    return user;
  }
}
