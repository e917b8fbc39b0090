import { Conflict } from '../../domain/tasks/errors.ts';
import { assertAccountFields } from '../../domain/tasks/invariants.ts';
import { normaliseEmail } from '../../domain/tasks/rules.ts';
import { toPublicUser, type PublicUser } from '../../domain/tasks/user.ts';
import { findAccount } from './find-account.ts';
import type { IdGenerator, PasswordHasher, TokenService, UserRepository } from './ports.ts';

export interface SignUpInput {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export interface Session {
  readonly token: string;
  readonly user: PublicUser;
}

export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: SignUpInput): Promise<Session> {
    const email = typeof input.email === 'string' ? normaliseEmail(input.email) : input.email;
    assertAccountFields({ name: input.name, email, password: input.password });
    // Cheap pre-check so a duplicate does not pay for a bcrypt hash; the atomic add below is what decides
    // between new accounts. It also finds an account stored before emails were NFC (see findAccount): no new
    // one is stored in that form, so the pre-check alone settles those.
    if (await findAccount(this.users, input.email)) throw new Conflict();
    const user = {
      id: this.ids.newId(),
      name: input.name,
      email,
      passwordHash: await this.hasher.hash(input.password),
    };
    if (!(await this.users.addIfEmailFree(user))) throw new Conflict();
    return { token: await this.tokens.issue(user.id), user: toPublicUser(user) };
  }
}
