/** A stored account. `passwordHash` never leaves the application layer: see `toPublicUser`. */
export interface User {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
}

export interface PublicUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, name: user.name, email: user.email };
}
