import { InvalidCredentials } from '../../domain/tasks/errors.ts';
import { assertLoginFields } from '../../domain/tasks/invariants.ts';
import { toPublicUser } from '../../domain/tasks/user.ts';
import { findAccount } from './find-account.ts';
import type { PasswordHasher, TokenService, UserRepository } from './ports.ts';
import type { Session } from './sign-up.ts';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
}

export class Login {
  /** Verified against when the email is unknown, so both failures cost one hash verification. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
  ) {
    this.dummyHash = hasher.hash('taskcast-timing-equaliser');
  }

  async execute(input: LoginInput): Promise<Session> {
    assertLoginFields(input);
    const user = await findAccount(this.users, input.email);
    const password = input.password;
    const matches = await this.hasher.verify(password, user?.passwordHash ?? (await this.dummyHash));
    if (!user || !matches) throw new InvalidCredentials();
    return { token: await this.tokens.issue(user.id), user: toPublicUser(user) };
  }
}
